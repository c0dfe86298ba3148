//! The request body: the messages, the tools and how the model is asked to call them.

use super::structured::{structured_format, structured_instructions};
use super::wire::{wire_messages, Message};
use crate::support::json::{Map, Value};
use crate::support::json_text::object;
use serde::{Deserialize, Serialize};

/// How tool calls travel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ToolMode {
    /// Native `tools`; calls written in the text are recovered too.
    #[default]
    Auto,
    /// Native `tools` only.
    Native,
    /// No `tools` field: a `response_format` JSON schema of the available tools constrains the
    /// reply to `{"action": name | "answer", "arguments": {…}, "answer": "…"}`.
    Structured,
}

impl ToolMode {
    /// The mode as the options write it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Native => "native",
            Self::Structured => "structured",
        }
    }
}

/// What a request body needs besides the conversation. Its defaults are the assistant's: the
/// model name `default` (a proxy that holds the model replaces it), a streamed reply, tool
/// calls as the server's own (`auto`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RequestOptions {
    /// The model name.
    pub model: String,
    /// Stream the reply.
    pub stream: bool,
    /// How tool calls travel.
    pub tool_mode: ToolMode,
    /// Sampling temperature, when set.
    pub temperature: Option<f64>,
    /// The reply's token limit (`reserveForOutput`).
    pub max_tokens: Option<usize>,
    /// In structured mode, the `record` of a row action is one of the rows the page shows
    /// (up to 100, `MAX_RECORD_CHOICES`), so a constrained reply cannot name a row
    /// that is not there.
    pub record_choices: bool,
}

/// The model name sent when the page names none.
pub const DEFAULT_MODEL: &str = "default";

impl Default for RequestOptions {
    fn default() -> Self {
        Self {
            model: DEFAULT_MODEL.to_owned(),
            stream: true,
            tool_mode: ToolMode::default(),
            temperature: None,
            max_tokens: None,
            record_choices: false,
        }
    }
}

/// The request body for `/chat/completions`; in structured mode its reply format is built
/// from `tools`, with the default bound on calls a reply.
pub fn request_body(
    system: &str,
    messages: &[Message],
    tools: &[Value],
    options: &RequestOptions,
) -> Value {
    let format = (options.tool_mode == ToolMode::Structured)
        .then(|| structured_format(tools, super::structured::MAX_STRUCTURED_CALLS));
    request_body_with_format(system, messages, tools, format, options)
}

/// [`request_body`] with the structured reply format given: built by the caller from other
/// tools (rows limited to the page's) or with another bound. `format` is used only in
/// structured mode.
pub fn request_body_with_format(
    system: &str,
    messages: &[Message],
    tools: &[Value],
    format: Option<Value>,
    options: &RequestOptions,
) -> Value {
    let mut body = Map::new();
    body.insert("model".into(), options.model.as_str().into());
    let mut system = system.to_owned();
    if options.tool_mode == ToolMode::Structured {
        system.push_str(&structured_instructions(tools));
    }
    let system = object([("role", "system".into()), ("content", system.into())]);
    body.insert("messages".into(), Value::Array(wire_messages(Some(system), messages)));
    match options.tool_mode {
        ToolMode::Structured => {
            if let Some(format) = format {
                body.insert("response_format".into(), format);
            }
        }
        _ if !tools.is_empty() => {
            body.insert("tools".into(), Value::Array(tools.to_vec()));
            body.insert("tool_choice".into(), "auto".into());
        }
        _ => {}
    }
    if options.stream {
        body.insert("stream".into(), true.into());
        body.insert("stream_options".into(), object([("include_usage", true.into())]));
    }
    if let Some(t) = options.temperature {
        body.insert("temperature".into(), t.into());
    }
    if let Some(m) = options.max_tokens {
        body.insert("max_tokens".into(), m.into());
    }
    Value::Object(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use crate::openai::parse_structured;
    use crate::openai::Message;

    #[test]
    fn request_bodies_by_mode() {
        let tools = vec![
            json!({"type": "function", "function": {"name": "search", "description": "Search", "parameters": {"type": "object"}}}),
        ];
        let messages = vec![Message::User { content: "Mark the weekly report as done.".into() }];
        let native = request_body(
            "SYSTEM",
            &messages,
            &tools,
            &RequestOptions { model: "m".into(), stream: true, ..Default::default() },
        );
        assert_eq!(native["messages"][0], json!({"role": "system", "content": "SYSTEM"}));
        assert_eq!(
            native["messages"][1],
            json!({"role": "user", "content": "Mark the weekly report as done."})
        );
        assert_eq!(native["tools"], json!(tools));
        assert_eq!(native["stream_options"], json!({"include_usage": true}));
        let structured = request_body(
            "SYSTEM",
            &messages,
            &tools,
            &RequestOptions {
                model: "m".into(),
                tool_mode: ToolMode::Structured,
                ..Default::default()
            },
        );
        assert!(structured.get("tools").is_none());
        let branches = &structured["response_format"]["json_schema"]["schema"]["anyOf"];
        assert_eq!(branches[0]["properties"]["step"], json!({"const": "answer"}));
        let call = &branches[1]["properties"]["calls"]["items"]["anyOf"][0];
        assert_eq!(call["properties"]["action"], json!({"const": "search"}));
        assert_eq!(call["properties"]["arguments"], json!({"type": "object"}));
        assert_eq!(branches.as_array().unwrap().len(), 2);
        assert!(structured["messages"][0]["content"].as_str().unwrap().ends_with("- search()"));
        let r = parse_structured(
            r#"{"step":"call","calls":[{"action":"search","arguments":{"text":"x"}}]}"#,
        )
        .unwrap();
        assert_eq!(r.tool_calls[0].name, "search");
        let r = parse_structured(r#"{"step":"answer","answer":"Done."}"#).unwrap();
        assert_eq!(r.content.as_deref(), Some("Done."));
    }
}
