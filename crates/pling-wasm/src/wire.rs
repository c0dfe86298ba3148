//! The OpenAI wire format's words for the person: a model error as a sentence.

use pling_core::openai::ModelError;
use wasm_bindgen::prelude::*;

/// The message of a model error (JSON), as the person should read it.
#[wasm_bindgen(js_name = modelErrorMessage)]
pub fn model_error_message(error_json: &str) -> String {
    pling_core::json_text::from_str::<ModelError>(error_json)
        .map(|e| e.to_string())
        .unwrap_or_else(|_| error_json.to_owned())
}
