//! Reading JSON text into a [`Value`]: the grammar of RFC 8259, one pass over the bytes.
//!
//! Every JSON text the engine reads — a snapshot, limits, options, a model's reply and its
//! stream events, a call's arguments — becomes a [`Value`] and nothing else, so one reader
//! written for that one type replaces serde's generic deserialiser and its visitors.
//! serde_json stays the reference in the tests, which hold the two to the same values.
//!
//! Two choices differ from a strict reader, both for text that browsers write:
//! - A lone UTF-16 surrogate escape (`\ud83d` with no partner, which `JSON.stringify`
//!   writes for a string cut in the middle of an emoji) reads as U+FFFD: it costs that one
//!   character, not the document.
//! - Nesting deeper than [`MAX_DEPTH`] is an error, as it is for serde_json, so hostile text
//!   cannot exhaust the stack.

use crate::support::json::{Map, Number, Value};
use crate::support::text::whole_number;
use std::fmt;

/// How deep arrays and objects may nest (serde_json's limit too).
pub const MAX_DEPTH: usize = 128;

/// A syntax error: what was wrong, and where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What was expected or found, as serde_json words it: "expected `,` or `}`".
    pub message: &'static str,
    /// The member being read, as `actions[3].kind`; `.` for the document itself.
    pub path: String,
    /// Where, as a byte offset into the text.
    pub offset: usize,
    /// The 1-based line of the error.
    pub line: usize,
    /// The bytes of that line read, the one found wrong included (serde_json's count).
    pub column: usize,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at line {} column {}", self.message, self.line, self.column)
    }
}

impl std::error::Error for SyntaxError {}

/// Parses one JSON text (surrounded by whitespace at most) into a [`Value`].
pub fn parse(text: &str) -> Result<Value, SyntaxError> {
    let mut p =
        Parser { text, bytes: text.as_bytes(), at: 0, depth: 0, wrong_byte: false, trail: vec![] };
    let value = p.value().map_err(|message| p.error(message))?;
    p.skip_space();
    if p.at < p.bytes.len() {
        p.wrong_byte = true;
        return Err(p.error("trailing characters"));
    }
    Ok(value)
}

type Step<T> = Result<T, &'static str>;

struct Parser<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    depth: usize,
    /// The error is the byte at `at`, not the end of the text.
    wrong_byte: bool,
    /// On an error, the members it was in, innermost first, as the reader unwinds.
    trail: Vec<Place>,
}

/// One step of an error's path.
enum Place {
    Key(String),
    Index(usize),
}

impl Parser<'_> {
    /// The error at the reader's place. Its line and column count the bytes read, the one
    /// found wrong included (as serde_json counts them).
    fn error(&self, message: &'static str) -> SyntaxError {
        let offset = self.at.min(self.bytes.len());
        let read = (offset + usize::from(self.wrong_byte)).min(self.bytes.len());
        let before = &self.bytes[..read];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        SyntaxError { message, path: self.path(), offset, line, column: read - line_start }
    }

    /// The error's path, from the trail.
    fn path(&self) -> String {
        let mut path = String::new();
        for place in self.trail.iter().rev() {
            match place {
                Place::Key(key) => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(key);
                }
                Place::Index(i) => {
                    path.push('[');
                    path.push_str(itoa::Buffer::new().format(*i));
                    path.push(']');
                }
            }
        }
        if path.is_empty() {
            path.push('.');
        }
        path
    }

    /// Fails after the item or member at `place` (at the byte found wrong, or the end).
    fn fail_at<T>(&mut self, place: Place, message: &'static str) -> Step<T> {
        self.wrong_byte = self.at < self.bytes.len();
        self.trail.push(place);
        Err(message)
    }

    /// Fails at the byte at the reader's place, found wrong.
    fn fail<T>(&mut self, message: &'static str) -> Step<T> {
        self.wrong_byte = true;
        Err(message)
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte that is not whitespace, without taking it.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn value(&mut self) -> Step<Value> {
        match self.peek() {
            None => Err("EOF while parsing a value"),
            Some(b'"') => {
                self.at += 1;
                self.string().map(Value::String)
            }
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => self.fail("expected value"),
        }
    }

    fn word(&mut self, word: &str, value: Value) -> Step<Value> {
        for &b in word.as_bytes() {
            match self.bytes.get(self.at) {
                Some(&c) if c == b => self.at += 1,
                Some(_) => return self.fail("expected ident"),
                None => return Err("EOF while parsing a value"),
            }
        }
        Ok(value)
    }

    /// An array or an object (`read` takes it from its opening bracket on), one level deeper.
    fn nested(&mut self, read: fn(&mut Self) -> Step<Value>) -> Step<Value> {
        if self.depth == MAX_DEPTH {
            return Err("recursion limit exceeded");
        }
        self.depth += 1;
        self.at += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn array(&mut self) -> Step<Value> {
        let mut items = Vec::new();
        match self.peek() {
            Some(b']') => {
                self.at += 1;
                return Ok(Value::Array(items));
            }
            None => return Err("EOF while parsing a list"),
            Some(_) => {}
        }
        loop {
            match self.value() {
                Ok(item) => items.push(item),
                Err(e) => {
                    self.trail.push(Place::Index(items.len()));
                    return Err(e);
                }
            }
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                // Named by the item before it.
                Some(_) => {
                    return self.fail_at(Place::Index(items.len() - 1), "expected `,` or `]`")
                }
                None => {
                    return self.fail_at(Place::Index(items.len() - 1), "EOF while parsing a list")
                }
            }
        }
    }

    fn object(&mut self) -> Step<Value> {
        let mut members = Vec::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(Map::from_members(members)));
        }
        loop {
            match self.peek() {
                Some(b'"') => self.at += 1,
                Some(_) => return self.fail("key must be a string"),
                None => return Err("EOF while parsing an object"),
            }
            let key = self.string()?;
            match self.peek() {
                Some(b':') => self.at += 1,
                Some(_) => return self.fail("expected `:`"),
                None => return Err("EOF while parsing an object"),
            }
            let value = match self.value() {
                Ok(value) => value,
                Err(e) => {
                    self.trail.push(Place::Key(key));
                    return Err(e);
                }
            };
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    members.push((key, value));
                    return Ok(Value::Object(Map::from_members(members)));
                }
                // Named by the member before it.
                Some(_) => return self.fail_at(Place::Key(key), "expected `,` or `}`"),
                None => return self.fail_at(Place::Key(key), "EOF while parsing an object"),
            }
            members.push((key, value));
        }
    }

    /// A string's contents, from just past its opening quote to just past its closing one.
    fn string(&mut self) -> Step<String> {
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(&b) = self.bytes.get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // Runs start and end at ASCII bytes (quotes, backslashes, control characters),
            // character boundaries, so `get` always finds the run.
            out.push_str(self.text.get(start..self.at).ok_or("invalid string")?);
            match self.bytes.get(self.at) {
                None => return Err("EOF while parsing a string"),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                Some(_) => {
                    return self
                        .fail("control character (\\u0000-\\u001F) found while parsing a string")
                }
            }
        }
    }

    /// The character an escape stands for, from just past its backslash.
    fn escape(&mut self) -> Step<char> {
        let Some(&b) = self.bytes.get(self.at) else { return Err("EOF while parsing a string") };
        self.at += 1;
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode(),
            _ => {
                self.at -= 1;
                return self.fail("invalid escape");
            }
        })
    }

    /// A `\u` escape, with its low surrogate when it is a high one; a surrogate without its
    /// partner is U+FFFD.
    fn unicode(&mut self) -> Step<char> {
        let unit = self.hex4()?;
        if !(0xD800..0xDC00).contains(&unit) {
            return Ok(char::from_u32(unit).unwrap_or('\u{fffd}'));
        }
        let rest = &self.bytes[self.at..];
        if rest.len() >= 6 && rest[0] == b'\\' && rest[1] == b'u' {
            let back = self.at;
            self.at += 2;
            let low = self.hex4()?;
            if (0xDC00..0xE000).contains(&low) {
                let c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                return Ok(char::from_u32(c).unwrap_or('\u{fffd}'));
            }
            self.at = back; // not its partner: read on its own
        }
        Ok('\u{fffd}')
    }

    /// Four hex digits, read as one.
    fn hex4(&mut self) -> Step<u32> {
        let Some(four) = self.bytes.get(self.at..self.at + 4) else {
            self.at = self.bytes.len();
            return Err("EOF while parsing a string");
        };
        self.at += 4;
        let mut n = 0;
        for &b in four {
            let digit = match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                _ => return Err("invalid escape"),
            };
            n = n * 16 + u32::from(digit);
        }
        Ok(n)
    }

    /// Digits where the grammar needs at least one.
    fn some_digits(&mut self) -> Step<()> {
        match self.bytes.get(self.at) {
            Some(b'0'..=b'9') => {
                self.digits();
                Ok(())
            }
            Some(_) => self.fail("invalid number"),
            None => Err("EOF while parsing a value"),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.bytes.get(self.at) {
            self.at += 1;
        }
        self.at - start
    }

    /// A number: an integer when it has no fraction or exponent and fits 64 bits (unsigned,
    /// or signed when negative), a finite `f64` otherwise (see [`float`]).
    fn number(&mut self) -> Step<Value> {
        let start = self.at;
        let negative = self.bytes[self.at] == b'-';
        self.at += usize::from(negative);
        let int_start = self.at;
        self.some_digits()?;
        if self.at - int_start > 1 && self.bytes[int_start] == b'0' {
            self.at = int_start + 1;
            return self.fail("invalid number");
        }
        let int_end = self.at;
        let mut fraction = &self.bytes[int_end..int_end];
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            let start = self.at;
            self.some_digits()?;
            fraction = &self.bytes[start..self.at];
        }
        let mut exponent: Option<i64> = None;
        if let Some(b'e' | b'E') = self.bytes.get(self.at) {
            self.at += 1;
            let minus = self.bytes.get(self.at) == Some(&b'-');
            if let Some(b'+' | b'-') = self.bytes.get(self.at) {
                self.at += 1;
            }
            let start = self.at;
            self.some_digits()?;
            // Past any exponent a double can use, the value is 0 or out of range either way.
            // Digits are ASCII, so `get` always finds them.
            let digits = self.text.get(start..self.at).ok_or("invalid number")?;
            let e = whole_number(digits).unwrap_or(u64::MAX).min(100_000) as i64;
            exponent = Some(if minus { -e } else { e });
        }
        let integer = &self.bytes[int_start..int_end];
        if fraction.is_empty() && exponent.is_none() {
            match whole_number(self.text.get(int_start..int_end).ok_or("invalid number")?) {
                Some(n) if !negative => return Ok(Value::Number(n.into())),
                // `-0` is the float negative zero, as serde_json reads it.
                Some(n) if n != 0 && n <= 1 << 63 => {
                    return Ok(Value::Number((n as i64).wrapping_neg().into()));
                }
                _ => {}
            }
        }
        let f = match float(integer, fraction, exponent.unwrap_or(0)) {
            Some(magnitude) if negative => -magnitude,
            Some(magnitude) => magnitude,
            // Digits are ASCII, so `get` always finds them.
            None => nearest_double(self.text.get(start..self.at).ok_or("invalid number")?),
        };
        Number::from_f64(f).map(Value::Number).ok_or("number out of range")
    }
}

/// The `f64` of a decimal's digits (`integer`, then `fraction`) times ten to `exponent`, when
/// it can be computed exactly with one rounding: the significant digits fit 2^53 and the power
/// of ten left is at most 22 (Clinger's fast path), as for every price, count and coordinate
/// a page shows. `None` otherwise: [`nearest_double`] reads those.
fn float(integer: &[u8], fraction: &[u8], exponent: i64) -> Option<f64> {
    // The significant digits, without the zeros that lead or trail them.
    let mut scale = exponent - fraction.len() as i64;
    let digits = Digits { integer, fraction };
    let (mut first, mut end) = (0, digits.len());
    while first < end && digits.at(first) == 0 {
        first += 1;
    }
    if first == end {
        return Some(0.0);
    }
    while digits.at(end - 1) == 0 {
        end -= 1;
        scale += 1;
    }
    if end - first > 16 {
        return None;
    }
    let mut significand = (first..end).fold(0u64, |n, i| n * 10 + u64::from(digits.at(i)));
    // Powers of ten past 22 move into the significand while it stays exact.
    while scale > 22 && significand <= (1 << 53) / 10 {
        significand *= 10;
        scale -= 1;
    }
    const EXACT: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    if significand > 1 << 53 || !(-22..=22).contains(&scale) {
        return None;
    }
    let x = significand as f64;
    Some(if scale >= 0 { x * EXACT[scale as usize] } else { x / EXACT[(-scale) as usize] })
}

#[cfg(target_family = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// JavaScript's global `parseFloat` (declared here, not taken from js-sys: see the
    /// `pling-wasm` crate's `js` module).
    #[wasm_bindgen(js_name = parseFloat)]
    fn parse_float(text: &str) -> f64;
}

/// The double nearest to a JSON number's text, for the numbers off [`float`]'s exact path. In
/// the browser that is JavaScript's own `parseFloat`, which rounds correctly; std's exact
/// parser would bring over 10 KB of tables of powers of five into the module. Natively (tests,
/// benches) it is std's.
fn nearest_double(text: &str) -> f64 {
    #[cfg(target_family = "wasm")]
    {
        parse_float(text)
    }
    #[cfg(not(target_family = "wasm"))]
    {
        text.parse().unwrap_or(f64::NAN)
    }
}

/// A number's integer and fraction digits, read as one run.
struct Digits<'t> {
    integer: &'t [u8],
    fraction: &'t [u8],
}

impl Digits<'_> {
    fn len(&self) -> usize {
        self.integer.len() + self.fraction.len()
    }

    /// The value of digit `i` of the run.
    fn at(&self, i: usize) -> u8 {
        let n = self.integer.len();
        if i < n {
            self.integer[i] - b'0'
        } else {
            self.fraction[i - n] - b'0'
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, MAX_DEPTH};
    use crate::support::json::Value;
    use proptest::prelude::*;

    /// serde_json's reading of the same text: the reference.
    fn reference(text: &str) -> Result<Value, String> {
        serde_json::from_str::<serde_json::Value>(text).map(Value::from).map_err(|e| e.to_string())
    }

    #[test]
    fn errors_read_as_serde_json_words_them() {
        let cases = [
            "",
            " ",
            "{",
            "[",
            "[1,",
            "[1 2]",
            "{\"a\" 1}",
            "{\"a\":1 \"b\":2}",
            "{1:2}",
            "{\"a\":}",
            "tru",
            "trux",
            "nul",
            "\"abc",
            "\"a\\x\"",
            "\"a\\u12g4\"",
            "\"a\nb\"",
            "01",
            "-",
            "1.",
            "1e",
            "1e+",
            ".5",
            "+1",
            "[1]x",
            "{} {}",
            "\"\\u",
            "[-]",
            "1.5e400",
            "-1e999",
            "{\"a\":[1,{\"b\":tru}]}",
            "\n\n  [1,\n  2,, 3]",
        ];
        let mut wrong = vec![];
        for text in cases {
            let ours = parse(text).map_err(|e| e.to_string());
            if ours != reference(text) {
                wrong.push(format!("{text:?}: {ours:?} / {:?}", reference(text)));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn numbers_as_serde_json_reads_them() {
        for text in [
            "0",
            "-0",
            "7",
            "-7",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1.5",
            "-2.25e3",
            "1E2",
            "1e-7",
            "19.99",
            "0.1",
            "123456789012345678901234567890",
            "3.0",
            "5e-324",
            "8.25e20",
            "1000000000000000000000.0",
        ] {
            let ours = parse(text).unwrap();
            assert_eq!(ours.to_string(), reference(text).unwrap().to_string(), "{text}");
        }
    }

    /// The nearest double, every time: numbers off the fast path included (long digit runs,
    /// the edges of the range, halfway cases), as std's exact parser reads them.
    #[test]
    fn floats_round_to_the_nearest_double() {
        for text in [
            "0.30000000000000004",
            "2.2250738585072011e-308",
            "9007199254740993",
            "9007199254740993.0",
            "1.7976931348623157e308",
            "1.00000000000000011102230246251565404236316680908203125",
            "8.98846567431158e307",
            "-2.4703282292062328e-324",
            "4.9406564584124654e-324",
            "123456789012345678901234567890.5",
            "1e23",
            "-0.0",
        ] {
            let ours = parse(text).unwrap().as_f64().unwrap();
            let nearest: f64 = text.parse().unwrap();
            assert_eq!(ours.to_bits(), nearest.to_bits(), "{text}");
        }
        assert_eq!(parse("1e400").unwrap_err().to_string(), reference("1e400").unwrap_err());
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse(&deep(MAX_DEPTH)).is_ok());
        let e = parse(&deep(MAX_DEPTH + 1)).unwrap_err();
        assert_eq!(e.message, "recursion limit exceeded");
        // Far past the limit, the error comes back rather than the stack running out.
        assert!(parse(&"{\"a\":".repeat(100_000)).is_err());
    }

    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        // Floats whose digits fit 2^53 with a power of ten up to 22: read exactly.
        let exact = (-(1i64 << 53)..(1i64 << 53), -22i32..=22)
            .prop_map(|(m, e)| format!("{m}e{e}").parse::<f64>().unwrap());
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            any::<i64>().prop_map(Into::into),
            any::<u64>().prop_map(Into::into),
            exact.prop_map(Into::into),
            "[a-c\u{e9}\u{1F600}\"\\\\/\n\t\u{1}]{0,6}".prop_map(serde_json::Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                prop::collection::vec(("[a-d]{0,2}", inner), 0..20)
                    .prop_map(|members| serde_json::Value::Object(members.into_iter().collect())),
            ]
        })
    }

    /// `text` with whitespace added between its tokens (never inside a string).
    fn spaced(text: &str) -> String {
        let mut out = String::new();
        let mut in_string = false;
        let mut escaped = false;
        for c in text.chars() {
            out.push(c);
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
            } else if c == '"' {
                in_string = true;
            } else if "[]{},:".contains(c) {
                out.push_str(" \n\t");
            }
        }
        out
    }

    proptest! {
        /// Any text serde_json writes reads as serde_json reads it, with or without spacing,
        /// and writes back the same.
        #[test]
        fn reads_as_serde_json(v in json_value(), space in any::<bool>()) {
            let written = serde_json::to_string(&v).unwrap();
            let text = if space { spaced(&written) } else { written.clone() };
            let ours = parse(&text).unwrap();
            // And it writes back as serde_json wrote it.
            prop_assert_eq!(ours.to_string(), written);
            prop_assert_eq!(ours, Value::from(v));
        }

        /// Any double reads back exactly as written.
        #[test]
        fn doubles_read_back_exactly(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
            let text = serde_json::to_string(&x).unwrap();
            let back = parse(&text).unwrap().as_f64().unwrap();
            prop_assert_eq!(back.to_bits(), x.to_bits(), "{} read as {}", x, back);
        }

        /// Text that is not JSON is an error, never a panic, and serde_json agrees it is not.
        #[test]
        fn any_text_is_read_or_refused(text in "[\\[\\]{}\",:0-9a-z\\\\. -]{0,40}") {
            let ours = parse(&text);
            let theirs = reference(&text);
            prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?}", text);
            if let (Ok(a), Ok(b)) = (ours, theirs) {
                prop_assert_eq!(a, b);
            }
        }
    }
}
