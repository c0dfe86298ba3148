//! Fuzz targets for every parser of outside input, on the stable toolchain: snapshot JSON,
//! limits, model replies (JSON bodies and SSE streams split at random points), calls written
//! as text, argument checks, and snapshot pairs for receipts.
//!
//! Each target mutates seed inputs at random (byte and character edits, escapes, multi-byte
//! and surrogate characters, truncation, splices, duplication) and feeds them to the parser,
//! which must return — a value or a typed error — without panicking, and keep its invariants.
//! `cargo test` runs each target briefly (`PLING_FUZZ_SECONDS`, default 1) and every kept
//! crash input under `tests/fuzz-crashers/<target>/`; `scripts/fuzz [minutes]` runs them long.
//! A failure writes its (shrunk) input there, to be kept as a regression file.

use pling_core::openai::{parse_reply, parse_structured, recover_calls, StreamAssembler};
use pling_core::{observe, render, Limits, Snapshot};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRunner};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const SEED_PAGE_JSON: &str = include_str!("fixtures/todos.json");

/// The seeds of each target: well-formed inputs the mutations start from.
fn seeds(target: &str) -> Vec<String> {
    let corpus: Vec<String> =
        serde_json::from_str(include_str!("fixtures/injection-corpus.json")).unwrap();
    match target {
        "snapshot" | "receipt" => vec![
            SEED_PAGE_JSON.to_owned(),
            r#"{"actions":[{"id":"t","rows":{"list":0,"inViewport":[0],"unavailable":[{"index":1,"reason":"r"}]}}],"recordIds":[{"ids":["a","b"]}]}"#.to_owned(),
            r#"{"regions":[{"id":"a","name":"A","parent":"b"},{"id":"b","name":"B"}],"state":[{"name":"s","value":{"k":[1,{"x":"\ud83d\ude00"}]}}]}"#.to_owned(),
        ],
        "limits" => vec![r#"{"maxActions":5,"compactRatio":0.5,"maxTokens":4096,"reserveForOutput":512}"#.to_owned(), "{}".to_owned()],
        "reply" | "stream" => vec![
            r#"{"choices":[{"message":{"content":"hi","tool_calls":[{"id":"c","function":{"name":"toggle","arguments":"{\"record\":\"t9\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":5,"completion_tokens":2}}"#.to_owned(),
            "data: {\"choices\":[{\"delta\":{\"content\":\"he\"}}]}\n\ndata: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\",\"function\":{\"name\":\"search\",\"arguments\":\"{\\\"te\"}}]}}]}\n\ndata: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"xt\\\":1}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n: keep-alive\n\ndata: [DONE]\n\n".to_owned(),
            r#"{"error":{"message":"overloaded","code":429}}"#.to_owned(),
        ],
        "text calls" => {
            let mut s = vec![
                "```json\n{\"name\": \"search\", \"arguments\": {\"text\": \"x\"}}\n```".to_owned(),
                "<tool_call>{\"name\":\"a\",\"arguments\":{}}</tool_call>".to_owned(),
                "{{\"name\": \"search\", \"arguments\": {\"text\": \"weekly\"}}}".to_owned(),
                "{\"action\": \"answer\", \"answer\": \"done\"}".to_owned(),
            ];
            s.extend(corpus.into_iter().take(40));
            s
        }
        "arguments" => vec![
            r#"{"text":"Buy milk"}"#.to_owned(),
            r#"{"record":"t9","extra":[1,2,{"a":null}]}"#.to_owned(),
            "[]".to_owned(),
        ],
        _ => unreachable!("unknown target {target}"),
    }
}

/// One edit of a mutation.
#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, String),
    Delete(usize, usize),
    Truncate(usize),
    Duplicate(usize, usize),
    Flip(usize, u8),
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\\".to_owned()),
        Just("\\u".to_owned()),
        Just("\\ud83d".to_owned()),
        Just("\\udc00".to_owned()),
        Just("é".to_owned()),
        Just("\u{1F600}".to_owned()),
        Just("\"".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just(",".to_owned()),
        Just(":".to_owned()),
        Just("\n".to_owned()),
        Just("data: ".to_owned()),
        Just("[DONE]".to_owned()),
        Just("null".to_owned()),
        Just("1e999".to_owned()),
        Just("-0".to_owned()),
        Just("</page_data>".to_owned()),
        "\\PC{1,8}",
        "[ -~]{1,8}",
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), piece()).prop_map(|(at, s)| Edit::Insert(at, s)),
        2 => (any::<usize>(), 1usize..16).prop_map(|(at, n)| Edit::Delete(at, n)),
        1 => any::<usize>().prop_map(Edit::Truncate),
        1 => (any::<usize>(), 1usize..64).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Flip(at, b)),
    ]
}

/// A char boundary of `s` near `at`.
fn boundary(s: &str, at: usize) -> usize {
    let mut i = if s.is_empty() { 0 } else { at % (s.len() + 1) };
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(seed: &str, edits: &[Edit]) -> String {
    let mut s = seed.to_owned();
    for e in edits {
        match e {
            Edit::Insert(at, p) => {
                let i = boundary(&s, *at);
                s.insert_str(i, p);
            }
            Edit::Delete(at, n) => {
                let i = boundary(&s, *at);
                let j = boundary(&s, i + n);
                s.replace_range(i..j.max(i), "");
            }
            Edit::Truncate(at) => {
                let i = boundary(&s, *at);
                s.truncate(i);
            }
            Edit::Duplicate(at, n) => {
                let i = boundary(&s, *at);
                let j = boundary(&s, i + n);
                let copy = s[i..j.max(i)].to_owned();
                s.insert_str(j.max(i), &copy);
            }
            Edit::Flip(at, b) => {
                let i = boundary(&s, *at);
                if let Some(c) = s[i..].chars().next() {
                    let flipped = char::from_u32((c as u32) ^ u32::from(*b)).unwrap_or('\u{FFFD}');
                    s.replace_range(i..i + c.len_utf8(), flipped.encode_utf8(&mut [0; 4]));
                }
            }
        }
    }
    s
}

/// An input of `target`: a seed with up to 12 edits, and split points (for streams).
fn input(target: &'static str) -> impl Strategy<Value = (String, Vec<usize>)> {
    let seeds = seeds(target);
    (
        0..seeds.len(),
        prop::collection::vec(edit(), 0..12),
        prop::collection::vec(any::<usize>(), 0..8),
    )
        .prop_map(move |(k, edits, splits)| (apply(&seeds[k], &edits), splits))
}

/// Runs `target` on one input; panics are the failures.
fn run(target: &str, text: &str, splits: &[usize]) {
    let limits = Limits::default();
    match target {
        "snapshot" => {
            if let Ok(s) = Snapshot::parse(text) {
                if let Ok(o) = observe(&s, &limits) {
                    let r = render(&o);
                    assert!(r.tools.len() <= limits.max_actions);
                }
            }
        }
        "limits" => {
            if let Ok(l) = Limits::from_json(text) {
                let s = Snapshot::from_json(SEED_PAGE_JSON).unwrap();
                let _ = observe(&s, &l).map(|o| render(&o).section);
            }
        }
        "reply" => {
            let _ = parse_reply(text);
            let _ = pling_core::openai::http_error(500, text);
        }
        "stream" => {
            let mut a = StreamAssembler::new();
            let mut cuts: Vec<usize> = splits.iter().map(|&p| boundary(text, p)).collect();
            cuts.sort_unstable();
            let mut last = 0;
            for cut in cuts.into_iter().chain([text.len()]) {
                if a.push(&text[last..cut.max(last)]).is_err() {
                    return;
                }
                last = cut.max(last);
            }
            let _ = a.finish();
        }
        "text calls" => {
            for call in recover_calls(text) {
                assert!(!call.id.is_empty());
            }
            let _ = parse_structured(text);
        }
        "arguments" => {
            let s = Snapshot::from_json(SEED_PAGE_JSON).unwrap();
            let seen = pling_core::Observed::new(s, &limits).unwrap();
            for name in ["add_todo", "toggle", "search", "missing"] {
                let _ = pling_core::call::check(&seen, name, text);
            }
        }
        "receipt" => {
            let before = Snapshot::from_json(SEED_PAGE_JSON).unwrap();
            if let Ok(after) = Snapshot::from_json(text) {
                let action = before.actions[0].clone();
                let receipt = pling_core::call::ran(
                    &before,
                    &after,
                    &action,
                    &action.id,
                    Some("t1"),
                    true,
                    None,
                );
                let content = receipt.to_content(limits.max_tool_result_tokens);
                assert!(!content.contains("</page_data>"), "{content}");
            }
        }
        _ => unreachable!(),
    }
}

const TARGETS: [&str; 7] =
    ["snapshot", "limits", "reply", "stream", "text calls", "arguments", "receipt"];

fn crashers(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-crashers")
        .join(target.replace(' ', "-"))
}

/// Fuzzes `target` for `seconds`; returns how many inputs ran.
fn fuzz(target: &'static str, seconds: f64) -> u64 {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut total = 0u64;
    let mut round = 0u32;
    while Instant::now() < deadline {
        round += 1;
        let config = Config {
            cases: 256,
            failure_persistence: None,
            rng_seed: proptest::test_runner::RngSeed::Fixed(
                u64::from(round) * 7919 + target.len() as u64,
            ),
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        let result = runner.run(&input(target), |(text, splits)| {
            run(target, &text, &splits);
            Ok(())
        });
        total += 256;
        if let Err(TestError::Fail(why, (text, _))) = result {
            let dir = crashers(target);
            std::fs::create_dir_all(&dir).unwrap();
            let file = dir.join(format!("crash-{round}.txt"));
            std::fs::write(&file, &text).unwrap();
            panic!("{target}: {why}; input kept in {}", file.display());
        }
    }
    total
}

#[test]
fn every_kept_crash_input_parses_without_panicking() {
    let mut kept = 0;
    for target in TARGETS {
        let Ok(files) = std::fs::read_dir(crashers(target)) else { continue };
        for file in files {
            let path = file.unwrap().path();
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            run(target, &text, &[text.len() / 3, text.len() / 2]);
            kept += 1;
        }
    }
    assert!(kept > 0, "the kept crash inputs are found");
}

#[test]
fn fuzz_every_parser_briefly() {
    let seconds: f64 =
        std::env::var("PLING_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    for target in TARGETS {
        let start = Instant::now();
        let n = fuzz(target, seconds);
        let secs = start.elapsed().as_secs_f64();
        println!("fuzz {target}: {n} inputs in {secs:.1} s ({:.0}/s), no crash", n as f64 / secs);
    }
}
