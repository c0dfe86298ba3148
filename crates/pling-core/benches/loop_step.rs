//! One loop step on wide pages: the request, one call and its receipt, the answer — at 1k,
//! 10k and 100k actions sharing a verb, and at 1M records. 10x the page should cost about
//! 10x the time (linear), never 100x.

#[path = "../tests/common/mod.rs"]
mod common;

use common::wide;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;

fn loop_step(c: &mut Criterion) {
    let mut g = c.benchmark_group("loop step");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(200));
    for n in [1_000usize, 10_000, 100_000] {
        let page = wide::same_verb(n);
        g.bench_with_input(BenchmarkId::new("actions sharing a verb", n), &page, |b, p| {
            b.iter(|| black_box(wide::one_step(p)))
        });
    }
    let page = wide::many_records(1_000_000);
    g.bench_with_input(BenchmarkId::new("records", 1_000_000), &page, |b, p| {
        b.iter(|| black_box(wide::one_step(p)))
    });
    g.finish();
}

criterion_group!(benches, loop_step);
criterion_main!(benches);
