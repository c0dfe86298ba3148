//! The snapshot: everything a page declares at one moment, plus the facts only the browser
//! knows (in the viewport, covered, disabled). It is the one contract between `js/` and the
//! core: plain, serde-typed JSON in camelCase. No DOM, CSS, selector or coordinate enters it.
//!
//! This module holds the types. [`check`] checks their ids and references; [`read`] reads
//! them from JSON (and checks them for [`Snapshot::from_json`]). Both build on the types, which
//! use neither.

mod check;
mod lists;
mod read;

use lists::Derived;

use crate::support::json::{Map, Value};
use crate::trust::{Authored, DataFields, DataValue, PageText};
use serde::Serialize;
use std::cell::OnceCell;
use std::rc::Rc;

/// One moment of a page, as declared by its author.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Snapshot {
    /// Which page this is.
    #[serde(default)]
    pub page: PageIdentity,
    /// The parts of the page, nested through [`Region::parent`].
    #[serde(default)]
    pub regions: Vec<Region>,
    /// Every declared action, row actions once per row.
    #[serde(default)]
    pub actions: Vec<Action>,
    /// Business objects with stable ids.
    #[serde(default)]
    pub records: Vec<Record>,
    /// Declared read-only views: filters, pagination, selection, totals.
    #[serde(default)]
    pub state: Vec<StateGroup>,
    /// Validation errors, warnings and status messages currently shown.
    #[serde(default)]
    pub feedback: Vec<Feedback>,
    /// Long lists sent by id: the compact form, whose offscreen rows the observation cites by
    /// id but never shows in full. A row set can name one of these lists instead of repeating
    /// its ids.
    #[serde(default, skip_serializing_if = "Lists::is_empty")]
    pub record_ids: Lists,
}

/// A snapshot's long lists ([`Snapshot::record_ids`]), shared: copies of a snapshot, and
/// later snapshots that carry the same lists, hold one copy of them, and what the checks and
/// the observation derive from the lists alone (each id's place, their own problems) is
/// computed once for all of them. It reads and writes as the list of [`RecordIds`] it holds;
/// changing it through `DerefMut` makes it a copy of its own, derived afresh.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(transparent)]
pub struct Lists {
    /// The lists.
    #[serde(serialize_with = "lists::write")]
    lists: Rc<Vec<RecordIds>>,
    /// What is derived from them, once something asked for it.
    #[serde(skip)]
    derived: Rc<OnceCell<Derived>>,
}

/// A list of records by id, in page order. An id that is also in [`Snapshot::records`] is that
/// record, with its fields and viewport there; the others are outside the viewport and known by
/// id alone.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RecordIds {
    /// The region that holds them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// Their ids.
    pub ids: Vec<String>,
}

/// Page identity: answers "which page am I on".
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageIdentity {
    /// The document title (page data: it may name a user's document).
    #[serde(default)]
    pub title: PageText,
    /// The URL path.
    #[serde(default)]
    pub path: PageText,
    /// The route's name, as the author's router calls it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<Authored>,
    /// Route parameters such as `{"id": "42"}` (page data), in the page's order.
    #[serde(default, skip_serializing_if = "DataFields::is_empty")]
    pub params: DataFields,
    /// Query fields the author explicitly allowed into the observation (page data).
    #[serde(default, skip_serializing_if = "DataFields::is_empty")]
    pub query: DataFields,
}

/// A part of the page: a list, a form, a dialog, a tab panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Region {
    /// Stable id, unique among regions.
    pub id: String,
    /// Human name, shown in `region:` tags.
    pub name: Authored,
    /// What the region is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<Authored>,
    /// Its role: list, form, dialog, toolbar, tabpanel, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Authored>,
    /// The enclosing region's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// False for a collapsed section, a hidden tab or a closed dialog.
    #[serde(default)]
    pub active: bool,
    /// Whether any of it is in the viewport, when the browser knows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_viewport: Option<bool>,
    /// Items currently visible.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visible: Option<u64>,
    /// Items in total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
}

/// What kind of interaction an action is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    /// Press a button, a link or a row control.
    #[default]
    Click,
    /// Enter text.
    Type,
    /// Choose among options.
    Select,
    /// Go to another page or route.
    Navigate,
    /// Move a page or container to reveal content.
    Scroll,
    /// Send a form.
    Submit,
}

impl ActionKind {
    /// The spec's word for the kind.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Click => "click",
            Self::Type => "type",
            Self::Select => "select",
            Self::Navigate => "navigate",
            Self::Scroll => "scroll",
            Self::Submit => "submit",
        }
    }
}

/// Whether an action only reads or also changes something.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    /// Looks, filters, searches, scrolls: changes no business data.
    Read,
    /// Changes business data. The default, because assuming a read is the unsafe mistake.
    #[default]
    Write,
}

impl Effect {
    /// The spec's word for the effect.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Read => "read",
            Self::Write => "write",
        }
    }
}

/// A declared action bound to one of the page's own handlers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Action {
    /// Stable id, unique among actions; row actions usually read `name@record`.
    pub id: String,
    /// The operation's name; defaults to the id, or the part before `@` for a row action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What the action does, in the author's words.
    #[serde(default)]
    pub description: Authored,
    /// The kind of interaction.
    #[serde(default)]
    pub kind: ActionKind,
    /// Read or write.
    #[serde(default)]
    pub effect: Effect,
    /// The region it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// For a row action, the record (row) it acts on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// A row action declared once for many rows; each row's id is `{id}@{record}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<RowSet>,
    /// JSON Schema (`type: object`) of the parameters, if it takes any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<Value>,
    /// False when it exists but cannot run now.
    #[serde(default)]
    pub available: bool,
    /// Why it cannot run now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Authored>,
    /// The person must confirm before it runs.
    #[serde(default, skip_serializing_if = "is_false")]
    pub confirm: bool,
    /// It hands control to the person (payment, login, a captcha).
    #[serde(default, skip_serializing_if = "is_false")]
    pub handoff: bool,
    /// Whether its element is in the viewport, when the browser knows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_viewport: Option<bool>,
    /// Covered by a modal dialog, an overlay or `inert`: not usable.
    #[serde(default, skip_serializing_if = "is_false")]
    pub covered: bool,
    /// The region this action opens or activates: a discoverable target for hidden content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveals: Option<String>,
    /// What it is expected to change: `records`, `records.added`, `records.removed`,
    /// `records.changed`, `state`, `state.<name>`, `page`, `feedback` or `actions`. When none of
    /// it changes, the receipt carries `EXPECTATION_FAILED`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expects: Vec<String>,
    /// The current value of its element (an input's text, a checkbox's state, a select's
    /// option), as page data; masked by the shim when sensitive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<DataValue>,
}

/// What a value marked sensitive reads as in a snapshot: the shim writes it in place of the
/// value, and the rules tell the model what it means.
pub const MASK: &str = "[masked]";

/// Records a snapshot carries with their fields: up to this many, every one (a search can then
/// find a row by its fields anywhere); above it, only rows in the viewport — the only ones an
/// observation shows in full — and the rest by id, in [`Snapshot::record_ids`].
pub const FULL_FIELDS_LIMIT: usize = 500;

/// What an action's `expects` may name, besides `state.<name>` for one state group: the
/// changes a receipt tells apart.
pub const EXPECTATIONS: &[&str] = &[
    "records",
    "records.added",
    "records.removed",
    "records.shown",
    "records.hidden",
    "records.changed",
    "state",
    "page",
    "feedback",
    "actions",
];

/// Whether `e` names a change an action can be expected to make.
pub fn is_expectation(e: &str) -> bool {
    EXPECTATIONS.contains(&e)
        || e.strip_prefix("state.")
            .is_some_and(|name| !name.is_empty() && !name.as_bytes().contains(&b'.'))
}

/// The rows of a row action declared once: the compact form of many `name@record` actions
/// that share every other field.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RowSet {
    /// Record ids, in page order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<String>,
    /// Instead of `records`: the rows are the ids of `recordIds[list]`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list: Option<u32>,
    /// Indices into the set's rows of the rows in the viewport; absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_viewport: Option<Vec<u32>>,
    /// Rows that cannot run now, each with its reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unavailable: Vec<RowException>,
    /// Indices of rows whose control is covered by a dialog or overlay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub covered: Vec<u32>,
}

/// A row of a [`RowSet`] that cannot run now.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RowException {
    /// Index into the set's rows.
    pub index: u32,
    /// Why it cannot run now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Authored>,
}

/// A business object with a stable id.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Record {
    /// Stable id from the page's data, unique among records.
    pub id: String,
    /// The region (list, table) that holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// A short human label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<PageText>,
    /// Readable fields, in the author's order.
    #[serde(default)]
    pub fields: Map,
    /// Whether its row is in the viewport, when the browser knows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_viewport: Option<bool>,
}

/// A declared read-only view of the page's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StateGroup {
    /// Its key in the state block, such as `filter`.
    pub name: String,
    /// What it means.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<Authored>,
    /// Its current value.
    #[serde(default)]
    pub value: DataValue,
}

/// How serious a feedback item is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FeedbackKind {
    /// Something failed or is invalid.
    Error,
    /// Something needs attention.
    Warning,
    /// A neutral status message.
    #[default]
    Status,
}

impl FeedbackKind {
    /// The spec's word for the kind.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Status => "status",
        }
    }
}

/// A message the page shows in reaction to something.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Feedback {
    /// Error, warning or status.
    #[serde(default)]
    pub kind: FeedbackKind,
    /// The message as the page shows it.
    pub message: PageText,
    /// The input it concerns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<PageText>,
    /// The region it appears in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
}

impl Default for Region {
    /// An active region with no facts: the same as `{"id": "", "name": ""}` in JSON.
    fn default() -> Self {
        Self {
            id: String::new(),
            name: Authored::default(),
            purpose: None,
            role: None,
            parent: None,
            active: true,
            in_viewport: None,
            visible: None,
            total: None,
        }
    }
}

impl Default for Action {
    /// An available click that writes: the same as `{"id": ""}` in JSON ([`NO_ACTION`]).
    fn default() -> Self {
        NO_ACTION.clone()
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An action that declares nothing, [`Action::default`]: an available click that writes, the
/// same as `{"id": ""}` in JSON. A receipt whose action is no longer on the page compares
/// against it: one shared value, not one built and dropped per receipt.
pub static NO_ACTION: Action = Action {
    id: String::new(),
    name: None,
    description: Authored(String::new()),
    kind: ActionKind::Click,
    effect: Effect::Write,
    region: None,
    record: None,
    rows: None,
    params: None,
    available: true,
    reason: None,
    confirm: false,
    handoff: false,
    in_viewport: None,
    covered: false,
    reveals: None,
    expects: Vec::new(),
    value: None,
};

impl Action {
    /// The operation name before any renaming: `name`, else the id up to `@` for a row action.
    pub fn base_name(&self) -> &str {
        if let Some(name) = self.name.as_deref().filter(|n| !n.is_empty()) {
            return name;
        }
        if self.rows.is_some() {
            return &self.id;
        }
        match (&self.record, self.id.split_once('@')) {
            (Some(_), Some((head, _))) if !head.is_empty() => head,
            _ => &self.id,
        }
    }
}

/// Indices computed while validating, used by `observe` so it resolves each id once.
#[derive(Debug, Clone)]
pub(crate) struct Index {
    /// For each region, its parent's index.
    pub parent: Vec<Option<usize>>,
    /// For each action, its region's index.
    pub action_region: Vec<Option<usize>>,
    /// For each record, its region's index.
    pub record_region: Vec<Option<usize>>,
    /// For each id-only record set, its region's index.
    pub id_set_region: Vec<Option<usize>>,
    /// For each feedback item, its region's index.
    pub feedback_region: Vec<Option<usize>>,
    /// For each action, the region it reveals.
    pub reveals: Vec<Option<usize>>,
    /// For each list of [`Snapshot::record_ids`], the positions (ascending) of the ids whose
    /// record is in [`Snapshot::records`].
    pub detailed: Vec<Vec<u32>>,
}

impl Snapshot {
    /// The record ids of a row set's rows, in order: its own, or those of the list it names
    /// (empty when that list does not exist, which validation reports).
    pub fn row_ids<'s>(&'s self, set: &'s RowSet) -> &'s [String] {
        match set.list {
            Some(k) => self.record_ids.get(k as usize).map_or(&[], |l| l.ids.as_slice()),
            None => &set.records,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_name_of_row_actions() {
        let a = Action { id: "toggle@t9".into(), record: Some("t9".into()), ..Default::default() };
        assert_eq!(a.base_name(), "toggle");
        let b = Action { id: "mail@home".into(), ..Default::default() };
        assert_eq!(b.base_name(), "mail@home");
        let c = Action {
            id: "x@1".into(),
            name: Some("open".into()),
            record: Some("1".into()),
            ..Default::default()
        };
        assert_eq!(c.base_name(), "open");
    }
}
