//! The papers' search modules through the search: each changes the tree when switched on,
//! and switching it off again gives back exactly the default search (same bench signature).

use chainmate::core::Position;
use chainmate_lab::config::search_config as parse_config;
use chainmate_lab::search::{self, Limits, SearchControl, Silent, TranspositionTable};

fn bench(spec: &str) -> u64 {
    chainmate::bench::run(&parse_config(spec, &[]).unwrap(), 5).nodes
}

#[test]
fn switching_every_module_off_restores_the_default_search() {
    let default = bench("default");
    let toggled = bench(
        "chessmaps+mc+rules+nott+Ordering=default+MoveChains=off+Pruning=off+TranspositionTable=true",
    );
    assert_eq!(default, toggled);
}

#[test]
fn move_chains_limited_to_depth_zero_replay_nothing() {
    // Chains are still stored, but none replaces a search: the tree is the default one.
    assert_eq!(bench("mc+chains.max_depth=0"), bench("default"));
    assert_ne!(bench("mc+chains.max_depth=2"), bench("default"));
}

#[test]
fn each_module_changes_the_search() {
    let default = bench("default");
    for spec in ["chessmaps+tt", "rules", "mc", "nott"] {
        assert_ne!(bench(spec), default, "{spec} made no difference");
    }
}

/// Nodes and best move of a search with the evaluator the papers' experiments use
/// (`PAPERS_EVALUATOR`), so these facts about the modules do not move with the engine's.
fn nodes(spec: &str, fen: &str, depth: i32) -> (u64, String) {
    let sets: Vec<String> = chainmate_lab::experiments::pins::PAPERS_EVALUATOR
        .iter()
        .map(|s| s.to_string())
        .collect();
    let position = Position::from_fen(fen).unwrap();
    let tt = TranspositionTable::new(16);
    let r = search::search(
        &position,
        &Limits::depth(depth),
        &parse_config(spec, &sets).unwrap(),
        &tt,
        &SearchControl::default(),
        &Silent,
    );
    (r.nodes, r.best_move.unwrap().to_string())
}

#[test]
fn the_table_and_the_move_chains_each_shrink_a_plain_chessmaps_search() {
    // Paper 002's Table 1 in miniature, with the papers' kind of search (`plain`: no null
    // move, reductions or pruning): the table cuts the tree below Chessmaps alone, and the
    // move chains cut it further.
    let fen = "r1bq1rk1/pp1nbppp/4pn2/2p5/3P4/3B1NN1/PPP1QPPP/R1BR2K1 b - - 0 1";
    let (plain, _) = nodes("plain+chessmaps", fen, 5);
    let (with_tt, _) = nodes("plain+chessmaps+tt", fen, 5);
    let (with_mc, _) = nodes("plain+chessmaps+mc", fen, 5);
    assert!(with_tt < plain, "table: {with_tt} !< {plain}");
    assert!(with_mc < plain, "chains: {with_mc} !< {plain}");
}

#[test]
fn exact_modules_keep_a_mate_in_two_that_forward_pruning_loses() {
    // 1.Nf6+ gxf6 2.Bxf7# is a mate in two behind a knight sacrifice.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    // Chessmaps only reorders: the mate survives, with or without the table.
    for spec in ["chessmaps", "chessmaps+tt", "default"] {
        assert_eq!(nodes(spec, fen, 6).1, "d5f6", "{spec}");
    }
    // Paper 000's rules keep, for our side, only moves of threatened pieces, moves that raise
    // activity and captures, and drop losing exchanges: the quiet sacrifice Nf6+ (the knight
    // is defended on d5 and attacks eight squares on both) is pruned at the root.
    assert_ne!(nodes("rules", fen, 6).1, "d5f6");
    // Move chains replace the search below a move by a stored line, so they can miss what
    // the exact search finds. Win At Chess 7: 1...Ne3 (2.fxe3 Qh4+ 3.g3 Qxg3#) wins; the
    // exact modules find it at depth 6, the chains do not. (With the search's parameters
    // before the second SPSA run the chains also missed the mate in two above; with today's
    // they find it, so the test shows the loss on a position where it still happens.)
    let wac7 = "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1";
    for spec in ["chessmaps", "chessmaps+tt", "default"] {
        assert_eq!(nodes(spec, wac7, 6).1, "g4e3", "{spec}");
    }
    assert_ne!(nodes("chessmaps+mc", wac7, 6).1, "g4e3");
}
