//! Limits across the boundary: the defaults, and a check that names the bad control.

use crate::error;
use pling_core::Limits;
use wasm_bindgen::prelude::*;

/// The default limits, as JSON.
#[wasm_bindgen(js_name = defaultLimits)]
pub fn default_limits() -> String {
    pling_core::support::json_text::text(&Limits::default().to_json())
}

/// Parses limits (absent controls keep their defaults); throws `PlingLimitsError`.
pub fn parse(json: Option<String>) -> Result<Limits, JsValue> {
    match json {
        None => Ok(Limits::default()),
        Some(json) => Limits::from_json(&json).map_err(error::limits),
    }
}

/// Checks limits given as JSON and returns them complete, as JSON.
#[wasm_bindgen(js_name = checkLimits)]
pub fn check_limits(json: String) -> Result<String, JsValue> {
    let limits = parse(Some(json))?;
    Ok(pling_core::support::json_text::text(&limits.to_json()))
}
