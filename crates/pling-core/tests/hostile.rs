//! Pathological pages and colliding declarations: every stage stays linear and within its
//! budget, and every declared action stays reachable.

mod common;

use common::shapes;
use pling_core::trust::Authored;
use pling_core::{observe, render, Action, Limits, RowSet, Snapshot};

/// The section and the tools of a shape at `n` items, which must come back at all: a
/// quadratic stage at 100k items would not finish.
fn rendered(make: fn(usize) -> Snapshot, n: usize) -> (String, String) {
    let snapshot = make(n);
    let o = observe(&snapshot, &Limits::default()).expect("valid");
    let r = render(&o);
    (r.section, serde_json::to_string(&r.tools).unwrap())
}

#[test]
fn pathological_pages_stay_within_their_budgets_at_100k() {
    let limits = Limits::default();
    for (name, make) in shapes::ALL {
        let (section, tools) = rendered(make, 100_000);
        // Every section has a budget; with the fixed headings the whole stays near their sum.
        let budgets = limits.max_state_chars
            + 2 * limits.max_record_chars
            + limits.max_feedback_chars
            + limits.max_page_chars
            + limits.max_actions * 900
            + limits.max_scopes * 2 * 700
            + 4_000;
        assert!(section.chars().count() <= budgets, "{name}: {} chars", section.chars().count());
        assert!(tools.len() <= limits.max_actions * 1_500, "{name}: tools {} chars", tools.len());
        for line in section.lines() {
            assert!(
                line.chars().count() <= 2_000,
                "{name}: a line of {} chars",
                line.chars().count()
            );
        }
    }
}

#[test]
fn a_region_path_is_bounded_at_any_depth() {
    let (section, tools) = rendered(shapes::nested_regions, 10_000);
    let tag = section.lines().find(|l| l.starts_with("- deep")).expect("the deep action");
    assert!(tag.contains("region:… > ") && tag.contains("Region number 9999"), "{tag}");
    assert!(tag.chars().count() < 300, "{tag}");
    assert!(tools.len() < 1_000, "{tools}");
}

#[test]
fn many_state_groups_are_counted_not_listed() {
    let (section, _) = rendered(shapes::state_groups, 100_000);
    let left = section.lines().find(|l| l.contains("left out for length:")).expect("left out");
    assert!(left.starts_with("(999") && left.contains("and 99"), "{left}");
    assert!(left.chars().count() < 400, "{left}");
    let groups = section.lines().find(|l| l.starts_with("Groups:")).expect("groups");
    assert!(groups.chars().count() <= limits_state(), "{groups}");
}

fn limits_state() -> usize {
    Limits::default().max_state_chars
}

#[test]
fn a_row_set_row_and_an_action_with_its_id_are_both_reachable() {
    let mut s = Snapshot::default();
    s.actions.push(Action {
        id: "t".into(),
        rows: Some(RowSet { records: vec!["a".into(), "b".into()], ..Default::default() }),
        ..Default::default()
    });
    s.actions.push(Action { id: "t@a".into(), record: Some("a".into()), ..Default::default() });
    let o = observe(&s, &Limits::default()).unwrap();
    let names: Vec<&str> = o.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["t", "t_2"]);
    let set = o.resolve("t", Some("a")).unwrap();
    let single = o.resolve("t_2", Some("a")).unwrap();
    assert_eq!((set.declared, single.declared), ("t", "t@a"));
    assert_eq!((&*set.action_id, &*single.action_id), ("t@a", "t@a"));
}

#[test]
fn declarations_of_one_row_each_keep_an_entry_and_fold_with_later_rows() {
    let mut s = shapes::one_row(5);
    // A row of another record joins the first entry; a second one of `o1` opens none.
    s.actions.push(Action {
        id: "archive@o2".into(),
        name: Some("archive".into()),
        record: Some("o2".into()),
        ..Default::default()
    });
    let o = observe(&s, &Limits::default()).unwrap();
    let names: Vec<&str> = o.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["archive", "archive_2", "archive_3", "archive_4", "archive_5"]);
    for (k, name) in names.iter().enumerate() {
        let id = format!("archive{k}");
        assert_eq!(o.resolve(name, Some("o1")).unwrap().declared, id);
    }
    assert_eq!(o.resolve("archive", Some("o2")).unwrap().declared, "archive@o2");
    assert!(o.resolve("archive_2", Some("o2")).is_err());
}

#[test]
fn a_later_name_that_equals_a_given_suffix_takes_the_next_one() {
    let mut s = Snapshot::default();
    for (id, name, description) in
        [("a", "x", "one"), ("b", "x", "two"), ("c", "x_2", "three"), ("d", "x", "four")]
    {
        s.actions.push(Action {
            id: id.into(),
            name: Some(name.into()),
            description: Authored(description.into()),
            ..Default::default()
        });
    }
    let o = observe(&s, &Limits::default()).unwrap();
    let names: Vec<&str> = o.entries.iter().map(|e| e.name.as_str()).collect();
    // `x_2` is given to the second `x` first; the declared `x_2` then takes `x_2_2`, and the
    // fourth `x` the next free suffix of its own.
    assert_eq!(names, ["x", "x_2", "x_2_2", "x_3"]);
}

/// A record whose fields object has 200,000 keys, every one of them twice: reading it keeps
/// one member per key (first place, last value) and stays linear, as does comparing it with
/// the same fields in the reverse order (a receipt compares a record before and after).
#[test]
fn an_object_of_many_repeated_keys_reads_and_compares_in_linear_time() {
    let n = 200_000;
    let members = |order: &mut dyn Iterator<Item = usize>, value: &str| {
        order.map(|i| format!("\"f{i}\":\"{value}{i}\"")).collect::<Vec<_>>().join(",")
    };
    let text =
        format!("{{{},{}}}", members(&mut (0..n), "first"), members(&mut (0..n).rev(), "last"));
    let fields: pling_core::support::json::Value = serde_json::from_str(&text).unwrap();
    let map = fields.as_object().unwrap();
    assert_eq!(map.len(), n);
    assert_eq!(map.keys().next().unwrap(), "f0");
    assert_eq!(fields["f7"], "last7");
    let reversed = format!("{{{}}}", members(&mut (0..n).rev(), "last"));
    let reversed: pling_core::support::json::Value = serde_json::from_str(&reversed).unwrap();
    assert_eq!(fields, reversed);
}

/// Authored schema text is bounded like every other authored line: a 10 MB parameter
/// description (and a schema's own `title` and `description`) reaches the tools cut to
/// `MAX_AUTHORED_CHARS` with the visible `…[+N chars]` mark; the values a call must send back
/// (an enum) are kept whole.
#[test]
fn an_authored_schema_description_of_10_mb_is_cut_with_a_mark() {
    let huge = "Describe the query. ".repeat(500_000);
    let mut s = Snapshot::default();
    s.actions.push(Action {
        id: "search".into(),
        params: Some(pling_core::json!({
            "type": "object",
            "title": huge,
            "description": huge,
            "properties": {
                "q": {"type": "string", "description": huge, "enum": ["one", "two"]},
                "description": {"type": "string", "title": huge},
            },
        })),
        ..Default::default()
    });
    let (_, tools) = rendered_snapshot(&s);
    assert!(tools.len() < 4 * 1_500, "tools {} chars", tools.len());
    let tools: serde_json::Value = serde_json::from_str(&tools).unwrap();
    let params = &tools[0]["function"]["parameters"];
    let max = pling_core::trust::MAX_AUTHORED_CHARS;
    for text in [
        &params["title"],
        &params["description"],
        &params["properties"]["q"]["description"],
        &params["properties"]["description"]["title"],
    ] {
        let text = text.as_str().unwrap();
        assert_eq!(text.chars().count(), max, "{text}");
        assert!(text.starts_with("Describe the query.") && text.ends_with(" chars]"), "{text}");
    }
    assert_eq!(params["properties"]["q"]["enum"], serde_json::json!(["one", "two"]));
}

fn rendered_snapshot(s: &Snapshot) -> (String, String) {
    let o = observe(s, &Limits::default()).expect("valid");
    let r = render(&o);
    (r.section, serde_json::to_string(&r.tools).unwrap())
}
