//! Game rules on crafted positions: repetition, the fifty-move rule, insufficient material,
//! en-passant normalisation, stalemate, castling rights, pinned pawns, and the null move.

use crate::common;

use chainmate::core::{Bitboard, Board, Position, Square};
use common::board;
use common::reference::RefBoard;

/// Plays SAN moves on `position`, panicking on an illegal one.
fn play(position: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        position
            .play_san(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", position.board().to_fen()));
    }
}

#[test]
fn threefold_repetition_by_knight_shuffles() {
    let mut position = Position::default();
    play(&mut position, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(position.repetitions(), 1);
    assert!(!position.is_threefold_repetition() && !position.is_draw());
    play(&mut position, "Nf3");
    assert_eq!(
        position.repetitions(),
        1,
        "the position after 1.Nf3 is seen again"
    );
    play(&mut position, "Nf6 Ng1 Ng8");
    assert_eq!(position.repetitions(), 2);
    assert!(position.is_threefold_repetition() && position.is_draw());
    position.undo();
    assert!(!position.is_threefold_repetition());
}

#[test]
fn repetition_needs_equal_castling_rights() {
    let mut position = Position::from(board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    // Same placement as the start after four plies, but both king-side rights are gone.
    play(&mut position, "Rh2 Rh7 Rh1 Rh8");
    assert_eq!(position.repetitions(), 0);
    play(&mut position, "Rh2 Rh7 Rh1 Rh8");
    assert_eq!(position.repetitions(), 1);
    play(&mut position, "Rh2 Rh7 Rh1 Rh8");
    assert!(position.is_threefold_repetition());
}

#[test]
fn fifty_move_rule() {
    let mut position = Position::from(board("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert!(!position.is_fifty_move_draw());
    play(&mut position, "Ra2");
    assert_eq!(position.board().halfmove_clock(), 100);
    assert!(position.is_fifty_move_draw() && position.is_draw());
    play(&mut position, "Kd8");
    assert_eq!(position.board().fullmove_number(), 81);
}

#[test]
fn captures_and_pawn_moves_reset_the_halfmove_clock() {
    let mut capture = Position::from(board("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80"));
    play(&mut capture, "Rxa2");
    assert_eq!(capture.board().halfmove_clock(), 0);
    assert!(!capture.is_fifty_move_draw());
    let mut pawn = Position::from(board("4k3/8/8/8/8/8/P7/4K3 w - - 99 80"));
    play(&mut pawn, "a4");
    assert_eq!(pawn.board().halfmove_clock(), 0);
}

#[test]
fn mate_on_the_hundredth_ply_is_not_a_fifty_move_draw() {
    let fen = "k7/8/1K6/8/8/8/8/7R w - - 99 80";
    let mut mate = Position::from(board(fen));
    play(&mut mate, "Rh8#");
    assert_eq!(mate.board().halfmove_clock(), 100);
    assert!(mate.board().legal_moves().is_empty() && mate.board().is_check());
    assert!(!mate.is_fifty_move_draw() && !mate.is_draw());
    let mut quiet = Position::from(board(fen));
    play(&mut quiet, "Rh2");
    assert!(quiet.is_fifty_move_draw());
}

#[test]
fn insufficient_material() {
    let draws = [
        ("KvK", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        ("KBvK", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        ("KvKN", "4k1n1/8/8/8/8/8/8/4K3 w - - 0 1"),
        (
            "KB v KB, both on dark squares (c1, f8)",
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        ),
        (
            "KBB v K, both on dark squares (c1, e3)",
            "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1",
        ),
    ];
    for (name, fen) in draws {
        assert!(board(fen).is_insufficient_material(), "{name}: {fen}");
    }
    assert!(Position::from(board(draws[0].1)).is_draw());
    let not_draws = [
        ("KNN v K", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"),
        (
            "KB v KB, opposite colours (c1, c8)",
            "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        ),
        ("KB v KN", "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        ("KP v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        ("KR v K", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
        ("KQ v K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
    ];
    for (name, fen) in not_draws {
        assert!(!board(fen).is_insufficient_material(), "{name}: {fen}");
    }
}

#[test]
fn en_passant_square_dropped_when_the_capture_is_illegal() {
    // exd3 would take both pawns off the fourth rank and expose the black king to the queen.
    let pinned = board("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    assert_eq!(pinned.ep_square(), None);
    assert!(pinned.to_fen().contains(" - "), "{}", pinned.to_fen());
    assert_eq!(pinned, board("8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1"));
    assert!(pinned.parse_uci("e4d3").is_err());
    // The same double push played on the board: no en-passant square either.
    let mut pushed = board("8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1");
    pushed.play(pushed.parse_uci("d2d4").expect("legal"));
    assert_eq!(pushed, pinned);
    // A double push no pawn can answer leaves no square: the position equals its "-" FEN.
    let mut start = Board::startpos();
    start.play(start.parse_uci("e2e4").expect("legal"));
    let after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(start, board(after));
    assert_eq!(start.hash(), board(after).hash());
}

#[test]
fn en_passant_square_kept_when_the_capture_is_legal() {
    let open = board("8/8/8/8/k2Pp3/8/8/3K4 b - d3 0 1");
    assert_eq!(open.ep_square(), Some(Square::D3));
    assert!(open.to_fen().contains(" d3 "));
    assert_ne!(open.hash(), board("8/8/8/8/k2Pp3/8/8/3K4 b - - 0 1").hash());
    let mv = open.parse_uci("e4d3").expect("en passant is legal");
    assert!(mv.is_en_passant());
    let mut after = open;
    after.play(mv);
    assert_eq!(after, board("8/8/8/8/k7/3p4/8/3K4 w - - 0 2"));
    // The pawn that just gave check can be taken en passant.
    let check = board("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(check.is_check());
    assert!(check.parse_uci("e4d3").expect("evasion").is_en_passant());
}

#[test]
fn stalemate() {
    let b = board("k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    assert!(!b.is_check());
    assert!(b.legal_moves().is_empty() && !b.has_legal_move());
    assert!(Position::from(b).is_draw());
}

#[test]
fn castling_rights_follow_king_and_rook_moves_and_captures() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let rights_after = |uci: &str| {
        let mut b = board(start);
        b.play(b.parse_uci(uci).expect("legal"));
        b.castling_rights().to_string()
    };
    assert_eq!(
        rights_after("a1a8"),
        "Kk",
        "rook takes rook: both queen-side rights go"
    );
    assert_eq!(rights_after("h1h2"), "Qkq");
    assert_eq!(rights_after("e1e2"), "kq");
    assert_eq!(rights_after("e1g1"), "kq");
}

#[test]
fn castling_refused_through_check_and_out_of_check() {
    // The bishop on a6 covers f1: no O-O; O-O-O is fine.
    let b = board("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(b.parse_san("O-O").is_err());
    assert!(b.parse_san("O-O-O").is_ok());
    // In check from the rook on h1: no castling at all.
    let b = board("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
    assert!(b.is_check());
    assert!(b.parse_san("O-O-O").is_err());
    // b1 attacked does not matter for O-O-O (the king does not cross it).
    let b = board("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(b.parse_san("O-O-O").is_ok());
}

#[test]
fn pinned_pawns_move_only_along_their_pin_line() {
    // (FEN, the pinned pawn, its legal moves): pinned on the king's file a pawn only pushes
    // (from below the king too, where a capture would land next to the king), pinned on a
    // diagonal it only takes along it (promoting too), pinned on a rank it has no move.
    let cases: [(&str, Square, &[&str]); 7] = [
        (
            "4k3/8/8/8/4K3/3p1p2/4P3/4r3 w - - 0 1",
            Square::E2,
            &["e2e3"],
        ),
        (
            "k3r3/8/8/8/8/3p1p2/4P3/4K3 w - - 0 1",
            Square::E2,
            &["e2e3", "e2e4"],
        ),
        ("7k/8/8/8/8/n1b5/1P6/K7 w - - 0 1", Square::B2, &["b2c3"]),
        (
            "n1b5/1P6/K7/8/8/8/8/7k w - - 0 1",
            Square::B7,
            &["b7c8b", "b7c8n", "b7c8q", "b7c8r"],
        ),
        ("7k/8/8/2p5/KP5r/8/8/8 w - - 0 1", Square::B4, &[]),
        (
            "4R3/4p3/3P1P2/4k3/8/8/8/4K3 b - - 0 1",
            Square::E7,
            &["e7e6"],
        ),
        ("k7/1p6/N1B5/8/8/8/8/7K b - - 0 1", Square::B7, &["b7c6"]),
    ];
    for (fen, pawn, expected) in cases {
        let b = board(fen);
        assert!(b.pinned().contains(pawn), "{fen}");
        let moves = b.legal_moves_from(Bitboard::from_square(pawn));
        assert_eq!(common::sorted_uci(&moves), expected, "{fen}");
        // The counting path (perft's bulk count) agrees with the list and the reference.
        let reference = RefBoard::from_fen(fen).legal_uci();
        assert_eq!(b.count_legal_moves(), reference.len() as u64, "{fen}");
        assert_eq!(common::sorted_uci(&b.legal_moves()), reference, "{fen}");
    }
}

#[test]
fn null_move() {
    let in_check = board("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert!(in_check.is_check());
    assert_eq!(in_check.null_move(), None);
    let mut position = Position::from(in_check);
    assert!(!position.play_null());
    assert_eq!(position.ply(), 0);

    let start = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let passed = start.null_move().expect("not in check");
    assert_eq!(passed.side_to_move(), !start.side_to_move());
    assert_ne!(passed.hash(), start.hash());
    assert_eq!(passed.hash(), passed.compute_hash());
    let back = passed.null_move().expect("not in check");
    assert_eq!(back.hash(), start.hash());
    assert_eq!(back.to_fen(), start.to_fen().replace(" 0 1", " 2 2"));

    // Passing drops the en-passant square.
    let ep = board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let passed = ep.null_move().expect("not in check");
    assert_eq!(passed.ep_square(), None);
    assert_eq!(passed.hash(), passed.compute_hash());

    let mut position = Position::from(start);
    assert!(position.play_null() && position.play_null());
    assert_eq!(position.board().hash(), start.hash());
    assert!(position.undo() && position.undo());
    assert_eq!(*position.board(), start);
}

/// `Board::from_fen` accepts halfmove clocks up to 65535; playing on must saturate the
/// clock (a position past the fifty-move limit stays past it), never wrap or panic.
#[test]
fn halfmove_clock_does_not_overflow() {
    let mut b = board("4k3/8/8/8/8/8/8/4K2R w K - 65535 1");
    assert_eq!(b.null_move().expect("not in check").halfmove_clock(), 65535);
    b.play(b.parse_uci("h1h2").expect("legal"));
    assert!(b.halfmove_clock() >= 100, "clock {}", b.halfmove_clock());
    assert!(Position::from(b).is_fifty_move_draw());
}
