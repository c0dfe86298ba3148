//! The OpenAI wire format's words for the person: a model error as a sentence.

use pling_core::openai::ModelError;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The message of a model error (JSON), as the person should read it.
#[wasm_bindgen(js_name = modelErrorMessage)]
pub fn model_error_message(error_json: &str) -> String {
    pling_core::json_text::from_str::<Value>(error_json)
        .ok()
        .and_then(|v| model_error(&v))
        .map(|e| e.to_string())
        .unwrap_or_else(|| error_json.to_owned())
}

/// A model error from its JSON form (`{"type": "http", "status": 429, …}`), read field by
/// field: serde's derive for an internally tagged enum buffers every value it reads, and
/// costs the engine more than all of this.
fn model_error(v: &Value) -> Option<ModelError> {
    let text = |key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
    let number = |key: &str| v.get(key).and_then(Value::as_u64);
    let message = || text("message").unwrap_or_default();
    Some(match v.get("type")?.as_str()? {
        "http" => ModelError::Http {
            status: u16::try_from(number("status")?).ok()?,
            message: message(),
            code: text("code"),
        },
        "api" => ModelError::Api { message: message(), code: text("code") },
        "malformed" => ModelError::Malformed { message: message() },
        "streamCut" => ModelError::StreamCut,
        "network" => ModelError::Network { message: message() },
        "timeout" => ModelError::Timeout { ms: number("ms")? },
        "aborted" => ModelError::Aborted,
        "tooLarge" => ModelError::TooLarge { bytes: number("bytes")? },
        _ => return None,
    })
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
