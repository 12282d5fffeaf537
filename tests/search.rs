//! Search facts at fixed depth or node count (never wall-clock): exact mate scores and
//! shortest mates, draws by stalemate, repetition, the fifty-move rule and insufficient
//! material, the plain searches agreeing with each other, and `bench` reproducibility.
//!
//! Mate positions were certified with Stockfish at depth 25 (`score mate N` and its PV).

use chainmate::core::{Board, Position};
use chainmate::eval::score::{mate_in, mated_in};
use chainmate::search::{
    self, Limits, SearchConfig, SearchControl, SearchResult, Silent, TranspositionTable,
};

fn search_with(position: &Position, limits: Limits, config: &SearchConfig) -> SearchResult {
    let tt = TranspositionTable::new(16);
    search::search(
        position,
        &limits,
        config,
        &tt,
        &SearchControl::default(),
        &Silent,
    )
}

fn search_fen(fen: &str, depth: i32) -> SearchResult {
    let position = Position::from_fen(fen).unwrap();
    search_with(&position, Limits::depth(depth), &SearchConfig::new())
}

fn uci(result: &SearchResult) -> String {
    result.best_move.map(|m| m.to_string()).unwrap_or_default()
}

#[test]
fn mate_in_one_scores_mate_in_one_ply() {
    let r = search_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4);
    assert_eq!(uci(&r), "a1a8");
    assert_eq!(r.score, mate_in(1));
    let r = search_fen(
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
        4,
    );
    assert_eq!(uci(&r), "f3f7");
    assert_eq!(r.score, mate_in(1));
}

#[test]
fn mates_in_two_score_three_plies() {
    for (fen, first) in [
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            "d5f6",
        ),
        (
            "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1",
            "b3b8",
        ),
        (
            "1rb4r/pkPp3p/1b1P3n/1Q6/N3Pp2/8/P1P3PP/7K w - - 1 1",
            "b5d5",
        ),
    ] {
        let r = search_fen(fen, 6);
        assert_eq!(r.score, mate_in(3), "{fen}");
        assert_eq!(uci(&r), first, "{fen}");
    }
}

#[test]
fn mates_in_three_score_five_plies_for_either_colour() {
    for (fen, first) in [
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            "f8c5",
        ),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6"),
        (
            "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
            "b1g6",
        ),
    ] {
        let r = search_fen(fen, 8);
        assert_eq!(r.score, mate_in(5), "{fen}");
        assert_eq!(uci(&r), first, "{fen}");
    }
}

#[test]
fn the_mated_side_sees_its_mate_coming() {
    // After 1.Nf6+ gxf6 in the first mate in two, Black is mated in one: 2.Bxf7#.
    let r = search_fen(
        "r2qkb1r/pp2np1p/3p1p2/2p1N1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 0 2",
        4,
    );
    assert_eq!(r.score, mate_in(1));
    let mut pos =
        Position::from_fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
            .unwrap();
    pos.play_uci("d5f6").unwrap();
    // Black to move, every reply loses by force: mated in 2 plies at best.
    let r = search_with(&pos, Limits::depth(6), &SearchConfig::new());
    assert_eq!(r.score, mated_in(2));
}

#[test]
fn iterative_deepening_prefers_the_shortest_mate() {
    // White mates in 1 with Qg7# and in more moves in many ways; the search must report and
    // play the mate in 1 however deep it goes (paper 001's reason for iterative deepening).
    let r = search_fen("7k/5Q2/5K2/8/8/8/8/8 w - - 0 1", 10);
    assert_eq!(r.score, mate_in(1));
    assert_eq!(uci(&r), "f7g7");
}

#[test]
fn checkmated_and_stalemated_roots_have_no_move() {
    // Black is stalemated.
    let r = search_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(r.best_move, None);
    // Black is mated (fool's mate).
    let r = search_fen(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        3,
    );
    assert_eq!(r.best_move, None);
}

#[test]
fn a_stalemating_move_scores_zero() {
    // Kg6 stalemates the black king on h8; restricting the root to it must score a draw.
    let position = Position::from_fen("7k/5Q2/5K2/8/8/8/8/8 w - - 0 1").unwrap();
    let kg6 = position.board().parse_uci("f6g6").unwrap();
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec![kg6],
        ..Limits::default()
    };
    let r = search_with(&position, limits, &SearchConfig::new());
    assert_eq!(uci(&r), "f6g6");
    assert_eq!(r.score, 0);
}

#[test]
fn the_losing_side_claims_a_threefold_repetition() {
    // White (knight) against Black (queen) is lost, but after the knight and queen shuffle
    // twice, Nc3 repeats the position after 1.Nc3 for the third time: a draw.
    let mut pos = Position::from_fen("3k4/8/8/8/3q4/8/8/1N5K w - - 0 1").unwrap();
    for m in [
        "b1c3", "d4d6", "c3b1", "d6d4", "b1c3", "d4d6", "c3b1", "d6d4",
    ] {
        pos.play_uci(m).unwrap();
    }
    let r = search_with(&pos, Limits::depth(6), &SearchConfig::new());
    assert_eq!(uci(&r), "b1c3");
    assert_eq!(r.score, 0);
    // Without the history the same position is clearly lost for White.
    let fresh = Position::new(*pos.board());
    let r = search_with(&fresh, Limits::depth(6), &SearchConfig::new());
    assert!(r.score < -300, "score {}", r.score);
}

#[test]
fn the_fifty_move_rule_draws() {
    // Same lost material for White, but the halfmove clock stands at 99: any quiet move that
    // is not mate ends the game drawn.
    let r = search_fen("3k4/8/8/8/3q4/8/8/1N5K w - - 99 120", 5);
    assert_eq!(r.score, 0);
    let r = search_fen("3k4/8/8/8/3q4/8/8/1N5K w - - 0 120", 5);
    assert!(r.score < -300);
}

#[test]
fn insufficient_material_is_a_draw() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KB3/8/8 b - - 0 1",
    ] {
        assert_eq!(search_fen(fen, 6).score, 0, "{fen}");
    }
}

#[test]
fn fixed_node_searches_are_deterministic_and_legal() {
    let position = Position::from_fen(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    )
    .unwrap();
    let a = search_with(&position, Limits::nodes(30_000), &SearchConfig::new());
    let b = search_with(&position, Limits::nodes(30_000), &SearchConfig::new());
    assert_eq!(a, b);
    assert!(position.board().is_legal(a.best_move.unwrap()));
    // The PV is a legal line.
    let mut board: Board = *position.board();
    for mv in &a.pv {
        board.try_play(*mv).expect("PV moves are legal in sequence");
    }
}

#[test]
fn bench_signature_is_reproducible() {
    let config = SearchConfig::new();
    let first = chainmate::bench::run(&config, 5);
    let second = chainmate::bench::run(&config, 5);
    assert_eq!(first.nodes, second.nodes);
    assert!(first.nodes > chainmate::bench::BENCH_FENS.len() as u64 * 5);
    // A thread count in the configuration does not leak into the signature.
    let threaded = SearchConfig {
        threads: 2,
        ..SearchConfig::new()
    };
    assert_eq!(chainmate::bench::run(&threaded, 5).nodes, first.nodes);
    // Two threads (lazy SMP) complete the bench too (their node count is not reproducible).
    let smp = chainmate::bench::run_threads(&config, 5, 2);
    assert!(smp.nodes > chainmate::bench::BENCH_FENS.len() as u64 * 5);
}

#[test]
fn every_bench_position_is_valid() {
    for fen in chainmate::bench::BENCH_FENS {
        assert!(Board::from_fen(fen).is_ok(), "{fen}");
    }
}

/// The search's own switches and weights — the pawn and non-pawn correction histories and
/// capture history switched off, singular extensions' multi-cut off, a stronger history term
/// in the reductions, no reduction adjustment at cut nodes or when not improving, less
/// reduction after a singular hash move, one butterfly table instead of four by threats —
/// change the tree but not the facts: the same mates at the same distance.
#[test]
fn search_switches_keep_mates_and_change_the_tree() {
    let plain = chainmate::config::search_config("default", &[]).unwrap();
    // The tree is compared over a few middlegame positions: a switch such as the root re-sort
    // acts only where an aspiration window fails.
    let positions: Vec<Position> = chainmate::bench::BENCH_FENS[..4]
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
    let tree = |config: &SearchConfig| -> Vec<u64> {
        positions
            .iter()
            .map(|p| search_with(p, Limits::depth(9), config).nodes)
            .collect()
    };
    let without = tree(&plain);
    for switch in [
        "search.correction_weight=0",
        "search.correction_nonpawn=0",
        "search.capture_history=0",
        "search.se_multicut=0",
        "search.lmr_history_divisor=2000",
        "search.lmr_cut_node=0",
        "search.lmr_not_improving=0",
        "search.lmr_singular=1",
        "search.history_threats=0",
    ] {
        let config = chainmate::config::search_config(&format!("default+{switch}"), &[])
            .expect("a valid configuration");
        for (fen, mv, score) in [
            ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", mate_in(1)),
            (
                "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1",
                "b3b8",
                mate_in(3),
            ),
            (
                "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
                "d5f6",
                mate_in(3),
            ),
        ] {
            let position = Position::from_fen(fen).unwrap();
            let r = search_with(&position, Limits::depth(6), &config);
            assert_eq!(
                (uci(&r), r.score),
                (mv.to_string(), score),
                "{switch}: {fen}"
            );
        }
        // A switch that changed nothing would be no switch.
        assert_ne!(tree(&config), without, "{switch}");
    }
}

/// A reporter that keeps every report.
#[derive(Default)]
struct Recorder(std::sync::Mutex<Vec<search::SearchInfo>>);

impl search::Reporter for Recorder {
    fn report(&self, info: &search::SearchInfo) {
        self.0.lock().unwrap().push(info.clone());
    }
}

/// The last report (the move played) is labelled with the depth its score came from: when a
/// node limit cuts iteration d + 1 short after a new best move was searched, the line says
/// d + 1, not the completed depth d with another iteration's score and line.
#[test]
fn the_final_report_names_the_depth_its_line_came_from() {
    let mut cut_short = 0;
    for fen in chainmate::bench::BENCH_FENS.iter().take(20) {
        for nodes in [3_000u64, 17_000, 45_000] {
            let recorder = Recorder::default();
            let tt = TranspositionTable::new(16);
            let result = search::search(
                &Position::from_fen(fen).unwrap(),
                &Limits::nodes(nodes),
                &SearchConfig::new(),
                &tt,
                &SearchControl::default(),
                &recorder,
            );
            let reports = recorder.0.into_inner().unwrap();
            let (last, earlier) = reports.split_last().expect("a final report");
            assert!(last.depth >= 1 && result.depth >= 1, "{fen} {nodes}");
            assert_eq!(last.pv.first().copied(), result.best_move);
            assert_eq!(last.score, result.score);
            // The line's depth is the completed one or the one cut short; an iteration that
            // reported this move at this depth gave it the same score.
            assert!(
                last.depth == result.depth || last.depth == result.depth + 1,
                "{fen} {nodes}: depth {} after completing {}",
                last.depth,
                result.depth
            );
            if let Some(same) = earlier.iter().rev().find(|r| {
                r.depth == last.depth && r.bound.is_none() && r.pv.first() == last.pv.first()
            }) {
                assert_eq!(
                    same.score, last.score,
                    "{fen} {nodes}: depth {}",
                    last.depth
                );
            }
            if last.depth == result.depth + 1 {
                cut_short += 1;
            }
        }
    }
    assert!(
        cut_short > 0,
        "no search was cut short after a new line: the test tests nothing"
    );
}
