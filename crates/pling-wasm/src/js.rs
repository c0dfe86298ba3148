//! The JavaScript built-ins the engine calls outside the assistant, declared here rather than
//! taken from js-sys: every js-sys import that takes a closure keeps a closure shim in the
//! module's function table whether it is called or not (wasm-bindgen issue #2535), and the
//! observe-only engine creates no closures. The assistant's IO uses js-sys and web-sys.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A JS `Error`.
    pub type Error;

    /// `new Error(message)`.
    #[wasm_bindgen(constructor)]
    pub fn new(message: &str) -> Error;

    /// Sets `error.name`.
    #[wasm_bindgen(method, setter)]
    pub fn set_name(this: &Error, name: &str);

    /// `Math.random()`.
    #[wasm_bindgen(js_namespace = Math)]
    pub fn random() -> f64;

    /// `JSON.stringify(value)`: `undefined` for a value JSON cannot hold, an error for a cycle
    /// or a `BigInt`.
    #[wasm_bindgen(catch, js_namespace = JSON)]
    pub fn stringify(value: &JsValue) -> Result<JsValue, JsValue>;
}
