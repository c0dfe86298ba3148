//! JSON text: reading it ([`crate::support::json_parse`], where an error names its place as a path
//! such as `actions[3].kind`) and writing it, with the object builders the engine writes with.

use crate::support::json::{Map, Value};
use crate::support::json_parse::SyntaxError;

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
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\0'..='\u{1f}' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let b = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl std::fmt::Display for Value {
    /// Compact JSON text.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&text(self))
    }
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

/// A JSON object of whole numbers, `names[i]` to `counts[i]`.
pub fn counts(names: &[&str], counts: &[usize]) -> Value {
    let mut map = Map::new();
    for (name, count) in names.iter().zip(counts) {
        map.insert((*name).to_owned(), (*count).into());
    }
    Value::Object(map)
}

/// Each of `values` as JSON text, joined by `separator`.
pub fn texts(values: &[Value], separator: &str) -> String {
    let mut out = String::new();
    for (i, v) in values.iter().enumerate() {
        out.push_str(if i > 0 { separator } else { "" });
        out.push_str(&text(v));
    }
    out
}

/// A list as a JSON array of strings.
pub fn strings(items: &[String]) -> Value {
    let mut out = Vec::with_capacity(items.len());
    for s in items {
        out.push(Value::from(s.as_str()));
    }
    Value::Array(out)
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

/// Parses JSON text into a [`Value`] (see [`crate::support::json_parse`]): a lone surrogate escape
/// (`\ud83d` with no partner) reads as U+FFFD.
pub fn from_str(json: &str) -> Result<Value, SyntaxError> {
    crate::support::json_parse::parse(json)
}

#[cfg(test)]
mod tests {
    use super::from_str;

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

    fn path(json: &str) -> String {
        from_str(json).unwrap_err().path
    }

    #[test]
    fn an_error_names_the_member_being_read() {
        assert_eq!(
            path(r#"{"actions":[{"id":"a"},{"id":"b","kind":hover}],"x":1}"#),
            "actions[1].kind"
        );
        assert_eq!(path(r#"{"actions":[{"id":a}]}"#), "actions[0].id");
        assert_eq!(path(r#"{"actions":[{"id":"a"} {"id":"b"}]}"#), "actions[0]");
        assert_eq!(path(r#"{"actions":[] "x":1}"#), "actions");
        assert_eq!(path(r#"{"actions":[{"id":"a"},"#), "actions[1]");
        assert_eq!(path(r#"{"a":1,"#), ".");
        assert_eq!(path(""), ".");
        assert_eq!(path("[1] 2"), ".");
    }

    #[test]
    fn keys_with_escapes_across_lines() {
        let json = "{\n  \"a\\\"b\": [1, 2,\n    {\"k\\u00e9y\": tru";
        let e = from_str(json).unwrap_err();
        assert_eq!(e.path, "a\"b[2].k\u{e9}y");
        assert_eq!((e.line, e.column), (3, 20));
        assert_eq!(path(r#"{"a,b":{"c]":[{"d":"}{" x}]}}"#), "a,b.c][0].d");
    }

    #[test]
    fn a_syntax_error_names_its_place() {
        let json = "{\"actions\": [{\"id\": \"a\"},\n {\"id\": tru}]}";
        let e = from_str(json).unwrap_err();
        assert_eq!(e.to_string(), "expected ident at line 2 column 12");
        assert_eq!(e.path, "actions[1].id");
    }
}
