//! The JSON forms the binding hands to JS (`to_json`, written out by hand) are the forms the
//! `Serialize` derives write, member for member and in the same order.

use pling_core::agent::{Command, Done, EndReason, Purpose};
use pling_core::json;
use pling_core::json::{to_value, Value};
use pling_core::openai::{FinishReason, Reply, ToolCall, Usage};

fn same<T: serde::Serialize>(value: &T, by_hand: Value) {
    let derived = to_value(value).unwrap();
    assert_eq!(by_hand, derived);
    // Member order too: the texts agree.
    assert_eq!(pling_core::json_text::text(&by_hand), pling_core::json_text::text(&derived));
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
