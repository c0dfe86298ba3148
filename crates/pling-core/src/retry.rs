//! When to try a model request again: on 408, 409, 429, 5xx, network errors and timeouts, with
//! exponential backoff and jitter, honouring `retry-after-ms` and `Retry-After`; never on any
//! other 4xx, `insufficient_quota`, 501 or 505 (a server or static host that does not do POST
//! answers the same the next time), after the person stopped, or once a stream has started.

use crate::openai::ModelError;
use crate::support::text::whole_number;
use serde::{Deserialize, Serialize};

/// The retry settings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The first backoff, in milliseconds; each retry doubles it.
    pub base_delay_ms: u64,
    /// No wait is longer than this, whatever the server asks.
    pub max_delay_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self { max_retries: 2, base_delay_ms: 500, max_delay_ms: 60_000 }
    }
}

/// What the server said about waiting, from the response headers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RetryHints {
    /// The `retry-after-ms` header.
    pub retry_after_ms: Option<String>,
    /// The `Retry-After` header: seconds, or an HTTP date.
    pub retry_after: Option<String>,
}

impl RetryPolicy {
    /// Milliseconds to wait before retry number `attempt` (1 for the first retry), or `None`
    /// when the failure must not be retried. `random` is in `[0, 1)` (the jitter), `now_ms`
    /// the current Unix time (for an HTTP-date `Retry-After`), `stream_started` whether any
    /// of a streamed reply had arrived.
    pub fn delay(
        &self,
        attempt: u32,
        error: &ModelError,
        hints: &RetryHints,
        stream_started: bool,
        random: f64,
        now_ms: u64,
    ) -> Option<u64> {
        if attempt == 0 || attempt > self.max_retries || stream_started || !retryable(error) {
            return None;
        }
        if let Some(ms) = server_delay(hints, now_ms) {
            return Some(ms.min(self.max_delay_ms));
        }
        let exponential = self.base_delay_ms.saturating_mul(1u64 << (attempt - 1).min(20));
        // Full jitter in the upper half: between half and all of the exponential delay.
        let jittered = (exponential as f64 * (0.5 + 0.5 * random.clamp(0.0, 1.0))) as u64;
        Some(jittered.min(self.max_delay_ms))
    }
}

impl RetryHints {
    /// The wait the server asked for, in milliseconds from `now_ms` (Unix time), if it said
    /// one: for telling the person how long to wait when the failure is final.
    pub fn wait_ms(&self, now_ms: u64) -> Option<u64> {
        server_delay(self, now_ms)
    }
}

/// Whether a failure is worth another attempt at all.
pub fn retryable(error: &ModelError) -> bool {
    match error {
        ModelError::Http { status, code, .. } => {
            if code.as_deref() == Some("insufficient_quota") {
                return false;
            }
            // 501 Not Implemented and 505 HTTP Version Not Supported say what the server
            // is, not how it is doing: a static host answers a POST with 501 every time.
            matches!(status, 408 | 409 | 429)
                || ((500..=599).contains(status) && !matches!(status, 501 | 505))
        }
        ModelError::Api { code, .. } => {
            matches!(
                code.as_deref(),
                Some("server_error" | "rate_limit_exceeded" | "overloaded" | "overloaded_error")
            )
        }
        ModelError::Network { .. } | ModelError::Timeout { .. } => true,
        ModelError::StreamCut
        | ModelError::Malformed { .. }
        | ModelError::Aborted
        | ModelError::TooLarge { .. } => false,
    }
}

fn server_delay(hints: &RetryHints, now_ms: u64) -> Option<u64> {
    // Read as any JSON value, then as a number: a typed read would link serde's error text
    // for every type it might have found instead, float formatting included.
    let number = |v: &str| crate::support::json_text::from_str(v.trim()).ok()?.as_f64();
    if let Some(ms) = hints.retry_after_ms.as_deref().and_then(number) {
        if ms >= 0.0 && ms.is_finite() {
            return Some(ms as u64);
        }
    }
    let value = hints.retry_after.as_deref()?.trim();
    if let Some(seconds) = number(value) {
        return (seconds >= 0.0 && seconds.is_finite()).then_some((seconds * 1000.0) as u64);
    }
    let at = http_date_ms(value)?;
    Some(at.saturating_sub(now_ms))
}

/// Parses an IMF-fixdate (`Wed, 21 Oct 2015 07:28:00 GMT`) to Unix milliseconds.
pub fn http_date_ms(value: &str) -> Option<u64> {
    let parts = crate::support::text::whitespace_words(value);
    let [_, day, month, year, time, "GMT"] = parts.as_slice() else { return None };
    let day = whole_number(day)?;
    let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .iter()
        .position(|m| m == month)? as u64
        + 1;
    let year = i64::try_from(whole_number(year)?).ok()?;
    // Two digits each: a larger part is not a time (and would overflow below).
    let mut hms = time.split(':').map(|p| whole_number(p).filter(|n| *n < 100));
    let (Some(Some(h)), Some(Some(m)), Some(Some(s)), None) =
        (hms.next(), hms.next(), hms.next(), hms.next())
    else {
        return None;
    };
    // Days from the civil date (Howard Hinnant's algorithm).
    let (y, mo) = if month <= 2 { (year - 1, month + 9) } else { (year, month - 3) };
    let era = y.div_euclid(400);
    let yoe = (y - era * 400) as u64;
    let doy = (153 * mo + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe as i64 - 719_468;
    let secs = days.checked_mul(86_400)? + (h * 3600 + m * 60 + s) as i64;
    u64::try_from(secs).ok().map(|s| s * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn http(status: u16, code: Option<&str>) -> ModelError {
        ModelError::Http { status, message: String::new(), code: code.map(str::to_owned) }
    }

    #[test]
    fn which_failures_are_retried() {
        for status in [408, 409, 429, 500, 502, 503, 504] {
            assert!(retryable(&http(status, None)), "{status}");
        }
        for status in [400, 401, 403, 404, 405, 413, 422, 501, 505] {
            assert!(!retryable(&http(status, None)), "{status}");
        }
        assert!(!retryable(&http(429, Some("insufficient_quota"))));
        assert!(retryable(&ModelError::Network { message: "refused".into() }));
        assert!(retryable(&ModelError::Timeout { ms: 30_000 }));
        assert!(!retryable(&ModelError::Aborted));
        assert!(!retryable(&ModelError::StreamCut));
    }

    #[test]
    fn backoff_doubles_with_jitter_and_stops() {
        let p = RetryPolicy::default();
        let none = RetryHints::default();
        let e = http(500, None);
        assert_eq!(p.delay(1, &e, &none, false, 0.0, 0), Some(250));
        assert_eq!(p.delay(1, &e, &none, false, 1.0, 0), Some(500));
        assert_eq!(p.delay(2, &e, &none, false, 1.0, 0), Some(1000));
        assert_eq!(p.delay(3, &e, &none, false, 1.0, 0), None, "max_retries");
        assert_eq!(p.delay(1, &e, &none, true, 1.0, 0), None, "stream started");
        assert_eq!(p.delay(1, &ModelError::Aborted, &none, false, 1.0, 0), None);
    }

    #[test]
    fn server_hints_win_and_are_capped() {
        let p = RetryPolicy::default();
        let e = http(429, None);
        let ms = RetryHints { retry_after_ms: Some("1500".into()), retry_after: Some("9".into()) };
        assert_eq!(p.delay(1, &e, &ms, false, 0.5, 0), Some(1500));
        let secs = RetryHints { retry_after: Some("2".into()), ..Default::default() };
        assert_eq!(p.delay(1, &e, &secs, false, 0.5, 0), Some(2000));
        let date = RetryHints {
            retry_after: Some("Wed, 21 Oct 2015 07:28:00 GMT".into()),
            ..Default::default()
        };
        let at = http_date_ms("Wed, 21 Oct 2015 07:28:00 GMT").unwrap();
        assert_eq!(at, 1_445_412_480_000);
        assert_eq!(p.delay(1, &e, &date, false, 0.5, at - 3000), Some(3000));
        let huge = RetryHints { retry_after: Some("3600".into()), ..Default::default() };
        assert_eq!(p.delay(1, &e, &huge, false, 0.5, 0), Some(60_000));
    }

    #[test]
    fn a_malformed_http_date_is_no_date() {
        assert_eq!(http_date_ms("Thu, 01 Jan 1970 00:00:01 GMT"), Some(1000));
        for bad in [
            "Wed, 21 Oct 2015 07:28 GMT",
            "Wed, 21 Oct 2015 07:28:00:00 GMT",
            "Wed, 21 Oct 2015 99999999999999999999:00:00 GMT",
            "Wed, 21 Oct 2015 184467440737095516:00:00 GMT",
            "Wed, +21 Oct 2015 07:28:00 GMT",
            "Wed, 21 Oct -2015 07:28:00 GMT",
            "Wed, 21 Okt 2015 07:28:00 GMT",
            "Wed, 21 Oct 2015 07:28:00 UTC",
        ] {
            assert_eq!(http_date_ms(bad), None, "{bad}");
        }
    }
}
