//! Tool calls as structured output, for servers without `tool_calls`: the response format,
//! the one-line instructions for each action and the reply read back into calls.

use super::recover::json_objects;
use super::wire::{arguments_text, FinishReason, Reply, ToolCall};
use crate::support::json::Value;
use crate::support::json_text::object;
use crate::support::list::Listed;
use crate::support::text::Joined;
use std::fmt::Write as _;

/// The most calls one structured reply may carry when the request names no bound: the
/// agent's own bound ([`crate::agent::DEFAULT_MAX_CALLS_PER_REPLY`]).
pub const MAX_STRUCTURED_CALLS: usize = crate::agent::DEFAULT_MAX_CALLS_PER_REPLY;

/// The structured-output reply format for the available tools. A reply decides its step
/// first — `{"step": "answer", "answer": …}` or `{"step": "call", "calls": [{"action": …,
/// "arguments": …}, …]}` — so a model that has nothing left to do is never forced to pick an
/// action by the grammar before it has said whether it calls one, and the calls of a parallel
/// move travel in one reply, as native `tool_calls` do. Each call names one action whose
/// `arguments` follow that action's own parameters (names, types, enums), so a constrained
/// reply can only name an action that exists, with arguments it takes; `max_calls` bounds the
/// list (at least one).
pub fn structured_format(tools: &[Value], max_calls: usize) -> Value {
    let answer = object([
        ("step", object([("const", "answer".into())])),
        ("answer", object([("type", "string".into())])),
    ]);
    let calls: Vec<Value> = tools
        .iter()
        .filter_map(|t| {
            let f = &t["function"];
            let name = f["name"].as_str()?;
            let parameters = match &f["parameters"] {
                Value::Null => crate::render::empty_parameters(),
                p => shape_only(p),
            };
            Some(branch(object([
                ("action", object([("const", name.into())])),
                ("arguments", parameters),
            ])))
        })
        .collect();
    let mut branches = vec![branch(answer)];
    if !calls.is_empty() {
        let list = object([
            ("type", "array".into()),
            ("items", object([("anyOf", Value::Array(calls))])),
            ("minItems", 1.into()),
            ("maxItems", max_calls.max(1).into()),
        ]);
        branches
            .push(branch(object([("step", object([("const", "call".into())])), ("calls", list)])));
    }
    let schema = object([("anyOf", Value::Array(branches))]);
    let format =
        object([("name", "pling_step".into()), ("strict", false.into()), ("schema", schema)]);
    object([("type", "json_schema".into()), ("json_schema", format)])
}

/// Schema keywords that check a value rather than its shape.
const VALUE_CHECKS: [&str; 9] = [
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "multipleOf",
];

/// An action's parameters as the structured reply is held to them: their names, types, enums
/// and which are required, without the checks on values ([`VALUE_CHECKS`]). A value the
/// person gave that the page would reject — a reference in another form, a day before the
/// first bookable one — is then written as they gave it, and the page's own validation answers
/// it as feedback, instead of the grammar turning it into a value nobody gave. The tool
/// schemas keep every check (structured mode sends none: the model reads each action's
/// argument names and types in [`structured_instructions`]).
fn shape_only(schema: &Value) -> Value {
    let Some(members) = schema.as_object() else { return schema.clone() };
    members
        .iter()
        .filter(|(key, _)| !VALUE_CHECKS.contains(&key.as_str()))
        .map(|(key, value)| {
            let value = match (key.as_str(), value) {
                // Parameter names, each with its own schema.
                ("properties", Value::Object(props)) => {
                    Value::Object(props.iter().map(|(k, v)| (k.clone(), shape_only(v))).collect())
                }
                ("items", v) => shape_only(v),
                ("anyOf" | "oneOf" | "allOf", Value::Array(list)) => {
                    Value::Array(list.iter().map(shape_only).collect())
                }
                (_, v) => v.clone(),
            };
            (key.clone(), value)
        })
        .collect::<crate::support::json::Map>()
        .into()
}

/// A branch of the structured format: an object of `properties`, every one required, written
/// in the order given.
fn branch(properties: Value) -> Value {
    let required = properties
        .as_object()
        .map(|m| m.iter().map(|(k, _)| Value::from(k.as_str())).collect())
        .unwrap_or_default();
    object([
        ("type", "object".into()),
        ("properties", properties),
        ("required", Value::Array(required)),
    ])
}

/// Instructions appended to the system message in structured mode. No `tools` field carries
/// the parameters, so each action's are listed in one short line: `- search(text: string)`,
/// `- filter(value: "all" | "open")`, an optional one with `?`.
pub fn structured_instructions(tools: &[Value]) -> String {
    let mut out = String::from("\n\n## How to reply\nReply with one JSON object only. To call actions: {\"step\": \"call\", \"calls\": [{\"action\": \"<name>\", \"arguments\": {…}}]}. List every call you can make now, in order; a call that needs another's result waits for your next reply. When you are done, or need to ask the user: {\"step\": \"answer\", \"answer\": \"<your message>\"}.\nArguments of each action:\n");
    for t in tools {
        let f = &t["function"];
        out.push_str(&format!(
            "- {}({})\n",
            f["name"].as_str().unwrap_or(""),
            signature(&f["parameters"])
        ));
    }
    out.pop();
    out
}

/// `text: string, limit?: integer` from a parameters schema.
fn signature(parameters: &Value) -> String {
    let Some(props) = parameters["properties"].as_object() else { return String::new() };
    let required = parameters["required"].as_array().map_or(&[][..], Vec::as_slice);
    let mut out = Vec::new();
    for (name, schema) in props {
        let optional = if required.iter().any(|r| r == name.as_str()) { "" } else { "?" };
        out.push(format!("{name}{optional}: {}", type_words(schema)));
    }
    out.joined(", ")
}

/// A schema's type in a few words: its enum values (up to 8), or its type name.
fn type_words(schema: &Value) -> String {
    if let Some(values) = schema["enum"].as_array() {
        let mut shown = crate::support::json_text::texts(&values[..values.len().min(8)], " | ");
        if values.len() > 8 {
            let _ = write!(shown, " | … {} more", values.len() - 8);
        }
        return shown;
    }
    match &schema["type"] {
        Value::String(t) => t.clone(),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).listed().joined(" | "),
        _ => "any".to_owned(),
    }
}

/// Reads a structured-mode reply into calls or an answer: by its `step` (`"answer"` or
/// `"call"` with its `calls`), or, in a reply without a list, by an `action` that is
/// `"answer"` or an action name (the one-call form of earlier replies).
pub fn parse_structured(content: &str) -> Option<Reply> {
    let v: Value = crate::support::json_text::from_str(content.trim()).ok().or_else(|| {
        json_objects(content).first().and_then(|o| crate::support::json_text::from_str(o).ok())
    })?;
    let answers = match v.get("step").and_then(Value::as_str) {
        Some(step) => step == "answer",
        None => v.get("action").and_then(Value::as_str)? == "answer",
    };
    if answers {
        return Some(Reply {
            content: Some(v.get("answer").and_then(Value::as_str).unwrap_or("").to_owned()),
            tool_calls: vec![],
            finish_reason: FinishReason::Stop,
            usage: None,
            recovered: true,
        });
    }
    let listed = match v.get("calls") {
        Some(Value::Array(calls)) => calls.iter().collect(),
        _ => vec![&v],
    };
    let tool_calls: Vec<ToolCall> = listed
        .into_iter()
        .enumerate()
        .map(|(i, call)| {
            Some(ToolCall {
                id: format!("call_json_{}", i + 1),
                name: call.get("action")?.as_str()?.to_owned(),
                arguments: arguments_text(call.get("arguments")),
            })
        })
        .collect::<Option<_>>()?;
    if tool_calls.is_empty() {
        return None;
    }
    Some(Reply {
        content: None,
        tool_calls,
        finish_reason: FinishReason::ToolCalls,
        usage: None,
        recovered: true,
    })
}

/// The answer of a structured reply that stopped before its end (the output limit, a dropped
/// stream): `{"step": "answer", "answer": "I moved th` reads as `I moved th`, so the person
/// reads the model's words rather than the reply's JSON; so does the one-call form of earlier
/// replies, `{"action": "answer", "answer": …`, read as [`parse_structured`] reads it whole.
/// `None` when the text is no such reply.
pub fn cut_answer(content: &str) -> Option<String> {
    let text = content.trim_start();
    let step = key_value(text, "step").or_else(|| key_value(text, "action"))?;
    if !text.starts_with('{') || !step.starts_with("\"answer\"") {
        return None;
    }
    let value = key_value(text, "answer")?;
    let body = value.strip_prefix('"')?;
    // The string as far as it goes: up to its closing quote, or to the end, less an escape
    // the cut left unfinished.
    let mut end = body.len();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                end = i;
                break;
            }
            '\\' if chars.next().is_none() => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let mut kept = &body[..end];
    while let Some(at) = kept.rfind("\\u").filter(|&at| kept.len() - at < 6) {
        kept = &kept[..at];
    }
    let quoted = format!("\"{kept}\"");
    let answer = crate::support::json_text::from_str(&quoted).ok()?;
    answer.as_str().map(str::to_owned)
}

/// The text right after `"key":` in `text` (the first place `key` is written as a key).
fn key_value<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let quoted = format!("\"{key}\"");
    let mut from = 0;
    while let Some(at) = text[from..].find(&quoted) {
        let after = text[from + at + quoted.len()..].trim_start();
        if let Some(value) = after.strip_prefix(':') {
            return Some(value.trim_start());
        }
        from += at + quoted.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    fn calls_of(format: &Value) -> &Value {
        &format["json_schema"]["schema"]["anyOf"][1]["properties"]["calls"]
    }

    #[test]
    fn a_structured_reply_is_held_to_the_arguments_shape_not_to_checks_on_values() {
        // A form's fields: names, types, enums and `required` hold the reply; a pattern, a
        // format or a range is the page's to check, so the person's value is written as given.
        let tools =
            vec![json!({"type": "function", "function": {"name": "send_email", "parameters": {
                "type": "object",
                "properties": {
                    "to": {"type": "string", "format": "email", "description": "To"},
                    "ref": {"type": "string", "pattern": "^(?:[A-Z]{2}-[0-9]{4})$", "maxLength": 7},
                    "guests": {"type": "integer", "minimum": 1, "maximum": 12},
                    "priority": {"type": "string", "enum": ["normal", "high"]},
                    "pattern": {"type": "string", "minLength": 2},
                    "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}}
                },
                "required": ["to"],
                "additionalProperties": false
            }}})];
        let format = structured_format(&tools, 3);
        let arguments = &calls_of(&format)["items"]["anyOf"][0]["properties"]["arguments"];
        assert_eq!(
            arguments,
            &json!({
                "type": "object",
                "properties": {
                    "to": {"type": "string", "description": "To"},
                    "ref": {"type": "string"},
                    "guests": {"type": "integer"},
                    "priority": {"type": "string", "enum": ["normal", "high"]},
                    "pattern": {"type": "string"},
                    "tags": {"type": "array", "items": {"type": "string"}}
                },
                "required": ["to"],
                "additionalProperties": false
            })
        );
        // The tool schemas themselves are not touched.
        assert_eq!(tools[0]["function"]["parameters"]["properties"]["ref"]["maxLength"], json!(7));
    }

    #[test]
    fn a_cut_structured_answer_reads_as_its_words() {
        let cut = r#"{"step": "answer", "answer": "Zam\u00f3wienie 1476 jest \"wys\u01"#;
        assert_eq!(cut_answer(cut).as_deref(), Some("Zamówienie 1476 jest \"wys"));
        let escape_cut = r#"{"step":"answer","answer":"line one\nline two\"#;
        assert_eq!(cut_answer(escape_cut).as_deref(), Some("line one\nline two"));
        let whole = r#"{"step":"answer","answer":"Done."} and more"#;
        assert_eq!(cut_answer(whole).as_deref(), Some("Done."));
        assert_eq!(cut_answer(r#"{"step":"call","calls":[{"action":"search""#), None);
        let call = r#"{"step":"call","calls":[{"action":"reply","arguments":{"answer":"Dear"#;
        assert_eq!(cut_answer(call), None, "a call's argument is not the answer");
        assert_eq!(cut_answer("The answer is plain text."), None);
        // The one-call form of earlier replies, cut the same way.
        let legacy = r#"{"action": "answer", "answer": "I moved th"#;
        assert_eq!(cut_answer(legacy).as_deref(), Some("I moved th"));
        let legacy_call = r#"{"action":"reply","arguments":{"answer":"Dear"#;
        assert_eq!(cut_answer(legacy_call), None, "a call's argument is not the answer");
    }

    #[test]
    fn structured_instructions_are_one_short_line_an_action() {
        let tools = vec![
            json!({"type": "function", "function": {"name": "filter", "parameters": {"type": "object", "properties": {"value": {"type": "string", "enum": ["all", "open"]}, "limit": {"type": "integer"}}, "required": ["value"]}}}),
            json!({"type": "function", "function": {"name": "next_page", "parameters": {"type": "object", "properties": {}}}}),
        ];
        let text = structured_instructions(&tools);
        assert!(
            text.ends_with("- filter(value: \"all\" | \"open\", limit?: integer)\n- next_page()"),
            "{text}"
        );
        let schema = structured_format(&tools, 8);
        let first = &calls_of(&schema)["items"]["anyOf"][0];
        assert_eq!(
            first["properties"]["arguments"]["properties"]["value"]["enum"],
            json!(["all", "open"])
        );
        assert_eq!(first["required"], json!(["action", "arguments"]));
        assert_eq!(
            calls_of(&schema)["items"]["anyOf"][1]["properties"]["action"],
            json!({"const": "next_page"})
        );
    }

    #[test]
    fn a_reply_decides_between_answering_and_calling_before_it_names_an_action() {
        let tools = vec![
            json!({"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}}),
        ];
        let format = structured_format(&tools, 3);
        let branches = &format["json_schema"]["schema"]["anyOf"];
        let keys = |b: &Value| -> Vec<String> {
            b["properties"].as_object().unwrap().iter().map(|(k, _)| k.clone()).collect()
        };
        assert_eq!(keys(&branches[0]), ["step", "answer"]);
        assert_eq!(branches[0]["properties"]["step"], json!({"const": "answer"}));
        assert_eq!(keys(&branches[1]), ["step", "calls"]);
        assert_eq!(branches[1]["properties"]["step"], json!({"const": "call"}));
        assert_eq!(branches.as_array().unwrap().len(), 2);
        let calls = calls_of(&format);
        assert_eq!((calls["minItems"].as_u64(), calls["maxItems"].as_u64()), (Some(1), Some(3)));
        assert_eq!(calls["items"]["anyOf"][0]["properties"]["action"], json!({"const": "search"}));
        let text = structured_instructions(&tools);
        assert!(text.contains(r#"{"step": "answer", "answer": "<your message>"}"#), "{text}");
        assert!(text.contains(r#""calls": [{"action": "<name>", "arguments": {…}}]"#), "{text}");
    }

    #[test]
    fn without_actions_the_only_reply_is_an_answer() {
        let format = structured_format(&[], 8);
        let branches = format["json_schema"]["schema"]["anyOf"].as_array().unwrap();
        assert_eq!(branches.len(), 1);
        assert_eq!(branches[0]["properties"]["step"], json!({"const": "answer"}));
    }

    #[test]
    fn replies_are_read_by_their_step() {
        let two = parse_structured(
            r#"{"step":"call","calls":[{"action":"search","arguments":{"text":"x"}},{"action":"next_page","arguments":{}}]}"#,
        )
        .unwrap();
        let names: Vec<&str> = two.tool_calls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["search", "next_page"]);
        assert_eq!(two.tool_calls[0].arguments, r#"{"text":"x"}"#);
        assert_ne!(two.tool_calls[0].id, two.tool_calls[1].id);
        let answer = parse_structured(r#"{"step":"answer","answer":"Done."}"#).unwrap();
        assert_eq!(answer.content.as_deref(), Some("Done."));
        assert!(answer.tool_calls.is_empty());
        // Replies in the one-call form still read.
        let one = parse_structured(r#"{"step":"call","action":"search","arguments":{"text":"x"}}"#)
            .unwrap();
        assert_eq!(one.tool_calls[0].name, "search");
        let legacy = parse_structured(r#"{"action":"answer","answer":"Hi."}"#).unwrap();
        assert_eq!(legacy.content.as_deref(), Some("Hi."));
        assert_eq!(
            parse_structured(r#"{"action":"search"}"#).unwrap().tool_calls[0].name,
            "search"
        );
        // A call without an action, or an empty list, is no reply at all.
        assert!(parse_structured(r#"{"step":"call","arguments":{}}"#).is_none());
        assert!(parse_structured(
            r#"{"step":"call","calls":[{"action":"search"},{"arguments":{}}]}"#
        )
        .is_none());
        assert!(parse_structured(r#"{"step":"call","calls":[]}"#).is_none());
        assert!(parse_structured("no json here").is_none());
    }
}
