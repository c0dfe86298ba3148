//! Folding row actions into entries: one entry per operation and parameter schema, never
//! holding a record twice.

use super::observation::{Blocked, Entry, Row, Rows, Target, COVERED_REASON, DEFAULT_REASON};
use super::regions::Regions;
use crate::snapshot::Action;
use crate::support::json::Value;
use crate::support::strmap::StrMap;
use std::cell::OnceCell;

/// Builds entries: single actions as they come, row actions folded by shape.
///
/// A folded entry never holds the same record twice: a row whose record is already in the
/// entry (declared again by another action) opens a new entry, so every row stays reachable.
#[derive(Default)]
pub(super) struct Folder<'a, 'k> {
    pub(super) entries: Vec<Entry<'a>>,
    pub(super) names: Vec<&'a str>,
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
    pub(super) fn new(params: Option<&'a Value>, e: usize) -> Self {
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
pub(super) struct Member<'a> {
    /// Its place among the snapshot's actions.
    pub(super) index: usize,
    pub(super) action: &'a Action,
    pub(super) region: Option<usize>,
    pub(super) available: bool,
    pub(super) reason: Option<&'a str>,
}

impl<'a, 'k> Folder<'a, 'k> {
    /// An empty folder over the actions' fold keys.
    pub(super) fn new(keys: &'k [OnceCell<String>]) -> Self {
        Self { keys, ..Self::default() }
    }
}

impl<'a> Folder<'a, '_> {
    pub(super) fn single(&mut self, m: &Member<'a>, regions: &Regions<'_>) -> usize {
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
    pub(super) fn place(
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
    pub(super) fn only_from(&self, e: usize, action: &str) -> bool {
        matches!(self.sources[e], Source::Fresh { only: Some(id), .. } if id == action)
    }

    /// Appends rows of the declaration that alone fills entry `e`, blocked for `blocked`.
    pub(super) fn extend_rows(
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
pub(super) fn settle_availability(e: &mut Entry<'_>) {
    if let Target::Rows { rows, blocked, .. } = &e.target {
        e.available = !rows.is_empty();
        e.reason = if e.available { None } else { blocked.first().map(|b| b.reason) };
    }
}

pub(super) fn count(
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

pub(super) fn row_reason(reason: Option<&crate::trust::Authored>) -> &str {
    reason.map(|r| r.as_str()).filter(|r| !r.trim().is_empty()).unwrap_or(DEFAULT_REASON)
}

pub(super) fn reason_of(a: &Action) -> Option<&str> {
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
