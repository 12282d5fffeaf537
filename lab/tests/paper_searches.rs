//! Paper 001's plain searches and the lab's fixed-depth players inside the engine's search:
//! minimax and alpha-beta agree on the value, `MaxDepth` caps a clocked search, the all-zero
//! evaluation scores nothing.

use chainmate::core::{Board, Position};
use chainmate_lab::search::{
    self, Algorithm, Limits, SearchConfig, SearchControl, SearchResult, Silent, TranspositionTable,
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

#[test]
fn minimax_and_alphabeta_agree_on_the_value() {
    // Paper 001's check: alpha-beta (with or without the table) returns the minimax value
    // while visiting fewer nodes.
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
    ];
    for fen in fens {
        let depth = if fen.starts_with("r3k2r") { 3 } else { 4 };
        let position = Position::from_fen(fen).unwrap();
        let run = |algorithm| {
            let mut config = SearchConfig::default();
            config.ext.algorithm = algorithm;
            search_with(&position, Limits::depth(depth), &config)
        };
        let minimax = run(Algorithm::Minimax);
        let alphabeta = run(Algorithm::AlphaBeta);
        let with_table = run(Algorithm::AlphaBetaTt);
        assert_eq!(minimax.score, alphabeta.score, "{fen}");
        assert_eq!(minimax.score, with_table.score, "{fen}");
        assert!(alphabeta.nodes < minimax.nodes, "{fen}");
        assert!(with_table.nodes <= alphabeta.nodes, "{fen}");
    }
}

#[test]
fn max_depth_caps_a_clocked_search_and_the_zero_evaluation_scores_nothing() {
    use chainmate::eval::Evaluator;
    use chainmate_lab::config::search_config;
    use std::time::Duration;
    // A clocked search of paper 004's 3-ply player stops at depth 3, however much time it has.
    let config = search_config("alphabeta+Evaluator=tsvetkov:paper+MaxDepth=3", &[]).unwrap();
    let clocked = Limits {
        wtime: Some(Duration::from_secs(60)),
        btime: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let position = Position::new(Board::startpos());
    assert_eq!(search_with(&position, clocked.clone(), &config).depth, 3);
    // `go depth` asks for less: the smaller wins; MaxDepth=0 is no limit.
    assert_eq!(search_with(&position, Limits::depth(2), &config).depth, 2);
    let unlimited = search_config("alphabeta+MaxDepth=0", &[]).unwrap();
    assert_eq!(
        search_with(&position, Limits::depth(5), &unlimited).depth,
        5
    );
    // Paper 004's all-zero evaluation: every position is worth 0 to it, so every root move
    // scores 0 and the search returns a draw score at any depth.
    let zero = search_config("minimax+Evaluator=material:zero", &[]).unwrap();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let evaluator = chainmate_lab::search::evaluator_of(&zero);
        assert_eq!(evaluator.evaluate(&board), 0, "{fen}");
    }
    let result = search_with(&position, Limits::depth(3), &zero);
    assert_eq!(result.score, 0);
    // Minimax sees the whole tree: 20 + 400 + 8,902 leaves and interior nodes at depth 3,
    // over the iterations 1, 2 and 3 of iterative deepening.
    assert_eq!(
        result.nodes,
        (1 + 20) + (1 + 20 + 400) + (1 + 20 + 400 + 8902)
    );
}
