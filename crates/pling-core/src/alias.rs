//! Short aliases for long record ids. A page whose ids are uuids or long database keys would
//! spend twenty tokens and more on every id it cites, in strings a model easily confuses with
//! one another; such an id is cited by a short alias instead — `k1`, `k2`, … numbered in the
//! order the engine first sees the ids — and a call naming the alias resolves to exactly that
//! id. An id keeps its alias for as long as the engine runs (the page's lifetime; a book of a
//! million ids starts over, numbering on), and no number is given twice, so an alias in the
//! conversation's history or in a receipt never comes to name another row, whatever the page
//! adds, removes or reorders. An alias that would be ambiguous on the page (the same
//! as a short id of the page) is not used there: the id is cited whole.

use crate::snapshot::Snapshot;
use crate::support::strmap::{StrMap, Table};
use std::borrow::Cow;
use std::cell::RefCell;

/// Ids longer than this many characters are cited by alias.
pub const ALIAS_FROM: usize = 12;
/// What every alias starts with, before its number.
const ALIAS_PREFIX: char = 'k';

/// The most ids the book holds: past it, it starts over (numbering on), so a page whose long
/// ids keep changing cannot grow it without bound.
const BOOK_LIMIT: usize = 1_000_000;

/// Long ids and their numbers. A number is given once: the count goes on when the book starts
/// over, so an alias forgotten then names no row afterwards, never another one.
#[derive(Default)]
struct Book {
    numbers: Table<String>,
    given: usize,
}

impl Book {
    /// The number of `id`, given now if it has none, in a book of at most `limit` ids.
    fn number(&mut self, id: &str, limit: usize) -> usize {
        if let Some(n) = self.numbers.get(id) {
            return n;
        }
        if self.numbers.len() >= limit {
            self.numbers = Table::default();
        }
        self.given += 1;
        self.numbers.insert(id.to_owned(), self.given);
        self.given
    }
}

thread_local! {
    /// The engine's book: every long id given an alias, numbered from 1 in the order first seen.
    static BOOK: RefCell<Book> = RefCell::new(Book::default());
}

/// The alias of `id` (`k` and its number in the engine's book, given now if it has none yet),
/// or `None` for a short id.
pub fn alias_of(id: &str) -> Option<String> {
    if id.chars().count() <= ALIAS_FROM {
        return None;
    }
    let number = BOOK.with_borrow_mut(|book| book.number(id, BOOK_LIMIT));
    Some(format!("{ALIAS_PREFIX}{number}"))
}

/// The aliases of one page: each long id's alias, where it is unambiguous. Both maps hold
/// their keys in the same order, so entry `k` of one is the other name of entry `k` of the
/// other; they hash as every map of the engine does (seeded, [`crate::support::strmap`]).
#[derive(Debug, Clone, Default)]
pub struct Aliases {
    by_id: Table<String>,
    by_alias: Table<String>,
}

impl Aliases {
    /// The aliases of every record id of `snapshots`: records, id-only lists, and the rows
    /// actions name.
    pub fn of(snapshots: &[&Snapshot]) -> Self {
        let mut ids: Vec<&str> = Vec::new();
        for s in snapshots {
            ids.extend(s.records.iter().map(|r| r.id.as_str()));
            // Lists of short ids only have no alias to give (derived once for the lists).
            if !s.record_ids.derived().short {
                ids.extend(s.record_ids.iter().flat_map(|set| set.ids.iter().map(String::as_str)));
            }
            // Rows a row set spells out, and single row actions' records.
            for a in &s.actions {
                ids.extend(a.record.as_deref());
                if let Some(set) = a.rows.as_ref().filter(|set| set.list.is_none()) {
                    ids.extend(s.row_ids(set).iter().map(String::as_str));
                }
            }
        }
        // Each long id with its alias (an id listed twice, twice); each alias with its first
        // place, or `AMBIGUOUS`.
        const AMBIGUOUS: usize = usize::MAX;
        let mut named: Vec<(String, &str)> = Vec::new();
        for &id in &ids {
            named.extend(alias_of(id).map(|alias| (alias, id)));
        }
        let mut seen = StrMap::with_capacity(named.len());
        for (i, (alias, _)) in named.iter().enumerate() {
            seen.place(alias, i);
        }
        // An alias equal to a short id of the page would be ambiguous too.
        for &id in &ids {
            if let Some(slot) = seen.get_mut(id) {
                *slot = AMBIGUOUS;
            }
        }
        // The short ids of lists left out above, looked up alias by alias.
        for s in snapshots.iter().filter(|s| s.record_ids.derived().short) {
            for (alias, _) in &named {
                if s.record_ids.derived().place(alias).is_some() {
                    if let Some(slot) = seen.get_mut(alias) {
                        *slot = AMBIGUOUS;
                    }
                }
            }
        }
        let mut out = Aliases::default();
        for (i, (alias, id)) in named.iter().enumerate() {
            if seen.get(alias) == Some(i) {
                let k = out.by_id.len();
                out.by_id.insert((*id).to_owned(), k);
                out.by_alias.insert(alias.clone(), k);
            }
        }
        out
    }

    /// How the model sees `id`: its alias, or the id itself.
    pub fn cite<'i>(&self, id: &'i str) -> Cow<'i, str> {
        match self.by_id.get(id).and_then(|k| self.by_alias.key(k)) {
            Some(alias) => Cow::Owned(alias.to_owned()),
            None => Cow::Borrowed(id),
        }
    }

    /// The id a model's `record` names: the id of an alias, or what it passed.
    pub fn id_of<'r>(&'r self, record: &'r str) -> &'r str {
        self.by_alias.get(record).and_then(|k| self.by_id.key(k)).unwrap_or(record)
    }

    /// Whether no id has an alias.
    pub fn is_empty(&self) -> bool {
        self.by_id.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_ids_get_short_stable_aliases_and_short_ids_keep_theirs() {
        let uuid = "3f2a9c1b-7d4e-4b8a-9f10-2c3d4e5f6a7b";
        assert_eq!(alias_of("t1"), None);
        assert_eq!(alias_of("order-000123"), None, "twelve characters are kept");
        let a = alias_of(uuid).unwrap();
        assert_eq!(a, "k1", "the first long id this engine sees");
        assert_eq!(alias_of(uuid).unwrap(), a, "the same on every turn");
        let mut s = Snapshot::default();
        s.records.push(crate::snapshot::Record { id: uuid.into(), ..Default::default() });
        s.records.push(crate::snapshot::Record { id: "t1".into(), ..Default::default() });
        let aliases = Aliases::of(&[&s]);
        assert_eq!(aliases.cite(uuid), a);
        assert_eq!(aliases.cite("t1"), "t1");
        assert_eq!(aliases.id_of(&a), uuid);
        assert_eq!(aliases.id_of(uuid), uuid, "the full id still works");
        // An alias equal to another id on the page is not used.
        s.records.push(crate::snapshot::Record { id: a.clone(), ..Default::default() });
        assert_eq!(Aliases::of(&[&s]).cite(uuid), uuid);
        // Nor one equal to an id of a list, short ids only as it is.
        s.records.pop();
        let list = crate::snapshot::RecordIds { region: None, ids: vec!["t2".into(), a.clone()] };
        s.record_ids = vec![list].into();
        assert!(s.record_ids.derived().short);
        assert_eq!(Aliases::of(&[&s]).cite(uuid), uuid);
        s.record_ids[0].ids.pop();
        assert_eq!(Aliases::of(&[&s]).cite(uuid), a);
    }

    #[test]
    fn an_id_keeps_its_alias_and_no_alias_ever_names_another_id() {
        // Sequential keys: the aliases follow the order they were first seen.
        let key = |i: u64| (1_733_390_000_000 + i).to_string();
        let page = |ids: &[String]| {
            let mut s = Snapshot::default();
            for id in ids {
                s.records.push(crate::snapshot::Record { id: id.clone(), ..Default::default() });
            }
            s
        };
        let first: Vec<String> = (0..30).map(key).collect();
        let a = page(&first);
        let aliases = Aliases::of(&[&a]);
        assert_eq!(aliases.cite(&key(0)), "k1");
        assert_eq!(aliases.cite(&key(5)), "k6");
        assert_eq!(aliases.id_of("k6"), key(5));
        // The next page: a row gone, the rest reversed, a new row first. Every id keeps its
        // alias; the new one gets the next number, never a number given before.
        let mut next: Vec<String> = (1..30).rev().map(key).collect();
        next.insert(0, key(99));
        let b = page(&next);
        let aliases = Aliases::of(&[&b]);
        assert_eq!(aliases.cite(&key(5)), "k6");
        assert_eq!(aliases.cite(&key(99)), "k31");
        assert_eq!(aliases.id_of("k1"), "k1", "the gone row's alias names no row of this page");
        assert_eq!(alias_of(&key(0)).as_deref(), Some("k1"), "and stays the gone row's");
    }

    #[test]
    fn a_full_book_starts_over_and_never_gives_a_number_twice() {
        let mut book = Book::default();
        let numbers: Vec<usize> =
            ["a", "b", "c", "a"].iter().map(|id| book.number(id, 3)).collect();
        assert_eq!(numbers, [1, 2, 3, 1]);
        assert_eq!(book.number("d", 3), 4, "past the limit: a fresh book, numbering on");
        assert_eq!(book.number("a", 3), 5, "a forgotten id gets a new number, not its old one");
        assert_eq!(book.number("d", 3), 4);
        assert!(book.numbers.len() <= 3);
    }
}
