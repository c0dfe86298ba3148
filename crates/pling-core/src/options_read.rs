//! Reading the assistant's options — the loop's configuration, its request options and retry policy
//! — and the page's answer to a dispatch, with the readers of [`crate::support::read`]: the errors
//! name their place (`limits.maxTokens`, `request.toolMode`), a misspelt member is an error rather
//! than a silent default, and the engine carries no derived deserialiser for them. The member names
//! and defaults are those of the types' `#[serde]` attributes; a round-trip test holds the two to
//! one shape.

use crate::agent::{
    AgentConfig, Outcome, DEFAULT_MAX_CALLS_PER_REPLY, DEFAULT_MAX_CONFIRMATIONS_PER_REPLY,
    DEFAULT_MAX_REPEATED_FAILURES, DEFAULT_MAX_STEPS,
};
use crate::assist::{Assists, UnseenRows};
use crate::openai::{RequestOptions, ToolMode};
use crate::retry::RetryPolicy;
use crate::support::json::Value;
use crate::support::read::{one_of, Fields, Read, ReadError};
use crate::Limits;

/// Parses `json` and reads the document with `read`; a syntax error names where it is.
pub fn from_json<T>(json: &str, read: fn(&Value, &str) -> Read<T>) -> Read<T> {
    read(&parse(json)?, ".")
}

/// `json` as a value; a syntax error names where it is. (Apart from [`from_json`], so each
/// reader adds only its own call.)
fn parse(json: &str) -> Read<Value> {
    crate::support::json_text::from_str(json)
        .map_err(|e| ReadError { path: e.path.clone(), message: e.to_string() })
}

/// An optional count member, `default` when absent.
fn count(f: &Fields<'_>, key: &str, default: usize) -> usize {
    f.uint(key, usize::MAX as u64).map_or(default, |n| n as usize)
}

impl AgentConfig {
    /// The configuration the JSON object at `path` sets; absent members keep their defaults.
    /// The limits are read, not yet checked against each other ([`Limits::validate`]).
    pub fn read(v: &Value, path: &str) -> Read<Self> {
        const KNOWN: [&str; 8] = [
            "application",
            "assists",
            "limits",
            "request",
            "maxSteps",
            "maxRepeatedFailures",
            "maxCallsPerReply",
            "maxConfirmationsPerReply",
        ];
        let f = Fields::new(v, path, &KNOWN)?;
        let c = Self {
            application: f.string("application"),
            limits: f.read("limits", Limits::read).unwrap_or_default(),
            request: f.read("request", RequestOptions::read).unwrap_or_default(),
            max_steps: count(&f, "maxSteps", DEFAULT_MAX_STEPS),
            max_repeated_failures: count(&f, "maxRepeatedFailures", DEFAULT_MAX_REPEATED_FAILURES),
            max_calls_per_reply: count(&f, "maxCallsPerReply", DEFAULT_MAX_CALLS_PER_REPLY),
            max_confirmations_per_reply: count(
                &f,
                "maxConfirmationsPerReply",
                DEFAULT_MAX_CONFIRMATIONS_PER_REPLY,
            ),
            assists: f.read("assists", Assists::read).unwrap_or_default(),
        };
        f.done(c)
    }
}

impl Assists {
    /// The assists the JSON value at `path` turns on: `false` (none), `true` (the defaults),
    /// or an object whose absent members keep their defaults.
    pub fn read(v: &Value, path: &str) -> Read<Self> {
        match v {
            Value::Bool(false) => return Ok(Self::none()),
            Value::Bool(true) => return Ok(Self::default()),
            _ => {}
        }
        const MODES: [UnseenRows; 3] = [UnseenRows::Off, UnseenRows::Discover, UnseenRows::Confirm];
        let f = Fields::new(v, path, &["nonAnswers", "unseenRows"])?;
        let d = Self::default();
        let a = Self {
            non_answers: f.bool("nonAnswers").unwrap_or(d.non_answers),
            unseen_rows: f
                .read("unseenRows", |v, at| one_of(v, at, &MODES, UnseenRows::name))
                .unwrap_or(d.unseen_rows),
        };
        f.done(a)
    }
}

impl RequestOptions {
    /// The request options the JSON object at `path` sets.
    pub fn read(v: &Value, path: &str) -> Read<Self> {
        const KNOWN: [&str; 6] =
            ["model", "stream", "toolMode", "temperature", "maxTokens", "recordChoices"];
        const MODES: [ToolMode; 3] = [ToolMode::Auto, ToolMode::Native, ToolMode::Structured];
        let f = Fields::new(v, path, &KNOWN)?;
        let d = Self::default();
        let o = Self {
            model: f.string("model").unwrap_or(d.model),
            stream: f.bool("stream").unwrap_or(d.stream),
            tool_mode: f
                .read("toolMode", |v, at| one_of(v, at, &MODES, ToolMode::name))
                .unwrap_or(d.tool_mode),
            temperature: f.number("temperature").or(d.temperature),
            max_tokens: f.uint("maxTokens", usize::MAX as u64).map(|n| n as usize).or(d.max_tokens),
            record_choices: f.bool("recordChoices").unwrap_or(d.record_choices),
        };
        f.done(o)
    }
}

impl RetryPolicy {
    /// The retry settings the JSON object at `path` sets; absent members keep their defaults.
    pub fn read(v: &Value, path: &str) -> Read<Self> {
        let f = Fields::new(v, path, &["maxRetries", "baseDelayMs", "maxDelayMs"])?;
        let d = Self::default();
        let p = Self {
            max_retries: f
                .uint("maxRetries", u64::from(u32::MAX))
                .map_or(d.max_retries, |n| n as u32),
            base_delay_ms: f.uint("baseDelayMs", u64::MAX).unwrap_or(d.base_delay_ms),
            max_delay_ms: f.uint("maxDelayMs", u64::MAX).unwrap_or(d.max_delay_ms),
        };
        f.done(p)
    }
}

impl Outcome {
    /// The page's answer at `path`: `ok`, the page's `error` when there is one, and `ran:
    /// false` when the call never reached the handler; other members are the page's own.
    pub fn read(v: &Value, path: &str) -> Read<Self> {
        let f = Fields::open(v, path)?;
        let o = Self {
            ok: f.bool("ok").unwrap_or_default(),
            error: f.string("error"),
            ran: f.bool("ran"),
        };
        f.done(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error<T: std::fmt::Debug>(json: &str, read: fn(&Value, &str) -> Read<T>) -> String {
        from_json(json, read).unwrap_err().to_string()
    }

    #[test]
    fn absent_members_keep_their_defaults() {
        assert_eq!(from_json("{}", AgentConfig::read).unwrap(), AgentConfig::default());
        let c = from_json(
            r#"{"request": {"toolMode": "structured"}, "maxSteps": 3, "application": null}"#,
            AgentConfig::read,
        )
        .unwrap();
        assert_eq!(
            (c.request.tool_mode, c.max_steps, c.application),
            (ToolMode::Structured, 3, None)
        );
        // The one set of defaults: a page that sets nothing streams from the model `default`,
        // and setting one request member keeps the others'.
        assert_eq!((c.request.model.as_str(), c.request.stream), ("default", true));
        let quiet = from_json(r#"{"request": {"stream": false}}"#, AgentConfig::read).unwrap();
        assert_eq!(
            (quiet.request.model.as_str(), quiet.request.stream, quiet.request.tool_mode),
            ("default", false, ToolMode::Auto)
        );
        assert_eq!(from_json("{}", RetryPolicy::read).unwrap(), RetryPolicy::default());
        // The request's defaults, held here only (the JS layer passes what a page gave).
        let r = from_json("{}", RequestOptions::read).unwrap();
        assert_eq!(
            (r.model.as_str(), r.stream, r.tool_mode, r.temperature, r.record_choices),
            ("default", true, ToolMode::Auto, None, false)
        );
        assert_eq!(r, RequestOptions::default());
        let r = from_json(r#"{"stream": false, "model": "m"}"#, RequestOptions::read).unwrap();
        assert_eq!((r.model.as_str(), r.stream), ("m", false));
    }

    #[test]
    fn a_wrong_member_is_named_by_its_place() {
        let e = error(r#"{"limits": {"maxTokens": "lots"}}"#, AgentConfig::read);
        assert_eq!(e, "at `limits.maxTokens`: expected a whole number, found a string");
        let e = error(r#"{"request": {"toolMode": "json"}}"#, AgentConfig::read);
        assert!(
            e.starts_with("at `request.toolMode`: unknown variant `json`, expected one of `auto`"),
            "{e}"
        );
        let e = error(r#"{"maxSteps": 2.5}"#, AgentConfig::read);
        assert_eq!(e, "at `maxSteps`: expected a whole number from 0, found 2.5");
        assert!(error(r#"{"retries": 2}"#, RetryPolicy::read)
            .starts_with("at `.`: unknown field `retries`"));
        assert!(error(r#"{"maxSteps": 3"#, AgentConfig::read).contains("EOF"));
        let e = error(r#"{"assists": {"unseenRows": "ask"}}"#, AgentConfig::read);
        assert!(e.starts_with("at `assists.unseenRows`: unknown variant `ask`"), "{e}");
    }

    #[test]
    fn assists_are_switched_one_by_one_or_all_at_once() {
        let off = from_json(r#"{"assists": false}"#, AgentConfig::read).unwrap();
        assert_eq!(off.assists, Assists::none());
        let on = from_json(r#"{"assists": true}"#, AgentConfig::read).unwrap();
        assert_eq!(on.assists, Assists::default());
        let one =
            from_json(r#"{"assists": {"unseenRows": "confirm"}}"#, AgentConfig::read).unwrap();
        assert_eq!(one.assists.unseen_rows, UnseenRows::Confirm);
        assert!(one.assists.non_answers, "an absent member keeps its default");
    }

    #[test]
    fn an_outcome_takes_ok_and_error_and_leaves_the_rest() {
        let o = from_json(r#"{"ok": false, "error": "card declined", "extra": 1}"#, Outcome::read)
            .unwrap();
        assert_eq!(o, Outcome { ok: false, error: Some("card declined".into()), ran: None });
        assert_eq!(from_json("{}", Outcome::read).unwrap(), Outcome::default());
        assert!(error(r#"{"ok": "yes"}"#, Outcome::read).starts_with("at `ok`: expected a boolean"));
        assert!(from_json("[]", Outcome::read).is_err());
    }
}
