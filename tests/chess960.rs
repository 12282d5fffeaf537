//! Chess960: published perft counts, castling in every awkward set-up, both FEN notations of
//! the rights, both UCI notations of castling, and whole games through UCI and `match`.
//!
//! The random-game properties (FEN round trip, hash, mirror, moves equal the reference
//! generator's) draw half their games from the 960 start positions: see `common::games`.

use crate::common;

use chainmate::core::chess960;
use chainmate::core::{Board, CastleSide, Color, FenError, Move, Piece, Square};
use chainmate::perft::{parse_suite, perft, perft_no_bulk};
use common::parallel_map;
use common::reference::RefBoard;
use common::uci::Engine;

const SUITE: &str = include_str!("../perft/chess960_cpw.epd");

/// Counts up to this size run in the default test run (the largest D5 is 43 million).
const LIMIT: u64 = if cfg!(debug_assertions) {
    1_000_000
} else {
    50_000_000
};

#[test]
fn published_chess960_perft_counts() {
    let cases = parse_suite(SUITE).expect("the Chess960 suite parses");
    assert_eq!(cases.len(), 12);
    let jobs: Vec<(Board, u32, u64)> = cases
        .iter()
        .flat_map(|c| {
            let board = Board::from_fen(&c.fen).expect("suite FEN");
            c.expected
                .iter()
                .filter(|(_, n)| *n <= LIMIT)
                .map(move |&(d, n)| (board, d, n))
        })
        .collect();
    // An unoptimised build checks the counts up to a smaller size: depths 1-3 at least.
    let min_depths = if cfg!(debug_assertions) { 3 } else { 4 };
    assert!(
        jobs.len() >= 12 * min_depths,
        "at least depths 1-{min_depths} of every position"
    );
    let failures: Vec<String> = parallel_map(&jobs, |&(board, depth, expected)| {
        let found = perft(&board, depth);
        (found != expected).then(|| format!("{board:?} depth {depth}: {found}, want {expected}"))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn chess960_perft_without_bulk_counting_agrees() {
    for case in parse_suite(SUITE).unwrap() {
        let board = Board::from_fen(&case.fen).unwrap();
        let (depth, expected) = case.expected[2];
        assert_eq!(perft_no_bulk(&board, depth), expected, "{}", case.fen);
    }
}

#[test]
fn the_960_start_positions_agree_with_the_reference_and_round_trip() {
    for id in 0..chess960::COUNT {
        let board = chess960::start_position(id).unwrap();
        // Not always 20: a knight in the corner has one move, and where king and rook stand
        // on their destination files castling is legal at once (BQNNRKRB, number 3: O-O).
        // The slow reference generator decides, to depth 2.
        let fen = chess960::start_fen(id).unwrap();
        let reference = RefBoard::from_fen(&fen);
        assert_eq!(
            perft(&board, 1),
            reference.legal_moves().len() as u64,
            "{id}"
        );
        let depth2: u64 = reference
            .legal_moves()
            .into_iter()
            .map(|mv| reference.make(mv).legal_moves().len() as u64)
            .sum();
        assert_eq!(perft(&board, 2), depth2, "{id}");
        assert_eq!(Board::from_fen(&board.to_fen()).unwrap(), board, "{id}");
        let shredder = board.to_shredder_fen();
        assert_eq!(
            Board::from_fen(&shredder).unwrap(),
            board,
            "{id}: {shredder}"
        );
        // Chess960-only castling: the king off e1 or a rook off a1/h1 (the standard set-up
        // and the 17 others with RK on a, e, h castle as in standard chess).
        let rank = chess960::back_rank(id).unwrap();
        let standard_castling = rank[0] == 'R' && rank[4] == 'K' && rank[7] == 'R';
        assert_eq!(board.is_chess960(), !standard_castling, "{id}");
        assert_eq!(chess960::number_of(&board), Some(id));
    }
    assert_eq!(
        Board::startpos().to_shredder_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
}

fn castles(board: &Board) -> Vec<Move> {
    board
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.is_castle())
        .collect()
}

fn castle(fen: &str, side: CastleSide) -> Option<Move> {
    castles(&common::board(fen))
        .into_iter()
        .find(|m| m.castle_side() == Some(side))
}

/// Plays `side`'s castling in `fen` and checks where king and rook land and that the
/// side's rights are gone.
fn lands(fen: &str, side: CastleSide, king: Square, rook: Square) {
    let board = common::board(fen);
    let mv = castle(fen, side).unwrap_or_else(|| panic!("no {side:?} castling in {fen}"));
    let mut after = board;
    after.play(mv);
    let us = board.side_to_move();
    assert_eq!(after.piece_on(king), Some(Piece::King), "{fen}");
    assert_eq!(after.piece_on(rook), Some(Piece::Rook), "{fen}");
    assert_eq!(after.color_on(rook), Some(us));
    assert_eq!(
        after.colored(us, Piece::Rook).popcount(),
        board.colored(us, Piece::Rook).popcount()
    );
    assert!(!after.castling_rights().has_any(us), "{fen}");
    assert_eq!(after.hash(), after.compute_hash(), "{fen}");
}

#[test]
fn castling_lands_king_and_rook_on_their_files_from_any_start() {
    use Square::*;
    // The king already on g1: only the rook moves (g1h1).
    lands("1rk5/8/8/8/8/8/8/1R4KR w H - 0 1", CastleSide::King, G1, F1);
    // King g1 with the rook on f1 castles queen side: king to c1.
    lands(
        "1rk5/8/8/8/8/8/8/1R3RK1 w F - 0 1",
        CastleSide::Queen,
        C1,
        D1,
    );
    // The longest king walk: h1 to c1.
    lands(
        "1rk5/8/8/8/8/8/8/1R4RK w G - 0 1",
        CastleSide::Queen,
        C1,
        D1,
    );
    // The king moves right for O-O-O: b1 to c1.
    lands("2k5/8/8/8/8/8/8/RK6 w A - 0 1", CastleSide::Queen, C1, D1);
    // The rook already on its destination, the rook on the king's destination, the king on
    // the rook's destination, the king already on c1.
    lands(
        "1rk5/8/8/8/8/8/8/1R2KR2 w F - 0 1",
        CastleSide::King,
        G1,
        F1,
    );
    lands("2k5/8/8/8/8/8/8/4K1R1 w G - 0 1", CastleSide::King, G1, F1);
    lands(
        "2k5/8/8/8/8/8/8/1R1K3R w HB - 0 1",
        CastleSide::Queen,
        C1,
        D1,
    );
    lands(
        "2k5/8/8/8/8/8/8/1RK4R w HB - 0 1",
        CastleSide::Queen,
        C1,
        D1,
    );
    lands("2k5/8/8/8/8/8/8/1RK4R w HB - 0 1", CastleSide::King, G1, F1);
    // Black too.
    lands("rk5r/8/8/8/8/8/8/4K3 b ha - 0 1", CastleSide::King, G8, F8);
    lands("rk5r/8/8/8/8/8/8/4K3 b ha - 0 1", CastleSide::Queen, C8, D8);
}

#[test]
fn what_blocks_castling_and_what_does_not() {
    let q = CastleSide::Queen;
    // A piece on the rook's path only (c1) blocks; one on a1, crossed by neither, does not.
    assert!(castle("4k3/8/8/8/8/8/8/1RN1K3 w B - 0 1", q).is_none());
    assert!(castle("4k3/8/8/8/8/8/8/NR2K3 w B - 0 1", q).is_some());
    // An attack on b1 (the rook's square, not on the king's path) does not stop it; one on
    // d1 (the king's path) does.
    assert!(castle("1r2k3/8/8/8/8/8/8/1R2K3 w B - 0 1", q).is_some());
    assert!(castle("3rk3/8/8/8/8/8/8/1R2K3 w B - 0 1", q).is_none());
    // The castling rook shields c1 from the queen on a1; once it moves to d1 the king on c1
    // would stand in check, so castling is illegal.
    assert!(castle("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", q).is_none());
    // The same with the king already on its destination c1: it does not move, the rook
    // does, and the queen's ray opens onto the king (found by the random-games property
    // from start position 267: Qrk1r3/... b q).
    assert!(castle("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", q).is_none());
    assert!(castle(
        "Qrk1r3/p1nqpb1p/3p2p1/1p3p2/P1p2P2/4P3/2PP2PP/K1NRNRBB b q - 2 12",
        q
    )
    .is_none());
    // Without the queen behind it the same castling is legal.
    assert!(castle("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", q).is_some());
    // Never out of check.
    assert!(castle("3k4/8/8/8/8/8/8/1R2K2r w B - 0 1", q).is_none());
    // The other castling rook standing in the way blocks: g1 king, f1 and h1 rooks, O-O
    // would put the h-rook on f1.
    let board = common::board("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert!(castles(&board).is_empty());
}

#[test]
fn rights_are_read_in_shredder_and_x_fen_and_written_in_x_fen() {
    // The same position in three notations.
    let shredder = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    let xfen = "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1";
    let mixed = "rk5r/8/8/8/8/8/8/RK5R w HQhq - 0 1";
    let board = common::board(shredder);
    assert_eq!(common::board(xfen), board);
    assert_eq!(common::board(mixed), board);
    assert_eq!(board.to_fen(), xfen);
    assert_eq!(board.to_shredder_fen(), shredder);
    assert_eq!(
        board.castling_rook(Color::White, CastleSide::Queen),
        Some(Square::A1)
    );
    // Two rooks on the king side: K is the outer one (h1), so the inner one needs its file.
    let inner = common::board("4k3/8/8/8/8/8/8/1K3R1R w F - 0 1");
    assert_eq!(
        inner.castling_rook(Color::White, CastleSide::King),
        Some(Square::F1)
    );
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/1K3R1R w F - 0 1");
    let outer = common::board("4k3/8/8/8/8/8/8/1K3R1R w K - 0 1");
    assert_eq!(
        outer.castling_rook(Color::White, CastleSide::King),
        Some(Square::H1)
    );
    assert_ne!(
        inner.hash(),
        outer.hash(),
        "the rook a right belongs to is hashed"
    );
    assert_eq!(inner.hash(), inner.compute_hash());
    // Standard chess keeps its notation and its hashes.
    let start = Board::startpos();
    assert_eq!(start.to_fen(), chainmate::core::STARTPOS_FEN);
    assert!(!start.is_chess960());
}

#[test]
fn rights_that_match_no_king_and_rook_are_typed_errors() {
    let cases = [
        // No rook on h1.
        (
            "4k3/8/8/8/8/8/8/1K3R2 w H - 0 1",
            FenError::CastlingWithoutKingAndRook('H'),
        ),
        // No rook on the king side at all.
        (
            "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
            FenError::CastlingWithoutKingAndRook('K'),
        ),
        // The king off its back rank.
        (
            "4k3/8/8/8/4K3/8/8/7R w H - 0 1",
            FenError::CastlingWithoutKingAndRook('H'),
        ),
        // A black right named by a white rook.
        (
            "4k3/8/8/8/8/8/8/4K2R w h - 0 1",
            FenError::CastlingWithoutKingAndRook('h'),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Board::from_fen(fen), Err(expected), "{fen}");
    }
    for field in ["HK", "KK", "Hx", "K1", "KQkq-"] {
        let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w {field} - 0 1");
        assert!(
            matches!(Board::from_fen(&fen), Err(FenError::BadCastling(_))),
            "{fen}"
        );
    }
}

#[test]
fn castling_text_in_both_uci_conventions_and_in_san() {
    let board = common::board("1rk5/8/8/8/8/8/8/1R4KR w H - 0 1");
    let mv = castle("1rk5/8/8/8/8/8/8/1R4KR w H - 0 1", CastleSide::King).unwrap();
    assert_eq!(mv.uci(true).to_string(), "g1h1");
    assert_eq!(board.parse_uci("g1h1"), Ok(mv));
    assert_eq!(board.san(mv), "O-O");
    assert_eq!(board.parse_san("O-O"), Ok(mv));
    // A king step of one file is the king's move, never castling.
    let board = common::board("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    let step = board.parse_uci("f1g1").unwrap();
    assert!(!step.is_castle());
    assert!(board.parse_uci("f1h1").unwrap().is_castle());
    // Standard chess: e1g1 and e1h1 both name O-O; it prints as e1g1 unless asked for 960.
    let board = common::board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = board.parse_uci("e1g1").unwrap();
    assert_eq!(board.parse_uci("e1h1"), Ok(short));
    assert_eq!(short.to_string(), "e1g1");
    assert_eq!(short.uci(true).to_string(), "e1h1");
    assert_eq!(
        board.parse_uci("e1c1").unwrap().uci(true).to_string(),
        "e1a1"
    );
}

#[test]
fn uci_chess960_option_switches_castling_notation() {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    // King c1, rooks b1 and h1: O-O is c1g1 in standard notation, c1h1 in Chess960's.
    let fen = "2k5/8/8/8/8/8/8/1RK4R w HB - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3 searchmoves c1h1");
    assert_eq!(
        e.bestmove().0,
        "c1g1",
        "standard notation names the king's square"
    );
    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3 searchmoves c1g1");
    let (best, info) = e.bestmove();
    assert_eq!(best, "c1h1");
    assert!(info.iter().any(|l| l.contains(" pv c1h1")), "{info:?}");
    // A king that does not move castles as king takes rook in either convention.
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen 1rk5/8/8/8/8/8/8/1R4KR w H - 0 1");
    e.send("go depth 3 searchmoves g1h1");
    assert_eq!(e.bestmove().0, "g1h1");
    e.send("setoption name UCI_Chess960 value true");
    // A game continues after a castling move in either notation.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    e.send("go depth 2");
    let (best, _) = e.bestmove();
    let mut board = Board::startpos();
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        board.play(board.parse_uci(mv).unwrap());
    }
    assert!(board.parse_uci(&best).is_ok(), "{best}");
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    e.send("go depth 2 searchmoves e1h1");
    assert_eq!(e.bestmove().0, "e1g1");
}
