//! Every parser of the engine fed arbitrary and mutated bytes: FEN, EPD records and suites,
//! PGN, perft suites, `--params` files, Syzygy table files, UCI command lines, text
//! decoding. Each must answer with a value or an error, never a panic; an accepted result
//! is used (its moves played, its tables probed) so that a bad value would show.
//!
//! `cargo test --release --test engine parser_fuzz::` runs `common::fuzz::CASES` cases per property;
//! `-- --ignored` runs `common::fuzz::SOAK` (100,000) per property. Each test says on stderr
//! how many cases ran (`--nocapture`).

use crate::common;

use std::sync::atomic::{AtomicU64, Ordering};

use chainmate::core::Board;
use chainmate::eval::Evaluator as _;
use chainmate::formats::epd::EpdRecord;
use chainmate::formats::pgn::read_games;
use chainmate::tb::Tablebase;
use common::fuzz::{check, Edit, Mutation, CASES, SOAK};

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/8/8/8/8/6k1/6p1/7K w - - 0 1",
];

const WAC: &str = include_str!("../suites/wac.epd");
const PGN: &str = include_str!("data/8moves_v3_excerpt.pgn");
const PERFT: &str = include_str!("../perft/perftsuite.epd");

fn cases(soak: bool) -> u64 {
    if soak {
        SOAK
    } else {
        common::cases(CASES)
    }
}

/// A position: its moves generated and one played, its evaluation taken.
fn use_board(board: &Board) {
    let moves = board.legal_moves();
    if let Some(&mv) = moves.first() {
        let mut next = *board;
        next.play(mv);
        let _ = next.to_fen();
    }
    let _ = chainmate::eval::full::Full::default().evaluate(board);
}

fn fen(m: Mutation) -> bool {
    let text = m.apply_text(&FENS);
    if let Ok(board) = Board::from_fen(&text) {
        use_board(&board);
    }
    true
}

/// The first lines of the WAC suite, a few per sample.
fn wac_samples() -> Vec<&'static str> {
    let lines: Vec<&str> = WAC.lines().take(40).collect();
    let mut samples = lines.clone();
    samples.push(&WAC[..WAC.len().min(2_000)]);
    samples
}

fn epd(text: &str) {
    for line in text.lines() {
        if let Ok(record) = EpdRecord::parse(line) {
            use_board(&record.board);
            for op in ["bm", "am"] {
                if let Ok(moves) = record.moves(op) {
                    for mv in moves {
                        let _ = record.board.san(mv);
                    }
                }
            }
            let _ = record.id();
        }
    }
    let (records, errors) = chainmate::suite::parse_suite(text);
    for r in records {
        if let Some(&mv) = r.board.legal_moves().first() {
            let _ = chainmate::suite::solves(&r, mv);
        }
    }
    for (_, e) in errors {
        let _ = e.to_string();
    }
}

fn pgn(text: &str) {
    let mut reader = read_games(text);
    while let Some((game, error)) = reader.next_lenient() {
        if let Some(game) = game {
            let _ = game.to_pgn();
            let _ = game.end().to_fen();
        }
        let _ = error.map(|e| e.to_string());
    }
}

fn perft_suite(text: &str) {
    if let Ok(cases) = chainmate::perft::parse_suite(text) {
        for case in cases.iter().take(2) {
            let _ = chainmate::perft::perft(&case.board, 2);
        }
    }
}

fn params(text: &str) {
    let mut full = chainmate::eval::full::Full::default();
    let loaded = chainmate::config::load_params_text(
        full.params_mut(),
        chainmate::config::FULL,
        text,
        &chainmate::config::tunable,
    );
    if loaded.is_ok() {
        let _ = full.evaluate(&Board::startpos());
    }
}

fn params_sample() -> String {
    let text = chainmate::eval::full::Full::default().params().to_text();
    text.lines().take(60).collect::<Vec<_>>().join("\n")
}

fn uci_line(text: &str) {
    if let Ok(chainmate::uci::command::Command::Position { fen, moves }) =
        chainmate::uci::command::parse(text)
    {
        if let Ok(position) = chainmate::uci::setup_position(fen.as_deref(), &moves) {
            use_board(position.board());
        }
    }
}

/// Syzygy files: a KRvK table pair with mutated bytes (headers, then anywhere), opened and
/// probed from positions of both sides.
fn syzygy(m: &Mutation) {
    static CASE: AtomicU64 = AtomicU64::new(0);
    const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/tables");
    let wdl = std::fs::read(format!("{TABLES}/KRvK.rtbw")).expect("KRvK.rtbw");
    let dtz = std::fs::read(format!("{TABLES}/KRvK.rtbz")).expect("KRvK.rtbz");
    let dir = std::env::temp_dir().join(format!(
        "chainmate-tbfuzz-{}-{}",
        std::process::id(),
        CASE.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    // Half the cases change bytes of the first 64 only, where the header and the layout of
    // the table are; the others anywhere.
    let mut m = m.clone();
    if m.sample % 4 < 2 {
        for edit in &mut m.edits {
            match edit {
                Edit::Flip(i, _) | Edit::Set(i, _) => *i %= 64,
                _ => {}
            }
        }
    }
    let (w, z) = if m.sample.is_multiple_of(2) {
        (m.apply(&[&wdl]), dtz)
    } else {
        (wdl, m.apply(&[&dtz]))
    };
    std::fs::write(dir.join("KRvK.rtbw"), w).unwrap();
    std::fs::write(dir.join("KRvK.rtbz"), z).unwrap();
    let tb = Tablebase::open(dir.to_str().unwrap());
    for fen in [
        "8/8/8/4k3/8/8/3K4/7R w - - 0 1",
        "8/8/8/4k3/8/8/3K4/7R b - - 0 1",
        "7r/8/8/4K3/8/8/3k4/8 w - - 0 1",
        "R7/8/8/8/8/8/8/k1K5 b - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let _ = tb.probe_wdl(&board);
        let _ = tb.probe_dtz(&board);
    }
    drop(tb);
    std::fs::remove_dir_all(&dir).ok();
}

fn text_properties(soak: bool) {
    let n = cases(soak);
    check("fen: mutated", n, fen as fn(Mutation) -> bool);
    check(
        "fen: arbitrary",
        n,
        (|b: Vec<u8>| {
            if let Ok(board) = Board::from_fen(&String::from_utf8_lossy(&b)) {
                use_board(&board);
            }
            true
        }) as fn(Vec<u8>) -> bool,
    );
    check(
        "epd: mutated",
        n,
        (|m: Mutation| {
            epd(&m.apply_text(&wac_samples()));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "pgn: mutated",
        n,
        (|m: Mutation| {
            let games: Vec<&str> = PGN.split("\n\n[").collect();
            let mut samples = vec![PGN];
            samples.extend(games);
            pgn(&m.apply_text(&samples));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "perft suite: mutated",
        n,
        (|m: Mutation| {
            let lines: Vec<&str> = PERFT.lines().take(20).collect();
            perft_suite(&m.apply_text(&lines));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "uci line: mutated",
        n,
        (|m: Mutation| {
            let samples = [
                "position startpos moves e2e4 e7e5 g1f3",
                "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8",
                "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 40",
                "setoption name Hash value 16",
            ];
            uci_line(&m.apply_text(&samples));
            true
        }) as fn(Mutation) -> bool,
    );
    check(
        "text decoding and every text parser: arbitrary bytes",
        n,
        (|b: Vec<u8>| {
            let (text, _) = chainmate::formats::decode_text(b);
            epd(&text);
            pgn(&text);
            perft_suite(&text);
            params(&text);
            uci_line(&text);
            true
        }) as fn(Vec<u8>) -> bool,
    );
}

fn params_property(soak: bool) {
    let n = cases(soak);
    check(
        "--params file: mutated",
        n,
        (|m: Mutation| {
            params(&m.apply_text(&[&params_sample()]));
            true
        }) as fn(Mutation) -> bool,
    );
}

fn syzygy_property(soak: bool) {
    let n = cases(soak);
    check(
        "syzygy files: mutated",
        n,
        (|m: Mutation| {
            syzygy(&m);
            true
        }) as fn(Mutation) -> bool,
    );
}

#[test]
fn text_parsers_survive_arbitrary_and_mutated_input() {
    text_properties(false);
    params_property(false);
}

#[test]
fn syzygy_tables_survive_mutated_files() {
    syzygy_property(false);
}

#[test]
#[ignore = "soak: 100,000 cases per property, minutes"]
fn soak_text_parsers() {
    text_properties(true);
    params_property(true);
}

#[test]
#[ignore = "soak: 100,000 mutated table pairs"]
fn soak_syzygy_tables() {
    syzygy_property(true);
}
