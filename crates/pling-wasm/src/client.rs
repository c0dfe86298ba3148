//! The model client, inside the engine: `POST {baseURL}/chat/completions` with the browser's
//! `fetch`, the reply read — streamed or whole, up to the core's cap — straight into the core's
//! parser and stream assembler, retried by the core's policy with gloo-timers waits, under a
//! wait for the model (for the answer to begin, then between pieces of a stream), an overall
//! deadline, and the person's stop. The request body and the reply never pass through JS.

use gloo_timers::callback::Timeout;
use pling_core::openai::{self, ModelError, Reply, StreamAssembler, MAX_REPLY_BYTES};
use pling_core::retry::{RetryHints, RetryPolicy};
use pling_core::support::json::Value;
use pling_core::support::read::{self, Fields, Read};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, AbortSignal, Headers, ReadableStreamDefaultReader, Request};
use web_sys::{RequestInit, Response, TextDecodeOptions, TextDecoder};

#[wasm_bindgen]
extern "C" {
    /// The global `fetch`, in a window or a worker alike.
    #[wasm_bindgen(js_name = fetch)]
    fn fetch_request(request: &Request) -> js_sys::Promise;
}

/// Where and how the model is called: the client part of the Assistant's options.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// `/v1` (a same-origin proxy that holds the key) or `https://…/v1` (`baseURL`).
    pub base_url: String,
    /// Sent as a bearer token when set.
    pub api_key: Option<String>,
    /// Extra request headers, in the order the options list them.
    pub headers: Vec<(String, String)>,
    /// The longest wait for the answer to begin, then between pieces of a stream.
    pub timeout_ms: u32,
    /// The longest a whole answer may take, however steadily it streams.
    pub deadline_ms: u32,
    /// Retries after the first attempt, and their waits.
    pub retry: RetryPolicy,
}

impl ClientOptions {
    /// The client options the JSON object at `path` sets (`baseURL` required), read as the
    /// core reads every option: a wrong or misspelt member is an error naming its place.
    pub fn read(v: &Value, path: &str) -> Read<Self> {
        const KNOWN: [&str; 6] =
            ["baseURL", "apiKey", "headers", "timeoutMs", "deadlineMs", "retry"];
        let f = Fields::new(v, path, &KNOWN)?;
        let ms = |key: &str, default: u32| {
            f.uint(key, u64::from(u32::MAX)).map_or(default, |n| n as u32)
        };
        let headers_at = f.at("headers");
        let mut headers = Vec::new();
        for (name, value) in f.members("headers") {
            if let Some(value) = f.keep(read::string(value, &read::member(&headers_at, name))) {
                headers.push((name.clone(), value));
            }
        }
        let o = Self {
            base_url: f.required_string("baseURL"),
            api_key: f.string("apiKey"),
            headers,
            timeout_ms: ms("timeoutMs", 60_000),
            deadline_ms: ms("deadlineMs", 300_000),
            retry: f.read("retry", RetryPolicy::read).unwrap_or_default(),
        };
        f.done(o)
    }
}

/// A final failure, with the wait the server asked for (for the person's words).
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub error: ModelError,
    /// The server's `retry-after-ms` / `Retry-After`, in milliseconds from now.
    pub wait_ms: Option<u64>,
}

fn aborted(stop: Option<&AbortSignal>) -> bool {
    stop.is_some_and(AbortSignal::aborted)
}

fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// Sends one chat request (`body`, JSON) with retries. Model and network failures come back as
/// a [`Failure`]; nothing here throws. `on_text` gets the streamed text as it grows.
pub async fn chat(
    body: &str,
    streamed: bool,
    options: &ClientOptions,
    stop: Option<&AbortSignal>,
    on_text: Option<&js_sys::Function>,
) -> Result<Reply, Failure> {
    let base = pling_core::support::text::trim_chars(&options.base_url, &['/'], false, true);
    let url = format!("{base}/chat/completions");
    let headers = headers(options).map_err(|e| Failure { error: network(&e), wait_ms: None })?;
    for attempt in 1.. {
        if aborted(stop) {
            break;
        }
        let mut once = Attempt::new(stop, options.timeout_ms, options.deadline_ms)
            .map_err(|e| Failure { error: network(&e), wait_ms: None })?;
        let (result, hints) = once.send(&url, body, &headers, streamed, on_text).await;
        let error = match result {
            Ok(reply) => return Ok(reply),
            Err(_) if aborted(stop) => break,
            Err(e) => e,
        };
        let random = js_sys::Math::random();
        match options.retry.delay(attempt, &error, &hints, once.started, random, now_ms()) {
            Some(ms) => sleep(ms, stop).await,
            None => return Err(Failure { error, wait_ms: hints.wait_ms(now_ms()) }),
        }
    }
    Err(Failure { error: ModelError::Aborted, wait_ms: None })
}

fn headers(options: &ClientOptions) -> Result<Headers, JsValue> {
    let headers = Headers::new()?;
    headers.set("content-type", "application/json")?;
    for (name, value) in &options.headers {
        headers.set(name, value)?;
    }
    if let Some(key) = options.api_key.as_deref().filter(|k| !k.is_empty()) {
        headers.set("authorization", &format!("Bearer {key}"))?;
    }
    Ok(headers)
}

/// Waits `ms`, or less when the person stops.
async fn sleep(ms: u64, stop: Option<&AbortSignal>) {
    let mut left = ms;
    while left > 0 && !aborted(stop) {
        let step = left.min(100);
        // A gloo-timers timeout resolving a promise the engine already knows how to await
        // (its own future type would link a channel for this one wait).
        let mut timeout = None;
        let waited = js_sys::Promise::new(&mut |resolve, _| {
            timeout = Some(Timeout::new(step as u32, move || {
                let _ = resolve.call0(&JsValue::NULL);
            }));
        });
        let _ = JsFuture::from(waited).await;
        drop(timeout);
        left -= step;
    }
}

fn network(error: &JsValue) -> ModelError {
    let message = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the request failed".to_owned());
    ModelError::Network { message }
}

/// One request: its own abort, the wait for the model (re-armed by each piece of a stream, so a
/// slow model that keeps sending is never cut) and an overall deadline.
struct Attempt {
    controller: AbortController,
    timed_out: Rc<Cell<bool>>,
    past_deadline: Rc<Cell<bool>>,
    wait: Option<Timeout>,
    _deadline: Option<Timeout>,
    on_stop: Option<(AbortSignal, Closure<dyn FnMut()>)>,
    timeout_ms: u32,
    deadline_ms: u32,
    started: bool,
}

impl Attempt {
    fn new(
        stop: Option<&AbortSignal>,
        timeout_ms: u32,
        deadline_ms: u32,
    ) -> Result<Attempt, JsValue> {
        let controller = AbortController::new()?;
        let past_deadline = Rc::new(Cell::new(false));
        let deadline = {
            let (flag, controller) = (past_deadline.clone(), controller.clone());
            Timeout::new(deadline_ms, move || {
                flag.set(true);
                controller.abort();
            })
        };
        let on_stop = stop.map(|signal| {
            let controller = controller.clone();
            let listener = Closure::<dyn FnMut()>::new(move || controller.abort());
            let _ =
                signal.add_event_listener_with_callback("abort", listener.as_ref().unchecked_ref());
            (signal.clone(), listener)
        });
        let mut attempt = Attempt {
            controller,
            timed_out: Rc::new(Cell::new(false)),
            past_deadline,
            wait: None,
            _deadline: Some(deadline),
            on_stop,
            timeout_ms,
            deadline_ms,
            started: false,
        };
        attempt.arm();
        Ok(attempt)
    }

    /// Restarts the wait for the model.
    fn arm(&mut self) {
        let (flag, controller) = (self.timed_out.clone(), self.controller.clone());
        self.wait = Some(Timeout::new(self.timeout_ms, move || {
            flag.set(true);
            controller.abort();
        }));
    }

    /// What a rejected fetch or read means: a timeout, a cut stream, or the network.
    fn failure(&self, error: &JsValue) -> ModelError {
        if self.past_deadline.get() {
            return ModelError::Timeout { ms: u64::from(self.deadline_ms) };
        }
        match (self.timed_out.get(), self.started) {
            (true, false) => ModelError::Timeout { ms: u64::from(self.timeout_ms) },
            (_, true) => ModelError::StreamCut,
            (false, false) => network(error),
        }
    }

    /// One request and its reply. The waits are the fetch and each read of the body; what
    /// comes between them is plain code.
    async fn send(
        &mut self,
        url: &str,
        body: &str,
        headers: &Headers,
        streamed: bool,
        on_text: Option<&js_sys::Function>,
    ) -> (Result<Reply, ModelError>, RetryHints) {
        let response = match self.post(url, body, headers) {
            Ok(promise) => JsFuture::from(promise).await,
            Err(e) => Err(e),
        };
        let response: Response = match response {
            Ok(r) => r.unchecked_into(),
            Err(e) => return (Err(self.failure(&e)), RetryHints::default()),
        };
        let hints = hints_of(&response.headers());
        let (mut body, reader) = match Body::of(&response, streamed) {
            Ok(body) => body,
            Err(e) => return (Err(self.failure(&e)), hints),
        };
        if let Some(reader) = reader {
            loop {
                let read = JsFuture::from(reader.read()).await;
                match self.take(&mut body, read, &reader, on_text) {
                    Ok(true) => continue,
                    Ok(false) => break,
                    Err(e) => return (Err(e), hints),
                }
            }
        }
        (body.finish(&response), hints)
    }

    /// The request's promise.
    fn post(&self, url: &str, body: &str, headers: &Headers) -> Result<js_sys::Promise, JsValue> {
        let init = RequestInit::new();
        init.set_method("POST");
        init.set_headers(headers);
        init.set_body(&JsValue::from_str(body));
        init.set_signal(Some(&self.controller.signal()));
        Ok(fetch_request(&Request::new_with_str_and_init(url, &init)?))
    }

    /// One read of the body: `true` while there is more. An error ends the body: a rejected
    /// read (abort, network), or past the cap or an error the stream says (then the body is
    /// cancelled and the request aborted).
    fn take(
        &mut self,
        body: &mut Body,
        read: Result<JsValue, JsValue>,
        reader: &ReadableStreamDefaultReader,
        on_text: Option<&js_sys::Function>,
    ) -> Result<bool, ModelError> {
        let chunk = read.and_then(|r| {
            if js_sys::Reflect::get(&r, &JsValue::from_str("done"))?.is_truthy() {
                return Ok(None);
            }
            js_sys::Reflect::get(&r, &JsValue::from_str("value")).map(Some)
        });
        let chunk = match chunk {
            Ok(Some(chunk)) => chunk,
            Ok(None) => return Ok(false),
            Err(e) => {
                self.started |= body.started();
                return Err(self.failure(&e));
            }
        };
        if body.stream.is_some() {
            self.arm();
        }
        let pushed = body.push(chunk.unchecked_ref(), on_text);
        self.started |= body.started();
        if pushed.is_err() {
            // Past the cap, or an error in the stream: read nothing more.
            let _ = reader.cancel();
            self.controller.abort();
        }
        pushed.map(|()| true)
    }
}

/// A body as it is read: a stream, assembled by the core as it arrives and its text shown as
/// it grows, or a whole body, kept up to the cap.
struct Body {
    text: Utf8Chunks,
    /// The stream's assembler and how much of its text was shown; `None` for a whole body.
    stream: Option<(StreamAssembler, usize)>,
    whole: String,
    read: usize,
}

impl Body {
    /// The body of `response` and its reader (none when it has no body). A stream only when
    /// one was asked for and the server sends one; else (not streamed, or a server that
    /// ignored `stream`) one body, read up to the cap.
    fn of(
        response: &Response,
        streamed: bool,
    ) -> Result<(Self, Option<ReadableStreamDefaultReader>), JsValue> {
        let event_stream = response
            .headers()
            .get("content-type")
            .ok()
            .flatten()
            .is_some_and(|t| pling_core::support::text::occurs(&t, "text/event-stream"));
        let reader: Option<ReadableStreamDefaultReader> =
            response.body().map(|b| b.get_reader().unchecked_into());
        let streaming = response.ok() && streamed && event_stream && reader.is_some();
        let stream = streaming.then(|| (StreamAssembler::new(), 0));
        let body = Self { text: Utf8Chunks::new()?, stream, whole: String::new(), read: 0 };
        Ok((body, reader))
    }

    fn started(&self) -> bool {
        self.stream.as_ref().is_some_and(|(a, _)| a.started())
    }

    /// Takes a chunk; an error ends the body (too large, or the stream says so).
    fn push(
        &mut self,
        chunk: &js_sys::Uint8Array,
        on_text: Option<&js_sys::Function>,
    ) -> Result<(), ModelError> {
        let text = self.text.push(chunk).map_err(|e| network(&e))?;
        let Some((assembler, shown)) = &mut self.stream else {
            self.read += chunk.length() as usize;
            if self.read > MAX_REPLY_BYTES {
                return Err(ModelError::TooLarge { bytes: MAX_REPLY_BYTES as u64 });
            }
            self.whole.push_str(&text);
            return Ok(());
        };
        assembler.push(&text)?;
        let content = assembler.content();
        // The content only grows, so what was shown ends on a character boundary of it.
        let new = content.get(*shown..).filter(|new| !new.is_empty());
        if let (Some(f), Some(new)) = (on_text, new) {
            let _ = f.call1(&JsValue::NULL, &JsValue::from_str(new));
            *shown = content.len();
        }
        Ok(())
    }

    /// The reply at the end of the body.
    fn finish(mut self, response: &Response) -> Result<Reply, ModelError> {
        let rest = self.text.end().map_err(|e| network(&e))?;
        match self.stream {
            Some((mut assembler, _)) => {
                assembler.push(&rest)?;
                assembler.finish()
            }
            None => {
                self.whole.push_str(&rest);
                if response.ok() {
                    openai::parse_reply(&self.whole)
                } else {
                    Err(openai::http_error(response.status(), &self.whole))
                }
            }
        }
    }
}

impl Drop for Attempt {
    fn drop(&mut self) {
        if let Some((signal, listener)) = self.on_stop.take() {
            let _ = signal
                .remove_event_listener_with_callback("abort", listener.as_ref().unchecked_ref());
        }
    }
}

fn hints_of(headers: &Headers) -> RetryHints {
    RetryHints {
        retry_after_ms: headers.get("retry-after-ms").ok().flatten(),
        retry_after: headers.get("retry-after").ok().flatten(),
    }
}

/// UTF-8 text from a body's bytes chunk by chunk, by the browser's decoder: a character split
/// across two chunks is kept until its last byte arrives; an invalid byte becomes U+FFFD.
struct Utf8Chunks {
    decoder: TextDecoder,
    streaming: TextDecodeOptions,
}

impl Utf8Chunks {
    fn new() -> Result<Self, JsValue> {
        let streaming = TextDecodeOptions::new();
        streaming.set_stream(true);
        Ok(Self { decoder: TextDecoder::new()?, streaming })
    }

    /// The text of `bytes`, without a character they end in the middle of.
    fn push(&mut self, bytes: &js_sys::Uint8Array) -> Result<String, JsValue> {
        self.decoder.decode_with_buffer_source_and_options(bytes, &self.streaming)
    }

    /// What is left at the end of the body (a character cut short becomes U+FFFD).
    fn end(&mut self) -> Result<String, JsValue> {
        self.decoder.decode()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pling_core::options_read::from_json;

    fn error(json: &str) -> String {
        from_json(json, ClientOptions::read).unwrap_err().to_string()
    }

    #[test]
    fn client_options_take_their_defaults_and_name_a_wrong_member() {
        let json = r#"{"baseURL": "/v1", "apiKey": null, "headers": {"x-team": "a"}, "retry": {"maxRetries": 0}}"#;
        let c = from_json(json, ClientOptions::read).unwrap();
        assert_eq!((c.base_url.as_str(), c.api_key, c.timeout_ms), ("/v1", None, 60_000));
        assert_eq!((c.deadline_ms, c.retry.max_retries, c.retry.base_delay_ms), (300_000, 0, 500));
        assert_eq!(c.headers, [("x-team".to_owned(), "a".to_owned())]);
        assert_eq!(error(r#"{"apiKey": "k"}"#), "at `.`: missing field `baseURL`");
        assert_eq!(
            error(r#"{"baseURL": "/v1", "headers": {"x": 1}}"#),
            "at `headers.x`: expected a string, found a number"
        );
        assert_eq!(
            error(r#"{"baseURL": "/v1", "retry": "fast"}"#),
            "at `retry`: expected an object, found a string"
        );
        assert!(error(r#"{"baseURL": "/v1", "timeout": 5}"#)
            .starts_with("at `.`: unknown field `timeout`"));
        assert!(error(r#"{"baseURL": "/v1", "timeoutMs": -1}"#)
            .starts_with("at `timeoutMs`: expected a whole number"));
    }
}
