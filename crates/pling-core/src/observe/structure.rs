//! The page structure section: the region lines, and the inactive regions with what they hide.

use super::actions::Actions;
use super::observation::plural;
use super::regions::Regions;
use crate::limits::Limits;
use crate::support::text::Joined;
use crate::trust::authored_line;
use std::fmt::Write as _;

/// Deepest indentation of the page structure; deeper regions are indented as this.
const MAX_INDENT: usize = 8;

/// Two spaces for each level of indentation, to the deepest.
const INDENT: &str = "                ";

const _: () = assert!(INDENT.len() == 2 * MAX_INDENT);

/// The page structure lines, and the lines for inactive regions with what they hide and
/// what reveals them (with how many inactive regions there are).
pub(super) fn region_sections(
    regions: &Regions<'_>,
    limits: &Limits,
    actions: &Actions<'_>,
    hidden_records: &[usize],
) -> (Vec<String>, Vec<String>, usize) {
    let mut lines = Vec::new();
    let mut hidden = Vec::new();
    let mut hidden_total = 0;
    for &(r, depth) in &regions.preorder {
        if lines.len() < limits.max_scopes {
            lines.push(structure_line(regions, r, depth, actions.region_counts[r]));
        }
        if regions.top_inactive[r] == Some(r) {
            hidden_total += 1;
            if hidden.len() < limits.max_scopes {
                hidden.push(hidden_line(regions, r, actions, hidden_records[r]));
            }
        }
    }
    (lines, hidden, hidden_total)
}

/// `- list "Orders" (orders): purpose; in viewport; 20 of 500 items visible; actions 61/83`.
fn structure_line(
    regions: &Regions<'_>,
    r: usize,
    depth: usize,
    (in_view, total): (usize, usize),
) -> String {
    let region = &regions.snapshot.regions[r];
    // Spaces are ASCII and the bound at most the whole: the `get` always succeeds.
    let mut line = String::from(INDENT.get(..2 * depth.min(MAX_INDENT)).unwrap_or(INDENT));
    line.push_str("- ");
    line.push_str(&region_label(region));
    let mut facts: Vec<String> = Vec::new();
    if let Some(p) = &region.purpose {
        facts.push(authored_line(p.as_str()));
    }
    if !regions.active[r] {
        facts.push("inactive, content hidden".to_owned());
    } else {
        match region.in_viewport {
            Some(true) => facts.push("in viewport".to_owned()),
            Some(false) => facts.push("outside the viewport".to_owned()),
            None => {}
        }
        match (region.visible, region.total) {
            (Some(v), Some(t)) => facts.push(format!("{v} of {t} items visible")),
            (None, Some(t)) => facts.push(format!("{t} items")),
            (Some(v), None) => facts.push(format!("{v} items visible")),
            (None, None) => {}
        }
    }
    if total > 0 {
        facts.push(format!("actions {in_view}/{total}"));
    }
    if !facts.is_empty() {
        line.push_str(": ");
        line.push_str(&facts.joined("; "));
    }
    line
}

/// `- "Order" (order): inactive; hides 11 actions and 0 records; reveal with: open`.
fn hidden_line(regions: &Regions<'_>, r: usize, actions: &Actions<'_>, records: usize) -> String {
    let mut line = format!("- {}", region_label(&regions.snapshot.regions[r]));
    let _ = write!(
        line,
        ": inactive; hides {} and {}",
        plural(actions.hidden[r], "action", "actions"),
        plural(records, "record", "records"),
    );
    let mut revealers = 0;
    for (h, e) in &actions.reveals {
        let entry = &actions.entries[*e];
        if *h == r && entry.callable() {
            line.push_str(if revealers == 0 { "; reveal with: " } else { ", " });
            line.push_str(&entry.name);
            revealers += 1;
        }
    }
    if revealers == 0 {
        line.push_str("; no declared action reveals it");
    }
    line
}

/// `list "Todo list" (todos)`: role, name and id of a region.
fn region_label(region: &crate::snapshot::Region) -> String {
    let mut out = String::new();
    if let Some(role) = &region.role {
        out.push_str(&authored_line(role.as_str()));
        out.push(' ');
    }
    let _ =
        write!(out, "\"{}\" ({})", authored_line(region.name.as_str()), authored_line(&region.id));
    out
}
