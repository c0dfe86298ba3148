//! Snapshot builders shared by the integration tests and the benchmark.
#![allow(dead_code)]

use pling_core::{
    Action, ActionKind, Effect, PageIdentity, Record, RecordIds, Region, RowSet, Snapshot,
    StateGroup,
};
use serde_json::{json, Map, Value};

/// A list page with `rows` rows, `per_row` row actions and `fields` fields a row; the first
/// `in_view` rows are in the viewport.
pub fn list_page(rows: usize, per_row: usize, fields: usize, in_view: usize) -> Snapshot {
    let verbs = ["toggle", "edit", "delete", "archive", "star", "share"];
    let mut actions = vec![Action {
        id: "add".into(),
        description: "Add an item".into(),
        kind: ActionKind::Type,
        region: Some("list".into()),
        params: Some(
            json!({"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}),
        ),
        in_viewport: Some(true),
        ..Default::default()
    }];
    let mut records = Vec::with_capacity(rows);
    for r in 0..rows {
        let id = format!("r{}", r + 1);
        for verb in verbs.iter().cycle().take(per_row) {
            actions.push(Action {
                id: format!("{verb}@{id}"),
                description: format!("{verb} the item").as_str().into(),
                kind: ActionKind::Click,
                effect: Effect::Write,
                region: Some("list".into()),
                record: Some(id.clone()),
                in_viewport: Some(r < in_view),
                confirm: *verb == "delete",
                ..Default::default()
            });
        }
        let mut map = Map::new();
        for f in 0..fields {
            let value = match f % 3 {
                0 => Value::String(format!("Item {} field {}", r + 1, f)),
                1 => json!(r % 2 == 0),
                _ => json!(r * 10 + f),
            };
            map.insert(format!("field{f}"), value);
        }
        records.push(Record {
            id,
            region: Some("list".into()),
            label: Some(format!("Item {}", r + 1).as_str().into()),
            fields: map,
            in_viewport: Some(r < in_view),
        });
    }
    Snapshot {
        page: PageIdentity { title: "Items".into(), path: "/items".into(), ..Default::default() },
        regions: vec![Region {
            id: "list".into(),
            name: "Item list".into(),
            role: Some("list".into()),
            active: true,
            in_viewport: Some(true),
            visible: Some(in_view.min(rows) as u64),
            total: Some(rows as u64),
            ..Default::default()
        }],
        actions,
        records,
        state: vec![
            StateGroup { name: "filter".into(), value: json!("all").into(), ..Default::default() },
            StateGroup { name: "total".into(), value: json!(rows).into(), ..Default::default() },
        ],
        feedback: vec![],
        record_ids: vec![],
    }
}

/// The same page in the compact form the browser shim sends for a long list: its ids once, as
/// a list that every row set names; fields only for the rows in the viewport.
pub fn compact(s: &Snapshot) -> Snapshot {
    let mut out = compact_explicit(s);
    let ids: Vec<String> = s.records.iter().map(|r| r.id.clone()).collect();
    for a in &mut out.actions {
        if let Some(set) = &mut a.rows {
            assert_eq!(set.records, ids, "every row action covers every record, in order");
            set.records.clear();
            set.list = Some(0);
        }
    }
    out.record_ids = vec![RecordIds { region: Some("list".into()), ids }];
    out
}

/// The same page with row actions as row sets that spell out their records, and offscreen
/// records by id only.
pub fn compact_explicit(s: &Snapshot) -> Snapshot {
    let mut out = Snapshot {
        page: s.page.clone(),
        regions: s.regions.clone(),
        state: s.state.clone(),
        ..Default::default()
    };
    let mut sets: Vec<Action> = Vec::new();
    for a in &s.actions {
        let Some(record) = &a.record else {
            out.actions.push(a.clone());
            continue;
        };
        let name = a.base_name().to_owned();
        let set = match sets.iter_mut().find(|x| x.id == name) {
            Some(set) => set,
            None => {
                sets.push(Action {
                    id: name.clone(),
                    record: None,
                    in_viewport: None,
                    rows: Some(RowSet { in_viewport: Some(vec![]), ..Default::default() }),
                    ..a.clone()
                });
                sets.last_mut().unwrap()
            }
        };
        let rows = set.rows.as_mut().unwrap();
        if a.in_viewport != Some(false) {
            rows.in_viewport.as_mut().unwrap().push(rows.records.len() as u32);
        }
        rows.records.push(record.clone());
    }
    out.actions.extend(sets);
    let mut ids = RecordIds { region: Some("list".into()), ids: vec![] };
    for r in &s.records {
        if r.in_viewport == Some(false) {
            ids.ids.push(r.id.clone());
        } else {
            out.records.push(r.clone());
        }
    }
    out.record_ids.push(ids);
    out
}
