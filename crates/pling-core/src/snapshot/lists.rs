//! [`Lists`]: a snapshot's long lists, shared, and what is derived from them once.

use super::{Lists, RecordIds};
use crate::support::strmap::Table;
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

/// What the checks and the observation read from the lists alone, derived once.
#[derive(Debug, Default)]
pub(crate) struct Derived {
    /// Each id to its first place, counting the ids of every list in order.
    places: Table<String>,
    /// Where each list starts in that count.
    starts: Vec<usize>,
    /// The first place, in that count, whose id is empty (`true`) or repeats an earlier one.
    pub(crate) problem: Option<(usize, bool)>,
    /// Whether every id is short enough to be cited as it is (no alias).
    pub(crate) short: bool,
}

impl Derived {
    fn of(lists: &[RecordIds]) -> Self {
        let total = lists.iter().map(|set| set.ids.len()).sum();
        let mut out = Derived {
            places: Table::with_capacity(total),
            starts: Vec::with_capacity(lists.len()),
            problem: None,
            short: true,
        };
        let mut at = 0;
        for set in lists {
            out.starts.push(at);
            for id in &set.ids {
                out.short = out.short && id.chars().count() <= crate::alias::ALIAS_FROM;
                let empty = id.trim().is_empty();
                let added = empty || out.places.place(id.clone(), at).1;
                if out.problem.is_none() && (empty || !added) {
                    out.problem = Some((at, empty));
                }
                at += 1;
            }
        }
        out
    }

    /// The first place of `id` in the lists, as (list, place in it).
    pub(crate) fn place(&self, id: &str) -> Option<(usize, usize)> {
        let at = self.places.get(id)?;
        let list = self.starts.partition_point(|&s| s <= at).checked_sub(1)?;
        Some((list, at - self.starts[list]))
    }

    /// Where list `i` starts, counting the ids of every list in order.
    pub(crate) fn start(&self, i: usize) -> usize {
        self.starts.get(i).copied().unwrap_or(0)
    }
}

impl Lists {
    /// Whether it holds no list.
    pub fn is_empty(&self) -> bool {
        self.lists.is_empty()
    }

    /// What is derived from the lists, computed on first use.
    pub(crate) fn derived(&self) -> &Derived {
        self.derived.get_or_init(|| Derived::of(&self.lists))
    }

    /// Whether `other` is these very lists (shared, not only equal).
    pub fn same(&self, other: &Lists) -> bool {
        Rc::ptr_eq(&self.lists, &other.lists)
    }
}

impl From<Vec<RecordIds>> for Lists {
    fn from(lists: Vec<RecordIds>) -> Self {
        Lists { lists: Rc::new(lists), derived: Rc::default() }
    }
}

impl Deref for Lists {
    type Target = Vec<RecordIds>;

    fn deref(&self) -> &Vec<RecordIds> {
        &self.lists
    }
}

impl DerefMut for Lists {
    fn deref_mut(&mut self) -> &mut Vec<RecordIds> {
        self.derived = Rc::default();
        Rc::make_mut(&mut self.lists)
    }
}

impl PartialEq for Lists {
    fn eq(&self, other: &Lists) -> bool {
        self.same(other) || self.lists == other.lists
    }
}

/// Writes the lists as the list of [`RecordIds`] they are.
pub(super) fn write<S: serde::Serializer>(
    lists: &Rc<Vec<RecordIds>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(lists.as_slice(), s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(ids: &[&str]) -> RecordIds {
        RecordIds { region: None, ids: ids.iter().map(|&id| id.to_owned()).collect() }
    }

    #[test]
    fn copies_share_what_is_derived_and_a_change_derives_afresh() {
        let mut a: Lists = vec![ids(&["a", "b"]), ids(&["c"])].into();
        let b = a.clone();
        assert!(a.same(&b) && a == b);
        assert!(std::ptr::eq(a.derived(), b.derived()), "derived once for both");
        assert_eq!(b.derived().place("c"), Some((1, 0)));
        assert_eq!(b.derived().place("d"), None);
        a[1].ids.push("a".into());
        assert!(!a.same(&b) && a != b);
        assert_eq!(a.derived().problem, Some((3, false)), "`a` again, fourth in the count");
        assert_eq!(b.derived().problem, None, "the copy keeps its own");
        let c: Lists = vec![ids(&["x", " "])].into();
        assert_eq!(c.derived().problem, Some((1, true)));
        assert!(c.derived().short);
        let d: Lists = vec![ids(&["x", "3f2a9c1b-7d4e-4b8a-9f10-2c3d4e5f6a7b"])].into();
        assert!(!d.derived().short);
    }
}
