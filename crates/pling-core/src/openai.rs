//! The OpenAI-compatible `/chat/completions` wire format: request bodies, replies, streamed
//! deltas, error bodies, and tool calls that models write as text instead of `tool_calls`.

use crate::support::json::{Map, Value};
use crate::support::json_text::{object, text};
use crate::support::list::Listed;
use crate::support::text::{part, Joined, END};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
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
    fn parse(v: Option<&Value>) -> Self {
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

/// The largest reply body read, streamed or not (1 MiB): a real answer is a few kilobytes,
/// and a reply that never ends must not grow the page's memory without bound.
pub const MAX_REPLY_BYTES: usize = 1 << 20;

fn api_error(v: &Value) -> Option<ModelError> {
    let e = v.get("error")?;
    let message = match e {
        Value::String(s) => s.clone(),
        _ => e.get("message").and_then(Value::as_str).unwrap_or("unknown error").to_owned(),
    };
    let code = e
        .get("code")
        .and_then(|c| c.as_str().map(str::to_owned).or_else(|| c.as_i64().map(|n| n.to_string())))
        .or_else(|| e.get("type").and_then(Value::as_str).map(str::to_owned));
    Some(ModelError::Api { message, code })
}

/// The error for a non-2xx response, from its body when it is an OpenAI error object.
pub fn http_error(status: u16, body: &str) -> ModelError {
    match crate::support::json_text::from_str(body).ok().as_ref().and_then(api_error) {
        Some(ModelError::Api { message, code }) => ModelError::Http { status, message, code },
        _ => {
            let trimmed = body.trim_start();
            // A proxy's or a server's HTML error page is not for the person to read.
            let message = if trimmed.is_empty() {
                "no body".to_owned()
            } else if trimmed.starts_with('<') {
                format!("an error page instead of an answer ({})", status_words(status))
            } else {
                crate::support::text::first_chars(body, 300).to_owned()
            };
            ModelError::Http { status, message, code: None }
        }
    }
}

/// What an HTTP status means for the person waiting on an answer.
fn status_words(status: u16) -> &'static str {
    match status {
        401 | 403 => {
            "the key was refused: the site's assistant needs a valid API key on its server"
        }
        404 => "no such endpoint: check the model address",
        413 => "the request was too large for the endpoint",
        429 => "rate-limited: try again in a moment",
        501 => "the server does not offer /chat/completions: is the model endpoint configured?",
        502..=504 => "the model endpoint is down or did not answer in time",
        500..=599 => "the model endpoint failed",
        _ => "an unexpected answer",
    }
}

fn arguments_text(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "{}".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => text(other),
    }
}

/// Parses a non-streaming reply body: its message is read as one whole delta of a stream.
pub fn parse_reply(body: &str) -> Result<Reply, ModelError> {
    if body.len() > MAX_REPLY_BYTES {
        return Err(ModelError::TooLarge { bytes: MAX_REPLY_BYTES as u64 });
    }
    let v: Value = crate::support::json_text::from_str(body)
        .map_err(|e| ModelError::Malformed { message: format!("not JSON ({e})") })?;
    if let Some(e) = api_error(&v) {
        return Err(e);
    }
    let choice =
        v.get("choices").and_then(Value::as_array).and_then(|c| c.first()).ok_or_else(|| {
            ModelError::Malformed { message: "no choices in the reply".to_owned() }
        })?;
    let message = choice
        .get("message")
        .ok_or_else(|| ModelError::Malformed { message: "the choice has no message".to_owned() })?;
    let mut whole = StreamAssembler::default();
    whole.delta(message, true);
    whole.finish = Some(FinishReason::parse(choice.get("finish_reason")));
    whole.usage = usage(&v);
    whole.done = true;
    whole.finish()
}

fn usage(v: &Value) -> Option<Usage> {
    let u = v.get("usage")?.as_object()?;
    let cached = v["usage"]["prompt_tokens_details"]["cached_tokens"]
        .as_u64()
        .or_else(|| v["timings"]["cache_n"].as_u64())
        .unwrap_or(0);
    Some(Usage {
        prompt_tokens: u.get("prompt_tokens").and_then(Value::as_u64).unwrap_or(0),
        completion_tokens: u.get("completion_tokens").and_then(Value::as_u64).unwrap_or(0),
        cached_tokens: cached,
    })
}

/// Assembles a streamed reply (server-sent events) from chunks of text as they arrive.
#[derive(Debug, Default)]
pub struct StreamAssembler {
    buffer: String,
    content: String,
    has_content: bool,
    calls: Vec<ToolCall>,
    /// For each delta `index`, the position in `calls` of the call it currently continues.
    by_index: Vec<(u64, usize)>,
    finish: Option<FinishReason>,
    usage: Option<Usage>,
    done: bool,
    events: usize,
    received: usize,
}

impl StreamAssembler {
    /// A new, empty assembler.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether any event has arrived: after that, a failure must not be retried.
    pub fn started(&self) -> bool {
        self.events > 0
    }

    /// The reply's text assembled so far, for a live view: it grows as content deltas
    /// arrive, whatever chunks their lines were split across.
    pub fn content(&self) -> &str {
        &self.content
    }

    /// Feeds the next chunk of the response body.
    pub fn push(&mut self, chunk: &str) -> Result<(), ModelError> {
        self.received += chunk.len();
        if self.received > MAX_REPLY_BYTES {
            self.buffer.clear();
            return Err(ModelError::TooLarge { bytes: MAX_REPLY_BYTES as u64 });
        }
        self.buffer.push_str(chunk);
        let buffer = std::mem::take(&mut self.buffer);
        let mut rest = buffer.as_str();
        while let Some(end) = rest.bytes().position(|b| b == b'\n') {
            let line = part(rest, 0, end);
            rest = part(rest, end + 1, END);
            self.line(crate::support::text::trim_chars(line, &['\r'], false, true))?;
        }
        self.buffer = rest.to_owned();
        Ok(())
    }

    fn line(&mut self, line: &str) -> Result<(), ModelError> {
        // Nothing after `[DONE]` counts: the reply is over.
        if self.done {
            return Ok(());
        }
        let Some(data) = line.strip_prefix("data:") else { return Ok(()) };
        let data = data.trim_start();
        if data == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        if data.is_empty() {
            return Ok(());
        }
        self.events += 1;
        let v: Value = crate::support::json_text::from_str(data).map_err(|e| {
            ModelError::Malformed { message: format!("a stream event is not JSON ({e})") }
        })?;
        if let Some(e) = api_error(&v) {
            return Err(e);
        }
        if let Some(u) = usage(&v) {
            self.usage = Some(u);
        }
        let Some(choice) = v.get("choices").and_then(Value::as_array).and_then(|c| c.first())
        else {
            return Ok(()); // a usage-only chunk
        };
        if let Some(delta) = choice.get("delta") {
            self.delta(delta, false);
        }
        if choice.get("finish_reason").is_some_and(|f| !f.is_null()) {
            self.finish = Some(FinishReason::parse(choice.get("finish_reason")));
        }
        Ok(())
    }

    /// A piece of the message: text, calls (or a call in the older `function_call` form).
    /// In a `whole` message every call is its own, whatever `index` it carries; in a stream a
    /// call's pieces share its `index`.
    fn delta(&mut self, delta: &Value, whole: bool) {
        if let Some(text) = delta.get("content").and_then(Value::as_str) {
            self.content.push_str(text);
            self.has_content = true;
        }
        if let Some(calls) = delta.get("tool_calls").and_then(Value::as_array) {
            for (n, c) in calls.iter().enumerate() {
                let index = c.get("index").and_then(Value::as_u64).filter(|_| !whole);
                self.call_delta(c, c.get("function").unwrap_or(c), index.unwrap_or(n as u64));
            }
        }
        // Its own index, never one of `tool_calls`.
        if let Some(f) = delta.get("function_call") {
            self.call_delta(f, f, u64::MAX);
        }
    }

    /// A piece of call `c` (its function `f`: name and arguments), at its `index`.
    fn call_delta(&mut self, c: &Value, f: &Value, index: u64) {
        let id = c.get("id").and_then(Value::as_str).filter(|s| !s.is_empty());
        let name = f.get("name").and_then(Value::as_str).filter(|s| !s.is_empty());
        let args = f.get("arguments");
        let current = self.by_index.iter().find(|(i, _)| *i == index).map(|(_, p)| *p);
        // Some servers reuse index 0 for every call: a new id at a known index starts a new call.
        let starts_new = match (current, id) {
            (None, _) => true,
            (Some(p), Some(id)) => !self.calls[p].id.is_empty() && self.calls[p].id != id,
            (Some(_), None) => false,
        };
        let p = if starts_new {
            self.calls.push(ToolCall {
                id: String::new(),
                name: String::new(),
                arguments: String::new(),
            });
            let p = self.calls.len() - 1;
            match self.by_index.iter_mut().find(|(i, _)| *i == index) {
                Some(slot) => slot.1 = p,
                None => self.by_index.push((index, p)),
            }
            p
        } else {
            current.unwrap_or(0)
        };
        let call = &mut self.calls[p];
        if let Some(id) = id {
            call.id = id.to_owned();
        }
        if let Some(name) = name {
            if call.name.is_empty() {
                call.name = name.to_owned();
            } else if !call.name.ends_with(name) {
                call.name.push_str(name);
            }
        }
        match args {
            Some(Value::String(s)) => call.arguments.push_str(s),
            Some(Value::Null) | None => {}
            Some(other) => call.arguments.push_str(&text(other)),
        }
    }

    /// The assembled reply once the body has ended. A stream that ended without a finish
    /// reason or `[DONE]` was cut off.
    pub fn finish(mut self) -> Result<Reply, ModelError> {
        if !self.buffer.trim().is_empty() {
            let rest = std::mem::take(&mut self.buffer);
            self.line(rest.trim_end())?;
        }
        if self.finish.is_none() && !self.done {
            return Err(ModelError::StreamCut);
        }
        let mut calls = self.calls;
        for (i, c) in calls.iter_mut().enumerate() {
            if c.id.is_empty() {
                c.id = format!("call_{}", i + 1);
            }
            if c.arguments.trim().is_empty() {
                c.arguments = "{}".to_owned();
            }
        }
        calls.retain(|c| !c.name.is_empty());
        Ok(Reply {
            content: self.has_content.then_some(self.content),
            tool_calls: calls,
            finish_reason: self.finish.unwrap_or(FinishReason::Missing),
            usage: self.usage,
            recovered: false,
        })
    }
}

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
            match crate::support::text::find(inner, close) {
                Some(end) => (part(inner, 0, end), part(inner, end + close.len(), END)),
                None => (inner, ""),
            }
        } else if let Some(inner) = rest.strip_prefix("```") {
            let end = crate::support::text::find(inner, "```")?;
            (fence_body(part(inner, 0, end)), part(inner, end + 3, END))
        } else if rest.starts_with(['{', '[']) {
            let span = leading_value(rest)?;
            (span, part(rest, span.len(), END))
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
    match block.find('\n') {
        Some(nl) if !part(block, 0, nl).trim_start().starts_with(['{', '[']) => {
            part(block, nl + 1, END)
        }
        _ => block,
    }
}

/// The balanced JSON object or list `text` begins with (string-aware), with a model's doubled
/// closing braces.
fn leading_value(text: &str) -> Option<&str> {
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
                    return Some(part(text, 0, end));
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
fn json_objects(text: &str) -> Vec<&str> {
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
        match end {
            Some(e) => {
                out.push(part(text, start, e + 1));
                i = e + 1;
            }
            // Unbalanced from here: once, a doubled opening brace (`{ {"name": …}}`) is
            // skipped and the object after it read; otherwise nothing more is balanced.
            None if !skipped && part(text, start + 1, END).trim_start().starts_with('{') => {
                skipped = true;
                i = start + 1;
            }
            None => break,
        }
    }
    out
}

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

/// What a request body needs besides the conversation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
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
    /// (up to [`crate::render::MAX_RECORD_CHOICES`]), so a constrained reply cannot name a row
    /// that is not there.
    pub record_choices: bool,
}

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

/// The request body for `/chat/completions`.
pub fn request_body(
    system: &str,
    messages: &[Message],
    tools: &[Value],
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
            body.insert("response_format".into(), structured_format(tools));
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

    #[test]
    fn plain_reply_with_tool_calls_and_usage() {
        let body = r#"{"choices":[{"message":{"role":"assistant","content":"I will find it first.","tool_calls":[{"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"text\":\"Weekly report\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":812,"completion_tokens":20}}"#;
        let r = parse_reply(body).unwrap();
        assert_eq!(r.content.as_deref(), Some("I will find it first."));
        assert_eq!(
            r.tool_calls,
            vec![ToolCall {
                id: "call_1".into(),
                name: "search".into(),
                arguments: r#"{"text":"Weekly report"}"#.into()
            }]
        );
        assert_eq!(r.finish_reason, FinishReason::ToolCalls);
        assert_eq!(
            r.usage,
            Some(Usage { prompt_tokens: 812, completion_tokens: 20, cached_tokens: 0 })
        );
    }

    #[test]
    fn a_whole_reply_and_a_stream_read_every_call_shape_alike() {
        // No ids, a call without its `function` wrapper, object arguments, no arguments, a
        // nameless call, and the older `function_call` beside them.
        let message = r#"{"content":"","tool_calls":[{"function":{"name":"add","arguments":{"text":"a"}}},{"name":"save"},{"function":{"arguments":"{}"}}],"function_call":{"name":"undo","arguments":"{\"n\":1}"}}"#;
        let want = vec![
            ToolCall {
                id: "call_1".into(),
                name: "add".into(),
                arguments: r#"{"text":"a"}"#.into(),
            },
            ToolCall { id: "call_2".into(), name: "save".into(), arguments: "{}".into() },
            ToolCall { id: "call_4".into(), name: "undo".into(), arguments: r#"{"n":1}"#.into() },
        ];
        let whole =
            format!(r#"{{"choices":[{{"message":{message},"finish_reason":"tool_calls"}}]}}"#);
        let r = parse_reply(&whole).unwrap();
        assert_eq!((r.content.as_deref(), &r.tool_calls), (Some(""), &want));
        // A whole message's calls are each their own, even when all carry `index: 0`.
        let indexed = r#"{"choices":[{"message":{"tool_calls":[{"index":0,"function":{"name":"add"}},{"index":0,"function":{"name":"save"}}]}}]}"#;
        let names: Vec<String> =
            parse_reply(indexed).unwrap().tool_calls.into_iter().map(|c| c.name).collect();
        assert_eq!(names, ["add", "save"]);
        let mut stream = StreamAssembler::default();
        let event =
            format!(r#"data: {{"choices":[{{"delta":{message},"finish_reason":"tool_calls"}}]}}"#);
        stream.push(&format!("{event}\n\ndata: [DONE]\n\n")).unwrap();
        let r = stream.finish().unwrap();
        assert_eq!((r.content.as_deref(), &r.tool_calls), (Some(""), &want));
    }

    #[test]
    fn every_finish_reason() {
        for (wire, reason) in [
            ("\"stop\"", FinishReason::Stop),
            ("\"tool_calls\"", FinishReason::ToolCalls),
            ("\"length\"", FinishReason::Length),
            ("\"content_filter\"", FinishReason::ContentFilter),
            ("\"function_call\"", FinishReason::FunctionCall),
            ("null", FinishReason::Missing),
            ("\"weird\"", FinishReason::Other("weird".into())),
        ] {
            let body = format!(
                r#"{{"choices":[{{"message":{{"content":"x"}},"finish_reason":{wire}}}]}}"#
            );
            assert_eq!(parse_reply(&body).unwrap().finish_reason, reason, "{wire}");
        }
    }

    #[test]
    fn error_bodies() {
        let e = http_error(
            429,
            r#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}"#,
        );
        assert_eq!(
            e,
            ModelError::Http {
                status: 429,
                message: "You exceeded your current quota".into(),
                code: Some("insufficient_quota".into())
            }
        );
        let e = http_error(502, "<html>Bad gateway</html>");
        assert_eq!(
            e,
            ModelError::Http {
                status: 502,
                message: "an error page instead of an answer (the model endpoint is down or did not answer in time)".into(),
                code: None
            }
        );
        assert!(matches!(
            parse_reply(r#"{"error":{"message":"boom"}}"#),
            Err(ModelError::Api { .. })
        ));
        assert!(matches!(parse_reply("not json"), Err(ModelError::Malformed { .. })));
        assert!(matches!(parse_reply(r#"{"choices":[]}"#), Err(ModelError::Malformed { .. })));
    }

    fn sse(events: &[&str]) -> String {
        events.iter().map(|e| format!("data: {e}\n\n")).collect()
    }

    #[test]
    fn stream_assembles_content_calls_and_usage_across_chunk_boundaries() {
        let body = sse(&[
            r#"{"choices":[{"delta":{"role":"assistant","content":"I will "}}]}"#,
            r#"{"choices":[{"delta":{"content":"look."}}]}"#,
            r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"search","arguments":""}}]}}]}"#,
            r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"text\":"}}]}}]}"#,
            r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"report\"}"}}]}}]}"#,
            r#"{"choices":[{"delta":{"tool_calls":[{"index":1,"id":"call_b","function":{"name":"toggle","arguments":"{\"record\":\"t9\"}"}}]}}]}"#,
            r#"{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}"#,
            r#"{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":9}}"#,
            "[DONE]",
        ]);
        for split in [1, 7, 64, body.len()] {
            let mut a = StreamAssembler::new();
            for chunk in body.as_bytes().chunks(split) {
                a.push(std::str::from_utf8(chunk).unwrap()).unwrap();
            }
            let r = a.finish().unwrap();
            assert_eq!(r.content.as_deref(), Some("I will look."));
            assert_eq!(r.tool_calls.len(), 2);
            assert_eq!(
                r.tool_calls[0],
                ToolCall {
                    id: "call_a".into(),
                    name: "search".into(),
                    arguments: r#"{"text":"report"}"#.into()
                }
            );
            assert_eq!(r.tool_calls[1].arguments, r#"{"record":"t9"}"#);
            assert_eq!(
                r.usage,
                Some(Usage { prompt_tokens: 100, completion_tokens: 9, cached_tokens: 0 })
            );
        }
    }

    #[test]
    fn stream_with_index_zero_reused_for_several_calls() {
        let body = sse(&[
            r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"search","arguments":"{\"text\":\"a\"}"}}]}}]}"#,
            r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"call_2","function":{"name":"toggle","arguments":"{\"record\":"}}]}}]}"#,
            r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"t1\"}"}}]}}]}"#,
            r#"{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}"#,
        ]);
        let mut a = StreamAssembler::new();
        a.push(&body).unwrap();
        let r = a.finish().unwrap();
        let names: Vec<&str> = r.tool_calls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["search", "toggle"]);
        assert_eq!(r.tool_calls[1].arguments, r#"{"record":"t1"}"#);
    }

    #[test]
    fn stream_errors_and_cuts() {
        let mut a = StreamAssembler::new();
        let e = a
            .push(&sse(&[
                r#"{"choices":[{"delta":{"content":"hi"}}]}"#,
                r#"{"error":{"message":"overloaded","code":"server_error"}}"#,
            ]))
            .unwrap_err();
        assert_eq!(
            e,
            ModelError::Api { message: "overloaded".into(), code: Some("server_error".into()) }
        );
        let mut a = StreamAssembler::new();
        a.push(&sse(&[r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"toggle","arguments":"{\"rec"}}]}}]}"#])).unwrap();
        assert!(a.started());
        assert_eq!(a.finish().unwrap_err(), ModelError::StreamCut);
    }

    #[test]
    fn an_html_error_page_is_said_in_words() {
        let e = http_error(501, "<!DOCTYPE HTML><html><body>Unsupported method</body></html>");
        assert_eq!(
            e.to_string(),
            "the model endpoint answered 501: an error page instead of an answer (the server does not offer /chat/completions: is the model endpoint configured?)"
        );
        assert!(http_error(401, "<html>no</html>").to_string().contains("API key"));
        assert!(!http_error(502, "<html>Bad gateway</html>").to_string().contains('<'));
    }

    #[test]
    fn nothing_after_done_counts() {
        let call = r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"a","arguments":"{}"}}]}}]}"#;
        let late = r#"{"choices":[{"delta":{"tool_calls":[{"index":1,"id":"c2","function":{"name":"delete_all","arguments":"{}"}}]}}]}"#;
        let mut a = StreamAssembler::new();
        a.push(&format!("data: {call}\n\ndata: [DONE]\n\ndata: {late}\n\n")).unwrap();
        a.push(&format!("data: {late}\n\n")).unwrap();
        let reply = a.finish().unwrap();
        assert_eq!(reply.tool_calls.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["a"]);
    }

    #[test]
    fn a_reply_that_never_ends_is_cut_at_the_cap() {
        let mut a = StreamAssembler::new();
        let piece =
            format!("data: {}\n\n", r#"{"choices":[{"delta":{"content":"xxxxxxxxxxxxxxxx"}}]}"#);
        let mut error = None;
        for _ in 0..(MAX_REPLY_BYTES / piece.len() + 2) {
            if let Err(e) = a.push(&piece) {
                error = Some(e);
                break;
            }
        }
        assert_eq!(error, Some(ModelError::TooLarge { bytes: MAX_REPLY_BYTES as u64 }));
        assert!(a.buffer.capacity() <= MAX_REPLY_BYTES + piece.len());
        let body = "x".repeat(MAX_REPLY_BYTES + 1);
        assert!(matches!(parse_reply(&body), Err(ModelError::TooLarge { .. })));
    }

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
        assert_eq!(branches[0]["properties"]["action"], json!({"const": "search"}));
        assert_eq!(branches[0]["properties"]["arguments"], json!({"type": "object"}));
        assert_eq!(branches[1]["properties"]["action"], json!({"const": "answer"}));
        assert_eq!(branches.as_array().unwrap().len(), 2);
        assert!(structured["messages"][0]["content"].as_str().unwrap().ends_with("- search()"));
        let r = parse_structured(r#"{"action":"search","arguments":{"text":"x"}}"#).unwrap();
        assert_eq!(r.tool_calls[0].name, "search");
        let r = parse_structured(r#"{"action":"answer","answer":"Done."}"#).unwrap();
        assert_eq!(r.content.as_deref(), Some("Done."));
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
        let schema = structured_format(&tools);
        let first = &schema["json_schema"]["schema"]["anyOf"][0];
        assert_eq!(
            first["properties"]["arguments"]["properties"]["value"]["enum"],
            json!(["all", "open"])
        );
        assert_eq!(first["required"], json!(["action", "arguments"]));
    }
}
