//! Evaluations per second of each of the lab's evaluators, and of the engine's `full` beside
//! them, over the engine's bench positions ([`chainmate::bench::EVAL_FENS`]).
//!
//! The positions are parsed once, outside the timed loop; one iteration evaluates all of
//! them, and the throughput is reported per position (`elem/s` = evaluations per second).
//! Run with `cargo bench -p chainmate-lab --bench evaluators`.

use std::hint::black_box;

use chainmate::bench::EVAL_FENS;
use chainmate::core::Board;
use chainmate::eval::Evaluator;
use chainmate_lab::eval::AnyEvaluator;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn evaluators(c: &mut Criterion) {
    let boards: Vec<Board> = EVAL_FENS
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
