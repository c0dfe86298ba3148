//! The size of the first request on a 20-row list page — the system message (rules, the
//! application's line, the page section) and the tools — counted with a real tokenizer
//! (`o200k_base`). On a local model the prompt's size is the turn's latency, so this figure is
//! printed and held under a ceiling.

mod common;

use pling_core::json;
use pling_core::{observe, render, system_message, Action, ActionKind, Effect, Limits, Snapshot};

/// A business list page: twenty orders (twelve in view) with five fields each, three row
/// actions, a search, a status filter and paging.
fn orders_page() -> Snapshot {
    let mut s = common::list_page(20, 3, 5, 12);
    let finder = |id: &str, description: &str, kind: ActionKind, params| Action {
        id: id.into(),
        description: description.into(),
        kind,
        effect: Effect::Read,
        region: Some("list".into()),
        params,
        in_viewport: Some(true),
        ..Default::default()
    };
    let text =
        json!({"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]});
    let status = json!({"type": "object", "properties": {"status": {"type": "string", "enum": ["open", "paid", "shipped"]}}, "required": ["status"]});
    s.actions.push(finder(
        "search",
        "Search orders by customer or number",
        ActionKind::Type,
        Some(text),
    ));
    s.actions.push(finder(
        "filter_status",
        "Show orders with one status",
        ActionKind::Select,
        Some(status),
    ));
    s.actions.push(finder("next_page", "Show the next page of orders", ActionKind::Click, None));
    s.state.push(pling_core::StateGroup {
        name: "page".into(),
        value: json!({"number": 1, "of": 4}).into(),
        description: None,
    });
    s
}

/// The first request's prompt tokens: the system message and the tools, as sent.
fn first_request_tokens(s: &Snapshot) -> (usize, usize) {
    let bpe = tiktoken_rs::o200k_base().unwrap();
    let o = observe(s, &Limits::default()).unwrap();
    let r = render(&o);
    let system = system_message(Some("You help the user manage orders."), &r.section, r.rules);
    let tools = serde_json::to_string(&r.tools).unwrap();
    (bpe.encode_with_special_tokens(&system).len(), bpe.encode_with_special_tokens(&tools).len())
}

#[test]
fn the_first_request_on_a_20_row_list_page_stays_small() {
    let (system, tools) = first_request_tokens(&orders_page());
    println!(
        "first request on a 20-row list page: system {system} + tools {tools} = {} tokens (o200k)",
        system + tools
    );
    // 2,161 before rows were described once per row set and the scroll promise said once;
    // 2,030 after.
    assert!(system + tools <= 2_080, "{system} + {tools}");
}

/// A 30-row page whose record ids are uuids.
fn uuid_page() -> Snapshot {
    let mut s = common::list_page(30, 2, 3, 10);
    let uuid = |i: usize| {
        format!("{:08x}-7d4e-4b8a-9f10-{:012x}", 0x3f2a_9c1b_u32 as usize + i * 7919, i * 104_729)
    };
    let text = serde_json::to_string(&pling_core::support::json::to_value(&s).unwrap()).unwrap();
    let mut text = text;
    for i in (1..=30).rev() {
        text = text.replace(&format!("\"r{i}\""), &format!("\"{}\"", uuid(i)));
        text = text.replace(&format!("@r{i}\""), &format!("@{}\"", uuid(i)));
    }
    s = Snapshot::from_json(&text).unwrap();
    s
}

#[test]
fn long_ids_are_cited_by_short_aliases_that_resolve_back_exactly() {
    let s = uuid_page();
    let bpe = tiktoken_rs::o200k_base().unwrap();
    let o = observe(&s, &Limits::default()).unwrap();
    let r = render(&o);
    let tools = serde_json::to_string(&r.tools).unwrap();
    let with_aliases = bpe.encode_with_special_tokens(&r.section).len()
        + bpe.encode_with_special_tokens(&tools).len();
    let first = &s.records[0].id;
    let alias = pling_core::alias::alias_of(first).unwrap();
    assert!(!r.section.contains(first.as_str()), "{}", r.section);
    assert!(r.section.contains(&format!("- 1. {alias} ")), "{}", r.section);
    // The alias and the full id resolve to the same row; a wrong alias does not.
    let by_alias = o.resolve("toggle", Some(&alias)).unwrap();
    assert_eq!(by_alias.action_id, format!("toggle@{first}"));
    assert_eq!(by_alias.record, Some(first.as_str()));
    assert_eq!(o.resolve("toggle", Some(first)).unwrap().action_id, by_alias.action_id);
    let e = o.resolve("toggle", Some("zzzzzz")).unwrap_err().to_string();
    assert!(e.contains(&format!("its rows: {alias}, ")), "{e}");
    // The same page with every id cited whole, for the figure.
    let mut whole = 0;
    {
        let text = r.section.clone();
        let mut text_whole = text;
        let mut tools_whole = tools.clone();
        for rec in &s.records {
            let a = pling_core::alias::alias_of(&rec.id).unwrap();
            text_whole = text_whole.replace(&a, &rec.id);
            tools_whole = tools_whole.replace(&a, &rec.id);
        }
        whole += bpe.encode_with_special_tokens(&text_whole).len();
        whole += bpe.encode_with_special_tokens(&tools_whole).len();
    }
    println!("30-row page of uuids, page section + tools: {whole} tokens with ids whole, {with_aliases} with aliases (o200k)");
    assert!(with_aliases < whole);
}

#[test]
fn receipts_speak_the_alias() {
    let before = uuid_page();
    let mut after = before.clone();
    let gone = after.records.remove(0).id;
    let action = before.actions.iter().find(|a| a.id == format!("toggle@{gone}")).unwrap();
    let receipt =
        pling_core::call::ran(&before, &after, action, &action.id, Some(&gone), true, None);
    let content = receipt.to_content(1000);
    let alias = pling_core::alias::alias_of(&gone).unwrap();
    assert!(!content.contains(gone.as_str()), "{content}");
    assert!(content.contains(&format!("\"id\":\"toggle@{alias}\"")), "{content}");
    assert!(content.contains(&format!("\"removed\":[\"{alias}\"]")), "{content}");
}
