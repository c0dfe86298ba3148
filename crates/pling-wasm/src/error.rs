//! Core errors as JS `Error` objects with a distinguishing `name`, and the details the JS
//! error classes carry (`where`, `what`) as properties, never to be read out of the message.

use wasm_bindgen::JsValue;

/// A JS `Error` with `name` set, so callers can tell Pling's errors apart.
pub fn js_error(name: &str, message: impl std::fmt::Display) -> JsValue {
    named_error(name, &message)
}

/// [`js_error`]'s one body for every kind of message.
fn named_error(name: &str, message: &dyn std::fmt::Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name(name);
    error.into()
}

/// `error` with `key` set to `value`, when there is one.
fn with_detail(error: JsValue, key: &str, value: Option<&str>) -> JsValue {
    if let Some(value) = value {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &key.into(), &value.into());
    }
    error
}

/// A malformed snapshot (`PlingSnapshotError`); `where` is the path of the value at fault.
pub fn snapshot(e: pling_core::SnapshotError) -> JsValue {
    let place = e.place().map(str::to_owned);
    with_detail(js_error("PlingSnapshotError", e), "where", place.as_deref())
}

/// Malformed limits (`PlingLimitsError`); `what` is the control at fault.
pub fn limits(e: pling_core::LimitsError) -> JsValue {
    let control = e.control().map(str::to_owned);
    with_detail(js_error("PlingLimitsError", e), "what", control.as_deref())
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
    let json = js_sys::JSON::stringify(value).ok().and_then(|s| s.as_string());
    json.ok_or_else(|| js_error("PlingConfigError", format!("{what}: not plain data")))
}

/// A wrong option: `PlingConfigError` naming `what` and the member's place.
fn config_error(what: &str, e: pling_core::support::read::ReadError) -> JsValue {
    js_error("PlingConfigError", format!("{what}: {e}"))
}
