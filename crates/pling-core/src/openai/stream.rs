//! Replies read: a streamed one assembled from its server-sent events (content, tool-call
//! deltas, usage and the finish reason, whatever way the chunks cut them), and a whole one read
//! as one whole delta of a stream.

use super::error::api_error;
use super::wire::{FinishReason, ModelError, Reply, ToolCall, Usage};
use crate::support::json::Value;
use crate::support::json_text::text;

/// The largest reply body read, streamed or not (1 MiB): a real answer is a few kilobytes,
/// and a reply that never ends must not grow the page's memory without bound.
pub const MAX_REPLY_BYTES: usize = 1 << 20;

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
        while let Some((line, after)) = rest.split_once('\n') {
            rest = after;
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
