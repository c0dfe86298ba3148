//! The counts behind every omission notice.

use super::observation::Observation;
use crate::support::json::Value;
use serde::Serialize;

/// The counts behind every omission notice, for tests and for the Agent Surface.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Omissions {
    /// Actions folded away: actions minus entries.
    pub actions_folded: usize,
    /// Action entries not listed for `maxActions`.
    pub entries_not_shown: usize,
    /// Actions not listed because their region is inactive.
    pub actions_hidden: usize,
    /// Active records whose full fields are not shown.
    pub records_not_shown: usize,
    /// Active record ids not in the citation index.
    pub record_ids_not_listed: usize,
    /// Records not cited because their region is inactive.
    pub records_hidden: usize,
    /// Regions not listed in the page structure.
    pub regions_not_listed: usize,
    /// Inactive regions not listed under hidden content.
    pub hidden_regions_not_listed: usize,
    /// State groups left out.
    pub state_groups_left_out: usize,
    /// Feedback items dropped.
    pub feedback_dropped: usize,
    /// Page identity lines shortened or left out.
    pub location_cut: usize,
    /// Page-data strings shortened.
    pub values_shortened: usize,
}

impl Omissions {
    /// The JSON form (its `Serialize` form): every count, by its camelCase name.
    pub fn to_json(&self) -> Value {
        let counts = [
            self.actions_folded,
            self.entries_not_shown,
            self.actions_hidden,
            self.records_not_shown,
            self.record_ids_not_listed,
            self.records_hidden,
            self.regions_not_listed,
            self.hidden_regions_not_listed,
            self.state_groups_left_out,
            self.feedback_dropped,
            self.location_cut,
            self.values_shortened,
        ];
        let names = [
            "actionsFolded",
            "entriesNotShown",
            "actionsHidden",
            "recordsNotShown",
            "recordIdsNotListed",
            "recordsHidden",
            "regionsNotListed",
            "hiddenRegionsNotListed",
            "stateGroupsLeftOut",
            "feedbackDropped",
            "locationCut",
            "valuesShortened",
        ];
        crate::support::json_text::counts(&names, &counts)
    }
}

impl<'a> Observation<'a> {
    /// The counts behind every omission notice.
    pub fn omissions(&self) -> Omissions {
        let entries_active = self.entries.len();
        let listed = self.entries.iter().filter(|e| e.listed).count();
        Omissions {
            actions_folded: (self.available_actions + self.unavailable_actions) - entries_active,
            entries_not_shown: entries_active - listed,
            actions_hidden: self.actions_hidden,
            records_not_shown: self.records_total - self.records.len(),
            record_ids_not_listed: self.records_total - self.citation_ids.len(),
            records_hidden: self.records_hidden,
            regions_not_listed: self.regions_total - self.regions.len(),
            hidden_regions_not_listed: self.hidden_total - self.hidden.len(),
            state_groups_left_out: self.state_left_out_count,
            feedback_dropped: self.feedback_total - self.feedback.len(),
            location_cut: self.location_cut,
            values_shortened: self.values_shortened,
        }
    }
}
