//! The engine's plumbing, which knows nothing of Pling: its JSON value with its reader and
//! writer, the readers that turn a JSON value into a typed one with errors that name their
//! place, its string map, the lower-case and word tables, list building and the text helpers.
//! Nothing here uses a module outside `support`; the spec engine and the policy build on it.

pub mod case;
pub mod json;
pub mod json_parse;
pub mod json_text;
pub mod list;
pub mod read;
pub mod strmap;
pub mod text;
