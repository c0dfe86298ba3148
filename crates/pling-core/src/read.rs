//! Reading the contract's JSON into its Rust types, field by field.
//!
//! The text is parsed once by serde_json into a [`Value`]; each type of the snapshot and the
//! limits then takes its fields from that value here. Compared with serde's derived
//! deserialisers this is a fraction of the engine's size (a derive is compiled once per
//! struct and per reader, and pulls in float formatting for its error messages), and every
//! error names its place as the rest of the engine does: `actions[3].kind`.
//!
//! The field names, defaults and skips are those of the `#[serde]` attributes on the types,
//! which still write them (`Serialize`) and from which the TypeScript contract is generated;
//! a round-trip test holds the two to one shape.

use crate::json::{Map, Value};
use crate::list::Listed;
use crate::text::Joined;

/// What is wrong and where: `path` as `actions[3].kind`, `.` for the document itself.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at `{path}`: {message}")]
pub struct ReadError {
    /// Where.
    pub path: String,
    /// What was expected.
    pub message: String,
}

/// The result of reading one part.
pub type Read<T> = Result<T, ReadError>;

// The two error makers return the error itself, not a `Read<T>`: one copy of each, not one per
// type read.
fn error(path: &str, message: String) -> ReadError {
    ReadError { path: path.to_owned(), message }
}

/// `path` with a member appended: `actions[3]` and `kind` make `actions[3].kind`.
pub fn member(path: &str, key: &str) -> String {
    if path == "." {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// The JSON type of a value, for "expected a string, found a number".
fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn expected(path: &str, what: &str, found: &Value) -> ReadError {
    error(path, format!("expected {what}, found {}", type_of(found)))
}

/// The members of one JSON object, each taken by its name; members it does not know are an
/// error, as a declaration with a misspelt key would otherwise be silently ignored.
pub struct Fields<'v> {
    map: &'v Map,
    path: String,
}

impl<'v> Fields<'v> {
    /// The object at `path`, whose members must be among `known`.
    pub fn new(value: &'v Value, path: &str, known: &[&str]) -> Read<Self> {
        let Value::Object(map) = value else {
            return Err(expected(path, "an object", value));
        };
        if let Some(key) = map.keys().find(|k| !known.contains(&k.as_str())) {
            let names = known.iter().map(|k| format!("`{k}`")).listed().joined(", ");
            return Err(error(path, format!("unknown field `{key}`, expected one of {names}")));
        }
        Ok(Self { map, path: path.to_owned() })
    }

    /// The object at `path`, whose other members are left alone (a message that carries
    /// more than its reader takes).
    pub fn open(value: &'v Value, path: &str) -> Read<Self> {
        match value {
            Value::Object(map) => Ok(Self { map, path: path.to_owned() }),
            other => Err(expected(path, "an object", other)),
        }
    }

    /// Where member `key` is.
    pub fn at(&self, key: &str) -> String {
        member(&self.path, key)
    }

    /// Member `key`; `None` when it is absent or `null`.
    pub fn get(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// A member that must be there.
    pub fn required(&self, key: &str) -> Read<&'v Value> {
        self.get(key).ok_or_else(|| self.missing(key))
    }

    fn missing(&self, key: &str) -> ReadError {
        error(&self.path, format!("missing field `{key}`"))
    }

    /// An optional string member. (Its place is written out only for an error: a snapshot's
    /// every member is read here.)
    pub fn string(&self, key: &str) -> Read<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(v) => string(v, &self.at(key)).map(Some),
        }
    }

    /// A string member that must be there.
    pub fn required_string(&self, key: &str) -> Read<String> {
        self.string(key)?.ok_or_else(|| self.missing(key))
    }

    /// An optional boolean member.
    pub fn bool(&self, key: &str) -> Read<Option<bool>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(expected(&self.at(key), "a boolean", v)),
        }
    }

    /// An optional whole number member of at most `max`.
    pub fn uint(&self, key: &str, max: u64) -> Read<Option<u64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if n <= max => Ok(Some(n)),
                _ => uint(v, &self.at(key), max).map(Some),
            },
        }
    }

    /// An optional number member.
    pub fn number(&self, key: &str) -> Read<Option<f64>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Number(n)) => Ok(n.as_f64()),
            Some(v) => Err(expected(&self.at(key), "a number", v)),
        }
    }

    /// An optional array member, each item read by `item` (given its place).
    pub fn list<T>(&self, key: &str, item: impl Fn(&'v Value, &str) -> Read<T>) -> Read<Vec<T>> {
        match self.get(key) {
            None => Ok(Vec::new()),
            Some(v) => list(v, &self.at(key), item),
        }
    }

    /// An optional object member whose values are any JSON.
    pub fn object(&self, key: &str) -> Read<Map> {
        match self.get(key) {
            None => Ok(Map::new()),
            Some(Value::Object(map)) => Ok(map.clone()),
            Some(v) => Err(expected(&self.at(key), "an object", v)),
        }
    }

    /// An optional object member, key by key as written (none when it is absent): a caller
    /// that keeps them sorted inserts them into its map, which costs no sort of its own.
    pub fn members(&self, key: &str) -> Read<impl Iterator<Item = (&'v String, &'v Value)>> {
        match self.get(key) {
            None => Ok(None.into_iter().flatten()),
            Some(Value::Object(map)) => Ok(Some(map.iter()).into_iter().flatten()),
            Some(v) => Err(expected(&self.at(key), "an object", v)),
        }
    }
}

/// A string.
pub fn string(v: &Value, path: &str) -> Read<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        other => Err(expected(path, "a string", other)),
    }
}

/// A whole number from 0 to `max`.
pub fn uint(v: &Value, path: &str, max: u64) -> Read<u64> {
    match v.as_u64() {
        Some(n) if n <= max => Ok(n),
        Some(n) => Err(error(path, format!("expected a number of at most {max}, found {n}"))),
        None if v.is_number() => Err(error(
            path,
            format!("expected a whole number from 0, found {}", crate::json_text::Json(v)),
        )),
        None => Err(expected(path, "a whole number", v)),
    }
}

/// An array, each item read by `item` at `path[i]`.
pub fn list<'v, T>(
    v: &'v Value,
    path: &str,
    item: impl Fn(&'v Value, &str) -> Read<T>,
) -> Read<Vec<T>> {
    let Value::Array(items) = v else {
        return Err(expected(path, "an array", v));
    };
    // One buffer for every item's path: a long list is read without a `format!` per item.
    let mut at = String::with_capacity(path.len() + 12);
    at.push_str(path);
    at.push('[');
    let base = at.len();
    let mut index = itoa::Buffer::new();
    let mut out = Vec::with_capacity(items.len());
    for (i, x) in items.iter().enumerate() {
        at.truncate(base);
        at.push_str(index.format(i));
        at.push(']');
        out.push(item(x, &at)?);
    }
    Ok(out)
}

/// One of `all`, by its name as `name` writes it.
pub fn one_of<T: Copy>(v: &Value, path: &str, all: &[T], name: fn(T) -> &'static str) -> Read<T> {
    let s = string(v, path)?;
    match all.iter().find(|t| name(**t) == s) {
        Some(t) => Ok(*t),
        None => {
            let names = all.iter().map(|t| format!("`{}`", name(*t))).listed();
            Err(error(
                path,
                format!("unknown variant `{s}`, expected one of {}", names.joined(", ")),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn each_error_names_its_place() {
        let v = json!({"a": 1, "b": [true, "x"], "c": -2, "d": 1.5});
        let known = ["a", "b", "c", "d"];
        let f = Fields::new(&v, ".", &known).unwrap();
        assert_eq!(f.string("a").unwrap_err().path, "a");
        assert_eq!(f.string("a").unwrap_err().message, "expected a string, found a number");
        let e = f.list("b", string).unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("b[0]", "expected a string, found a boolean")
        );
        assert_eq!(f.uint("c", 9).unwrap_err().message, "expected a whole number from 0, found -2");
        assert_eq!(f.uint("a", 0).unwrap_err().message, "expected a number of at most 0, found 1");
        assert_eq!(f.required("z").unwrap_err().message, "missing field `z`");
        assert_eq!(f.number("d").unwrap(), Some(1.5));
        let e = Fields::new(&v, "x[2]", &["a"]).err().unwrap();
        assert_eq!(e.path, "x[2]");
        assert!(e.message.starts_with("unknown field `b`, expected one of `a`"), "{}", e.message);
        let kinds = [1, 2];
        let name = |k: i32| if k == 1 { "read" } else { "write" };
        assert_eq!(one_of(&json!("write"), ".", &kinds, name).unwrap(), 2);
        let e = one_of(&json!("wrote"), "k", &kinds, name).unwrap_err();
        assert_eq!(e.message, "unknown variant `wrote`, expected one of `read`, `write`");
    }

    #[test]
    fn null_is_absent() {
        let v = json!({"a": null});
        let f = Fields::new(&v, ".", &["a"]).unwrap();
        assert_eq!((f.string("a").unwrap(), f.bool("a").unwrap()), (None, None));
        assert!(f.list("a", string).unwrap().is_empty());
    }

    #[test]
    fn a_list_item_is_named_by_its_index() {
        let items: Vec<Value> =
            (0..12).map(|i| if i == 11 { json!(3) } else { json!("x") }).collect();
        let e = list(&Value::Array(items), "records[0].ids", string).unwrap_err();
        assert_eq!(e.path, "records[0].ids[11]");
        let nested = json!([["a"], ["b", false]]);
        let e = list(&nested, ".", |v, p| list(v, p, string)).unwrap_err();
        assert_eq!(e.path, ".[1][1]");
    }
}
