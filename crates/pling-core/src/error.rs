//! Typed errors, one enum per operation.

use crate::support::text::Joined;
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

impl SnapshotError {
    /// The path of the value at fault (`actions[0].region`), for an error that has one place;
    /// a duplicate id gives its second declaration.
    pub fn place(&self) -> Option<&str> {
        match self {
            Self::Parse { path: at, .. }
            | Self::DuplicateId { second: at, .. }
            | Self::EmptyId { at }
            | Self::UnknownRegion { at, .. }
            | Self::InvalidRows { at, .. }
            | Self::InvalidParams { at, .. }
            | Self::UnknownExpectation { at, .. } => Some(at),
            Self::RegionCycle { .. } => None,
        }
    }
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

impl LimitsError {
    /// The control at fault, as the spec names it (`maxTokens`), when the error names one.
    pub fn control(&self) -> Option<&str> {
        match self {
            Self::Parse { path, .. } => {
                let control = path.split(['.', '[']).next().unwrap_or_default();
                Some(control).filter(|c| !c.is_empty())
            }
            Self::OutOfRange { name, .. } => Some(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LimitsError, SnapshotError};

    #[test]
    fn errors_name_their_place_and_control_apart_from_the_message() {
        let unknown =
            SnapshotError::UnknownRegion { at: "actions[0].region".into(), region: "x".into() };
        assert_eq!(unknown.place(), Some("actions[0].region"));
        let parse =
            SnapshotError::Parse { path: "records[2].id".into(), message: "a string".into() };
        assert_eq!(parse.place(), Some("records[2].id"));
        assert_eq!(SnapshotError::RegionCycle { region: "a".into() }.place(), None);
        let range =
            LimitsError::OutOfRange { name: "compactRatio", problem: "must be below 1".into() };
        assert_eq!(range.control(), Some("compactRatio"));
        let parse = LimitsError::Parse { path: "maxTokens".into(), message: "a number".into() };
        assert_eq!(parse.control(), Some("maxTokens"));
        let whole = LimitsError::Parse { path: ".".into(), message: "an object".into() };
        assert_eq!(whole.control(), None, "the whole object names no one control");
    }
}
