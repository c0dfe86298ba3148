//! Checking a call's arguments against its tool schema before anything runs. Covers the part
//! of JSON Schema that tool parameters use: `type`, `properties`, `required`,
//! `additionalProperties: false`, `enum`, `const`, `items`, `minLength`/`maxLength`,
//! `minimum`/`maximum`, `minItems`/`maxItems`. Other keywords are accepted as they are. A
//! string carrying [`MASK`] is refused whatever the schema: the mask stands for a value the
//! caller was never shown, so writing it would put the placeholder into the page.

use crate::snapshot::MASK;
use crate::support::json::Value;
use crate::support::json_text::Json;
use crate::support::list::Listed;
use crate::support::text::{occurs, Joined};

/// Every problem with `value` against `schema`, each naming where (`text`, `items[2]`).
pub fn check(schema: &Value, value: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    walk(schema, value, "", &mut problems);
    problems
}

fn at(path: &str) -> String {
    if path.is_empty() {
        "the arguments".to_owned()
    } else {
        format!("`{path}`")
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_type(v: &Value, t: &str) -> bool {
    match t {
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        other => type_name(v) == other,
    }
}

fn walk(schema: &Value, value: &Value, path: &str, problems: &mut Vec<String>) {
    let Some(s) = schema.as_object() else { return };
    if !type_fits(s, value, path, problems) {
        return;
    }
    if let Some(Value::Array(options)) = s.get("enum") {
        if !options.contains(value) {
            let (list, got) = (crate::support::json_text::texts(options, ", "), Json(value));
            problems.push(format!("{} must be one of {list} (got {got})", at(path)));
        }
    }
    if let Some(c) = s.get("const") {
        if c != value {
            problems.push(format!("{} must be {} (got {})", at(path), Json(c), Json(value)));
        }
    }
    match value {
        Value::String(text) => {
            let len = text.chars().count() as u64;
            bounds(s, ("minLength", "maxLength"), len, path, "characters", problems);
            if occurs(text, MASK) {
                problems.push(format!(
                    "{} contains {MASK}: a hidden value, not one to write",
                    at(path)
                ));
            }
        }
        Value::Number(n) => number_bounds(s, n.as_f64().unwrap_or(0.0), path, problems),
        Value::Array(items) => {
            bounds(s, ("minItems", "maxItems"), items.len() as u64, path, "items", problems);
            if let Some(item_schema) = s.get("items") {
                for (i, item) in items.iter().enumerate() {
                    walk(item_schema, item, &format!("{path}[{i}]"), problems);
                }
            }
        }
        Value::Object(map) => object(s, map, path, problems),
        _ => {}
    }
}

type Schema = crate::support::json::Map;

/// Whether `value` has one of the schema's types (or the schema names none).
fn type_fits(s: &Schema, value: &Value, path: &str, problems: &mut Vec<String>) -> bool {
    let allowed: Vec<&str> = match s.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).listed(),
        _ => vec![],
    };
    if allowed.is_empty() || allowed.iter().any(|t| is_type(value, t)) {
        return true;
    }
    problems.push(format!(
        "{} must be {} (got {})",
        at(path),
        allowed.joined(" or "),
        type_name(value)
    ));
    false
}

/// A count's `min…`/`max…` keywords (`minLength`, `maxItems`), in `unit`s.
fn bounds(
    s: &Schema,
    (min_key, max_key): (&str, &str),
    n: u64,
    path: &str,
    unit: &str,
    problems: &mut Vec<String>,
) {
    if let Some(min) = s.get(min_key).and_then(Value::as_u64).filter(|&min| n < min) {
        problems.push(format!("{} must have at least {min} {unit}", at(path)));
    }
    if let Some(max) = s.get(max_key).and_then(Value::as_u64).filter(|&max| n > max) {
        problems.push(format!("{} must have at most {max} {unit}", at(path)));
    }
}

fn number_bounds(s: &Schema, x: f64, path: &str, problems: &mut Vec<String>) {
    if let Some(min) = s.get("minimum").and_then(Value::as_f64).filter(|&min| x < min) {
        problems.push(format!("{} must be at least {}", at(path), Json(&Value::from(min))));
    }
    if let Some(max) = s.get("maximum").and_then(Value::as_f64).filter(|&max| x > max) {
        problems.push(format!("{} must be at most {}", at(path), Json(&Value::from(max))));
    }
}

/// An object's required properties, and each property against its own schema.
fn object(s: &Schema, map: &Schema, path: &str, problems: &mut Vec<String>) {
    let props = s.get("properties").and_then(Value::as_object);
    if let Some(Value::Array(required)) = s.get("required") {
        for name in required.iter().filter_map(Value::as_str) {
            if !map.contains_key(name) {
                problems.push(format!("{} is required", at(&join(path, name))));
            }
        }
    }
    for (k, v) in map {
        match props.and_then(|p| p.get(k)) {
            Some(prop) => walk(prop, v, &join(path, k), problems),
            None if s.get("additionalProperties") == Some(&Value::Bool(false)) => {
                let known: Vec<&str> =
                    props.map(|p| p.keys().map(String::as_str).listed()).unwrap_or_default();
                let listed = if known.is_empty() {
                    String::new()
                } else {
                    format!(" (parameters: {})", known.joined(", "))
                };
                problems.push(format!("{} is not a parameter{listed}", at(&join(path, k))));
            }
            None => {}
        }
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn accepts_what_matches() {
        let schema = json!({"type": "object", "properties": {"record": {"type": "string"}, "n": {"type": "integer", "minimum": 1}}, "required": ["record"]});
        assert!(check(&schema, &json!({"record": "t9", "n": 2})).is_empty());
        assert!(check(&schema, &json!({"record": "t9", "extra": true})).is_empty());
    }

    #[test]
    fn names_each_problem() {
        let schema = json!({
            "type": "object",
            "properties": {
                "text": {"type": "string", "minLength": 1},
                "mode": {"enum": ["a", "b"]},
                "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2}
            },
            "required": ["text"],
            "additionalProperties": false
        });
        let p = check(&schema, &json!({"mode": "c", "tags": ["x", 2, "z"], "colour": 1}));
        assert_eq!(
            p,
            [
                "`text` is required",
                "`mode` must be one of \"a\", \"b\" (got \"c\")",
                "`tags` must have at most 2 items",
                "`tags[1]` must be string (got integer)",
                "`colour` is not a parameter (parameters: text, mode, tags)",
            ]
        );
        assert_eq!(check(&schema, &json!([1])), ["the arguments must be object (got array)"]);
        assert_eq!(check(&json!({"type": "number"}), &json!(1)), Vec::<String>::new());
    }
}
