//! A call's walk: each call of a reply is checked against the observation the model was
//! sent, asked of the person, handed to them or dispatched, and gets its result from the
//! receipt (or the reason it did not run).

use super::command::{Command, Done, EndReason};
use super::{dispatch_command, Agent, InFlight, Refusal, State, DECLINED_BY_PERSON};
use crate::assist::unseen::Verdict;
use crate::call::{check, Call, Checked, HANDED_OFF};
use crate::observed::Observed;
use crate::openai::{Message, ToolCall};
use crate::receipt::{record_label, Receipt};
use crate::snapshot::Effect::Write;
use std::rc::Rc;

impl Agent {
    /// The receipt of a dispatched call, from the page before it and the page now.
    pub(super) fn receipt(&mut self, flight: InFlight, now: &Observed) {
        let outcome = flight.outcome.clone().unwrap_or_default();
        let receipt = crate::call::ran(
            flight.before.snapshot(),
            now.snapshot(),
            flight.action().unwrap_or(&crate::snapshot::NO_ACTION),
            &flight.action_id,
            flight.record.as_deref(),
            outcome.ok,
            outcome.error.clone(),
        );
        self.push_result(&flight.call, &receipt);
        if !outcome.ok {
            self.count_failure(&flight.call);
        }
        self.log.push(flight.done(outcome.ok, outcome.ran.unwrap_or(true), outcome.error));
    }

    /// Checks one call; returns the command for the host, or `None` when it was refused (its
    /// result is already in the history) and the next call can be handled.
    pub(super) fn handle_call(&mut self, call: ToolCall) -> Option<Command> {
        self.reply.handled += 1;
        let limit = self.config.max_calls_per_reply;
        if self.reply.handled > limit {
            let left = self.reply.made - limit;
            let why = format!(
                "not run: one reply may make at most {limit} calls, and this one made {}; this call and the {} after it did not run. Make the ones still needed in your next reply",
                self.reply.made,
                left - 1
            );
            self.not_run(&call, why);
            return None;
        }
        let checked = self.checked(&call)?;
        if checked.confirm && !checked.handoff {
            self.reply.confirmations += 1;
            if self.reply.confirmations > self.config.max_confirmations_per_reply {
                let why = format!(
                    "not run: one reply may ask the person to confirm at most {} actions; ask again in your next reply if it is still needed",
                    self.config.max_confirmations_per_reply
                );
                self.not_run(&call, why);
                return None;
            }
        }
        self.start(call, checked)
    }

    /// The call as it may run, after every check; `None` when it was refused (its result is
    /// in the history) or there is no snapshot.
    pub(super) fn checked(&mut self, call: &ToolCall) -> Option<Call> {
        let mut checked = match self.check_against_shown(call)? {
            Ok(checked) => checked,
            Err((action_id, error)) => {
                self.refuse(call, action_id, error);
                return None;
            }
        };
        // What the person said no to in this request is asked again, never run unasked.
        checked.confirm |= self.log.iter().any(|d| {
            d.action_id.as_ref() == Some(&checked.action_id)
                && d.error.as_deref() == Some(DECLINED_BY_PERSON)
        });
        match self.unseen_row(call, &checked) {
            Verdict::Run => {}
            Verdict::Confirm => checked.confirm = true,
            Verdict::SendBack(why) => {
                self.not_run(call, why);
                return None;
            }
        }
        Some(checked)
    }

    /// The `unseenRows` assist's verdict on a write on a row ([`crate::assist::unseen`]).
    pub(super) fn unseen_row(&mut self, call: &ToolCall, checked: &Call) -> Verdict {
        let (Some(record), Some(shown)) = (checked.record.as_deref(), self.shown.clone()) else {
            return Verdict::Run;
        };
        let writes =
            crate::call::action_of(shown.snapshot(), checked).is_none_or(|a| a.effect == Write);
        if !writes || checked.handoff || crate::assist::unseen::named_in(&self.request, record) {
            return Verdict::Run;
        }
        let mode = self.config.assists.unseen_rows;
        self.seen.judge(mode, &shown, &call.name, &checked.action_id, record)
    }

    /// Starts a checked call: hands it to the person, asks them, or dispatches it.
    pub(super) fn start(&mut self, call: ToolCall, checked: Call) -> Option<Command> {
        let current = self.snapshot.clone()?;
        let action_at = crate::call::action_at(current.snapshot(), &checked);
        let flight = InFlight {
            action_id: checked.action_id.clone(),
            record: checked.record.clone(),
            call,
            arguments: checked.arguments.clone(),
            before: current,
            outcome: None,
            action_at,
        };
        if checked.handoff {
            return Some(self.hand_off(flight));
        }
        let command = if checked.confirm {
            self.state = State::Confirm;
            Command::Confirm {
                name: flight.call.name.clone(),
                action_id: flight.action_id.clone(),
                record: flight.record.clone(),
                label: flight
                    .record
                    .as_deref()
                    .and_then(|r| record_label(flight.before.snapshot(), r)),
                description: flight.description().to_owned(),
                arguments: flight.arguments.clone(),
            }
        } else {
            self.state = State::Dispatch;
            dispatch_command(&flight)
        };
        self.in_flight = Some(flight);
        Some(command)
    }

    /// A step only the person can take: it is never run; the loop ends with what to do.
    pub(super) fn hand_off(&mut self, flight: InFlight) -> Command {
        let description = flight.description().to_owned();
        let receipt =
            Receipt::refused(&flight.action_id, &description, HANDED_OFF.to_owned(), String::new());
        self.push_result(&flight.call, &receipt);
        self.log.push(flight.done(false, false, Some("handed to the person".to_owned())));
        let what = if description.is_empty() { flight.call.name.clone() } else { description };
        self.finish(
            EndReason::Handoff,
            Some(format!(
                "This step needs you: {what}. I stopped here so you can do it yourself in the page."
            )),
        )
    }

    /// Checks `call` against the observation the model was sent and, when earlier calls of
    /// the reply changed the page since, that its target is still there and can run. A record
    /// that is not a row of the action gets the page's own ways to find rows.
    pub(super) fn check_against_shown(&self, call: &ToolCall) -> Option<Result<Call, Refusal>> {
        let current = self.snapshot.as_ref()?;
        let shown = self.shown.as_ref().unwrap_or(current);
        let checked = match check(shown, &call.name, &call.arguments) {
            Checked::Run(checked) => checked,
            Checked::Refused { action_id, error, .. } => return Some(Err((action_id, error))),
        };
        if !Rc::ptr_eq(shown, current) {
            if let Err(error) = crate::call::still_runs(current, &checked) {
                return Some(Err((Some(checked.action_id), error)));
            }
        }
        Some(Ok(checked))
    }

    /// A call that is not run for a bound of the loop or an assist: its result says why; it
    /// is not a failure of the model's choice.
    pub(super) fn not_run(&mut self, call: &ToolCall, why: String) {
        let receipt = Receipt::refused(&call.name, "", why.clone(), String::new());
        self.push_result(call, &receipt);
        self.log.push(Done {
            name: call.name.clone(),
            action_id: None,
            record: None,
            label: None,
            ok: false,
            dispatched: false,
            error: Some(why),
        });
    }

    pub(super) fn refuse(&mut self, call: &ToolCall, action_id: Option<String>, error: String) {
        let error = if self.count_failure(call) {
            format!("{error}. You already made this exact call and it failed; do not repeat it (rule 5)")
        } else {
            error
        };
        let receipt = Receipt::refused(
            action_id.as_deref().unwrap_or(&call.name),
            "",
            error.clone(),
            self.available_names(),
        );
        self.push_result(call, &receipt);
        self.log.push(Done {
            name: call.name.clone(),
            action_id,
            record: None,
            label: None,
            ok: false,
            dispatched: false,
            error: Some(error),
        });
    }

    /// The key a call's failures are counted under: its name and canonical arguments.
    pub(super) fn failure_key(call: &ToolCall) -> String {
        let canonical = crate::support::json_text::from_str(&call.arguments)
            .map(|v| crate::support::json_text::text(&v))
            .unwrap_or_else(|_| call.arguments.clone());
        format!("{}\u{0}{}", call.name, canonical)
    }

    /// Counts a failing call; true when the identical call failed before.
    pub(super) fn count_failure(&mut self, call: &ToolCall) -> bool {
        let key = Self::failure_key(call);
        let at = match self.failures.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.failures.push((key, 0));
                self.failures.len() - 1
            }
        };
        let count = &mut self.failures[at].1;
        *count += 1;
        if *count > 1 {
            self.repeated += 1;
            true
        } else {
            false
        }
    }

    pub(super) fn available_names(&self) -> String {
        self.snapshot
            .as_ref()
            .map_or_else(|| "none".to_owned(), |s| s.observation().callable_names())
    }

    pub(super) fn push_result(&mut self, call: &ToolCall, receipt: &Receipt) {
        let content = receipt.to_content(self.config.limits.max_tool_result_tokens);
        self.history.messages.push(Message::Tool { tool_call_id: call.id.clone(), content });
    }
}
