//! The engine's JSON value. The engine reads JSON text into it with its own reader
//! ([`crate::support::json_parse`]) and writes it with [`crate::support::json_text::text`]; it also
//! reads and writes through serde (serde-wasm-bindgen hands it to JS). An object is a list of
//! members in document order rather than a hash map: the objects a page or a model sends are small,
//! and scanning a few members costs less, in time and in the module, than hashing every key of
//! every object parsed.
//!
//! An object keeps one member per key, as JSON readers do: a repeated key keeps its first
//! place and its last value. Two objects are equal when they have the same members in any
//! order.

use crate::support::strmap::StrMap;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;

pub use serde_json::Number;

/// Objects up to this many members are checked for repeated keys pair by pair; larger ones
/// through a hash table, so a hostile object of many keys costs n, not n².
const SMALL: usize = 16;

/// A JSON value.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object.
    Object(Map),
}

/// A JSON object: its members in order, one per key.
#[derive(Clone, Debug, Default)]
pub struct Map {
    members: Vec<(String, Value)>,
}

static NULL: Value = Value::Null;

impl Map {
    /// An empty object.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many members the object has.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether the object has no members.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.members.iter().position(|(k, _)| k == key)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.members[i].1)
    }

    /// The value of `key`, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position(key).map(|i| &mut self.members[i].1)
    }

    /// Whether the object has `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`: in its place when the key is there (the old value is returned),
    /// at the end when it is new.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.position(&key) {
            Some(i) => Some(std::mem::replace(&mut self.members[i].1, value)),
            None => {
                self.members.push((key, value));
                None
            }
        }
    }

    /// Takes `key` out; the other members keep their order.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.position(key).map(|i| self.members.remove(i).1)
    }

    /// Keeps the members for which `keep` holds, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut Value) -> bool) {
        self.members.retain_mut(|(k, v)| keep(k, v));
    }

    /// The members in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&String, &Value)> + DoubleEndedIterator {
        self.members.iter().map(|(k, v)| (k, v))
    }

    /// The keys in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &String> + DoubleEndedIterator {
        self.members.iter().map(|(k, _)| k)
    }

    /// The values in order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &Value> + DoubleEndedIterator {
        self.members.iter().map(|(_, v)| v)
    }

    /// The values in order, to change.
    pub fn values_mut(&mut self) -> impl ExactSizeIterator<Item = &mut Value> {
        self.members.iter_mut().map(|(_, v)| v)
    }

    /// An object of `members` as they were read: a repeated key keeps its first place and
    /// takes its last value.
    pub(crate) fn from_members(members: Vec<(String, Value)>) -> Self {
        let small = members.len() <= SMALL;
        if small
            && !members.iter().enumerate().any(|(i, (k, _))| members[..i].iter().any(|m| m.0 == *k))
        {
            return Self { members };
        }
        let first = first_places(&members);
        if first.iter().enumerate().all(|(i, &f)| f == i) {
            return Self { members };
        }
        let mut out: Vec<(String, Value)> = Vec::with_capacity(members.len());
        let mut place = vec![0; members.len()];
        for (i, (k, v)) in members.into_iter().enumerate() {
            if first[i] == i {
                place[i] = out.len();
                out.push((k, v));
            } else {
                out[place[first[i]]].1 = v;
            }
        }
        Self { members: out }
    }
}

/// For every member, the index of the first member with its key.
fn first_places(members: &[(String, Value)]) -> Vec<usize> {
    let mut seen = StrMap::with_capacity(members.len());
    let mut out = Vec::with_capacity(members.len());
    for (i, (k, _)) in members.iter().enumerate() {
        out.push(seen.place(k, i).0);
    }
    out
}

impl PartialEq for Map {
    fn eq(&self, other: &Self) -> bool {
        if self.len() != other.len() {
            return false;
        }
        let in_order = self.members.iter().zip(&other.members).all(|(a, b)| a.0 == b.0);
        if in_order {
            return self.members.iter().zip(&other.members).all(|(a, b)| a.1 == b.1);
        }
        // Keys are unique and the counts equal: equal when every member is in the other.
        if self.len() <= SMALL {
            return self.members.iter().all(|(k, v)| other.get(k) == Some(v));
        }
        let mut theirs = StrMap::with_capacity(other.len());
        for (i, (k, _)) in other.members.iter().enumerate() {
            theirs.insert(k.as_str(), i);
        }
        self.members.iter().all(|(k, v)| theirs.get(k).is_some_and(|i| other.members[i].1 == *v))
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, Value)>,
        fn(&'a (String, Value)) -> (&'a String, &'a Value),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.members.iter().map(|(k, v)| (k, v))
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = std::vec::IntoIter<(String, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.members.into_iter()
    }
}

impl Extend<(String, Value)> for Map {
    /// Sets each member as [`Map::insert`] does.
    fn extend<I: IntoIterator<Item = (String, Value)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl FromIterator<(String, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        Self::from_members(iter.into_iter().collect())
    }
}

/// What a value can be indexed by: a key of an object, or a position in an array.
pub trait Index: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value>;
}

mod private {
    pub trait Sealed {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl Sealed for usize {}
    impl<T: Sealed + ?Sized> Sealed for &T {}
}

impl Index for str {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        value.as_object()?.get(self)
    }
}

impl Index for String {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(value)
    }
}

impl Index for usize {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        value.as_array()?.get(*self)
    }
}

impl<T: Index + ?Sized> Index for &T {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        (**self).index_into(value)
    }
}

impl Value {
    /// The member `index` of an object or the element `index` of an array.
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// The member `key` of an object, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.as_object_mut()?.get_mut(key)
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number as an `f64`, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    /// The number as an `i64`, if it is an integer that fits.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    /// The number as a `u64`, if it is a non-negative integer that fits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The elements, to change, if this is an array.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The members, if this is an object.
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The members, to change, if this is an object.
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Whether this is a boolean.
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// Whether this is a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// Whether this is an integer that fits an `i64`.
    pub fn is_i64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_i64())
    }

    /// Whether this is a non-negative integer that fits a `u64`.
    pub fn is_u64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_u64())
    }

    /// Whether this is a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// Whether this is an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// Whether this is an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// The value, leaving `null` in its place.
    pub fn take(&mut self) -> Value {
        std::mem::take(self)
    }
}

impl<I: Index> std::ops::Index<I> for Value {
    type Output = Value;
    /// The member or element, or `null` when there is none.
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl std::ops::IndexMut<&str> for Value {
    /// The member `key`, added as `null` when missing; `null` itself becomes an empty object
    /// first. Panics on any other value, which has no members.
    fn index_mut(&mut self, key: &str) -> &mut Value {
        if self.is_null() {
            *self = Value::Object(Map::new());
        }
        let Value::Object(map) = self else { panic!("cannot set a member on a non-object") };
        let at = match map.position(key) {
            Some(at) => at,
            None => {
                map.members.push((key.to_owned(), Value::Null));
                map.members.len() - 1
            }
        };
        &mut map.members[at].1
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_owned())
    }
}

impl From<std::borrow::Cow<'_, str>> for Value {
    fn from(s: std::borrow::Cow<'_, str>) -> Self {
        Value::String(s.into_owned())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<f64> for Value {
    /// A finite number; `null` for NaN and the infinities, which JSON cannot write.
    fn from(n: f64) -> Self {
        Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}

macro_rules! from_integer {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Self {
                Value::Number(n.into())
            }
        }
    )*};
}
from_integer!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

impl From<Number> for Value {
    fn from(n: Number) -> Self {
        Value::Number(n)
    }
}

impl From<Map> for Value {
    fn from(m: Map) -> Self {
        Value::Object(m)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Self {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

impl From<serde_json::Value> for Value {
    /// The same value, from serde_json's type.
    fn from(v: serde_json::Value) -> Self {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => Value::Number(n),
            serde_json::Value::String(s) => Value::String(s),
            serde_json::Value::Array(a) => Value::Array(a.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(m) => {
                Value::Object(Map { members: m.into_iter().map(|(k, v)| (k, v.into())).collect() })
            }
        }
    }
}

impl From<Value> for serde_json::Value {
    /// The same value, as serde_json's type.
    fn from(v: Value) -> Self {
        match v {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(b),
            Value::Number(n) => serde_json::Value::Number(n),
            Value::String(s) => serde_json::Value::String(s),
            Value::Array(a) => serde_json::Value::Array(a.into_iter().map(Into::into).collect()),
            Value::Object(m) => serde_json::Value::Object(
                m.members.into_iter().map(|(k, v)| (k, v.into())).collect(),
            ),
        }
    }
}

macro_rules! eq_via {
    ($($t:ty => $as:ident),*) => {$(
        impl PartialEq<$t> for Value {
            fn eq(&self, other: &$t) -> bool {
                self.$as().is_some_and(|v| v == *other)
            }
        }
    )*};
}
eq_via!(bool => as_bool, i64 => as_i64, u64 => as_u64, f64 => as_f64);

impl PartialEq<i32> for Value {
    fn eq(&self, other: &i32) -> bool {
        self.as_i64() == Some(i64::from(*other))
    }
}

impl PartialEq<u32> for Value {
    fn eq(&self, other: &u32) -> bool {
        self.as_u64() == Some(u64::from(*other))
    }
}

impl PartialEq<usize> for Value {
    fn eq(&self, other: &usize) -> bool {
        self.as_u64() == u64::try_from(*other).ok()
    }
}

impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<String> for Value {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == Some(other.as_str())
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => n.serialize(serializer),
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(a) => serializer.collect_seq(a),
            Value::Object(m) => m.serialize(serializer),
        }
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in &self.members {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(member) = map.next_entry()? {
            members.push(member);
        }
        Ok(Value::Object(Map::from_members(members)))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
        match Value::deserialize(d)? {
            Value::Object(m) => Ok(m),
            _ => Err(serde::de::Error::custom("expected a JSON object")),
        }
    }
}

/// Any serialisable value as a [`Value`] (through serde_json's own value, then converted).
pub fn to_value<T: Serialize>(value: T) -> Result<Value, serde_json::Error> {
    serde_json::to_value(value).map(Value::from)
}

/// A [`Value`] written as JSON, as serde_json's `json!` writes it (for tests and examples).
#[macro_export]
macro_rules! json {
    ($($json:tt)+) => {
        $crate::support::json::Value::from($crate::support::json::__serde_json::json!($($json)+))
    };
}

#[doc(hidden)]
pub use serde_json as __serde_json;

#[cfg(test)]
mod tests {
    use super::{Map, Value};
    use proptest::prelude::*;

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_repeated_key_keeps_its_first_place_and_last_value() {
        let v = parse(r#"{"a":1,"b":2,"a":3}"#);
        assert_eq!(v.to_string(), r#"{"a":3,"b":2}"#);
        let mut many = (0..40).map(|i| format!("\"k{i}\":{i}")).collect::<Vec<_>>();
        many.push("\"k7\":\"last\"".into());
        let v = parse(&format!("{{{}}}", many.join(",")));
        let map = v.as_object().unwrap();
        assert_eq!(map.len(), 40);
        assert_eq!(map.keys().nth(7).unwrap(), "k7");
        assert_eq!(v["k7"], "last");
    }

    #[test]
    fn objects_are_equal_in_any_order() {
        assert_eq!(parse(r#"{"a":1,"b":[2]}"#), parse(r#"{"b":[2],"a":1}"#));
        assert_ne!(parse(r#"{"a":1,"b":[2]}"#), parse(r#"{"b":[3],"a":1}"#));
        assert_ne!(parse(r#"{"a":1}"#), parse(r#"{"a":1,"b":2}"#));
        let keys = |rev: bool| {
            let mut ks: Vec<_> = (0..30).map(|i| format!("\"k{i}\":{i}")).collect();
            if rev {
                ks.reverse();
            }
            parse(&format!("{{{}}}", ks.join(",")))
        };
        assert_eq!(keys(false), keys(true));
    }

    #[test]
    fn indexing_and_setting_members() {
        let mut v = Value::Null;
        v["a"] = 1.into();
        v["b"] = "x".into();
        v["a"] = true.into();
        assert_eq!(v.to_string(), r#"{"a":true,"b":"x"}"#);
        assert_eq!(v["missing"], Value::Null);
        assert_eq!(parse("[1,2]")[1], 2);
        assert_eq!(Value::from(f64::NAN), Value::Null);
        let mut m = Map::new();
        assert_eq!(m.insert("k".into(), 1.into()), None);
        assert_eq!(m.insert("k".into(), 2.into()), Some(1.into()));
        assert_eq!(m.remove("k"), Some(2.into()));
        assert!(m.is_empty());
    }

    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            any::<i64>().prop_map(Into::into),
            any::<f64>().prop_map(Into::into),
            "[a-c\u{e9}\"\\\\]{0,4}".prop_map(serde_json::Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                prop::collection::vec(("[a-d]{0,2}", inner), 0..20).prop_map(|members| {
                    serde_json::Value::Object(members.into_iter().collect())
                }),
            ]
        })
    }

    proptest! {
        /// The same text reads and writes as serde_json's own value reads and writes it.
        #[test]
        fn reads_and_writes_as_serde_json(v in json_value(), repeat in any::<bool>()) {
            let mut text = serde_json::to_string(&v).unwrap();
            if repeat && text.starts_with("{\"") {
                // A repeated key, in front: first place, last value.
                text.insert_str(1, "\"a\":0,");
            }
            let theirs: serde_json::Value = serde_json::from_str(&text).unwrap();
            let ours: Value = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(serde_json::to_string(&ours).unwrap(), serde_json::to_string(&theirs).unwrap());
            prop_assert_eq!(serde_json::Value::from(ours.clone()), theirs.clone());
            prop_assert_eq!(Value::from(theirs), ours);
        }
    }
}
