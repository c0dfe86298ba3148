//! Prints the page section and the tool schemas for a snapshot file.
//!
//! `cargo run -p pling-core --example observe -- crates/pling-core/tests/fixtures/todos.json`

use pling_core::{observe, render, system_message, Limits, Snapshot};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: observe SNAPSHOT.json [--system]");
        return ExitCode::from(2);
    };
    let json = match std::fs::read_to_string(&path) {
        Ok(json) => json,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let snapshot = match Snapshot::from_json(&json) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let observation = match observe(&snapshot, &Limits::default()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rendered = render(&observation);
    if std::env::args().any(|a| a == "--system") {
        println!(
            "{}",
            system_message(
                Some("You help the user manage a personal task list."),
                &rendered.section,
                rendered.rules
            )
        );
    } else {
        println!("{}", rendered.section);
    }
    println!("\n--- tools ---");
    println!("{}", serde_json::to_string_pretty(&rendered.tools).unwrap_or_default());
    ExitCode::SUCCESS
}
