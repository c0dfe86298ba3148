//! One call — from the in-page model or an external agent — checked against the snapshot it
//! was shown: its JSON, its name and record through the name map, its arguments against the
//! tool schema. The assistant loop and the Agent Surface both go through here, so a call means
//! the same and is refused for the same reasons wherever it comes from.

use crate::observed::Observed;
use crate::receipt::{diff_of, Receipt};
use crate::render::tool_named;
use crate::snapshot::{Action, Snapshot};
use crate::support::json::Value;
use crate::support::text::Joined;
use crate::validate;
use serde::Serialize;

/// Why an action that needs the person did not run.
pub const HANDED_OFF: &str =
    "this step is for the person: control was handed to them; it did not run";
/// The longest arguments text a call may carry (16 KiB); a larger one is refused, and the
/// history keeps a note of its size instead of the text.
pub const MAX_ARGUMENT_CHARS: usize = 16 * 1024;

/// Why an action the person declined did not run.
pub const DECLINED: &str =
    "the person declined this action; it did not run. Do not call it again; ask the person how to continue";

/// A call that may run: the original action and what to run it with.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Call {
    /// The original action id (`toggle@t9`).
    pub action_id: String,
    /// The declared action that carries it (`toggle` for a row set).
    pub declared: String,
    /// The row, for a row action.
    pub record: Option<String>,
    /// The arguments, an object.
    pub arguments: Value,
    /// The person must confirm first.
    pub confirm: bool,
    /// The step is the person's: it is never run for them.
    pub handoff: bool,
    /// The author's description of the action.
    pub description: String,
}

impl Call {
    /// The JSON form (its `Serialize` form).
    pub fn to_json(&self) -> Value {
        crate::support::json_text::object([
            ("actionId", self.action_id.as_str().into()),
            ("declared", self.declared.as_str().into()),
            ("record", self.record.clone().into()),
            ("arguments", self.arguments.clone()),
            ("confirm", self.confirm.into()),
            ("handoff", self.handoff.into()),
            ("description", self.description.as_str().into()),
        ])
    }
}

/// What checking a call comes to.
#[derive(Debug, Clone, PartialEq)]
pub enum Checked {
    /// It cannot run.
    Refused {
        /// The action it named, when the name resolved.
        action_id: Option<String>,
        /// Why, for the receipt.
        error: String,
    },
    /// It names an action that may run (after confirmation, unless it is a handoff).
    Run(Call),
}

/// Checks the call `name(arguments)` against the observation the caller was sent.
/// `arguments` is the JSON text the caller sent; empty means `{}`.
pub fn check(observed: &Observed, name: &str, arguments: &str) -> Checked {
    let observation = observed.observation();
    let refused = |action_id: Option<String>, error: String| Checked::Refused { action_id, error };
    let (arguments, record) = match parse_arguments(name, arguments) {
        Ok(parsed) => parsed,
        Err(error) => return refused(None, error),
    };
    let resolved = match observation.resolve(name, record.as_deref()) {
        Ok(r) => r,
        Err(e) => return refused(None, e.to_string()),
    };
    // The schema the caller was shown (its own tool alone; nothing else is rendered).
    let mut arguments = arguments;
    if let Some(tool) = tool_named(observation, name) {
        let schema = &tool["function"]["parameters"];
        let problems = validate::check(schema, &arguments);
        if !problems.is_empty() {
            return refused(
                Some(resolved.action_id.to_string()),
                format!("invalid arguments for `{name}`: {}", problems.joined("; ")),
            );
        }
        keep_declared(schema, &mut arguments);
    }
    // A row named by its alias reaches the page's handler by the page's own id.
    if let (Some(full), Some(Value::String(passed))) =
        (resolved.record, arguments.get_mut("record"))
    {
        if passed != full {
            *passed = full.to_owned();
        }
    }
    let description = observed
        .snapshot()
        .actions
        .iter()
        .find(|a| a.id == resolved.declared)
        .map(|a| a.description.as_str().to_owned())
        .unwrap_or_default();
    Checked::Run(Call {
        action_id: resolved.action_id.to_string(),
        declared: resolved.declared.to_owned(),
        record: resolved.record.map(str::to_owned),
        arguments,
        confirm: resolved.confirm,
        handoff: resolved.handoff,
        description,
    })
}

/// The call's arguments as a JSON object, and the record it names (as a string).
fn parse_arguments(name: &str, arguments: &str) -> Result<(Value, Option<String>), String> {
    if arguments.len() > MAX_ARGUMENT_CHARS {
        return Err(format!(
            "the arguments of `{name}` are {} characters long, more than the {MAX_ARGUMENT_CHARS} an action takes",
            arguments.len()
        ));
    }
    let text = if arguments.trim().is_empty() { "{}" } else { arguments };
    let arguments = match crate::support::json_text::from_str(text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(other) => {
            return Err(format!(
                "arguments must be a JSON object, got {}",
                crate::support::json_text::Json(&other)
            ))
        }
        Err(e) => return Err(format!("invalid JSON arguments for `{name}`: {e}")),
    };
    let record = match arguments.get("record") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(other) => {
            return Err(format!(
                "`record` must be a record id string, got {}",
                crate::support::json_text::Json(other)
            ))
        }
    };
    Ok((arguments, record))
}

/// Drops top-level arguments the schema does not declare, so a handler gets only the
/// parameters its author declared — unless the schema itself allows more.
fn keep_declared(schema: &Value, arguments: &mut Value) {
    let allows_more =
        matches!(schema.get("additionalProperties"), Some(Value::Bool(true) | Value::Object(_)));
    let (Some(declared), Value::Object(args)) =
        (schema.get("properties").and_then(Value::as_object), arguments)
    else {
        return;
    };
    if !allows_more {
        args.retain(|k, _| declared.contains_key(k));
    }
}

/// Whether a call checked against the observation the model was sent can still run on the
/// page as it is now, after the earlier calls of the same reply ran: its action (and row)
/// must still be there and available. A call whose target is gone is refused, never moved to
/// whatever now has its name.
pub fn still_runs(current: &Observed, call: &Call) -> Result<(), String> {
    let observation = current.observation();
    let same = |r: &crate::observe::Row<'_>| {
        Some(r.record) == call.record.as_deref()
            && r.action == call.declared
            && r.action_id() == call.action_id
    };
    let mut blocked_for = None;
    let entry = observation.entries.iter().find(|e| match &e.target {
        crate::observe::Target::Action { id, .. } => *id == call.action_id && call.record.is_none(),
        crate::observe::Target::Rows { rows, blocked, .. } => {
            blocked_for = blocked.iter().find(|b| same(&b.row)).map(|b| b.reason);
            blocked_for.is_some() || rows.iter().any(|r| same(&r))
        }
    });
    if let (Some(_), Some(reason)) = (entry, blocked_for) {
        return Err(format!(
            "`{}` cannot run now after the earlier calls of this reply: {reason}; it did not run",
            call.action_id
        ));
    }
    match entry {
        None => Err(format!(
            "`{}` is no longer on the page after the earlier calls of this reply; it did not run",
            call.action_id
        )),
        Some(e) if !e.available => Err(format!(
            "`{}` cannot run now after the earlier calls of this reply: {}; it did not run",
            call.action_id,
            e.reason.unwrap_or(crate::observe::DEFAULT_REASON)
        )),
        Some(_) => Ok(()),
    }
}

/// The names that can be called now, for a refusal: `toggle, search` or `none`.
pub fn available(observed: &Observed) -> String {
    observed.observation().callable_names()
}

/// The receipt of `action` (as `action_id`, on `record`) that ran: `ok` and `error` from the
/// page, what changed from the snapshots before and after it, the row's label from before.
pub fn ran(
    before: &Snapshot,
    after: &Snapshot,
    action: &Action,
    action_id: &str,
    record: Option<&str>,
    ok: bool,
    error: Option<String>,
) -> Receipt {
    let changes = diff_of(before, after, action.effect);
    let aliases = crate::alias::Aliases::of(&[before, after]);
    Receipt::ran(action, action_id, ok, error, changes).for_record(record, before).cited(&aliases)
}

/// The declared action a checked call runs, as the snapshot it was checked against has it.
pub fn action_of<'s>(snapshot: &'s Snapshot, call: &Call) -> Option<&'s Action> {
    action_at(snapshot, call).map(|i| &snapshot.actions[i])
}

/// Where [`action_of`]'s action is in the snapshot's actions.
pub fn action_at(snapshot: &Snapshot, call: &Call) -> Option<usize> {
    snapshot.actions.iter().position(|a| a.id == call.declared)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::{Record, RowSet};
    use crate::Limits;

    fn seen(s: &Snapshot) -> Observed {
        Observed::new(s.clone(), &Limits::default()).expect("the page observes")
    }

    fn page() -> Snapshot {
        let mut s = Snapshot::default();
        s.actions.push(Action {
            id: "toggle".into(),
            description: "Mark the task as complete".into(),
            rows: Some(RowSet { records: vec!["t1".into(), "t2".into()], ..Default::default() }),
            ..Default::default()
        });
        s.actions.push(Action {
            id: "delete_all".into(),
            description: "Delete every task".into(),
            confirm: true,
            ..Default::default()
        });
        s.records.push(Record {
            id: "t2".into(),
            label: Some("Buy milk".into()),
            ..Default::default()
        });
        s
    }

    #[test]
    fn a_row_named_by_its_alias_runs_on_the_page_own_id() {
        let uuid = "3f2a9c1b-7d4e-4b8a-9f10-2c3d4e5f6a7b";
        let mut s = page();
        s.actions[0].rows = Some(RowSet { records: vec![uuid.into()], ..Default::default() });
        let alias = crate::alias::alias_of(uuid).unwrap();
        let args = format!(r#"{{"record":"{alias}"}}"#);
        let Checked::Run(call) = check(&seen(&s), "toggle", &args) else { panic!("refused") };
        assert_eq!(call.action_id, format!("toggle@{uuid}"));
        assert_eq!(call.record.as_deref(), Some(uuid));
        assert_eq!(call.arguments, crate::json!({"record": uuid}));
        let full = format!(r#"{{"record":"{uuid}"}}"#);
        let Checked::Run(same) = check(&seen(&s), "toggle", &full) else { panic!("refused") };
        assert_eq!(same.action_id, call.action_id);
    }

    #[test]
    fn a_row_that_is_not_the_action_s_is_named_by_its_alias_in_the_refusal() {
        let row = "3f2a9c1b-7d4e-4b8a-9f10-000000000001";
        let other = "3f2a9c1b-7d4e-4b8a-9f10-000000000002";
        let mut s = page();
        s.actions[0].rows = Some(RowSet { records: vec![row.into()], ..Default::default() });
        s.records.push(Record {
            id: other.into(),
            label: Some("Sell the bike".into()),
            ..Default::default()
        });
        let alias = crate::alias::alias_of(other).unwrap();
        let args = format!(r#"{{"record":"{alias}"}}"#);
        let Checked::Refused { error, .. } = check(&seen(&s), "toggle", &args) else {
            panic!("ran")
        };
        assert!(error.contains(&format!("record `{alias}` is not a row of `toggle`")), "{error}");
        assert!(!error.contains(other), "the model was never shown the long id: {error}");
    }

    #[test]
    fn a_row_call_resolves_to_its_action_and_record() {
        let s = page();
        let Checked::Run(call) = check(&seen(&s), "toggle", r#"{"record":"t2"}"#) else {
            panic!("refused")
        };
        assert_eq!(
            (call.action_id.as_str(), call.declared.as_str(), call.record.as_deref()),
            ("toggle@t2", "toggle", Some("t2"))
        );
        assert!(!call.confirm && !call.handoff);
        let mut after = s.clone();
        after.records.clear();
        let action = action_of(&s, &call).expect("declared");
        let receipt = ran(&s, &after, action, &call.action_id, call.record.as_deref(), true, None);
        assert_eq!(receipt.action.label.as_deref(), Some("Buy milk"));
        let content = receipt.to_content(1000);
        assert!(content.contains(r#""removed":["t2"]"#), "{content}");
    }

    #[test]
    fn handlers_get_only_declared_parameters() {
        let mut s = page();
        s.actions.push(Action {
            id: "add".into(),
            params: Some(
                crate::json!({"type": "object", "properties": {"text": {"type": "string"}}}),
            ),
            ..Default::default()
        });
        let Checked::Run(call) =
            check(&seen(&s), "add", r#"{"text":"hi","owner":"attacker","isAdmin":true}"#)
        else {
            panic!("refused")
        };
        assert_eq!(call.arguments, crate::json!({"text": "hi"}));
        let Checked::Run(call) = check(&seen(&s), "toggle", r#"{"record":"t1","x":1}"#) else {
            panic!("refused")
        };
        assert_eq!(call.arguments, crate::json!({"record": "t1"}));
    }

    #[test]
    fn a_call_whose_target_is_gone_does_not_move() {
        let s = page();
        let Checked::Run(call) = check(&seen(&s), "toggle", r#"{"record":"t2"}"#) else {
            panic!("refused")
        };
        assert_eq!(still_runs(&seen(&s), &call), Ok(()));
        let mut after = s.clone();
        after.actions[0].rows.as_mut().unwrap().records.retain(|r| r != "t2");
        assert!(still_runs(&seen(&after), &call).unwrap_err().contains("no longer on the page"));
        after.actions[0].available = false;
        after.actions[0].rows.as_mut().unwrap().records.push("t2".into());
        assert!(still_runs(&seen(&after), &call).unwrap_err().contains("cannot run now"));
    }

    #[test]
    fn refusals_say_why() {
        let s = page();
        let why = |name: &str, args: &str| match check(&seen(&s), name, args) {
            Checked::Refused { error, .. } => error,
            Checked::Run(c) => panic!("ran {c:?}"),
        };
        assert!(why("toggle", "[1]").starts_with("arguments must be a JSON object"));
        assert!(why("toggle", "{").starts_with("invalid JSON arguments for `toggle`"));
        assert!(why("toggle", r#"{"record":true}"#).contains("`record` must be a record id"));
        assert!(why("toggle", r#"{"record":"t9"}"#).contains("t9"));
        assert!(why("launch", "{}").contains("launch"));
        let huge = format!("{{\"record\":\"{}\"}}", "x".repeat(MAX_ARGUMENT_CHARS));
        assert!(why("toggle", &huge).contains("characters long"));
        assert_eq!(available(&seen(&s)), "toggle, delete_all");
        let Checked::Run(call) = check(&seen(&s), "delete_all", "") else { panic!("refused") };
        assert!(call.confirm);
    }

    /// A declared form is one tool: its fields reach the model unchanged as the parameters,
    /// a call giving them runs with every one, and a field the form lacks or an option it
    /// does not offer is refused naming what it takes. Formats and patterns are left to the
    /// browser's own validation, which reports on the page's fields.
    #[test]
    fn a_declared_form_is_one_tool_with_its_fields() {
        let mut s = page();
        let params = crate::json!({
            "type": "object",
            "properties": {
                "to": {"type": "string", "format": "email", "description": "To"},
                "subject": {"type": "string", "maxLength": 80},
                "message": {"type": "string"},
                "priority": {"type": "string", "enum": ["normal", "high"]}
            },
            "required": ["to", "subject", "message"],
            "additionalProperties": false
        });
        s.actions.push(Action {
            id: "send_email".into(),
            description: "Send an email".into(),
            kind: crate::snapshot::ActionKind::Submit,
            params: Some(params.clone()),
            confirm: true,
            ..Default::default()
        });
        let observed = seen(&s);
        let tool = tool_named(observed.observation(), "send_email").expect("a tool");
        assert_eq!(tool["function"]["parameters"], params);
        let args = r#"{"to":"ada","subject":"Hi","message":"Lunch?","priority":"high"}"#;
        let Checked::Run(call) = check(&observed, "send_email", args) else { panic!("refused") };
        assert_eq!(call.arguments["to"], crate::json!("ada"));
        assert_eq!(call.arguments.as_object().map(|m| m.len()), Some(4));
        assert!(call.confirm);
        let why = |args: &str| match check(&observed, "send_email", args) {
            Checked::Refused { error, .. } => error,
            Checked::Run(c) => panic!("ran {c:?}"),
        };
        let unknown = why(r#"{"to":"a@b.c","subject":"Hi","message":"x","body":"x"}"#);
        assert!(
            unknown
                .contains("`body` is not a parameter (parameters: to, subject, message, priority)"),
            "{unknown}"
        );
        assert!(why(r#"{"to":"a@b.c","subject":"Hi"}"#).contains("`message` is required"));
        let option = why(r#"{"to":"a@b.c","subject":"Hi","message":"x","priority":"urgent"}"#);
        assert!(option.contains("`priority` must be one of \"normal\", \"high\""), "{option}");
    }

    /// What the model reads as `[masked]` is not a value: a call that would write the mask —
    /// into a password field, inside a reply, in a nested argument — is refused and says
    /// where, and nothing runs; the same arguments without it run.
    #[test]
    fn the_mask_is_never_written_back() {
        let mut s = page();
        s.actions.push(Action {
            id: "set_password".into(),
            params: Some(crate::json!({
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "lines": {"type": "array", "items": {"type": "string"}}
                }
            })),
            ..Default::default()
        });
        let observed = seen(&s);
        let why = |args: &str| match check(&observed, "set_password", args) {
            Checked::Refused { error, action_id, .. } => (error, action_id),
            Checked::Run(c) => panic!("ran {c:?}"),
        };
        let (error, action_id) = why(r#"{"text":"[masked]"}"#);
        assert!(
            error.contains("`text` contains [masked]: a hidden value, not one to write"),
            "{error}"
        );
        assert_eq!(action_id.as_deref(), Some("set_password"));
        assert!(why(r#"{"text":"Your code is [masked]."}"#).0.contains("`text` contains"));
        assert!(why(r#"{"lines":["ok","[masked]"]}"#).0.contains("`lines[1]` contains"));
        assert!(matches!(
            check(&observed, "set_password", r#"{"text":"masked"}"#),
            Checked::Run(_)
        ));
    }
}
