//! `bench`: a fixed-depth search of a fixed set of positions, the search's signature.
//!
//! `chainmate bench [depth]` (and the UCI `bench` command) searches each of [`BENCH_FENS`] to a
//! fixed depth with one thread and a fresh 16 MiB hash (its pages written before the clock
//! starts), and prints `<N> nodes <M> nps`, the line distributed-testing frameworks read. N
//! depends only on the search and evaluation code (no clock is consulted), so it changes
//! exactly when their behaviour does: it goes into the commit message of every such change
//! as `Bench: N`.
//!
//! Positions: 20 opening/middlegame positions from the UHO 2022 book sample (Stockfish's
//! book collection, CC0; every 250th line of `UHO_4060_v4_sample5000.epd`), 10 Win At Chess
//! positions (every 30th from line 7), the CPW perft positions 2, 4 and 6, and 17 endgames.

use std::time::Instant;

use crate::core::{Board, Position};
use crate::search::{
    self, Extension, Limits, SearchConfig, SearchControl, Silent, TranspositionTable,
};

/// The default bench depth.
pub const DEFAULT_DEPTH: i32 = 9;

/// The bench positions.
pub const BENCH_FENS: [&str; 50] = [
    "r1bqkb1r/5ppp/p1np1n2/1p2p3/4P3/2N1B1N1/PPP2PPP/R2QKB1R w KQkq - 0 1",
    "rn1qk2r/ppp1bp1p/2b1pp2/8/3P4/4B3/PPPQ1PPP/R3KBNR w KQkq - 0 1",
    "rn1qk2r/p3bppp/1pp1pn2/3p4/2PP4/5BP1/PPQ1PP1P/RNB2RK1 w kq - 0 1",
    "r1bq1rk1/pp1nppbp/2p3pn/8/3PNB2/2P2N1P/PP3PP1/R2QKB1R w KQ - 0 1",
    "r3k1nr/pp1nppb1/1qpp3p/6p1/4P1b1/2PP1NP1/PP1N1PBP/R1BQ1RK1 w kq - 0 1",
    "r1bqk2r/pp2npbp/2npp1p1/8/2BNP3/2N1BP2/PPP3PP/R2QK2R w KQkq - 0 1",
    "r1bqkb1r/pp3ppp/1n1ppn2/6B1/2PP4/2N2N2/PP3PPP/R2QKB1R w KQkq - 0 1",
    "r1b1k2r/ppqn1pbp/2pp1np1/4p1B1/2PPP3/2N2N2/PP2BPPP/R2Q1RK1 w kq - 0 1",
    "r1b1k1nr/1p3ppp/p1p1p3/2b5/P3PP1q/3B4/1PP3PP/RNBQK2R w KQkq - 0 1",
    "r1b1k2r/pp1p1ppp/1qn1pn2/8/1PPp4/P3PN2/3B1PPP/R2QKB1R w KQkq - 0 1",
    "r1bq1rk1/pp1nbppp/3p1n2/2pPp3/P1N1P3/4BP2/1PP3PP/R2QKBNR w KQ - 0 1",
    "r2qkb1r/pp1n1ppp/1np1p3/5b2/2PP4/2N2N1P/PP2BPP1/R1BQK2R w KQkq - 0 1",
    "r3k1nr/ppqbppbp/1n1p2p1/2p5/3PP3/NBP2N1P/PP3PP1/R1BQK2R w KQkq - 0 1",
    "r1bqk1nr/ppn1bp2/2p1p1pp/3pP3/3P1P2/2PB1N2/PP4PP/R1BQK1NR w KQkq - 0 1",
    "r1b2rk1/ppqnbppp/2pp1n2/4p3/2PP4/2N1PNB1/PP2BPPP/R2QK2R w KQ - 0 1",
    "rnbq1rk1/p3bppp/4pn2/1pp5/2NP4/5NP1/PP2PPBP/R1BQ1RK1 w - - 0 1",
    "rn1qkb1r/1b1p1ppp/p4n2/2p5/1pPNp3/6P1/PPNPPPBP/R1BQ1RK1 w kq - 0 1",
    "r2qkb1r/pp3ppp/2n2n2/2p1pb2/8/N2P1NP1/PP2PPBP/R1BQ1RK1 w kq - 0 1",
    "rn1qkb1r/4pppp/p2p4/1p1pP3/3P1Pb1/P4N2/1PP3PP/R1BQKB1R w KQkq - 0 1",
    "r2qk2r/pp2ppbp/2np2p1/2p5/3Pn1b1/1P2PNP1/PBP2PBP/RN1Q1RK1 w kq - 0 1",
    "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1",
    "2r5/2rk2pp/1pn1pb2/pN1p4/P2P4/1N2B3/nPR1KPPP/3R4 b - - 0 1",
    "3r2k1/p2q4/1p4p1/3rRp1p/5P1P/6PK/P3R3/3Q4 w - - 0 1",
    "6k1/5p2/p5np/4B3/3P4/1PP1q3/P3r1QP/6RK w - - 0 1",
    "2k4r/1pr1n3/p1p1q2p/5pp1/3P1P2/P1P1P3/1R2Q1PP/1RB3K1 w - - 0 1",
    "5rk1/p4ppp/2p1b3/3Nq3/4P1n1/1p1B2QP/1PPr2P1/1K2R2R w - - 0 1",
    "6k1/5p2/p3p3/1p3qp1/2p1Qn2/2P1R3/PP1r1PPP/4R1K1 b - - 0 1",
    "r3kb1r/1pp3p1/p3bp1p/5q2/3QN3/1P6/PBP3P1/3RR1K1 w kq - 0 1",
    "2k1r3/1p2Bq2/p2Qp3/Pb1p1p1P/2pP1P2/2P5/2P2KP1/1R6 w - - 0 1",
    "1r4r1/p2kb2p/bq2p3/3p1p2/5P2/2BB3Q/PP4PP/3RKR2 b - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
    "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
    "8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
    "8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
    "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
    "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
    "7k/7P/6K1/8/3B4/8/8/8 b - - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 w - - 0 1",
    "8/8/8/4k3/8/8/3PK3/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
];

/// Sixteen middlegame positions: the first fourteen from Win At Chess (WAC.001, 003, 004,
/// 009, 010, 011, 013, 014, 016, 017, 019, 020, 021 and 023), the "Kiwipete" perft position, and a
/// quiet Ruy Lopez position after 9 moves.
pub const EVAL_FENS: [&str; 16] = [
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1",
    "2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1",
    "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1",
    "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1",
    "r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - - 0 1",
    "r4rk1/ppp2ppp/2n5/2bqp3/8/P2PB3/1PP1NPPP/R2Q1RK1 w - - 0 1",
    "1k5r/pppbn1pp/4q1r1/1P3p2/2NPp3/1QP5/P4PPP/R1B1R1K1 w - - 0 1",
    "r1b2rk1/ppbn1ppp/4p3/1QP4q/3P4/N4N2/5PPP/R1B2RK1 w - - 0 1",
    "r2qkb1r/1ppb1ppp/p7/4p3/P1Q1P3/2P5/5PPP/R1B2KNR b kq - 0 1",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/1Bb1p3/4P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 1",
];

/// The outcome of a bench run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchResult {
    /// Total nodes searched: the signature.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.seconds.max(1e-9)) as u64
    }
}

/// Runs the bench with `config` (its thread count is forced to 1) to `depth`.
pub fn run<X: Extension>(config: &SearchConfig<X>, depth: i32) -> BenchResult {
    run_threads(config, depth, 1)
}

/// Runs the bench to `depth` with `threads` search threads: with more than one, the node
/// count is not reproducible, but the time to depth measures the lazy-SMP speed-up.
pub fn run_threads<X: Extension>(
    config: &SearchConfig<X>,
    depth: i32,
    threads: usize,
) -> BenchResult {
    run_until(config, depth, threads, &SearchControl::default()).expect("nothing stops it")
}

/// [`run_threads`] under `control` (a fresh one: not stopped, not pondering): `None` when it
/// is stopped before the last position's search ends (a UCI `stop` or `quit` during
/// `bench`), a partial count being no signature.
pub fn run_until<X: Extension>(
    config: &SearchConfig<X>,
    depth: i32,
    threads: usize,
    control: &SearchControl,
) -> Option<BenchResult> {
    let config = SearchConfig {
        threads: threads.max(1),
        multipv: 1,
        ..config.clone()
    };
    let mut tt = TranspositionTable::new(16);
    tt.prefault();
    let start = Instant::now();
    let mut nodes = 0;
    for fen in BENCH_FENS {
        let board = Board::from_fen(fen).expect("bench positions are valid");
        tt.clear();
        let result = search::search(
            &Position::new(board),
            &Limits::depth(depth),
            &config,
            &tt,
            control,
            &Silent,
        );
        if control.stopped() {
            return None;
        }
        nodes += result.nodes;
    }
    Some(BenchResult {
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    })
}
