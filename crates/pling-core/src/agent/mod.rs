//! The assistant loop as a sans-IO state machine. It says what to do next — observe the page,
//! call the model with this request, ask the person to confirm, dispatch this action, finish —
//! and takes each outcome back. The host (the browser shim, or a test) carries out each [`Command`].
//!
//! Every tool call is checked before anything runs: its JSON, its name and record against the
//! observation the model saw, its arguments against the schema. Confirmation and handoff are
//! enforced here, not left to the model. Each dispatched action gets a receipt from the
//! snapshots before and after it.

mod json_forms;
mod overflow;

use crate::assist::non_answer::{non_answer, NonAnswer};
use crate::assist::unseen::{SeenRows, Verdict};
use crate::assist::Assists;
use crate::call::{check, Call, Checked, DECLINED, HANDED_OFF};
use crate::history::{fixed_tokens, History, SUMMARY_SYSTEM};
use crate::limits::Limits;
use crate::observed::Observed;
use crate::openai::{
    parse_structured, recover_calls, request_body, structured_format, Message, ModelError, Reply,
    RequestOptions, ToolCall, ToolMode,
};
use crate::receipt::{record_label, Receipt};
use crate::render::{render, with_record_choices};
use crate::rules::{system_message, RuleNeeds};
use crate::snapshot::{Action, Effect::Write};
use crate::support::json::Value;
use crate::support::text::Joined;
use overflow::{is_context_overflow, overflow_ratio};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use thiserror::Error;

pub use crate::assist::non_answer::{NUDGE, NUDGE_DEFINITION, NUDGE_PAGE_DATA, NUDGE_RESULT};

/// Default model turns for one request of the person's.
pub const DEFAULT_MAX_STEPS: usize = 12;
/// Default number of repeated identical failing calls before the loop gives up.
pub const DEFAULT_MAX_REPEATED_FAILURES: usize = 3;
/// Default number of calls of one model reply that run; the rest get a result saying so.
pub const DEFAULT_MAX_CALLS_PER_REPLY: usize = 8;
/// Default number of times one model reply may ask the person to confirm.
pub const DEFAULT_MAX_CONFIRMATIONS_PER_REPLY: usize = 2;

/// How the loop runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AgentConfig {
    /// The application section, appended once after the rules.
    pub application: Option<String>,
    /// Budgets.
    pub limits: Limits,
    /// Model, streaming, tool mode, temperature.
    pub request: RequestOptions,
    /// Model turns for one request of the person's before the loop stops.
    pub max_steps: usize,
    /// Repeated identical failing calls before the loop stops.
    pub max_repeated_failures: usize,
    /// Calls of one model reply that are handled; later ones are not run, and their results
    /// say so.
    pub max_calls_per_reply: usize,
    /// Confirmations one model reply may ask the person for; later confirm actions of the
    /// same reply are not run, and their results say so.
    pub max_confirmations_per_reply: usize,
    /// The optional help for weak models ([`crate::assist`]).
    pub assists: Assists,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self {
            application: None,
            limits: Limits::default(),
            request: RequestOptions::default(),
            max_steps: DEFAULT_MAX_STEPS,
            max_repeated_failures: DEFAULT_MAX_REPEATED_FAILURES,
            max_calls_per_reply: DEFAULT_MAX_CALLS_PER_REPLY,
            max_confirmations_per_reply: DEFAULT_MAX_CONFIRMATIONS_PER_REPLY,
            assists: Assists::default(),
        }
    }
}

/// What a model request is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Purpose {
    /// The next step of the task.
    Step,
    /// Summarising older history.
    Summary,
}

/// Why the loop finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    /// The model answered.
    Answered,
    /// An action needs the person: control is theirs.
    Handoff,
    /// The step limit was reached.
    StepLimit,
    /// The same failing call kept coming.
    RepeatedFailures,
    /// The person stopped it.
    Stopped,
    /// The model could not be reached or answered garbage.
    ModelFailed,
}

/// One action that ran (or was refused), for the final report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    /// The function name the model used.
    pub name: String,
    /// The original action id, when it resolved.
    pub action_id: Option<String>,
    /// The record, for a row action.
    pub record: Option<String>,
    /// The record's label before the action, when the page gave one.
    pub label: Option<String>,
    /// Whether it ran without error.
    pub ok: bool,
    /// Whether it was dispatched to the page at all.
    pub dispatched: bool,
    /// What went wrong.
    pub error: Option<String>,
}

/// What the host must do next.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Command {
    /// Wait for the page to settle, take a snapshot, and pass it to [`Agent::observed`].
    Observe,
    /// POST `body` to `/chat/completions`, with retries, and pass the reply to
    /// [`Agent::model_replied`].
    Request {
        /// What the request is for.
        purpose: Purpose,
        /// The request body.
        body: Value,
    },
    /// Ask the person whether this action may run; pass the answer to [`Agent::confirmed`].
    #[serde(rename_all = "camelCase")]
    Confirm {
        /// The function name the model called.
        name: String,
        /// The original action id.
        action_id: String,
        /// The record, for a row action.
        record: Option<String>,
        /// That row's label as the page shows it, so the person can see which row it is.
        label: Option<String>,
        /// The action's description.
        description: String,
        /// The arguments.
        arguments: Value,
    },
    /// Run this action on the page; pass the outcome to [`Agent::dispatched`].
    #[serde(rename_all = "camelCase")]
    Dispatch {
        /// The original action id.
        action_id: String,
        /// The declared action's id (differs for a row set's rows).
        declared: String,
        /// The record, for a row action.
        record: Option<String>,
        /// The arguments.
        arguments: Value,
    },
    /// The loop is over.
    Finish {
        /// Why.
        reason: EndReason,
        /// What to tell the person.
        message: String,
        /// What ran, from the receipts.
        actions: Vec<Done>,
    },
}

/// The page's answer to a dispatch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Outcome {
    /// The handler finished without error.
    pub ok: bool,
    /// The page's error, or the timeout.
    pub error: Option<String>,
    /// `Some(false)` when the call never reached the handler (its target left the page first);
    /// absent means it did.
    pub ran: Option<bool>,
}

/// A call made out of order (a host bug), or a malformed snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AgentError {
    /// The method does not fit the loop's state.
    #[error("the assistant is not waiting for {expected} (it is {state})")]
    WrongState {
        /// What the method answers.
        expected: &'static str,
        /// What the loop waits for.
        state: &'static str,
    },
    /// The snapshot was rejected.
    #[error(transparent)]
    Snapshot(#[from] crate::error::SnapshotError),
}

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

/// The calls of the model's current reply: how many it made, how many were handled, and how
/// many confirmations they asked for.
#[derive(Debug, Clone, Copy, Default)]
struct ReplyCount {
    made: usize,
    handled: usize,
    confirmations: usize,
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

    /// The receipt of a dispatched call, from the page before it and the page now.
    fn receipt(&mut self, flight: InFlight, now: &Observed) {
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

    /// A reply without calls: the model's answer, passed to the person as it is. With no
    /// answer at all, the person reads what the receipts say ran. (A reply that is not an
    /// answer goes back once when the `nonAnswers` assist is on.)
    fn answered(
        &mut self,
        mut message: String,
        finish_reason: crate::openai::FinishReason,
    ) -> Command {
        if message.is_empty() {
            message = self.what_ran("The model gave no answer.");
        } else if let Some(kind) = self.non_answer(&message) {
            if self.nudge.is_none() {
                return self.send_back(message, kind.nudge());
            }
            message = self.what_ran(kind.words());
        }
        match finish_reason {
            crate::openai::FinishReason::Length => {
                message.push_str(" (The answer was cut off at the output limit.)");
            }
            crate::openai::FinishReason::ContentFilter => {
                message.push_str(" (The model provider filtered this answer.)");
            }
            _ => {}
        }
        self.history
            .messages
            .push(Message::Assistant { content: Some(message.clone()), tool_calls: vec![] });
        self.finish(EndReason::Answered, Some(message))
    }

    /// What the reply is when it is not an answer, with the `nonAnswers` assist on.
    fn non_answer(&self, message: &str) -> Option<NonAnswer> {
        if !self.config.assists.non_answers {
            return None;
        }
        non_answer(message, &self.request, self.nudge)
            .or_else(|| self.writes_a_call(message).then_some(NonAnswer::WrittenCall))
    }

    /// Whether `message` writes, inside its words, a call to a tool the model was sent.
    fn writes_a_call(&self, message: &str) -> bool {
        let written = crate::openai::calls_written_in(message);
        let Some(shown) = self.shown.as_ref().filter(|_| !written.is_empty()) else {
            return false;
        };
        let tools = crate::render::tools(shown.observation());
        let sent = |name: &str| tools.iter().any(|t| t["function"]["name"].as_str() == Some(name));
        written.iter().any(|call| sent(&call.name))
    }

    /// Sends the model's reply back with `nudge` (once a request) and asks again.
    fn send_back(&mut self, answer: String, nudge: &'static str) -> Command {
        self.nudge = Some(nudge);
        self.history
            .messages
            .push(Message::Assistant { content: Some(answer), tool_calls: vec![] });
        let content = if self.log.iter().any(|d| d.dispatched) {
            self.ran_words(nudge, false)
        } else {
            nudge.to_owned()
        };
        self.history.messages.push(Message::User { content });
        self.request(true)
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
                None => (Some(text.clone()), recover_calls(&text)),
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

    /// Ends the loop before its answer: the call in flight gets a result that says `what`.
    fn end_early(&mut self, reason: EndReason, what: &str, why: Option<&str>) -> Command {
        if let State::Finished(command) = &self.state {
            return command.clone();
        }
        if matches!(self.state, State::Idle) {
            return Command::Finish {
                reason: EndReason::Stopped,
                message: "Nothing was running.".to_owned(),
                actions: vec![],
            };
        }
        if let Some(flight) = self.in_flight.take() {
            let ran = flight.outcome.is_some() || matches!(self.state, State::Dispatch);
            let error = if ran {
                format!("{what} while the action was running; it may have taken effect")
            } else {
                format!("{what}; it did not run")
            };
            let receipt = Receipt::refused(
                &flight.action_id,
                flight.description(),
                error.clone(),
                String::new(),
            );
            self.push_result(&flight.call, &receipt);
            let ok = flight.outcome.as_ref().is_some_and(|o| o.ok);
            self.log.push(flight.done(ok, ran, Some(error)));
        }
        self.finish(reason, why.map(str::to_owned))
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
        let mut body = request_body(&system, &self.history.messages, &rendered.tools, &options);
        if options.tool_mode == ToolMode::Structured {
            let tools = if options.record_choices {
                with_record_choices(observation, rendered.tools.clone())
            } else {
                rendered.tools.clone()
            };
            body["response_format"] = structured_format(&tools, self.config.max_calls_per_reply);
        }
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

    /// Checks one call; returns the command for the host, or `None` when it was refused (its
    /// result is already in the history) and the next call can be handled.
    fn handle_call(&mut self, call: ToolCall) -> Option<Command> {
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
    fn checked(&mut self, call: &ToolCall) -> Option<Call> {
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
    fn unseen_row(&mut self, call: &ToolCall, checked: &Call) -> Verdict {
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
    fn start(&mut self, call: ToolCall, checked: Call) -> Option<Command> {
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
    fn hand_off(&mut self, flight: InFlight) -> Command {
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
    fn check_against_shown(&self, call: &ToolCall) -> Option<Result<Call, Refusal>> {
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
    fn not_run(&mut self, call: &ToolCall, why: String) {
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

    fn refuse(&mut self, call: &ToolCall, action_id: Option<String>, error: String) {
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
    fn failure_key(call: &ToolCall) -> String {
        let canonical = crate::support::json_text::from_str(&call.arguments)
            .map(|v| crate::support::json_text::text(&v))
            .unwrap_or_else(|_| call.arguments.clone());
        format!("{}\u{0}{}", call.name, canonical)
    }

    /// Counts a failing call; true when the identical call failed before.
    fn count_failure(&mut self, call: &ToolCall) -> bool {
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

    fn available_names(&self) -> String {
        self.snapshot
            .as_ref()
            .map_or_else(|| "none".to_owned(), |s| s.observation().callable_names())
    }

    fn push_result(&mut self, call: &ToolCall, receipt: &Receipt) {
        let content = receipt.to_content(self.config.limits.max_tool_result_tokens);
        self.history.messages.push(Message::Tool { tool_call_id: call.id.clone(), content });
    }

    fn finish(&mut self, reason: EndReason, message: Option<String>) -> Command {
        // Calls the model asked for that never ran still get a result.
        while let Some(call) = self.pending.pop() {
            let receipt = Receipt::refused(
                &call.name,
                "",
                "not run: the task ended before this call".to_owned(),
                String::new(),
            );
            self.push_result(&call, &receipt);
        }
        let message = match (reason, message) {
            (EndReason::Answered | EndReason::Handoff, Some(m)) => m,
            (reason, detail) => self.honest_ending(reason, detail),
        };
        let command = Command::Finish { reason, message, actions: self.log.clone() };
        self.state = State::Finished(command.clone());
        self.in_flight = None;
        command
    }

    /// What to tell the person when the model did not finish, grounded in the receipts.
    fn honest_ending(&self, reason: EndReason, detail: Option<String>) -> String {
        let why = match reason {
            EndReason::StepLimit => {
                format!("I stopped after {} steps without finishing.", self.config.max_steps)
            }
            EndReason::RepeatedFailures => {
                "I stopped because the same action kept failing.".to_owned()
            }
            EndReason::Stopped => "Stopped as you asked.".to_owned(),
            EndReason::ModelFailed => format!(
                "I could not continue: {}.",
                detail.unwrap_or_else(|| "the model failed".to_owned())
            ),
            EndReason::Answered | EndReason::Handoff => String::new(),
        };
        self.what_ran(&why)
    }

    /// `why`, then what ran from the receipts (or that nothing on the page changed).
    fn what_ran(&self, why: &str) -> String {
        self.ran_words(why, true)
    }

    /// `why` and what ran; `page_data`: with the rows' labels and the page's errors (for the
    /// person), else by id only (for a message of the person's role: page data stays in
    /// tool results).
    fn ran_words(&self, why: &str, page_data: bool) -> String {
        let mut ran = Vec::new();
        for d in self.log.iter().filter(|d| d.dispatched) {
            let target = match (&d.record, d.label.as_ref().filter(|_| page_data)) {
                (Some(r), Some(l)) => format!(" on {r} \u{201c}{l}\u{201d}"),
                (Some(r), None) => format!(" on {r}"),
                _ => String::new(),
            };
            let status = match (d.ok, page_data) {
                (true, _) => "done".to_owned(),
                (false, true) => format!("failed: {}", d.error.as_deref().unwrap_or_default()),
                (false, false) => "failed".to_owned(),
            };
            ran.push(format!("{}{} ({})", d.name, target, status));
        }
        if ran.is_empty() {
            format!("{why} Nothing on the page was changed.")
        } else {
            format!("{why} What ran: {}.", ran.joined("; "))
        }
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
