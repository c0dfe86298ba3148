//! observe + render on a generated list page: 3 row actions and 6 fields a row.
//! Prints the output size for each row count; criterion prints the time.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use pling_core::{observe, render, Limits, Snapshot};
use std::time::Duration;

fn group(c: &mut Criterion, name: &str, make: impl Fn(usize) -> Snapshot) {
    let limits = Limits::default();
    let mut group = c.benchmark_group(name);
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    for rows in [12usize, 1_000, 10_000, 100_000] {
        let snapshot = make(rows);
        let o = observe(&snapshot, &limits).expect("valid");
        let r = render(&o);
        let tools = serde_json::to_string(&r.tools).expect("json");
        let json = serde_json::to_string(&snapshot).expect("json");
        println!(
            "{name} rows {rows:>6}: snapshot {} KB, {} entries; page section {} chars, tools {} bytes",
            json.len() / 1024,
            o.entries.len(),
            r.section.chars().count(),
            tools.len()
        );
        group.bench_with_input(BenchmarkId::from_parameter(rows), &snapshot, |b, s| {
            b.iter(|| {
                let o = observe(black_box(s), &limits).expect("valid");
                let r = render(&o);
                black_box((r.section.len(), r.tools.len()))
            })
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    group(c, "observe+render", |rows| common::list_page(rows, 3, 6, 12));
    // Each row action declared once as a row set spelling out its records; offscreen records
    // by id only.
    group(c, "observe+render (row sets)", |rows| {
        common::compact_explicit(&common::list_page(rows, 3, 6, 12))
    });
    // The form the browser shim sends for a long list: its ids once, named by every row set.
    group(c, "observe+render (row sets naming a list)", |rows| {
        common::compact(&common::list_page(rows, 3, 6, 12))
    });
    // The same, from the JSON text: parse and validate too, as the wasm binding does.
    let limits = Limits::default();
    let mut g = c.benchmark_group("from JSON (row sets naming a list)");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    for rows in [12usize, 1_000, 10_000, 100_000] {
        let json = serde_json::to_string(&common::compact(&common::list_page(rows, 3, 6, 12)))
            .expect("json");
        g.bench_with_input(BenchmarkId::from_parameter(rows), &json, |b, json| {
            b.iter(|| {
                let s = Snapshot::from_json(black_box(json)).expect("valid");
                let o = observe(&s, &limits).expect("valid");
                let r = render(&o);
                black_box((r.section.len(), r.tools.len()))
            })
        });
    }
    g.finish();
}

/// The pathological shapes of the hostile tests, one observation each at 10k and 100k items:
/// 100k / 10k near 10 means linear.
fn pathological(c: &mut Criterion) {
    let limits = Limits::default();
    let mut g = c.benchmark_group("pathological");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(200));
    for (name, make) in common::shapes::ALL {
        for n in [10_000usize, 100_000] {
            let snapshot = make(n);
            g.bench_with_input(BenchmarkId::new(name, n), &snapshot, |b, s| {
                b.iter(|| {
                    let o = observe(black_box(s), &limits).expect("valid");
                    black_box(render(&o).section.len())
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench, pathological);
criterion_main!(benches);
