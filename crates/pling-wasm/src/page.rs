//! `Page`: one snapshot with its limits. It renders the observation and resolves the model's
//! calls against that same observation, so names always mean what the model was shown.

use crate::{error, limits};
use pling_core::{observe, render, Limits, Snapshot};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A parsed, validated snapshot and the limits it is observed with.
#[wasm_bindgen]
pub struct Page {
    snapshot: Snapshot,
    limits: Limits,
}

#[derive(Serialize)]
struct Resolution<'a> {
    #[serde(rename = "actionId")]
    action_id: &'a str,
    declared: &'a str,
    record: Option<&'a str>,
    confirm: bool,
    handoff: bool,
}

#[wasm_bindgen]
impl Page {
    /// Parses a snapshot (JSON) and optional limits (JSON). Throws `PlingSnapshotError` or
    /// `PlingLimitsError` naming what is wrong and where.
    #[wasm_bindgen(constructor)]
    pub fn new(snapshot_json: &str, limits_json: Option<String>) -> Result<Page, JsValue> {
        let limits = limits::parse(limits_json)?;
        let snapshot = Snapshot::from_json(snapshot_json).map_err(error::snapshot)?;
        Ok(Page { snapshot, limits })
    }

    /// The observation as JSON: `{section, tools, omissions}`.
    pub fn render(&self) -> Result<String, JsValue> {
        let o = observe(&self.snapshot, &self.limits).map_err(error::snapshot)?;
        let r = render(&o);
        #[derive(Serialize)]
        struct Out<'r> {
            section: &'r str,
            tools: &'r [serde_json::Value],
            omissions: pling_core::Omissions,
        }
        let out = Out { section: &r.section, tools: &r.tools, omissions: o.omissions() };
        serde_json::to_string(&out).map_err(|e| error::js_error("PlingError", e))
    }

    /// The name map as JSON: `{name: {"action": id} | {"rows": {record: id}}}`.
    #[wasm_bindgen(js_name = nameMap)]
    pub fn name_map(&self) -> Result<String, JsValue> {
        let o = observe(&self.snapshot, &self.limits).map_err(error::snapshot)?;
        serde_json::to_string(&render(&o).names).map_err(|e| error::js_error("PlingError", e))
    }

    /// Resolves a call to `{actionId, record, confirm, handoff}` (JSON); throws
    /// `PlingCallError` saying what is available instead.
    pub fn resolve(&self, name: &str, record: Option<String>) -> Result<String, JsValue> {
        let o = observe(&self.snapshot, &self.limits).map_err(error::snapshot)?;
        let r = o.resolve(name, record.as_deref()).map_err(error::call)?;
        let out = Resolution {
            action_id: &r.action_id,
            declared: r.declared,
            record: r.record,
            confirm: r.confirm,
            handoff: r.handoff,
        };
        serde_json::to_string(&out).map_err(|e| error::js_error("PlingError", e))
    }
}
