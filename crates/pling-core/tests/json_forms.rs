//! The JSON forms the engine writes and hands to JS (`to_json`, written out by hand) are the
//! forms the `Serialize` derives write, member for member and in the same order.

use pling_core::agent::{Command, Done, EndReason, Purpose};
use pling_core::json;
use pling_core::openai::{FinishReason, Reply, ToolCall, Usage};
use pling_core::support::json::{to_value, Value};

fn same<T: serde::Serialize>(value: &T, by_hand: Value) {
    let derived = to_value(value).unwrap();
    assert_eq!(by_hand, derived);
    // Member order too: the texts agree.
    assert_eq!(
        pling_core::support::json_text::text(&by_hand),
        pling_core::support::json_text::text(&derived)
    );
}

fn done(ok: bool) -> Done {
    Done {
        name: "toggle".into(),
        action_id: Some("toggle@t1".into()),
        record: ok.then(|| "t1".into()),
        label: Some("Write the \"weekly\" report".into()),
        ok,
        dispatched: ok,
        error: (!ok).then(|| "declined by the person".into()),
    }
}

#[test]
fn commands_and_log_entries() {
    let arguments = json!({"record": "t1", "text": "é ✓"});
    let commands = [
        Command::Observe,
        Command::Request { purpose: Purpose::Step, body: json!({"model": "m", "stream": true}) },
        Command::Request { purpose: Purpose::Summary, body: json!({}) },
        Command::Confirm {
            name: "delete".into(),
            action_id: "delete@t1".into(),
            record: Some("t1".into()),
            label: None,
            description: "Delete a task".into(),
            arguments: arguments.clone(),
        },
        Command::Dispatch {
            action_id: "save".into(),
            declared: "save".into(),
            record: None,
            arguments,
        },
    ];
    for command in &commands {
        same(command, command.to_json());
    }
    for reason in [
        EndReason::Answered,
        EndReason::Handoff,
        EndReason::StepLimit,
        EndReason::RepeatedFailures,
        EndReason::Stopped,
        EndReason::ModelFailed,
    ] {
        let finish =
            Command::Finish { reason, message: "m".into(), actions: vec![done(true), done(false)] };
        same(&finish, finish.to_json());
    }
    same(&done(false), done(false).to_json());
}

#[test]
fn replies() {
    let call = ToolCall {
        id: "call_1".into(),
        name: "search".into(),
        arguments: "{\"text\":\"a\"}".into(),
    };
    let usage = Usage { prompt_tokens: 1931, completion_tokens: 12, cached_tokens: 1024 };
    let reasons = [
        FinishReason::Stop,
        FinishReason::ToolCalls,
        FinishReason::Length,
        FinishReason::ContentFilter,
        FinishReason::FunctionCall,
        FinishReason::Missing,
        FinishReason::Other("eos_token".into()),
    ];
    for (i, finish_reason) in reasons.into_iter().enumerate() {
        let reply = Reply {
            content: (i % 2 == 0).then(|| "Done.".into()),
            tool_calls: if i % 3 == 0 { vec![call.clone(), call.clone()] } else { vec![] },
            finish_reason,
            usage: (i % 2 == 1).then_some(usage),
            recovered: i == 4,
        };
        same(&reply, reply.to_json());
    }
    same(&usage, usage.to_json());
    same(&call, call.to_json());
}

#[test]
fn receipts_in_every_shape() {
    use pling_core::receipt::{
        ActionChanges, ActionRef, Changes, Count, PageChange, Receipt, RecordChange, RecordChanges,
        ValueChange,
    };
    let action = |record: Option<&str>| ActionRef {
        id: "toggle@t1".into(),
        description: "Mark done".into(),
        record: record.map(Into::into),
        label: record.map(|_| "Write \"report\"".into()),
    };
    let full = Changes {
        observed: true,
        page: Some(PageChange { from: "Todos — /".into(), to: "Todo — /t1".into() }),
        records: RecordChanges {
            total: Some(Count { from: 3, to: 4 }),
            added: vec!["t2".into()],
            removed: vec![],
            shown: vec!["t4".into()],
            hidden: vec![],
            changed: vec![
                RecordChange { id: "t1".into(), fields: vec!["done".into()] },
                RecordChange { id: "t3".into(), fields: vec![] },
            ],
            more: Some(json!({"changed": 4})),
        },
        actions: ActionChanges {
            now_available: vec![],
            now_unavailable: vec!["undo".into()],
            values: vec![
                ValueChange { id: "buy@g1".into(), from: json!(false), to: json!(true) },
                ValueChange { id: "set_name".into(), from: json!(""), to: json!("Ana") },
            ],
        },
        state: json!({"status": "saved"}).as_object().unwrap().clone(),
        feedback: vec![json!({"kind": "info", "text": "Saved"})],
    };
    // Nothing but `more` in the records: the derive leaves the records out.
    let only_more = Changes {
        observed: true,
        records: RecordChanges { more: Some(json!({"added": 1})), ..Default::default() },
        ..Default::default()
    };
    let changes = [Changes::default(), full, only_more];
    for (i, changed) in changes.iter().enumerate() {
        same(changed, changed.to_json());
        let receipt = Receipt {
            ok: i != 1,
            action: action((i > 0).then_some("t1")),
            error: (i == 1).then(|| "It failed".into()),
            changed: (i > 0).then(|| changed.clone()),
            warning: (i == 2).then(|| "EXPECTATION_FAILED: x".into()),
            available: (i == 1).then(|| "add, toggle".into()),
        };
        same(&receipt, receipt.to_json());
    }
}

#[test]
fn limits_omissions_and_calls() {
    let limits = pling_core::Limits { compact_ratio: 0.65, max_records: 7, ..Default::default() };
    same(&limits, limits.to_json());
    same(&pling_core::Limits::default(), pling_core::Limits::default().to_json());
    let omissions = pling_core::Omissions {
        actions_folded: 1,
        entries_not_shown: 2,
        actions_hidden: 3,
        records_not_shown: 4,
        record_ids_not_listed: 5,
        records_hidden: 6,
        regions_not_listed: 7,
        hidden_regions_not_listed: 8,
        state_groups_left_out: 9,
        feedback_dropped: 10,
        location_cut: 11,
        values_shortened: 12,
    };
    same(&omissions, omissions.to_json());
    for record in [None, Some("t1")] {
        let call = pling_core::call::Call {
            action_id: "toggle@t1".into(),
            declared: "toggle".into(),
            record: record.map(Into::into),
            arguments: json!({"done": true}),
            confirm: record.is_some(),
            handoff: false,
            description: "Mark done".into(),
        };
        same(&call, call.to_json());
    }
}
