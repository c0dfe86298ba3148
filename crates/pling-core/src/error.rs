//! Typed errors, one enum per operation.

use crate::text::Joined;
use thiserror::Error;

/// Why a snapshot was rejected. Every variant says what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SnapshotError {
    /// The JSON does not match the snapshot's shape.
    #[error("snapshot is not valid at `{path}`: {message}")]
    Parse {
        /// Where, as `actions[3].kind` (`.` for the whole document).
        path: String,
        /// What the parser expected.
        message: String,
    },
    /// An id is used twice where ids must be unique.
    #[error("{kind} id `{id}` is declared twice: {first} and {second}")]
    DuplicateId {
        /// `region`, `action`, `record` or `state group`.
        kind: &'static str,
        /// The repeated id.
        id: String,
        /// Where it is first declared.
        first: String,
        /// Where it is declared again.
        second: String,
    },
    /// An id is empty or only white space.
    #[error("{at} has an empty id")]
    EmptyId {
        /// Where.
        at: String,
    },
    /// A reference to a region that is not declared.
    #[error("{at} names region `{region}`, which is not declared")]
    UnknownRegion {
        /// Where the reference is.
        at: String,
        /// The missing region id.
        region: String,
    },
    /// Region parents loop back on themselves.
    #[error("region `{region}` is its own ancestor (a cycle in `parent`)")]
    RegionCycle {
        /// A region on the cycle.
        region: String,
    },
    /// A row set is inconsistent.
    #[error("{at} is not a usable row set: {reason}")]
    InvalidRows {
        /// Where.
        at: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An action's parameter schema is not usable as a tool schema.
    #[error("{at} is not a usable parameter schema: {reason}")]
    InvalidParams {
        /// Where.
        at: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An `expects` entry names no change a receipt can show, so it could never be met.
    #[error("{at} is `{value}`, which names no change: use one of {}, or state.<name>", crate::EXPECTATIONS.joined(", "))]
    UnknownExpectation {
        /// Where.
        at: String,
        /// The entry.
        value: String,
    },
}

/// Why a set of limits was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LimitsError {
    /// The JSON does not match the limits' shape.
    #[error("limits are not valid at `{path}`: {message}")]
    Parse {
        /// Where.
        path: String,
        /// What the parser expected.
        message: String,
    },
    /// A value is outside its range.
    #[error("limit `{name}` {problem}")]
    OutOfRange {
        /// The control's name, as in the spec (`compactRatio`).
        name: &'static str,
        /// What is wrong.
        problem: String,
    },
}
