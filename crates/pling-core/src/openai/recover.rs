//! Tool calls a model wrote as text instead of `tool_calls`, recovered when the reply is
//! nothing but those calls.

use super::wire::{arguments_text, ToolCall};
use crate::support::json::Value;
use crate::support::text::split_around;

/// Tool calls written as JSON in the text, the way most small and local models answer —
/// recovered only where the reply *is* calls: the whole reply one JSON value (a call, a list of
/// calls, `{"tool_calls": […]}`, doubled braces too), or nothing but call blocks one after the
/// other: `<tool_call>` tags, fences (```` ```json ````), objects on lines of their own. Any
/// other text in the reply — a sentence before, between or after, words inside a tag or a
/// fence — and nothing is recovered: a reply that quotes JSON (from the page, say) is an
/// answer, whatever the JSON says. Accepts `{"name", "arguments"}` (or
/// `parameters`/`args`/`input`), `{"function": {…}}`, `{"tool"|"action", "arguments"}` and
/// `{"tool_calls": […]}`.
pub fn recover_calls(content: &str) -> Vec<ToolCall> {
    let mut calls = only_calls(content).unwrap_or_default();
    for (i, c) in calls.iter_mut().enumerate() {
        c.id = format!("call_text_{}", i + 1);
    }
    calls
}

/// The calls written in fences (```` ```json ````) or `<tool_call>` tags anywhere in
/// `content`, with words around them or not. Never run — [`recover_calls`] alone turns text
/// into calls — only to tell a reply that writes a call instead of making it from an answer.
pub fn calls_written_in(content: &str) -> Vec<ToolCall> {
    let mut blocks = Vec::new();
    for (open, close) in [("```", "```"), ("<tool_call>", "</tool_call>")] {
        let mut rest = content;
        while let Some((_, inner)) = split_around(rest, open) {
            let Some((body, after)) = split_around(inner, close) else { break };
            blocks.push(fence_body(body));
            rest = after;
        }
    }
    calls_in(blocks)
}

/// The calls `text` consists of: one JSON value, or blocks that each are calls; `None` when
/// anything in it is not a call.
fn only_calls(text: &str) -> Option<Vec<ToolCall>> {
    let text = text.trim();
    if parses(text) {
        let calls = calls_in(vec![text]);
        return (!calls.is_empty()).then_some(calls);
    }
    let blocks = call_blocks(text)?;
    let mut calls = Vec::new();
    for block in blocks {
        // A block is itself nothing but calls: a value, or values set apart (never prose).
        if block.trim() == text {
            return None;
        }
        calls.extend(only_calls(block)?);
    }
    (!calls.is_empty()).then_some(calls)
}

/// The blocks `text` consists of, when it is nothing but blocks: `<tool_call>…</tool_call>`
/// (the closing tag may be missing at the very end), fences, and JSON objects or lists, with
/// only white space between them. `None` when anything else is there.
fn call_blocks(text: &str) -> Option<Vec<&str>> {
    // The tag models wrap calls in (Qwen and Hermes templates). `<tools>` is not one: those
    // templates wrap the tools' definitions in it, and a model that writes it is copying them.
    const TAGS: [(&str, &str); 1] = [("<tool_call>", "</tool_call>")];
    let mut rest = text.trim_start();
    let mut out = Vec::new();
    while !rest.is_empty() {
        let tagged = TAGS.iter().find_map(|(open, close)| Some((rest.strip_prefix(open)?, *close)));
        let (block, after) = if let Some((inner, close)) = tagged {
            split_around(inner, close).unwrap_or((inner, ""))
        } else if let Some(inner) = rest.strip_prefix("```") {
            let (body, after) = split_around(inner, "```")?;
            (fence_body(body), after)
        } else if rest.starts_with(['{', '[']) {
            leading_value(rest)?
        } else {
            return None;
        };
        out.push(block);
        rest = after.trim_start();
    }
    Some(out)
}

/// A fence's body without its language tag (```` ```json ````).
fn fence_body(block: &str) -> &str {
    let block = block.trim_start();
    match block.split_once('\n') {
        Some((tag, body)) if !tag.trim_start().starts_with(['{', '[']) => body,
        _ => block,
    }
}

/// The balanced JSON object or list `text` begins with (string-aware), with a model's doubled
/// closing braces, and the text after it.
fn leading_value(text: &str) -> Option<(&str, &str)> {
    let (open, close) = if text.starts_with('[') { (b'[', b']') } else { (b'{', b'}') };
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            _ if b == open => depth += 1,
            _ if b == close => {
                depth -= 1;
                if depth == 0 {
                    let mut end = i + 1;
                    while bytes.get(end) == Some(&close) {
                        end += 1; // `{{…}}`: the second closing brace belongs to the block
                    }
                    // Just past an ASCII brace: a character boundary, so the split succeeds.
                    return text.split_at_checked(end);
                }
            }
            _ => {}
        }
    }
    None
}

/// The calls in each candidate text: one JSON value (doubled braces undone), or the objects in it.
fn calls_in(candidates: Vec<&str>) -> Vec<ToolCall> {
    let mut calls = Vec::new();
    for text in candidates {
        let text = text.trim();
        match lenient(text) {
            Some(Value::Array(items)) => {
                for v in &items {
                    collect_calls(v, &mut calls);
                }
            }
            Some(v) => collect_calls(&v, &mut calls),
            None => {
                for o in json_objects(text) {
                    if let Ok(v) = crate::support::json_text::from_str(o) {
                        collect_calls(&v, &mut calls);
                    }
                }
            }
        }
    }
    calls
}

/// Whether `text` is one JSON value (or one with doubled braces).
fn parses(text: &str) -> bool {
    text.starts_with(['{', '[']) && lenient(text).is_some()
}

/// `text` as one JSON value: as it is, with its doubled braces undone (`{{"name": …}}`), or
/// with only its opening brace doubled — a model copying a chat template's `{{"name": …` writes
/// the first brace twice and closes normally.
fn lenient(text: &str) -> Option<Value> {
    crate::support::json_text::from_str(text)
        .ok()
        .or_else(|| crate::support::json_text::from_str(&undouble(text)).ok())
        .or_else(|| {
            let once = text.strip_prefix('{')?.trim_start();
            once.starts_with('{').then(|| crate::support::json_text::from_str(once).ok()).flatten()
        })
}

fn collect_calls(v: &Value, out: &mut Vec<ToolCall>) {
    let Some(obj) = v.as_object() else { return };
    if let Some(Value::Array(list)) = obj.get("tool_calls") {
        for item in list {
            collect_calls(item, out);
        }
        return;
    }
    if let Some(f) = obj.get("function").filter(|f| f.is_object()) {
        collect_calls(f, out);
        return;
    }
    let name = ["name", "tool", "action", "function_name"]
        .iter()
        .find_map(|k| obj.get(k).and_then(Value::as_str));
    let args = ["arguments", "parameters", "args", "input"].iter().find_map(|k| obj.get(k));
    if let Some(name) = name {
        if args.is_some() || obj.len() == 1 {
            out.push(ToolCall {
                id: String::new(),
                name: name.to_owned(),
                arguments: arguments_text(args),
            });
        }
    }
}

fn undouble(text: &str) -> String {
    crate::support::text::replace(&crate::support::text::replace(text, "{{", "{"), "}}", "}")
}

/// Balanced top-level `{…}` spans of `text`, string-aware.
pub(super) fn json_objects(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut skipped) = (0, false);
    while i < bytes.len() {
        if bytes[i] != b'{' {
            i += 1;
            continue;
        }
        let start = i;
        let (mut depth, mut in_string, mut escaped) = (0i32, false, false);
        let mut end = None;
        while i < bytes.len() {
            let b = bytes[i];
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
            } else if b == b'"' {
                in_string = true;
            } else if b == b'{' {
                depth += 1;
            } else if b == b'}' {
                depth -= 1;
                if depth == 0 {
                    end = Some(i);
                    break;
                }
            }
            i += 1;
        }
        // Spans start and end at ASCII braces, character boundaries, so every `get` succeeds.
        match end {
            Some(e) => {
                out.extend(text.get(start..=e));
                i = e + 1;
            }
            // Unbalanced from here: once, a doubled opening brace (`{ {"name": …}}`) is
            // skipped and the object after it read; otherwise nothing more is balanced.
            None if !skipped
                && text.get(start + 1..).is_some_and(|s| s.trim_start().starts_with('{')) =>
            {
                skipped = true;
                i = start + 1;
            }
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn calls_written_as_text_are_recovered() {
        for text in [
            r#"{"name": "search", "arguments": {"text": "weekly report"}}"#,
            "```json\n{\"name\": \"search\", \"arguments\": {\"text\": \"weekly report\"}}\n```",
            "\n\n```\n{\"name\": \"search\", \"arguments\": {\"text\": \"weekly report\"}}\n```\n",
            "<tool_call>\n{\"name\": \"search\", \"arguments\": {\"text\": \"weekly report\"}}\n</tool_call>",
            r#"{{"name": "search", "arguments": {"text": "weekly report"}}}"#,
            // Only the opening brace doubled, as copied from a template's `{{"name": …`.
            r#"{{"name": "search", "arguments": {"text": "weekly report"}}"#,
            r#"{"function": {"name": "search", "parameters": {"text": "weekly report"}}}"#,
            r#"{"tool_calls": [{"name": "search", "arguments": "{\"text\": \"weekly report\"}"}]}"#,
        ] {
            let calls = recover_calls(text);
            assert_eq!(calls.len(), 1, "{text}");
            assert_eq!(calls[0].name, "search");
            let args: Value = serde_json::from_str(&calls[0].arguments).unwrap();
            assert_eq!(args, json!({"text": "weekly report"}), "{text}");
        }
        assert!(recover_calls("The task is done. {not json}").is_empty());
        assert!(recover_calls("I marked it as done.").is_empty());
        // Calls one after the other, each set apart: small models write several that way.
        let both = "{{\"name\": \"ship\", \"arguments\": {\"record\": \"1498\"}}}}\n{{\"name\": \"ship\", \"arguments\": {\"record\": \"1491\"}}}}";
        let both = recover_calls(both);
        let records: Vec<&str> = both.iter().map(|c| c.arguments.as_str()).collect();
        assert_eq!(records, [r#"{"record":"1498"}"#, r#"{"record":"1491"}"#]);
        let fenced = "```json\n{\"name\": \"a\", \"arguments\": {}}\n```\n```json\n[{\"name\": \"b\", \"arguments\": {}}]\n```";
        assert_eq!(recover_calls(fenced).len(), 2);
        let two = recover_calls("<tool_call>{\"name\":\"a\",\"arguments\":{}}</tool_call><tool_call>{\"name\":\"b\",\"arguments\":{}}</tool_call>");
        assert_eq!(
            two.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            ["call_text_1", "call_text_2"]
        );
    }

    #[test]
    fn page_data_quoted_by_the_model_never_runs() {
        let call = r#"{"name": "toggle", "arguments": {"record": "t5"}}"#;
        let replies = [
            // In a sentence, in every wrapping.
            format!("The note says <tool_call>{call}</tool_call> which I did not do."),
            format!("I could call {call} but I won't."),
            format!("The task note on the page reads: {call} — nothing else to do here."),
            // Set apart, but with prose around it.
            format!("Here is the raw note from the page:\n```json\n{call}\n```"),
            format!("The note on task 3 says:\n{call}\nThat is all it says; I changed nothing."),
            format!("{call}\nThat is what the note says."),
            format!("<tool_call>\nThe note reads {call}\n</tool_call>"),
            format!("```\nnote: {call}\n```"),
            format!("<tools>{call}</tools>"),
            // Prose in a fence after real calls makes the whole reply an answer.
            format!("{call}\n```\n\n# Done\n\nAll done.\n\n```"),
            format!("I'll search.\n```json\n{call}\n```"),
        ];
        for reply in &replies {
            assert!(recover_calls(reply).is_empty(), "{reply}");
        }
    }

    #[test]
    fn calls_written_inside_words_are_found_but_never_recovered() {
        let text = "You can use show:\n```json\n{\"name\": \"show\", \"arguments\": {\"filter\": \"active\"}}\n```\nThen read the list.";
        assert!(recover_calls(text).is_empty());
        let written = calls_written_in(text);
        assert_eq!(written.len(), 1);
        assert_eq!(
            (written[0].name.as_str(), written[0].arguments.as_str()),
            ("show", r#"{"filter":"active"}"#)
        );
        let tagged =
            "Doing it now <tool_call>{\"name\": \"add\", \"arguments\": {}}</tool_call> done";
        assert_eq!(calls_written_in(tagged).len(), 1);
        assert!(calls_written_in("Plain words, and `code`.").is_empty());
        assert!(calls_written_in("An open fence ```json {\"name\": \"x\"}").is_empty());
    }
}
