//! What the loop says to its host and hears back: the commands, the page's outcome of a
//! dispatch, the final report of what ran, and the errors of a host that calls out of order.

use crate::support::json::Value;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What a model request is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Purpose {
    /// The next step of the task.
    Step,
    /// Summarising older history.
    Summary,
}

/// Why the loop finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    /// The model answered.
    Answered,
    /// An action needs the person: control is theirs.
    Handoff,
    /// The step limit was reached.
    StepLimit,
    /// The same failing call kept coming.
    RepeatedFailures,
    /// The person stopped it.
    Stopped,
    /// The model could not be reached or answered garbage.
    ModelFailed,
}

/// One action that ran (or was refused), for the final report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    /// The function name the model used.
    pub name: String,
    /// The original action id, when it resolved.
    pub action_id: Option<String>,
    /// The record, for a row action.
    pub record: Option<String>,
    /// The record's label before the action, when the page gave one.
    pub label: Option<String>,
    /// Whether it ran without error.
    pub ok: bool,
    /// Whether it was dispatched to the page at all.
    pub dispatched: bool,
    /// What went wrong.
    pub error: Option<String>,
}

/// What the host must do next.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Command {
    /// Wait for the page to settle, take a snapshot, and pass it to [`Agent::observed`](super::Agent::observed).
    Observe,
    /// POST `body` to `/chat/completions`, with retries, and pass the reply to
    /// [`Agent::model_replied`](super::Agent::model_replied).
    Request {
        /// What the request is for.
        purpose: Purpose,
        /// The request body.
        body: Value,
    },
    /// Ask the person whether this action may run; pass the answer to [`Agent::confirmed`](super::Agent::confirmed).
    #[serde(rename_all = "camelCase")]
    Confirm {
        /// The function name the model called.
        name: String,
        /// The original action id.
        action_id: String,
        /// The record, for a row action.
        record: Option<String>,
        /// That row's label as the page shows it, so the person can see which row it is.
        label: Option<String>,
        /// The action's description.
        description: String,
        /// The arguments.
        arguments: Value,
    },
    /// Run this action on the page; pass the outcome to [`Agent::dispatched`](super::Agent::dispatched).
    #[serde(rename_all = "camelCase")]
    Dispatch {
        /// The original action id.
        action_id: String,
        /// The declared action's id (differs for a row set's rows).
        declared: String,
        /// The record, for a row action.
        record: Option<String>,
        /// The arguments.
        arguments: Value,
    },
    /// The loop is over.
    Finish {
        /// Why.
        reason: EndReason,
        /// What to tell the person.
        message: String,
        /// What ran, from the receipts.
        actions: Vec<Done>,
    },
}

/// The page's answer to a dispatch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Outcome {
    /// The handler finished without error.
    pub ok: bool,
    /// The page's error, or the timeout.
    pub error: Option<String>,
    /// `Some(false)` when the call never reached the handler (its target left the page first);
    /// absent means it did.
    pub ran: Option<bool>,
}

/// A call made out of order (a host bug), or a malformed snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AgentError {
    /// The method does not fit the loop's state.
    #[error("the assistant is not waiting for {expected} (it is {state})")]
    WrongState {
        /// What the method answers.
        expected: &'static str,
        /// What the loop waits for.
        state: &'static str,
    },
    /// The snapshot was rejected.
    #[error(transparent)]
    Snapshot(#[from] crate::error::SnapshotError),
}
