//! Telling a context overflow from other model errors, and by how much the request was over.

use crate::openai::ModelError;
use crate::support::text::{occurs, Lower};

/// Whether a model error says the request was larger than the model's context.
pub(super) fn is_context_overflow(error: &ModelError) -> bool {
    let (status, message, code) = match error {
        ModelError::Http { status, message, code } => (Some(*status), message, code.as_deref()),
        ModelError::Api { message, code } => (None, message, code.as_deref()),
        _ => return false,
    };
    let m = message.lower();
    code == Some("context_length_exceeded")
        || (matches!(status, None | Some(400 | 413))
            && (occurs(&m, "context")
                || occurs(&m, "too many tokens")
                || occurs(&m, "maximum context"))
            && (occurs(&m, "exceed")
                || occurs(&m, "too long")
                || occurs(&m, "larger")
                || occurs(&m, "maximum")))
}

/// The ratio of tokens the server counted to the context it has, when its message says both
/// (llama-server: `request (8371 tokens) exceeds the available context size (8192 tokens)`).
pub(super) fn overflow_ratio(error: &ModelError) -> Option<f64> {
    let (ModelError::Http { message, .. } | ModelError::Api { message, .. }) = error else {
        return None;
    };
    // Whole numbers only: parsing floats would add a float parser to the engine for this.
    let mut numbers = Vec::new();
    for part in message.split(|c: char| !c.is_ascii_digit()) {
        if let Some(n) = crate::support::text::whole_number(part) {
            numbers.push(n);
        }
    }
    match numbers.as_slice() {
        [asked, context, ..] if *context > 0 && asked > context => {
            Some(*asked as f64 / *context as f64)
        }
        _ => None,
    }
}
