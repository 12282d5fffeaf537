//! Evaluations per second of the engine's evaluator over a fixed set of middlegame positions
//! ([`chainmate::bench::EVAL_FENS`]).
//!
//! The positions are parsed once, outside the timed loop; one iteration evaluates all of
//! them, and the throughput is reported per position (`elem/s` = evaluations per second).
//! Run with `cargo bench --bench eval`; the lab's evaluators have theirs
//! (`cargo bench -p chainmate-lab --bench evaluators`).

use std::hint::black_box;

use chainmate::bench::EVAL_FENS;
use chainmate::core::Board;
use chainmate::eval::full::Full;
use chainmate::eval::Evaluator;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn full(c: &mut Criterion) {
    let boards: Vec<Board> = EVAL_FENS
        .iter()
        .map(|fen| Board::from_fen(fen).expect("bench FEN"))
        .collect();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    // `full` reads its pawn terms from the pawn hash after the first pass, as in a search.
    let evaluator: Full =
        chainmate::search::SearchConfig::<chainmate::search::NoExtension>::default().evaluator;
    group.bench_function("full", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for board in &boards {
                sum += evaluator.evaluate(black_box(board)) as i64;
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, full);
criterion_main!(benches);
