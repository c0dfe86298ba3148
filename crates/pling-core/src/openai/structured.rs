//! Tool calls as structured output, for servers without `tool_calls`: the response format,
//! the one-line instructions for each action and the reply read back into calls.

use super::recover::json_objects;
use super::wire::{arguments_text, FinishReason, Reply, ToolCall};
use crate::support::json::Value;
use crate::support::json_text::object;
use crate::support::list::Listed;
use crate::support::text::Joined;
use std::fmt::Write as _;

/// The structured-output reply format for the available tools: one branch per action, whose
/// `arguments` follow that action's own parameters (names, types, enums), and one for the
/// answer — so a constrained reply can only name an action that exists, with arguments it
/// takes.
pub fn structured_format(tools: &[Value]) -> Value {
    let mut branches: Vec<Value> = tools
        .iter()
        .filter_map(|t| {
            let f = &t["function"];
            let name = f["name"].as_str()?;
            let parameters = match &f["parameters"] {
                Value::Null => crate::render::empty_parameters(),
                p => p.clone(),
            };
            Some(branch(name, ("arguments", parameters)))
        })
        .listed();
    branches.push(branch("answer", ("answer", object([("type", "string".into())]))));
    let schema = object([("anyOf", Value::Array(branches))]);
    let format =
        object([("name", "pling_step".into()), ("strict", false.into()), ("schema", schema)]);
    object([("type", "json_schema".into()), ("json_schema", format)])
}

/// A branch of the structured format: `action` is `name`, with its one other member.
fn branch(name: &str, (key, schema): (&str, Value)) -> Value {
    let action = object([("const", name.into())]);
    object([
        ("type", "object".into()),
        ("properties", object([("action", action), (key, schema)])),
        ("required", Value::Array(vec!["action".into(), key.into()])),
    ])
}

/// Instructions appended to the system message in structured mode. No `tools` field carries
/// the parameters, so each action's are listed in one short line: `- search(text: string)`,
/// `- filter(value: "all" | "open")`, an optional one with `?`.
pub fn structured_instructions(tools: &[Value]) -> String {
    let mut out = String::from("\n\n## How to reply\nReply with one JSON object only. To call an action: {\"action\": \"<name>\", \"arguments\": {…}}. When you are done, or need to ask the user: {\"action\": \"answer\", \"answer\": \"<your message>\"}.\nArguments of each action:\n");
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

/// Reads a structured-mode reply into calls or an answer.
pub fn parse_structured(content: &str) -> Option<Reply> {
    let v: Value = crate::support::json_text::from_str(content.trim()).ok().or_else(|| {
        json_objects(content).first().and_then(|o| crate::support::json_text::from_str(o).ok())
    })?;
    let action = v.get("action")?.as_str()?;
    if action == "answer" {
        return Some(Reply {
            content: Some(v.get("answer").and_then(Value::as_str).unwrap_or("").to_owned()),
            tool_calls: vec![],
            finish_reason: FinishReason::Stop,
            usage: None,
            recovered: true,
        });
    }
    Some(Reply {
        content: None,
        tool_calls: vec![ToolCall {
            id: "call_json_1".to_owned(),
            name: action.to_owned(),
            arguments: arguments_text(v.get("arguments")),
        }],
        finish_reason: FinishReason::ToolCalls,
        usage: None,
        recovered: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

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
        let schema = structured_format(&tools);
        let first = &schema["json_schema"]["schema"]["anyOf"][0];
        assert_eq!(
            first["properties"]["arguments"]["properties"]["value"]["enum"],
            json!(["all", "open"])
        );
        assert_eq!(first["required"], json!(["action", "arguments"]));
    }
}
