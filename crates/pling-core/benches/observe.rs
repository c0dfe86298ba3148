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
    // The compact form the browser shim sends: each row action declared once as a row set,
    // offscreen records by id only.
    group(c, "observe+render (row sets)", |rows| {
        common::compact(&common::list_page(rows, 3, 6, 12))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
