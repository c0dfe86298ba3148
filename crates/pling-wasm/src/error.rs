//! Core errors as JS `Error` objects with a distinguishing `name`, and the details the JS
//! error classes carry (`where`, `what`) as properties, never to be read out of the message.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A JS `Error` with `name` set, so callers can tell Pling's errors apart.
pub fn js_error(name: &str, message: impl std::fmt::Display) -> JsValue {
    named_error(name, &message)
}

/// [`js_error`]'s one body for every kind of message.
fn named_error(name: &str, message: &dyn std::fmt::Display) -> JsValue {
    let error = crate::js::Error::new(&message.to_string());
    error.set_name(name);
    error.into()
}

#[wasm_bindgen]
extern "C" {
    /// An `Error` that carries the details the JS error classes read.
    #[wasm_bindgen(extends = crate::js::Error)]
    type DetailedError;
    /// Sets `error.where`: the path of the value at fault.
    #[wasm_bindgen(method, setter = "where")]
    fn set_where(this: &DetailedError, value: &str);
    /// Sets `error.what`: the option or control at fault.
    #[wasm_bindgen(method, setter = "what")]
    fn set_what(this: &DetailedError, value: &str);
}

/// A JS `Error` named `name`, with `where` and `what` set where they are known.
fn detailed(
    name: &str,
    message: &dyn std::fmt::Display,
    at: Option<&str>,
    what: Option<&str>,
) -> JsValue {
    let error: DetailedError = crate::js::Error::new(&message.to_string()).unchecked_into();
    error.set_name(name);
    if let Some(at) = at {
        error.set_where(at);
    }
    if let Some(what) = what {
        error.set_what(what);
    }
    error.into()
}

/// A malformed snapshot (`PlingSnapshotError`); `where` is the path of the value at fault.
pub fn snapshot(e: pling_core::SnapshotError) -> JsValue {
    detailed("PlingSnapshotError", &e, e.place(), None)
}

/// A snapshot whose lists came as a handle the engine no longer holds (`PlingSnapshotError`
/// with `where` set to `recordIds` and `what` to `lists`): the snapshot is to be sent again
/// with its lists.
pub fn lists(message: &str) -> JsValue {
    detailed("PlingSnapshotError", &message, Some("recordIds"), Some("lists"))
}

/// Malformed limits (`PlingLimitsError`); `what` is the control at fault.
pub fn limits(e: pling_core::LimitsError) -> JsValue {
    detailed("PlingLimitsError", &e, None, e.control())
}

/// A call that does not resolve to an action (`PlingCallError`).
pub fn call(e: pling_core::CallError) -> JsValue {
    js_error("PlingCallError", e)
}

/// An options object from JS read by the core's reader `read`: written as JSON (functions
/// and `undefined` members drop out), then read; a wrong member throws `PlingConfigError`
/// naming `what` and the member's place.
pub fn read_options<T>(
    value: &JsValue,
    what: &str,
    read: fn(&pling_core::support::json::Value, &str) -> pling_core::support::read::Read<T>,
) -> Result<T, JsValue> {
    let json = options_json(value, what)?;
    pling_core::options_read::from_json(&json, read).map_err(|e| config_error(what, e))
}

/// An options object as JSON text, or `PlingConfigError` naming `what`.
fn options_json(value: &JsValue, what: &str) -> Result<String, JsValue> {
    let json = crate::js::stringify(value).ok().and_then(|s| s.as_string());
    json.ok_or_else(|| js_error("PlingConfigError", format!("{what}: not plain data")))
}

/// A wrong option: `PlingConfigError` naming `what` and the member's place.
fn config_error(what: &str, e: pling_core::support::read::ReadError) -> JsValue {
    js_error("PlingConfigError", format!("{what}: {e}"))
}
