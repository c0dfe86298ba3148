//! How the loop runs: its configuration and the defaults of its bounds.

use crate::assist::Assists;
use crate::limits::Limits;
use crate::openai::RequestOptions;
use serde::{Deserialize, Serialize};

/// Default model turns for one request of the person's.
pub const DEFAULT_MAX_STEPS: usize = 12;

/// Default number of repeated identical failing calls before the loop gives up.
pub const DEFAULT_MAX_REPEATED_FAILURES: usize = 3;

/// Default number of calls of one model reply that run; the rest get a result saying so.
pub const DEFAULT_MAX_CALLS_PER_REPLY: usize = 8;

/// Default number of times one model reply may ask the person to confirm.
pub const DEFAULT_MAX_CONFIRMATIONS_PER_REPLY: usize = 2;

/// How the loop runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AgentConfig {
    /// The application section, appended once after the rules.
    pub application: Option<String>,
    /// Budgets.
    pub limits: Limits,
    /// Model, streaming, tool mode, temperature.
    pub request: RequestOptions,
    /// Model turns for one request of the person's before the loop stops.
    pub max_steps: usize,
    /// Repeated identical failing calls before the loop stops.
    pub max_repeated_failures: usize,
    /// Calls of one model reply that are handled; later ones are not run, and their results
    /// say so.
    pub max_calls_per_reply: usize,
    /// Confirmations one model reply may ask the person for; later confirm actions of the
    /// same reply are not run, and their results say so.
    pub max_confirmations_per_reply: usize,
    /// The optional help for weak models ([`crate::assist`]).
    pub assists: Assists,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self {
            application: None,
            limits: Limits::default(),
            request: RequestOptions::default(),
            max_steps: DEFAULT_MAX_STEPS,
            max_repeated_failures: DEFAULT_MAX_REPEATED_FAILURES,
            max_calls_per_reply: DEFAULT_MAX_CALLS_PER_REPLY,
            max_confirmations_per_reply: DEFAULT_MAX_CONFIRMATIONS_PER_REPLY,
            assists: Assists::default(),
        }
    }
}
