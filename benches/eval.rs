//! Evaluations per second of each evaluator over a fixed set of middlegame positions.
//!
//! The positions are parsed once, outside the timed loop; one iteration evaluates all of
//! them, and the throughput is reported per position (`elem/s` = evaluations per second).
//! Run with `cargo bench --bench eval`.

use std::hint::black_box;

use chainmate::core::Board;
use chainmate::eval::{AnyEvaluator, Evaluator};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// Sixteen middlegame positions: the first fourteen from Win At Chess (WAC.001, 003, 004,
/// 009, 010, 011, 013, 014, 016, 017, 019, 020, 021 and 023), the "Kiwipete" perft position, and a
/// quiet Ruy Lopez position after 9 moves.
const POSITIONS: &[&str] = &[
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

fn evaluators(c: &mut Criterion) {
    let boards: Vec<Board> = POSITIONS
        .iter()
        .map(|fen| Board::from_fen(fen).expect("bench FEN"))
        .collect();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    // `full` reads its pawn terms from the pawn hash after the first pass, as in a search.
    for name in ["material", "weighted", "tsvetkov", "power", "full"] {
        let evaluator = AnyEvaluator::by_name(name).expect("known evaluator");
        group.bench_with_input(BenchmarkId::from_parameter(name), &boards, |b, boards| {
            b.iter(|| {
                let mut sum = 0i64;
                for board in boards {
                    sum += evaluator.evaluate(black_box(board)) as i64;
                }
                sum
            })
        });
    }
    group.finish();
}

criterion_group!(benches, evaluators);
criterion_main!(benches);
