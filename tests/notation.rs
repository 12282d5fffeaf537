//! SAN printing and parsing on positions with known answers, and UCI move text.

use crate::common;

use chainmate::core::{Board, MoveKind, Position};
use common::board;

/// The SAN of the move given in UCI.
fn san(fen: &str, uci: &str) -> String {
    let b = board(fen);
    let mv = b
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci} in {fen}: {e}"));
    b.san(mv)
}

/// Asserts that `text` parses as SAN to the move written `uci`.
fn parses_to(fen: &str, text: &str, uci: &str) {
    let b = board(fen);
    let got = b.parse_san(text).map(|m| m.to_string());
    assert_eq!(got, Ok(uci.to_string()), "parse_san({text:?}) in {fen}");
}

#[test]
fn disambiguation_by_file() {
    let fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 0 3";
    assert_eq!(san(fen, "b8d7"), "Nbd7");
    assert_eq!(san(fen, "f6d7"), "Nfd7");
    assert_eq!(san(fen, "f6e4"), "Ne4");
}

#[test]
fn disambiguation_by_rank() {
    let fen = "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1";
    assert_eq!(san(fen, "e1e2"), "R1e2");
    assert_eq!(san(fen, "e3e2"), "R3e2");
    assert_eq!(san(fen, "e3e4"), "Re4");
}

#[test]
fn disambiguation_by_square_with_three_queens() {
    let fen = "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(san(fen, "h4e1"), "Qh4e1");
    assert_eq!(san(fen, "e4e1"), "Qee1");
    assert_eq!(san(fen, "h1e1"), "Q1e1");
    parses_to(fen, "Qh4e1", "h4e1");
    parses_to(fen, "Qee1", "e4e1");
    parses_to(fen, "Q1e1", "h1e1");
    assert!(matches!(
        board(fen).parse_san("Qe1"),
        Err(chainmate::core::MoveError::Ambiguous(_))
    ));
}

#[test]
fn captures() {
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    assert_eq!(san(fen, "e4d5"), "exd5");
    assert_eq!(san(fen, "e4e5"), "e5");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(san(fen, "f3e5"), "Nxe5");
    assert_eq!(san(fen, "f1b5"), "Bb5");
}

#[test]
fn en_passant_is_printed_and_parsed_as_a_pawn_capture() {
    let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(san(fen, "e5d6"), "exd6");
    let mv = board(fen).parse_san("exd6").expect("legal");
    assert_eq!(
        (mv.to_string().as_str(), mv.kind()),
        ("e5d6", MoveKind::EnPassant)
    );
    parses_to(fen, "ed6", "e5d6");
    parses_to(fen, "e5d6", "e5d6");
}

#[test]
fn promotions_with_check_and_mate() {
    // Black king boxed in by its own pawns: a queen or rook on e8 mates.
    let fen = "k7/pp2P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(fen, "e7e8q"), "e8=Q#");
    assert_eq!(san(fen, "e7e8r"), "e8=R#");
    assert_eq!(san(fen, "e7e8b"), "e8=B");
    assert_eq!(san(fen, "e7e8n"), "e8=N");
    // With b7 free the king escapes: only check.
    let fen = "k7/p3P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(fen, "e7e8q"), "e8=Q+");
    let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(fen, "e7d8q"), "exd8=Q+");
    assert_eq!(san(fen, "e7d8n"), "exd8=N");
    for text in ["e8=Q", "e8Q", "e8=q", "e8q", "e8=Q+"] {
        parses_to(fen, text, "e7e8q");
    }
    parses_to(fen, "exd8=R", "e7d8r");
    parses_to(fen, "ed8N", "e7d8n");
}

#[test]
fn castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san(fen, "e1g1"), "O-O");
    assert_eq!(san(fen, "e1c1"), "O-O-O");
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(san(black, "e8g8"), "O-O");
    assert_eq!(san(black, "e8c8"), "O-O-O");
    // The rook lands on f1 and checks along the f-file.
    assert_eq!(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O", "e1c1"),
        ("0-0-0", "e1c1"),
    ] {
        parses_to(fen, text, uci);
    }
    parses_to(black, "0-0-0", "e8c8");
}

#[test]
fn fools_mate() {
    let mut position = Position::default();
    let mut written = Vec::new();
    for text in ["f3", "e5", "g4", "Qh4"] {
        let mv = position.board().parse_san(text).expect("legal");
        written.push(position.board().san(mv));
        position.play(mv);
    }
    assert_eq!(written, ["f3", "e5", "g4", "Qh4#"]);
    let end = position.board();
    assert!(end.is_check() && end.legal_moves().is_empty());
    assert_eq!(
        end.checkers()
            .into_iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["h4"]
    );
}

#[test]
fn parse_accepts_common_variants() {
    let start = chainmate::core::STARTPOS_FEN;
    for text in ["Nf3", "Nf3+", "Nf3!?", "Ngf3", "N1f3", "Ng1f3"] {
        parses_to(start, text, "g1f3");
    }
    parses_to(start, "e4", "e2e4");
    let fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 0 3";
    parses_to(fen, "Nbd7", "b8d7");
    parses_to(fen, "N8d7", "b8d7");
    parses_to(fen, "Nfd7", "f6d7");
}

#[test]
fn uci_text_of_special_moves() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let b = board(fen);
    let castle = b.parse_uci("e1g1").expect("legal");
    assert_eq!(castle.kind(), MoveKind::KingCastle);
    assert_eq!(castle.to_string(), "e1g1");
    let promo = board("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for (text, kind) in [
        ("e7e8q", MoveKind::PromoQueen),
        ("e7e8r", MoveKind::PromoRook),
        ("e7e8b", MoveKind::PromoBishop),
        ("e7e8n", MoveKind::PromoKnight),
    ] {
        let mv = promo.parse_uci(text).expect("legal");
        assert_eq!(mv.kind(), kind, "{text}");
        assert_eq!(mv.to_string(), text);
    }
}

#[test]
fn board_display_and_pretty_show_the_fen() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let b: Board = kiwipete.parse().expect("valid");
    assert_eq!(b.to_string(), kiwipete);
    assert!(b.pretty().contains(kiwipete));
}

#[test]
fn a_capture_mark_on_a_non_capture_is_rejected_but_a_missing_one_is_tolerated() {
    let start = Board::startpos();
    assert!(start.parse_san("Nxf3").is_err(), "g1f3 captures nothing");
    assert!(
        start.parse_san("xe4").is_err(),
        "a capture mark needs a piece or file"
    );
    let b =
        Board::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    let exd5 = b.parse_uci("e4d5").unwrap();
    assert_eq!(b.parse_san("exd5"), Ok(exd5));
    assert_eq!(
        b.parse_san("ed5"),
        Ok(exd5),
        "sloppy PGN without the x still reads"
    );
}
