//! The JSON forms of the loop's types, as the binding hands them to JS.

use super::{Command, Done, EndReason, Purpose};
use crate::support::json::Value;
use crate::support::json_text::object;
use crate::support::list::Listed;

/// The JSON forms the binding hands to JS, written out as the `Serialize` derives write them
/// (a test holds the two to one shape): one value type crosses the boundary, so the engine
/// carries no serialiser per type.
impl Purpose {
    /// `"step"` or `"summary"`.
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Step => "step",
            Purpose::Summary => "summary",
        }
    }
}

impl EndReason {
    /// The reason's name, as its JSON form writes it (`"stepLimit"`).
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Answered => "answered",
            EndReason::Handoff => "handoff",
            EndReason::StepLimit => "stepLimit",
            EndReason::RepeatedFailures => "repeatedFailures",
            EndReason::Stopped => "stopped",
            EndReason::ModelFailed => "modelFailed",
        }
    }
}

impl Done {
    /// The entry's JSON form (its `Serialize` form).
    pub fn to_json(&self) -> Value {
        object([
            ("name", self.name.as_str().into()),
            ("actionId", self.action_id.clone().into()),
            ("record", self.record.clone().into()),
            ("label", self.label.clone().into()),
            ("ok", self.ok.into()),
            ("dispatched", self.dispatched.into()),
            ("error", self.error.clone().into()),
        ])
    }
}

impl Command {
    /// The command's JSON form (its `Serialize` form): tagged by `type`.
    pub fn to_json(&self) -> Value {
        match self {
            Command::Observe => object([("type", "observe".into())]),
            Command::Request { purpose, body } => object([
                ("type", "request".into()),
                ("purpose", purpose.name().into()),
                ("body", body.clone()),
            ]),
            Command::Confirm { name, action_id, record, label, description, arguments } => {
                object([
                    ("type", "confirm".into()),
                    ("name", name.as_str().into()),
                    ("actionId", action_id.as_str().into()),
                    ("record", record.clone().into()),
                    ("label", label.clone().into()),
                    ("description", description.as_str().into()),
                    ("arguments", arguments.clone()),
                ])
            }
            Command::Dispatch { action_id, declared, record, arguments } => object([
                ("type", "dispatch".into()),
                ("actionId", action_id.as_str().into()),
                ("declared", declared.as_str().into()),
                ("record", record.clone().into()),
                ("arguments", arguments.clone()),
            ]),
            Command::Finish { reason, message, actions } => object([
                ("type", "finish".into()),
                ("reason", reason.name().into()),
                ("message", message.as_str().into()),
                ("actions", Value::Array(actions.iter().map(Done::to_json).listed())),
            ]),
        }
    }
}
