//! The injection corpus (`fixtures/injection-corpus.json`: tag closers in every spelling, fake
//! headings, rules, tool results and receipts, chat-template markers, bidi and zero-width
//! characters, line and paragraph separators, very long strings, instructions split across
//! fields) placed in every page-data position, in every author slot that pages fill from
//! data, and in receipts. Each observation is checked mechanically against the same page with
//! a harmless value: the same data blocks, no forged heading, rule or action line, the same
//! tools, every budget held.

mod common;

use common::HEADINGS;
use pling_core::json;
use pling_core::receipt::Receipt;
use pling_core::support::json::Value;
use pling_core::{
    observe, render, Action, Feedback, Limits, Record, Region, RowException, RowSet, Snapshot,
    StateGroup,
};

fn corpus() -> Vec<String> {
    serde_json::from_str(include_str!("fixtures/injection-corpus.json")).expect("corpus")
}

/// Where a value goes: page data, or an author slot that pages fill from data.
const SLOTS: [&str; 23] = [
    "title",
    "path",
    "param",
    "query",
    "record id",
    "label",
    "field key",
    "field value",
    "nested field",
    "state value",
    "state name",
    "feedback message",
    "feedback field",
    "listed id",
    "region name",
    "region purpose",
    "region role",
    "description",
    "reason",
    "row reason",
    "state description",
    "param doc",
    "field value now",
];

/// A small page with `v` in `slot` (and `x` everywhere else).
fn page(slot: &str, v: &str) -> Snapshot {
    let at = |s: &str| if slot == s { v.to_owned() } else { "x".to_owned() };
    let mut s = Snapshot::default();
    s.page.title = at("title").as_str().into();
    s.page.path = at("path").as_str().into();
    s.page.params.0.insert("id".into(), json!(at("param")));
    s.page.query.0.insert(at("query"), json!("1"));
    s.regions.push(Region {
        id: "list".into(),
        name: at("region name").as_str().into(),
        purpose: Some(at("region purpose").as_str().into()),
        role: Some(at("region role").as_str().into()),
        ..Default::default()
    });
    let record = format!("r-{}", at("record id"));
    s.actions.push(Action {
        id: "toggle".into(),
        description: at("description").as_str().into(),
        region: Some("list".into()),
        rows: Some(RowSet {
            records: vec![record.clone(), "r2".into()],
            unavailable: vec![RowException {
                index: 1,
                reason: Some(at("row reason").as_str().into()),
            }],
            ..Default::default()
        }),
        ..Default::default()
    });
    s.actions.push(Action {
        id: "export".into(),
        available: false,
        reason: Some(at("reason").as_str().into()),
        ..Default::default()
    });
    s.actions.push(Action {
        id: "add".into(),
        params: Some(json!({"type": "object", "properties": {"text": {"type": "string", "description": at("param doc")}}})),
        value: Some(json!(at("field value now")).into()),
        ..Default::default()
    });
    let mut fields = pling_core::support::json::Map::new();
    fields.insert(at("field key"), json!(at("field value")));
    fields.insert("deep".into(), json!({"a": [at("nested field")]}));
    s.records.push(Record {
        id: record,
        region: Some("list".into()),
        label: Some(at("label").as_str().into()),
        fields,
        in_viewport: Some(true),
    });
    s.record_ids.push(pling_core::RecordIds {
        region: Some("list".into()),
        ids: vec![format!("z-{}", at("listed id"))],
    });
    s.state.push(StateGroup {
        name: format!("s-{}", at("state name")),
        description: Some(at("state description").as_str().into()),
        value: json!({"note": at("state value")}).into(),
    });
    s.feedback.push(Feedback {
        message: at("feedback message").as_str().into(),
        field: Some(at("feedback field").as_str().into()),
        region: Some("list".into()),
        ..Default::default()
    });
    s
}

/// What a reader might take `c` for: fullwidth and small forms, mathematical, circled and
/// look-alike letters to ASCII; invisible characters and combining marks to nothing.
fn read_char(c: char) -> Option<char> {
    let n = c as u32;
    let invisible = matches!(n, 0xAD | 0x34F | 0x61C | 0x180B..=0x180F | 0x200B..=0x200F
        | 0x202A..=0x202E | 0x2060..=0x206F | 0xFE00..=0xFE0F | 0xFEFF | 0xE0000..=0xE0FFF)
        || matches!(n, 0x300..=0x36F);
    if invisible {
        return None;
    }
    let ascii = |base: u32, k: u32| char::from_u32(base + k);
    Some(match n {
        0xFF01..=0xFF5E => ascii(0x21, n - 0xFF01)?,
        0xFE64 | 0x2329 | 0x3008 | 0x27E8 => '<',
        0xFE65 | 0x232A | 0x3009 | 0x27E9 => '>',
        0x2215 | 0x2044 => '/',
        0x1D400..=0x1D6A3 => ascii(0x61, (n - 0x1D400) % 26)?,
        0x24B6..=0x24CF => ascii(0x61, n - 0x24B6)?,
        0x24D0..=0x24E9 => ascii(0x61, n - 0x24D0)?,
        0x0430 => 'a',
        0x0435 => 'e',
        0x0440 => 'p',
        0x2010..=0x2015 => '-',
        _ if c.is_whitespace() => ' ',
        _ => c.to_ascii_lowercase(),
    })
}

/// How many times each marker a model could read as markup occurs in `text`, read loosely.
fn markers(text: &str) -> [usize; 6] {
    let read: String = text
        .replace("&lt;", "<")
        .replace("&#60;", "<")
        .replace("&#x3c;", "<")
        .chars()
        .filter_map(read_char)
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .replace(['-', '.'], "_")
        .replace("\\/", "/")
        .replace("//", "/");
    let squeeze = read.replace("page_data", "pagedata").replace("page__data", "pagedata");
    [
        squeeze.matches("<pagedata").count(),
        squeeze.matches("</pagedata").count(),
        read.matches("<|").count(),
        read.matches("<tool_").count() + read.matches("</tool_").count(),
        BRACKET_MARKERS.iter().map(|m| read.matches(m).count()).sum(),
        TAG_MARKERS.iter().map(|m| read.matches(m).count()).sum(),
    ]
}

/// Bracketed chat-template markers, as [`markers`] reads them: Llama 2's and Mistral's.
const BRACKET_MARKERS: [&str; 15] = [
    "[inst]",
    "[/inst]",
    "<<sys",
    "<</sys",
    "[system_prompt]",
    "[/system_prompt]",
    "[tool_calls]",
    "[available_tools]",
    "[/available_tools]",
    "[tool_results]",
    "[/tool_results]",
    "[tool_content]",
    "[think]",
    "[/think]",
    "[/tool_content]",
];

/// Tag-shaped chat-template markers besides `<|…|>` and `<tool_…>`: ChatML without bars,
/// Gemma's turns and sequence tokens, Llama 2's `<s>`, Qwen's `<think>`.
const TAG_MARKERS: [&str; 10] = [
    "<im_",
    "<start_of_turn",
    "<end_of_turn",
    "<bos>",
    "<eos>",
    "<s>",
    "</s>",
    "<think>",
    "</think>",
    "</im_",
];

/// The name of an action line (`- toggle(record) (click / …`), if the line has that shape.
fn action_line_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("- ")?;
    let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))?;
    let (name, after) = rest.split_at(end);
    (!name.is_empty() && (after.starts_with(" (") || after.starts_with("(record) (")))
        .then_some(name)
}

fn tool_names(tools: &[Value]) -> Vec<String> {
    tools.iter().map(|t| t["function"]["name"].as_str().unwrap().to_owned()).collect()
}

fn check(
    slot: &str,
    value: &str,
    limits: &Limits,
    base_markers: [usize; 6],
    base_tools: &[String],
    entries: &[String],
) {
    let snapshot = page(slot, value);
    let o = observe(&snapshot, limits).unwrap_or_else(|e| panic!("{slot}: {e}"));
    let r = render(&o);
    let what = format!("{slot} = {:?}", value.chars().take(60).collect::<String>());
    assert_eq!(markers(&r.section), base_markers, "{what}\n{}", r.section);
    for line in r.section.lines() {
        if line.starts_with('#') {
            assert!(HEADINGS.iter().any(|h| line.starts_with(h)), "{what}: forged heading {line}");
        }
        assert!(!line.starts_with(|c: char| c.is_ascii_digit()), "{what}: forged rule {line}");
        if let Some(name) = action_line_name(line) {
            assert!(entries.iter().any(|e| e == name), "{what}: forged action {line}");
        }
        assert!(
            !line.contains(['\u{2028}', '\u{2029}', '\u{85}', '\r', '\u{202E}', '\u{200B}']),
            "{what}: {line:?}"
        );
    }
    assert_eq!(tool_names(&r.tools), base_tools, "{what}");
    let tools = serde_json::to_string(&r.tools).unwrap();
    assert_eq!(markers(&tools), [0; 6], "{what}: {tools}");
    // Budgets.
    let sum = |lines: &[String]| lines.iter().map(|l| l.chars().count() + 1).sum::<usize>();
    assert!(sum(&o.location) <= limits.max_page_chars, "{what}");
    assert!(sum(&o.records) <= limits.max_record_chars, "{what}");
    assert!(sum(&o.feedback) <= limits.max_feedback_chars, "{what}");
    let state = o.state_json.as_deref().unwrap_or("").chars().count();
    let notes: usize = o.state_notes.iter().map(|n| n.chars().count() + 2).sum();
    assert!(state + notes <= limits.max_state_chars + 1, "{what}");
}

#[test]
fn the_corpus_in_every_position_changes_no_structure() {
    let limits = Limits::default();
    let corpus = corpus();
    assert!(corpus.len() >= 200, "{} strings", corpus.len());
    for slot in SLOTS {
        let clean = page(slot, "x");
        let o = observe(&clean, &limits).unwrap();
        let r = render(&o);
        let base = markers(&r.section);
        assert_eq!(base, [2, 2, 0, 0, 0, 0], "the clean page has two data blocks");
        let tools = tool_names(&r.tools);
        let entries: Vec<String> = o.entries.iter().map(|e| e.name.clone()).collect();
        for value in &corpus {
            check(slot, value, &limits, base, &tools, &entries);
        }
    }
}

#[test]
fn instructions_split_across_fields_rebuild_nothing() {
    let limits = Limits::default();
    let corpus = corpus();
    // Adjacent pieces: every pair of the corpus's short strings, one in each of two fields
    // that render next to each other.
    let short: Vec<&String> = corpus.iter().filter(|s| s.chars().count() < 16).collect();
    for a in &short {
        for b in &short {
            let mut s = page("title", "x");
            let mut fields = pling_core::support::json::Map::new();
            fields.insert("k".into(), json!(a));
            fields.insert("v".into(), json!(b));
            s.records[0].fields = fields;
            s.records[0].id = (*a).clone();
            s.record_ids[0].ids = vec![(*b).clone()];
            s.actions[0].rows.as_mut().unwrap().records[0] = (*a).clone();
            let o = observe(&s, &limits).unwrap();
            let r = render(&o);
            assert_eq!(markers(&r.section), [2, 2, 0, 0, 0, 0], "{a:?} + {b:?}\n{}", r.section);
        }
    }
}

#[test]
fn the_corpus_in_receipts_stays_page_data() {
    let base = page("title", "x");
    let action = base.actions[1].clone();
    for value in corpus() {
        let mut after = base.clone();
        after.state[0].value = json!({"note": value}).into();
        after.records[0].label = Some(value.as_str().into());
        after.feedback[0].message = value.as_str().into();
        let receipt = pling_core::call::ran(
            &base,
            &after,
            &action,
            "export",
            None,
            false,
            Some(value.clone()),
        );
        for content in [
            receipt.to_content(1000),
            Receipt::refused("export", &value, value.clone(), value.clone()).to_content(1000),
        ] {
            assert_eq!(markers(&content), [0; 6], "{value:?}: {content}");
            assert!(
                !content.contains(['\n', '\r', '\u{2028}', '\u{2029}', '\u{85}', '\u{202E}']),
                "{value:?}: {content:?}"
            );
        }
    }
}
