//! JSON text from outside: parsing it so that one lone UTF-16 surrogate (which
//! `JSON.stringify` writes for a string cut in the middle of an emoji) costs that one
//! character, not the document; and, when parsing fails, where — a path such as
//! `actions[3].kind`.
//!
//! Parsing is one pass ([`crate::json_parse`]); only when it fails is the text scanned again,
//! up to the error's position, to name the member that was being read.

use crate::json::{Map, Value};
use crate::json_parse::SyntaxError;

/// `value` as compact JSON text, written as serde_json writes it. Every JSON text the engine
/// writes goes through this one writer.
pub fn text(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

/// Appends `value` as compact JSON text to `out`.
pub fn write(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            use std::fmt::Write;
            let _ = write!(out, "{n}");
        }
        Value::String(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(key, out);
                out.push(':');
                write(item, out);
            }
            out.push('}');
        }
    }
}

/// A JSON string: quotes, backslashes and control characters escaped.
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        run = i + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
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

/// A JSON object of the `members` that are present, in their order: a member whose value is
/// `null` is left out (serde's `skip_serializing_if` for an absent or empty field).
pub fn present<const N: usize>(members: [(&str, Value); N]) -> Value {
    let mut members = Vec::from(members);
    members.retain(|(_, v)| !v.is_null());
    object_of(members)
}

/// A list as a JSON array of strings.
pub fn strings(items: &[String]) -> Value {
    Value::Array(items.iter().map(|s| Value::from(s.as_str())).collect())
}

/// [`strings`], or `null` when the list is empty (see [`present`]).
pub fn strings_or_null(items: &[String]) -> Value {
    if items.is_empty() {
        return Value::Null;
    }
    strings(items)
}

/// [`object`]'s one body for every member count.
fn object_of(members: Vec<(&str, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in members {
        map.insert(key.to_owned(), value);
    }
    Value::Object(map)
}

/// Parses JSON text into a [`Value`] (see [`crate::json_parse`]): a lone surrogate escape
/// (`\ud83d` with no partner) reads as U+FFFD.
pub fn from_str(json: &str) -> Result<Value, SyntaxError> {
    crate::json_parse::parse(json)
}

/// One open container on the way to the error.
enum Frame {
    /// An object, with the key whose value is being read (if any yet).
    Object { key: Option<String>, expecting_key: bool },
    /// An array, at the index of the element being read.
    Array { index: usize },
}

/// The path to what was being read at byte `offset` (where a [`SyntaxError`] was found);
/// `.` for the document itself.
pub(crate) fn path_at(json: &str, offset: usize) -> String {
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

    #[test]
    fn lone_surrogates_cost_one_character() {
        let v = from_str(
            r#"{"a":"x\ud83d","b":"\ude00y","c":"\ud83d\ude00","d":"\\ud83d","e":"\ud83d\u0041"}"#,
        )
        .unwrap();
        assert_eq!(v["a"], "x\u{fffd}");
        assert_eq!(v["b"], "\u{fffd}y");
        assert_eq!(v["c"], "\u{1F600}");
        assert_eq!(v["d"], "\\ud83d");
        assert_eq!(v["e"], "\u{fffd}A");
        assert!(from_str(r#"{"a":"\ud83d"#).is_err());
    }

    fn at(json: &str, needle: &str) -> String {
        path_at(json, json.find(needle).expect("needle") + needle.len())
    }

    #[test]
    fn names_members_and_indices() {
        let json = r#"{"actions":[{"id":"a"},{"id":"b","kind":"hover"}],"x":1}"#;
        assert_eq!(at(json, r#""hover""#), "actions[1].kind");
        assert_eq!(at(json, r#""id":"a""#), "actions[0].id");
        assert_eq!(at(json, r#"{"actions":"#), "actions");
        assert_eq!(path_at(json, 0), ".");
        assert_eq!(at(json, r#""x":1"#), "x");
    }

    #[test]
    fn strings_with_escapes_and_lines() {
        let json = "{\n  \"a\\\"b\": [1, 2,\n    {\"k\\u00e9y\": tru";
        assert_eq!(path_at(json, json.len()), "a\"b[2].k\u{fffd}y");
        assert_eq!(path_at(json, json.len() + 9), "a\"b[2].k\u{fffd}y");
        // An escape of a multi-byte character, in a key or a value, anywhere.
        for json in ["{\"a\\é\": 1}", "{\"a\\\u{1F600}", "{\"\\u00é\":", "\"\\"] {
            for offset in 0..=json.len() + 1 {
                path_at(json, offset);
            }
        }
        let json = r#"{"a,b":{"c]":[{"d":"}{"}]}}"#;
        assert_eq!(at(json, r#""d":"}{""#), "a,b.c][0].d");
    }

    #[test]
    fn a_syntax_error_names_its_place() {
        let json = "{\"actions\": [{\"id\": \"a\"},\n {\"id\": tru}]}";
        let e = from_str(json).unwrap_err();
        assert_eq!(e.to_string(), "expected ident at line 2 column 12");
        assert_eq!(path_at(json, e.offset), "actions[1].id");
    }
}
