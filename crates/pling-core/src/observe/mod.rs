//! `observe`: one snapshot in, one bounded observation out. Row actions are folded, every
//! budget is applied, and every cut is counted so the rendered text can say what it left out.
//!
//! One module per section of the observation — [`location`], [`structure`], [`actions`]
//! (with [`fold`], which folds row actions into entries), [`records`], [`state`],
//! [`feedback`] — and [`omissions`], the counts behind every notice of what was left out. The
//! types they fill are in [`observation`]; the region tree they share is in [`regions`].

mod actions;
mod feedback;
mod fold;
mod location;
mod observation;
mod omissions;
mod records;
mod regions;
mod state;
mod structure;

use crate::error::SnapshotError;
use crate::limits::Limits;
use crate::snapshot::Snapshot;
use actions::ActionPass;
pub use actions::{legal_name, MAX_NAME_CHARS};
use feedback::feedback_lines;
use location::location_lines;
pub use observation::{
    plural, Blocked, Entry, Observation, Row, Rows, Target, COVERED_REASON, DEFAULT_REASON,
    EXAMPLE_IDS,
};
pub use omissions::Omissions;
use records::RecordPass;
use regions::Regions;
use state::state_section;
use structure::region_sections;

/// Builds the observation of `snapshot` within `limits`.
pub fn observe<'a>(
    snapshot: &'a Snapshot,
    limits: &Limits,
) -> Result<Observation<'a>, SnapshotError> {
    let index = snapshot.index()?;
    let regions = Regions::new(snapshot, &index);
    let mut shortened = 0usize;
    let (location, location_cut) = location_lines(snapshot, limits, &mut shortened);
    let actions = ActionPass::run(snapshot, &index, &regions, limits);
    let aliases = crate::alias::Aliases::of(&[snapshot]);
    let records = RecordPass::run(snapshot, &index, &regions, limits, &mut shortened, &aliases);
    let (region_lines, hidden, hidden_total) =
        region_sections(&regions, limits, &actions, &records.hidden);
    let (state_json, state_notes, left_out) = state_section(snapshot, limits, &mut shortened);
    let state_left_out_count = left_out.names.len() + left_out.more;
    let feedback = feedback_lines(snapshot, &index, &regions, limits, &mut shortened);
    Ok(Observation {
        location,
        location_cut,
        regions: region_lines,
        regions_total: snapshot.regions.len(),
        entries: actions.entries,
        available_actions: actions.available,
        unavailable_actions: actions.unavailable,
        actions_hidden: actions.hidden.iter().sum(),
        records: records.lines,
        records_shown: records.shown,
        record_fields_left_out: records.fields_left_out,
        record_fields_left_out_of_rows: records.left_out_of_rows,
        records_total: records.total,
        records_hidden: records.hidden.iter().sum(),
        citation_ids: records.citation.ids,
        example_record: records.example,
        records_offscreen: records.offscreen,
        hidden,
        hidden_total,
        state_json,
        state_notes,
        state_left_out: left_out.finish(),
        state_left_out_count,
        state_total: snapshot.state.len(),
        feedback,
        feedback_total: snapshot.feedback.len(),
        values_shortened: shortened,
        items_left_out: items_left_out(&regions),
        limits: *limits,
        aliases,
    })
}

/// Whether an active region declares more items than are visible.
fn items_left_out(regions: &Regions<'_>) -> bool {
    let mut all = regions.snapshot.regions.iter().enumerate();
    all.any(|(r, region)| {
        regions.active[r] && matches!((region.visible, region.total), (Some(v), Some(t)) if v < t)
    })
}
