//! Reading the contract's JSON into its Rust types, field by field.
//!
//! The text is parsed once by the engine's JSON reader ([`crate::support::json_parse`]) into a
//! [`Value`]; each type of the snapshot, the limits and the options then takes its fields from
//! that value here. Compared with serde's derived deserialisers this is a fraction of the
//! engine's size (a derive is compiled once per struct and per reader, and pulls in float
//! formatting for its error messages), and every error names its place as the rest of the
//! engine does: `actions[3].kind`. A reader takes an object's members one after another and
//! reports the first that is wrong ([`Fields::done`]), the error a member-by-member reading
//! would have stopped at.
//!
//! The field names, defaults and skips are those of the `#[serde]` attributes on the types,
//! which still write them (`Serialize`) and from which the TypeScript contract is generated;
//! a round-trip test holds the two to one shape.

use crate::support::json::{Map, Value};
use std::cell::Cell;
use std::fmt::Write as _;

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
///
/// A member that is wrong reads as absent and its error is kept; [`Fields::done`] then gives
/// the first one kept. A reader so takes its members one after another with no exit per member,
/// and reports the error the member-by-member reading would have stopped at.
pub struct Fields<'v> {
    map: &'v Map,
    path: String,
    error: Cell<Option<ReadError>>,
}

impl<'v> Fields<'v> {
    /// The object at `path`, whose members must be among `known`.
    pub fn new(value: &'v Value, path: &str, known: &[&str]) -> Read<Self> {
        let f = Self::open(value, path)?;
        if let Some(key) = f.map.keys().find(|k| !known.contains(&k.as_str())) {
            let names = ticked(known);
            return Err(error(path, format!("unknown field `{key}`, expected one of {names}")));
        }
        Ok(f)
    }

    /// The object at `path`, whose other members are left alone (a message that carries
    /// more than its reader takes).
    pub fn open(value: &'v Value, path: &str) -> Read<Self> {
        match value {
            Value::Object(map) => Ok(Self { map, path: path.to_owned(), error: Cell::new(None) }),
            other => Err(expected(path, "an object", other)),
        }
    }

    /// `value`, unless a member was wrong: then the first error kept.
    pub fn done<T>(self, value: T) -> Read<T> {
        match self.error.into_inner() {
            None => Ok(value),
            Some(e) => Err(e),
        }
    }

    /// Keeps `e` unless an earlier error is kept.
    pub fn fail(&self, e: ReadError) {
        let first = self.error.take().unwrap_or(e);
        self.error.set(Some(first));
    }

    /// What `r` holds, or `None` with its error kept.
    pub fn keep<T>(&self, r: Read<T>) -> Option<T> {
        r.map_err(|e| self.fail(e)).ok()
    }

    /// Where member `key` is.
    pub fn at(&self, key: &str) -> String {
        member(&self.path, key)
    }

    /// Member `key`; `None` when it is absent or `null`.
    pub fn get(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// Member `key` read by `read` at its place; `None` when it is absent or wrong.
    pub fn read<T>(&self, key: &str, read: impl FnOnce(&'v Value, &str) -> Read<T>) -> Option<T> {
        let v = self.get(key)?;
        self.keep(read(v, &self.at(key)))
    }

    /// A member that must be there.
    pub fn required(&self, key: &str) -> Option<&'v Value> {
        let v = self.get(key);
        if v.is_none() {
            self.fail(error(&self.path, format!("missing field `{key}`")));
        }
        v
    }

    /// Keeps the error for member `key` when it is not `what`. (The member's place is
    /// written out only then: a snapshot's every member passes here.)
    fn wrong<T>(&self, key: &str, what: &str, v: &Value) -> Option<T> {
        self.fail(expected(&self.at(key), what, v));
        None
    }

    /// An optional string member.
    pub fn string(&self, key: &str) -> Option<String> {
        match self.get(key)? {
            Value::String(s) => Some(s.clone()),
            v => self.wrong(key, "a string", v),
        }
    }

    /// A string member that must be there (empty when it is not: its error is kept).
    pub fn required_string(&self, key: &str) -> String {
        match self.required(key) {
            Some(Value::String(s)) => s.clone(),
            Some(v) => self.wrong(key, "a string", v).unwrap_or_default(),
            None => String::new(),
        }
    }

    /// An optional boolean member.
    pub fn bool(&self, key: &str) -> Option<bool> {
        match self.get(key)? {
            Value::Bool(b) => Some(*b),
            v => self.wrong(key, "a boolean", v),
        }
    }

    /// An optional whole number member of at most `max`.
    pub fn uint(&self, key: &str, max: u64) -> Option<u64> {
        let v = self.get(key)?;
        match v.as_u64() {
            Some(n) if n <= max => Some(n),
            _ => self.keep(uint(v, &self.at(key), max)),
        }
    }

    /// An optional number member.
    pub fn number(&self, key: &str) -> Option<f64> {
        match self.get(key)? {
            Value::Number(n) => n.as_f64(),
            v => self.wrong(key, "a number", v),
        }
    }

    /// An optional array member, each item read by `item` (given its place); empty when it is
    /// absent or wrong.
    pub fn list<T>(&self, key: &str, item: impl Fn(&'v Value, &str) -> Read<T>) -> Vec<T> {
        match self.get(key) {
            Some(v) => self.keep(list(v, &self.at(key), item)).unwrap_or_default(),
            None => Vec::new(),
        }
    }

    /// An optional object member whose values are any JSON.
    pub fn object(&self, key: &str) -> Map {
        self.map_member(key).cloned().unwrap_or_default()
    }

    /// An optional object member, key by key as written (none when it is absent or wrong): a
    /// caller that keeps them sorted inserts them into its map, which costs no sort of its own.
    pub fn members(&self, key: &str) -> impl Iterator<Item = (&'v String, &'v Value)> {
        self.map_member(key).into_iter().flat_map(Map::iter)
    }

    fn map_member(&self, key: &str) -> Option<&'v Map> {
        match self.get(key)? {
            Value::Object(map) => Some(map),
            v => self.wrong(key, "an object", v),
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
            format!("expected a whole number from 0, found {}", crate::support::json_text::Json(v)),
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
    let mut paths = ItemPaths::new(path);
    let mut out = Vec::with_capacity(items.len());
    for (i, x) in items.iter().enumerate() {
        out.push(item(x, paths.at(i))?);
    }
    Ok(out)
}

/// The paths of an array's items, `path[0]`, `path[1]`, …, written into one buffer: a long
/// list is read without a `format!` per item. Apart from [`list`], so each type a list is read
/// into does not carry its own copy.
struct ItemPaths {
    at: String,
    base: usize,
    index: itoa::Buffer,
}

impl ItemPaths {
    fn new(path: &str) -> Self {
        let mut at = String::with_capacity(path.len() + 12);
        at.push_str(path);
        at.push('[');
        Self { base: at.len(), at, index: itoa::Buffer::new() }
    }

    /// The path of item `i`.
    fn at(&mut self, i: usize) -> &str {
        self.at.truncate(self.base);
        self.at.push_str(self.index.format(i));
        self.at.push(']');
        &self.at
    }
}

/// One of `all`, by its name as `name` writes it.
pub fn one_of<T: Copy>(v: &Value, path: &str, all: &[T], name: fn(T) -> &'static str) -> Read<T> {
    let mut names = Vec::with_capacity(all.len());
    for t in all {
        names.push(name(*t));
    }
    named(v, path, &names).map(|i| all[i])
}

/// The place in `names` of the string `v`.
/// `names` in backticks, joined by commas: `` `a`, `b` ``.
fn ticked(names: &[&str]) -> String {
    let mut out = String::new();
    for (i, n) in names.iter().enumerate() {
        let _ = write!(out, "{}`{n}`", if i > 0 { ", " } else { "" });
    }
    out
}

fn named(v: &Value, path: &str, names: &[&str]) -> Read<usize> {
    let s = string(v, path)?;
    match names.iter().position(|n| *n == s) {
        Some(i) => Ok(i),
        None => {
            let names = ticked(names);
            Err(error(path, format!("unknown variant `{s}`, expected one of {names}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    /// The error `read` keeps on a fresh reader of `v`.
    fn kept<T>(v: &Value, read: impl FnOnce(&Fields<'_>) -> T) -> ReadError {
        let f = Fields::open(v, ".").unwrap();
        read(&f);
        f.done(()).unwrap_err()
    }

    #[test]
    fn each_error_names_its_place() {
        let v = json!({"a": 1, "b": [true, "x"], "c": -2, "d": 1.5});
        let e = kept(&v, |f| f.string("a"));
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("a", "expected a string, found a number")
        );
        let e = kept(&v, |f| f.list("b", string));
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("b[0]", "expected a string, found a boolean")
        );
        assert_eq!(
            kept(&v, |f| f.uint("c", 9)).message,
            "expected a whole number from 0, found -2"
        );
        assert_eq!(kept(&v, |f| f.uint("a", 0)).message, "expected a number of at most 0, found 1");
        assert_eq!(kept(&v, |f| f.required("z").is_some()).message, "missing field `z`");
        assert_eq!(kept(&v, |f| f.required_string("z")).message, "missing field `z`");
        assert_eq!(kept(&v, |f| f.bool("d")).message, "expected a boolean, found a number");
        assert_eq!(kept(&v, |f| f.object("d")).message, "expected an object, found a number");
        assert_eq!(
            kept(&v, |f| f.members("d").count()).message,
            "expected an object, found a number"
        );
        let f = Fields::new(&v, ".", &["a", "b", "c", "d"]).unwrap();
        assert_eq!((f.number("d"), f.uint("a", 1), f.get("z")), (Some(1.5), Some(1), None));
        assert_eq!(f.done(7).unwrap(), 7);
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
    fn the_first_wrong_member_is_the_error_and_a_wrong_one_reads_as_absent() {
        let v = json!({"a": 1, "b": "x", "c": true});
        let f = Fields::open(&v, "p").unwrap();
        assert_eq!(f.string("a"), None);
        assert_eq!(f.string("b").as_deref(), Some("x"));
        assert_eq!(f.bool("b"), None);
        assert!(f.list("c", string).is_empty());
        let e = f.done(()).unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("p.a", "expected a string, found a number")
        );
    }

    #[test]
    fn null_is_absent() {
        let v = json!({"a": null});
        let f = Fields::new(&v, ".", &["a"]).unwrap();
        assert_eq!((f.string("a"), f.bool("a")), (None, None));
        assert!(f.list("a", string).is_empty());
        assert!(f.done(()).is_ok());
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
