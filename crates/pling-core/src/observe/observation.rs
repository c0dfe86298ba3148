//! The observation and its parts: entries, their targets and rows, the reasons and budgets
//! the sections share.

use crate::limits::Limits;
use crate::snapshot::{ActionKind, Effect};
use crate::support::json::Value;
use serde::Serialize;
use std::borrow::Cow;

/// Reason given for an action covered by a dialog, an overlay or `inert`.
pub const COVERED_REASON: &str = "covered by a dialog or overlay; close it first";

/// Reason given for an unavailable action whose author gave none.
pub const DEFAULT_REASON: &str = "not available right now";

/// How many example row ids an action line names.
pub const EXAMPLE_IDS: usize = 3;

/// Longest field name written in a record line.
pub(super) const MAX_KEY_CHARS: usize = 60;

/// Smallest remainder worth filling with a shortened line rather than leaving out.
pub(super) const MIN_SHORTENED: usize = 24;

/// A bounded view of one snapshot. Borrows from the snapshot; render it with
/// [`crate::render`].
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Observation<'a> {
    /// Page identity lines (`- title: Todos`), within `maxPageChars`.
    pub location: Vec<String>,
    /// Identity lines shortened or left out to fit `maxPageChars`.
    pub location_cut: usize,
    /// Page structure lines, nested by indentation, within `maxScopes`.
    pub regions: Vec<String>,
    /// Regions declared in all.
    pub regions_total: usize,
    /// Every action entry after folding, in page order: available and unavailable.
    pub entries: Vec<Entry<'a>>,
    /// Available actions in active regions (before folding).
    pub available_actions: usize,
    /// Unavailable actions in active regions (before folding).
    pub unavailable_actions: usize,
    /// Actions not listed because their region is inactive.
    pub actions_hidden: usize,
    /// Full-field record lines, within `maxRecords` and `maxRecordChars`.
    pub records: Vec<String>,
    /// The ids of the records in `records`, as the page declares them, in the same order.
    pub records_shown: Vec<String>,
    /// Fields of the first record left out whole because that row alone is wider than
    /// `maxRecordChars` (its other rows are whole or not shown).
    pub record_fields_left_out: Vec<String>,
    /// Fields left out of every record line so that every record in view is listed.
    pub record_fields_left_out_of_rows: Vec<String>,
    /// Records in active regions.
    pub records_total: usize,
    /// Records not cited because their region is inactive.
    pub records_hidden: usize,
    /// Citation ids (records in active regions), within their own character allowance.
    pub citation_ids: Vec<String>,
    /// An example id for the records section's instructions (the first active record).
    pub example_record: Option<String>,
    /// Whether an active record may be outside the viewport (off screen, of unknown place, or
    /// cited by id only): only then do the instructions say offscreen targets are scrolled to.
    pub records_offscreen: bool,
    /// Lines for inactive regions, with what they hide and what reveals them.
    pub hidden: Vec<String>,
    /// Inactive regions at the top of an inactive subtree.
    pub hidden_total: usize,
    /// The state block's JSON, within `maxStateChars`; `None` when nothing is declared.
    pub state_json: Option<String>,
    /// Authored descriptions of the state groups shown (`filter — which tasks are listed`).
    pub state_notes: Vec<String>,
    /// Names of state groups left out for length.
    pub state_left_out: Vec<String>,
    /// State groups left out for length (named in `state_left_out` within a bound).
    pub state_left_out_count: usize,
    /// State groups declared in all.
    pub state_total: usize,
    /// Feedback lines, errors first, within `maxFeedback` and `maxFeedbackChars`.
    pub feedback: Vec<String>,
    /// Feedback items declared in all.
    pub feedback_total: usize,
    /// Page-data strings shortened with a visible mark.
    pub values_shortened: usize,
    /// Whether an active region has more items than it shows (`20 of 500 items visible`).
    pub items_left_out: bool,
    /// The limits this observation was built with.
    pub limits: Limits,
    /// Short aliases the observation cites long record ids by; calls resolve them back.
    #[serde(skip)]
    pub aliases: crate::alias::Aliases,
}

/// One entry of the action list: a single action, or row actions folded into one operation.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry<'a> {
    /// The legal function name (`^[a-zA-Z0-9_-]{1,64}$`), unique in this observation.
    pub name: String,
    /// The interaction kind.
    pub kind: ActionKind,
    /// Read or write.
    pub effect: Effect,
    /// Outer-to-inner region names (`Main > Todo list`), empty when it has no region.
    pub region_path: String,
    /// The author's description.
    pub description: &'a str,
    /// The declared parameter schema.
    pub params: Option<&'a Value>,
    /// The current value of a single action's element (page data).
    pub value: Option<&'a Value>,
    /// Whether it can run now (declared available and not covered).
    pub available: bool,
    /// Why it cannot run now.
    pub reason: Option<&'a str>,
    /// The person must confirm before it runs.
    pub confirm: bool,
    /// It hands control to the person.
    pub handoff: bool,
    /// Whether it is listed (and, when available, sent as a tool) within `maxActions`.
    pub listed: bool,
    /// What the name resolves to.
    pub target: Target<'a>,
}

/// What an entry's name resolves to.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum Target<'a> {
    /// One action.
    #[serde(rename_all = "camelCase")]
    Action {
        /// The original action id.
        id: &'a str,
        /// Whether its element is in the viewport.
        in_viewport: Option<bool>,
    },
    /// Row actions of one shape, one per record.
    #[serde(rename_all = "camelCase")]
    Rows {
        /// The rows, in page order.
        #[serde(skip)]
        rows: Rows<'a>,
        /// How many rows can run now (`rows.len()`).
        count: usize,
        /// Rows that can run now and are outside the viewport.
        offscreen: usize,
        /// Rows of the same operation that cannot run now, each with its reason: still one
        /// operation under one name, so a call on one of them answers with its own reason.
        #[serde(skip)]
        blocked: Vec<Blocked<'a>>,
    },
}

/// A row of a folded entry that cannot run now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Blocked<'a> {
    /// The row.
    pub row: Row<'a>,
    /// Why it cannot run now.
    pub reason: &'a str,
}

/// One row of a folded entry: a record and the action that acts on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Row<'a> {
    /// The record id.
    pub record: &'a str,
    /// The declared action's id.
    pub action: &'a str,
    /// Whether the action is a row set, whose row ids read `{action}@{record}`.
    pub set: bool,
}

/// The rows of a folded entry, in page order: rows placed one at a time, and the rest of a
/// row set's rows kept as the snapshot's own slice of ids, so a long list costs no row each.
#[derive(Debug, Clone, Default)]
pub struct Rows<'a> {
    parts: Vec<Part<'a>>,
    pub(super) len: usize,
}

#[derive(Debug, Clone)]
enum Part<'a> {
    One(Row<'a>),
    /// Rows of the row set `action`, one for each record.
    Run {
        records: &'a [String],
        action: &'a str,
    },
}

impl<'a> Rows<'a> {
    /// How many rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no row.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first row.
    pub fn first(&self) -> Option<Row<'a>> {
        self.iter().next()
    }

    /// The rows, in page order.
    pub fn iter(&self) -> impl Iterator<Item = Row<'a>> + '_ {
        self.parts.iter().flat_map(|p| {
            let (one, run) = match p {
                Part::One(row) => (Some(*row), None),
                Part::Run { records, action } => (None, Some((*records, *action))),
            };
            let run = run.into_iter().flat_map(|(records, action)| {
                records.iter().map(move |record| Row { record, action, set: true })
            });
            one.into_iter().chain(run)
        })
    }

    /// Whether `other` holds the same records in the same order. Runs of one list's ids are
    /// compared as the one slice they share, not id by id; anything else, record by record.
    pub fn same_records(&self, other: &Rows<'_>) -> bool {
        if self.len != other.len {
            return false;
        }
        let shared = self.parts.len() == other.parts.len()
            && self.parts.iter().zip(&other.parts).all(|pair| match pair {
                (Part::One(a), Part::One(b)) => a.record == b.record,
                (Part::Run { records: a, .. }, Part::Run { records: b, .. }) => {
                    std::ptr::eq(*a, *b)
                }
                _ => false,
            });
        shared || self.iter().map(|row| row.record).eq(other.iter().map(|row| row.record))
    }

    pub(super) fn push(&mut self, row: Row<'a>) {
        self.parts.push(Part::One(row));
        self.len += 1;
    }

    /// Appends a row set's rows, one for each of `records`.
    pub(super) fn push_run(&mut self, records: &'a [String], action: &'a str) {
        self.parts.push(Part::Run { records, action });
        self.len += records.len();
    }
}

impl<'r, 'a> IntoIterator for &'r Rows<'a> {
    type Item = Row<'a>;
    type IntoIter = Box<dyn Iterator<Item = Row<'a>> + 'r>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<'a> Row<'a> {
    /// The original id of the row's action.
    pub fn action_id(&self) -> Cow<'a, str> {
        if self.set {
            Cow::Owned(format!("{}@{}", self.action, self.record))
        } else {
            Cow::Borrowed(self.action)
        }
    }
}

impl Entry<'_> {
    /// How many declared actions this entry stands for.
    pub fn action_count(&self) -> usize {
        self.runnable_count() + self.blocked_count()
    }

    /// How many of its declared actions can run now.
    pub fn runnable_count(&self) -> usize {
        match &self.target {
            Target::Action { .. } => usize::from(self.available),
            Target::Rows { rows, .. } => rows.len(),
        }
    }

    /// How many of its declared actions cannot run now.
    pub fn blocked_count(&self) -> usize {
        match &self.target {
            Target::Action { .. } => usize::from(!self.available),
            Target::Rows { blocked, .. } => blocked.len(),
        }
    }

    /// Whether the model can call it: available and listed.
    pub fn callable(&self) -> bool {
        self.available && self.listed
    }
}

/// `1 action`, `2 actions`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl<'a> Observation<'a> {
    /// Available entries, listed or not, in page order.
    pub fn available(&self) -> impl Iterator<Item = &Entry<'a>> {
        self.entries.iter().filter(|e| e.available)
    }

    /// Unavailable entries, listed or not, in page order.
    pub fn unavailable(&self) -> impl Iterator<Item = &Entry<'a>> {
        self.entries.iter().filter(|e| !e.available)
    }
}
