//! Times observe + render on the pathological shapes of `tests/common` at 10k and 100k items,
//! with the ratio between the two (10 means linear), and the size of what they render.
//!
//! `cargo run --release -p pling-core --example pathological`

#[path = "../tests/common/mod.rs"]
mod common;

use pling_core::{observe, render, Limits};
use std::time::Instant;

fn main() {
    let limits = Limits::default();
    println!("| shape | 10k: ms | 100k: ms | 100k / 10k | section chars | tools chars |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, make) in common::shapes::ALL {
        let mut ms = Vec::new();
        let mut sizes = (0, 0);
        for n in [10_000, 100_000] {
            let snapshot = make(n);
            let start = Instant::now();
            let o = observe(&snapshot, &limits).expect("valid");
            let r = render(&o);
            ms.push(start.elapsed().as_secs_f64() * 1000.0);
            sizes = (r.section.chars().count(), serde_json::to_string(&r.tools).unwrap().len());
        }
        println!(
            "| {name} | {:.1} | {:.1} | {:.1} | {} | {} |",
            ms[0],
            ms[1],
            ms[1] / ms[0],
            sizes.0,
            sizes.1
        );
    }
}
