//! `observe`: one snapshot in, one bounded observation out. Row actions are folded, every
//! budget is applied, and every cut is counted so the rendered text can say what it left out.

use crate::error::SnapshotError;
use crate::limits::Limits;
use crate::snapshot::{Action, ActionKind, Effect, Index, Snapshot};
use crate::support::json::Value;
use crate::support::strmap::StrMap;
use crate::support::text::{char_len, Joined};
use crate::trust::{
    authored_line, block_json, data_line, data_value_inline, shorten, summarize, MAX_VALUE_CHARS,
};
use serde::Serialize;
use std::borrow::Cow;
use std::cell::OnceCell;
use std::fmt::Write as _;

/// Reason given for an action covered by a dialog, an overlay or `inert`.
pub const COVERED_REASON: &str = "covered by a dialog or overlay; close it first";
/// Reason given for an unavailable action whose author gave none.
pub const DEFAULT_REASON: &str = "not available right now";
/// How many example row ids an action line names.
pub const EXAMPLE_IDS: usize = 3;
/// Longest record id or label written in a line; longer ones are shortened with a mark.
const MAX_ID_CHARS: usize = 80;
/// Longest field name written in a record line.
const MAX_KEY_CHARS: usize = 60;
/// Smallest remainder worth filling with a shortened line rather than leaving out.
const MIN_SHORTENED: usize = 24;
/// Longest region path (`Main > Todo list`) in a `region:` tag; a deeper one keeps its
/// innermost names behind `… > `.
pub const MAX_PATH_CHARS: usize = 120;
/// Deepest indentation of the page structure; deeper regions are indented as this.
const MAX_INDENT: usize = 8;
/// Two spaces for each level of indentation, to the deepest.
const INDENT: &str = "                ";
const _: () = assert!(INDENT.len() == 2 * MAX_INDENT);

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
    len: usize,
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

    fn push(&mut self, row: Row<'a>) {
        self.parts.push(Part::One(row));
        self.len += 1;
    }

    /// Appends a row set's rows, one for each of `records`.
    fn push_run(&mut self, records: &'a [String], action: &'a str) {
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

/// The counts behind every omission notice, for tests and for the Agent Surface.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Omissions {
    /// Actions folded away: actions minus entries.
    pub actions_folded: usize,
    /// Action entries not listed for `maxActions`.
    pub entries_not_shown: usize,
    /// Actions not listed because their region is inactive.
    pub actions_hidden: usize,
    /// Active records whose full fields are not shown.
    pub records_not_shown: usize,
    /// Active record ids not in the citation index.
    pub record_ids_not_listed: usize,
    /// Records not cited because their region is inactive.
    pub records_hidden: usize,
    /// Regions not listed in the page structure.
    pub regions_not_listed: usize,
    /// Inactive regions not listed under hidden content.
    pub hidden_regions_not_listed: usize,
    /// State groups left out.
    pub state_groups_left_out: usize,
    /// Feedback items dropped.
    pub feedback_dropped: usize,
    /// Page identity lines shortened or left out.
    pub location_cut: usize,
    /// Page-data strings shortened.
    pub values_shortened: usize,
}

impl Omissions {
    /// The JSON form (its `Serialize` form): every count, by its camelCase name.
    pub fn to_json(&self) -> Value {
        let counts = [
            self.actions_folded,
            self.entries_not_shown,
            self.actions_hidden,
            self.records_not_shown,
            self.record_ids_not_listed,
            self.records_hidden,
            self.regions_not_listed,
            self.hidden_regions_not_listed,
            self.state_groups_left_out,
            self.feedback_dropped,
            self.location_cut,
            self.values_shortened,
        ];
        let names = [
            "actionsFolded",
            "entriesNotShown",
            "actionsHidden",
            "recordsNotShown",
            "recordIdsNotListed",
            "recordsHidden",
            "regionsNotListed",
            "hiddenRegionsNotListed",
            "stateGroupsLeftOut",
            "feedbackDropped",
            "locationCut",
            "valuesShortened",
        ];
        crate::support::json_text::counts(&names, &counts)
    }
}

struct Regions<'a> {
    snapshot: &'a Snapshot,
    /// Effective activity: the region and all its ancestors are active.
    active: Vec<bool>,
    /// For an inactive region, the top of its inactive subtree.
    top_inactive: Vec<Option<usize>>,
    /// `Main > Todo list` for each region.
    paths: Vec<String>,
    /// Regions in preorder with their depth.
    preorder: Vec<(usize, usize)>,
}

impl<'a> Regions<'a> {
    fn new(snapshot: &'a Snapshot, index: &Index) -> Self {
        let n = snapshot.regions.len();
        let mut children: Vec<Vec<usize>> = crate::support::list::defaults(n);
        let mut roots = Vec::new();
        for (i, p) in index.parent.iter().enumerate() {
            match p {
                Some(p) => children[*p].push(i),
                None => roots.push(i),
            }
        }
        let mut active = vec![true; n];
        let mut top_inactive = vec![None; n];
        let mut paths: Vec<String> = crate::support::list::defaults(n);
        let mut preorder = Vec::with_capacity(n);
        let mut stack = Vec::with_capacity(n);
        for &r in roots.iter().rev() {
            stack.push((r, 0));
        }
        while let Some((r, depth)) = stack.pop() {
            let region = &snapshot.regions[r];
            let name = authored_line(region.name.as_str());
            match index.parent[r] {
                Some(p) => {
                    active[r] = active[p] && region.active;
                    top_inactive[r] = top_inactive[p].or((!region.active).then_some(r));
                    paths[r] = bounded_path(&paths[p], &name);
                }
                None => {
                    active[r] = region.active;
                    top_inactive[r] = (!region.active).then_some(r);
                    paths[r] = bounded_path("", &name);
                }
            }
            preorder.push((r, depth));
            for &c in children[r].iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        Self { snapshot, active, top_inactive, paths, preorder }
    }

    fn path(&self, region: Option<usize>) -> String {
        // Every path is at most MAX_PATH_CHARS: cloning one costs the same at any depth.
        region.map(|r| self.paths[r].clone()).unwrap_or_default()
    }
}

/// `parent > name`, keeping the innermost part within [`MAX_PATH_CHARS`].
fn bounded_path(parent: &str, name: &str) -> String {
    let full = if parent.is_empty() { name.to_owned() } else { format!("{parent} > {name}") };
    let len = char_len(&full);
    if len <= MAX_PATH_CHARS {
        return full;
    }
    let start = crate::support::text::char_at(&full, len - (MAX_PATH_CHARS - 4));
    let tail = crate::support::text::part(&full, start, crate::support::text::END);
    format!("… > {}", tail.trim_start_matches(['>', ' ']))
}

/// Builds the observation of `snapshot` within `limits`.
pub fn observe<'a>(
    snapshot: &'a Snapshot,
    limits: &Limits,
) -> Result<Observation<'a>, SnapshotError> {
    let index = snapshot.index()?;
    let regions = Regions::new(snapshot, &index);
    let mut shortened = 0usize;
    let (location, location_cut) = location_lines(snapshot, limits, &mut shortened);
    let actions = ActionPass::run(snapshot, &index, &regions, limits);
    let aliases = crate::alias::Aliases::of(&[snapshot]);
    let records = RecordPass::run(snapshot, &index, &regions, limits, &mut shortened, &aliases);
    let (region_lines, hidden, hidden_total) =
        region_sections(&regions, limits, &actions, &records.hidden);
    let (state_json, state_notes, left_out) = state_section(snapshot, limits, &mut shortened);
    let state_left_out_count = left_out.names.len() + left_out.more;
    let feedback = feedback_lines(snapshot, &index, &regions, limits, &mut shortened);
    Ok(Observation {
        location,
        location_cut,
        regions: region_lines,
        regions_total: snapshot.regions.len(),
        entries: actions.entries,
        available_actions: actions.available,
        unavailable_actions: actions.unavailable,
        actions_hidden: actions.hidden.iter().sum(),
        records: records.lines,
        records_shown: records.shown,
        record_fields_left_out: records.fields_left_out,
        records_total: records.total,
        records_hidden: records.hidden.iter().sum(),
        citation_ids: records.citation.ids,
        example_record: records.example,
        records_offscreen: records.offscreen,
        hidden,
        hidden_total,
        state_json,
        state_notes,
        state_left_out: left_out.finish(),
        state_left_out_count,
        state_total: snapshot.state.len(),
        feedback,
        feedback_total: snapshot.feedback.len(),
        values_shortened: shortened,
        items_left_out: items_left_out(&regions),
        limits: *limits,
        aliases,
    })
}

/// Whether an active region declares more items than are visible.
fn items_left_out(regions: &Regions<'_>) -> bool {
    let mut all = regions.snapshot.regions.iter().enumerate();
    all.any(|(r, region)| {
        regions.active[r] && matches!((region.visible, region.total), (Some(v), Some(t)) if v < t)
    })
}

/// The actions folded into entries, with what each region holds and hides.
struct ActionPass<'a, 'k> {
    /// Per region: (row actions in the viewport, all).
    region_counts: Vec<(usize, usize)>,
    /// Per region: actions not listed because it is inactive (at its top inactive region).
    hidden: Vec<usize>,
    /// (hidden region, entry that reveals it).
    reveals: Vec<(usize, usize)>,
    folder: Folder<'a, 'k>,
    available: usize,
    unavailable: usize,
}

/// What [`ActionPass`] comes to.
struct Actions<'a> {
    entries: Vec<Entry<'a>>,
    region_counts: Vec<(usize, usize)>,
    hidden: Vec<usize>,
    reveals: Vec<(usize, usize)>,
    available: usize,
    unavailable: usize,
}

impl<'a> ActionPass<'a, '_> {
    fn run(
        snapshot: &'a Snapshot,
        index: &Index,
        regions: &Regions<'_>,
        limits: &Limits,
    ) -> Actions<'a> {
        let n = snapshot.regions.len();
        // Each action's fold key, written the first time one of its rows needs it.
        let keys: Vec<OnceCell<String>> = crate::support::list::defaults(snapshot.actions.len());
        let mut pass = ActionPass {
            region_counts: vec![(0, 0); n],
            hidden: vec![0; n],
            reveals: Vec::new(),
            folder: Folder { keys: &keys, ..Folder::default() },
            available: 0,
            unavailable: 0,
        };
        for (i, a) in snapshot.actions.iter().enumerate() {
            pass.action(snapshot, index, regions, i, a);
        }
        let Folder { mut entries, names, .. } = pass.folder;
        for e in &mut entries {
            settle_availability(e);
        }
        assign_names(&mut entries, &names);
        list_within_budget(&mut entries, limits.max_actions);
        Actions {
            entries,
            region_counts: pass.region_counts,
            hidden: pass.hidden,
            reveals: pass.reveals,
            available: pass.available,
            unavailable: pass.unavailable,
        }
    }

    fn count(&mut self, available: bool, n: usize) {
        count(available, n, &mut self.available, &mut self.unavailable);
    }

    /// Counts action `i` in its region, then folds it, unless an inactive region hides it.
    fn action(
        &mut self,
        snapshot: &'a Snapshot,
        index: &Index,
        regions: &Regions<'_>,
        i: usize,
        a: &'a Action,
    ) {
        let region = index.action_region[i];
        let (members, in_view) = match &a.rows {
            None => (1, usize::from(a.in_viewport != Some(false))),
            Some(set) => {
                let n = snapshot.row_ids(set).len();
                (n, set.in_viewport.as_ref().map_or(n, Vec::len))
            }
        };
        if let Some(r) = region {
            self.region_counts[r].1 += members;
            self.region_counts[r].0 += in_view;
            if let Some(top) = regions.top_inactive[r] {
                self.hidden[top] += members;
                return;
            }
        }
        let available = a.available && !a.covered;
        let reason = reason_of(a);
        let member = Member { index: i, action: a, region, available, reason };
        let entry = match (&a.record, &a.rows) {
            (None, None) => {
                self.count(available, 1);
                self.folder.single(&member, regions)
            }
            (Some(record), None) => {
                self.count(available, 1);
                let row = Row { record, action: &a.id, set: false };
                let blocked = if available { None } else { reason };
                self.folder.place(&member, regions, row, a.in_viewport, &mut None, blocked)
            }
            (_, Some(set)) => match self.row_set(snapshot, regions, &member, set) {
                Some(e) => e,
                None => return,
            },
        };
        if let (Some(rr), true) = (index.reveals[i], available) {
            if let Some(top) = regions.top_inactive[rr] {
                if !self.reveals.contains(&(top, entry)) {
                    self.reveals.push((top, entry));
                }
            }
        }
    }

    /// Folds the rows of a row set; returns the entry they share, if they share one.
    fn row_set(
        &mut self,
        snapshot: &'a Snapshot,
        regions: &Regions<'_>,
        m: &Member<'a>,
        set: &'a crate::snapshot::RowSet,
    ) -> Option<usize> {
        let a = m.action;
        let ids = snapshot.row_ids(set);
        let visible = viewport_flags(set, ids.len());
        let exceptions = row_exceptions(set, m.available, ids.len());
        // The whole set unavailable: every row is blocked for the action's reason.
        let set_reason = if m.available { None } else { m.reason };
        let mut shared: Option<usize> = None;
        for (k, record) in ids.iter().enumerate() {
            if let Some(e) =
                shared.filter(|&e| exceptions.is_empty() && self.folder.only_from(e, &a.id))
            {
                // The entry holds this set's rows alone: the rest join it together.
                let rest = &ids[k..];
                let offscreen =
                    visible.as_ref().map_or(0, |v| v[k..].iter().filter(|&&x| !x).count());
                self.count(m.available, rest.len());
                self.folder.extend_rows(e, rest, &a.id, offscreen, set_reason);
                break;
            }
            let row = Row { record, action: &a.id, set: true };
            let in_viewport = visible.as_ref().map(|v| v[k]);
            let blocked = if exceptions.is_empty() {
                set_reason
            } else {
                exceptions.get(k).copied().flatten()
            };
            self.count(blocked.is_none(), 1);
            self.folder.place(m, regions, row, in_viewport, &mut shared, blocked);
        }
        shared
    }
}

/// Per row of a set, whether it is in the viewport; `None` when the browser does not know.
fn viewport_flags(set: &crate::snapshot::RowSet, n: usize) -> Option<Vec<bool>> {
    set.in_viewport.as_ref().map(|indices| {
        let mut v = vec![false; n];
        for &k in indices {
            v[k as usize] = true;
        }
        v
    })
}

/// The rows of an available set that cannot run now, each with its reason, by row index
/// (`n` rows); empty when every row can run.
fn row_exceptions(set: &crate::snapshot::RowSet, available: bool, n: usize) -> Vec<Option<&str>> {
    if !available || (set.unavailable.is_empty() && set.covered.is_empty()) {
        return Vec::new();
    }
    let mut exceptions = vec![None; n];
    let reasons = set.unavailable.iter().map(|u| (u.index, row_reason(u.reason.as_ref())));
    for (k, reason) in reasons.chain(set.covered.iter().map(|&k| (k, COVERED_REASON))) {
        if let Some(slot) = exceptions.get_mut(k as usize) {
            *slot = Some(reason);
        }
    }
    exceptions
}

/// The citation ids, within their own character allowance.
#[derive(Default)]
struct Citation {
    ids: Vec<String>,
    chars: usize,
    closed: bool,
}

/// Records: full fields for rows in the viewport within the record budget, ids for every
/// active row within the citation allowance.
struct RecordPass {
    /// Per region: records not cited because it is inactive (at its top inactive region).
    hidden: Vec<usize>,
    lines: Vec<String>,
    /// The declared ids of the records in `lines`.
    shown: Vec<String>,
    chars: usize,
    full_closed: bool,
    total: usize,
    citation: Citation,
    example: Option<String>,
    /// Whether an active record may be outside the viewport.
    offscreen: bool,
    /// Fields of the first row left out whole because that row alone is too wide.
    fields_left_out: Vec<String>,
}

impl RecordPass {
    fn run(
        snapshot: &Snapshot,
        index: &Index,
        regions: &Regions<'_>,
        limits: &Limits,
        shortened: &mut usize,
        aliases: &crate::alias::Aliases,
    ) -> RecordPass {
        let mut pass = RecordPass {
            hidden: vec![0; snapshot.regions.len()],
            lines: Vec::new(),
            shown: Vec::new(),
            chars: 0,
            full_closed: limits.max_records == 0,
            total: 0,
            citation: Citation::default(),
            example: None,
            offscreen: false,
            fields_left_out: Vec::new(),
        };
        for (i, r) in snapshot.records.iter().enumerate() {
            match index.record_region[i].and_then(|g| regions.top_inactive[g]) {
                Some(top) => pass.hidden[top] += 1,
                None => pass.record(r, &aliases.cite(&r.id), limits, shortened),
            }
        }
        for (i, set) in snapshot.record_ids.iter().enumerate() {
            let top = index.id_set_region[i].and_then(|g| regions.top_inactive[g]);
            pass.id_set(set, &index.detailed[i], top, limits, shortened, aliases);
        }
        pass
    }

    fn cite(&mut self, raw: &str, limits: &Limits, shortened: &mut usize) {
        let c = &mut self.citation;
        cite(raw, &mut c.ids, &mut c.chars, &mut c.closed, shortened, limits);
    }

    /// One active record (cited as `cited`): its full line while the budget lasts, and its
    /// citation id.
    fn record(
        &mut self,
        r: &crate::snapshot::Record,
        cited: &str,
        limits: &Limits,
        shortened: &mut usize,
    ) {
        self.total += 1;
        self.offscreen |= r.in_viewport != Some(true);
        let wants_full = !self.full_closed && r.in_viewport != Some(false);
        if !wants_full && self.example.is_some() {
            if !self.citation.closed {
                self.cite(cited, limits, shortened);
            }
            return;
        }
        let (id, id_cut) = data_line(cited, MAX_ID_CHARS);
        if self.example.is_none() {
            self.example = Some(id.clone());
        }
        if wants_full {
            self.full_line(&id, r, limits, shortened);
        }
        if !self.citation.closed {
            *shortened += id_cut as usize;
            let c = &mut self.citation;
            cite_line(id, &mut c.ids, &mut c.chars, &mut c.closed, limits);
        }
    }

    /// The record's line with whole values (each up to [`RECORD_VALUE_CHARS`]) while
    /// `maxRecordChars` lasts. A row that does not fit is left out whole, with every row after
    /// it; only the first row, when it alone is too wide, keeps what fits and leaves out whole
    /// fields, which are named.
    fn full_line(
        &mut self,
        id: &str,
        r: &crate::snapshot::Record,
        limits: &Limits,
        shortened: &mut usize,
    ) {
        let remaining = limits.max_record_chars.saturating_sub(self.chars);
        let n = self.lines.len() + 1;
        let first = self.lines.is_empty();
        // Only the first row may leave fields out: later rows are whole or not shown.
        let room = if first { remaining.saturating_sub(1) } else { usize::MAX };
        let built = record_line(n, id, r, room);
        let len = char_len(&built.line) + 1;
        if len <= remaining {
            self.chars += len;
            *shortened += built.cut;
            self.lines.push(built.line);
            self.shown.push(r.id.clone());
            self.fields_left_out = built.left_out;
        } else if first && remaining > MIN_SHORTENED {
            let short = shorten(&built.line, remaining - 1).0.into_owned();
            self.chars += char_len(&short) + 1;
            *shortened += built.cut + 1;
            self.lines.push(short);
            self.shown.push(r.id.clone());
            self.fields_left_out = built.left_out;
            self.full_closed = true;
        } else {
            self.full_closed = true;
        }
        if self.lines.len() >= limits.max_records {
            self.full_closed = true;
        }
    }

    /// An id-only list: its ids not already counted as records are counted and cited.
    fn id_set(
        &mut self,
        set: &crate::snapshot::RecordIds,
        detailed: &[u32],
        hidden_at: Option<usize>,
        limits: &Limits,
        shortened: &mut usize,
        aliases: &crate::alias::Aliases,
    ) {
        let n = set.ids.len() - detailed.len();
        if let Some(top) = hidden_at {
            self.hidden[top] += n;
            return;
        }
        self.total += n;
        self.offscreen |= n > 0;
        let mut skip = detailed.iter().peekable();
        for (k, id) in set.ids.iter().enumerate() {
            if skip.peek().is_some_and(|&&p| p as usize == k) {
                skip.next();
                continue;
            }
            let id = aliases.cite(id);
            if self.example.is_none() {
                self.example = Some(data_line(&id, MAX_ID_CHARS).0);
            }
            if self.citation.closed {
                break;
            }
            self.cite(&id, limits, shortened);
        }
    }
}

/// The longest page-data value a record line keeps whole; a longer one is cut with its
/// visible mark. Rows are left out whole before values are cut further.
pub const RECORD_VALUE_CHARS: usize = 200;

/// One record line and what it had to leave out.
struct RecordLine {
    line: String,
    /// Values shortened with a mark.
    cut: usize,
    /// Fields left out whole because the line had no room for them.
    left_out: Vec<String>,
}

/// `- 3. m3 (label): key value; …`, each value up to [`RECORD_VALUE_CHARS`]; a field that would
/// take the line past `room` characters is left out whole and named.
fn record_line(n: usize, id: &str, r: &crate::snapshot::Record, room: usize) -> RecordLine {
    let mut line = format!("- {n}. {id}");
    let mut cut = 0usize;
    if let Some(label) = &r.label {
        let (label, c) = data_line(label.as_str(), RECORD_VALUE_CHARS);
        cut += c as usize;
        let _ = write!(line, " ({label})");
    }
    line.push(':');
    let mut len = char_len(&line);
    let mut left_out = Vec::new();
    let mut field = String::new();
    let mut kept = false;
    for (key, v) in r.fields.iter() {
        field.clear();
        field.push_str(if kept { "; " } else { " " });
        let (key, c) = data_line(key, MAX_KEY_CHARS);
        field.push_str(&key);
        field.push(' ');
        let c2 = crate::trust::data_value_capped(v, RECORD_VALUE_CHARS, &mut field);
        let field_len = char_len(&field);
        if len + field_len > room {
            left_out.push(key);
            continue;
        }
        cut += c as usize + c2 as usize;
        len += field_len;
        kept = true;
        line.push_str(&field);
    }
    if !kept && !left_out.is_empty() {
        // No field fits whole: the whole line, to be shortened with its mark, says more.
        return record_line(n, id, r, usize::MAX);
    }
    RecordLine { line, cut, left_out }
}

/// The citation index gets this fraction of `maxRecordChars`: ids reach rows the model cannot
/// read anyway, so past a few dozen they cost more than they help; the rest are counted.
const CITATION_SHARE: usize = 4;

/// Adds a record id to the citation index while its allowance lasts.
fn cite(
    raw: &str,
    ids: &mut Vec<String>,
    used: &mut usize,
    closed: &mut bool,
    shortened: &mut usize,
    limits: &Limits,
) {
    let (id, cut) = data_line(raw, MAX_ID_CHARS);
    let before = ids.len();
    cite_line(id, ids, used, closed, limits);
    if ids.len() > before {
        *shortened += cut as usize;
    }
}

fn cite_line(
    id: String,
    ids: &mut Vec<String>,
    used: &mut usize,
    closed: &mut bool,
    limits: &Limits,
) {
    let len = char_len(&id) + if ids.is_empty() { 0 } else { 3 };
    if *used + len <= limits.max_record_chars / CITATION_SHARE {
        *used += len;
        ids.push(id);
    } else {
        *closed = true;
    }
}

/// Builds entries: single actions as they come, row actions folded by shape.
///
/// A folded entry never holds the same record twice: a row whose record is already in the
/// entry (declared again by another action) opens a new entry, so every row stays reachable.
#[derive(Default)]
struct Folder<'a, 'k> {
    entries: Vec<Entry<'a>>,
    names: Vec<&'a str>,
    /// Per action: its fold key, once one of its rows needed it.
    keys: &'k [OnceCell<String>],
    /// Fold key to its place in `candidates`.
    folds: StrMap<'k>,
    /// Per fold key: the entries of that shape, by parameter schema.
    candidates: Vec<Vec<Candidates<'a>>>,
    /// Per entry: the one action that filled it so far, or the records it holds once a
    /// second action folds into it.
    sources: Vec<Source<'a>>,
}

/// The entries of one shape and one parameter schema, in the order they were opened.
struct Candidates<'a> {
    params: Option<&'a Value>,
    entries: Vec<usize>,
    /// For a record that some of them turned away: where in `entries` to start looking, each
    /// entry before it holding that record already. Entries never lose a row, so the place
    /// only moves forward, and a thousand declarations of one row cost a thousand steps.
    start: StrMap<'a>,
}

impl<'a> Candidates<'a> {
    fn new(params: Option<&'a Value>, e: usize) -> Self {
        Self { params, entries: vec![e], start: StrMap::default() }
    }

    /// The first entry that takes `row` (recording it), from the record's starting place.
    fn choose(
        &mut self,
        entries: &[Entry<'a>],
        sources: &mut [Source<'a>],
        name: &str,
        row: &Row<'a>,
    ) -> Option<usize> {
        let from = self.start.get(row.record).unwrap_or(0);
        let found = self.entries[from.min(self.entries.len())..]
            .iter()
            .position(|&e| accepts(&mut sources[e], &entries[e].target, name, row))
            .map(|p| from + p);
        // Every entry from `from` to the one that took it (or to the end) holds the record.
        let next = found.unwrap_or(self.entries.len());
        if next > from {
            match self.start.get_mut(row.record) {
                Some(start) => *start = next,
                None => {
                    self.start.insert(row.record, next);
                }
            }
        }
        found.map(|p| self.entries[p])
    }
}

/// Whether an entry might hold a record twice. Rows whose id reads `{name}@{record}` cannot
/// repeat a record (action ids are unique), and neither can one declaration's rows; only when
/// other rows mix in are records tracked in a set.
enum Source<'a> {
    Fresh {
        /// The one declaration whose rows fill the entry so far, if there is only one.
        only: Option<&'a str>,
        /// Every row so far has the id `{name}@{record}`.
        canonical: bool,
        /// Whether the rows so far come from a row set (else from actions declared one by
        /// one). A set's row `t@a` and an action declared as `t@a` would share an id, so
        /// rows of both kinds are tracked by record.
        set: bool,
    },
    /// The records it holds (to their first row's place).
    Many(StrMap<'a>),
}

/// Whether `row` has the id `{name}@{record}`.
fn canonical(name: &str, row: &Row<'_>) -> bool {
    let id = row.action;
    if row.set {
        return id == name;
    }
    id.len() == name.len() + 1 + row.record.len()
        && id.starts_with(name)
        && id.as_bytes()[name.len()] == b'@'
        && id.ends_with(row.record)
}

/// Whether an entry (its rows and source) can take `row`, recording it when it can.
fn accepts<'a>(source: &mut Source<'a>, target: &Target<'a>, name: &str, row: &Row<'a>) -> bool {
    if let Source::Fresh { only, canonical: all, set } = source {
        let same = *only == Some(row.action);
        let canon = canonical(name, row);
        if same || (*all && canon && *set == row.set) {
            if !same {
                *only = None;
            }
            *all = *all && canon;
            return true;
        }
        let Target::Rows { rows, blocked, .. } = target else { return false };
        let records = rows.iter().map(|r| r.record).chain(blocked.iter().map(|b| b.row.record));
        let mut seen = StrMap::default();
        for (k, r) in records.enumerate() {
            seen.insert(r, k);
        }
        *source = Source::Many(seen);
    }
    match source {
        Source::Many(seen) => {
            let next = seen.len();
            seen.insert(row.record, next).is_none()
        }
        Source::Fresh { .. } => true,
    }
}

/// The fold key: actions that agree on all of it (name, description, region, kind, effect,
/// confirmation, handoff), and on parameters and reason, become one entry. Written as one
/// string, so the folder shares the name table's hash-map code: the flags, the region and the
/// name's length first, each of fixed form or closed by `:`, then the name and the description,
/// so that no two keys read alike.
fn fold_key(m: &Member<'_>) -> String {
    let a = m.action;
    let name = a.base_name();
    let mut key = String::with_capacity(name.len() + a.description.as_str().len() + 24);
    for flag in [a.kind as u8, a.effect as u8, u8::from(a.confirm), u8::from(a.handoff)] {
        key.push(char::from(b'a' + flag));
    }
    let mut number = itoa::Buffer::new();
    if let Some(r) = m.region {
        key.push_str(number.format(r));
    }
    key.push(':');
    key.push_str(number.format(name.len()));
    key.push(':');
    key.push_str(name);
    key.push_str(a.description.as_str());
    key
}

/// One action as it takes part in folding: where it is and whether it can run.
struct Member<'a> {
    /// Its place among the snapshot's actions.
    index: usize,
    action: &'a Action,
    region: Option<usize>,
    available: bool,
    reason: Option<&'a str>,
}

impl<'a> Folder<'a, '_> {
    fn single(&mut self, m: &Member<'a>, regions: &Regions<'_>) -> usize {
        let a = m.action;
        let target = Target::Action { id: &a.id, in_viewport: a.in_viewport };
        self.push_entry(
            m,
            regions,
            target,
            Source::Fresh { only: Some(&a.id), canonical: false, set: false },
        )
    }

    fn push_entry(
        &mut self,
        m: &Member<'a>,
        regions: &Regions<'_>,
        target: Target<'a>,
        source: Source<'a>,
    ) -> usize {
        self.entries.push(new_entry(m.action, m.region, regions, m.available, m.reason, target));
        self.names.push(m.action.base_name());
        self.sources.push(source);
        self.entries.len() - 1
    }

    /// Places one row: into `hint` when it fits, else into the first entry of the same shape
    /// that does not hold its record yet, else into a new entry. Updates `hint`.
    fn place(
        &mut self,
        m: &Member<'a>,
        regions: &Regions<'_>,
        row: Row<'a>,
        in_viewport: Option<bool>,
        hint: &mut Option<usize>,
        blocked: Option<&'a str>,
    ) -> usize {
        let a = m.action;
        let name = a.base_name();
        if let Some(e) = *hint {
            if accepts(&mut self.sources[e], &self.entries[e].target, name, &row) {
                self.push_row(e, row, in_viewport, blocked);
                return e;
            }
        }
        let key = self.keys[m.index].get_or_init(|| fold_key(m)).as_str();
        let shape = self.folds.get(key);
        let params = a.params.as_ref();
        let group = shape.and_then(|k| self.candidates[k].iter().position(|c| c.params == params));
        let chosen = match (shape, group) {
            (Some(k), Some(g)) => {
                self.candidates[k][g].choose(&self.entries, &mut self.sources, name, &row)
            }
            _ => None,
        };
        let e = match chosen {
            Some(e) => e,
            None => {
                let target = Target::Rows {
                    rows: Rows::default(),
                    count: 0,
                    offscreen: 0,
                    blocked: Vec::new(),
                };
                let source = Source::Fresh {
                    only: Some(row.action),
                    canonical: canonical(name, &row),
                    set: row.set,
                };
                let e = self.push_entry(m, regions, target, source);
                match (shape, group) {
                    (Some(k), Some(g)) => self.candidates[k][g].entries.push(e),
                    (Some(k), None) => self.candidates[k].push(Candidates::new(params, e)),
                    (None, _) => {
                        self.folds.insert(key, self.candidates.len());
                        self.candidates.push(vec![Candidates::new(params, e)]);
                    }
                }
                e
            }
        };
        self.push_row(e, row, in_viewport, blocked);
        *hint = Some(e);
        e
    }

    /// Whether entry `e` holds rows of the one declaration `action` only.
    fn only_from(&self, e: usize, action: &str) -> bool {
        matches!(self.sources[e], Source::Fresh { only: Some(id), .. } if id == action)
    }

    /// Appends rows of the declaration that alone fills entry `e`, blocked for `blocked`.
    fn extend_rows(
        &mut self,
        e: usize,
        records: &'a [String],
        action: &'a str,
        offscreen: usize,
        blocked: Option<&'a str>,
    ) {
        let Target::Rows { rows, count, offscreen: off, blocked: out } =
            &mut self.entries[e].target
        else {
            return;
        };
        match blocked {
            Some(reason) => {
                out.reserve(records.len());
                for record in records {
                    out.push(Blocked { row: Row { record, action, set: true }, reason });
                }
            }
            None => {
                *count += records.len();
                *off += offscreen;
                rows.push_run(records, action);
            }
        }
    }

    fn push_row(
        &mut self,
        e: usize,
        row: Row<'a>,
        in_viewport: Option<bool>,
        blocked: Option<&'a str>,
    ) {
        if let Target::Rows { rows, count, offscreen, blocked: out } = &mut self.entries[e].target {
            if let Some(reason) = blocked {
                out.push(Blocked { row, reason });
                return;
            }
            rows.push(row);
            *count += 1;
            if in_viewport == Some(false) {
                *offscreen += 1;
            }
        }
    }
}

/// A folded entry can run when any of its rows can; one whose rows are all blocked is
/// unavailable, for its first row's reason (each row keeps its own).
fn settle_availability(e: &mut Entry<'_>) {
    if let Target::Rows { rows, blocked, .. } = &e.target {
        e.available = !rows.is_empty();
        e.reason = if e.available { None } else { blocked.first().map(|b| b.reason) };
    }
}

fn count(
    available: bool,
    n: usize,
    available_actions: &mut usize,
    unavailable_actions: &mut usize,
) {
    if available {
        *available_actions += n;
    } else {
        *unavailable_actions += n;
    }
}

fn row_reason(reason: Option<&crate::trust::Authored>) -> &str {
    reason.map(|r| r.as_str()).filter(|r| !r.trim().is_empty()).unwrap_or(DEFAULT_REASON)
}

fn reason_of(a: &Action) -> Option<&str> {
    if a.covered {
        Some(COVERED_REASON)
    } else if !a.available {
        Some(
            a.reason
                .as_ref()
                .map(|r| r.as_str())
                .filter(|r| !r.trim().is_empty())
                .unwrap_or(DEFAULT_REASON),
        )
    } else {
        None
    }
}

fn new_entry<'a>(
    a: &'a Action,
    region: Option<usize>,
    regions: &Regions<'_>,
    available: bool,
    reason: Option<&'a str>,
    target: Target<'a>,
) -> Entry<'a> {
    Entry {
        name: String::new(),
        kind: a.kind,
        effect: a.effect,
        region_path: regions.path(region),
        description: a.description.as_str(),
        params: a.params.as_ref(),
        value: if a.record.is_none() && a.rows.is_none() {
            a.value.as_ref().map(|v| &v.0)
        } else {
            None
        },
        available,
        reason,
        confirm: a.confirm,
        handoff: a.handoff,
        listed: false,
        target,
    }
}

/// The longest legal function name.
pub const MAX_NAME_CHARS: usize = 64;

/// Turns an action name into a legal function name: characters outside `[a-zA-Z0-9_-]`
/// become `_`, at most 64 characters, never empty.
pub fn legal_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len().min(MAX_NAME_CHARS));
    for c in crate::support::text::first_chars(name, MAX_NAME_CHARS).chars() {
        out.push(if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' });
    }
    if out.is_empty() {
        out.push_str("action");
    }
    out
}

/// Gives every entry a unique legal name; on a collision the later entry, in page order,
/// takes the first free `_2`, `_3`, … suffix.
fn assign_names(entries: &mut [Entry<'_>], names: &[&str]) {
    // Every name given so far, each base name with the next suffix to try, so a thousand
    // entries of one name cost a thousand steps, not half a million. The names live in one
    // cell per entry, set in order, so the map borrows them as it grows (a map of `&str`
    // keys, like the snapshot's index, keeps one copy of the hash table's code).
    let given: Vec<OnceCell<String>> = crate::support::list::defaults(entries.len());
    let mut taken = StrMap::default();
    for (cell, raw) in given.iter().zip(names) {
        let base = legal_name(raw);
        let mut name = base.clone();
        if let Some(first) = taken.get(&base) {
            let mut n = first;
            loop {
                let suffix = format!("_{n}");
                let keep = MAX_NAME_CHARS - suffix.len();
                name = format!("{}{}", crate::support::text::part(&base, 0, keep), suffix);
                n += 1;
                if !taken.contains_key(&name) {
                    break;
                }
            }
            if let Some(next) = taken.get_mut(&base) {
                *next = n;
            }
        }
        taken.place(cell.get_or_init(|| name), 2);
    }
    drop(taken);
    for (entry, cell) in entries.iter_mut().zip(given) {
        if let Some(name) = cell.into_inner() {
            entry.name = name;
        }
    }
}

/// Marks entries as listed within `max`: available entries first, in page order, then
/// unavailable ones with what is left.
fn list_within_budget(entries: &mut [Entry<'_>], max: usize) {
    let mut left = max;
    for available in [true, false] {
        for e in entries.iter_mut().filter(|e| e.available == available) {
            if left == 0 {
                return;
            }
            e.listed = true;
            left -= 1;
        }
    }
}

fn location_lines(
    snapshot: &Snapshot,
    limits: &Limits,
    shortened: &mut usize,
) -> (Vec<String>, usize) {
    let page = &snapshot.page;
    let mut candidates: Vec<String> = Vec::new();
    let mut field = |label: &str, text: &str, data: bool| {
        if text.is_empty() {
            return;
        }
        let (value, cut) =
            if data { data_line(text, MAX_VALUE_CHARS) } else { (authored_line(text), false) };
        *shortened += cut as usize;
        candidates.push(format!("- {label}: {value}"));
    };
    field("title", page.title.as_str(), true);
    field("path", page.path.as_str(), true);
    if let Some(route) = &page.route {
        field("route", route.as_str(), false);
    }
    for (label, map) in [("route params", &page.params), ("query", &page.query)] {
        if map.is_empty() {
            continue;
        }
        let mut line = format!("- {label}: ");
        for (n, (k, v)) in map.0.iter().enumerate() {
            if n > 0 {
                line.push_str("; ");
            }
            let (key, c) = data_line(k, MAX_KEY_CHARS);
            *shortened += c as usize;
            line.push_str(&key);
            line.push('=');
            *shortened += data_value_inline(v, &mut line) as usize;
        }
        candidates.push(line);
    }
    let mut used = 0;
    let mut lines = Vec::new();
    let mut cut = 0;
    for line in candidates {
        let len = char_len(&line) + 1;
        let remaining = limits.max_page_chars.saturating_sub(used);
        if len <= remaining {
            used += len;
            lines.push(line);
        } else if remaining > MIN_SHORTENED {
            let short = shorten(&line, remaining - 1).0.into_owned();
            used += char_len(&short) + 1;
            lines.push(short);
            cut += 1;
        } else {
            cut += 1;
        }
    }
    (lines, cut)
}

/// The page structure lines, and the lines for inactive regions with what they hide and
/// what reveals them (with how many inactive regions there are).
fn region_sections(
    regions: &Regions<'_>,
    limits: &Limits,
    actions: &Actions<'_>,
    hidden_records: &[usize],
) -> (Vec<String>, Vec<String>, usize) {
    let mut lines = Vec::new();
    let mut hidden = Vec::new();
    let mut hidden_total = 0;
    for &(r, depth) in &regions.preorder {
        if lines.len() < limits.max_scopes {
            lines.push(structure_line(regions, r, depth, actions.region_counts[r]));
        }
        if regions.top_inactive[r] == Some(r) {
            hidden_total += 1;
            if hidden.len() < limits.max_scopes {
                hidden.push(hidden_line(regions, r, actions, hidden_records[r]));
            }
        }
    }
    (lines, hidden, hidden_total)
}

/// `- list "Orders" (orders): purpose; in viewport; 20 of 500 items visible; actions 61/83`.
fn structure_line(
    regions: &Regions<'_>,
    r: usize,
    depth: usize,
    (in_view, total): (usize, usize),
) -> String {
    let region = &regions.snapshot.regions[r];
    let mut line = String::from(crate::support::text::part(INDENT, 0, 2 * depth.min(MAX_INDENT)));
    line.push_str("- ");
    line.push_str(&region_label(region));
    let mut facts: Vec<String> = Vec::new();
    if let Some(p) = &region.purpose {
        facts.push(authored_line(p.as_str()));
    }
    if !regions.active[r] {
        facts.push("inactive, content hidden".to_owned());
    } else {
        match region.in_viewport {
            Some(true) => facts.push("in viewport".to_owned()),
            Some(false) => facts.push("outside the viewport".to_owned()),
            None => {}
        }
        match (region.visible, region.total) {
            (Some(v), Some(t)) => facts.push(format!("{v} of {t} items visible")),
            (None, Some(t)) => facts.push(format!("{t} items")),
            (Some(v), None) => facts.push(format!("{v} items visible")),
            (None, None) => {}
        }
    }
    if total > 0 {
        facts.push(format!("actions {in_view}/{total}"));
    }
    if !facts.is_empty() {
        line.push_str(": ");
        line.push_str(&facts.joined("; "));
    }
    line
}

/// `- "Order" (order): inactive; hides 11 actions and 0 records; reveal with: open`.
fn hidden_line(regions: &Regions<'_>, r: usize, actions: &Actions<'_>, records: usize) -> String {
    let mut line = format!("- {}", region_label(&regions.snapshot.regions[r]));
    let _ = write!(
        line,
        ": inactive; hides {} and {}",
        plural(actions.hidden[r], "action", "actions"),
        plural(records, "record", "records"),
    );
    let mut revealers = 0;
    for (h, e) in &actions.reveals {
        let entry = &actions.entries[*e];
        if *h == r && entry.callable() {
            line.push_str(if revealers == 0 { "; reveal with: " } else { ", " });
            line.push_str(&entry.name);
            revealers += 1;
        }
    }
    if revealers == 0 {
        line.push_str("; no declared action reveals it");
    }
    line
}

/// `list "Todo list" (todos)`: role, name and id of a region.
fn region_label(region: &crate::snapshot::Region) -> String {
    let mut out = String::new();
    if let Some(role) = &region.role {
        out.push_str(&authored_line(role.as_str()));
        out.push(' ');
    }
    let _ =
        write!(out, "\"{}\" ({})", authored_line(region.name.as_str()), authored_line(&region.id));
    out
}

/// `1 action`, `2 actions`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Longest list of names left out of the state block; past it the rest are counted.
const MAX_LEFT_OUT_CHARS: usize = 240;

fn state_section(
    snapshot: &Snapshot,
    limits: &Limits,
    shortened: &mut usize,
) -> (Option<String>, Vec<String>, LeftOut) {
    if snapshot.state.is_empty() {
        return (None, Vec::new(), LeftOut::default());
    }
    let mut json = String::from("{");
    let mut json_chars = 1usize;
    let mut shown = Vec::new();
    let mut left_out = LeftOut::default();
    for group in &snapshot.state {
        let (shaped, cut) = summarize(&group.value.0, 0);
        let key = block_json(&Value::String(group.name.clone()));
        let piece = format!("{}:{}", key, block_json(&shaped));
        let sep = usize::from(json.len() > 1);
        let piece_chars = char_len(&piece);
        if json_chars + sep + piece_chars < limits.max_state_chars {
            if sep == 1 {
                json.push(',');
            }
            json.push_str(&piece);
            json_chars += sep + piece_chars;
            *shortened += cut as usize;
            shown.push(group);
        } else {
            left_out.push(&group.name);
        }
    }
    // Values first; the descriptions of the groups shown share what is left of the budget.
    let mut notes = Vec::new();
    let (mut notes_chars, mut notes_left_out) = (0usize, 0usize);
    for group in shown {
        let Some(d) = &group.description else { continue };
        let note = format!("{} — {}", authored_line(&group.name), authored_line(d.as_str()));
        let note_chars = char_len(&note) + 2;
        if json_chars + 1 + notes_chars + note_chars <= limits.max_state_chars {
            notes_chars += note_chars;
            notes.push(note);
        } else {
            notes_left_out += 1;
        }
    }
    json.push('}');
    if notes_left_out > 0 {
        notes.push(format!(
            "({} left out for length)",
            plural(notes_left_out, "description", "descriptions")
        ));
    }
    if char_len(&json) > limits.max_state_chars {
        // Not even `{}` fits: the block is empty and every group is named as left out.
        return (Some(String::new()), Vec::new(), left_out);
    }
    (Some(json), notes, left_out)
}

/// Names of state groups left out, within [`MAX_LEFT_OUT_CHARS`], then a count of the rest.
#[derive(Default)]
struct LeftOut {
    names: Vec<String>,
    chars: usize,
    more: usize,
}

impl LeftOut {
    fn push(&mut self, name: &str) {
        let name = data_line(name, MAX_KEY_CHARS).0;
        let len = char_len(&name) + 2;
        if self.more == 0 && self.chars + len <= MAX_LEFT_OUT_CHARS {
            self.chars += len;
            self.names.push(name);
        } else {
            self.more += 1;
        }
    }

    fn finish(mut self) -> Vec<String> {
        if self.more > 0 {
            self.names.push(format!("and {} more", self.more));
        }
        self.names
    }
}

/// The places of the feedback items, errors first, then warnings, then status messages, each
/// kind in page order (a stable sort by kind, without a sort's code).
fn by_kind(feedback: &[crate::snapshot::Feedback]) -> Vec<usize> {
    use crate::snapshot::FeedbackKind::{Error, Status, Warning};
    let mut out = Vec::with_capacity(feedback.len());
    for kind in [Error, Warning, Status] {
        for (i, f) in feedback.iter().enumerate() {
            if f.kind == kind {
                out.push(i);
            }
        }
    }
    out
}

fn feedback_lines(
    snapshot: &Snapshot,
    index: &Index,
    regions: &Regions<'_>,
    limits: &Limits,
    shortened: &mut usize,
) -> Vec<String> {
    let order = by_kind(&snapshot.feedback);
    let mut lines = Vec::new();
    let mut used = 0;
    for i in order {
        if lines.len() >= limits.max_feedback {
            break;
        }
        let f = &snapshot.feedback[i];
        let mut line = format!("- {}", f.kind.as_str());
        let mut cut = 0usize;
        if let Some(field) = &f.field {
            let (field, c) = data_line(field.as_str(), MAX_KEY_CHARS);
            cut += c as usize;
            let _ = write!(line, " [field: {field}]");
        }
        if let Some(r) = index.feedback_region[i] {
            let _ = write!(line, " (region: {})", regions.paths[r]);
        }
        let (message, c) = data_line(f.message.as_str(), MAX_VALUE_CHARS * 2);
        cut += c as usize;
        let _ = write!(line, ": {message}");
        let len = char_len(&line) + 1;
        let remaining = limits.max_feedback_chars.saturating_sub(used);
        if len <= remaining {
            used += len;
            *shortened += cut;
            lines.push(line);
        } else if lines.is_empty() && remaining > MIN_SHORTENED {
            let short = shorten(&line, remaining - 1).0.into_owned();
            used += char_len(&short) + 1;
            *shortened += cut + 1;
            lines.push(short);
        } else {
            break;
        }
    }
    lines
}

impl<'a> Observation<'a> {
    /// The counts behind every omission notice.
    pub fn omissions(&self) -> Omissions {
        let entries_active = self.entries.len();
        let listed = self.entries.iter().filter(|e| e.listed).count();
        Omissions {
            actions_folded: (self.available_actions + self.unavailable_actions) - entries_active,
            entries_not_shown: entries_active - listed,
            actions_hidden: self.actions_hidden,
            records_not_shown: self.records_total - self.records.len(),
            record_ids_not_listed: self.records_total - self.citation_ids.len(),
            records_hidden: self.records_hidden,
            regions_not_listed: self.regions_total - self.regions.len(),
            hidden_regions_not_listed: self.hidden_total - self.hidden.len(),
            state_groups_left_out: self.state_left_out_count,
            feedback_dropped: self.feedback_total - self.feedback.len(),
            location_cut: self.location_cut,
            values_shortened: self.values_shortened,
        }
    }

    /// Available entries, listed or not, in page order.
    pub fn available(&self) -> impl Iterator<Item = &Entry<'a>> {
        self.entries.iter().filter(|e| e.available)
    }

    /// Unavailable entries, listed or not, in page order.
    pub fn unavailable(&self) -> impl Iterator<Item = &Entry<'a>> {
        self.entries.iter().filter(|e| !e.available)
    }
}
