//! Move generation, copy-make and perft benchmarks (criterion).
//!
//! Run with `cargo bench --bench movegen`; `-- --quick` for a fast rough run. Throughput is
//! reported in elements: moves generated, moves played, or perft leaves.

use std::hint::black_box;
use std::time::Duration;

use chainmate::core::{Board, GenType, MoveList};
use chainmate::perft::{perft, perft_no_bulk, Leaf};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Varied positions: opening, tactical middlegames, promotions, endgames.
const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "R6r/8/8/2K5/5k2/8/8/r6R w - - 0 1",
];

fn boards() -> Vec<Board> {
    POSITIONS
        .iter()
        .map(|fen| Board::from_fen(fen).expect("benchmark FENs are valid"))
        .collect()
}

fn move_generation(c: &mut Criterion) {
    let boards = boards();
    let total: u64 = boards.iter().map(|b| b.count_legal_moves()).sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(total));
    group.bench_function("legal_moves (8 positions)", |bench| {
        bench.iter(|| {
            for board in &boards {
                black_box(black_box(board).legal_moves());
            }
        })
    });
    group.bench_function("generate All into one list (8 positions)", |bench| {
        let mut list = MoveList::new();
        bench.iter(|| {
            for board in &boards {
                list.clear();
                black_box(board).generate(GenType::All, &mut list);
                black_box(&list);
            }
        })
    });
    group.bench_function("count_legal_moves (8 positions)", |bench| {
        bench.iter(|| {
            boards
                .iter()
                .map(|b| black_box(b).count_legal_moves())
                .sum::<u64>()
        })
    });
    group.finish();
}

fn copy_make(c: &mut Criterion) {
    let boards = boards();
    let work: Vec<(Board, MoveList)> = boards.iter().map(|b| (*b, b.legal_moves())).collect();
    let total: usize = work.iter().map(|(_, moves)| moves.len()).sum();
    let mut group = c.benchmark_group("make");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("play_unchecked every legal move (8 positions)", |bench| {
        bench.iter(|| {
            for (board, moves) in &work {
                for &mv in moves.iter() {
                    let mut next = *black_box(board);
                    next.play_unchecked(mv);
                    black_box(&next);
                }
            }
        })
    });
    group.bench_function(
        "perft Leaf::after every legal move (8 positions)",
        |bench| {
            bench.iter(|| {
                for (board, moves) in &work {
                    for &mv in moves.iter() {
                        black_box(&Leaf::after(black_box(board), mv));
                    }
                }
            })
        },
    );
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    let start = Board::startpos();
    let kiwipete = Board::from_fen(POSITIONS[1]).expect("valid");
    let mut group = c.benchmark_group("perft");
    let chess960 =
        Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
            .expect("valid");
    let cases: [(&str, Board, u32, bool, u64); 6] = [
        ("startpos d5 bulk", start, 5, true, 4_865_609),
        ("kiwipete d4 bulk", kiwipete, 4, true, 4_085_603),
        ("chess960 #1 d4 bulk", chess960, 4, true, 326_672),
        ("startpos d4 no-bulk", start, 4, false, 197_281),
        ("startpos d5 no-bulk", start, 5, false, 4_865_609),
        ("kiwipete d4 no-bulk", kiwipete, 4, false, 4_085_603),
    ];
    for (name, board, depth, bulk, nodes) in cases {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |bench| {
            bench.iter(|| {
                let n = if bulk {
                    perft(black_box(&board), depth)
                } else {
                    perft_no_bulk(black_box(&board), depth)
                };
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = move_generation, copy_make, perft_benches
}
criterion_main!(benches);
