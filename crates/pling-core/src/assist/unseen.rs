//! Writes on rows the model has seen only as an id.
//!
//! The citation index lets a model target a row outside the viewport by its id without
//! loading its fields. That is right when the person named the row by its id or place; it is
//! also how a small model that copies the first ids of a list ends up deleting the wrong row.
//! What tells the two apart without guessing at the person's words is what the model was
//! shown: a write on a row whose fields appeared in no observation of this conversation —
//! while the page does give that row fields, or the observation never even cited its id — is
//! a write on a row the model cannot have read.
//! A row the person named by its id is not a guess either: the model took the id from their
//! words, whatever language those are in.
//! Such a call goes back once with the page's own ways to find rows, or — made again, or in
//! [`UnseenRows::Confirm`] mode — runs only once the person allows it on a card that shows the
//! row. A model that looked first (searched, scrolled, paged) never meets this check.

use super::UnseenRows;
use crate::observed::Observed;
use std::collections::{HashSet, VecDeque};

/// At most this many row ids are remembered (the oldest are forgotten first).
const REMEMBERED: usize = 4096;

/// The rows whose fields the model has been shown in this conversation.
#[derive(Debug, Clone, Default)]
pub struct SeenRows {
    ids: HashSet<String>,
    order: VecDeque<String>,
    /// The row calls (by action id) already sent back once.
    sent_back: Vec<String>,
}

/// What to do with a write on a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Run it as checked.
    Run,
    /// Run it only once the person allows it.
    Confirm,
    /// Send it back with this reason.
    SendBack(String),
}

impl SeenRows {
    /// Notes the rows `observed` shows with their fields: the model is about to be sent it.
    pub fn note(&mut self, observed: &Observed) {
        for id in &observed.observation().records_shown {
            if self.ids.insert(id.clone()) {
                self.order.push_back(id.clone());
                if self.order.len() > REMEMBERED {
                    if let Some(old) = self.order.pop_front() {
                        self.ids.remove(&old);
                    }
                }
            }
        }
    }

    /// Whether the model has been shown `record`'s fields.
    pub fn has(&self, record: &str) -> bool {
        self.ids.contains(record)
    }

    /// Forgets everything: a new conversation.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// What to do with a write `name` (action `action_id`) on `record`, checked against
    /// `shown`, the observation the model was sent.
    pub fn judge(
        &mut self,
        mode: UnseenRows,
        shown: &Observed,
        name: &str,
        action_id: &str,
        record: &str,
    ) -> Verdict {
        if mode == UnseenRows::Off || self.has(record) || id_is_all(shown, record) {
            return Verdict::Run;
        }
        if mode == UnseenRows::Confirm || self.sent_back.iter().any(|a| a == action_id) {
            return Verdict::Confirm;
        }
        self.sent_back.push(action_id.to_owned());
        Verdict::SendBack(send_back(shown, name, record))
    }
}

/// Whether the person's `request` names `record` by its id: the id stands in it as a whole
/// token, not inside a longer word or number (`1497` in "refund order #1497", not in "14970").
/// A letter of another script next to it ends it as a space would: "t12を" names `t12`.
pub fn named_in(request: &str, record: &str) -> bool {
    let (Some(first), Some(last)) = (record.chars().next(), record.chars().next_back()) else {
        return false;
    };
    let starts = request.char_indices().filter(|&(at, _)| request[at..].starts_with(record));
    starts.map(|(at, _)| at).any(|at| {
        let before = request[..at].chars().next_back();
        let after = request[at + record.len()..].chars().next();
        !before.is_some_and(|c| continues(first, c)) && !after.is_some_and(|c| continues(last, c))
    })
}

/// Whether `next`, beside an id's end character `edge`, would make one token with it: both
/// ASCII letters, digits or `_`, or both outside ASCII (where scripts without spaces, such as
/// Japanese, leave no boundary to find, so an id written in them is named only between
/// spaces or punctuation).
fn continues(edge: char, next: char) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    (word(edge) && word(next)) || (!edge.is_ascii() && !next.is_ascii())
}

/// Whether the model was shown all there is of `record`: its id is cited and the page gives
/// the row no fields to read. A row whose fields the page declares, or whose id the
/// observation never cited, is one the model cannot have read.
fn id_is_all(shown: &Observed, record: &str) -> bool {
    let cited = shown.observation().citation_ids.iter().any(|c| c == record);
    cited && !shown.snapshot().records.iter().any(|r| r.id == record)
}

/// Why the call did not run, and the page's own ways to see the row — named as the
/// observation cites it (a long id by its alias, as the model wrote it).
fn send_back(shown: &Observed, name: &str, record: &str) -> String {
    let record = shown.observation().aliases.cite(record);
    let finders = shown.observation().finder_names();
    let find = if finders.is_empty() {
        "ask the person which row they mean".to_owned()
    } else {
        format!("bring it into view first with {} (its fields then appear under Records)", finders)
    };
    format!(
        "not run: you have not been shown the fields of row `{record}` (it is only in the citation ids), so it may not be the row meant. To act on the row the person means, {find}. If the person named this row by its id or position, make the same call to `{name}` again: the person will be asked to allow it on a card that shows the row"
    )
}

#[cfg(test)]
mod tests {
    use super::{named_in, SeenRows, UnseenRows, Verdict};
    use crate::observed::Observed;
    use crate::snapshot::{Action, Record, RowSet, Snapshot};

    #[test]
    fn a_send_back_names_the_row_as_the_model_saw_it() {
        // A long id is cited by its alias: the refusal names the alias the model wrote.
        let uuid = "7d4e3f2a-9c1b-4b8a-9f10-2c3d4e5f6a7b";
        let mut s = Snapshot::default();
        s.actions.push(Action {
            id: "toggle".into(),
            description: "Mark the task as complete".into(),
            rows: Some(RowSet { records: vec![uuid.into()], ..Default::default() }),
            ..Default::default()
        });
        s.records.push(Record {
            id: uuid.into(),
            label: Some("Renew the passport".into()),
            in_viewport: Some(false),
            fields: [("title".to_owned(), crate::json!("Renew the passport"))]
                .into_iter()
                .collect(),
            ..Default::default()
        });
        let shown = Observed::new(s, &crate::Limits::default()).expect("the page observes");
        let alias = crate::alias::alias_of(uuid).unwrap();
        let mut seen = SeenRows::default();
        let verdict =
            seen.judge(UnseenRows::Discover, &shown, "toggle", &format!("toggle@{uuid}"), uuid);
        let Verdict::SendBack(why) = verdict else { panic!("{verdict:?}") };
        assert!(why.contains(&format!("the fields of row `{alias}`")), "{why}");
        assert!(!why.contains(uuid), "{why}");
    }

    #[test]
    fn an_id_is_named_only_as_a_whole_token() {
        assert!(named_in("Refund order #1497, please", "1497"));
        assert!(named_in("t12を完了に", "t12"));
        assert!(named_in("c-013", "c-013"));
        assert!(!named_in("Refund order 14970", "1497"));
        assert!(!named_in("Mark t120 done", "t12"));
        assert!(!named_in("Mark it done", ""));
        assert!(!named_in("ein Beispiel", "ei"));
        assert!(named_in("注文A-7を返金", "A-7"));
        assert!(!named_in("注文番号を", "番号"), "inside a word of its own script");
    }
}
