//! The assistant loop as a sans-IO state machine. It says what to do next — observe the page,
//! call the model with this request, ask the person to confirm, dispatch this action, finish —
//! and takes each outcome back. The host (the browser shim, or a test) carries out each [`Command`].
//!
//! Every tool call is checked before anything runs: its JSON, its name and record against the
//! observation the model saw, its arguments against the schema. Confirmation and handoff are
//! enforced here, not left to the model. Each dispatched action gets a receipt from the
//! snapshots before and after it.
//!
//! Here: the state machine and what it holds. `config` says how the loop runs; `command`
//! what it says to its host and hears back; `calls` is a call's walk from the reply to its
//! receipt; `ending` the answer and the honest report of what ran.

mod calls;
mod command;
mod config;
mod ending;
mod json_forms;
mod overflow;

use crate::assist::unseen::SeenRows;
use crate::call::DECLINED;
use crate::history::{fixed_tokens, History, SUMMARY_SYSTEM};
use crate::observed::Observed;
use crate::openai::{
    cut_answer, parse_structured, recover_calls, request_body, request_body_with_format,
    structured_format, Message, ModelError, Reply, RequestOptions, ToolCall, ToolMode,
};
use crate::receipt::{record_label, Receipt};
use crate::render::{render, with_record_choices};
use crate::rules::{system_message, RuleNeeds};
use crate::snapshot::Action;
use crate::support::json::Value;
use overflow::{is_context_overflow, overflow_ratio};
use std::rc::Rc;

pub use crate::assist::non_answer::{NUDGE, NUDGE_DEFINITION, NUDGE_PAGE_DATA, NUDGE_RESULT};
pub use command::{AgentError, Command, Done, EndReason, Outcome, Purpose};
pub use config::{
    AgentConfig, DEFAULT_MAX_CALLS_PER_REPLY, DEFAULT_MAX_CONFIRMATIONS_PER_REPLY,
    DEFAULT_MAX_REPEATED_FAILURES, DEFAULT_MAX_STEPS,
};

#[derive(Debug, Clone, PartialEq)]
enum State {
    Idle,
    Observe { receipt: bool },
    Model { purpose: Purpose, cut: usize },
    Confirm,
    Dispatch,
    Finished(Command),
}

impl State {
    fn name(&self) -> &'static str {
        match self {
            State::Idle => "idle",
            State::Observe { .. } => "waiting for a snapshot",
            State::Model { .. } => "waiting for the model",
            State::Confirm => "waiting for a confirmation",
            State::Dispatch => "waiting for a dispatch",
            State::Finished(_) => "finished",
        }
    }
}

/// The assistant loop.
#[derive(Debug, Clone)]
pub struct Agent {
    config: AgentConfig,
    history: History,
    /// The page as last observed: each snapshot is observed once, when it arrives.
    snapshot: Option<Rc<Observed>>,
    /// The observation the model was last sent: every call of its reply is resolved against
    /// it.
    shown: Option<Rc<Observed>>,
    state: State,
    /// The current reply's calls not handled yet, last first.
    pending: Vec<ToolCall>,
    reply: ReplyCount,
    in_flight: Option<InFlight>,
    steps: usize,
    /// Each failing call's key ([`Agent::failure_key`]) with its count: a few a request.
    failures: Vec<(String, usize)>,
    repeated: usize,
    log: Vec<Done>,
    /// The person's current request, to notice an answer that only repeats it.
    request: String,
    /// What the endpoint counts for a request over what the estimator counts: learnt from
    /// each reply's `usage`, so the budget is what the server (its chat template and tools
    /// included) sees, not what o200k would.
    calibration: f64,
    /// The estimate of the last step request, to compare with the usage of its reply.
    estimated: usize,
    /// Whether the current step was already retried after a context overflow.
    overflow_retried: bool,
    /// The conditional rules the conversation's pages have needed: kept once needed, so the
    /// rules the prompt cache reuses change at most once for each.
    rule_needs: RuleNeeds,
    /// The message a non-answer was sent back with in this request (once a request).
    nudge: Option<&'static str>,
    /// The rows whose fields the model has been shown ([`crate::assist::unseen`]).
    seen: SeenRows,
}

impl Agent {
    /// A loop with this configuration and an empty conversation.
    pub fn new(config: AgentConfig) -> Self {
        Self {
            config,
            history: History::default(),
            snapshot: None,
            shown: None,
            state: State::Idle,
            pending: Vec::new(),
            reply: ReplyCount::default(),
            in_flight: None,
            steps: 0,
            failures: Vec::new(),
            repeated: 0,
            log: Vec::new(),
            request: String::new(),
            calibration: 1.0,
            estimated: 0,
            overflow_retried: false,
            rule_needs: RuleNeeds::default(),
            nudge: None,
            seen: SeenRows::default(),
        }
    }

    /// The conversation so far.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The configuration.
    pub fn config(&self) -> &AgentConfig {
        &self.config
    }

    /// Whether a task is under way.
    pub fn busy(&self) -> bool {
        !matches!(self.state, State::Idle | State::Finished(_))
    }

    fn wrong(&self, expected: &'static str) -> AgentError {
        AgentError::WrongState { expected, state: self.state.name() }
    }

    /// Starts a task with the person's words.
    pub fn ask(&mut self, text: &str) -> Result<Command, AgentError> {
        if self.busy() {
            return Err(self.wrong("a new request"));
        }
        self.history.messages.push(Message::User { content: text.to_owned() });
        self.request = text.to_owned();
        self.nudge = None;
        self.steps = 0;
        self.repeated = 0;
        self.failures.clear();
        self.log.clear();
        self.state = State::Observe { receipt: false };
        Ok(Command::Observe)
    }

    /// Takes the settled snapshot the last [`Command::Observe`] asked for.
    pub fn observed(&mut self, snapshot: crate::snapshot::Snapshot) -> Result<Command, AgentError> {
        let State::Observe { receipt } = self.state else {
            if let State::Finished(command) = &self.state {
                return Ok(command.clone());
            }
            return Err(self.wrong("a snapshot"));
        };
        let current = Rc::new(Observed::new(snapshot, &self.config.limits)?);
        if receipt {
            if let Some(flight) = self.in_flight.take() {
                self.receipt(flight, &current);
            }
        }
        self.snapshot = Some(current);
        if self.repeated >= self.config.max_repeated_failures {
            return Ok(self.finish(EndReason::RepeatedFailures, None));
        }
        Ok(self.next())
    }

    /// Takes the model's reply (after the host's retries), or its final failure.
    pub fn model_replied(
        &mut self,
        reply: Result<Reply, ModelError>,
    ) -> Result<Command, AgentError> {
        let State::Model { purpose, cut } = self.state else {
            if let State::Finished(command) = &self.state {
                return Ok(command.clone());
            }
            return Err(self.wrong("a model reply"));
        };
        if purpose == Purpose::Summary {
            let summary = match reply {
                Ok(Reply { content: Some(text), .. }) if !text.trim().is_empty() => text,
                _ => self.history.fallback_summary(cut),
            };
            self.history.compact(cut, &summary, Some(&self.request));
            return Ok(self.request(false));
        }
        let reply = match reply {
            Ok(reply) => reply,
            Err(error) => return Ok(self.model_failed(error)),
        };
        self.overflow_retried = false;
        if let Some(usage) = reply.usage.filter(|u| u.prompt_tokens > 0 && self.estimated > 0) {
            let measured = usage.prompt_tokens as f64 / self.estimated as f64;
            self.calibration = measured.clamp(0.5, 4.0);
        }
        let finish_reason = reply.finish_reason.clone();
        let (content, mut calls) = self.calls_of(reply);
        if calls.is_empty() {
            return Ok(self.answered(content.unwrap_or_default().trim().to_owned(), finish_reason));
        }
        // Past the reply's bound, one call stands for all the rest: its result says how many
        // did not run, so one reply cannot make the next request arbitrarily large.
        self.reply = ReplyCount { made: calls.len(), ..ReplyCount::default() };
        calls.truncate(self.config.max_calls_per_reply + 1);
        let kept = calls.iter().map(ToolCall::for_history).collect();
        self.history.messages.push(Message::Assistant { content, tool_calls: kept });
        self.pending = calls;
        self.pending.reverse(); // taken from the end, in the reply's order
        Ok(self.next())
    }

    /// The model call failed (after the host's retries): the person stopped it, it was larger
    /// than the server's context (compact and ask again, once), or it is the end.
    fn model_failed(&mut self, error: ModelError) -> Command {
        if error == ModelError::Aborted {
            return self.finish(EndReason::Stopped, None);
        }
        if is_context_overflow(&error) && !self.overflow_retried {
            // Larger than the server's context: learn by how much, compact, ask again once.
            self.overflow_retried = true;
            let factor = overflow_ratio(&error).unwrap_or(1.25).clamp(1.05, 4.0);
            self.calibration = (self.calibration * factor).min(4.0);
            if let Some(command) = self.compaction(true) {
                return command;
            }
            return self.finish(
                EndReason::ModelFailed,
                Some(format!("{error} (and there was no older history to summarise)")),
            );
        }
        self.finish(EndReason::ModelFailed, Some(error.to_string()))
    }

    /// Native calls, or calls recovered from the text (or the structured reply).
    fn calls_of(&self, reply: Reply) -> (Option<String>, Vec<ToolCall>) {
        let text = reply.content.clone().filter(|c| !c.trim().is_empty());
        if !reply.tool_calls.is_empty() {
            return (text, reply.tool_calls);
        }
        let Some(text) = text else { return (None, vec![]) };
        match self.config.request.tool_mode {
            ToolMode::Native => (Some(text), vec![]),
            ToolMode::Structured => match parse_structured(&text) {
                Some(r) if !r.tool_calls.is_empty() => (None, r.tool_calls),
                Some(r) => (r.content, vec![]),
                None => match cut_answer(&text) {
                    Some(answer) => (Some(answer), vec![]),
                    None => (Some(text.clone()), recover_calls(&text)),
                },
            },
            ToolMode::Auto => {
                let calls = recover_calls(&text);
                if calls.is_empty() {
                    (Some(text), calls)
                } else {
                    (None, calls)
                }
            }
        }
    }

    /// Takes the person's answer to [`Command::Confirm`].
    pub fn confirmed(&mut self, yes: bool) -> Result<Command, AgentError> {
        if !matches!(self.state, State::Confirm) {
            if let State::Finished(command) = &self.state {
                return Ok(command.clone());
            }
            return Err(self.wrong("a confirmation"));
        }
        let Some(flight) = self.in_flight.take() else {
            return Err(self.wrong("a confirmation"));
        };
        if yes {
            self.state = State::Dispatch;
            let command = dispatch_command(&flight);
            self.in_flight = Some(flight);
            return Ok(command);
        }
        let receipt = Receipt::refused(
            &flight.action_id,
            flight.description(),
            DECLINED.to_owned(),
            self.available_names(),
        );
        self.push_result(&flight.call, &receipt);
        self.log.push(flight.done(false, false, Some(DECLINED_BY_PERSON.to_owned())));
        Ok(self.next())
    }

    /// Takes the page's outcome of [`Command::Dispatch`]; the receipt follows the next snapshot.
    pub fn dispatched(&mut self, outcome: Outcome) -> Result<Command, AgentError> {
        if !matches!(self.state, State::Dispatch) {
            if let State::Finished(command) = &self.state {
                return Ok(command.clone());
            }
            return Err(self.wrong("a dispatch outcome"));
        }
        if let Some(flight) = self.in_flight.as_mut() {
            flight.outcome = Some(outcome);
        }
        self.state = State::Observe { receipt: true };
        Ok(Command::Observe)
    }

    /// The person stops the loop: nothing is dispatched after this. Calls not yet run get a
    /// result saying so, so the conversation stays well-formed for the next request.
    pub fn stop(&mut self) -> Command {
        self.end_early(EndReason::Stopped, "stopped by the person", None)
    }

    /// The page or the engine failed (`why`), not the person: the loop ends as [`Self::stop`]
    /// does, and the call in flight says what happened.
    pub fn fail(&mut self, why: &str) -> Command {
        self.end_early(EndReason::ModelFailed, "not finished: the page failed", Some(why))
    }

    /// Forgets the conversation: a new one starts with the next request.
    pub fn reset(&mut self) {
        *self = Self::new(self.config.clone());
    }

    fn next(&mut self) -> Command {
        while let Some(call) = self.pending.pop() {
            if let Some(command) = self.handle_call(call) {
                return command;
            }
            if self.repeated >= self.config.max_repeated_failures {
                return self.finish(EndReason::RepeatedFailures, None);
            }
        }
        self.request(true)
    }

    fn request(&mut self, count_step: bool) -> Command {
        let Some(current) = self.snapshot.clone() else {
            self.state = State::Observe { receipt: false };
            return Command::Observe;
        };
        let observation = current.observation();
        let rendered = render(observation);
        self.rule_needs = self.rule_needs.union(rendered.rules);
        let application = self.config.application.as_deref();
        let system = system_message(application, &rendered.section, self.rule_needs);
        let fixed = fixed_tokens(&system, &rendered.tools);
        // The history's own estimate is scaled inside; the fixed part is given scaled by what
        // the endpoint was seen to count, and so is the history (the difference is added).
        let history = self.history.tokens();
        let scaled = ((fixed + history) as f64 * self.calibration) as usize;
        if self.history.needs_compaction(scaled.saturating_sub(history), &self.config.limits) {
            if let Some(command) = self.compaction(false) {
                return command;
            }
        }
        self.estimated = fixed + self.history.tokens();
        if count_step {
            if self.steps >= self.config.max_steps {
                return self.finish(EndReason::StepLimit, None);
            }
            self.steps += 1;
        }
        let mut options = self.config.request.clone();
        if options.max_tokens.is_none() {
            options.max_tokens = Some(self.config.limits.reserve_for_output);
        }
        let format = (options.tool_mode == ToolMode::Structured).then(|| {
            let max_calls = self.config.max_calls_per_reply;
            if options.record_choices {
                let choices = with_record_choices(observation, rendered.tools.clone());
                structured_format(&choices, max_calls)
            } else {
                structured_format(&rendered.tools, max_calls)
            }
        });
        let messages = &self.history.messages;
        let body = request_body_with_format(&system, messages, &rendered.tools, format, &options);
        self.seen.note(&current);
        self.shown = Some(current.clone());
        self.state = State::Model { purpose: Purpose::Step, cut: 0 };
        Command::Request { purpose: Purpose::Step, body }
    }

    /// A request to summarise the older history, when there is older history to summarise.
    /// `forced`: even when the estimate says it fits (the server said it did not).
    fn compaction(&mut self, forced: bool) -> Option<Command> {
        let keep = if forced {
            (self.config.limits.keep_recent / 2).max(1)
        } else {
            self.config.limits.keep_recent
        };
        let cut = self.history.cut(keep)?;
        let options = RequestOptions {
            stream: false,
            tool_mode: ToolMode::Native,
            ..self.config.request.clone()
        };
        let body = request_body(SUMMARY_SYSTEM, &self.history.summary_messages(cut), &[], &options);
        self.state = State::Model { purpose: Purpose::Summary, cut };
        Some(Command::Request { purpose: Purpose::Summary, body })
    }
}

#[derive(Debug, Clone, PartialEq)]
struct InFlight {
    call: ToolCall,
    /// Where the declared action is in `before`'s snapshot.
    action_at: Option<usize>,
    action_id: String,
    record: Option<String>,
    arguments: Value,
    before: Rc<Observed>,
    outcome: Option<Outcome>,
}

impl InFlight {
    /// The declared action the call runs, as the snapshot it was checked against has it.
    fn action(&self) -> Option<&Action> {
        self.action_at.and_then(|i| self.before.snapshot().actions.get(i))
    }

    fn description(&self) -> &str {
        self.action().map_or("", |a| a.description.as_str())
    }
}

/// The calls of the model's current reply: how many it made, how many were handled, and how
/// many confirmations they asked for.
#[derive(Debug, Clone, Copy, Default)]
struct ReplyCount {
    made: usize,
    handled: usize,
    confirmations: usize,
}

/// The log's word for a call the person declined.
const DECLINED_BY_PERSON: &str = "declined by the person";

/// A refused call: the action it named, when the name resolved, and why.
type Refusal = (Option<String>, String);

fn dispatch_command(flight: &InFlight) -> Command {
    Command::Dispatch {
        action_id: flight.action_id.clone(),
        declared: flight.action().map_or_else(String::new, |a| a.id.clone()),
        record: flight.record.clone(),
        arguments: flight.arguments.clone(),
    }
}

impl InFlight {
    /// The log entry for this call.
    fn done(&self, ok: bool, dispatched: bool, error: Option<String>) -> Done {
        Done {
            name: self.call.name.clone(),
            action_id: Some(self.action_id.clone()),
            record: self.record.clone(),
            label: self.record.as_deref().and_then(|r| record_label(self.before.snapshot(), r)),
            ok,
            dispatched,
            error,
        }
    }
}
