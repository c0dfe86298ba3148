//! Optional help for models that write weak plans, kept apart from the loop.
//!
//! The loop itself ([`crate::agent`]) is the spec's and works the same for every model: calls
//! are resolved against the observation the model was sent, availability, confirmation and
//! handoff are enforced, receipts say what happened. An assist adds one narrow check on top,
//! and every assist obeys the same rules:
//!
//! - it never proposes a call the model did not make, and never offers a write to the person;
//! - it never reads the person's words to decide what they "meant": nothing here depends on a
//!   word list, so it behaves the same in every language;
//! - it never puts a read behind a confirmation, and never rewrites or annotates an answer;
//! - what it checks is grounded in what the model was sent (the observations and the tool
//!   results of this conversation), so a model that looked before it acted never meets it;
//! - it costs time linear in what the model was shown, not in the page.
//!
//! Each assist is switchable from the assistant's options (`assist`), and `assist: false`
//! turns them all off. `docs/reference.md` lists what triggers each one and what the model and
//! the person then see.

pub mod non_answer;
pub mod unseen;

use serde::{Deserialize, Serialize};

/// Which assists run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Assists {
    /// A reply that is not an answer — the request said back word for word, a tool's
    /// definition or a tool result written out, a bare `<page_data>` block, or the loop's own
    /// message said back — goes back to the model once; a second one ends the task with what
    /// the receipts say ran. (See [`non_answer`].)
    pub non_answers: bool,
    /// What happens to a write on a row whose fields the model was never shown (an id it can
    /// only have copied from the citation index). (See [`unseen`].)
    pub unseen_rows: UnseenRows,
}

impl Default for Assists {
    fn default() -> Self {
        Self { non_answers: true, unseen_rows: UnseenRows::Discover }
    }
}

impl Assists {
    /// Every assist off: the loop as the spec has it, nothing more.
    pub fn none() -> Self {
        Self { non_answers: false, unseen_rows: UnseenRows::Off }
    }
}

/// What happens to a write on a row the model has seen only as an id.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum UnseenRows {
    /// It runs as any other call.
    Off,
    /// It goes back once, naming the page's own ways to find rows; the same call made again
    /// runs after the person allows it on a card that shows the row.
    #[default]
    Discover,
    /// It runs after the person allows it on a card that shows the row; the model is told
    /// nothing.
    Confirm,
}

impl UnseenRows {
    /// The mode's name in the options (`"discover"`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Discover => "discover",
            Self::Confirm => "confirm",
        }
    }
}
