//! `Assistant`: the assistant loop, driven inside the engine. `run` walks the core's sans-IO
//! machine to the end of a request: it calls the model itself ([`crate::client`]) and asks the
//! page (a JS host) only for what only the page can do — a settled snapshot, a dispatch into
//! the page's handler, the person's answer to a confirmation — and tells it what happens.
//! Options are read by the core's readers, events go out with serde-wasm-bindgen; the
//! request body and the model's reply stay in the engine.

use crate::client::{self, ClientOptions, Failure};
use crate::error;
use pling_core::agent::{Agent, AgentConfig, Command, Outcome, Purpose};
use pling_core::openai::Reply;
use pling_core::support::json::Value;
use pling_core::support::json_text::object;
use pling_core::Snapshot;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::AbortSignal;

#[wasm_bindgen]
extern "C" {
    /// What the page does for the loop (the JS `Assistant` provides it).
    pub type Host;
    /// Settles the page and resolves with its snapshot (JSON).
    #[wasm_bindgen(method, catch)]
    fn capture(this: &Host) -> Result<js_sys::Promise, JsValue>;
    /// Runs a dispatch effect on the page; resolves with `{ok, error}`.
    #[wasm_bindgen(method, catch)]
    fn perform(this: &Host, command: JsValue) -> Result<js_sys::Promise, JsValue>;
    /// Asks the person; resolves with whether they allowed it.
    #[wasm_bindgen(method, catch)]
    fn confirm(this: &Host, request: JsValue) -> Result<js_sys::Promise, JsValue>;
    /// An event for the page's `onEvent` (and the chat's view).
    #[wasm_bindgen(method)]
    fn emit(this: &Host, event: JsValue);
    /// Streamed text as it arrives.
    #[wasm_bindgen(method, js_name = onText)]
    fn on_text(this: &Host, text: &str);
}

/// The loop for one page.
#[wasm_bindgen]
pub struct Assistant(Rc<RefCell<Agent>>);

/// A JSON value as a plain JS value (serde-wasm-bindgen, objects as plain objects as
/// `JSON.parse` would make them). Everything the loop hands to JS is first its JSON form (the
/// core's `to_json`), so one serialiser serves every event.
fn to_js(value: &Value) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(JsValue::from)
}

/// The page's answer to a dispatch; anything else is a failed dispatch that says what it was.
fn outcome_of(result: &JsValue) -> Outcome {
    let json = js_sys::JSON::stringify(result).ok().and_then(|s| s.as_string());
    let read = json.ok_or_else(|| "not plain data".to_owned()).and_then(|json| {
        pling_core::options_read::from_json(&json, Outcome::read).map_err(|e| e.to_string())
    });
    read.unwrap_or_else(|e| Outcome {
        ok: false,
        error: Some(format!("the page's dispatch answered something unexpected: {e}")),
        ran: None,
    })
}

/// A dispatch whose promise rejected: that call's failed outcome (`{ok: false, error}`), never
/// the end of the task. The thrown value is read only when it is a string: anything else may
/// throw again when read.
fn dispatch_failed(thrown: &JsValue) -> Result<JsValue, JsValue> {
    let error = match thrown.as_string() {
        Some(text) => format!("the page's dispatch failed: {text}"),
        None => "the page's dispatch failed with a value that is not text".to_owned(),
    };
    to_js(&object([("ok", false.into()), ("error", error.into())]))
}

fn agent_error(e: pling_core::agent::AgentError) -> JsValue {
    match e {
        pling_core::agent::AgentError::Snapshot(e) => error::snapshot(e),
        e => error::js_error("PlingAssistantError", e),
    }
}

/// How a request ended, for the JS `Assistant`: the core's finish (`reason`, `message`,
/// `actions`), and with a model failure the error and the wait the server asked for
/// (`modelError`, `waitMs`).
fn finished(mut finish: Value, failure: Option<Failure>) -> Value {
    if let Some(members) = finish.as_object_mut() {
        members.remove("type");
        let wait_ms = failure.as_ref().and_then(|f| f.wait_ms);
        members.insert("modelError".into(), failure.map_or(Value::Null, |f| f.error.to_json()));
        members.insert("waitMs".into(), wait_ms.into());
    }
    finish
}

#[wasm_bindgen]
impl Assistant {
    /// A loop with `config` (application, limits, request, maxSteps, maxRepeatedFailures,
    /// maxCallsPerReply, maxConfirmationsPerReply).
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<Assistant, JsValue> {
        let config = error::read_options(&config, "assistant configuration", AgentConfig::read)?;
        config.limits.validate().map_err(error::limits)?;
        Ok(Assistant(Rc::new(RefCell::new(Agent::new(config)))))
    }

    /// Works on the person's request until the loop finishes; resolves with how it ended.
    /// `client` says where the model is; `stop` is the person's stop.
    pub fn run(
        &self,
        text: String,
        host: Host,
        client: JsValue,
        stop: AbortSignal,
    ) -> Result<js_sys::Promise, JsValue> {
        let client = error::read_options(&client, "model client", ClientOptions::read)?;
        let first = self.0.borrow_mut().ask(&text).map_err(agent_error)?;
        let driver = Driver { agent: self.0.clone(), host, client, stop, failure: None };
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            let finished = driver.drive(first).await?;
            to_js(&finished)
        }))
    }

    /// Stops the loop; nothing is dispatched after this.
    pub fn stop(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.borrow_mut().stop().to_json())
    }

    /// Ends the loop because the page or the engine failed (`why`), not the person.
    pub fn fail(&self, why: &str) -> Result<JsValue, JsValue> {
        to_js(&self.0.borrow_mut().fail(why).to_json())
    }

    /// Whether a task is under way.
    pub fn busy(&self) -> bool {
        self.0.borrow().busy()
    }

    /// The conversation so far, as the chat messages of the OpenAI wire format.
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let agent = self.0.borrow();
        let wire = pling_core::openai::wire_messages(None, &agent.history().messages);
        to_js(&Value::Array(wire))
    }
}

/// What the model is sent: the body's JSON text, whether it streams, and where the streamed
/// text goes as it grows.
struct ModelTurn {
    body: String,
    streamed: bool,
    on_text: Closure<dyn FnMut(String)>,
}

/// One request's walk through the machine. The agent is borrowed only between awaits.
struct Driver {
    agent: Rc<RefCell<Agent>>,
    host: Host,
    client: ClientOptions,
    stop: AbortSignal,
    failure: Option<Failure>,
}

impl Driver {
    /// Two kinds of wait: the model (the engine's own client) and the page (a JS promise).
    /// What comes before and after each wait is plain code.
    async fn drive(mut self, first: Command) -> Result<Value, JsValue> {
        let mut command = first;
        loop {
            if self.stop.aborted() && !matches!(command, Command::Finish { .. }) {
                command = self.agent.borrow_mut().stop();
            }
            command = match command {
                Command::Finish { .. } => {
                    return Ok(finished(command.to_json(), self.failure.take()));
                }
                Command::Request { purpose, body } => {
                    let turn = self.ask_model(purpose, &body)?;
                    let on_text: &js_sys::Function = turn.on_text.as_ref().unchecked_ref();
                    let (client, stop) = (&self.client, Some(&self.stop));
                    let chat = client::chat(&turn.body, turn.streamed, client, stop, Some(on_text));
                    self.model_answered(chat.await)?
                }
                command => {
                    let asked = self.ask_page(&command)?;
                    let answer = match JsFuture::from(asked).await {
                        Err(thrown) if matches!(command, Command::Dispatch { .. }) => {
                            dispatch_failed(&thrown)?
                        }
                        answer => answer?,
                    };
                    self.page_answered(&command, answer)?
                }
            };
        }
    }

    fn event(&self, event: Value) -> Result<(), JsValue> {
        self.host.emit(to_js(&event)?);
        Ok(())
    }

    /// Before the model's turn: the event, the body's text, and where streamed text goes.
    fn ask_model(&self, purpose: Purpose, body: &Value) -> Result<ModelTurn, JsValue> {
        let kind = if purpose == Purpose::Summary { "summarize" } else { "thinking" };
        self.event(object([("type", kind.into())]))?;
        let streamed = body.get("stream").and_then(Value::as_bool).unwrap_or(false);
        let host: Host = self.host.clone().unchecked_into();
        let on_text = Closure::<dyn FnMut(String)>::new(move |t: String| host.on_text(&t));
        Ok(ModelTurn { body: pling_core::support::json_text::text(body), streamed, on_text })
    }

    fn model_answered(&mut self, result: Result<Reply, Failure>) -> Result<Command, JsValue> {
        let result = match result {
            Ok(reply) => {
                self.replied(&reply)?;
                self.failure = None;
                Ok(reply)
            }
            Err(failure) => {
                let error = failure.error.clone();
                self.failure = Some(failure);
                Err(error)
            }
        };
        self.agent.borrow_mut().model_replied(result).map_err(agent_error)
    }

    fn replied(&self, reply: &Reply) -> Result<(), JsValue> {
        if let Some(usage) = &reply.usage {
            let mut event = usage.to_json();
            if let Some(members) = event.as_object_mut() {
                members.insert("type".into(), "usage".into());
            }
            self.event(event)?;
        }
        if let Some(content) = reply.content.as_deref().filter(|c| !c.is_empty()) {
            self.event(object([("type", "reply".into()), ("content", content.into())]))?;
        }
        Ok(())
    }

    /// Before the page's turn: the event, and the page's promise — a settled snapshot, the
    /// person's answer to a confirmation, or a dispatch's outcome.
    fn ask_page(&self, command: &Command) -> Result<js_sys::Promise, JsValue> {
        let mut json = command.to_json();
        match command {
            Command::Observe => {
                self.event(json)?;
                self.host.capture()
            }
            // The command is tagged `type: "confirm"`: the event; the question is its own
            // copy without the tag, a `ConfirmRequest`.
            Command::Confirm { .. } => {
                self.host.emit(to_js(&json)?);
                if let Some(members) = json.as_object_mut() {
                    members.remove("type");
                }
                self.host.confirm(to_js(&json)?)
            }
            _ => {
                self.event(call_event(
                    "call",
                    command,
                    &[("arguments", json["arguments"].clone())],
                ))?;
                self.host.perform(to_js(&json)?)
            }
        }
    }

    /// After the page's turn: its answer, for the machine. (The agent is borrowed after the
    /// events, which the page may answer by asking the assistant something.)
    fn page_answered(&self, command: &Command, answer: JsValue) -> Result<Command, JsValue> {
        let stopped = self.stop.aborted();
        let command = match command {
            Command::Observe if stopped => Ok(self.agent.borrow_mut().stop()),
            Command::Observe => {
                let json = answer.as_string().ok_or_else(|| {
                    error::js_error("PlingError", "the page's snapshot did not arrive as JSON text")
                })?;
                let snapshot = Snapshot::parse(&json).map_err(error::snapshot)?;
                self.agent.borrow_mut().observed(snapshot)
            }
            // Only `true` allows: `'no'`, `{}` or `1` from a page's confirm is a no.
            Command::Confirm { .. } => {
                let allowed = answer.as_bool() == Some(true);
                self.agent.borrow_mut().confirmed(allowed && !stopped)
            }
            _ => {
                let outcome = outcome_of(&answer);
                let (ok, error) = (outcome.ok.into(), outcome.error.clone().into());
                self.event(call_event("result", command, &[("ok", ok), ("error", error)]))?;
                self.agent.borrow_mut().dispatched(outcome)
            }
        };
        command.map_err(agent_error)
    }
}

/// A dispatch's event (`call` or `result`): its action id and record, then `rest`.
fn call_event(kind: &str, command: &Command, rest: &[(&str, Value)]) -> Value {
    let (action_id, record) = match command {
        Command::Dispatch { action_id, record, .. } => (action_id.as_str(), record.clone()),
        _ => ("", None),
    };
    let mut event =
        object([("type", kind.into()), ("actionId", action_id.into()), ("record", record.into())]);
    if let Some(members) = event.as_object_mut() {
        for (key, value) in rest {
            members.insert((*key).into(), value.clone());
        }
    }
    event
}

/// One chat request with retries, for `chat()` in JS: `body` is the request's JSON (its
/// `stream` member is `streamed`); resolves with `{ok: reply}` or `{error, waitMs}`; model and
/// network failures never reject.
#[wasm_bindgen(js_name = chat)]
pub fn chat_request(
    body: String,
    streamed: bool,
    client: JsValue,
    stop: Option<AbortSignal>,
    on_text: Option<js_sys::Function>,
) -> Result<js_sys::Promise, JsValue> {
    let client = error::read_options(&client, "model client", ClientOptions::read)?;
    Ok(wasm_bindgen_futures::future_to_promise(async move {
        let result = client::chat(&body, streamed, &client, stop.as_ref(), on_text.as_ref()).await;
        match result {
            Ok(reply) => to_js(&object([("ok", reply.to_json())])),
            Err(f) => to_js(&object([("error", f.error.to_json()), ("waitMs", f.wait_ms.into())])),
        }
    }))
}
