//! Invalid input: a corpus of bad FENs, each rejected with the exact `FenError`; malformed and
//! illegal move strings with the exact `MoveError`; and fuzzing (arbitrary strings and
//! mutations of valid FENs) to show that no parser panics and that whatever FEN is accepted
//! yields a consistent board.

use crate::common;

use chainmate::core::{Board, CastleSide, Color, FenError, MoveError, Rank, Square};
use chainmate::perft::PerftCase;
use common::games::START_FENS;
use common::reference::RefBoard;
use common::sorted_uci;
use quickcheck::{Arbitrary, Gen, QuickCheck};

fn rejects(fen: &str, expected: FenError) {
    assert_eq!(Board::from_fen(fen), Err(expected), "FEN {fen:?}");
}

#[test]
fn wrong_number_of_fields() {
    rejects("", FenError::WrongFieldCount(0));
    rejects("8/8/8/8/8/8/8/8 w", FenError::WrongFieldCount(2));
    rejects("4k3/8/8/8/8/8/8/4K3 w -", FenError::WrongFieldCount(3));
    rejects(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        FenError::WrongFieldCount(7),
    );
    // The message says what is accepted: four to six fields, the clocks optional.
    let text = FenError::WrongFieldCount(7).to_string();
    assert!(
        text.starts_with("FEN has 7 fields; expected 4 to 6: ") && text.contains("left off"),
        "{text}"
    );
}

/// The clocks may be left off from the end: both (EPD), or the fullmove number alone (five
/// fields, as python-chess and Stockfish read them), defaulting to 0 and 1.
#[test]
fn clocks_may_be_left_off_from_the_end() {
    let board = |fen: &str| Board::from_fen(fen).unwrap().to_fen();
    assert_eq!(
        board("4k3/8/8/8/8/8/8/4K3 w - - 17"),
        "4k3/8/8/8/8/8/8/4K3 w - - 17 1"
    );
    assert_eq!(
        board("4k3/8/8/8/8/8/8/4K3 b - -"),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - x"),
        Err(FenError::BadHalfmoveClock("x".into()))
    );
}

#[test]
fn bad_placement() {
    rejects(
        "4k3/8/8/8/8/8/8/4K2X w - - 0 1",
        FenError::BadPieceChar('X'),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K2x w - - 0 1",
        FenError::BadPieceChar('x'),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K02 w - - 0 1",
        FenError::BadPieceChar('0'),
    );
    rejects("4k3/9/8/8/8/8/8/4K3 w - - 0 1", FenError::BadPieceChar('9'));
    rejects(
        "4k3/8/8/8/8/8/ppppppppp/4K3 w - - 0 1",
        FenError::RankTooLong(Rank::Second),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
        FenError::RankTooLong(Rank::First),
    );
    rejects(
        "4k3/8/8/8/8/8/8/44K w - - 0 1",
        FenError::RankTooLong(Rank::First),
    );
    rejects(
        "4k3/8/8/8/8/8/7/4K3 w - - 0 1",
        FenError::RankTooShort(Rank::Second),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
        FenError::RankTooShort(Rank::First),
    );
    rejects("4k3/8/8/8/8/8/4K3 w - - 0 1", FenError::WrongRankCount(7));
    rejects(
        "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::WrongRankCount(9),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K3/ w - - 0 1",
        FenError::WrongRankCount(9),
    );
}

#[test]
fn bad_side_to_move() {
    rejects(
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        FenError::BadSideToMove("x".into()),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
        FenError::BadSideToMove("W".into()),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K3 white - - 0 1",
        FenError::BadSideToMove("white".into()),
    );
}

#[test]
fn bad_castling_field() {
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w";
    rejects(
        &format!("{base} KQkqK - 0 1"),
        FenError::BadCastling("KQkqK".into()),
    );
    rejects(
        &format!("{base} KX - 0 1"),
        FenError::BadCastling("KX".into()),
    );
    rejects(
        &format!("{base} -K - 0 1"),
        FenError::BadCastling("-K".into()),
    );
    rejects(
        &format!("{base} -- - 0 1"),
        FenError::BadCastling("--".into()),
    );
    // Rights with no rook of that colour on that side of the king on the back rank.
    rejects(
        "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1",
        FenError::CastlingWithoutKingAndRook('K'),
    );
    rejects(
        "r3k2r/8/8/8/8/8/8/4K2R w Q - 0 1",
        FenError::CastlingWithoutKingAndRook('Q'),
    );
    // A right whose king left the back rank.
    rejects(
        "r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1",
        FenError::CastlingWithoutKingAndRook('K'),
    );
    // King and rook off the standard squares are a Chess960 right (X-FEN: `K`/`Q` name the
    // outermost rook on that side), not an error.
    for (fen, color, side, rook) in [
        (
            "r3k2r/8/8/8/8/8/8/R3K1R1 w K - 0 1",
            Color::White,
            CastleSide::King,
            Square::G1,
        ),
        (
            "r3k2r/8/8/8/8/8/8/1R2K2R w Q - 0 1",
            Color::White,
            CastleSide::Queen,
            Square::B1,
        ),
        (
            "r3k2r/8/8/8/8/8/8/R2K3R w K - 0 1",
            Color::White,
            CastleSide::King,
            Square::H1,
        ),
        (
            "r4k1r/8/8/8/8/8/8/R3K2R w k - 0 1",
            Color::Black,
            CastleSide::King,
            Square::H8,
        ),
    ] {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.castling_rook(color, side), Some(rook), "{fen}");
        assert!(board.is_chess960(), "{fen}");
    }
    rejects(
        "4k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
        FenError::CastlingWithoutKingAndRook('q'),
    );
    // A black rook on h1 does not give White a right.
    rejects(
        "r3k3/8/8/8/8/8/8/R3K2r w K - 0 1",
        FenError::CastlingWithoutKingAndRook('K'),
    );
}

#[test]
fn bad_en_passant_field() {
    let base = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq";
    for text in ["e9", "i6", "6d", "d", "d66", "--"] {
        rejects(
            &format!("{base} {text} 0 3"),
            FenError::BadEnPassant(text.into()),
        );
    }
    // Wrong rank: White to move needs a sixth-rank square.
    rejects(
        &format!("{base} d3 0 3"),
        FenError::ImpossibleEnPassant(Square::D3),
    );
    rejects(
        &format!("{base} d5 0 3"),
        FenError::ImpossibleEnPassant(Square::D5),
    );
    // No black pawn in front of the square.
    rejects(
        &format!("{base} c6 0 3"),
        FenError::ImpossibleEnPassant(Square::C6),
    );
    // The square itself is occupied.
    rejects(
        "rnbqkb1r/ppp1pppp/3n4/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        FenError::ImpossibleEnPassant(Square::D6),
    );
    // The pawn's start square is occupied, so it cannot have just come from there.
    rejects(
        "r1bqkbnr/pppnpppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        FenError::ImpossibleEnPassant(Square::D6),
    );
    // Black to move: the square must be on the third rank behind a white pawn.
    rejects(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        FenError::ImpossibleEnPassant(Square::E4),
    );
}

#[test]
fn bad_clocks() {
    let base = "4k3/8/8/8/8/8/8/4K3 w -";
    for text in ["x", "-1", "1.5", "70000"] {
        rejects(
            &format!("{base} - {text} 1"),
            FenError::BadHalfmoveClock(text.into()),
        );
        rejects(
            &format!("{base} - 0 {text}"),
            FenError::BadFullmoveNumber(text.into()),
        );
    }
}

#[test]
fn impossible_material() {
    rejects(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::MissingKing(Color::Black),
    );
    rejects(
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        FenError::MissingKing(Color::White),
    );
    rejects(
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        FenError::TooManyKings(Color::White),
    );
    rejects(
        "k3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::TooManyKings(Color::Black),
    );
    rejects(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        FenError::PawnOnBackRank(Square::A1),
    );
    rejects(
        "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::PawnOnBackRank(Square::H8),
    );
    // Nine pawns; seventeen pieces; three knights beside eight pawns (none left to promote).
    rejects(
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        FenError::TooManyPieces(Color::White),
    );
    rejects(
        "rnbqkbnr/pppppppp/8/n7/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::TooManyPieces(Color::Black),
    );
    rejects(
        "4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1",
        FenError::TooManyPieces(Color::White),
    );
    // With a pawn missing, the third knight is a possible promotion.
    assert!(Board::from_fen("4k3/8/8/8/8/8/PPPPPPP1/NNN1K3 w - - 0 1").is_ok());
}

#[test]
fn side_not_to_move_in_check() {
    rejects("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FenError::OpponentInCheck);
    rejects("4k3/8/8/8/8/8/8/4K2r b - - 0 1", FenError::OpponentInCheck);
    rejects("8/8/8/8/8/8/3kK3/8 w - - 0 1", FenError::OpponentInCheck);
    rejects("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", FenError::OpponentInCheck);
    // The side to move may be in check.
    assert!(Board::from_fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1").is_ok());
}

#[test]
fn lenient_but_valid_forms_are_accepted() {
    // EPD style without clocks, and fullmove 0 (written by some tools), and the rights in any order.
    let b = common::board("4k3/8/8/8/8/8/8/4K3 w - -");
    assert_eq!((b.halfmove_clock(), b.fullmove_number()), (0, 1));
    assert_eq!(
        common::board("4k3/8/8/8/8/8/8/4K3 w - - 5 0").fullmove_number(),
        1
    );
    let b = common::board("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1");
    assert_eq!(b.castling_rights().to_string(), "KQkq");
}

/// The reason of an illegal-move error for `text`, or a panic naming what came instead.
fn illegal_reason(result: Result<chainmate::core::Move, MoveError>, text: &str) -> String {
    match result {
        Err(MoveError::Illegal { text: t, reason }) if t == text => reason,
        other => panic!("{text}: expected an illegal-move error, got {other:?}"),
    }
}

#[test]
fn bad_uci_moves() {
    let b = Board::startpos();
    // Each illegal move with the reason it is given.
    for (text, why) in [
        ("e2e5", "the pawn on e2 cannot move to e5"),
        ("e7e5", "the pawn on e7 is black's, and white is to move"),
        ("e1g1", "castling is not possible here"),
        ("a1a2", "the rook on a1 cannot move to a2"),
        ("e2e4q", "e2e4 is not a promotion"),
        ("g1g3", "the knight on g1 cannot move to g3"),
        ("e4e5", "there is no piece on e4"),
    ] {
        let reason = illegal_reason(b.parse_uci(text), text);
        assert!(reason.starts_with(why), "{text}: {reason}");
    }
    for text in [
        "", "e2", "e2e", "e2e4qq", "e9e4", "i2i4", "e2e4k", "e2e4p", "e2e4x", "E2E4", "é2e4", "Nf3",
    ] {
        assert_eq!(
            b.parse_uci(text),
            Err(MoveError::NotUci(text.into())),
            "{text}"
        );
    }
    assert!(MoveError::NotUci("Nf3".into())
        .to_string()
        .contains("not UCI notation"));
    // A promotion must name its piece.
    let promo = common::board("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let reason = illegal_reason(promo.parse_uci("e7e8"), "e7e8");
    assert!(
        reason.contains("must name its promotion piece (e.g. e7e8q)"),
        "{reason}"
    );
    // A pinned piece, and a move that ignores a check.
    let pinned = common::board("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let reason = illegal_reason(pinned.parse_uci("e2c3"), "e2c3");
    assert!(reason.contains("is pinned"), "{reason}");
    let check = common::board("4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1");
    let reason = illegal_reason(check.parse_uci("d2f3"), "d2f3");
    assert!(reason.contains("white is in check"), "{reason}");
}

#[test]
fn bad_san_moves() {
    let b = Board::startpos();
    for text in [
        "Nf6", "e5", "Ke2", "O-O", "O-O-O", "Qxd7", "exd3", "Nc3c4", "Bb5",
    ] {
        illegal_reason(b.parse_san(text), text);
    }
    for text in ["", "+", "Zf3", "N", "Nf9", "e4=K", "Nf3=Q", "Ni3", "N©3"] {
        assert_eq!(
            b.parse_san(text),
            Err(MoveError::NotSan(text.into())),
            "{text}"
        );
    }
    // Two knights (b1 and f1) reach d2.
    let two_knights = common::board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(
        two_knights.parse_san("Nd2"),
        Err(MoveError::Ambiguous("Nd2".into()))
    );
    assert!(two_knights.parse_san("Nbd2").is_ok() && two_knights.parse_san("Nfd2").is_ok());
    // Two rooks on one file: the file does not tell them apart, the rank does.
    let rooks = common::board("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1");
    assert_eq!(
        rooks.parse_san("Ree2"),
        Err(MoveError::Ambiguous("Ree2".into()))
    );
}

/// Arbitrary-string fuzzing: none of the parsers may panic, and an accepted FEN must give a
/// consistent board.
fn parsers_survive(text: String) -> Result<(), String> {
    let board = Board::startpos();
    let _ = board.parse_uci(&text);
    let _ = board.parse_san(&text);
    let _ = PerftCase::parse(&text);
    accepted_fen_is_consistent(&text)
}

/// If `fen` parses, the board must print a FEN that parses back to it, carry a correct hash
/// and move count, and have the reference generator's legal moves.
fn accepted_fen_is_consistent(fen: &str) -> Result<(), String> {
    let Ok(board) = Board::from_fen(fen) else {
        return Ok(());
    };
    let round_trip = Board::from_fen(&board.to_fen());
    if round_trip != Ok(board) {
        return Err(format!(
            "{fen:?} accepted, but its FEN round trip gives {round_trip:?}"
        ));
    }
    if board.hash() != board.compute_hash() {
        return Err(format!("{fen:?} accepted with a wrong hash"));
    }
    if board.count_legal_moves() != board.legal_moves().len() as u64 {
        return Err(format!("{fen:?} accepted; move count and list disagree"));
    }
    let ours = sorted_uci(&board.legal_moves());
    let reference = RefBoard::from_fen(fen).legal_uci();
    if ours != reference {
        return Err(format!(
            "{fen:?} accepted; legal moves {ours:?}, reference {reference:?}"
        ));
    }
    Ok(())
}

#[test]
fn arbitrary_strings_never_panic_a_parser() {
    QuickCheck::new()
        .tests(common::cases(2000))
        .quickcheck(parsers_survive as fn(String) -> Result<(), String>);
}

/// A random edit of a valid FEN.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    SwapFields(usize, usize),
}

/// Characters that FENs are made of, so mutations stay close to valid FENs.
const FEN_CHARS: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6', '7',
    '8', '9', '0', '/', ' ', '-', 'w', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'x',
];

impl Arbitrary for Edit {
    fn arbitrary(g: &mut Gen) -> Edit {
        let at = usize::arbitrary(g);
        let c = *g.choose(FEN_CHARS).expect("non-empty");
        match u8::arbitrary(g) % 4 {
            0 => Edit::Delete(at),
            1 => Edit::Insert(at, c),
            2 => Edit::Replace(at, c),
            _ => Edit::SwapFields(at, usize::arbitrary(g)),
        }
    }
}

impl Edit {
    fn apply(&self, fen: &str) -> String {
        let mut chars: Vec<char> = fen.chars().collect();
        let n = chars.len().max(1);
        match *self {
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Delete(_) => {}
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::Replace(..) => {}
            Edit::SwapFields(i, j) => {
                let mut fields: Vec<&str> = fen.split(' ').collect();
                let len = fields.len();
                fields.swap(i % len, j % len);
                return fields.join(" ");
            }
        }
        chars.into_iter().collect()
    }
}

fn mutated_fens_never_panic(start: usize, edits: Vec<Edit>) -> Result<(), String> {
    let mut fen = START_FENS[start % START_FENS.len()].to_string();
    // One to three edits: a single edit often still gives a valid FEN, which is then checked.
    for edit in edits.iter().take(1 + edits.len() % 3) {
        fen = edit.apply(&fen);
    }
    let _ = PerftCase::parse(&format!("{fen} ;D1 20"));
    accepted_fen_is_consistent(&fen)
}

#[test]
fn mutated_fens_never_panic_and_accepted_ones_are_consistent() {
    QuickCheck::new()
        .tests(common::cases(5000))
        .quickcheck(mutated_fens_never_panic as fn(usize, Vec<Edit>) -> Result<(), String>);
}

#[test]
fn perft_case_parse_reports_errors() {
    use chainmate::perft::PerftEpdError;
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert!(matches!(
        PerftCase::parse(fen),
        Err(PerftEpdError::NoCounts)
    ));
    assert!(matches!(
        PerftCase::parse(&format!("{fen} ;D1")),
        Err(PerftEpdError::BadOperation(_))
    ));
    assert!(matches!(
        PerftCase::parse(&format!("{fen} ;X1 5")),
        Err(PerftEpdError::BadOperation(_))
    ));
    assert!(matches!(
        PerftCase::parse("4k3/8/8 w - - 0 1 ;D1 5"),
        Err(PerftEpdError::Fen(FenError::WrongRankCount(3)))
    ));
    let case = PerftCase::parse(&format!("{fen} ;D1 5 ;D2 25 ;id \"bare kings\"")).expect("valid");
    assert_eq!(case.expected, [(1, 5), (2, 25)]);
    assert_eq!(case.id.as_deref(), Some("bare kings"));
}

#[test]
fn every_16_bit_pattern_is_decoded_and_checked_safely() {
    use chainmate::core::Move;
    for fen in [START_FENS[0], START_FENS[1], START_FENS[3]] {
        let board = common::board(fen);
        let legal = board.legal_moves();
        for bits in 0..=u16::MAX {
            let (from, to, kind) = (bits & 63, bits >> 6 & 63, bits >> 12);
            let well_formed = from != to && kind != 6 && kind != 7;
            let Some(mv) = Move::from_bits(bits) else {
                assert!(!well_formed, "{bits:#06x} rejected");
                continue;
            };
            assert!(
                well_formed && mv.to_bits() == bits,
                "{bits:#06x} decoded as {mv:?}"
            );
            let is_generated = legal.contains(&mv);
            assert_eq!(
                board.is_legal(mv),
                is_generated,
                "is_legal({mv:?}) in {fen}"
            );
            let mut copy = board;
            if is_generated {
                assert_eq!(copy.try_play(mv), Ok(()));
            } else {
                illegal_reason(copy.try_play(mv).map(|()| mv), &mv.to_string());
                assert_eq!(copy, board, "a refused move changed the board");
            }
        }
    }
}
