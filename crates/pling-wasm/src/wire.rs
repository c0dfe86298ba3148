//! The OpenAI wire format's words for the person: a model error as a sentence.

use pling_core::openai::ModelError;
use wasm_bindgen::prelude::*;

/// The message of a model error (JSON), as the person should read it.
#[wasm_bindgen(js_name = modelErrorMessage)]
pub fn model_error_message(error_json: &str) -> String {
    pling_core::json_text::from_str(error_json)
        .ok()
        .and_then(|v| ModelError::from_json(&v))
        .map(|e| e.to_string())
        .unwrap_or_else(|| error_json.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_error_reads_back_from_its_json() {
        let all = [
            ModelError::Http {
                status: 429,
                message: "slow down".into(),
                code: Some("rate".into()),
            },
            ModelError::Api { message: "bad".into(), code: None },
            ModelError::Malformed { message: "not JSON".into() },
            ModelError::StreamCut,
            ModelError::Network { message: "offline".into() },
            ModelError::Timeout { ms: 5 },
            ModelError::Aborted,
            ModelError::TooLarge { bytes: 9 },
        ];
        for e in all {
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(model_error_message(&json), e.to_string(), "{json}");
        }
        assert_eq!(model_error_message("{\"type\":\"nope\"}"), "{\"type\":\"nope\"}");
    }
}
