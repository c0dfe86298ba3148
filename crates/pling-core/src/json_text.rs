//! JSON text from outside: parsing it so that one lone UTF-16 surrogate (which
//! `JSON.stringify` writes for a string cut in the middle of an emoji) costs that one
//! character, not the document; and, when parsing fails, where — a path such as
//! `actions[3].kind`.
//!
//! Parsing goes through serde_json alone, the fast path; only when it fails is the text
//! scanned again: for lone surrogates to repair, or up to the error's position to name the
//! member that was being read.

use crate::json::{Map, Value};
use serde::de::DeserializeOwned;

/// `value` as compact JSON text. Every JSON text the engine writes goes through this one
/// serializer (not also `Value`'s `Display`, which would carry two more).
pub fn text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A value shown as compact JSON text in a message: `format!("got {}", Json(v))`.
pub struct Json<'a>(pub &'a Value);

impl std::fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&text(self.0))
    }
}

/// A JSON object of `members`, in their order: what `json!` builds, without a serializer call
/// (and its error path) for every member.
pub fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
    object_of(Vec::from(members))
}

/// [`object`]'s one body for every member count.
fn object_of(members: Vec<(&str, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in members {
        map.insert(key.to_owned(), value);
    }
    Value::Object(map)
}

/// Parses JSON text; a lone surrogate escape (`\ud83d` with no partner) reads as U+FFFD.
pub fn from_str<T: DeserializeOwned>(json: &str) -> Result<T, serde_json::Error> {
    match serde_json::from_str(json) {
        Err(e) => match repair_surrogates(json) {
            Some(repaired) => serde_json::from_str(&repaired),
            None => Err(e),
        },
        ok => ok,
    }
}

/// `json` with every unpaired surrogate escape replaced by `\ufffd`, or `None` when it has
/// none.
fn repair_surrogates(json: &str) -> Option<String> {
    let bytes = json.as_bytes();
    let unit = |at: usize| -> Option<u16> {
        let hex = json.get(at + 2..at + 6)?;
        (bytes.get(at) == Some(&b'\\') && bytes.get(at + 1) == Some(&b'u'))
            .then(|| u16::from_str_radix(hex, 16).ok())
            .flatten()
    };
    let mut out = String::with_capacity(json.len());
    let (mut last, mut i, mut changed) = (0, 0, false);
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(u) = unit(i) else {
            i += 2; // any other escape, `\\` included
            continue;
        };
        let high = (0xD800..0xDC00).contains(&u);
        let low = (0xDC00..0xE000).contains(&u);
        if high && unit(i + 6).is_some_and(|v| (0xDC00..0xE000).contains(&v)) {
            i += 12;
        } else if high || low {
            out.push_str(&json[last..i]);
            out.push_str("\\ufffd");
            i += 6;
            last = i;
            changed = true;
        } else {
            i += 6;
        }
    }
    out.push_str(&json[last..]);
    changed.then_some(out)
}

/// One open container on the way to the error.
enum Frame {
    /// An object, with the key whose value is being read (if any yet).
    Object { key: Option<String>, expecting_key: bool },
    /// An array, at the index of the element being read.
    Array { index: usize },
}

/// The path to what was being read at `line` and `column` (both 1-based, as serde_json
/// reports them); `.` for the document itself.
pub(crate) fn path_at(json: &str, line: usize, column: usize) -> String {
    let offset = offset_of(json, line, column);
    let bytes = json.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    while i < offset.min(bytes.len()) {
        match bytes[i] {
            b'{' => stack.push(Frame::Object { key: None, expecting_key: true }),
            b'[' => stack.push(Frame::Array { index: 0 }),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array { index }) => *index += 1,
                Some(Frame::Object { key, expecting_key }) => {
                    *key = None;
                    *expecting_key = true;
                }
                None => {}
            },
            b':' => {
                if let Some(Frame::Object { expecting_key, .. }) = stack.last_mut() {
                    *expecting_key = false;
                }
            }
            b'"' => {
                let (text, end) = string_at(json, i);
                if let Some(Frame::Object { key, expecting_key: true }) = stack.last_mut() {
                    *key = Some(text);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    let mut path = String::new();
    for frame in &stack {
        match frame {
            Frame::Object { key: Some(key), .. } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Object { key: None, .. } => {}
            Frame::Array { index } => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
        }
    }
    if path.is_empty() {
        path.push('.');
    }
    path
}

/// The byte offset of a 1-based line and column (columns count bytes), clamped to the text.
fn offset_of(json: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match json[start..].find('\n') {
            Some(n) => start += n + 1,
            None => return json.len(),
        }
    }
    let mut offset = (start + column).min(json.len());
    while !json.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The (unescaped enough to name a key) text of the string opening at `open`, and the offset
/// just past its closing quote.
fn string_at(json: &str, open: usize) -> (String, usize) {
    let bytes = json.as_bytes();
    let mut i = open + 1;
    let mut text = String::new();
    let mut run = i;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                text.push_str(json.get(run..i).unwrap_or(""));
                return (text, i + 1);
            }
            b'\\' => {
                text.push_str(json.get(run..i).unwrap_or(""));
                // The escaped character may be any character (invalid JSON still gets a path),
                // so step over it whole, never into the middle of a multi-byte one.
                let escaped = json.get(i + 1..).and_then(|rest| rest.chars().next());
                match escaped {
                    Some('n') => text.push('\n'),
                    Some('t') => text.push('\t'),
                    Some('u') => text.push('\u{fffd}'),
                    Some(other) => text.push(other),
                    None => {}
                }
                i += 1 + escaped.map_or(0, char::len_utf8);
                if escaped == Some('u') {
                    i += json.get(i..).map_or(0, |rest| {
                        rest.char_indices()
                            .take(4)
                            .take_while(|(_, c)| c.is_ascii_hexdigit())
                            .map(|(k, c)| k + c.len_utf8())
                            .last()
                            .unwrap_or(0)
                    });
                }
                run = i.min(bytes.len());
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    text.push_str(json.get(run..).unwrap_or(""));
    (text, bytes.len())
}

#[cfg(test)]
mod tests {
    use super::{from_str, path_at};
    use crate::json::Value;

    #[test]
    fn lone_surrogates_cost_one_character() {
        let v: Value =
            from_str(r#"{"a":"x\ud83d","b":"\ude00y","c":"\ud83d\ude00","d":"\\ud83d"}"#).unwrap();
        assert_eq!(v["a"], "x\u{fffd}");
        assert_eq!(v["b"], "\u{fffd}y");
        assert_eq!(v["c"], "\u{1F600}");
        assert_eq!(v["d"], "\\ud83d");
        assert!(from_str::<Value>(r#"{"a":"\ud83d"#).is_err());
    }

    fn at(json: &str, needle: &str) -> String {
        let column = json.find(needle).expect("needle") + needle.len();
        path_at(json, 1, column)
    }

    #[test]
    fn names_members_and_indices() {
        let json = r#"{"actions":[{"id":"a"},{"id":"b","kind":"hover"}],"x":1}"#;
        assert_eq!(at(json, r#""hover""#), "actions[1].kind");
        assert_eq!(at(json, r#""id":"a""#), "actions[0].id");
        assert_eq!(at(json, r#"{"actions":"#), "actions");
        assert_eq!(path_at(json, 1, 1), ".");
        assert_eq!(at(json, r#""x":1"#), "x");
    }

    #[test]
    fn strings_with_escapes_and_lines() {
        let json = "{\n  \"a\\\"b\": [1, 2,\n    {\"k\\u00e9y\": tru";
        assert_eq!(path_at(json, 3, 18), "a\"b[2].k\u{fffd}y");
        assert_eq!(path_at(json, 9, 1), "a\"b[2].k\u{fffd}y");
        // An escape of a multi-byte character, in a key or a value, anywhere.
        for json in ["{\"a\\é\": 1}", "{\"a\\\u{1F600}", "{\"\\u00é\":", "\"\\"] {
            for column in 0..=json.len() + 1 {
                path_at(json, 1, column);
            }
        }
        let json = r#"{"a,b":{"c]":[{"d":"}{"}]}}"#;
        assert_eq!(at(json, r#""d":"}{""#), "a,b.c][0].d");
    }
}
