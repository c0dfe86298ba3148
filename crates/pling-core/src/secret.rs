//! Secrets scrubbed in the form the engine shows text: the shim notes every value it masked,
//! and everything else it sends is searched for those values here, through the same
//! normalisation the observation applies ([`crate::trust::one_line`] drops invisible
//! characters and turns line breaks into spaces) and the look-alikes a reader folds, so a
//! secret cannot be rebuilt by the engine from a spelling the search missed.

use crate::snapshot::MASK;
use crate::support::json::{Map, Value};
use crate::support::text::{is_combining, split_around};
use crate::trust::is_invisible;
use std::borrow::Cow;

/// Secrets shorter than this many characters (in their folded form) are masked where declared
/// but not searched for elsewhere: they would mask ordinary words.
pub const MIN_SECRET_CHARS: usize = 3;

/// What `c` is compared as, or `None` when it is skipped: invisible characters (zero-width,
/// joiners, soft hyphen, bidi and other format characters — everything the engine drops) and
/// combining marks go; line breaks and every Unicode space are a space; fullwidth forms,
/// mathematical and circled letters and digits, dashes and the Cyrillic and Greek look-alikes
/// of Latin letters are their ASCII character (case kept).
pub fn fold_char(c: char) -> Option<char> {
    let n = c as u32;
    let from = |base: u32, k: u32| char::from_u32(base + k);
    match n {
        _ if is_invisible(c) || is_combining(c) => None,
        _ if c.is_whitespace() || c.is_control() => Some(' '),
        0xFF01..=0xFF5E => from(0x21, n - 0xFF01),
        0x1D400..=0x1D6A3 => {
            let k = (n - 0x1D400) % 52;
            if k < 26 {
                from(0x41, k)
            } else {
                from(0x61, k - 26)
            }
        }
        0x1D7CE..=0x1D7FF => from(0x30, (n - 0x1D7CE) % 10),
        0x24B6..=0x24CF => from(0x41, n - 0x24B6),
        0x24D0..=0x24E9 => from(0x61, n - 0x24D0),
        0x2460..=0x2468 => from(0x31, n - 0x2460),
        0x24EA => Some('0'),
        0x2010..=0x2015 | 0x2212 | 0xFE58 | 0xFE63 => Some('-'),
        _ => Some(look_alike(c).unwrap_or(c)),
    }
}

/// The Latin letter a Cyrillic or Greek letter is drawn as, case kept.
fn look_alike(c: char) -> Option<char> {
    const PAIRS: [(char, char); 30] = [
        ('а', 'a'),
        ('е', 'e'),
        ('о', 'o'),
        ('р', 'p'),
        ('с', 'c'),
        ('у', 'y'),
        ('х', 'x'),
        ('і', 'i'),
        ('ј', 'j'),
        ('ѕ', 's'),
        ('А', 'A'),
        ('В', 'B'),
        ('Е', 'E'),
        ('К', 'K'),
        ('М', 'M'),
        ('Н', 'H'),
        ('О', 'O'),
        ('Р', 'P'),
        ('С', 'C'),
        ('Т', 'T'),
        ('Х', 'X'),
        ('Α', 'A'),
        ('Β', 'B'),
        ('Ε', 'E'),
        ('Η', 'H'),
        ('Ι', 'I'),
        ('Κ', 'K'),
        ('Μ', 'M'),
        ('Ν', 'N'),
        ('Ο', 'O'),
    ];
    PAIRS.iter().find(|(from, _)| *from == c).map(|(_, to)| *to)
}

/// `s` as the search compares it: every character through [`fold_char`].
pub fn folded(s: &str) -> String {
    s.chars().filter_map(fold_char).collect()
}

/// The values a snapshot masked, folded once, to scrub from every string that leaves the page.
#[derive(Debug, Clone, Default)]
pub struct Secrets {
    keys: Vec<String>,
}

impl Secrets {
    /// The secrets among `values`: each folded and trimmed; those shorter than
    /// [`MIN_SECRET_CHARS`] are left out.
    pub fn new<S: AsRef<str>>(values: &[S]) -> Self {
        let mut keys: Vec<String> = Vec::new();
        for value in values {
            let key = folded(value.as_ref()).trim_matches(' ').to_owned();
            if key.chars().count() >= MIN_SECRET_CHARS && !keys.contains(&key) {
                keys.push(key);
            }
        }
        Self { keys }
    }

    /// Whether there is nothing to search for.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// `text` with every spelling of a secret that folds to it replaced by the mask: the whole
    /// run of characters it spans, invisible ones between included. Linear in `text` for each
    /// secret.
    pub fn scrub<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.keys.is_empty() {
            return Cow::Borrowed(text);
        }
        // The folded text, and for each of its bytes the span of `text` it came from.
        let mut key = String::with_capacity(text.len());
        let mut spans: Vec<(usize, usize)> = Vec::with_capacity(text.len());
        for (at, c) in text.char_indices() {
            if let Some(f) = fold_char(c) {
                key.push(f);
                spans.resize(key.len(), (at, at + c.len_utf8()));
            }
        }
        let mut hits: Vec<(usize, usize)> = Vec::new();
        for secret in &self.keys {
            let (mut rest, mut from) = (key.as_str(), 0);
            while let Some((before, after)) = split_around(rest, secret) {
                let (start, end) = (from + before.len(), from + before.len() + secret.len());
                hits.push((spans[start].0, spans[end - 1].1));
                (rest, from) = (after, end);
            }
        }
        if hits.is_empty() {
            return Cow::Borrowed(text);
        }
        // The spans come from `char_indices`, so every bound is a character boundary; were one
        // not, the whole text is masked rather than risk showing part of a secret.
        Cow::Owned(masked(text, hits).unwrap_or_else(|| MASK.to_owned()))
    }

    /// JSON text (a snapshot) with every string in it, object keys included, scrubbed; the
    /// text as it was when there is nothing to search for.
    pub fn scrub_json(
        &self,
        json: &str,
    ) -> Result<String, crate::support::json_parse::SyntaxError> {
        if self.keys.is_empty() {
            return Ok(json.to_owned());
        }
        let mut value = crate::support::json_text::from_str(json)?;
        self.scrub_value(&mut value);
        Ok(crate::support::json_text::text(&value))
    }

    /// `value` with every string in it, object keys included, scrubbed.
    pub fn scrub_value(&self, value: &mut Value) {
        if self.keys.is_empty() {
            return;
        }
        match value {
            Value::String(s) => {
                if let Cow::Owned(clean) = self.scrub(s) {
                    *s = clean;
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|item| self.scrub_value(item)),
            Value::Object(map) => {
                let mut members = Vec::with_capacity(map.len());
                for (k, v) in std::mem::take(map).iter() {
                    let mut v = v.clone();
                    self.scrub_value(&mut v);
                    members.push((self.scrub(k).into_owned(), v));
                }
                *map = Map::from_members(members);
            }
            _ => {}
        }
    }
}

/// `text` with the byte ranges of `hits` (overlapping or not, in any order) replaced by the
/// mask, one mask a run of overlapping ranges; `None` if a bound is not a character boundary.
fn masked(text: &str, mut hits: Vec<(usize, usize)>) -> Option<String> {
    hits.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut open: Option<(usize, usize)> = None;
    for (start, end) in hits {
        match open {
            Some((s, e)) if start <= e => open = Some((s, e.max(end))),
            _ => {
                if let Some((s, e)) = open {
                    out.push_str(text.get(last..s)?);
                    out.push_str(MASK);
                    last = e;
                }
                open = Some((start, end));
            }
        }
    }
    if let Some((s, e)) = open {
        out.push_str(text.get(last..s)?);
        out.push_str(MASK);
        last = e;
    }
    out.push_str(text.get(last..)?);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trust::one_line;

    #[test]
    fn every_spelling_the_engine_would_show_as_the_secret_is_masked() {
        let s = Secrets::new(&["SECRET-TOKEN-123"]);
        for text in [
            "Copy SECRET-\u{200B}TOKEN-123 now",
            "SECRET-TOKEN\u{AD}-123",
            "SECRET\u{2060}-TOKEN-123",
            "S\u{FEFF}ECRET-TOKEN-123\u{202E}",
            "\u{FF33}ECRET\u{2011}TOKEN\u{2212}123",
            "SE\u{0421}RET-TOKEN-123",
            "SECRE\u{301}T-TOKEN-123",
            "SECRET-TOKEN-\u{1D7CF}23",
        ] {
            let out = s.scrub(text);
            assert!(out.contains(MASK), "{text:?} -> {out:?}");
            assert!(!occurs_folded(&out, "SECRET-TOKEN-123"), "{text:?} -> {out:?}");
            // What the engine would show of it does not hold the secret either.
            assert!(!one_line(&out).contains("SECRET-TOKEN-123"), "{out:?}");
        }
        assert_eq!(s.scrub("Copy SECRET-\u{200B}TOKEN-123 now"), "Copy [masked] now");
        assert_eq!(s.scrub("nothing here"), "nothing here");
        assert!(matches!(s.scrub("SECRET-TOKEN-12"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_secret_noted_with_invisible_characters_is_searched_for_as_shown() {
        let s = Secrets::new(&["  PIN\u{200B}-987  "]);
        assert_eq!(s.scrub("pin: PIN-987."), "pin: [masked].");
        assert!(Secrets::new(&["a\u{200B}b", "  ", "\u{AD}\u{AD}\u{AD}"]).is_empty());
    }

    #[test]
    fn overlapping_and_repeated_secrets_mask_once_each_run() {
        let s = Secrets::new(&["abcabc", "cab", "xyz"]);
        assert_eq!(s.scrub("abcabcab, xyz xyz"), "[masked], [masked] [masked]");
        let mut v = crate::json!({"k xyz": ["x\u{200B}yz", 1], "n": {"deep": "xyz"}});
        s.scrub_value(&mut v);
        assert_eq!(v, crate::json!({"k [masked]": ["[masked]", 1], "n": {"deep": "[masked]"}}));
    }

    #[test]
    fn scrubbing_is_linear_in_text_built_to_be_slow() {
        let s = Secrets::new(&["a".repeat(5_000) + "b"]);
        let text = "a".repeat(400_000);
        assert_eq!(s.scrub(&text), text);
    }

    fn occurs_folded(text: &str, secret: &str) -> bool {
        folded(text).contains(secret)
    }
}
