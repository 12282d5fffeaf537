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

/// The search's weights — the pawn and non-pawn correction histories and capture history at
/// weight 0, a stronger history term in the reductions, no reduction adjustment at cut nodes
/// or when not improving — change the tree but not the facts: the same mates at the same
/// distance.
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
        "search.lmr_history_divisor=2000",
        "search.lmr_cut_node=0",
        "search.lmr_not_improving=0",
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

/// A search of `position` to `depth` with `multipv` lines, the reports kept.
fn search_recorded(
    position: &Position,
    depth: i32,
    multipv: usize,
) -> (SearchResult, Vec<search::SearchInfo>) {
    let recorder = Recorder::default();
    let config = SearchConfig {
        multipv,
        ..SearchConfig::new()
    };
    let result = search::search(
        position,
        &Limits::depth(depth),
        &config,
        &TranspositionTable::new(16),
        &SearchControl::default(),
        &recorder,
    );
    (result, recorder.0.into_inner().unwrap())
}

/// With MultiPV the lines of every depth come in score order (line 1 the best), and the
/// move played is line 1's: a later line's search may score above an earlier line's, and it
/// is then moved up, as Stockfish does. The positions are those where the lines had come out
/// of order (after 1.e4 e5 2.Nf3 Nc6 at depth 10: 42, 38, 50; at depth 12: 32, 4, 5; the
/// start at depth 10: 28, 33, 33), and a few of the bench's.
#[test]
fn multipv_lines_come_in_score_order_at_every_depth() {
    let after_nc6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut cases = vec![(chainmate::core::STARTPOS_FEN, 12), (after_nc6, 12)];
    cases.extend(chainmate::bench::BENCH_FENS.iter().take(6).map(|f| (*f, 9)));
    for (fen, depth) in cases {
        let (result, reports) = search_recorded(&Position::from_fen(fen).unwrap(), depth, 3);
        for d in 1..=depth {
            // Each completed depth's three lines, in the order sent (a last report may
            // repeat line 1: the move played).
            let lines: Vec<&search::SearchInfo> = reports
                .iter()
                .filter(|r| r.depth == d && r.bound.is_none())
                .take(3)
                .collect();
            let indices: Vec<usize> = lines.iter().map(|r| r.multipv).collect();
            assert_eq!(indices, [1, 2, 3], "{fen} depth {d}");
            let scores: Vec<i32> = lines.iter().map(|r| r.score).collect();
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "{fen} depth {d}: lines out of order: {scores:?}"
            );
        }
        let line1 = reports
            .iter()
            .rev()
            .find(|r| r.multipv == 1)
            .expect("a first line");
        assert_eq!(line1.pv.first().copied(), result.best_move, "{fen}");
        assert_eq!(line1.score, result.score, "{fen}");
    }
}

/// Whether `line`, played from `position`, goes on after the game has ended (mate, stalemate,
/// threefold repetition, the fifty-move rule, insufficient material): the rules checked move
/// by move on the game's own history.
fn runs_past_the_end(position: &Position, line: &[chainmate::core::Move]) -> bool {
    let mut game = position.clone();
    for (i, &mv) in line.iter().enumerate() {
        game.try_play(mv).expect("a reported line is legal");
        let over = game.is_threefold_repetition()
            || game.is_fifty_move_draw()
            || game.board().is_insufficient_material()
            || !game.board().has_legal_move();
        if over && i + 1 < line.len() {
            return true;
        }
    }
    false
}

/// No reported line runs past the end of the game. The game: the knights out and back twice
/// (1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1), so that Black's 4...Ng8 repeats the start a third
/// time. The table has searched the start position (from the same game's earlier move, where
/// 2...Ng8 repeated it only once), and so holds a reply for it; with only 4...Ng8 allowed
/// (`searchmoves`), the line had been extended by that reply as the ponder move, past the
/// threefold repetition ("PV continues after threefold repetition", fastchess). The ponder
/// move is not given either.
#[test]
fn no_reported_line_runs_past_a_threefold_repetition() {
    let game = |moves: &[&str]| {
        let mut p = Position::default();
        for m in moves {
            p.play_uci(m).unwrap();
        }
        p
    };
    let first = game(&["g1f3", "g8f6", "f3g1"]);
    let second = game(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
    let mut searcher = search::Searcher::<search::NoExtension>::new(16);
    let config = SearchConfig::new();
    let control = SearchControl::default();
    let (earlier, later) = (Recorder::default(), Recorder::default());
    searcher.search(&first, &Limits::depth(8), &config, &control, &earlier);
    let mut limits = Limits::depth(8);
    let ng8 = second.board().parse_uci("f6g8").unwrap();
    limits.searchmoves = vec![ng8];
    control.reset(false);
    let result = searcher.search(&second, &limits, &config, &control, &later);
    assert_eq!(result.best_move, Some(ng8));
    assert_eq!(result.pv, [ng8]);
    assert_eq!(
        result.ponder_move, None,
        "a ponder move after the game's end"
    );
    let later = later.0.into_inner().unwrap();
    assert_eq!(later.last().unwrap().pv, [ng8]);
    // Every line of both searches ends with the game.
    for (position, reports) in [(&first, earlier.0.into_inner().unwrap()), (&second, later)] {
        for r in &reports {
            assert!(!runs_past_the_end(position, &r.pv), "{:?}", r.pv);
        }
    }
}

/// `Position::playable_prefix` keeps a line up to the move that ends the game: a mate, the
/// fifty-move rule, a threefold repetition; and stops before an illegal move.
#[test]
fn a_line_is_cut_where_the_game_ends() {
    let uci_line = |p: &Position, moves: &[&str]| -> Vec<chainmate::core::Move> {
        let mut q = p.clone();
        moves.iter().map(|m| q.play_uci(m).unwrap()).collect()
    };
    // Back-rank mate, then moves that a table might append.
    let mate = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let mut line = uci_line(&mate, &["a1a8"]);
    line.push(mate.board().parse_uci("g1f1").unwrap()); // a "move" after the mate
    assert_eq!(mate.playable_prefix(&line), 1);
    // The fifty-move rule: the 100th quiet ply ends the game.
    let fifty = Position::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 99 80").unwrap();
    let line = uci_line(&fifty, &["a1a2", "e6e5", "a2a3"]);
    assert_eq!(fifty.playable_prefix(&line), 1);
    // A threefold repetition: the start position the third time after 2...Ng8 4...Ng8.
    let start = Position::default();
    let line = uci_line(
        &start,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e2e4",
        ],
    );
    assert_eq!(start.playable_prefix(&line), 8);
    // A line that is not legal stops before the bad move; a whole line is kept.
    let line = uci_line(&start, &["e2e4", "e7e5"]);
    assert_eq!(start.playable_prefix(&line), 2);
    let bad = [line[0], line[0]];
    assert_eq!(start.playable_prefix(&bad), 1);
}
