//! The move generator against a slow reference generator written only for the tests
//! (`common::reference`): at every position of random legal games and of the perft suites to
//! depth 2, the legal moves must be the same set, the boards must agree after every move, and
//! the engine's en-passant square must be present exactly when the reference finds a legal
//! en-passant capture. Random placements (odd positions no game test reaches: several queens,
//! double and triple checks, castling with pieces hanging around) are compared the same way.

use crate::common;

use chainmate::core::{Board, Piece};
use common::games::{check_games, pick, Game};
use common::reference::RefBoard;
use common::{missing_from, sorted_uci};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

/// Random games checked (each up to `MAX_PLIES` positions).
const GAMES: u64 = 2000;

/// The reference's own perft, to show that the reference itself is right.
fn reference_perft(board: &RefBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .legal_moves()
        .into_iter()
        .map(|mv| reference_perft(&board.make(mv), depth - 1))
        .sum()
}

#[test]
fn reference_generator_matches_known_perft_counts() {
    // Counts from the Chess Programming Wiki's perft results page.
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
            8902,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
            2039,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            2,
            264,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            2,
            1486,
        ),
    ];
    for (fen, depth, expected) in cases {
        let found = reference_perft(&RefBoard::from_fen(fen), depth);
        assert_eq!(found, expected, "reference perft of {fen} at depth {depth}");
    }
}

/// The en-passant target square the reference can legally capture on, if any.
fn legal_ep_target(reference: &RefBoard) -> Option<usize> {
    let ep = reference.ep?;
    reference
        .legal_moves()
        .iter()
        .any(|m| m.to == ep && reference.squares[m.from].map(|(_, p)| p) == Some(Piece::Pawn))
        .then_some(ep)
}

/// Compares one position: placement and rights, the legal move sets, the en-passant square.
fn compare(board: &Board, reference: &RefBoard) -> Result<(), String> {
    if let Some(diff) = reference.disagreement(board) {
        return Err(format!("boards differ: {diff}"));
    }
    let ours = sorted_uci(&board.legal_moves());
    let theirs = reference.legal_uci();
    if ours != theirs {
        return Err(format!(
            "legal moves differ in {}: generated but not legal {:?}; legal but not generated {:?}; \
             generated {} moves, reference {}",
            board.to_fen(),
            missing_from(&ours, &theirs),
            missing_from(&theirs, &ours),
            ours.len(),
            theirs.len()
        ));
    }
    let ep = board.ep_square().map(|s| s as usize);
    if ep != legal_ep_target(reference) {
        return Err(format!(
            "en-passant square in {}: engine {:?}, reference's legal capture square {:?}",
            board.to_fen(),
            board.ep_square(),
            legal_ep_target(reference).map(common::reference::name)
        ));
    }
    Ok(())
}

/// Plays the game on both boards, comparing before every move.
fn agrees_along_game(game: Game) -> Result<(), String> {
    let fen = game.start_fen();
    let mut board = common::board(&fen);
    let mut reference = RefBoard::from_fen(&fen);
    let mut path: Vec<String> = Vec::new();
    let mut choices = game.choices.iter();
    loop {
        compare(&board, &reference)
            .map_err(|e| format!("{e}\n  start {fen:?}, moves [{}]", path.join(" ")))?;
        let Some(mv) = choices.next().and_then(|&c| pick(&board, c)) else {
            return Ok(());
        };
        let text = mv.uci(true).to_string();
        let reference_move = reference.find(&text).expect("move sets compared equal");
        board.play_unchecked(mv);
        reference = reference.make(reference_move);
        path.push(text);
    }
}

#[test]
fn legal_moves_match_reference_along_random_games() {
    check_games(GAMES, agrees_along_game);
}

/// Compares every node of the tree below `board` down to `depth` plies.
fn agrees_in_tree(board: &Board, reference: &RefBoard, depth: u32) -> Result<(), String> {
    compare(board, reference)?;
    if depth == 0 {
        return Ok(());
    }
    for &mv in board.legal_moves().iter() {
        let mut next = *board;
        next.play_unchecked(mv);
        let reference_move = reference
            .find(&mv.uci(true).to_string())
            .expect("sets compared equal");
        agrees_in_tree(&next, &reference.make(reference_move), depth - 1)
            .map_err(|e| format!("{e}\n  after {mv}"))?;
    }
    Ok(())
}

#[test]
fn legal_moves_match_reference_in_suite_trees_to_depth_2() {
    for case in common::suite_cases() {
        let reference = RefBoard::from_fen(&case.fen);
        if let Err(e) = agrees_in_tree(&case.board, &reference, 2) {
            panic!("suite position {}: {e}", case.fen);
        }
    }
}

/// A random placement written as a FEN: kings, up to 16 random pieces, and when possible
/// castling rights and an en-passant square. Many such FENs are invalid (the side not to move
/// in check, too many pieces...); the test discards what the parser rejects.
#[derive(Clone, Debug)]
struct RandomFen(String);

const PIECE_LETTERS: &[char] = &['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];

impl Arbitrary for RandomFen {
    fn arbitrary(g: &mut Gen) -> RandomFen {
        let mut squares = [None; 64];
        let castling_setup = bool::arbitrary(g);
        if castling_setup {
            for (sq, c) in [
                (4, 'K'),
                (60, 'k'),
                (0, 'R'),
                (7, 'R'),
                (56, 'r'),
                (63, 'r'),
            ] {
                squares[sq] = Some(c);
            }
        } else {
            for king in ['K', 'k'] {
                let sq = loop {
                    let sq = usize::arbitrary(g) % 64;
                    if squares[sq].is_none() {
                        break sq;
                    }
                };
                squares[sq] = Some(king);
            }
        }
        for _ in 0..usize::arbitrary(g) % 17 {
            let sq = usize::arbitrary(g) % 64;
            let c = *g.choose(PIECE_LETTERS).expect("non-empty");
            let back_rank = !(8..56).contains(&sq);
            if squares[sq].is_none() && !(back_rank && c.eq_ignore_ascii_case(&'p')) {
                squares[sq] = Some(c);
            }
        }
        let white = bool::arbitrary(g);
        let ep = if bool::arbitrary(g) {
            add_double_push(g, &mut squares, white)
        } else {
            None
        };
        RandomFen(fen_text(&squares, white, &castling(&squares), ep))
    }
}

/// Puts a pawn of the side not to move on its fourth rank with the two squares behind it
/// empty, as after a double push, usually with a pawn beside it that might capture it;
/// returns the en-passant square's name.
fn add_double_push(g: &mut Gen, squares: &mut [Option<char>; 64], white: bool) -> Option<String> {
    let file = usize::arbitrary(g) % 8;
    let (pawn, pushed, skipped, origin) = if white {
        ('p', 32 + file, 40 + file, 48 + file)
    } else {
        ('P', 24 + file, 16 + file, 8 + file)
    };
    if squares[pushed].is_some() && squares[pushed] != Some(pawn) {
        return None;
    }
    squares[pushed] = Some(pawn);
    squares[skipped] = None;
    squares[origin] = None;
    // A pawn of the side to move beside it, so that a capture is at least possible.
    let beside = if bool::arbitrary(g) {
        pushed.wrapping_sub(1)
    } else {
        pushed + 1
    };
    if beside / 8 == pushed / 8 && squares[beside].is_none() {
        squares[beside] = Some(if white { 'P' } else { 'p' });
    }
    Some(common::reference::name(skipped))
}

/// Every castling right whose king and rook stand at home.
fn castling(squares: &[Option<char>; 64]) -> String {
    let rights: String = [
        ('K', 4, 7, 'R'),
        ('Q', 4, 0, 'R'),
        ('k', 60, 63, 'r'),
        ('q', 60, 56, 'r'),
    ]
    .iter()
    .filter(|&&(right, king, rook, r)| {
        let k = if right.is_ascii_uppercase() { 'K' } else { 'k' };
        squares[king] == Some(k) && squares[rook] == Some(r)
    })
    .map(|&(right, ..)| right)
    .collect();
    if rights.is_empty() {
        "-".into()
    } else {
        rights
    }
}

fn fen_text(
    squares: &[Option<char>; 64],
    white: bool,
    castling: &str,
    ep: Option<String>,
) -> String {
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(c);
                }
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let side = if white { "w" } else { "b" };
    format!(
        "{placement} {side} {castling} {} 0 1",
        ep.as_deref().unwrap_or("-")
    )
}

fn random_position_agrees(fen: RandomFen) -> TestResult {
    let Ok(board) = Board::from_fen(&fen.0) else {
        return TestResult::discard();
    };
    match agrees_in_tree(&board, &RefBoard::from_fen(&fen.0), 1) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("{e}\n  in {}", fen.0)),
    }
}

#[test]
fn legal_moves_match_reference_in_random_positions() {
    QuickCheck::new()
        .tests(common::cases(3000))
        .max_tests(100_000)
        .quickcheck(random_position_agrees as fn(RandomFen) -> TestResult);
}
