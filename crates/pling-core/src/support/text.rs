//! Text helpers the engine shares and that know nothing of Pling: lower case, joining,
//! trimming, searching, splitting and replacing without `str`'s pattern machinery, and
//! character counts and positions.

/// Lower case, character by character (each the first character of `char::to_lowercase`),
/// for comparisons that ignore case.
pub trait Lower {
    /// The text in lower case.
    fn lower(&self) -> String;
}

impl Lower for str {
    fn lower(&self) -> String {
        if self.is_ascii() {
            return self.to_ascii_lowercase();
        }
        let mut out = String::with_capacity(self.len());
        for c in self.chars() {
            out.push(super::case::lower_char(c));
        }
        out
    }
}

/// Strings joined with a separator, as the standard `[S]::join` joins them, through one small
/// loop shared by every item type (the standard one is about 1 KB of code per item type).
pub trait Joined {
    /// The items with `sep` between each two.
    fn joined(&self, sep: &str) -> String;
}

impl<S: AsRef<str>> Joined for [S] {
    fn joined(&self, sep: &str) -> String {
        join_all(&mut self.iter().map(AsRef::as_ref), sep)
    }
}

fn join_all(parts: &mut dyn Iterator<Item = &str>, sep: &str) -> String {
    let mut out = String::new();
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for part in parts {
        out.push_str(sep);
        out.push_str(part);
    }
    out
}

/// `s` without the characters of `set` at its start (when `start`) and at its end (when
/// `end`): one loop for every such trim, where std's `trim_*_matches` is compiled anew for
/// each kind of pattern.
pub fn trim_chars<'s>(s: &'s str, set: &[char], start: bool, end: bool) -> &'s str {
    let mut chars = s.chars();
    while start && chars.clone().next().is_some_and(|c| set.contains(&c)) {
        chars.next();
    }
    while end && chars.clone().next_back().is_some_and(|c| set.contains(&c)) {
        chars.next_back();
    }
    chars.as_str()
}

/// `s` read as a whole number of ASCII digits only (no sign, no spacing), if it fits a `u64`.
pub fn whole_number(s: &str) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for b in s.bytes() {
        let digit = b.checked_sub(b'0').filter(|d| *d <= 9)?;
        n = n.checked_mul(10)?.checked_add(u64::from(digit))?;
    }
    Some(n)
}

/// Whether `needle` occurs in `haystack`. The engine searches text this way, and with
/// [`find`], [`rfind`] and [`replace`], instead of `str`'s substring patterns, whose two-way
/// searcher is 3 KB of code in the module.
pub fn occurs(haystack: &str, needle: &str) -> bool {
    find(haystack, needle).is_some()
}

/// Where `needle` first occurs in `haystack` (a byte index).
pub fn find(haystack: &str, needle: &str) -> Option<usize> {
    let end = matched(haystack.as_bytes().iter(), needle.as_bytes())?;
    Some(end - needle.len())
}

/// Where `needle` last occurs in `haystack` (a byte index).
pub fn rfind(haystack: &str, needle: &str) -> Option<usize> {
    let mut backwards = needle.as_bytes().to_vec();
    backwards.reverse();
    let end = matched(haystack.as_bytes().iter().rev(), &backwards)?;
    Some(haystack.len() - end)
}

/// The text before the first `needle` in `haystack` and the text after it.
pub fn split_around<'h>(haystack: &'h str, needle: &str) -> Option<(&'h str, &'h str)> {
    let at = find(haystack, needle)?;
    // A match of valid UTF-8 in valid UTF-8 starts and ends on character boundaries, so
    // both `get`s succeed; `?` rather than a panic keeps slicing's messages out of the module.
    Some((haystack.get(..at)?, haystack.get(at + needle.len()..)?))
}

/// The text before the last `needle` in `haystack` and the text after it.
pub fn rsplit_around<'h>(haystack: &'h str, needle: &str) -> Option<(&'h str, &'h str)> {
    let at = rfind(haystack, needle)?;
    // On character boundaries, as for [`split_around`].
    Some((haystack.get(..at)?, haystack.get(at + needle.len()..)?))
}

/// `haystack` with every `from` replaced by `to`.
pub fn replace(haystack: &str, from: &str, to: &str) -> String {
    if from.is_empty() {
        return haystack.to_owned();
    }
    let mut out = String::with_capacity(haystack.len());
    let mut rest = haystack;
    while let Some((before, after)) = split_around(rest, from) {
        out.push_str(before);
        out.push_str(to);
        rest = after;
    }
    out.push_str(rest);
    out
}

/// How many bytes of `haystack` were read, in the order it yields them, when the bytes `n`
/// first matched. Knuth–Morris–Pratt: linear in both lengths, so page data built to be slow
/// to search (`aaa…ab`) is not.
fn matched<'a>(haystack: impl Iterator<Item = &'a u8>, n: &[u8]) -> Option<usize> {
    if n.is_empty() {
        return Some(0);
    }
    // fail[i]: the length of the longest proper prefix of n[..=i] that is also its suffix.
    let mut fail = vec![0usize; n.len()];
    let mut k = 0;
    for i in 1..n.len() {
        while k > 0 && n[i] != n[k] {
            k = fail[k - 1];
        }
        k += usize::from(n[i] == n[k]);
        fail[i] = k;
    }
    let mut k = 0;
    for (read, &b) in haystack.enumerate() {
        while k > 0 && b != n[k] {
            k = fail[k - 1];
        }
        if b == n[k] {
            k += 1;
            if k == n.len() {
                return Some(read + 1);
            }
        }
    }
    None
}

/// Number of Unicode scalar values in `s`; every character budget counts these.
pub fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// The words of `s` between runs of whitespace.
pub fn whitespace_words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

/// The length in bytes of the character at byte `at` of `s` (1 past the end, or where `at`
/// is not the start of a character).
pub fn char_len_at(s: &str, at: usize) -> usize {
    s.get(at..).and_then(|rest| rest.chars().next()).map_or(1, char::len_utf8)
}

/// The byte where character `k` of `s` starts (`s.len()` past its end).
pub fn char_at(s: &str, k: usize) -> usize {
    s.char_indices().nth(k).map_or(s.len(), |(i, _)| i)
}

/// The first `n` characters of `s`.
pub fn first_chars(s: &str, n: usize) -> &str {
    // `char_at` gives a character boundary, so the split always succeeds.
    s.split_at_checked(char_at(s, n)).map_or(s, |(head, _)| head)
}

/// Combining marks: the accents a reader sees on the letter before, not as letters of their own.
pub fn is_combining(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_on_boundaries() {
        let s = "a\u{e9}b"; // é is two bytes, at 1..3
        assert_eq!([0, 1, 2, 3, 4].map(|at| char_len_at(s, at)), [1, 2, 1, 1, 1]);
        assert_eq!([0, 1, 2, 3].map(|n| first_chars(s, n)), ["", "a", "a\u{e9}", s]);
        assert_eq!(split_around("a=b=c", "="), Some(("a", "b=c")));
        assert_eq!(rsplit_around("a=b=c", "="), Some(("a=b", "c")));
        assert_eq!(split_around("\u{e9}\u{e9}", "\u{e9}"), Some(("", "\u{e9}")));
        assert_eq!(split_around("abc", "d"), None);
    }

    #[test]
    fn trim_chars_trims_each_side_asked() {
        assert_eq!(trim_chars("``{a}``", &['`'], true, true), "{a}");
        assert_eq!(trim_chars("``{a}``", &['`'], true, false), "{a}``");
        assert_eq!(
            trim_chars("\u{201c}quoted\u{201d}.", &['\u{201c}', '\u{201d}', '.'], true, true),
            "quoted"
        );
        assert_eq!(trim_chars("line\r\r", &['\r'], false, true), "line");
        assert_eq!(trim_chars("....", &['.'], true, true), "");
        assert_eq!(trim_chars("", &['.'], true, true), "");
    }

    #[test]
    fn whole_numbers_are_digits_only() {
        assert_eq!(whole_number("0"), Some(0));
        assert_eq!(whole_number("8192"), Some(8192));
        assert_eq!(whole_number("18446744073709551615"), Some(u64::MAX));
        for bad in ["", "18446744073709551616", "+1", "-1", " 1", "1.5", "١"] {
            assert_eq!(whole_number(bad), None, "{bad}");
        }
    }

    proptest::proptest! {
        #[test]
        fn splits_words_as_str_does(s in "[ a\t\u{a0}\u{2003}é\n-]{0,30}") {
            let ours = whitespace_words(&s);
            proptest::prop_assert_eq!(ours, s.split_whitespace().collect::<Vec<_>>());
        }

        #[test]
        fn searches_as_str_does(h in "[abé]{0,40}", n in "[abé]{0,6}", to in "[xé]{0,2}", cut in 0usize..40) {
            proptest::prop_assert_eq!(occurs(&h, &n), h.contains(n.as_str()));
            proptest::prop_assert_eq!(find(&h, &n), h.find(n.as_str()));
            proptest::prop_assert_eq!(rfind(&h, &n), h.rfind(n.as_str()));
            if !n.is_empty() {
                proptest::prop_assert_eq!(replace(&h, &n, &to), h.replace(n.as_str(), &to));
            }
            // And for needles taken from the text itself.
            let from = (0..=cut.min(h.len())).rev().find(|&i| h.is_char_boundary(i)).unwrap_or(0);
            let inner = &h[from..];
            let inner = &inner[..(0..=inner.len().min(5)).rev().find(|&i| inner.is_char_boundary(i)).unwrap_or(0)];
            proptest::prop_assert!(occurs(&h, inner));
            proptest::prop_assert_eq!(find(&h, inner), h.find(inner));
            proptest::prop_assert_eq!(rfind(&h, inner), h.rfind(inner));
        }
    }

    #[test]
    fn occurs_in_text_built_to_be_slow() {
        let text = "a".repeat(200_000);
        let needle = "a".repeat(100_000) + "b";
        assert!(!occurs(&text, &needle));
        assert!(occurs(&(text.clone() + "b"), &needle));
        assert!(occurs("masked: [masked]", "[masked]"));
        assert!(occurs("é, ü", "ü") && !occurs("é", "e"));
        assert_eq!(rfind(&(text.clone() + "b"), &needle), Some(100_000));
        assert_eq!(replace(&text, "aa", "b").len(), 100_000);
    }
}
