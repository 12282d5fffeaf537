//! The README's node-count tables equal a fresh run of `chainmate experiment figures`.
//!
//! Node counts are exact: the same code gives the same tables on any machine. When a change
//! moves them, regenerate the README with
//! `cargo run --release -- experiment figures --write README.md` and say so in the commit.

use chainmate_lab::experiments::figures::{self, FIGURES};

#[path = "../../tests/common/mod.rs"]
mod common;

/// Computed with three workers beside a busy thread (more threads than cores), so that each
/// search is slower than alone: a count that depended on the clock would differ.
#[test]
fn readme_node_count_tables_equal_a_fresh_run() {
    let _hog = common::CpuHog::start();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("read README.md");
    let all: Vec<_> = FIGURES.iter().collect();
    let tables = figures::compute(&all, 3, |_, _| {}).expect("the figures' configurations parse");
    let stale = figures::differences(&readme, &tables).expect("every figure has its markers");
    let fresh: Vec<String> = tables
        .iter()
        .filter(|(id, _)| stale.contains(id))
        .map(|(id, table)| format!("<!-- figure {id} -->\n{table}"))
        .collect();
    assert!(
        stale.is_empty(),
        "README tables differ from a fresh run: {stale:?}; fresh:\n{}",
        fresh.join("\n")
    );
}
