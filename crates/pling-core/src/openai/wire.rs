//! The wire format's messages, tool calls, replies, finish reasons, usage and errors, with
//! their JSON forms.

use crate::support::json::{Map, Value};
use crate::support::json_text::{object, text};
use crate::support::list::Listed;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One tool call: the function name and its arguments as the model wrote them (JSON text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The call id that the tool result answers.
    pub id: String,
    /// The function name.
    pub name: String,
    /// The arguments, as JSON text (possibly invalid: that is checked before anything runs).
    pub arguments: String,
}

impl ToolCall {
    /// The call as the history keeps it: arguments too long to run are replaced by a note of
    /// their size, so one oversized reply does not ride along in every later request.
    pub fn for_history(&self) -> ToolCall {
        let max = crate::call::MAX_ARGUMENT_CHARS;
        if self.arguments.len() <= max {
            return self.clone();
        }
        let note = format!("arguments of {} characters left out", self.arguments.len());
        ToolCall { arguments: text(&object([("omitted", note.into())])), ..self.clone() }
    }
}

/// A message of the conversation. The page observation is never one of these: it lives in
/// the system message, rebuilt for every request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "lowercase")]
pub enum Message {
    /// The person's words.
    User {
        /// What they said.
        content: String,
    },
    /// The model's turn: text, tool calls, or both.
    Assistant {
        /// Its text.
        content: Option<String>,
        /// Its tool calls.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
    },
    /// A tool result.
    Tool {
        /// The call it answers.
        tool_call_id: String,
        /// The receipt.
        content: String,
    },
}

/// `messages` in the wire format, after `first` when given.
pub fn wire_messages(first: Option<Value>, messages: &[Message]) -> Vec<Value> {
    let mut wire = Vec::with_capacity(messages.len() + 1);
    if let Some(first) = first {
        wire.push(first);
    }
    for m in messages {
        wire.push(m.to_wire());
    }
    wire
}

impl Message {
    /// The message in the wire format.
    pub fn to_wire(&self) -> Value {
        match self {
            Message::User { content } => {
                object([("role", "user".into()), ("content", content.as_str().into())])
            }
            Message::Assistant { content, tool_calls } => {
                let mut m = Map::new();
                m.insert("role".into(), "assistant".into());
                m.insert("content".into(), content.clone().into());
                if !tool_calls.is_empty() {
                    let mut calls = Vec::new();
                    for c in tool_calls {
                        let function = object([
                            ("name", c.name.as_str().into()),
                            ("arguments", c.arguments.as_str().into()),
                        ]);
                        calls.push(object([
                            ("id", c.id.as_str().into()),
                            ("type", "function".into()),
                            ("function", function),
                        ]));
                    }
                    m.insert("tool_calls".into(), Value::Array(calls));
                }
                Value::Object(m)
            }
            Message::Tool { tool_call_id, content } => object([
                ("role", "tool".into()),
                ("tool_call_id", tool_call_id.as_str().into()),
                ("content", content.as_str().into()),
            ]),
        }
    }

    /// The text this message contributes to the token estimate.
    pub fn text_for_estimate(&self) -> String {
        match self {
            Message::User { content } => content.clone(),
            Message::Assistant { content, tool_calls } => {
                let mut out = content.clone().unwrap_or_default();
                for c in tool_calls {
                    out.push_str(&c.name);
                    out.push_str(&c.arguments);
                }
                out
            }
            Message::Tool { content, .. } => content.clone(),
        }
    }
}

/// Why the model stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    /// It finished its answer.
    Stop,
    /// It asked for tool calls.
    ToolCalls,
    /// It ran out of output tokens.
    Length,
    /// The provider filtered the output.
    ContentFilter,
    /// A legacy `function_call`.
    FunctionCall,
    /// No reason was given.
    Missing,
    /// A reason this client does not know.
    Other(String),
}

impl FinishReason {
    pub(super) fn parse(v: Option<&Value>) -> Self {
        match v.and_then(Value::as_str) {
            None => Self::Missing,
            Some("stop") | Some("end_turn") | Some("eos") => Self::Stop,
            Some("tool_calls") => Self::ToolCalls,
            Some("length") => Self::Length,
            Some("content_filter") => Self::ContentFilter,
            Some("function_call") => Self::FunctionCall,
            Some(other) => Self::Other(other.to_owned()),
        }
    }
}

/// Token usage as the server reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Tokens in the request.
    pub prompt_tokens: u64,
    /// Tokens in the reply.
    pub completion_tokens: u64,
    /// Tokens of the request the server had cached from an earlier one (OpenAI's
    /// `prompt_tokens_details.cached_tokens`, llama-server's `timings.cache_n`).
    #[serde(default)]
    pub cached_tokens: u64,
}

/// The model's reply, from a plain body or an assembled stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// Its text, if any.
    pub content: Option<String>,
    /// Its tool calls (native, or recovered from the text).
    pub tool_calls: Vec<ToolCall>,
    /// Why it stopped.
    pub finish_reason: FinishReason,
    /// Usage, when reported.
    pub usage: Option<Usage>,
    /// The calls were recovered from the text rather than sent as `tool_calls`.
    #[serde(default)]
    pub recovered: bool,
}

/// Why a model request failed. Its JSON form is `{"type": "http", "status": 429, …}`: the
/// variant's name in camelCase under `type`, beside its fields ([`ModelError::to_json`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    /// A non-2xx status, with the error body's message.
    #[error("the model endpoint answered {status}: {message}")]
    Http {
        /// The status.
        status: u16,
        /// The error body's message (or the body itself).
        message: String,
        /// The error body's `code` (`insufficient_quota`, `rate_limit_exceeded`, …).
        code: Option<String>,
    },
    /// An error object in a 200 body or mid-stream.
    #[error("the model endpoint reported an error: {message}")]
    Api {
        /// Its message.
        message: String,
        /// Its code.
        code: Option<String>,
    },
    /// A body that is not the expected JSON.
    #[error("the model endpoint sent a malformed reply: {message}")]
    Malformed {
        /// What was wrong with it.
        message: String,
    },
    /// The stream ended before the reply was complete.
    #[error("the model's reply was cut off mid-stream")]
    StreamCut,
    /// The network failed.
    #[error("the model endpoint could not be reached: {message}")]
    Network {
        /// The browser's words.
        message: String,
    },
    /// No answer within the request timeout.
    #[error("the model did not answer within {ms} ms")]
    Timeout {
        /// The timeout.
        ms: u64,
    },
    /// The person stopped it.
    #[error("stopped")]
    Aborted,
    /// The reply grew past the size a reply may have; it was not read further.
    #[error("the model's reply was larger than {bytes} bytes and was not read further")]
    TooLarge {
        /// The cap.
        bytes: u64,
    },
}

impl ModelError {
    /// The error's JSON form. Written by hand, as [`Self::from_json`] reads it: serde's derive
    /// for an internally tagged enum costs the engine more than both.
    pub fn to_json(&self) -> Value {
        match self {
            Self::Http { status, message, code } => object([
                ("type", "http".into()),
                ("status", (*status).into()),
                ("message", message.as_str().into()),
                ("code", code.clone().into()),
            ]),
            Self::Api { message, code } => object([
                ("type", "api".into()),
                ("message", message.as_str().into()),
                ("code", code.clone().into()),
            ]),
            Self::Malformed { message } => {
                object([("type", "malformed".into()), ("message", message.as_str().into())])
            }
            Self::StreamCut => object([("type", "streamCut".into())]),
            Self::Network { message } => {
                object([("type", "network".into()), ("message", message.as_str().into())])
            }
            Self::Timeout { ms } => object([("type", "timeout".into()), ("ms", (*ms).into())]),
            Self::Aborted => object([("type", "aborted".into())]),
            Self::TooLarge { bytes } => {
                object([("type", "tooLarge".into()), ("bytes", (*bytes).into())])
            }
        }
    }

    /// The error [`Self::to_json`] wrote, or `None` for JSON that is not one.
    pub fn from_json(v: &Value) -> Option<Self> {
        let string = |key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
        let number = |key: &str| v.get(key).and_then(Value::as_u64);
        let message = || string("message").unwrap_or_default();
        Some(match v.get("type")?.as_str()? {
            "http" => Self::Http {
                status: u16::try_from(number("status")?).ok()?,
                message: message(),
                code: string("code"),
            },
            "api" => Self::Api { message: message(), code: string("code") },
            "malformed" => Self::Malformed { message: message() },
            "streamCut" => Self::StreamCut,
            "network" => Self::Network { message: message() },
            "timeout" => Self::Timeout { ms: number("ms")? },
            "aborted" => Self::Aborted,
            "tooLarge" => Self::TooLarge { bytes: number("bytes")? },
            _ => return None,
        })
    }
}

impl Serialize for ModelError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

/// The JSON forms the binding hands to JS, written out as the `Serialize` derives write them
/// (a test holds the two to one shape).
impl ToolCall {
    /// `{"id", "name", "arguments"}`.
    pub fn to_json(&self) -> Value {
        object([
            ("id", self.id.as_str().into()),
            ("name", self.name.as_str().into()),
            ("arguments", self.arguments.as_str().into()),
        ])
    }
}

impl FinishReason {
    /// The reason as the server wrote it (`"tool_calls"`), or `{"other": "…"}`.
    pub fn to_json(&self) -> Value {
        let name = match self {
            Self::Stop => "stop",
            Self::ToolCalls => "tool_calls",
            Self::Length => "length",
            Self::ContentFilter => "content_filter",
            Self::FunctionCall => "function_call",
            Self::Missing => "missing",
            Self::Other(other) => return object([("other", other.as_str().into())]),
        };
        name.into()
    }
}

impl Usage {
    /// `{"prompt_tokens", "completion_tokens", "cached_tokens"}`.
    pub fn to_json(&self) -> Value {
        object([
            ("prompt_tokens", self.prompt_tokens.into()),
            ("completion_tokens", self.completion_tokens.into()),
            ("cached_tokens", self.cached_tokens.into()),
        ])
    }
}

impl Reply {
    /// The reply's JSON form (its `Serialize` form).
    pub fn to_json(&self) -> Value {
        object([
            ("content", self.content.clone().into()),
            ("tool_calls", Value::Array(self.tool_calls.iter().map(ToolCall::to_json).listed())),
            ("finish_reason", self.finish_reason.to_json()),
            ("usage", self.usage.as_ref().map_or(Value::Null, Usage::to_json)),
            ("recovered", self.recovered.into()),
        ])
    }
}

/// A call's arguments as JSON text: `{}` when absent or null, a string as the model wrote
/// it, any other value written as JSON.
pub(super) fn arguments_text(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "{}".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => text(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn errors_cross_the_boundary_as_json() {
        for e in [
            ModelError::Http {
                status: 429,
                message: "slow down".into(),
                code: Some("rate_limit_exceeded".into()),
            },
            ModelError::Api { message: "boom".into(), code: None },
            ModelError::Malformed { message: "not JSON".into() },
            ModelError::StreamCut,
            ModelError::Network { message: "refused".into() },
            ModelError::Timeout { ms: 30_000 },
            ModelError::Aborted,
            ModelError::TooLarge { bytes: 9 },
        ] {
            let json: Value = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
            assert_eq!(ModelError::from_json(&json), Some(e), "{json}");
        }
        assert_eq!(ModelError::from_json(&json!({"type": "nope"})), None);
        assert_eq!(ModelError::from_json(&json!({"type": "http", "status": 70000})), None);
        assert_eq!(
            crate::support::json::to_value(ModelError::Timeout { ms: 5 }).unwrap(),
            json!({"type": "timeout", "ms": 5})
        );
    }
}
