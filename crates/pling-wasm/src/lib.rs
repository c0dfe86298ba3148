//! The WebAssembly binding of `pling-core`: JSON in, JSON out, errors as real `Error` objects.
//!
//! One module per exported type: [`page`] (a snapshot with its limits), `assistant` (the
//! assistant loop, driven here), `client` (the model client: fetch, streams, retries and
//! timeouts, with web-sys and gloo-timers), [`limits`] (defaults and checks), [`error`] (how
//! core errors become JS errors), [`panic`] (panics reported). The `assistant` feature (on by
//! default) carries the loop, the client and the wire format; without it the engine is the
//! observe-only build.

#[cfg(feature = "assistant")]
pub mod assistant;
#[cfg(feature = "assistant")]
pub mod client;
pub mod error;
mod js;
pub mod limits;
pub mod page;
pub mod panic;

use wasm_bindgen::prelude::*;

/// The heap, grown from the module's memory as needed (the `small-alloc` feature).
#[cfg(all(feature = "small-alloc", target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static HEAP: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Installs the panic reporter and seeds the engine's hash maps with bits page data cannot
/// know (`wasm32-unknown-unknown` gives std no randomness of its own). Runs once when the
/// module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    panic::install();
    let draw = || (js::random() * 4_294_967_296.0) as u64;
    pling_core::support::strmap::seed(draw() << 32 | draw());
}

/// The system message: the rules the page needs (`rules` from a `Page`'s render; every rule
/// when absent), the application section once, then the page section.
#[wasm_bindgen(js_name = systemMessage)]
pub fn system_message(
    application: Option<String>,
    page_section: &str,
    rules: Option<u8>,
) -> String {
    let needs = rules.map_or(pling_core::RuleNeeds::ALL, pling_core::RuleNeeds::from_bits);
    pling_core::system_message(application.as_deref(), page_section, needs)
}

/// `text` with every noted secret masked, in any spelling the engine would show as it
/// (`pling_core::secret`): what the shim sends besides snapshots (handler errors, results).
#[wasm_bindgen(js_name = scrubSecrets)]
pub fn scrub_secrets(text: &str, secrets: Vec<String>) -> String {
    pling_core::secret::Secrets::new(&secrets).scrub(text).into_owned()
}

/// A snapshot's JSON with every string in it scrubbed of the noted secrets; throws
/// `PlingSnapshotError` when it is not JSON.
#[wasm_bindgen(js_name = scrubSnapshot)]
pub fn scrub_snapshot(json: &str, secrets: Vec<String>) -> Result<String, JsValue> {
    let secrets = pling_core::secret::Secrets::new(&secrets);
    secrets.scrub_json(json).map_err(|e| error::js_error("PlingSnapshotError", e))
}
