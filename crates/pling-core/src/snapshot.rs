//! The snapshot: everything a page declares at one moment, plus the facts only the browser
//! knows (in the viewport, covered, disabled). It is the one contract between `js/` and the
//! core: plain, serde-typed JSON in camelCase. No DOM, CSS, selector or coordinate enters it.

use crate::error::SnapshotError;
use crate::support::json::{Map, Value};
use crate::support::strmap::StrMap;
use crate::trust::{Authored, DataFields, DataValue, PageText};
use serde::Serialize;

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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub record_ids: Vec<RecordIds>,
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
    /// Parses and validates a snapshot from JSON. Errors name what is wrong and where.
    pub fn from_json(json: &str) -> Result<Self, SnapshotError> {
        let snapshot = Self::parse(json)?;
        snapshot.validate()?;
        Ok(snapshot)
    }

    /// Parses a snapshot from JSON without checking its ids and references. [`observe`]
    /// (and [`crate::agent::Agent::observed`]) check them as they go, so a caller that hands
    /// the snapshot straight to one of them need not check twice.
    ///
    /// [`observe`]: crate::observe()
    pub fn parse(json: &str) -> Result<Self, SnapshotError> {
        let value: Value = crate::support::json_text::from_str(json)
            .map_err(|e| SnapshotError::Parse { path: e.path.clone(), message: e.to_string() })?;
        Self::from_value(&value)
    }

    /// Reads a snapshot from parsed JSON, without checking its ids and references.
    pub fn from_value(value: &Value) -> Result<Self, SnapshotError> {
        crate::snapshot_read::snapshot(value)
            .map_err(|e| SnapshotError::Parse { path: e.path, message: e.message })
    }

    /// Checks ids, references and parameter schemas; the error names the first problem.
    pub fn validate(&self) -> Result<(), SnapshotError> {
        self.index().map(|_| ())
    }

    /// The record ids of a row set's rows, in order: its own, or those of the list it names
    /// (empty when that list does not exist, which validation reports).
    pub fn row_ids<'s>(&'s self, set: &'s RowSet) -> &'s [String] {
        match set.list {
            Some(k) => self.record_ids.get(k as usize).map_or(&[], |l| l.ids.as_slice()),
            None => &set.records,
        }
    }

    pub(crate) fn index(&self) -> Result<Index, SnapshotError> {
        let regions = RegionIds::new(&self.regions)?;
        let mut parent = Vec::with_capacity(self.regions.len());
        for (i, r) in self.regions.iter().enumerate() {
            parent.push(regions.get(&r.parent, Place("regions", i, ".parent"))?);
        }
        if let Some(r) = first_cycle(&parent) {
            return Err(SnapshotError::RegionCycle { region: self.regions[r].id.clone() });
        }
        let (action_region, reveals) = self.action_index(&regions)?;
        let records = self.record_index(&regions)?;
        self.check_state_names()?;
        let mut feedback_region = Vec::with_capacity(self.feedback.len());
        for (i, f) in self.feedback.iter().enumerate() {
            feedback_region.push(regions.get(&f.region, Place("feedback", i, ".region"))?);
        }
        Ok(Index {
            parent,
            action_region,
            record_region: records.record_region,
            id_set_region: records.id_set_region,
            feedback_region,
            reveals,
            detailed: records.detailed,
        })
    }

    /// Each action's region and the region it reveals, checking ids, rows and parameters.
    fn action_index(&self, regions: &RegionIds<'_>) -> Result<Regioned, SnapshotError> {
        // Ids to their index (a map, not a set: one hash table type serves the whole index).
        let mut action_ids: StrMap<'_> = StrMap::default();
        action_ids.reserve(self.actions.len());
        let mut action_region = Vec::with_capacity(self.actions.len());
        let mut reveals = Vec::with_capacity(self.actions.len());
        for (i, a) in self.actions.iter().enumerate() {
            let at = Place("actions", i, "");
            non_empty(&a.id, at)?;
            if let Some(first) = action_ids.insert(&a.id, i) {
                return Err(duplicate(
                    "action",
                    &a.id,
                    Place("actions", first, "").text(),
                    at.text(),
                ));
            }
            if let Some(record) = &a.record {
                non_empty(record, Place("actions", i, ".record"))?;
            }
            if let Some(set) = &a.rows {
                let n = self.row_ids(set).len();
                check_row_set(set, self.record_ids.len(), n, a.record.is_some(), i)?;
            }
            action_region.push(regions.get(&a.region, Place("actions", i, ".region"))?);
            reveals.push(regions.get(&a.reveals, Place("actions", i, ".reveals"))?);
            if let Some(params) = &a.params {
                check_params(params, a.record.is_some()).map_err(|reason| {
                    SnapshotError::InvalidParams { at: format!("actions[{i}].params"), reason }
                })?;
            }
            if let Some((k, e)) = a.expects.iter().enumerate().find(|(_, e)| !is_expectation(e)) {
                let at = format!("actions[{i}].expects[{k}]");
                return Err(SnapshotError::UnknownExpectation { at, value: e.clone() });
            }
        }
        Ok((action_region, reveals))
    }

    /// Each id once among records; a list may name a record of `records` once more.
    fn record_index(&self, regions: &RegionIds<'_>) -> Result<RecordIndex, SnapshotError> {
        let listed_total: usize = self.record_ids.iter().map(|l| l.ids.len()).sum();
        let mut seen = SeenRecords::default();
        seen.ids.reserve(self.records.len() + listed_total);
        let mut record_region = Vec::with_capacity(self.records.len());
        for (i, r) in self.records.iter().enumerate() {
            let at = Place("records", i, "");
            non_empty(&r.id, at)?;
            if seen.ids.insert(&r.id, i).is_some() {
                let first = self.records.iter().position(|b| b.id == r.id).unwrap_or(0);
                return Err(duplicate(
                    "record",
                    &r.id,
                    Place("records", first, "").text(),
                    at.text(),
                ));
            }
            record_region.push(regions.get(&r.region, Place("records", i, ".region"))?);
        }
        let mut id_set_region = Vec::with_capacity(self.record_ids.len());
        let mut detailed = Vec::with_capacity(self.record_ids.len());
        for (i, set) in self.record_ids.iter().enumerate() {
            let region = regions.get(&set.region, Place("recordIds", i, ".region"))?;
            id_set_region.push(region);
            detailed.push(seen.list(i, set, region, &record_region)?);
        }
        Ok(RecordIndex { record_region, id_set_region, detailed })
    }

    fn check_state_names(&self) -> Result<(), SnapshotError> {
        let mut state_names: StrMap<'_> = StrMap::default();
        for (i, s) in self.state.iter().enumerate() {
            non_empty(&s.name, Place("state", i, ""))?;
            if let Some(first) = state_names.insert(&s.name, i) {
                let (first, second) = (format!("state[{first}]"), format!("state[{i}]"));
                return Err(duplicate("state group", &s.name, first, second));
            }
        }
        Ok(())
    }
}

/// Per action: its region and the region it reveals.
type Regioned = (Vec<Option<usize>>, Vec<Option<usize>>);

/// The record part of an [`Index`].
struct RecordIndex {
    record_region: Vec<Option<usize>>,
    id_set_region: Vec<Option<usize>>,
    detailed: Vec<Vec<u32>>,
}

fn duplicate(kind: &'static str, id: &str, first: String, second: String) -> SnapshotError {
    SnapshotError::DuplicateId { kind, id: id.to_owned(), first, second }
}

/// Region ids, each once, to their index.
struct RegionIds<'s>(StrMap<'s>);

impl<'s> RegionIds<'s> {
    fn new(regions: &'s [Region]) -> Result<Self, SnapshotError> {
        let mut ids: StrMap<'_> = StrMap::default();
        for (i, r) in regions.iter().enumerate() {
            let at = Place("regions", i, "");
            non_empty(&r.id, at)?;
            if let Some(first) = ids.insert(&r.id, i) {
                return Err(duplicate(
                    "region",
                    &r.id,
                    Place("regions", first, "").text(),
                    at.text(),
                ));
            }
        }
        Ok(Self(ids))
    }

    /// The index of the region `id` names, if it names one; `at` says where, for the error.
    fn get(&self, id: &Option<String>, at: Place) -> Result<Option<usize>, SnapshotError> {
        match id {
            None => Ok(None),
            Some(id) => self
                .0
                .get(id)
                .map(Some)
                .ok_or_else(|| SnapshotError::UnknownRegion { at: at.text(), region: id.clone() }),
        }
    }
}

/// An id [`SeenRecords`] saw first in a list, not in `records`.
const FROM_A_LIST: usize = usize::MAX;

/// Record ids seen so far: from `records` (with their index) or from a list
/// ([`FROM_A_LIST`]; one map type for both keeps one copy of the hash table's code).
#[derive(Default)]
struct SeenRecords<'s> {
    ids: StrMap<'s>,
    /// Records of `records` that a list named once already, with their place in it.
    listed: StrMap<'s>,
}

impl<'s> SeenRecords<'s> {
    /// Checks list `i`; returns the positions of its ids whose record is in `records`.
    fn list(
        &mut self,
        i: usize,
        set: &'s RecordIds,
        region: Option<usize>,
        record_region: &[Option<usize>],
    ) -> Result<Vec<u32>, SnapshotError> {
        let mut positions = Vec::new();
        for (k, id) in set.ids.iter().enumerate() {
            let at = || format!("recordIds[{i}].ids[{k}]");
            if id.trim().is_empty() {
                return Err(SnapshotError::EmptyId { at: at() });
            }
            let seen = match self.ids.place(id, FROM_A_LIST) {
                (_, true) => continue,
                (r, false) => Some(r).filter(|&r| r != FROM_A_LIST),
            };
            match seen {
                Some(r) if self.listed.insert(id, k).is_none() => {
                    positions.push(k as u32);
                    if record_region[r] != region {
                        return Err(SnapshotError::InvalidRows {
                            at: at(),
                            reason: format!(
                                "record `{id}` is listed under another region than records[{r}] gives it"
                            ),
                        });
                    }
                }
                first => {
                    let first = first.map_or_else(
                        || "an earlier list".to_owned(),
                        |r| format!("records[{r}], already listed"),
                    );
                    return Err(duplicate("record", id, first, at()));
                }
            }
        }
        Ok(positions)
    }
}

/// A region on a parent cycle, if any, in time linear in the regions: each walk up stops at
/// a region already known to reach a root.
fn first_cycle(parent: &[Option<usize>]) -> Option<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark = vec![Mark::New; parent.len()];
    let mut path = Vec::new();
    for start in 0..parent.len() {
        let mut at = Some(start);
        while let Some(r) = at {
            match mark[r] {
                Mark::Done => break,
                Mark::OnPath => return Some(r),
                Mark::New => {
                    mark[r] = Mark::OnPath;
                    path.push(r);
                    at = parent[r];
                }
            }
        }
        for r in path.drain(..) {
            mark[r] = Mark::Done;
        }
    }
    None
}

fn check_row_set(
    set: &RowSet,
    lists: usize,
    n: usize,
    has_record: bool,
    i: usize,
) -> Result<(), SnapshotError> {
    let at = |what: &str| format!("actions[{i}].rows{what}");
    if has_record {
        return Err(SnapshotError::InvalidRows {
            at: format!("actions[{i}]"),
            reason: "an action has either `record` or `rows`, not both".to_owned(),
        });
    }
    if let Some(list) = set.list {
        let reason = if !set.records.is_empty() {
            Some("a row set has either `records` or `list`, not both".to_owned())
        } else if list as usize >= lists {
            Some(format!("list {list} is past the {lists} lists of `recordIds`"))
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(SnapshotError::InvalidRows { at: at(".list"), reason });
        }
    }
    for (k, record) in set.records.iter().enumerate() {
        if record.trim().is_empty() {
            return Err(SnapshotError::EmptyId { at: at(&format!(".records[{k}]")) });
        }
    }
    let in_range = |k: u32, what: String| {
        if (k as usize) < n {
            Ok(())
        } else {
            Err(SnapshotError::InvalidRows {
                at: what,
                reason: format!("index {k} is past the {n} records"),
            })
        }
    };
    for (j, &k) in set.in_viewport.iter().flatten().enumerate() {
        in_range(k, at(&format!(".inViewport[{j}]")))?;
    }
    for (j, u) in set.unavailable.iter().enumerate() {
        in_range(u.index, at(&format!(".unavailable[{j}]")))?;
    }
    for (j, &k) in set.covered.iter().enumerate() {
        in_range(k, at(&format!(".covered[{j}]")))?;
    }
    Ok(())
}

/// Where in the snapshot, written out only for an error: `Place("actions", 3, ".region")` is
/// `actions[3].region`.
#[derive(Clone, Copy)]
struct Place(&'static str, usize, &'static str);

impl Place {
    fn text(self) -> String {
        let mut out = String::with_capacity(self.0.len() + self.2.len() + 6);
        out.push_str(self.0);
        out.push('[');
        out.push_str(itoa::Buffer::new().format(self.1));
        out.push(']');
        out.push_str(self.2);
        out
    }
}

fn non_empty(id: &str, at: Place) -> Result<(), SnapshotError> {
    if id.trim().is_empty() {
        Err(SnapshotError::EmptyId { at: at.text() })
    } else {
        Ok(())
    }
}

/// A parameter schema must be a JSON Schema object whose `properties` is an object and whose
/// `required` names only declared properties. A row action may not declare `record` itself.
fn check_params(params: &Value, row: bool) -> Result<(), String> {
    let obj = params.as_object().ok_or_else(|| {
        "must be a JSON Schema object such as {\"type\":\"object\",\"properties\":{…}}".to_owned()
    })?;
    match obj.get("type") {
        None => {}
        Some(Value::String(t)) if t == "object" => {}
        Some(other) => {
            return Err(format!(
                "`type` must be \"object\", found {}",
                crate::support::json_text::Json(other)
            ))
        }
    }
    let props = match obj.get("properties") {
        None => None,
        Some(Value::Object(p)) => Some(p),
        Some(_) => return Err("`properties` must be an object".to_owned()),
    };
    if let Some(props) = props {
        for (name, schema) in props {
            if !schema.is_object() && !schema.is_boolean() {
                return Err(format!("property `{name}` must have a schema object"));
            }
        }
        if row && props.contains_key("record") {
            return Err(
                "a row action gets its `record` parameter from Pling; do not declare it".to_owned()
            );
        }
    }
    match obj.get("required") {
        None => {}
        Some(Value::Array(names)) => {
            for n in names {
                let Some(n) = n.as_str() else {
                    return Err("`required` must list property names".to_owned());
                };
                if !props.is_some_and(|p| p.contains_key(n)) {
                    return Err(format!("`required` names `{n}`, which is not in `properties`"));
                }
            }
        }
        Some(_) => return Err("`required` must be an array".to_owned()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(json: &str) -> String {
        Snapshot::from_json(json).unwrap_err().to_string()
    }

    #[test]
    fn the_default_action_is_an_action_that_declares_nothing() {
        // Read without the index's checks, which refuse an empty id.
        let s = Snapshot::parse(r#"{"actions":[{"id":""}]}"#).unwrap();
        assert_eq!(s.actions[0], NO_ACTION);
        assert_eq!(Action::default(), NO_ACTION);
    }

    #[test]
    fn duplicates_and_dangling_references_are_named() {
        let e = err(r#"{"actions":[{"id":"a"},{"id":"a"}]}"#);
        assert_eq!(e, "action id `a` is declared twice: actions[0] and actions[1]");
        let e = err(r#"{"actions":[{"id":"a","region":"nope"}]}"#);
        assert_eq!(e, "actions[0].region names region `nope`, which is not declared");
        let e = err(
            r#"{"regions":[{"id":"a","name":"A","parent":"b"},{"id":"b","name":"B","parent":"a"}]}"#,
        );
        assert!(e.contains("cycle"), "{e}");
        let e = err(r#"{"records":[{"id":" "}]}"#);
        assert_eq!(e, "records[0] has an empty id");
    }

    #[test]
    fn parameter_schemas_are_checked() {
        let e = err(r#"{"actions":[{"id":"a","params":{"type":"string"}}]}"#);
        assert!(e.contains("actions[0].params") && e.contains("object"), "{e}");
        let e = err(r#"{"actions":[{"id":"a","params":{"type":"object","required":["x"]}}]}"#);
        assert!(e.contains("`x`"), "{e}");
        let e =
            err(r#"{"actions":[{"id":"t@1","record":"1","params":{"properties":{"record":{}}}}]}"#);
        assert!(e.contains("row action"), "{e}");
        assert!(Snapshot::from_json(
            r#"{"actions":[{"id":"a","params":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}"#
        )
        .is_ok());
    }

    #[test]
    fn an_expectation_no_receipt_can_show_is_refused() {
        let e = err(r#"{"actions":[{"id":"a","expects":["records.changed","record.added"]}]}"#);
        assert!(e.starts_with("actions[0].expects[1] is `record.added`, which names no change: use one of records, records.added,"), "{e}");
        assert!(e.ends_with("or state.<name>"), "{e}");
        for ok in ["state.filter", "records", "actions", "page", "feedback"] {
            let json = format!(r#"{{"actions":[{{"id":"a","expects":["{ok}"]}}]}}"#);
            assert!(Snapshot::from_json(&json).is_ok(), "{ok}");
        }
        for bad in ["state.", "state.a.b", "", "Records"] {
            assert!(!is_expectation(bad), "{bad:?}");
        }
    }

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
