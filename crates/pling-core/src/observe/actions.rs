//! The actions section: actions folded into entries, counted per region, named and listed
//! within the budget.

use super::fold::{count, reason_of, row_reason, settle_availability, Folder, Member};
use super::observation::{Entry, Row, COVERED_REASON};
use super::regions::Regions;
use crate::limits::Limits;
use crate::snapshot::{Action, Index, Snapshot};
use crate::support::strmap::StrMap;
use std::cell::OnceCell;

/// The actions folded into entries, with what each region holds and hides.
pub(super) struct ActionPass<'a, 'k> {
    /// Per region: (row actions in the viewport, all).
    pub(super) region_counts: Vec<(usize, usize)>,
    /// Per region: actions not listed because it is inactive (at its top inactive region).
    pub(super) hidden: Vec<usize>,
    /// (hidden region, entry that reveals it).
    pub(super) reveals: Vec<(usize, usize)>,
    pub(super) folder: Folder<'a, 'k>,
    pub(super) available: usize,
    pub(super) unavailable: usize,
}

/// What [`ActionPass`] comes to.
pub(super) struct Actions<'a> {
    pub(super) entries: Vec<Entry<'a>>,
    pub(super) region_counts: Vec<(usize, usize)>,
    pub(super) hidden: Vec<usize>,
    pub(super) reveals: Vec<(usize, usize)>,
    pub(super) available: usize,
    pub(super) unavailable: usize,
}

impl<'a> ActionPass<'a, '_> {
    pub(super) fn run(
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
            folder: Folder::new(&keys),
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

    pub(super) fn count(&mut self, available: bool, n: usize) {
        count(available, n, &mut self.available, &mut self.unavailable);
    }

    /// Counts action `i` in its region, then folds it, unless an inactive region hides it.
    pub(super) fn action(
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
                // A legal name is ASCII, so any length is a boundary; a shorter one is whole.
                name = format!("{}{}", base.get(..keep).unwrap_or(&base), suffix);
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
