//! The checks of a snapshot's ids, references, row sets and parameter schemas, and the
//! [`Index`] they build on the way, which `observe` reads each id's place from.

use super::{is_expectation, Index, RecordIds, Region, RowSet, Snapshot};
use crate::error::SnapshotError;
use crate::support::json::Value;
use crate::support::strmap::StrMap;

impl Snapshot {
    /// Checks ids, references and parameter schemas; the error names the first problem.
    pub fn validate(&self) -> Result<(), SnapshotError> {
        self.index().map(|_| ())
    }

    pub(crate) fn index(&self) -> Result<Index, SnapshotError> {
        let regions = RegionIds::new(&self.regions)?;
        let mut parent = Vec::with_capacity(self.regions.len());
        for (i, r) in self.regions.iter().enumerate() {
            parent.push(regions.get(&r.parent, Place("regions", i, ".parent"))?);
        }
        if let Some(r) = first_cycle(&parent) {
            return Err(SnapshotError::RegionCycle { region: self.regions[r].id.clone() });
        }
        let (action_region, reveals) = self.action_index(&regions)?;
        let records = self.record_index(&regions)?;
        self.check_state_names()?;
        let mut feedback_region = Vec::with_capacity(self.feedback.len());
        for (i, f) in self.feedback.iter().enumerate() {
            feedback_region.push(regions.get(&f.region, Place("feedback", i, ".region"))?);
        }
        Ok(Index {
            parent,
            action_region,
            record_region: records.record_region,
            id_set_region: records.id_set_region,
            feedback_region,
            reveals,
            detailed: records.detailed,
        })
    }

    /// Each action's region and the region it reveals, checking ids, rows and parameters.
    fn action_index(&self, regions: &RegionIds<'_>) -> Result<Regioned, SnapshotError> {
        // Ids to their index (a map, not a set: one hash table type serves the whole index).
        let mut action_ids: StrMap<'_> = StrMap::default();
        action_ids.reserve(self.actions.len());
        let mut action_region = Vec::with_capacity(self.actions.len());
        let mut reveals = Vec::with_capacity(self.actions.len());
        for (i, a) in self.actions.iter().enumerate() {
            let at = Place("actions", i, "");
            non_empty(&a.id, at)?;
            if let Some(first) = action_ids.insert(&a.id, i) {
                return Err(duplicate(
                    "action",
                    &a.id,
                    Place("actions", first, "").text(),
                    at.text(),
                ));
            }
            if let Some(record) = &a.record {
                non_empty(record, Place("actions", i, ".record"))?;
            }
            if let Some(set) = &a.rows {
                let n = self.row_ids(set).len();
                check_row_set(set, self.record_ids.len(), n, a.record.is_some(), i)?;
            }
            action_region.push(regions.get(&a.region, Place("actions", i, ".region"))?);
            reveals.push(regions.get(&a.reveals, Place("actions", i, ".reveals"))?);
            if let Some(params) = &a.params {
                check_params(params, a.record.is_some()).map_err(|reason| {
                    SnapshotError::InvalidParams { at: format!("actions[{i}].params"), reason }
                })?;
            }
            if let Some((k, e)) = a.expects.iter().enumerate().find(|(_, e)| !is_expectation(e)) {
                let at = format!("actions[{i}].expects[{k}]");
                return Err(SnapshotError::UnknownExpectation { at, value: e.clone() });
            }
        }
        Ok((action_region, reveals))
    }

    /// Each id once among records; a list may name a record of `records` once more. What the
    /// lists hold on their own (each id's place, an empty or repeated id) is derived once for
    /// every snapshot that shares them; here only the records are looked up in them.
    fn record_index(&self, regions: &RegionIds<'_>) -> Result<RecordIndex, SnapshotError> {
        let mut seen: StrMap<'_> = StrMap::with_capacity(self.records.len());
        let mut record_region = Vec::with_capacity(self.records.len());
        let lists = self.record_ids.derived();
        // The records the lists name: (place in the lists' count, record), in list order.
        let mut listed = Vec::new();
        for (i, r) in self.records.iter().enumerate() {
            let at = Place("records", i, "");
            non_empty(&r.id, at)?;
            if seen.insert(&r.id, i).is_some() {
                let first = self.records.iter().position(|b| b.id == r.id).unwrap_or(0);
                return Err(duplicate(
                    "record",
                    &r.id,
                    Place("records", first, "").text(),
                    at.text(),
                ));
            }
            record_region.push(regions.get(&r.region, Place("records", i, ".region"))?);
            if let Some((list, k)) = lists.place(&r.id) {
                listed.push((lists.start(list) + k, i));
            }
        }
        listed.sort_unstable();
        let (id_set_region, detailed) = self.list_index(regions, &listed, &record_region, &seen)?;
        Ok(RecordIndex { record_region, id_set_region, detailed })
    }

    /// Each list's region and the places in it of the records `listed` names (by their place
    /// in the lists' count, in order), checked in page order: the first problem is named.
    fn list_index(
        &self,
        regions: &RegionIds<'_>,
        listed: &[(usize, usize)],
        record_region: &[Option<usize>],
        seen: &StrMap<'_>,
    ) -> Result<Listed, SnapshotError> {
        let lists = self.record_ids.derived();
        let mut id_set_region = Vec::with_capacity(self.record_ids.len());
        let mut detailed = Vec::with_capacity(self.record_ids.len());
        let mut next = listed.iter().peekable();
        for (i, set) in self.record_ids.iter().enumerate() {
            let region = regions.get(&set.region, Place("recordIds", i, ".region"))?;
            id_set_region.push(region);
            let (start, end) = (lists.start(i), lists.start(i) + set.ids.len());
            // The lists' own first problem, if it is in this list.
            let problem = lists.problem.filter(|&(p, _)| p < end);
            let mut positions = Vec::new();
            while let Some(&(at, r)) = next.next_if(|&&(at, _)| at < end) {
                if problem.is_some_and(|(p, _)| p < at) {
                    break;
                }
                if record_region[r] != region {
                    let id = &self.records[r].id;
                    return Err(SnapshotError::InvalidRows {
                        at: format!("recordIds[{i}].ids[{}]", at - start),
                        reason: format!(
                            "record `{id}` is listed under another region than records[{r}] gives it"
                        ),
                    });
                }
                positions.push((at - start) as u32);
            }
            if let Some((p, empty)) = problem {
                return Err(list_problem(set, i, p - start, empty, seen));
            }
            detailed.push(positions);
        }
        Ok((id_set_region, detailed))
    }

    fn check_state_names(&self) -> Result<(), SnapshotError> {
        let mut state_names: StrMap<'_> = StrMap::default();
        for (i, s) in self.state.iter().enumerate() {
            non_empty(&s.name, Place("state", i, ""))?;
            if let Some(first) = state_names.insert(&s.name, i) {
                let (first, second) = (format!("state[{first}]"), format!("state[{i}]"));
                return Err(duplicate("state group", &s.name, first, second));
            }
        }
        Ok(())
    }
}

/// Per list: its region, and the places in it of records of `records`.
type Listed = (Vec<Option<usize>>, Vec<Vec<u32>>);

/// Per action: its region and the region it reveals.
type Regioned = (Vec<Option<usize>>, Vec<Option<usize>>);

/// The record part of an [`Index`].
struct RecordIndex {
    record_region: Vec<Option<usize>>,
    id_set_region: Vec<Option<usize>>,
    detailed: Vec<Vec<u32>>,
}

fn duplicate(kind: &'static str, id: &str, first: String, second: String) -> SnapshotError {
    SnapshotError::DuplicateId { kind, id: id.to_owned(), first, second }
}

/// Region ids, each once, to their index.
struct RegionIds<'s>(StrMap<'s>);

impl<'s> RegionIds<'s> {
    fn new(regions: &'s [Region]) -> Result<Self, SnapshotError> {
        let mut ids: StrMap<'_> = StrMap::default();
        for (i, r) in regions.iter().enumerate() {
            let at = Place("regions", i, "");
            non_empty(&r.id, at)?;
            if let Some(first) = ids.insert(&r.id, i) {
                return Err(duplicate(
                    "region",
                    &r.id,
                    Place("regions", first, "").text(),
                    at.text(),
                ));
            }
        }
        Ok(Self(ids))
    }

    /// The index of the region `id` names, if it names one; `at` says where, for the error.
    fn get(&self, id: &Option<String>, at: Place) -> Result<Option<usize>, SnapshotError> {
        match id {
            None => Ok(None),
            Some(id) => self
                .0
                .get(id)
                .map(Some)
                .ok_or_else(|| SnapshotError::UnknownRegion { at: at.text(), region: id.clone() }),
        }
    }
}

/// The error of list `i`'s id at `k`: empty, or named already (by `records`, where `seen`
/// has it, or by an earlier place in the lists).
fn list_problem(
    set: &RecordIds,
    i: usize,
    k: usize,
    empty: bool,
    seen: &StrMap<'_>,
) -> SnapshotError {
    let at = format!("recordIds[{i}].ids[{k}]");
    if empty {
        return SnapshotError::EmptyId { at };
    }
    let id = set.ids.get(k).map_or("", String::as_str);
    let first = seen
        .get(id)
        .map_or_else(|| "an earlier list".to_owned(), |r| format!("records[{r}], already listed"));
    duplicate("record", id, first, at)
}

/// A region on a parent cycle, if any, in time linear in the regions: each walk up stops at
/// a region already known to reach a root.
fn first_cycle(parent: &[Option<usize>]) -> Option<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark = vec![Mark::New; parent.len()];
    let mut path = Vec::new();
    for start in 0..parent.len() {
        let mut at = Some(start);
        while let Some(r) = at {
            match mark[r] {
                Mark::Done => break,
                Mark::OnPath => return Some(r),
                Mark::New => {
                    mark[r] = Mark::OnPath;
                    path.push(r);
                    at = parent[r];
                }
            }
        }
        for r in path.drain(..) {
            mark[r] = Mark::Done;
        }
    }
    None
}

fn check_row_set(
    set: &RowSet,
    lists: usize,
    n: usize,
    has_record: bool,
    i: usize,
) -> Result<(), SnapshotError> {
    let at = |what: &str| format!("actions[{i}].rows{what}");
    if has_record {
        return Err(SnapshotError::InvalidRows {
            at: format!("actions[{i}]"),
            reason: "an action has either `record` or `rows`, not both".to_owned(),
        });
    }
    if let Some(list) = set.list {
        let reason = if !set.records.is_empty() {
            Some("a row set has either `records` or `list`, not both".to_owned())
        } else if list as usize >= lists {
            Some(format!("list {list} is past the {lists} lists of `recordIds`"))
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(SnapshotError::InvalidRows { at: at(".list"), reason });
        }
    }
    for (k, record) in set.records.iter().enumerate() {
        if record.trim().is_empty() {
            return Err(SnapshotError::EmptyId { at: at(&format!(".records[{k}]")) });
        }
    }
    let in_range = |k: u32, what: String| {
        if (k as usize) < n {
            Ok(())
        } else {
            Err(SnapshotError::InvalidRows {
                at: what,
                reason: format!("index {k} is past the {n} records"),
            })
        }
    };
    for (j, &k) in set.in_viewport.iter().flatten().enumerate() {
        in_range(k, at(&format!(".inViewport[{j}]")))?;
    }
    for (j, u) in set.unavailable.iter().enumerate() {
        in_range(u.index, at(&format!(".unavailable[{j}]")))?;
    }
    for (j, &k) in set.covered.iter().enumerate() {
        in_range(k, at(&format!(".covered[{j}]")))?;
    }
    Ok(())
}

/// Where in the snapshot, written out only for an error: `Place("actions", 3, ".region")` is
/// `actions[3].region`.
#[derive(Clone, Copy)]
struct Place(&'static str, usize, &'static str);

impl Place {
    fn text(self) -> String {
        let mut out = String::with_capacity(self.0.len() + self.2.len() + 6);
        out.push_str(self.0);
        out.push('[');
        out.push_str(itoa::Buffer::new().format(self.1));
        out.push(']');
        out.push_str(self.2);
        out
    }
}

fn non_empty(id: &str, at: Place) -> Result<(), SnapshotError> {
    if id.trim().is_empty() {
        Err(SnapshotError::EmptyId { at: at.text() })
    } else {
        Ok(())
    }
}

/// A parameter schema must be a JSON Schema object whose `properties` is an object and whose
/// `required` names only declared properties. A row action may not declare `record` itself.
fn check_params(params: &Value, row: bool) -> Result<(), String> {
    let obj = params.as_object().ok_or_else(|| {
        "must be a JSON Schema object such as {\"type\":\"object\",\"properties\":{…}}".to_owned()
    })?;
    match obj.get("type") {
        None => {}
        Some(Value::String(t)) if t == "object" => {}
        Some(other) => {
            return Err(format!(
                "`type` must be \"object\", found {}",
                crate::support::json_text::Json(other)
            ))
        }
    }
    let props = match obj.get("properties") {
        None => None,
        Some(Value::Object(p)) => Some(p),
        Some(_) => return Err("`properties` must be an object".to_owned()),
    };
    if let Some(props) = props {
        for (name, schema) in props {
            if !schema.is_object() && !schema.is_boolean() {
                return Err(format!("property `{name}` must have a schema object"));
            }
        }
        if row && props.contains_key("record") {
            return Err(
                "a row action gets its `record` parameter from Pling; do not declare it".to_owned()
            );
        }
    }
    match obj.get("required") {
        None => {}
        Some(Value::Array(names)) => {
            for n in names {
                let Some(n) = n.as_str() else {
                    return Err("`required` must list property names".to_owned());
                };
                if !props.is_some_and(|p| p.contains_key(n)) {
                    return Err(format!("`required` names `{n}`, which is not in `properties`"));
                }
            }
        }
        Some(_) => return Err("`required` must be an array".to_owned()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(json: &str) -> String {
        Snapshot::from_json(json).unwrap_err().to_string()
    }

    #[test]
    fn duplicates_and_dangling_references_are_named() {
        let e = err(r#"{"actions":[{"id":"a"},{"id":"a"}]}"#);
        assert_eq!(e, "action id `a` is declared twice: actions[0] and actions[1]");
        let e = err(r#"{"actions":[{"id":"a","region":"nope"}]}"#);
        assert_eq!(e, "actions[0].region names region `nope`, which is not declared");
        let e = err(
            r#"{"regions":[{"id":"a","name":"A","parent":"b"},{"id":"b","name":"B","parent":"a"}]}"#,
        );
        assert!(e.contains("cycle"), "{e}");
        let e = err(r#"{"records":[{"id":" "}]}"#);
        assert_eq!(e, "records[0] has an empty id");
    }

    #[test]
    fn a_list_names_a_record_once_more_and_no_id_twice() {
        let e = err(r#"{"records":[{"id":"a"}],"recordIds":[{"ids":["b","a","a"]}]}"#);
        assert_eq!(
            e,
            "record id `a` is declared twice: records[0], already listed and recordIds[0].ids[2]"
        );
        let e = err(r#"{"recordIds":[{"ids":["b"]},{"ids":["c","b"]}]}"#);
        assert_eq!(e, "record id `b` is declared twice: an earlier list and recordIds[1].ids[1]");
        // The first problem in page order is the one named.
        let regions = r#""regions":[{"id":"g","name":"G"}],"records":[{"id":"a","region":"g"}]"#;
        let e =
            err(&format!(r#"{{{regions},"recordIds":[{{"region":"g","ids":["x"," ","a"]}}]}}"#));
        assert_eq!(e, "recordIds[0].ids[1] has an empty id");
        let e = err(&format!(r#"{{{regions},"recordIds":[{{"ids":["a"," "]}}]}}"#));
        assert!(e.starts_with("recordIds[0].ids[0]") && e.contains("another region"), "{e}");
        let e = err(&format!(
            r#"{{{regions},"recordIds":[{{"ids":["b"]}},{{"region":"h","ids":[]}}]}}"#
        ));
        assert!(e.contains("recordIds[1].region"), "{e}");
        let ok = format!(r#"{{{regions},"recordIds":[{{"region":"g","ids":["x","a","y"]}}]}}"#);
        assert!(Snapshot::from_json(&ok).is_ok());
    }

    #[test]
    fn parameter_schemas_are_checked() {
        let e = err(r#"{"actions":[{"id":"a","params":{"type":"string"}}]}"#);
        assert!(e.contains("actions[0].params") && e.contains("object"), "{e}");
        let e = err(r#"{"actions":[{"id":"a","params":{"type":"object","required":["x"]}}]}"#);
        assert!(e.contains("`x`"), "{e}");
        let e =
            err(r#"{"actions":[{"id":"t@1","record":"1","params":{"properties":{"record":{}}}}]}"#);
        assert!(e.contains("row action"), "{e}");
        assert!(Snapshot::from_json(
            r#"{"actions":[{"id":"a","params":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}"#
        )
        .is_ok());
    }

    #[test]
    fn an_expectation_no_receipt_can_show_is_refused() {
        let e = err(r#"{"actions":[{"id":"a","expects":["records.changed","record.added"]}]}"#);
        assert!(e.starts_with("actions[0].expects[1] is `record.added`, which names no change: use one of records, records.added,"), "{e}");
        assert!(e.ends_with("or state.<name>"), "{e}");
        for ok in ["state.filter", "records", "actions", "page", "feedback"] {
            let json = format!(r#"{{"actions":[{{"id":"a","expects":["{ok}"]}}]}}"#);
            assert!(Snapshot::from_json(&json).is_ok(), "{ok}");
        }
        for bad in ["state.", "state.a.b", "", "Records"] {
            assert!(!is_expectation(bad), "{bad:?}");
        }
    }
}
