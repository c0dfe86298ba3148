//! The state section: the page's named values within their budget, and what was left out.

use super::observation::{plural, MAX_KEY_CHARS};
use crate::limits::Limits;
use crate::snapshot::Snapshot;
use crate::support::json::Value;
use crate::support::text::char_len;
use crate::trust::{authored_line, block_json, data_line, summarize};

/// Longest list of names left out of the state block; past it the rest are counted.
const MAX_LEFT_OUT_CHARS: usize = 240;

pub(super) fn state_section(
    snapshot: &Snapshot,
    limits: &Limits,
    shortened: &mut usize,
) -> (Option<String>, Vec<String>, LeftOut) {
    if snapshot.state.is_empty() {
        return (None, Vec::new(), LeftOut::default());
    }
    let mut json = String::from("{");
    let mut json_chars = 1usize;
    let mut shown = Vec::new();
    let mut left_out = LeftOut::default();
    for group in &snapshot.state {
        let (shaped, cut) = summarize(&group.value.0, 0);
        let key = block_json(&Value::String(group.name.clone()));
        let piece = format!("{}:{}", key, block_json(&shaped));
        let sep = usize::from(json.len() > 1);
        let piece_chars = char_len(&piece);
        if json_chars + sep + piece_chars < limits.max_state_chars {
            if sep == 1 {
                json.push(',');
            }
            json.push_str(&piece);
            json_chars += sep + piece_chars;
            *shortened += cut as usize;
            shown.push(group);
        } else {
            left_out.push(&group.name);
        }
    }
    // Values first; the descriptions of the groups shown share what is left of the budget.
    let mut notes = Vec::new();
    let (mut notes_chars, mut notes_left_out) = (0usize, 0usize);
    for group in shown {
        let Some(d) = &group.description else { continue };
        let note = format!("{} — {}", authored_line(&group.name), authored_line(d.as_str()));
        let note_chars = char_len(&note) + 2;
        if json_chars + 1 + notes_chars + note_chars <= limits.max_state_chars {
            notes_chars += note_chars;
            notes.push(note);
        } else {
            notes_left_out += 1;
        }
    }
    json.push('}');
    if notes_left_out > 0 {
        notes.push(format!(
            "({} left out for length)",
            plural(notes_left_out, "description", "descriptions")
        ));
    }
    if char_len(&json) > limits.max_state_chars {
        // Not even `{}` fits: the block is empty and every group is named as left out.
        return (Some(String::new()), Vec::new(), left_out);
    }
    (Some(json), notes, left_out)
}

/// Names of state groups left out, within [`MAX_LEFT_OUT_CHARS`], then a count of the rest.
#[derive(Default)]
pub(super) struct LeftOut {
    pub(super) names: Vec<String>,
    chars: usize,
    pub(super) more: usize,
}

impl LeftOut {
    fn push(&mut self, name: &str) {
        let name = data_line(name, MAX_KEY_CHARS).0;
        let len = char_len(&name) + 2;
        if self.more == 0 && self.chars + len <= MAX_LEFT_OUT_CHARS {
            self.chars += len;
            self.names.push(name);
        } else {
            self.more += 1;
        }
    }

    pub(super) fn finish(mut self) -> Vec<String> {
        if self.more > 0 {
            self.names.push(format!("and {} more", self.more));
        }
        self.names
    }
}
