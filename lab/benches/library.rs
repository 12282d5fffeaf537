//! Paper 003's action library: the encoding S of a position, one similarity, and one
//! retrieval (both filters) over a library mined from the test games.
//! Run with `cargo bench --bench library`.

use std::hint::black_box;

use chainmate::core::{Board, Position};
use chainmate_lab::library::build::{mine, BuildOptions};
use chainmate_lab::library::encoding::Encoding;
use chainmate_lab::library::file::Contents;
use chainmate_lab::library::ActionLibrary;
use criterion::{criterion_group, criterion_main, Criterion};

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";

fn encoding(c: &mut Criterion) {
    let board = Board::from_fen(MIDDLEGAME).unwrap();
    let other = Board::startpos();
    c.bench_function("library encoding S (one position)", |b| {
        b.iter(|| black_box(Encoding::of(black_box(&board))))
    });
    let (x, y) = (Encoding::of(&board), Encoding::of(&other));
    c.bench_function("library similarity (two encodings)", |b| {
        b.iter(|| black_box(black_box(&x).similarity(black_box(&y))))
    });
    // The paper's scale (6,000 games) from the development setup's GM games when they are
    // beside the checkout, else the small test excerpt.
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/games/gm_classical_2600plus.pgn"
    );
    let excerpt = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/8moves_v3_excerpt.pgn"
    );
    let text = std::fs::read_to_string(shared)
        .or_else(|_| std::fs::read_to_string(excerpt))
        .unwrap();
    let options = BuildOptions {
        max_games: Some(6000),
        ..BuildOptions::default()
    };
    let mined = mine(&text, &options);
    let library = ActionLibrary::new(Contents::from_records(mined.records, mined.stats.games));
    let mut after_nf3 = Position::default();
    for m in ["e2e4", "c7c5", "g1f3"] {
        after_nf3.play_uci(m).unwrap();
    }
    let n = library
        .retrieve_in_game(&after_nf3, None)
        .unwrap()
        .after_move;
    c.bench_function(
        &format!("library retrieval after 1.e4 c5 2.Nf3 ({n} cases)"),
        |b| b.iter(|| black_box(library.retrieve_in_game(black_box(&after_nf3), Some(0.5)))),
    );
}

criterion_group!(benches, encoding);
criterion_main!(benches);
