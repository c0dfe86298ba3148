//! Core errors as JS `Error` objects with a distinguishing `name`.

use wasm_bindgen::JsValue;

/// A JS `Error` with `name` set, so callers can tell Pling's errors apart.
pub fn js_error(name: &str, message: impl std::fmt::Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name(name);
    error.into()
}

/// A malformed snapshot (`PlingSnapshotError`).
pub fn snapshot(e: pling_core::SnapshotError) -> JsValue {
    js_error("PlingSnapshotError", e)
}

/// Malformed limits (`PlingLimitsError`).
pub fn limits(e: pling_core::LimitsError) -> JsValue {
    js_error("PlingLimitsError", e)
}

/// A call that does not resolve to an action (`PlingCallError`).
pub fn call(e: pling_core::CallError) -> JsValue {
    js_error("PlingCallError", e)
}
