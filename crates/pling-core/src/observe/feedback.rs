//! The feedback section: errors, then warnings, then status messages, within their budget.

use super::observation::{MAX_KEY_CHARS, MIN_SHORTENED};
use super::regions::Regions;
use crate::limits::Limits;
use crate::snapshot::{Index, Snapshot};
use crate::support::text::char_len;
use crate::trust::{data_line, shorten, MAX_VALUE_CHARS};
use std::fmt::Write as _;

/// The places of the feedback items, errors first, then warnings, then status messages, each
/// kind in page order (a stable sort by kind, without a sort's code).
fn by_kind(feedback: &[crate::snapshot::Feedback]) -> Vec<usize> {
    use crate::snapshot::FeedbackKind::{Error, Status, Warning};
    let mut out = Vec::with_capacity(feedback.len());
    for kind in [Error, Warning, Status] {
        for (i, f) in feedback.iter().enumerate() {
            if f.kind == kind {
                out.push(i);
            }
        }
    }
    out
}

pub(super) fn feedback_lines(
    snapshot: &Snapshot,
    index: &Index,
    regions: &Regions<'_>,
    limits: &Limits,
    shortened: &mut usize,
) -> Vec<String> {
    let order = by_kind(&snapshot.feedback);
    let mut lines = Vec::new();
    let mut used = 0;
    for i in order {
        if lines.len() >= limits.max_feedback {
            break;
        }
        let f = &snapshot.feedback[i];
        let mut line = format!("- {}", f.kind.as_str());
        let mut cut = 0usize;
        if let Some(field) = &f.field {
            let (field, c) = data_line(field.as_str(), MAX_KEY_CHARS);
            cut += c as usize;
            let _ = write!(line, " [field: {field}]");
        }
        if let Some(r) = index.feedback_region[i] {
            let _ = write!(line, " (region: {})", regions.paths[r]);
        }
        let (message, c) = data_line(f.message.as_str(), MAX_VALUE_CHARS * 2);
        cut += c as usize;
        let _ = write!(line, ": {message}");
        let len = char_len(&line) + 1;
        let remaining = limits.max_feedback_chars.saturating_sub(used);
        if len <= remaining {
            used += len;
            *shortened += cut;
            lines.push(line);
        } else if lines.is_empty() && remaining > MIN_SHORTENED {
            let short = shorten(&line, remaining - 1).0.into_owned();
            used += char_len(&short) + 1;
            *shortened += cut + 1;
            lines.push(short);
        } else {
            break;
        }
    }
    lines
}
