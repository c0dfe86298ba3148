//! The engine's one hash map: borrowed strings (ids, names, fold keys, words) to positions.
//!
//! Every map the engine builds has this shape, is filled once and then read, and never loses a
//! key; so it is an open-addressed table of entry numbers beside the entries in insertion order,
//! with linear probing at most half full. A general hash map (hashbrown with the Fx hash) cost
//! 1.5 KB gzip more in the module and was no faster on the benchmark's pages; std's
//! `HashMap` made the engine 11–16 % slower on them (with SipHash or a folded multiply).
//!
//! Page data chooses the keys, so the hash is keyed by a secret seed ([`seed`]): keys chosen
//! to share one probe sequence under one seed spread under another. The hash stays the fast
//! multiply-rotate one (std's SipHash in this table made the engine 8 % slower on the
//! benchmark's pages); the seed starts its state and picks its multiplier. That is minimal
//! resistance, as foldhash claims for itself: enough that keys cannot be aimed without the
//! seed, not a cryptographic guarantee. The WebAssembly binding sets the seed once, from the
//! browser's `Math.random` (`wasm32-unknown-unknown` gives std no randomness of its own).

use std::sync::atomic::{AtomicU64, Ordering};

/// The secret every map's hash starts from.
static SEED: AtomicU64 = AtomicU64::new(0);

/// Sets the secret that keys every map built from now on; the host calls it once, with bits
/// page data cannot know.
pub fn seed(bits: u64) {
    SEED.store(bits, Ordering::Relaxed);
}

/// Borrowed strings to `usize` values, in the order they were first inserted.
pub(crate) type StrMap<'a> = Table<&'a str>;

/// Strings (borrowed, [`StrMap`], or owned) to `usize` values, in the order they were first
/// inserted.
#[derive(Debug, Clone)]
pub(crate) struct Table<K> {
    /// The seed this map's hash starts from, taken when it is made.
    seed: u64,
    /// A power of two slots (or none yet), each empty (`0` in its second half) or a key's hash
    /// and its entry's place plus one.
    slots: Vec<(u32, u32)>,
    entries: Vec<(K, usize)>,
}

impl<K> Default for Table<K> {
    fn default() -> Self {
        Self { seed: SEED.load(Ordering::Relaxed), slots: Vec::new(), entries: Vec::new() }
    }
}

/// A multiplier with well-spread bits (the Fx hash's): the hash's under seed 0.
const SPREAD: u64 = 0xf135_7aea_2e62_a9c5;

/// The hash of `key` under `seed`: eight bytes at a time, rotated and multiplied in, with the
/// state started from the seed and the multiplier drawn from it (odd, so each step is a
/// bijection).
fn hash(seed: u64, key: &str) -> u32 {
    let spread = (seed.wrapping_mul(SPREAD).rotate_left(32) ^ SPREAD) | 1;
    let mut h = seed ^ key.len() as u64;
    let mut words = key.as_bytes().chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        h = (h.rotate_left(26) ^ word).wrapping_mul(spread);
    }
    let mut last = 0;
    for (i, b) in words.remainder().iter().enumerate() {
        last |= u64::from(*b) << (8 * i);
    }
    h = (h.rotate_left(26) ^ last).wrapping_mul(spread);
    (h >> 32) as u32
}

impl<K: AsRef<str>> Table<K> {
    /// A map with room for `n` keys before it grows.
    pub(crate) fn with_capacity(n: usize) -> Self {
        let mut map = Self::default();
        map.reserve(n);
        map
    }

    /// How many keys it holds.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Room for `n` more keys without growing.
    pub(crate) fn reserve(&mut self, n: usize) {
        let want = (self.entries.len() + n) * 2;
        if want > self.slots.len() {
            self.entries.reserve(n);
            self.grow(want.next_power_of_two());
        }
    }

    /// Moves every key to a table of `size` slots.
    fn grow(&mut self, size: usize) {
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        for (h, e) in old {
            if e != 0 {
                let mut slot = h as usize & (size - 1);
                while self.slots[slot].1 != 0 {
                    slot = (slot + 1) & (size - 1);
                }
                self.slots[slot] = (h, e);
            }
        }
    }

    /// `key`'s entry, or the empty slot where it would go (with the key's hash).
    fn find(&self, key: &str) -> Result<usize, (usize, u32)> {
        let h = hash(self.seed, key);
        let mask = self.slots.len().wrapping_sub(1);
        let mut slot = h as usize & mask;
        loop {
            match self.slots.get(slot) {
                None | Some((_, 0)) => return Err((slot, h)),
                Some(&(kh, e)) if kh == h && self.entries[e as usize - 1].0.as_ref() == key => {
                    return Ok(e as usize - 1)
                }
                Some(_) => slot = (slot + 1) & mask,
            }
        }
    }

    /// The value of `key`.
    pub(crate) fn get(&self, key: &str) -> Option<usize> {
        self.find(key).ok().map(|e| self.entries[e].1)
    }

    /// The value of `key`, to change.
    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut usize> {
        let e = self.find(key).ok()?;
        Some(&mut self.entries[e].1)
    }

    /// Whether it holds `key`.
    pub(crate) fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// `key`'s entry, added with `value` if it had none; and whether it was added.
    fn entry(&mut self, key: K, value: usize) -> (usize, bool) {
        if self.slots.len() <= self.entries.len() * 2 {
            self.grow((self.slots.len() * 2).max(8));
        }
        match self.find(key.as_ref()) {
            Ok(e) => (e, false),
            Err((slot, h)) => {
                self.slots[slot] = (h, self.entries.len() as u32 + 1);
                self.entries.push((key, value));
                (self.entries.len() - 1, true)
            }
        }
    }

    /// The value of `key`, after giving it `value` if it had none; and whether it was added.
    pub(crate) fn place(&mut self, key: K, value: usize) -> (usize, bool) {
        let (e, added) = self.entry(key, value);
        (self.entries[e].1, added)
    }

    /// Sets `key` to `value`; returns the value it had.
    pub(crate) fn insert(&mut self, key: K, value: usize) -> Option<usize> {
        let (e, added) = self.entry(key, value);
        (!added).then(|| std::mem::replace(&mut self.entries[e].1, value))
    }

    /// The key of entry `e` (entries are numbered in insertion order from 0).
    pub(crate) fn key(&self, e: usize) -> Option<&str> {
        self.entries.get(e).map(|(k, _)| k.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// Any run of inserts and places agrees with std's map, and keeps insertion order.
        #[test]
        fn agrees_with_std(ops in prop::collection::vec((any::<bool>(), "[a-c\\x00]{0,10}", 0usize..50), 0..300)) {
            let mut ours = StrMap::default();
            let mut theirs = HashMap::new();
            let mut order = Vec::new();
            for (replace, key, value) in &ops {
                if !theirs.contains_key(key.as_str()) {
                    order.push(key.as_str());
                }
                if *replace {
                    prop_assert_eq!(ours.insert(key, *value), theirs.insert(key.as_str(), *value));
                } else {
                    let before = theirs.get(key.as_str()).copied();
                    let v = *theirs.entry(key.as_str()).or_insert(*value);
                    prop_assert_eq!(ours.place(key, *value), (v, before.is_none()));
                }
            }
            prop_assert_eq!(ours.len(), theirs.len());
            for (k, v) in &theirs {
                prop_assert_eq!(ours.get(k), Some(*v));
            }
            prop_assert_eq!(ours.entries.iter().map(|e| e.0).collect::<Vec<_>>(), order);
        }
    }

    #[test]
    fn keeps_every_key_through_growth() {
        let keys: Vec<String> = (0..5000).map(|i| format!("row-{i}")).collect();
        let mut map = StrMap::default();
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(map.insert(k, i), None);
        }
        assert_eq!(map.len(), keys.len());
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(map.get(k), Some(i));
        }
        assert_eq!(map.get("row-5000"), None);
        assert!(!map.contains_key(""));
    }

    #[test]
    fn insert_replaces_and_place_keeps() {
        let mut map = StrMap::with_capacity(2);
        assert_eq!(map.place("a", 1), (1, true));
        assert_eq!(map.place("a", 2), (1, false));
        assert_eq!(map.insert("a", 3), Some(1));
        assert_eq!(map.get("a"), Some(3));
        *map.get_mut("a").unwrap() += 1;
        assert_eq!(map.get("a"), Some(4));
        // Keys that differ only past eight bytes, or by length with zero bytes, stay apart.
        assert_eq!(map.insert("abcdefgh1", 5), None);
        assert_eq!(map.insert("abcdefgh2", 6), None);
        assert_eq!(map.insert("\0", 7), None);
        assert_eq!(map.insert("", 8), None);
        assert_eq!(
            ["abcdefgh1", "abcdefgh2", "\0", ""].map(|k| map.get(k)),
            [Some(5), Some(6), Some(7), Some(8)]
        );
    }

    impl StrMap<'_> {
        /// How many slots a lookup of `key` visits.
        fn probes(&self, key: &str) -> usize {
            let mask = self.slots.len() - 1;
            let mut slot = hash(self.seed, key) as usize & mask;
            let mut n = 1;
            while self.slots[slot].1 != 0 && self.entries[self.slots[slot].1 as usize - 1].0 != key
            {
                slot = (slot + 1) & mask;
                n += 1;
            }
            n
        }
    }

    /// Eight-byte ASCII keys that all have one hash (so one probe sequence) under seed 0, which
    /// is the unkeyed hash this map had: found by running the hash backwards from chosen
    /// outputs.
    fn keys_colliding_under_seed_zero(n: usize) -> Vec<String> {
        let inverse =
            (0..6).fold(SPREAD, |x, _| x.wrapping_mul(2u64.wrapping_sub(SPREAD.wrapping_mul(x))));
        assert_eq!(SPREAD.wrapping_mul(inverse), 1);
        let mut keys = Vec::new();
        for low in 0u64.. {
            let h = (0x5eed_u64 << 32) | low;
            let w = h.wrapping_mul(inverse).rotate_right(26).wrapping_mul(inverse)
                ^ 8u64.rotate_left(26);
            let bytes = w.to_le_bytes();
            if bytes.is_ascii() {
                let key = String::from_utf8(bytes.to_vec()).unwrap();
                assert_eq!(hash(0, &key), 0x5eed);
                keys.push(key);
                if keys.len() == n {
                    break;
                }
            }
        }
        keys
    }

    #[test]
    fn keys_chosen_to_collide_under_one_seed_spread_under_another() {
        let keys = keys_colliding_under_seed_zero(2000);
        let probes = |seed: u64| {
            let mut map = StrMap { seed, ..StrMap::default() };
            for (i, k) in keys.iter().enumerate() {
                assert_eq!(map.insert(k, i), None);
            }
            assert!(keys.iter().enumerate().all(|(i, k)| map.get(k) == Some(i)));
            keys.iter().map(|k| map.probes(k)).sum::<usize>()
        };
        // Under the seed they were made for, one probe sequence: quadratic.
        assert!(probes(0) > keys.len() * keys.len() / 4);
        // Under any other, a couple of slots a lookup, as for keys nobody chose.
        for seed in [1, 2, 0x9e37_79b9_7f4a_7c15, u64::MAX] {
            let total = probes(seed);
            assert!(total < 3 * keys.len(), "seed {seed}: {total} probes");
        }
    }
}
