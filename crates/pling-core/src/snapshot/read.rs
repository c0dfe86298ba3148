//! The snapshot read from its JSON, type by type (see [`crate::support::read`]). Each reader
//! lists the members its type's `#[serde]` attributes name, with the same defaults.

use super::{
    Action, ActionKind, Effect, Feedback, FeedbackKind, PageIdentity, Record, RecordIds, Region,
    RowException, RowSet, Snapshot, StateGroup,
};
use crate::error::SnapshotError;
use crate::support::json::Value;
use crate::support::read::{list, one_of, string, uint, Fields, Read};
use crate::trust::{Authored, DataFields, DataValue, PageText};

const U32: u64 = u32::MAX as u64;

impl Snapshot {
    /// Parses and validates a snapshot from JSON. Errors name what is wrong and where.
    pub fn from_json(json: &str) -> Result<Self, SnapshotError> {
        let snapshot = Self::parse(json)?;
        snapshot.validate()?;
        Ok(snapshot)
    }

    /// Parses a snapshot from JSON without checking its ids and references. [`observe`]
    /// (and [`crate::agent::Agent::observed`]) check them as they go, so a caller that hands
    /// the snapshot straight to one of them need not check twice.
    ///
    /// [`observe`]: crate::observe()
    pub fn parse(json: &str) -> Result<Self, SnapshotError> {
        let value: Value = crate::support::json_text::from_str(json)
            .map_err(|e| SnapshotError::Parse { path: e.path.clone(), message: e.to_string() })?;
        Self::from_value(&value)
    }

    /// Reads a snapshot from parsed JSON, without checking its ids and references.
    pub fn from_value(value: &Value) -> Result<Self, SnapshotError> {
        snapshot(value).map_err(|e| SnapshotError::Parse { path: e.path, message: e.message })
    }
}

/// A whole snapshot; `.` is the document.
fn snapshot(v: &Value) -> Read<Snapshot> {
    let known = ["page", "regions", "actions", "records", "state", "feedback", "recordIds"];
    let f = Fields::new(v, ".", &known)?;
    let s = Snapshot {
        page: f.read("page", page).unwrap_or_default(),
        regions: f.list("regions", region),
        actions: f.list("actions", action),
        records: f.list("records", record),
        state: f.list("state", state_group),
        feedback: f.list("feedback", feedback),
        record_ids: f.list("recordIds", record_ids).into(),
    };
    f.done(s)
}

fn authored(f: &Fields<'_>, key: &str) -> Option<Authored> {
    f.string(key).map(Authored)
}

fn page_text(f: &Fields<'_>, key: &str) -> Option<PageText> {
    f.string(key).map(PageText)
}

fn data_values(f: &Fields<'_>, key: &str) -> DataFields {
    DataFields(f.object(key))
}

fn page(v: &Value, path: &str) -> Read<PageIdentity> {
    let f = Fields::new(v, path, &["title", "path", "route", "params", "query"])?;
    let p = PageIdentity {
        title: page_text(&f, "title").unwrap_or_default(),
        path: page_text(&f, "path").unwrap_or_default(),
        route: authored(&f, "route"),
        params: data_values(&f, "params"),
        query: data_values(&f, "query"),
    };
    f.done(p)
}

fn region(v: &Value, path: &str) -> Read<Region> {
    let known =
        ["id", "name", "purpose", "role", "parent", "active", "inViewport", "visible", "total"];
    let f = Fields::new(v, path, &known)?;
    let r = Region {
        id: f.required_string("id"),
        name: Authored(f.required_string("name")),
        purpose: authored(&f, "purpose"),
        role: authored(&f, "role"),
        parent: f.string("parent"),
        active: f.bool("active").unwrap_or(true),
        in_viewport: f.bool("inViewport"),
        visible: f.uint("visible", u64::MAX),
        total: f.uint("total", u64::MAX),
    };
    f.done(r)
}

use ActionKind::{Click, Navigate, Scroll, Select, Submit, Type};

const KINDS: [ActionKind; 6] = [Click, Type, Select, Navigate, Scroll, Submit];
const EFFECTS: [Effect; 2] = [Effect::Read, Effect::Write];
const FEEDBACK_KINDS: [FeedbackKind; 3] =
    [FeedbackKind::Error, FeedbackKind::Warning, FeedbackKind::Status];

/// A member that is one of `all` by its name (`name`), or `default` when absent.
fn choice<T: Copy>(
    f: &Fields<'_>,
    key: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    default: T,
) -> T {
    let Some(v) = f.get(key) else { return default };
    if let Some(t) = v.as_str().and_then(|s| all.iter().find(|t| name(**t) == s)) {
        return *t;
    }
    f.keep(one_of(v, &f.at(key), all, name)).unwrap_or(default)
}

fn action(v: &Value, path: &str) -> Read<Action> {
    let known = [
        "id",
        "name",
        "description",
        "kind",
        "effect",
        "region",
        "record",
        "rows",
        "params",
        "available",
        "reason",
        "confirm",
        "handoff",
        "inViewport",
        "covered",
        "reveals",
        "expects",
        "value",
    ];
    let f = Fields::new(v, path, &known)?;
    let a = Action {
        id: f.required_string("id"),
        name: f.string("name"),
        description: authored(&f, "description").unwrap_or_default(),
        kind: choice(&f, "kind", &KINDS, ActionKind::as_str, ActionKind::default()),
        effect: choice(&f, "effect", &EFFECTS, Effect::as_str, Effect::default()),
        region: f.string("region"),
        record: f.string("record"),
        rows: f.read("rows", row_set),
        params: f.get("params").cloned(),
        available: f.bool("available").unwrap_or(true),
        reason: authored(&f, "reason"),
        confirm: f.bool("confirm").unwrap_or(false),
        handoff: f.bool("handoff").unwrap_or(false),
        in_viewport: f.bool("inViewport"),
        covered: f.bool("covered").unwrap_or(false),
        reveals: f.string("reveals"),
        expects: f.list("expects", string),
        value: f.get("value").cloned().map(DataValue),
    };
    f.done(a)
}

fn index(v: &Value, path: &str) -> Read<u32> {
    Ok(uint(v, path, U32)? as u32)
}

fn row_set(v: &Value, path: &str) -> Read<RowSet> {
    let known = ["records", "list", "inViewport", "unavailable", "covered"];
    let f = Fields::new(v, path, &known)?;
    let r = RowSet {
        records: f.list("records", string),
        list: f.uint("list", U32).map(|n| n as u32),
        in_viewport: f.read("inViewport", |x, at| list(x, at, index)),
        unavailable: f.list("unavailable", row_exception),
        covered: f.list("covered", index),
    };
    f.done(r)
}

fn row_exception(v: &Value, path: &str) -> Read<RowException> {
    let f = Fields::new(v, path, &["index", "reason"])?;
    let r = RowException {
        index: f.required("index").and_then(|i| f.keep(index(i, &f.at("index")))).unwrap_or(0),
        reason: authored(&f, "reason"),
    };
    f.done(r)
}

fn record(v: &Value, path: &str) -> Read<Record> {
    let f = Fields::new(v, path, &["id", "region", "label", "fields", "inViewport"])?;
    let r = Record {
        id: f.required_string("id"),
        region: f.string("region"),
        label: page_text(&f, "label"),
        fields: f.object("fields"),
        in_viewport: f.bool("inViewport"),
    };
    f.done(r)
}

fn state_group(v: &Value, path: &str) -> Read<StateGroup> {
    let f = Fields::new(v, path, &["name", "description", "value"])?;
    let g = StateGroup {
        name: f.required_string("name"),
        description: authored(&f, "description"),
        value: DataValue(f.get("value").cloned().unwrap_or_default()),
    };
    f.done(g)
}

fn feedback(v: &Value, path: &str) -> Read<Feedback> {
    let f = Fields::new(v, path, &["kind", "message", "field", "region"])?;
    let b = Feedback {
        kind: choice(&f, "kind", &FEEDBACK_KINDS, FeedbackKind::as_str, FeedbackKind::default()),
        message: PageText(f.required_string("message")),
        field: page_text(&f, "field"),
        region: f.string("region"),
    };
    f.done(b)
}

fn record_ids(v: &Value, path: &str) -> Read<RecordIds> {
    let f = Fields::new(v, path, &["region", "ids"])?;
    let ids = f.required("ids");
    let region = f.string("region");
    let ids = ids.and_then(|ids| f.keep(list(ids, &f.at("ids"), string)));
    let r = RecordIds { region, ids: ids.unwrap_or_default() };
    f.done(r)
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Snapshot, NO_ACTION};

    #[test]
    fn the_default_action_is_an_action_that_declares_nothing() {
        // Read without the index's checks, which refuse an empty id.
        let s = Snapshot::parse(r#"{"actions":[{"id":""}]}"#).unwrap();
        assert_eq!(s.actions[0], NO_ACTION);
        assert_eq!(Action::default(), NO_ACTION);
    }
}
