//! A search to a fixed depth or node count is a pure function of its input: the clock may
//! change what is reported and when a timed search stops, never the tree.
//!
//! The clock is put out of the way here by telling the search that `go` arrived long ago
//! ([`Limits::started`]): every choice a search made by elapsed time (re-sorting the root
//! after an aspiration fail only after the first second was one) would now go the other way,
//! deterministically, without needing a slow machine to show it. `lab/tests/pins.rs` and
//! `lab/tests/figures.rs` check the pinned counts beside a busy thread as well.

use std::time::{Duration, Instant};

use chainmate::bench::BENCH_FENS;
use chainmate::config;
use chainmate::core::Position;
use chainmate::search::{self, Limits, SearchControl, SearchResult, Silent, TranspositionTable};

fn search(fen: &str, spec: &str, mut limits: Limits, started: Option<Instant>) -> SearchResult {
    let config = config::search_config(spec, &[]).expect("configuration parses");
    limits.started = started;
    let tt = TranspositionTable::new(16);
    search::search(
        &Position::from_fen(fen).expect("bench positions are valid"),
        &limits,
        &config,
        &tt,
        &SearchControl::default(),
        &Silent,
    )
}

fn long_ago() -> Option<Instant> {
    Instant::now().checked_sub(Duration::from_secs(60))
}

fn assert_same_tree(spec: &str, limits: Limits) {
    for fen in BENCH_FENS.iter().step_by(5) {
        let fresh = search(fen, spec, limits.clone(), None);
        let old = search(fen, spec, limits.clone(), long_ago());
        assert_eq!(
            (fresh.nodes, fresh.best_move, &fresh.pv, fresh.score),
            (old.nodes, old.best_move, &old.pv, old.score),
            "{spec} {limits:?} on {fen}: the tree depends on the clock"
        );
    }
}

#[test]
fn fixed_depth_searches_do_not_depend_on_the_clock() {
    assert_same_tree("default", Limits::depth(9));
    assert_same_tree("default+search.lmr_min_depth=1000", Limits::depth(7));
}

#[test]
fn fixed_node_searches_do_not_depend_on_the_clock() {
    assert_same_tree("default", Limits::nodes(60_000));
}
