//! The OpenAI wire format for the JS client: reply parsing, the stream assembler, error bodies
//! and the retry decision. Results are JSON: `{"ok": …}` or `{"error": modelError}`.

use pling_core::openai::{self, ModelError, StreamAssembler};
use pling_core::retry::{RetryHints, RetryPolicy};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn result<T: Serialize>(r: Result<T, ModelError>) -> String {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    enum Out<T> {
        Ok(T),
        Error(ModelError),
    }
    let out = match r {
        Ok(v) => Out::Ok(v),
        Err(e) => Out::Error(e),
    };
    serde_json::to_string(&out)
        .unwrap_or_else(|e| format!("{{\"error\":{{\"type\":\"malformed\",\"message\":\"{e}\"}}}}"))
}

/// Parses a non-streaming reply body.
#[wasm_bindgen(js_name = parseReply)]
pub fn parse_reply(body: &str) -> String {
    result(openai::parse_reply(body))
}

/// The error for a non-2xx response (JSON).
#[wasm_bindgen(js_name = httpError)]
pub fn http_error(status: u16, body: &str) -> String {
    serde_json::to_string(&openai::http_error(status, body)).unwrap_or_default()
}

/// The message of a model error (JSON), as the person should read it.
#[wasm_bindgen(js_name = modelErrorMessage)]
pub fn model_error_message(error_json: &str) -> String {
    pling_core::json_text::from_str::<ModelError>(error_json)
        .map(|e| e.to_string())
        .unwrap_or_else(|_| error_json.to_owned())
}

/// Milliseconds to wait before retry `attempt`, or `undefined` when the failure is final.
#[wasm_bindgen(js_name = retryDelay)]
pub fn retry_delay(
    policy_json: &str,
    attempt: u32,
    error_json: &str,
    hints_json: &str,
    stream_started: bool,
    random: f64,
    now_ms: f64,
) -> Option<f64> {
    let policy: RetryPolicy = pling_core::json_text::from_str(policy_json).unwrap_or_default();
    let error: ModelError = pling_core::json_text::from_str(error_json).ok()?;
    let hints: RetryHints = pling_core::json_text::from_str(hints_json).unwrap_or_default();
    policy
        .delay(attempt, &error, &hints, stream_started, random, now_ms.max(0.0) as u64)
        .map(|ms| ms as f64)
}

/// Assembles a streamed reply chunk by chunk.
#[wasm_bindgen]
pub struct ReplyStream(Option<StreamAssembler>);

impl Default for ReplyStream {
    fn default() -> Self {
        Self::new()
    }
}

#[wasm_bindgen]
impl ReplyStream {
    /// An empty assembler.
    #[wasm_bindgen(constructor)]
    pub fn new() -> ReplyStream {
        ReplyStream(Some(StreamAssembler::new()))
    }

    /// Feeds a decoded chunk; returns `null`, or a model error (JSON) that ends the stream.
    pub fn push(&mut self, chunk: &str) -> Option<String> {
        let assembler = self.0.as_mut()?;
        assembler.push(chunk).err().map(|e| serde_json::to_string(&e).unwrap_or_default())
    }

    /// Whether any event arrived (after which a failure is not retried).
    pub fn started(&self) -> bool {
        self.0.as_ref().is_some_and(StreamAssembler::started)
    }

    /// The reply once the body ended: `{"ok": reply}` or `{"error": …}`.
    pub fn finish(&mut self) -> String {
        match self.0.take() {
            Some(assembler) => result(assembler.finish()),
            None => result::<()>(Err(ModelError::StreamCut)),
        }
    }
}
