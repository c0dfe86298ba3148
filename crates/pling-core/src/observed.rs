//! One snapshot with its observation, built once. The observation borrows from its snapshot;
//! `Observed` owns both, so the request, the call check, refusals and the receipt all use the
//! observation the model was sent instead of building it again.

use crate::error::SnapshotError;
use crate::limits::Limits;
use crate::observe::{observe, Observation};
use crate::snapshot::Snapshot;

self_cell::self_cell!(
    struct Cell {
        owner: Snapshot,
        #[covariant]
        dependent: Observation,
    }
    impl {Debug}
);

/// A snapshot and its observation within the limits it was built with.
#[derive(Debug)]
pub struct Observed {
    cell: Cell,
    limits: Limits,
}

impl Observed {
    /// Checks and observes `snapshot` within `limits`, once.
    pub fn new(snapshot: Snapshot, limits: &Limits) -> Result<Self, SnapshotError> {
        let cell = Cell::try_new(snapshot, |s| observe(s, limits))?;
        Ok(Self { cell, limits: *limits })
    }

    /// The snapshot.
    pub fn snapshot(&self) -> &Snapshot {
        self.cell.borrow_owner()
    }

    /// Its observation.
    pub fn observation(&self) -> &Observation<'_> {
        self.cell.borrow_dependent()
    }

    /// The limits it was observed with.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

impl PartialEq for Observed {
    /// The same page: equal snapshots observed with equal limits.
    fn eq(&self, other: &Self) -> bool {
        self.limits == other.limits && self.snapshot() == other.snapshot()
    }
}
