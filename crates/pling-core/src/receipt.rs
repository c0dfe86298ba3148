//! Receipts: what an action did, from the snapshots before and after it — records added,
//! removed or changed (which fields), rows a view change showed or hid, operations that became
//! available or unavailable, controls whose value changed (a checkbox checked, an option chosen,
//! text typed), state changes, new feedback, a change of page identity — as the tool result the
//! model reads.

use crate::snapshot::{Action, Effect, Snapshot};
use crate::support::json::{Map, Value};
use crate::support::json_text::{object, present, strings, strings_or_null, text};
use crate::support::strmap::StrMap;
use crate::support::text::{occurs, Joined};
use crate::tokens::estimate;
use crate::trust::{data_line, summarize};
use serde::Serialize;

/// Ids listed per kind of change before the rest are counted.
pub const MAX_LISTED: usize = 20;

/// What changed between two snapshots.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Changes {
    /// Always true: the page was observed after the action.
    pub observed: bool,
    /// The page identity before and after, when it changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<PageChange>,
    /// Records added, removed or changed.
    #[serde(skip_serializing_if = "RecordChanges::is_empty")]
    pub records: RecordChanges,
    /// Operations that became available or unavailable, and controls whose value changed.
    #[serde(skip_serializing_if = "ActionChanges::is_empty")]
    pub actions: ActionChanges,
    /// State groups whose value changed: `{name: {from, to}}`.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub state: Map,
    /// Feedback that was not there before.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub feedback: Vec<Value>,
}

/// A change of page identity.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageChange {
    /// `title — path` before.
    pub from: String,
    /// `title — path` after.
    pub to: String,
}

/// Records that changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordChanges {
    /// How many records the page holds, before and after, when rows joined or left it: a
    /// filter that leaves 25 of 30 rows reads `{"from":30,"to":25}`, a delete `{"from":30,"to":29}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<Count>,
    /// Ids of records that joined the page's declared set after a write.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<String>,
    /// Ids of records that left the page's declared set after a write.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// Ids of rows brought into view: scrolled to, or listed by a search or filter (a read
    /// changes the view, not the data).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<String>,
    /// Ids of rows taken out of view: scrolled away, or left out by a search or filter.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<String>,
    /// Records whose fields changed, with the names of those fields.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<RecordChange>,
    /// How many more were left out of each list, when any was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more: Option<Value>,
}

/// A number before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Count {
    /// Before.
    pub from: usize,
    /// After.
    pub to: usize,
}

/// One record whose fields changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordChange {
    /// Its id.
    pub id: String,
    /// The fields that changed (`label` for its label).
    pub fields: Vec<String>,
}

impl RecordChanges {
    /// The JSON form (its `Serialize` form); `null` when no record changed.
    fn to_json(&self) -> Value {
        if self.is_empty() {
            return Value::Null;
        }
        let mut changed = Vec::with_capacity(self.changed.len());
        for c in &self.changed {
            changed.push(object([("id", c.id.as_str().into()), ("fields", strings(&c.fields))]));
        }
        let changed = if changed.is_empty() { Value::Null } else { Value::Array(changed) };
        let total = self.total.map_or(Value::Null, |c| {
            object([("from", Value::from(c.from)), ("to", Value::from(c.to))])
        });
        present([
            ("total", total),
            ("added", strings_or_null(&self.added)),
            ("removed", strings_or_null(&self.removed)),
            ("shown", strings_or_null(&self.shown)),
            ("hidden", strings_or_null(&self.hidden)),
            ("changed", changed),
            ("more", self.more.clone().unwrap_or_default()),
        ])
    }

    fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.shown.is_empty()
            && self.hidden.is_empty()
            && self.changed.is_empty()
    }
}

/// Operations whose availability changed, and actions whose control holds another value.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionChanges {
    /// Operations that can run now and could not before (or did not exist).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub now_available: Vec<String>,
    /// Operations that could run before and cannot now (or are gone).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub now_unavailable: Vec<String>,
    /// Actions whose control holds another value than before: a checkbox checked or cleared,
    /// an option chosen, text typed — the change itself, where no record field shows it. At
    /// most [`MAX_LISTED`], in page order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<ValueChange>,
}

/// An action whose control's value changed, as page data: `{"id": "buy@g1", "from": false,
/// "to": true}`. A sensitive value is only ever its mask, as the shim wrote it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValueChange {
    /// The action's id (`buy@g1` for a row's control).
    pub id: String,
    /// What its control held before (`""` when empty): a checkbox's state, an option, text.
    pub from: Value,
    /// What it holds after the action.
    pub to: Value,
}

impl ActionChanges {
    /// The JSON form (its `Serialize` form); `null` when nothing changed.
    fn to_json(&self) -> Value {
        if self.is_empty() {
            return Value::Null;
        }
        let mut values = Vec::with_capacity(self.values.len());
        for v in &self.values {
            values.push(object([
                ("id", v.id.as_str().into()),
                ("from", v.from.clone()),
                ("to", v.to.clone()),
            ]));
        }
        let values = if values.is_empty() { Value::Null } else { Value::Array(values) };
        present([
            ("nowAvailable", strings_or_null(&self.now_available)),
            ("nowUnavailable", strings_or_null(&self.now_unavailable)),
            ("values", values),
        ])
    }

    fn is_empty(&self) -> bool {
        self.now_available.is_empty() && self.now_unavailable.is_empty() && self.values.is_empty()
    }
}

impl Changes {
    /// The JSON form (its `Serialize` form).
    pub fn to_json(&self) -> Value {
        let page = self.page.as_ref().map_or(Value::Null, |p| {
            object([("from", p.from.as_str().into()), ("to", p.to.as_str().into())])
        });
        let state =
            if self.state.is_empty() { Value::Null } else { Value::Object(self.state.clone()) };
        let feedback = if self.feedback.is_empty() {
            Value::Null
        } else {
            Value::Array(self.feedback.clone())
        };
        present([
            ("observed", self.observed.into()),
            ("page", page),
            ("records", self.records.to_json()),
            ("actions", self.actions.to_json()),
            ("state", state),
            ("feedback", feedback),
        ])
    }

    /// Whether anything beyond `observed` changed.
    pub fn is_empty(&self) -> bool {
        self.page.is_none()
            && self.records.is_empty()
            && self.actions.is_empty()
            && self.state.is_empty()
            && self.feedback.is_empty()
    }

    /// Whether the change named by an `expects` entry happened.
    pub fn has(&self, what: &str) -> bool {
        match what {
            "records" => !self.records.is_empty(),
            "records.added" => !self.records.added.is_empty(),
            "records.removed" => !self.records.removed.is_empty(),
            "records.shown" => !self.records.shown.is_empty(),
            "records.hidden" => !self.records.hidden.is_empty(),
            // A changed row may leave a filtered or searched list: gone from it (or out of it),
            // it still changed.
            "records.changed" => {
                !self.records.changed.is_empty()
                    || !self.records.removed.is_empty()
                    || !self.records.hidden.is_empty()
            }
            "state" => !self.state.is_empty(),
            "page" => self.page.is_some(),
            "feedback" => !self.feedback.is_empty(),
            "actions" => !self.actions.is_empty(),
            other => other.strip_prefix("state.").is_some_and(|name| self.state.contains_key(name)),
        }
    }
}

struct RecordView<'a> {
    label: Option<&'a str>,
    fields: Option<&'a Map>,
    /// In the view: a record with fields not known to be out of the viewport (an id listed
    /// alone is not).
    in_view: bool,
}

/// Every record of `s` (those of `records`, then ids only listed) in page order, and each
/// id's place in that order. (A map of ids to places, not to views, shares the hash table's
/// code with the snapshot index.)
fn record_views(s: &Snapshot) -> (Vec<(&str, RecordView<'_>)>, StrMap<'_>) {
    let mut order = Vec::with_capacity(s.records.len());
    let mut places = StrMap::default();
    for r in &s.records {
        let fields = (!r.fields.is_empty() || r.label.is_some()).then_some(&r.fields);
        let label = r.label.as_ref().map(|l| l.as_str());
        let view = RecordView { label, fields, in_view: r.in_viewport != Some(false) };
        if places.insert(r.id.as_str(), order.len()).is_none() {
            order.push((r.id.as_str(), view));
        }
    }
    for set in s.record_ids.iter() {
        for id in &set.ids {
            // A listed id may be a record of `records`, already in place with its fields.
            if places.place(id, order.len()).1 {
                order.push((id.as_str(), RecordView { label: None, fields: None, in_view: false }));
            }
        }
    }
    (order, places)
}

/// The operations of `s` in page order, and those available (any of its rows is), each
/// with its place in that order.
fn operations(s: &Snapshot) -> (Vec<&str>, StrMap<'_>) {
    let mut order = Vec::new();
    let mut available = StrMap::default();
    let mut seen = StrMap::default();
    for a in &s.actions {
        let name = a.base_name();
        let (place, new) = seen.place(name, order.len());
        if new {
            order.push(name);
        }
        let usable = a.available && !a.covered;
        let any_row = match &a.rows {
            None => usable,
            Some(set) => usable && s.row_ids(set).len() > set.unavailable.len() + set.covered.len(),
        };
        if any_row {
            available.insert(name, place);
        }
    }
    (order, available)
}

fn identity(s: &Snapshot) -> String {
    let mut out = format!("{} — {}", s.page.title.as_str(), s.page.path.as_str());
    if let Some(route) = &s.page.route {
        out.push_str(" (");
        out.push_str(route.as_str());
        out.push(')');
    }
    data_line(&out, 200).0
}

fn capped(mut ids: Vec<String>, more: &mut Map, key: &str) -> Vec<String> {
    if ids.len() > MAX_LISTED {
        more.insert(key.to_owned(), Value::from(ids.len() - MAX_LISTED));
        ids.truncate(MAX_LISTED);
    }
    ids
}

/// The changes from `before` to `after` of an action that may write: rows that join or leave
/// the page's declared set are `added` or `removed`.
pub fn diff(before: &Snapshot, after: &Snapshot) -> Changes {
    diff_of(before, after, Effect::Write)
}

/// The changes from `before` to `after` of an action with `effect`. A read (search, filter,
/// scroll, paging) changes the view, not the data: rows that join or leave the page's set
/// after it are `shown` or `hidden`, never `added` or `removed`. Under any effect, a row
/// that stays on the page and comes into or leaves the view is `shown` or `hidden`.
pub fn diff_of(before: &Snapshot, after: &Snapshot, effect: Effect) -> Changes {
    let (from, to) = (identity(before), identity(after));
    Changes {
        observed: true,
        page: (from != to).then_some(PageChange { from, to }),
        records: record_changes(before, after, effect == Effect::Read),
        actions: action_changes(before, after),
        state: state_changes(before, after),
        feedback: new_feedback(before, after),
    }
}

fn record_changes(before: &Snapshot, after: &Snapshot, reads: bool) -> RecordChanges {
    let (before_order, before_places) = record_views(before);
    let (after_order, after_places) = record_views(after);
    let joined = not_in(&after_order, &before_places);
    let left = not_in(&before_order, &after_places);
    // After a read, the rows that join or leave the page's set were shown or hidden.
    let (added, removed, mut shown, mut hidden) = if reads {
        (Vec::new(), Vec::new(), joined, left)
    } else {
        (joined, left, Vec::new(), Vec::new())
    };
    let mut changed = Vec::new();
    for (r, new) in &after_order {
        let Some(at) = before_places.get(r) else { continue };
        let old = &before_order[at].1;
        if old.in_view != new.in_view {
            let to = if new.in_view { &mut shown } else { &mut hidden };
            to.push(data_line(r, 80).0);
        }
        if let Some(fields) = changed_fields(old, new) {
            changed.push(RecordChange { id: data_line(r, 80).0, fields });
        }
    }
    let mut more = Map::new();
    let total = (before_order.len() != after_order.len())
        .then_some(Count { from: before_order.len(), to: after_order.len() });
    let mut out = RecordChanges {
        total,
        added: capped(added, &mut more, "added"),
        removed: capped(removed, &mut more, "removed"),
        shown: capped(shown, &mut more, "shown"),
        hidden: capped(hidden, &mut more, "hidden"),
        ..RecordChanges::default()
    };
    if changed.len() > MAX_LISTED {
        more.insert("changed".to_owned(), Value::from(changed.len() - MAX_LISTED));
        changed.truncate(MAX_LISTED);
    }
    out.changed = changed;
    if !more.is_empty() {
        out.more = Some(Value::Object(more));
    }
    out
}

/// The ids of `order` that `places` does not hold, as data lines.
fn not_in(order: &[(&str, RecordView<'_>)], places: &StrMap<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for (id, _) in order {
        if !places.contains_key(id) {
            out.push(data_line(id, 80).0);
        }
    }
    out
}

/// The fields (and `label`) that differ between two views of a record; `None` when none do
/// or a view has no fields.
fn changed_fields(old: &RecordView<'_>, new: &RecordView<'_>) -> Option<Vec<String>> {
    let (old_fields, new_fields) = (old.fields?, new.fields?);
    let mut fields: Vec<String> = Vec::new();
    if old.label != new.label {
        fields.push("label".to_owned());
    }
    for (k, v) in new_fields {
        if old_fields.get(k) != Some(v) {
            fields.push(data_line(k, 60).0);
        }
    }
    for k in old_fields.keys() {
        if !new_fields.contains_key(k) {
            fields.push(data_line(k, 60).0);
        }
    }
    (!fields.is_empty()).then_some(fields)
}

fn action_changes(before: &Snapshot, after: &Snapshot) -> ActionChanges {
    let (before_ops, before_available) = operations(before);
    let (after_ops, after_available) = operations(after);
    ActionChanges {
        now_available: newly(&after_ops, &after_available, &before_available),
        now_unavailable: newly(&before_ops, &before_available, &after_available),
        values: value_changes(before, after),
    }
}

/// The actions on both pages whose control holds another value after (in `after`'s order, at
/// most [`MAX_LISTED`]). An empty field is left unsaid in a snapshot: a missing value beside a
/// text is `""`, on a control still shown (a hidden one is unavailable and says nothing).
fn value_changes(before: &Snapshot, after: &Snapshot) -> Vec<ValueChange> {
    let mut places = StrMap::default();
    for (i, a) in before.actions.iter().enumerate() {
        places.insert(a.id.as_str(), i);
    }
    let mut out = Vec::new();
    for new in &after.actions {
        let Some(at) = places.get(&new.id) else { continue };
        let old = &before.actions[at];
        let (Some(from), Some(to)) = (held(old, new), held(new, old)) else { continue };
        if from != to && out.len() < MAX_LISTED {
            out.push(ValueChange { id: new.id.clone(), from, to });
        }
    }
    out
}

/// What `a`'s control holds, as page data shortened like a state's value (a mask stays the
/// mask), or `""` when it holds no text and `twin`, the same action in the other snapshot, does.
fn held(a: &Action, twin: &Action) -> Option<Value> {
    match (&a.value, &twin.value) {
        (Some(v), _) => Some(summarize(&v.0, 1).0),
        (None, Some(o)) if o.0.is_string() && a.available => Some(Value::from("")),
        _ => None,
    }
}

/// The operations of `ops` in `now` and not in `then`.
fn newly(ops: &[&str], now: &StrMap<'_>, then: &StrMap<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for n in ops {
        if now.contains_key(n) && !then.contains_key(n) {
            out.push((*n).to_owned());
        }
    }
    out
}

fn state_changes(before: &Snapshot, after: &Snapshot) -> Map {
    let entry = |from: Value, to: Value| {
        let mut entry = Map::new();
        entry.insert("from".to_owned(), from);
        entry.insert("to".to_owned(), to);
        Value::Object(entry)
    };
    let mut out = Map::new();
    for group in &after.state {
        let old = before.state.iter().find(|g| g.name == group.name);
        if old.map(|g| &g.value.0) != Some(&group.value.0) {
            let from = old.map_or(Value::Null, |g| summarize(&g.value.0, 1).0);
            out.insert(group.name.clone(), entry(from, summarize(&group.value.0, 1).0));
        }
    }
    for group in &before.state {
        if !after.state.iter().any(|g| g.name == group.name) {
            out.insert(group.name.clone(), entry(summarize(&group.value.0, 1).0, Value::Null));
        }
    }
    out
}

/// A failed call's error with the page's new field errors after it (`…; the page says: email:
/// Please fill out this field.`): the error is what a model reads first, and a handler's
/// "see the page feedback" names no field. Errors the handler's text already holds are not
/// repeated.
fn with_field_errors(error: Option<String>, feedback: &[Value]) -> Option<String> {
    let mut said = Vec::new();
    for f in feedback {
        let (true, Some(message)) = (f["kind"] == "error", f["message"].as_str()) else { continue };
        let line = match f["field"].as_str() {
            Some(field) => format!("{field}: {message}"),
            None => message.to_owned(),
        };
        if error.as_deref().is_none_or(|e| !occurs(e, &line)) && said.len() < 3 {
            said.push(line);
        }
    }
    if said.is_empty() {
        return error;
    }
    let base = error.unwrap_or_else(|| "it failed".to_owned());
    Some(format!("{base}; the page says: {}", said.joined("; ")))
}

fn new_feedback(before: &Snapshot, after: &Snapshot) -> Vec<Value> {
    let mut out = Vec::new();
    for f in &after.feedback {
        let seen = before
            .feedback
            .iter()
            .any(|b| b.message == f.message && b.kind == f.kind && b.field == f.field);
        if !seen && out.len() < MAX_LISTED {
            let mut item = Map::new();
            item.insert("kind".to_owned(), Value::from(f.kind.as_str()));
            item.insert("message".to_owned(), Value::from(data_line(f.message.as_str(), 300).0));
            if let Some(field) = &f.field {
                item.insert("field".to_owned(), Value::from(data_line(field.as_str(), 60).0));
            }
            out.push(Value::Object(item));
        }
    }
    out
}

/// A record's label (or first text field) in `snapshot`, shortened, as page data.
pub fn record_label(snapshot: &Snapshot, record: &str) -> Option<String> {
    let r = snapshot.records.iter().find(|r| r.id == record)?;
    let mut text = r.label.as_ref().map(|l| l.as_str());
    for v in r.fields.values() {
        text = text.or(v.as_str());
    }
    Some(data_line(text?, 120).0)
}

/// A tool result: the `{"result": …}` object the model reads after a call.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Receipt {
    /// Whether the action ran without error.
    pub ok: bool,
    /// Which action, in the author's words.
    pub action: ActionRef,
    /// What the page reported as the error, or why nothing ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What changed, when the page was observed after the action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed: Option<Changes>,
    /// `EXPECTATION_FAILED: …` when the action declared a change that did not happen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// What can be called now, on a failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<String>,
}

/// The action a receipt is about.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActionRef {
    /// The original action id (`toggle@t9`).
    pub id: String,
    /// The author's description.
    pub description: String,
    /// The row it acted on, for a row action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// That row's label as the page showed it before the action, so a wrong row is noticed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl Receipt {
    /// A receipt for an action that ran: `ok` from the page, `changed` from the snapshots.
    pub fn ran(
        action: &Action,
        id: &str,
        ok: bool,
        error: Option<String>,
        changes: Changes,
    ) -> Self {
        let mut warning = None;
        if ok && !action.expects.is_empty() && !action.expects.iter().any(|e| changes.has(e)) {
            warning = Some(format!(
                "EXPECTATION_FAILED: expected a change in {} but none happened; read the page feedback before trying again",
                action.expects.joined(" or ")
            ));
        }
        let error = if ok { error } else { with_field_errors(error, &changes.feedback) };
        Receipt {
            ok,
            action: ActionRef {
                id: id.to_owned(),
                description: action.description.as_str().to_owned(),
                record: None,
                label: None,
            },
            error,
            changed: Some(changes),
            warning,
            available: None,
        }
    }

    /// A receipt for a call that did not run.
    pub fn refused(id: &str, description: &str, error: String, available: String) -> Self {
        Receipt {
            ok: false,
            action: ActionRef {
                id: id.to_owned(),
                description: description.to_owned(),
                record: None,
                label: None,
            },
            error: Some(error),
            changed: None,
            warning: None,
            available: Some(available),
        }
    }

    /// Names the row the action was for, with its label in `before` when it has one.
    pub fn for_record(mut self, record: Option<&str>, before: &Snapshot) -> Self {
        if let Some(record) = record {
            self.action.label = record_label(before, record);
            self.action.record = Some(data_line(record, 80).0);
        }
        self
    }

    /// The receipt as the model reads ids: long ids by their aliases, as the observation
    /// cites them.
    pub fn cited(mut self, aliases: &crate::alias::Aliases) -> Self {
        if aliases.is_empty() {
            return self;
        }
        let cite = |ids: &mut Vec<String>| {
            for id in ids.iter_mut() {
                *id = aliases.cite(id).into_owned();
            }
        };
        if let Some(record) = self.action.record.as_mut() {
            let cited = aliases.cite(record).into_owned();
            // `archive@<long id>`: the row's action named by the row's alias.
            if let Some(head) = self.action.id.strip_suffix(record.as_str()) {
                self.action.id = format!("{head}{cited}");
            }
            *record = cited;
        }
        if let Some(c) = self.changed.as_mut() {
            let r = &mut c.records;
            for ids in [&mut r.added, &mut r.removed, &mut r.shown, &mut r.hidden] {
                cite(ids);
            }
            for change in &mut r.changed {
                change.id = aliases.cite(&change.id).into_owned();
            }
            // `buy@<long id>`: a row's control named by the row's alias.
            for v in &mut c.actions.values {
                if let Some((head, record)) = v.id.split_once('@') {
                    v.id = format!("{head}@{}", aliases.cite(record));
                }
            }
        }
        self
    }

    /// The tool message content, cut to `max_tokens` keeping its beginning and end.
    pub fn to_content(&self, max_tokens: usize) -> String {
        let json = text(&object([("result", self.to_json())]));
        truncate_middle(&crate::trust::safe_json_text(json), max_tokens)
    }

    /// The JSON form (its `Serialize` form).
    pub fn to_json(&self) -> Value {
        let a = &self.action;
        let action = present([
            ("id", a.id.as_str().into()),
            ("description", a.description.as_str().into()),
            ("record", a.record.clone().into()),
            ("label", a.label.clone().into()),
        ]);
        present([
            ("ok", self.ok.into()),
            ("action", action),
            ("error", self.error.clone().into()),
            ("changed", self.changed.as_ref().map_or(Value::Null, Changes::to_json)),
            ("warning", self.warning.clone().into()),
            ("available", self.available.clone().into()),
        ])
    }
}

/// Cuts `text` to about `max_tokens`, keeping its beginning and end with a visible mark.
pub fn truncate_middle(text: &str, max_tokens: usize) -> String {
    let total = estimate(text);
    if total <= max_tokens {
        return text.to_owned();
    }
    let chars = text.chars().count();
    // Characters per token on this text, to turn the token budget into a character cut.
    let per_token = chars as f64 / total.max(1) as f64;
    let keep = ((max_tokens.saturating_sub(12)) as f64 * per_token) as usize;
    let head = (keep * 2 / 3).min(chars);
    let tail = (keep - keep * 2 / 3).min(chars - head);
    let cut = chars - head - tail;
    // `char_at` gives character boundaries, so both splits succeed.
    let split = |k: usize| text.split_at_checked(crate::support::text::char_at(text, k));
    let mut out = split(head).map_or_else(String::new, |(head, _)| head.to_owned());
    out.push_str(&format!(" …[{cut} characters cut]… "));
    out.push_str(split(chars - tail).map_or("", |(_, tail)| tail));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use crate::snapshot::{Feedback, FeedbackKind, Record, StateGroup, MASK};

    fn todos() -> Snapshot {
        let mut s = Snapshot::default();
        s.page.title = "Todos".into();
        s.page.path = "/todos".into();
        for (i, done) in [(1, false), (2, false), (9, false)] {
            s.records.push(Record {
                id: format!("t{i}"),
                label: Some(format!("Task {i}").as_str().into()),
                fields: [("done".to_owned(), json!(done))].into_iter().collect(),
                ..Default::default()
            });
        }
        s.actions.push(Action { id: "add".into(), ..Default::default() });
        s.state.push(StateGroup {
            name: "total".into(),
            value: json!(3).into(),
            description: None,
        });
        s
    }

    #[test]
    fn a_failed_call_names_the_field_errors_the_page_shows_after_it() {
        let before = todos();
        let mut after = todos();
        let error = |field: Option<&str>, message: &str| Feedback {
            kind: FeedbackKind::Error,
            message: message.into(),
            field: field.map(Into::into),
            region: None,
        };
        after.feedback.push(error(Some("email"), "Please fill out this field."));
        after.feedback.push(error(None, "Mail to that domain bounces."));
        let add = &before.actions[0];
        let failed = |text: &str| {
            Receipt::ran(add, "add", false, Some(text.to_owned()), diff(&before, &after)).error
        };
        assert_eq!(
            failed("the form has invalid fields; see the page feedback").as_deref(),
            Some("the form has invalid fields; see the page feedback; the page says: email: Please fill out this field.; Mail to that domain bounces.")
        );
        // What the handler already said is not said again.
        assert_eq!(
            failed("not saved: Mail to that domain bounces.").as_deref(),
            Some("not saved: Mail to that domain bounces.; the page says: email: Please fill out this field.")
        );
        // A call that ran is not given the page's errors as its own.
        let ran = Receipt::ran(add, "add", true, None, diff(&before, &after));
        assert_eq!(ran.error, None);
    }

    #[test]
    fn nothing_changed_is_observed_only() {
        let s = todos();
        let c = diff(&s, &s);
        assert!(c.is_empty());
        assert_eq!(crate::support::json::to_value(&c).unwrap(), json!({"observed": true}));
    }

    #[test]
    fn records_state_actions_feedback_and_page_changes() {
        let before = todos();
        let mut after = todos();
        after.records.retain(|r| r.id != "t2");
        after.records[1].fields.insert("done".into(), json!(true));
        after.records.push(Record { id: "t10".into(), ..Default::default() });
        after.state[0].value = json!(2).into();
        after.actions[0].available = false;
        after.actions.push(Action { id: "undo".into(), ..Default::default() });
        after.feedback.push(Feedback {
            kind: FeedbackKind::Status,
            message: "Saved".into(),
            field: None,
            region: None,
        });
        after.page.path = "/todos/done".into();
        let c = diff(&before, &after);
        assert_eq!(
            crate::support::json::to_value(&c).unwrap(),
            json!({
                "observed": true,
                "page": {"from": "Todos — /todos", "to": "Todos — /todos/done"},
                "records": {"added": ["t10"], "removed": ["t2"], "changed": [{"id": "t9", "fields": ["done"]}]},
                "actions": {"nowAvailable": ["undo"], "nowUnavailable": ["add"]},
                "state": {"total": {"from": 3, "to": 2}},
                "feedback": [{"kind": "status", "message": "Saved"}]
            })
        );
        for kind in [
            "records",
            "records.added",
            "records.removed",
            "records.changed",
            "state",
            "state.total",
            "page",
            "feedback",
            "actions",
        ] {
            assert!(c.has(kind), "{kind}");
        }
        assert!(!c.has("state.filter"));
    }

    /// Thirty rows carried with fields, `in_view` of them in the viewport.
    fn inbox(in_view: std::ops::Range<usize>) -> Snapshot {
        let mut s = Snapshot::default();
        for i in 0..30 {
            s.records.push(Record {
                id: format!("m{i}"),
                fields: [("subject".to_owned(), json!(format!("Subject {i}")))]
                    .into_iter()
                    .collect(),
                in_viewport: Some(in_view.contains(&i)),
                ..Default::default()
            });
        }
        s
    }

    #[test]
    fn a_scroll_that_reveals_rows_is_a_change_in_its_own_words() {
        let (before, after) = (inbox(0..10), inbox(10..20));
        let scroll = Action { id: "more".into(), effect: Effect::Read, ..Default::default() };
        let c = diff_of(&before, &after, scroll.effect);
        assert!(!c.is_empty(), "rows brought into view are a change");
        let ids = |r: std::ops::Range<usize>| r.map(|i| format!("m{i}")).collect::<Vec<_>>();
        assert_eq!(c.records.shown, ids(10..20));
        assert_eq!(c.records.hidden, ids(0..10));
        assert!(c.records.added.is_empty() && c.records.removed.is_empty());
        assert_eq!(c.records.total, None, "a scroll keeps every row on the page");
        assert!(c.has("records") && c.has("records.shown") && !c.has("records.added"));
        // The same move after a write is still a view change, not a delete.
        let w = diff(&before, &after);
        assert_eq!((w.records.shown.len(), w.records.removed.len()), (10, 0));
    }

    #[test]
    fn a_filter_hides_and_shows_rows_a_delete_removes_them() {
        let before = todos();
        let mut after = todos();
        after.records.retain(|r| r.id == "t9");
        let search = Action {
            id: "search".into(),
            effect: Effect::Read,
            expects: vec!["records".into()],
            ..Default::default()
        };
        let c = diff_of(&before, &after, search.effect);
        assert_eq!(c.records.hidden, ["t1", "t2"]);
        assert!(c.records.removed.is_empty());
        let r = Receipt::ran(&search, "search", true, None, c);
        assert_eq!(r.warning, None, "rows hidden by a search meet `expects: records`");
        let content = r.to_content(1000);
        // How many rows the page holds comes first, so a count is read from the receipt, not
        // from the ids that moved.
        let records = r#""records":{"total":{"from":3,"to":1},"hidden":["t1","t2"]}"#;
        assert!(content.contains(records), "{content}");
        // Cleared again: the rows come back as shown, not added.
        let back = diff_of(&after, &before, Effect::Read);
        assert_eq!((back.records.shown.len(), back.records.added.len()), (2, 0));
        // A write whose rows leave the page's set removed them.
        assert_eq!(diff(&before, &after).records.removed, ["t1", "t2"]);
    }

    #[test]
    fn long_lists_are_capped_with_a_count() {
        let before = Snapshot::default();
        let mut after = Snapshot::default();
        for i in 0..50 {
            after.records.push(Record { id: format!("r{i}"), ..Default::default() });
        }
        let c = diff(&before, &after);
        assert_eq!(c.records.added.len(), MAX_LISTED);
        assert_eq!(c.records.more, Some(json!({"added": 30})));
    }

    #[test]
    fn expectation_failed_when_the_declared_change_did_not_happen() {
        let s = todos();
        let action = Action {
            id: "save".into(),
            description: "Save".into(),
            expects: vec!["records.changed".into()],
            ..Default::default()
        };
        let r = Receipt::ran(&action, "save", true, None, diff(&s, &s));
        assert!(r
            .warning
            .as_deref()
            .unwrap()
            .starts_with("EXPECTATION_FAILED: expected a change in records.changed"));
        let content = r.to_content(1000);
        assert!(content.starts_with(r#"{"result":{"ok":true,"action":{"id":"save","description":"Save"},"changed":{"observed":true},"warning":"EXPECTATION_FAILED"#), "{content}");
    }

    /// A grocery list as the README's script tag declares it: each row's checkbox is its
    /// `buy` action, and no field of the row shows whether it is checked.
    fn groceries(checked: bool) -> Snapshot {
        let mut s = Snapshot::default();
        for (id, item) in [("g1", "Milk"), ("g2", "Eggs")] {
            s.records.push(Record {
                id: id.into(),
                fields: [("item".to_owned(), json!(item))].into_iter().collect(),
                ..Default::default()
            });
            s.actions.push(Action {
                id: format!("buy@{id}"),
                record: Some(id.into()),
                value: Some(json!(checked && id == "g1").into()),
                ..Default::default()
            });
        }
        s
    }

    #[test]
    fn a_checkbox_that_is_its_own_row_state_is_a_change() {
        let (before, after) = (groceries(false), groceries(true));
        let c = diff(&before, &after);
        assert!(!c.is_empty(), "a checked box is a change");
        assert!(c.records.is_empty(), "no field of the row changed");
        assert_eq!(
            crate::support::json::to_value(&c).unwrap(),
            json!({"observed": true, "actions": {"values": [{"id": "buy@g1", "from": false, "to": true}]}})
        );
        let buy = Action { expects: vec!["actions".into()], ..before.actions[0].clone() };
        let r = Receipt::ran(&buy, "buy@g1", true, None, c).for_record(Some("g1"), &before);
        assert_eq!(r.warning, None, "a control's change meets `expects: actions`");
        let content = r.to_content(1000);
        assert!(
            content.contains(r#""changed":{"observed":true,"actions":{"values":[{"id":"buy@g1","from":false,"to":true}]}}"#),
            "{content}"
        );
        // Cleared again, it says so the other way round.
        let back = diff(&after, &before);
        assert_eq!(
            (&back.actions.values[0].from, &back.actions.values[0].to),
            (&json!(true), &json!(false))
        );
    }

    #[test]
    fn typed_text_an_empty_field_and_a_masked_value() {
        let field = |id: &str, value: Option<&str>, available: bool| Action {
            id: id.into(),
            kind: crate::snapshot::ActionKind::Type,
            value: value.map(|v| json!(v).into()),
            available,
            ..Default::default()
        };
        let mut before = Snapshot::default();
        before.actions.push(field("set_name", None, true));
        before.actions.push(field("set_password", None, true));
        before.actions.push(field("set_city", Some("Lisbon"), true));
        before.actions.push(field("set_pin", Some(MASK), true));
        before.actions.push(field("later", Some("draft"), true));
        let mut after = Snapshot::default();
        after.actions.push(field("set_name", Some("Ana Lima"), true));
        after.actions.push(field("set_password", Some(MASK), true));
        after.actions.push(field("set_city", None, true));
        // Another secret typed reads as the same mask: no change can be told, none is made up.
        after.actions.push(field("set_pin", Some(MASK), true));
        // Hidden now: unavailable, it says nothing of its value.
        after.actions.push(field("later", None, false));
        let c = diff(&before, &after);
        assert_eq!(
            crate::support::json::to_value(&c.actions.values).unwrap(),
            json!([
                {"id": "set_name", "from": "", "to": "Ana Lima"},
                {"id": "set_password", "from": "", "to": MASK},
                {"id": "set_city", "from": "Lisbon", "to": ""},
            ])
        );
        assert!(c.has("actions"));
    }

    #[test]
    fn a_control_on_a_row_with_a_long_id_is_named_by_the_alias() {
        let uuid = "3f2a9c1b-7d4e-4b8a-9f10-2c3d4e5f6a7b";
        let with_uuid = |s: &mut Snapshot| {
            s.records[0].id = uuid.into();
            s.actions[0].id = format!("buy@{uuid}");
            s.actions[0].record = Some(uuid.into());
        };
        let (mut before, mut after) = (groceries(false), groceries(true));
        with_uuid(&mut before);
        with_uuid(&mut after);
        let alias = crate::alias::alias_of(uuid).unwrap();
        let aliases = crate::alias::Aliases::of(&[&before, &after]);
        let r = Receipt::ran(
            &before.actions[0],
            &before.actions[0].id,
            true,
            None,
            diff(&before, &after),
        )
        .cited(&aliases);
        assert_eq!(r.changed.unwrap().actions.values[0].id, format!("buy@{alias}"));
    }

    #[test]
    fn long_results_keep_their_beginning_and_end() {
        let text = format!("BEGIN {} END", "word ".repeat(5000));
        let cut = truncate_middle(&text, 200);
        assert!(cut.starts_with("BEGIN") && cut.ends_with("END"));
        assert!(cut.contains("characters cut]"));
        assert!(estimate(&cut) <= 200, "{}", estimate(&cut));
        assert_eq!(truncate_middle("short", 200), "short");
    }
}
