//! Budgets: the spec's thirteen controls with its defaults. They are implementation
//! defaults, not protocol: lower them for a smaller model, raise them for a richer page.

use crate::error::LimitsError;
use crate::support::json::Value;
use serde::{Deserialize, Serialize};

/// Every budget the observation and the conversation obey.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Limits {
    /// Total history budget, in estimated tokens.
    pub max_tokens: usize,
    /// Space reserved for the model's answer.
    pub reserve_for_output: usize,
    /// Fraction of the usable budget that triggers compaction.
    pub compact_ratio: f64,
    /// Recent messages kept verbatim when compacting.
    pub keep_recent: usize,
    /// Action entries after folding.
    pub max_actions: usize,
    /// Records with full fields.
    pub max_records: usize,
    /// Listed page regions.
    pub max_scopes: usize,
    /// Feedback items.
    pub max_feedback: usize,
    /// State section text, in characters.
    pub max_state_chars: usize,
    /// Record section text, in characters. The record-id index has an allowance of a quarter
    /// of it of its own, so ids stay citable when full fields do not fit.
    pub max_record_chars: usize,
    /// Feedback section text, in characters.
    pub max_feedback_chars: usize,
    /// Page identity text, in characters.
    pub max_page_chars: usize,
    /// One tool result sent back to the model, in estimated tokens.
    pub max_tool_result_tokens: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_tokens: 8192,
            reserve_for_output: 1024,
            compact_ratio: 0.8,
            keep_recent: 6,
            max_actions: 40,
            max_records: 20,
            max_scopes: 24,
            max_feedback: 8,
            max_state_chars: 1200,
            max_record_chars: 1500,
            max_feedback_chars: 800,
            max_page_chars: 500,
            max_tool_result_tokens: 1000,
        }
    }
}

/// The names of the whole-number controls, in the order they are written (`compactRatio`
/// comes third, after `reserveForOutput`).
const NAMES: [&str; 12] = [
    "maxTokens",
    "reserveForOutput",
    "keepRecent",
    "maxActions",
    "maxRecords",
    "maxScopes",
    "maxFeedback",
    "maxStateChars",
    "maxRecordChars",
    "maxFeedbackChars",
    "maxPageChars",
    "maxToolResultTokens",
];

impl Limits {
    /// The JSON form (its `Serialize` form): every control, by its camelCase name.
    pub fn to_json(&self) -> Value {
        let mut map = crate::support::json::Map::new();
        let mut counts = *self;
        for (i, (name, count)) in NAMES.iter().zip(counts.counts()).enumerate() {
            if i == 2 {
                map.insert("compactRatio".into(), self.compact_ratio.into());
            }
            map.insert((*name).into(), (*count).into());
        }
        Value::Object(map)
    }

    /// The whole-number controls, in the order of [`NAMES`].
    fn counts(&mut self) -> [&mut usize; 12] {
        [
            &mut self.max_tokens,
            &mut self.reserve_for_output,
            &mut self.keep_recent,
            &mut self.max_actions,
            &mut self.max_records,
            &mut self.max_scopes,
            &mut self.max_feedback,
            &mut self.max_state_chars,
            &mut self.max_record_chars,
            &mut self.max_feedback_chars,
            &mut self.max_page_chars,
            &mut self.max_tool_result_tokens,
        ]
    }

    /// Parses limits from JSON; absent controls keep their defaults.
    pub fn from_json(json: &str) -> Result<Self, LimitsError> {
        let value: crate::support::json::Value = crate::support::json_text::from_str(json)
            .map_err(|e| LimitsError::Parse { path: e.path.clone(), message: e.to_string() })?;
        let limits = Self::read(&value, ".")
            .map_err(|e| LimitsError::Parse { path: e.path, message: e.message })?;
        limits.validate()?;
        Ok(limits)
    }

    /// The limits the JSON object at `path` sets, each member optional (see
    /// [`crate::support::read`]); not yet checked against each other ([`Limits::validate`]).
    pub fn read(v: &crate::support::json::Value, path: &str) -> crate::support::read::Read<Self> {
        let mut known = NAMES.to_vec();
        known.push("compactRatio");
        let f = crate::support::read::Fields::new(v, path, &known)?;
        let mut out = Self::default();
        for (name, count) in NAMES.iter().zip(out.counts()) {
            if let Some(n) = f.uint(name, usize::MAX as u64) {
                *count = n as usize;
            }
        }
        out.compact_ratio = f.number("compactRatio").unwrap_or(out.compact_ratio);
        f.done(out)
    }

    /// Checks the controls that have a range.
    pub fn validate(&self) -> Result<(), LimitsError> {
        if !(self.compact_ratio > 0.0 && self.compact_ratio <= 1.0) {
            return Err(LimitsError::OutOfRange {
                name: "compactRatio",
                // Formatted through JSON: the same digits as the input, without float printing code.
                problem: format!(
                    "must be above 0 and at most 1, found {}",
                    crate::support::json_text::Json(&self.compact_ratio.into())
                ),
            });
        }
        if self.reserve_for_output >= self.max_tokens {
            return Err(LimitsError::OutOfRange {
                name: "reserveForOutput",
                problem: format!(
                    "must be below maxTokens ({}), found {}",
                    self.max_tokens, self.reserve_for_output
                ),
            });
        }
        if self.max_tool_result_tokens == 0 {
            return Err(LimitsError::OutOfRange {
                name: "maxToolResultTokens",
                problem: "must be at least 1".to_owned(),
            });
        }
        Ok(())
    }

    /// Tokens available to the conversation: `maxTokens - reserveForOutput`.
    pub fn usable_tokens(&self) -> usize {
        self.max_tokens.saturating_sub(self.reserve_for_output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_specs() {
        let l = Limits::default();
        let json = crate::support::json::to_value(l).unwrap();
        let expected = crate::json!({
            "maxTokens": 8192, "reserveForOutput": 1024, "compactRatio": 0.8, "keepRecent": 6,
            "maxActions": 40, "maxRecords": 20, "maxScopes": 24, "maxFeedback": 8,
            "maxStateChars": 1200, "maxRecordChars": 1500, "maxFeedbackChars": 800,
            "maxPageChars": 500, "maxToolResultTokens": 1000
        });
        assert_eq!(json, expected);
        assert_eq!(json.as_object().unwrap().len(), 13);
    }

    #[test]
    fn each_control_is_configurable_and_checked() {
        let l = Limits::from_json(r#"{"maxActions": 5, "compactRatio": 0.5}"#).unwrap();
        assert_eq!((l.max_actions, l.compact_ratio, l.max_records), (5, 0.5, 20));
        let e = Limits::from_json(r#"{"compactRatio": 1.5}"#).unwrap_err().to_string();
        assert!(e.contains("compactRatio"), "{e}");
        let e = Limits::from_json(r#"{"maxActons": 5}"#).unwrap_err().to_string();
        assert!(e.contains("maxActons"), "{e}");
        let e = Limits::from_json(r#"{"maxTokens": 100, "reserveForOutput": 100}"#).unwrap_err();
        assert!(e.to_string().contains("reserveForOutput"));
    }
}
