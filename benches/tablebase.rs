//! Syzygy probes per second: WDL and DTZ of the 3- and 4-piece positions of
//! `tests/data/syzygy/probes_small.csv` in the tables shipped with the tests (files mapped and
//! their headers parsed before timing, so the figures are warm probes). Run with
//! `cargo bench --bench tablebase`.

use std::hint::black_box;

use chainmate::core::Board;
use chainmate::tb::Tablebase;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

fn positions() -> Vec<Board> {
    let text = std::fs::read_to_string(format!("{DIR}/probes_small.csv")).expect("test vectors");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split(',');
            let (table, fen) = (fields.next()?, fields.next()?);
            (table.len() <= 5).then(|| Board::from_fen(fen).expect("valid FEN"))
        })
        .collect()
}

fn probes(c: &mut Criterion) {
    let tables = Tablebase::open(&format!("{DIR}/tables"));
    let boards = positions();
    for board in &boards {
        tables.probe_dtz(board).expect("shipped table");
    }
    let mut group = c.benchmark_group("syzygy");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function(format!("probe_wdl ({} positions)", boards.len()), |b| {
        b.iter(|| {
            for board in &boards {
                black_box(tables.probe_wdl(black_box(board)).ok());
            }
        })
    });
    group.bench_function(format!("probe_dtz ({} positions)", boards.len()), |b| {
        b.iter(|| {
            for board in &boards {
                black_box(tables.probe_dtz(black_box(board)).ok());
            }
        })
    });
    group.bench_function("open (list the directory)", |b| {
        b.iter(|| black_box(Tablebase::open(&format!("{DIR}/tables")).len()))
    });
    group.finish();
}

criterion_group!(benches, probes);
criterion_main!(benches);
