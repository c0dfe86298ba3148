//! `Page`: one snapshot with its limits. It renders the observation and resolves the model's
//! calls against that same observation, so names always mean what the model was shown.

use crate::{error, limits};
use pling_core::agent::Outcome;
use pling_core::call::{self, Checked};
use pling_core::receipt::Receipt;
use pling_core::support::json::Value;
use pling_core::support::json_text::{object, text};
use pling_core::support::read::{Fields, Read};
use pling_core::{render, Lists, Observed, Snapshot, NO_ACTION};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// How many lists the engine holds for handles at most; making one more frees the oldest.
const HELD_LISTS: usize = 8;

thread_local! {
    /// Lists handed out by [`Page::lists`], by handle, oldest first; and the last handle.
    static HELD: RefCell<(Vec<(u32, Lists)>, u32)> = const { RefCell::new((Vec::new(), 0)) };
}

/// The lists `handle` stands for, which it gives up: a handle is used once.
fn take_lists(handle: u32) -> Result<Lists, JsValue> {
    let found = HELD.with_borrow_mut(|(held, _)| {
        let at = held.iter().position(|(h, _)| *h == handle)?;
        Some(held.remove(at).1)
    });
    found.ok_or_else(|| {
        error::lists(&format!(
            "lists handle {handle} was freed or used already: send the snapshot with its recordIds"
        ))
    })
}

/// A parsed snapshot and its observation, built once: rendering, resolving, checking and
/// receipts all use it.
#[wasm_bindgen]
pub struct Page {
    observed: Observed,
    /// The observation, rendered when the page was made.
    rendered: String,
}

#[wasm_bindgen]
impl Page {
    /// Parses a snapshot (JSON) and optional limits (JSON). `lists`, a handle from
    /// [`Page::lists`], stands for the snapshot's `recordIds`, which it then leaves out; a
    /// handle is used once, and one freed or used already is refused (`PlingSnapshotError`
    /// with `what` set to `lists`), never read as no lists. Throws `PlingSnapshotError` or
    /// `PlingLimitsError` naming what is wrong and where.
    #[wasm_bindgen(constructor)]
    pub fn new(
        snapshot_json: &str,
        limits_json: Option<String>,
        lists: Option<u32>,
    ) -> Result<Page, JsValue> {
        let limits = limits::parse(limits_json)?;
        // Observing checks the snapshot as it goes: it is parsed, checked and observed once.
        let mut snapshot = Snapshot::parse(snapshot_json).map_err(error::snapshot)?;
        if let Some(handle) = lists {
            if !snapshot.record_ids.is_empty() {
                return Err(error::lists(
                    "a snapshot sent with a lists handle carries no recordIds",
                ));
            }
            snapshot.record_ids = take_lists(handle)?;
        }
        let observed = Observed::new(snapshot, &limits).map_err(error::snapshot)?;
        let o = observed.observation();
        let r = render(o);
        let rendered = text(&object([
            ("section", r.section.into()),
            ("tools", Value::Array(r.tools)),
            ("omissions", o.omissions().to_json()),
            ("rules", r.rules.bits().into()),
        ]));
        Ok(Page { observed, rendered })
    }

    /// A handle to this snapshot's lists (`recordIds`), for the next snapshot whose lists
    /// are the same to pass instead of them; `0` when it has none. The engine holds the last
    /// few handed out.
    pub fn lists(&self) -> u32 {
        let lists = &self.observed.snapshot().record_ids;
        if lists.is_empty() {
            return 0;
        }
        HELD.with_borrow_mut(|(held, last)| {
            *last += 1;
            if held.len() >= HELD_LISTS {
                held.remove(0);
            }
            held.push((*last, lists.clone()));
            *last
        })
    }

    /// The observation as JSON: `{section, tools, omissions, rules}`, where `rules` is the set
    /// of conditional rules the page needs, for `systemMessage`.
    pub fn render(&self) -> String {
        self.rendered.clone()
    }

    /// Resolves a call to `{actionId, record, confirm, handoff}` (JSON); throws
    /// `PlingCallError` saying what is available instead.
    pub fn resolve(&self, name: &str, record: Option<String>) -> Result<String, JsValue> {
        let o = self.observed.observation();
        let r = o.resolve(name, record.as_deref()).map_err(error::call)?;
        Ok(text(&object([
            ("actionId", r.action_id.clone().into()),
            ("declared", r.declared.into()),
            ("record", r.record.into()),
            ("confirm", r.confirm.into()),
            ("handoff", r.handoff.into()),
        ])))
    }

    /// Checks a call (`argumentsJson` as sent) the way the assistant loop does. Returns JSON:
    /// `{"run": {actionId, declared, record, arguments, confirm, handoff, description}}`, or
    /// `{"refused": {actionId, content}}` with the tool result to hand back.
    pub fn check(&self, name: &str, arguments_json: &str) -> Result<String, JsValue> {
        let checked = call::check(&self.observed, name, arguments_json);
        let out = match &checked {
            Checked::Run(run) => object([("run", run.to_json())]),
            Checked::Refused { action_id, error, .. } => {
                let available = call::available(&self.observed);
                let id = action_id.as_deref().unwrap_or(name);
                let receipt = Receipt::refused(id, "", error.clone(), available);
                let content = receipt.to_content(self.observed.limits().max_tool_result_tokens);
                let refused =
                    object([("actionId", action_id.clone().into()), ("content", content.into())]);
                object([("refused", refused)])
            }
        };
        Ok(text(&out))
    }

    /// The tool result of a checked call that did not run: `reason` is `"declined"` (the
    /// person said no) or `"handoff"` (the step is the person's).
    pub fn refusal(&self, call_json: &str, reason: &str) -> Result<String, JsValue> {
        let run = CallJson::parse(call_json)?;
        let error = match reason {
            "declined" => call::DECLINED,
            "handoff" => call::HANDED_OFF,
            other => {
                return Err(error::js_error(
                    "PlingError",
                    format!("refusal reason must be \"declined\" or \"handoff\", not \"{other}\""),
                ))
            }
        };
        let receipt =
            Receipt::refused(&run.action_id, &run.description, error.to_owned(), String::new());
        Ok(receipt.to_content(self.observed.limits().max_tool_result_tokens))
    }

    /// The tool result of a checked call that ran: the page's outcome (`{ok, error}`) and what
    /// changed between this page and `after` (the page observed once it settled).
    pub fn receipt(
        &self,
        call_json: &str,
        outcome_json: &str,
        after: &Page,
    ) -> Result<String, JsValue> {
        let run = CallJson::parse(call_json)?;
        let outcome = outcome(outcome_json)?;
        let call = call::Call {
            action_id: run.action_id,
            declared: run.declared,
            record: run.record,
            arguments: pling_core::support::json::Value::Null,
            confirm: false,
            handoff: false,
            description: run.description,
        };
        let action = call::action_of(self.observed.snapshot(), &call).unwrap_or(&NO_ACTION);
        let receipt = call::ran(
            self.observed.snapshot(),
            after.observed.snapshot(),
            action,
            &call.action_id,
            call.record.as_deref(),
            outcome.ok,
            outcome.error,
        );
        Ok(receipt.to_content(self.observed.limits().max_tool_result_tokens))
    }
}

/// The parts of a checked call that a receipt needs, as `check` returned them.
struct CallJson {
    action_id: String,
    declared: String,
    record: Option<String>,
    description: String,
}

/// `json` read by the core's `read`; a `PlingError` saying it is not `what` otherwise.
fn read_json<T>(json: &str, what: &str, read: fn(&Value, &str) -> Read<T>) -> Result<T, JsValue> {
    pling_core::options_read::from_json(json, read)
        .map_err(|e| error::js_error("PlingError", format!("not {what}: {e}")))
}

impl CallJson {
    fn parse(json: &str) -> Result<Self, JsValue> {
        read_json(json, "a checked call", Self::read)
    }

    fn read(v: &Value, path: &str) -> Read<Self> {
        let f = Fields::open(v, path)?;
        let c = Self {
            action_id: f.required_string("actionId"),
            declared: f.required_string("declared"),
            record: f.string("record"),
            description: f.string("description").unwrap_or_default(),
        };
        f.done(c)
    }
}

/// The page's outcome of a call, `{ok, error}`, read as the assistant reads a dispatch's
/// answer ([`Outcome::read`]).
fn outcome(json: &str) -> Result<Outcome, JsValue> {
    read_json(json, "an outcome", Outcome::read)
}
