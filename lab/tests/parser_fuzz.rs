//! Every parser of the lab fed arbitrary and mutated bytes: Polyglot books, action library
//! files, opening books (PGN, FEN and movetext lines), labelled training data, and `--params`
//! files for each evaluator. Each must answer with a value or an error, never a panic; an
//! accepted result is used (probed, retrieved from, evaluated with).
//!
//! `cargo test --release -p chainmate-lab --test lab parser_fuzz::` runs `common::fuzz::CASES`
//! cases per property; `-- --ignored` runs `common::fuzz::SOAK` (100,000) per property
//! (`--nocapture` shows the counts).

use crate::common;

use std::path::Path;
use std::sync::OnceLock;

use chainmate::core::{Board, Position};
use chainmate::eval::Evaluator as _;
use chainmate_lab::book::polyglot::PolyglotBook;
use chainmate_lab::config::LabOptions;
use chainmate_lab::library::file::Contents;
use chainmate_lab::library::ActionLibrary;
use chainmate_lab::tournament::openings::{parse_book, BookFormat};
use common::fuzz::{check, Mutation, CASES, SOAK};

const POLYGLOT: &[u8] = include_bytes!("../../tests/data/polyglot_8moves_excerpt.bin");
const PGN: &str = include_str!("../../tests/data/8moves_v3_excerpt.pgn");
const MOVETEXT: &str = include_str!("../../tests/data/openings_4ply_excerpt.txt");
const SAMPLES: &str = include_str!("../../tests/data/selfplay_sample.epd");

fn cases(soak: bool) -> u64 {
    if soak {
        SOAK
    } else {
        common::cases(CASES)
    }
}

/// A real action library file: the excerpt's six games, mined by `library build`.
fn library_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let pgn = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/8moves_v3_excerpt.pgn"
        );
        let out = std::env::temp_dir().join(format!("chainmate-fuzz-{}.lib", std::process::id()));
        let run = common::chainmate(&[
            "library",
            "build",
            "--pgn",
            pgn,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(run.status.success(), "{}", common::text(&run.stderr));
        let bytes = std::fs::read(&out).unwrap();
        std::fs::remove_file(&out).ok();
        bytes
    })
}

fn polyglot(bytes: &[u8]) {
    if let Ok(book) = PolyglotBook::from_bytes(bytes, "fuzz.bin") {
        let mut board = Board::startpos();
        for _ in 0..4 {
            let (moves, _) = book.probe(&board);
            let Some(&(mv, _)) = moves.first() else { break };
            board.play(mv);
        }
    }
}

fn library(bytes: &[u8]) {
    if let Ok(contents) = Contents::from_bytes(bytes, Path::new("fuzz.lib")) {
        let library = ActionLibrary::new(contents);
        let mut position = Position::default();
        for uci in ["e2e4", "c7c5", "g1f3"] {
            let _ = library.retrieve_in_game(&position, Some(0.5));
            if position.play_uci(uci).is_err() {
                break;
            }
        }
    }
}

fn book(text: &str) {
    for format in [BookFormat::Pgn, BookFormat::Fen, BookFormat::Movetext] {
        let (openings, warnings) = parse_book(text, format);
        for w in warnings {
            let _ = w.to_string();
        }
        let _ = openings.len();
    }
}

fn params(text: &str, evaluator: &str) {
    let mut options = LabOptions::default();
    if options.set("Evaluator", Some(evaluator)).is_ok()
        && options.load_evaluator_params(text).is_ok()
    {
        let _ = options.evaluator().evaluate(&Board::startpos());
    }
}

/// Each evaluator's weights as a file, cut to its first 60 lines.
fn params_samples() -> &'static [(String, &'static str)] {
    static SAMPLES: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        ["material", "weighted", "tsvetkov", "power", "full"]
            .into_iter()
            .map(|name| {
                let e = chainmate_lab::eval::AnyEvaluator::by_name(name).unwrap();
                let text = e.params().to_text();
                (text.lines().take(60).collect::<Vec<_>>().join("\n"), name)
            })
            .collect()
    })
}

fn properties(soak: bool) {
    let n = cases(soak);
    check(
        "polyglot: mutated",
        n,
        (|m: Mutation| {
            polyglot(&m.apply(&[POLYGLOT, &POLYGLOT[..160]]));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "library file: mutated",
        n,
        (|m: Mutation| {
            let bytes = library_bytes();
            library(&m.apply(&[bytes, &bytes[..bytes.len().min(200)]]));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "opening books: mutated",
        n,
        (|m: Mutation| {
            let fen_lines = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 bm Bb5;\n";
            book(&m.apply_text(&[PGN, MOVETEXT, fen_lines]));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "labelled data: mutated",
        n,
        (|m: Mutation| {
            let lines: Vec<&str> = SAMPLES.lines().take(30).collect();
            let (samples, _) = chainmate_lab::tune::texel::parse_samples(&m.apply_text(&lines));
            let _ = samples.len();
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "--params files: mutated",
        n / 10,
        (|m: Mutation| {
            let (text, name) = &params_samples()[m.sample % params_samples().len()];
            params(&m.apply_text(&[text]), name);
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "every lab parser: arbitrary bytes",
        n,
        (|b: Vec<u8>| {
            polyglot(&b);
            library(&b);
            let (text, _) = chainmate::formats::decode_text(b);
            book(&text);
            let _ = chainmate_lab::tune::texel::parse_samples(&text);
            params(&text, "material");
            true
        }) as fn(Vec<u8>) -> bool,
    );
}

#[test]
fn lab_parsers_survive_arbitrary_and_mutated_input() {
    properties(false);
}

#[test]
#[ignore = "soak: 100,000 cases per property, minutes"]
fn soak_lab_parsers() {
    properties(true);
}
