//! `Assistant`: the assistant loop across the boundary. Each method takes the outcome of the
//! previous effect (JSON) and returns the next effect (JSON); the JS driver performs them.

use crate::error;
use pling_core::agent::{Agent, AgentConfig, Outcome};
use pling_core::openai::{ModelError, Reply};
use pling_core::Snapshot;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// The loop for one page.
#[wasm_bindgen]
pub struct Assistant(Agent);

/// A model result as the driver reports it: `{"ok": reply}` or `{"error": modelError}`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
enum ModelResult {
    Ok(Reply),
    Error(ModelError),
}

fn effect(e: pling_core::agent::Effect) -> Result<String, JsValue> {
    serde_json::to_string(&e).map_err(|e| error::js_error("PlingError", e))
}

fn agent_error(e: pling_core::agent::AgentError) -> JsValue {
    error::js_error("PlingAssistantError", e)
}

#[wasm_bindgen]
impl Assistant {
    /// A loop with `config` (JSON: application, limits, request, maxSteps, maxRepeatedFailures).
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str) -> Result<Assistant, JsValue> {
        let config: AgentConfig = pling_core::json_text::from_str(config_json).map_err(|e| {
            error::js_error("PlingConfigError", format!("assistant configuration: {e}"))
        })?;
        config.limits.validate().map_err(error::limits)?;
        Ok(Assistant(Agent::new(config)))
    }

    /// Starts a task; returns the first effect.
    pub fn ask(&mut self, text: &str) -> Result<String, JsValue> {
        effect(self.0.ask(text).map_err(agent_error)?)
    }

    /// Takes a settled snapshot (JSON).
    pub fn observed(&mut self, snapshot_json: &str) -> Result<String, JsValue> {
        // The loop checks the snapshot as it takes it.
        let snapshot = Snapshot::parse(snapshot_json).map_err(error::snapshot)?;
        match self.0.observed(snapshot) {
            Ok(next) => effect(next),
            Err(pling_core::agent::AgentError::Snapshot(e)) => Err(error::snapshot(e)),
            Err(e) => Err(agent_error(e)),
        }
    }

    /// Takes the model's result: `{"ok": reply}` or `{"error": modelError}`.
    #[wasm_bindgen(js_name = modelReplied)]
    pub fn model_replied(&mut self, result_json: &str) -> Result<String, JsValue> {
        let result: ModelResult = pling_core::json_text::from_str(result_json)
            .map_err(|e| error::js_error("PlingError", format!("model result: {e}")))?;
        let result = match result {
            ModelResult::Ok(reply) => Ok(reply),
            ModelResult::Error(e) => Err(e),
        };
        effect(self.0.model_replied(result).map_err(agent_error)?)
    }

    /// Takes the person's answer to a confirmation.
    pub fn confirmed(&mut self, yes: bool) -> Result<String, JsValue> {
        effect(self.0.confirmed(yes).map_err(agent_error)?)
    }

    /// Takes the page's outcome of a dispatch: `{"ok": bool, "error": string?}`.
    pub fn dispatched(&mut self, outcome_json: &str) -> Result<String, JsValue> {
        let outcome: Outcome = pling_core::json_text::from_str(outcome_json)
            .map_err(|e| error::js_error("PlingError", format!("dispatch outcome: {e}")))?;
        effect(self.0.dispatched(outcome).map_err(agent_error)?)
    }

    /// Stops the loop; nothing is dispatched after this.
    pub fn stop(&mut self) -> Result<String, JsValue> {
        effect(self.0.stop())
    }

    /// Whether a task is under way.
    pub fn busy(&self) -> bool {
        self.0.busy()
    }

    /// The conversation so far (JSON messages).
    pub fn history(&self) -> Result<String, JsValue> {
        serde_json::to_string(&self.0.history().messages)
            .map_err(|e| error::js_error("PlingError", e))
    }
}
