//! Where in a JSON document a parse error happened, as a path such as `actions[3].kind`.
//!
//! Parsing goes through serde_json alone, the fast path; only when it fails is the text
//! scanned again, up to the error's position, to name the member that was being read.

/// One open container on the way to the error.
enum Frame {
    /// An object, with the key whose value is being read (if any yet).
    Object { key: Option<String>, expecting_key: bool },
    /// An array, at the index of the element being read.
    Array { index: usize },
}

/// The path to what was being read at `line` and `column` (both 1-based, as serde_json
/// reports them); `.` for the document itself.
pub(crate) fn path_at(json: &str, line: usize, column: usize) -> String {
    let offset = offset_of(json, line, column);
    let bytes = json.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    while i < offset.min(bytes.len()) {
        match bytes[i] {
            b'{' => stack.push(Frame::Object { key: None, expecting_key: true }),
            b'[' => stack.push(Frame::Array { index: 0 }),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array { index }) => *index += 1,
                Some(Frame::Object { key, expecting_key }) => {
                    *key = None;
                    *expecting_key = true;
                }
                None => {}
            },
            b':' => {
                if let Some(Frame::Object { expecting_key, .. }) = stack.last_mut() {
                    *expecting_key = false;
                }
            }
            b'"' => {
                let (text, end) = string_at(json, i);
                if let Some(Frame::Object { key, expecting_key: true }) = stack.last_mut() {
                    *key = Some(text);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    let mut path = String::new();
    for frame in &stack {
        match frame {
            Frame::Object { key: Some(key), .. } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Object { key: None, .. } => {}
            Frame::Array { index } => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
        }
    }
    if path.is_empty() {
        path.push('.');
    }
    path
}

/// The byte offset of a 1-based line and column (columns count bytes), clamped to the text.
fn offset_of(json: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match json[start..].find('\n') {
            Some(n) => start += n + 1,
            None => return json.len(),
        }
    }
    (start + column).min(json.len())
}

/// The (unescaped enough to name a key) text of the string opening at `open`, and the offset
/// just past its closing quote.
fn string_at(json: &str, open: usize) -> (String, usize) {
    let bytes = json.as_bytes();
    let mut i = open + 1;
    let mut text = String::new();
    let mut run = i;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                text.push_str(&json[run..i]);
                return (text, i + 1);
            }
            b'\\' => {
                text.push_str(&json[run..i]);
                if let Some(&c) = bytes.get(i + 1) {
                    match c {
                        b'n' => text.push('\n'),
                        b't' => text.push('\t'),
                        b'u' => text.push('\u{fffd}'),
                        other => text.push(other as char),
                    }
                }
                i += if bytes.get(i + 1) == Some(&b'u') { 6 } else { 2 };
                run = i.min(bytes.len());
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    text.push_str(&json[run.min(bytes.len())..]);
    (text, bytes.len())
}

#[cfg(test)]
mod tests {
    use super::path_at;

    fn at(json: &str, needle: &str) -> String {
        let column = json.find(needle).expect("needle") + needle.len();
        path_at(json, 1, column)
    }

    #[test]
    fn names_members_and_indices() {
        let json = r#"{"actions":[{"id":"a"},{"id":"b","kind":"hover"}],"x":1}"#;
        assert_eq!(at(json, r#""hover""#), "actions[1].kind");
        assert_eq!(at(json, r#""id":"a""#), "actions[0].id");
        assert_eq!(at(json, r#"{"actions":"#), "actions");
        assert_eq!(path_at(json, 1, 1), ".");
        assert_eq!(at(json, r#""x":1"#), "x");
    }

    #[test]
    fn strings_with_escapes_and_lines() {
        let json = "{\n  \"a\\\"b\": [1, 2,\n    {\"k\\u00e9y\": tru";
        assert_eq!(path_at(json, 3, 18), "a\"b[2].k\u{fffd}y");
        assert_eq!(path_at(json, 9, 1), "a\"b[2].k\u{fffd}y");
        let json = r#"{"a,b":{"c]":[{"d":"}{"}]}}"#;
        assert_eq!(at(json, r#""d":"}{""#), "a,b.c][0].d");
    }
}
