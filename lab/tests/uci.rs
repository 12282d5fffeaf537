//! UCI sessions of the lab's engine (`chainmate-lab`, the engine with the papers' options)
//! driven through the real binary, as a GUI drives it: the papers' options listed, paper
//! 001's plain searches and the books played through UCI.
//!
//! Timeouts here only keep a broken engine from hanging the test run; nothing asserts speed.

use crate::common;

use chainmate::core::Board;
use common::uci::Engine;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn legal_in(fen: &str, mv: &str) -> bool {
    let board = Board::from_fen(fen).unwrap();
    board.parse_uci(mv).is_ok()
}

#[test]
fn every_plain_search_plays_through_uci() {
    let mut e = Engine::start();
    for algorithm in ["minimax", "alphabeta", "alphabeta+tt", "pvs"] {
        e.send(&format!("setoption name Search value {algorithm}"));
        e.send("position startpos moves g1f3");
        e.send("go depth 3");
        let (mv, _) = e.bestmove();
        assert!(
            legal_in(
                "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
                &mv
            ),
            "{algorithm}: {mv}"
        );
    }
}

#[test]
fn books_answer_at_once_and_analysis_still_searches() {
    let mut e = Engine::start();
    e.send("setoption name OwnBook value true");
    e.send("setoption name Book value cbr");
    e.send("position startpos moves e2e4 c7c5");
    e.send("go wtime 60000 btime 60000");
    let (mv, lines) = e.bestmove();
    let note = &lines[lines.len() - 2];
    assert!(
        note.starts_with(&format!("info string book {mv} (")),
        "{lines:?}"
    );
    assert!(legal_in(
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        &mv
    ));
    // Analysis searches.
    e.send("go depth 3");
    let (_, lines) = e.bestmove();
    assert!(lines.iter().all(|l| !l.contains("book")), "{lines:?}");
    // A Polyglot book: the heavier move of the reference book, d2d4 (4) over e2e4 (2).
    e.send("setoption name BookFile value /no/such/book.bin");
    let lines = e.until(|l| l.starts_with("info string"));
    assert!(
        lines.last().unwrap().contains("cannot read book"),
        "{lines:?}"
    );
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/polyglot_8moves_excerpt.bin"
    );
    e.send(&format!("setoption name BookFile value {book}"));
    e.send("setoption name Book value polyglot");
    e.send("position startpos");
    e.send("go movetime 1000");
    let (mv, lines) = e.bestmove();
    assert_eq!(mv, "d2d4", "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l == "info string book d2d4 (A40 Queen's Pawn Game)"),
        "{lines:?}"
    );
    // Out of the book: a search.
    e.send("position startpos moves a2a3");
    e.send("go movetime 50");
    let (mv, lines) = e.bestmove();
    assert!(lines.iter().all(|l| !l.contains("book")), "{lines:?}");
    assert_ne!(mv, "(none)");
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn handshake_lists_the_engines_and_the_papers_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name chainmate-lab"));
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Evaluator",
        "EvalFile",
        "Search",
        "TranspositionTable",
        "Ordering",
        "Pruning",
        "MoveChains",
        "MaxDepth",
        "OwnBook",
        "Book",
        "BookFile",
        "BookDepth",
        "BookVariety",
        "BookSorted",
        "BookPaperChoices",
        "BookMaxDistance",
        "BookCases",
        "ActionLibrary",
        "ActionSimilarity",
        "ActionLearn",
        "SyzygyPath",
    ] {
        let declared = lines
            .iter()
            .filter(|l| l.starts_with(&format!("option name {option} type")))
            .count();
        assert_eq!(declared, 1, "option {option}: {lines:?}");
    }
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    assert_eq!(options.len(), 34, "{options:?}");
    // The evaluator's, the book's and the library's files and the tablebase directories are
    // the only text.
    assert_eq!(
        options.iter().filter(|l| l.contains("type string")).count(),
        4
    );
    // A paper evaluator's tunables are accepted though not listed; the engine's too.
    e.send("setoption name tsvetkov.mobility value 7");
    e.send("setoption name chains.max_depth value -1");
    let answer = e.until(|l| l.starts_with("info string"));
    assert!(answer[0].contains("outside 0..4000"), "{answer:?}");
    e.ready();
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn the_plain_searches_last_info_shows_the_move_played() {
    let mut e = Engine::start();
    for (algorithm, go) in [("pvs", "go movetime 77"), ("minimax", "go movetime 300")] {
        e.send(&format!("setoption name Search value {algorithm}"));
        e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        e.assert_last_pv_is_the_move_played(go, algorithm);
    }
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn a_long_minimax_search_reports_the_current_move_and_progress() {
    let mut e = Engine::start();
    e.send("setoption name Search value minimax");
    e.send("go infinite");
    e.until(|l| l.contains(" currmove ") && l.contains(" currmovenumber "));
    e.until(|l| l.starts_with("info nodes ") && l.contains(" nps ") && l.contains(" hashfull "));
    e.send("stop");
    let (mv, _) = e.bestmove();
    assert!(legal_in(START, &mv), "{mv}");
    e.send("quit");
    assert!(e.close_and_wait().success());
}
