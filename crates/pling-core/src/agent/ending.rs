//! How a task ends: the model's answer (or a reply that is not one, sent back once), an early
//! end, and the honest report of what ran, written from the receipts.

use super::command::{Command, EndReason};
use super::{Agent, State};
use crate::assist::non_answer::{non_answer, NonAnswer};
use crate::openai::Message;
use crate::receipt::Receipt;
use crate::support::text::Joined;

impl Agent {
    /// A reply without calls: the model's answer, passed to the person as it is. With no
    /// answer at all, the person reads what the receipts say ran. (A reply that is not an
    /// answer goes back once when the `nonAnswers` assist is on.)
    pub(super) fn answered(
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
    pub(super) fn non_answer(&self, message: &str) -> Option<NonAnswer> {
        if !self.config.assists.non_answers {
            return None;
        }
        non_answer(message, &self.request, self.nudge)
            .or_else(|| self.writes_a_call(message).then_some(NonAnswer::WrittenCall))
    }

    /// Whether `message` writes, inside its words, a call to a tool the model was sent.
    pub(super) fn writes_a_call(&self, message: &str) -> bool {
        let written = crate::openai::calls_written_in(message);
        let Some(shown) = self.shown.as_ref().filter(|_| !written.is_empty()) else {
            return false;
        };
        let tools = crate::render::tools(shown.observation());
        let sent = |name: &str| tools.iter().any(|t| t["function"]["name"].as_str() == Some(name));
        written.iter().any(|call| sent(&call.name))
    }

    /// Sends the model's reply back with `nudge` (once a request) and asks again.
    pub(super) fn send_back(&mut self, answer: String, nudge: &'static str) -> Command {
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

    /// Ends the loop before its answer: the call in flight gets a result that says `what`.
    pub(super) fn end_early(
        &mut self,
        reason: EndReason,
        what: &str,
        why: Option<&str>,
    ) -> Command {
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

    pub(super) fn finish(&mut self, reason: EndReason, message: Option<String>) -> Command {
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
    pub(super) fn honest_ending(&self, reason: EndReason, detail: Option<String>) -> String {
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
    pub(super) fn what_ran(&self, why: &str) -> String {
        self.ran_words(why, true)
    }

    /// `why` and what ran; `page_data`: with the rows' labels and the page's errors (for the
    /// person), else by id only (for a message of the person's role: page data stays in
    /// tool results).
    pub(super) fn ran_words(&self, why: &str, page_data: bool) -> String {
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
