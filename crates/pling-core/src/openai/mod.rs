//! The OpenAI-compatible `/chat/completions` wire format: request bodies, replies, streamed
//! deltas, error bodies, and tool calls that models write as text instead of `tool_calls`.
//!
//! `wire` holds the messages, replies and errors; `request` writes a request body and
//! `structured` the structured-output form of the tools, for servers without `tool_calls`;
//! `stream` reads a reply, streamed or whole, `error` an error answer, and `recover`
//! finds the calls a model wrote as text.

mod error;
mod recover;
mod request;
mod stream;
mod structured;
mod wire;

pub use error::http_error;
pub use recover::{calls_written_in, recover_calls};
pub use request::{request_body, request_body_with_format, RequestOptions, ToolMode};
pub use stream::{parse_reply, StreamAssembler, MAX_REPLY_BYTES};
pub use structured::{cut_answer, parse_structured, structured_format, structured_instructions};
pub use wire::{wire_messages, FinishReason, Message, ModelError, Reply, ToolCall, Usage};
