//! Resolving a model's call (function name and record) back to the original action id.
//! Names map; they grant nothing: availability is checked here, against the observation the
//! model saw, before anything runs.

use crate::observe::{Entry, Observation, Target};
use crate::support::list::Listed;
use crate::support::text::Joined;
use std::borrow::Cow;
use thiserror::Error;

/// Why a call cannot be resolved to an action. Each message says what is available instead.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CallError {
    /// No entry has this name.
    #[error("unknown action `{name}`; available now: {available}{READ_WITHOUT_CALL}")]
    UnknownTool {
        /// The name the model used.
        name: String,
        /// Callable names, comma-separated.
        available: String,
    },
    /// The entry exists but cannot run now.
    #[error("action `{name}` is unavailable: {reason}; available now: {available}")]
    Unavailable {
        /// The entry's name.
        name: String,
        /// Why it cannot run.
        reason: String,
        /// Callable names, comma-separated.
        available: String,
    },
    /// The entry exists but was left out of the observation for length.
    #[error("action `{name}` was not offered in this turn; available now: {available}")]
    NotOffered {
        /// The entry's name.
        name: String,
        /// Callable names, comma-separated.
        available: String,
    },
    /// A row action was called without a record.
    #[error("action `{name}` needs a `record` argument: one of {examples}")]
    MissingRecord {
        /// The entry's name.
        name: String,
        /// A few valid record ids.
        examples: String,
    },
    /// The record is not one of the entry's rows.
    #[error(
        "record `{record}` is not a row of `{name}` on the page now (its rows: {examples}). {look}"
    )]
    UnknownRecord {
        /// The entry's name.
        name: String,
        /// The record the model passed.
        record: String,
        /// A few valid record ids.
        examples: String,
        /// Where to look for it instead.
        look: String,
    },
}

/// Said to a model that calls an action the page does not have, whatever the name: a call
/// invented to read something is the usual one, and page data needs no call.
pub const READ_WITHOUT_CALL: &str =
    ". Records and state are already in the system message: reading them needs no call";

/// A resolved call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved<'a> {
    /// The original action id to dispatch (`{declared}@{record}` for a row set's row).
    pub action_id: Cow<'a, str>,
    /// The declared action's id: the same as `action_id` unless the action is a row set.
    pub declared: &'a str,
    /// The record, for a row action.
    pub record: Option<&'a str>,
    /// The person must confirm first.
    pub confirm: bool,
    /// Control goes to the person.
    pub handoff: bool,
}

impl<'a> Observation<'a> {
    /// Callable names, comma-separated, for error messages.
    pub fn callable_names(&self) -> String {
        let names: Vec<&str> =
            self.entries.iter().filter(|e| e.callable()).map(|e| e.name.as_str()).listed();
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.joined(", ")
        }
    }

    /// The read actions that find things (search, filters, pages, scrolling), in page order.
    pub(crate) fn finders(&self) -> Vec<&Entry<'a>> {
        use crate::snapshot::{ActionKind, Effect};
        let mut out = Vec::new();
        for e in &self.entries {
            let finds = matches!(
                e.kind,
                ActionKind::Type | ActionKind::Select | ActionKind::Navigate | ActionKind::Scroll
            );
            let one = matches!(e.target, Target::Action { .. });
            if e.callable() && e.effect == Effect::Read && finds && one && out.len() < 6 {
                out.push(e);
            }
        }
        out
    }

    /// Advice for a record that is not on the page: the read actions that find things
    /// (search, filters, pages), or to ask the user.
    pub(crate) fn where_to_look(&self, name: &str) -> String {
        let finders = self.finder_names();
        if finders.is_empty() {
            "Do not guess an id: ask the user which record they mean.".to_owned()
        } else {
            format!(
                "If it exists it is on another page or filtered out: find it first (call {}), then call `{name}` again with its id.",
                finders
            )
        }
    }

    /// The page's ways to find things (search, filters, pages, scrolling) as the model calls
    /// them: `` `search` or `next_page` ``; empty when there are none.
    pub(crate) fn finder_names(&self) -> String {
        let mut out = String::new();
        for e in self.finders() {
            if !out.is_empty() {
                out.push_str(" or ");
            }
            out.push('`');
            out.push_str(&e.name);
            out.push('`');
        }
        out
    }

    /// Resolves `name` (and `record`, for a folded row action) to the original action.
    /// A `record` passed to a single action is ignored, as an extra argument would be.
    pub fn resolve(&self, name: &str, record: Option<&str>) -> Result<Resolved<'a>, CallError> {
        // A row named by its alias is that row; its full id works as well.
        let record = record.map(|r| self.aliases.id_of(r));
        let Some(entry) = self.entries.iter().find(|e| e.name == name) else {
            return Err(CallError::UnknownTool {
                name: name.to_owned(),
                available: self.callable_names(),
            });
        };
        // A row that cannot run now answers with its own reason.
        if let (Target::Rows { blocked, .. }, Some(record)) = (&entry.target, record) {
            if let Some(b) = blocked.iter().find(|b| b.row.record == record) {
                return Err(CallError::Unavailable {
                    name: format!("{name}` on row `{}", self.aliases.cite(record)),
                    reason: b.reason.to_owned(),
                    available: self.callable_names(),
                });
            }
        }
        if let Some(reason) = entry.reason.filter(|_| !entry.available) {
            return Err(CallError::Unavailable {
                name: name.to_owned(),
                reason: reason.to_owned(),
                available: self.callable_names(),
            });
        }
        if !entry.listed {
            return Err(CallError::NotOffered {
                name: name.to_owned(),
                available: self.callable_names(),
            });
        }
        let (action_id, declared, record) = match &entry.target {
            Target::Action { id, .. } => (Cow::Borrowed(*id), *id, None),
            Target::Rows { rows, .. } => self.row(name, rows, record)?,
        };
        Ok(Resolved { action_id, declared, record, confirm: entry.confirm, handoff: entry.handoff })
    }

    /// The row of a folded entry that `record` names: its action id, declared action and record.
    fn row(
        &self,
        name: &str,
        rows: &crate::observe::Rows<'a>,
        record: Option<&str>,
    ) -> Result<(Cow<'a, str>, &'a str, Option<&'a str>), CallError> {
        let examples = || {
            let mut ids = String::new();
            for (i, r) in rows.iter().enumerate() {
                ids.push_str(if i > 0 { ", " } else { "" });
                if i == 5 {
                    ids.push('…');
                    break;
                }
                ids.push_str(&self.aliases.cite(r.record));
            }
            ids
        };
        let Some(record) = record else {
            return Err(CallError::MissingRecord { name: name.to_owned(), examples: examples() });
        };
        match rows.iter().find(|r| r.record == record) {
            Some(row) => Ok((row.action_id(), row.action, Some(row.record))),
            None => Err(CallError::UnknownRecord {
                name: name.to_owned(),
                record: self.aliases.cite(record).into_owned(),
                examples: examples(),
                look: self.where_to_look(name),
            }),
        }
    }
}
