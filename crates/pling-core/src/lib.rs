//! Pling's engine: from one snapshot of what a page declares to a bounded observation, the
//! page section of the model's system message and the tool schemas — with no IO.
//!
//! ```
//! use pling_core::{observe, render, Limits, Snapshot};
//!
//! let snapshot = Snapshot::from_json(r#"{
//!   "page": {"title": "Todos", "path": "/todos"},
//!   "actions": [{"id": "add_todo", "description": "Add a task", "kind": "type"}]
//! }"#)?;
//! let observation = observe(&snapshot, &Limits::default())?;
//! let rendered = render(&observation);
//! assert!(rendered.section.contains("- add_todo (type / write) Add a task"));
//! assert_eq!(rendered.tools[0]["function"]["name"], "add_todo");
//! # Ok::<(), pling_core::SnapshotError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agent;
pub mod alias;
pub mod assist;
pub mod call;
mod error;
pub mod history;
mod limits;
mod observe;
mod observed;
pub mod openai;
pub mod options_read;
pub mod receipt;
mod render;
mod resolve;
pub mod retry;
mod rules;
pub mod secret;
mod snapshot;
pub mod support;
pub mod tokens;
pub mod trust;
pub mod validate;

pub use error::{LimitsError, SnapshotError};
pub use limits::Limits;
pub use observe::{
    legal_name, observe, Entry, Observation, Omissions, Row, Rows, Target, COVERED_REASON,
    DEFAULT_REASON, MAX_NAME_CHARS,
};
pub use observed::Observed;
pub use render::{page_section, render, tools, with_record_choices, NameMap, Rendered};
pub use resolve::{CallError, Resolved};
pub use rules::{rules, system_message, Need, RuleNeeds, RULES};
pub use snapshot::{
    is_expectation, Action, ActionKind, Effect, Feedback, FeedbackKind, Lists, PageIdentity,
    Record, RecordIds, Region, RowException, RowSet, Snapshot, StateGroup, EXPECTATIONS,
    FULL_FIELDS_LIMIT, MASK, NO_ACTION,
};
