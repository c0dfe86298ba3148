//! The errors a model endpoint answers with: an OpenAI error object, or an HTTP error said in
//! words for the person waiting.

use super::wire::ModelError;
use crate::support::json::Value;

pub(super) fn api_error(v: &Value) -> Option<ModelError> {
    let e = v.get("error")?;
    let message = match e {
        Value::String(s) => s.clone(),
        _ => e.get("message").and_then(Value::as_str).unwrap_or("unknown error").to_owned(),
    };
    let code = e
        .get("code")
        .and_then(|c| c.as_str().map(str::to_owned).or_else(|| c.as_i64().map(|n| n.to_string())))
        .or_else(|| e.get("type").and_then(Value::as_str).map(str::to_owned));
    Some(ModelError::Api { message, code })
}

/// The error for a non-2xx response, from its body when it is an OpenAI error object.
pub fn http_error(status: u16, body: &str) -> ModelError {
    match crate::support::json_text::from_str(body).ok().as_ref().and_then(api_error) {
        Some(ModelError::Api { message, code }) => ModelError::Http { status, message, code },
        _ => {
            let trimmed = body.trim_start();
            // A proxy's or a server's HTML error page is not for the person to read.
            let message = if trimmed.is_empty() {
                "no body".to_owned()
            } else if trimmed.starts_with('<') {
                format!("an error page instead of an answer ({})", status_words(status))
            } else {
                crate::support::text::first_chars(body, 300).to_owned()
            };
            ModelError::Http { status, message, code: None }
        }
    }
}

/// What an HTTP status means for the person waiting on an answer.
fn status_words(status: u16) -> &'static str {
    match status {
        401 | 403 => {
            "the key was refused: the site's assistant needs a valid API key on its server"
        }
        404 => "no such endpoint: check the model address",
        413 => "the request was too large for the endpoint",
        429 => "rate-limited: try again in a moment",
        501 => "the server does not offer /chat/completions: is the model endpoint configured?",
        502..=504 => "the model endpoint is down or did not answer in time",
        500..=599 => "the model endpoint failed",
        _ => "an unexpected answer",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openai::parse_reply;

    #[test]
    fn error_bodies() {
        let e = http_error(
            429,
            r#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}"#,
        );
        assert_eq!(
            e,
            ModelError::Http {
                status: 429,
                message: "You exceeded your current quota".into(),
                code: Some("insufficient_quota".into())
            }
        );
        let e = http_error(502, "<html>Bad gateway</html>");
        assert_eq!(
            e,
            ModelError::Http {
                status: 502,
                message: "an error page instead of an answer (the model endpoint is down or did not answer in time)".into(),
                code: None
            }
        );
        assert!(matches!(
            parse_reply(r#"{"error":{"message":"boom"}}"#),
            Err(ModelError::Api { .. })
        ));
        assert!(matches!(parse_reply("not json"), Err(ModelError::Malformed { .. })));
        assert!(matches!(parse_reply(r#"{"choices":[]}"#), Err(ModelError::Malformed { .. })));
    }

    #[test]
    fn an_html_error_page_is_said_in_words() {
        let e = http_error(501, "<!DOCTYPE HTML><html><body>Unsupported method</body></html>");
        assert_eq!(
            e.to_string(),
            "the model endpoint answered 501: an error page instead of an answer (the server does not offer /chat/completions: is the model endpoint configured?)"
        );
        assert!(http_error(401, "<html>no</html>").to_string().contains("API key"));
        assert!(!http_error(502, "<html>Bad gateway</html>").to_string().contains('<'));
    }
}
