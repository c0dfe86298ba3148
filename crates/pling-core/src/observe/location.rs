//! The location section: the page's title, path, route and the parameters it shows.

use super::observation::{MAX_KEY_CHARS, MIN_SHORTENED};
use crate::limits::Limits;
use crate::snapshot::Snapshot;
use crate::support::text::char_len;
use crate::trust::{authored_line, data_line, data_value_inline, shorten, MAX_VALUE_CHARS};

pub(super) fn location_lines(
    snapshot: &Snapshot,
    limits: &Limits,
    shortened: &mut usize,
) -> (Vec<String>, usize) {
    let page = &snapshot.page;
    let mut candidates: Vec<String> = Vec::new();
    let mut field = |label: &str, text: &str, data: bool| {
        if text.is_empty() {
            return;
        }
        let (value, cut) =
            if data { data_line(text, MAX_VALUE_CHARS) } else { (authored_line(text), false) };
        *shortened += cut as usize;
        candidates.push(format!("- {label}: {value}"));
    };
    field("title", page.title.as_str(), true);
    field("path", page.path.as_str(), true);
    if let Some(route) = &page.route {
        field("route", route.as_str(), false);
    }
    for (label, map) in [("route params", &page.params), ("query", &page.query)] {
        if map.is_empty() {
            continue;
        }
        let mut line = format!("- {label}: ");
        for (n, (k, v)) in map.0.iter().enumerate() {
            if n > 0 {
                line.push_str("; ");
            }
            let (key, c) = data_line(k, MAX_KEY_CHARS);
            *shortened += c as usize;
            line.push_str(&key);
            line.push('=');
            *shortened += data_value_inline(v, &mut line) as usize;
        }
        candidates.push(line);
    }
    let mut used = 0;
    let mut lines = Vec::new();
    let mut cut = 0;
    for line in candidates {
        let len = char_len(&line) + 1;
        let remaining = limits.max_page_chars.saturating_sub(used);
        if len <= remaining {
            used += len;
            lines.push(line);
        } else if remaining > MIN_SHORTENED {
            let short = shorten(&line, remaining - 1).0.into_owned();
            used += char_len(&short) + 1;
            lines.push(short);
            cut += 1;
        } else {
            cut += 1;
        }
    }
    (lines, cut)
}
