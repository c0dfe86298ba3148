//! The snapshot read from its JSON, type by type (see [`crate::read`]). Each reader lists the
//! members its type's `#[serde]` attributes name, with the same defaults.

use crate::json::Value;
use crate::read::{list, one_of, string, uint, Fields, Read};
use crate::snapshot::{
    Action, ActionKind, Effect, Feedback, FeedbackKind, PageIdentity, Record, RecordIds, Region,
    RowException, RowSet, Snapshot, StateGroup,
};
use crate::text::{Authored, DataFields, DataValue, PageText};

const U32: u64 = u32::MAX as u64;

/// A whole snapshot; `.` is the document.
pub fn snapshot(v: &Value) -> Read<Snapshot> {
    let known = ["page", "regions", "actions", "records", "state", "feedback", "recordIds"];
    let f = Fields::new(v, ".", &known)?;
    Ok(Snapshot {
        page: f.get("page").map_or_else(|| Ok(PageIdentity::default()), |p| page(p, "page"))?,
        regions: f.list("regions", region)?,
        actions: f.list("actions", action)?,
        records: f.list("records", record)?,
        state: f.list("state", state_group)?,
        feedback: f.list("feedback", feedback)?,
        record_ids: f.list("recordIds", record_ids)?,
    })
}

fn authored(f: &Fields<'_>, key: &str) -> Read<Option<Authored>> {
    Ok(f.string(key)?.map(Authored))
}

fn page_text(f: &Fields<'_>, key: &str) -> Read<Option<PageText>> {
    Ok(f.string(key)?.map(PageText))
}

fn data_values(f: &Fields<'_>, key: &str) -> Read<DataFields> {
    Ok(f.members(key)?.map(|(k, v)| (k.clone(), v.clone())).collect())
}

fn page(v: &Value, path: &str) -> Read<PageIdentity> {
    let f = Fields::new(v, path, &["title", "path", "route", "params", "query"])?;
    Ok(PageIdentity {
        title: page_text(&f, "title")?.unwrap_or_default(),
        path: page_text(&f, "path")?.unwrap_or_default(),
        route: authored(&f, "route")?,
        params: data_values(&f, "params")?,
        query: data_values(&f, "query")?,
    })
}

fn region(v: &Value, path: &str) -> Read<Region> {
    let known =
        ["id", "name", "purpose", "role", "parent", "active", "inViewport", "visible", "total"];
    let f = Fields::new(v, path, &known)?;
    Ok(Region {
        id: f.required_string("id")?,
        name: Authored(f.required_string("name")?),
        purpose: authored(&f, "purpose")?,
        role: authored(&f, "role")?,
        parent: f.string("parent")?,
        active: f.bool("active")?.unwrap_or(true),
        in_viewport: f.bool("inViewport")?,
        visible: f.uint("visible", u64::MAX)?,
        total: f.uint("total", u64::MAX)?,
    })
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
) -> Read<T> {
    f.get(key).map_or(Ok(default), |v| one_of(v, &f.at(key), all, name))
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
    // Filled in place, member by member: an error then drops one `Action`, where a struct
    // literal would drop what it had read so far at each of its eighteen exits.
    let mut a = Action { id: f.required_string("id")?, ..Action::default() };
    a.name = f.string("name")?;
    a.description = authored(&f, "description")?.unwrap_or_default();
    a.kind = choice(&f, "kind", &KINDS, ActionKind::as_str, ActionKind::default())?;
    a.effect = choice(&f, "effect", &EFFECTS, Effect::as_str, Effect::default())?;
    a.region = f.string("region")?;
    a.record = f.string("record")?;
    a.rows = f.get("rows").map(|r| row_set(r, &f.at("rows"))).transpose()?;
    a.params = f.get("params").cloned();
    a.available = f.bool("available")?.unwrap_or(true);
    a.reason = authored(&f, "reason")?;
    a.confirm = f.bool("confirm")?.unwrap_or(false);
    a.handoff = f.bool("handoff")?.unwrap_or(false);
    a.in_viewport = f.bool("inViewport")?;
    a.covered = f.bool("covered")?.unwrap_or(false);
    a.reveals = f.string("reveals")?;
    a.expects = f.list("expects", string)?;
    a.value = f.get("value").cloned().map(DataValue);
    Ok(a)
}

fn index(v: &Value, path: &str) -> Read<u32> {
    Ok(uint(v, path, U32)? as u32)
}

fn row_set(v: &Value, path: &str) -> Read<RowSet> {
    let known = ["records", "list", "inViewport", "unavailable", "covered"];
    let f = Fields::new(v, path, &known)?;
    Ok(RowSet {
        records: f.list("records", string)?,
        list: f.uint("list", U32)?.map(|n| n as u32),
        in_viewport: f
            .get("inViewport")
            .map(|x| list(x, &f.at("inViewport"), index))
            .transpose()?,
        unavailable: f.list("unavailable", row_exception)?,
        covered: f.list("covered", index)?,
    })
}

fn row_exception(v: &Value, path: &str) -> Read<RowException> {
    let f = Fields::new(v, path, &["index", "reason"])?;
    Ok(RowException {
        index: index(f.required("index")?, &f.at("index"))?,
        reason: authored(&f, "reason")?,
    })
}

fn record(v: &Value, path: &str) -> Read<Record> {
    let f = Fields::new(v, path, &["id", "region", "label", "fields", "inViewport"])?;
    Ok(Record {
        id: f.required_string("id")?,
        region: f.string("region")?,
        label: page_text(&f, "label")?,
        fields: f.object("fields")?,
        in_viewport: f.bool("inViewport")?,
    })
}

fn state_group(v: &Value, path: &str) -> Read<StateGroup> {
    let f = Fields::new(v, path, &["name", "description", "value"])?;
    Ok(StateGroup {
        name: f.required_string("name")?,
        description: authored(&f, "description")?,
        value: DataValue(f.get("value").cloned().unwrap_or_default()),
    })
}

fn feedback(v: &Value, path: &str) -> Read<Feedback> {
    let f = Fields::new(v, path, &["kind", "message", "field", "region"])?;
    Ok(Feedback {
        kind: choice(&f, "kind", &FEEDBACK_KINDS, FeedbackKind::as_str, FeedbackKind::default())?,
        message: PageText(f.required_string("message")?),
        field: page_text(&f, "field")?,
        region: f.string("region")?,
    })
}

fn record_ids(v: &Value, path: &str) -> Read<RecordIds> {
    let f = Fields::new(v, path, &["region", "ids"])?;
    let ids = f.required("ids")?;
    Ok(RecordIds { region: f.string("region")?, ids: list(ids, &f.at("ids"), string)? })
}
