//! Paper 000's case-based retrieval: one retrieval scans every board of the 3,807 ECO lines.
//! Run with `cargo bench --bench book`.

use std::hint::black_box;

use chainmate::core::Board;
use chainmate_lab::book::cbr::CaseBase;
use criterion::{criterion_group, criterion_main, Criterion};

fn retrieval(c: &mut Criterion) {
    c.bench_function("cbr load (3,807 ECO lines)", |b| {
        b.iter(|| black_box(CaseBase::eco().board_count()))
    });
    let base = CaseBase::eco();
    let sicilian =
        Board::from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
    c.bench_function("cbr retrieval (one position)", |b| {
        b.iter(|| black_box(base.retrieve(black_box(&sicilian), true).matches.len()))
    });
}

criterion_group!(benches, retrieval);
criterion_main!(benches);
