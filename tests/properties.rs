//! Invariants checked at every position of random legal games (quickcheck; a failing game is
//! shrunk and reported with its start FEN and moves).

use crate::common;

use chainmate::core::{Bitboard, Board, GenType, Move, MoveKind, MoveList, Piece, Position};
use common::games::{check_games, Game};
use common::reference::RefBoard;
use common::sorted_uci;

/// Random games per property.
const GAMES: u64 = 1000;

fn fen_round_trip(board: &Board) -> Result<(), String> {
    match Board::from_fen(&board.to_fen()) {
        Ok(parsed) if parsed == *board => Ok(()),
        Ok(parsed) => Err(format!("FEN round trip changed the board: {parsed:?}")),
        Err(e) => Err(format!("own FEN rejected: {e}")),
    }
}

#[test]
fn fen_round_trip_restores_the_board() {
    check_games(GAMES, |game: Game| game.line().check_each(fen_round_trip));
}

fn hash_is_consistent(board: &Board) -> Result<(), String> {
    if board.hash() == board.compute_hash() {
        Ok(())
    } else {
        Err(format!(
            "incremental hash {:016x}, recomputed {:016x}",
            board.hash(),
            board.compute_hash()
        ))
    }
}

#[test]
fn incremental_hash_equals_recomputed_hash() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(hash_is_consistent)
    });
}

/// Plays the whole game through `Position::play` (trying and undoing every alternative on the
/// way), then undoes it back to the start, comparing board and hash history with the recorded
/// boards at every step.
fn play_then_undo_everything(game: Game) -> Result<(), String> {
    let line = game.line();
    let mut position = Position::new(line.boards[0]);
    for (i, &mv) in line.moves.iter().enumerate() {
        // Every alternative move, played and taken back, leaves the position as it was.
        for &other in position.board().legal_moves().iter() {
            position.play(other);
            position.undo();
            if *position.board() != line.boards[i] || position.ply() != i {
                return Err(format!("play/undo of {other} changed {}", line.describe(i)));
            }
        }
        position.play(mv);
        if *position.board() != line.boards[i + 1] {
            return Err(format!(
                "Position::play differs from Board::play_unchecked at {}",
                line.describe(i + 1)
            ));
        }
    }
    for i in (0..line.boards.len()).rev() {
        let hashes: Vec<u64> = line.boards[..=i].iter().map(Board::hash).collect();
        if *position.board() != line.boards[i] || position.hash_history() != hashes {
            return Err(format!("undo did not restore {}", line.describe(i)));
        }
        if position.ply() != i {
            return Err(format!("ply {} after undoing back to {i}", position.ply()));
        }
        if position.undo() != (i > 0) {
            return Err(format!("undo at ply {i} returned {}", i == 0));
        }
    }
    Ok(())
}

#[test]
fn play_then_undo_restores_board_and_hash() {
    check_games(GAMES, play_then_undo_everything);
}

fn generated(board: &Board, gen: GenType) -> MoveList {
    let mut list = MoveList::new();
    board.generate(gen, &mut list);
    list
}

fn noisy_and_quiet_partition_all(board: &Board) -> Result<(), String> {
    let all = generated(board, GenType::All);
    let noisy = generated(board, GenType::Noisy);
    let quiet = generated(board, GenType::Quiet);
    if let Some(m) = noisy.iter().find(|m| quiet.contains(m)) {
        return Err(format!("{m:?} is both noisy and quiet"));
    }
    let mut union: Vec<Move> = noisy.iter().chain(quiet.iter()).copied().collect();
    let expected_noisy: Vec<Move> = all.iter().copied().filter(|m| m.is_noisy()).collect();
    let mut all_sorted = all.to_vec();
    let mut noisy_sorted = noisy.to_vec();
    let mut expected_sorted = expected_noisy;
    for v in [
        &mut union,
        &mut all_sorted,
        &mut noisy_sorted,
        &mut expected_sorted,
    ] {
        v.sort_by_key(|m| m.to_bits());
    }
    if union != all_sorted {
        return Err(format!("Noisy ∪ Quiet = {union:?}, All = {all_sorted:?}"));
    }
    if noisy_sorted != expected_sorted {
        return Err(format!(
            "Noisy = {noisy_sorted:?}, captures and promotions = {expected_sorted:?}"
        ));
    }
    Ok(())
}

#[test]
fn noisy_and_quiet_moves_partition_all_moves() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(noisy_and_quiet_partition_all)
    });
}

fn count_equals_list_length(board: &Board) -> Result<(), String> {
    let listed = board.legal_moves().len() as u64;
    let counted = board.count_legal_moves();
    if counted != listed {
        return Err(format!(
            "count_legal_moves {counted}, legal_moves().len() {listed}"
        ));
    }
    if board.has_legal_move() != (listed > 0) {
        return Err("has_legal_move disagrees with the move list".into());
    }
    Ok(())
}

#[test]
fn move_count_equals_move_list_length() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(count_equals_list_length)
    });
}

/// The move's kind must describe what it does on this board.
fn kind_is_consistent(board: &Board, mv: Move) -> Result<(), String> {
    let piece = board.piece_on(mv.from());
    let target = board.piece_on(mv.to());
    let rank_step = (mv.to().rank() as i32 - mv.from().rank() as i32).abs();
    let last_rank = matches!(mv.to().rank() as usize, 0 | 7);
    let ok = match mv.kind() {
        MoveKind::EnPassant => piece == Some(Piece::Pawn) && target.is_none(),
        MoveKind::KingCastle | MoveKind::QueenCastle => piece == Some(Piece::King),
        MoveKind::DoublePush => piece == Some(Piece::Pawn) && rank_step == 2,
        _ => {
            let captures = target.is_some() && board.color_on(mv.to()) != board.color_on(mv.from());
            let promotes = piece == Some(Piece::Pawn) && last_rank;
            let double = piece == Some(Piece::Pawn) && rank_step == 2;
            mv.is_capture() == captures && mv.is_promotion() == promotes && !double
        }
    };
    // Castling is king takes own rook; no other move lands on an own piece.
    let takes_own_rook = piece == Some(Piece::King)
        && target == Some(Piece::Rook)
        && board.color_on(mv.to()) == board.color_on(mv.from());
    if ok && takes_own_rook == mv.is_castle() {
        Ok(())
    } else {
        Err(format!("{mv:?} has the wrong kind"))
    }
}

fn move_kinds_are_consistent(board: &Board) -> Result<(), String> {
    board
        .legal_moves()
        .iter()
        .try_for_each(|&mv| kind_is_consistent(board, mv))
}

#[test]
fn move_kinds_describe_the_moves() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(move_kinds_are_consistent)
    });
}

/// A move as seen on the colour-mirrored board.
fn mirror_uci(mv: &Move) -> String {
    let mut s = format!("{}{}", mv.from().flip_rank(), mv.to().flip_rank());
    if let Some(p) = mv.promotion() {
        s.push(p.to_char());
    }
    s
}

fn mirror_is_symmetric(board: &Board) -> Result<(), String> {
    let mirrored = board.mirrored();
    if mirrored.count_legal_moves() != board.count_legal_moves() {
        return Err(format!(
            "mirrored board {mirrored:?} has a different number of moves"
        ));
    }
    let mut expected: Vec<String> = board.legal_moves().iter().map(mirror_uci).collect();
    expected.sort();
    if sorted_uci(&mirrored.legal_moves()) != expected {
        return Err(format!("mirrored board {mirrored:?} has different moves"));
    }
    if mirrored.hash() != mirrored.compute_hash() {
        return Err(format!("mirrored board {mirrored:?} has a wrong hash"));
    }
    let back = mirrored.mirrored();
    if back.to_fen() != board.to_fen() || back != *board {
        return Err(format!("mirroring twice gives {back:?}"));
    }
    Ok(())
}

#[test]
fn colour_mirrored_board_is_symmetric() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(mirror_is_symmetric)
    });
}

fn notation_round_trips(board: &Board) -> Result<(), String> {
    let mut sans = Vec::new();
    for &mv in board.legal_moves().iter() {
        for uci in [mv.to_string(), mv.uci(true).to_string()] {
            if board.parse_uci(&uci) != Ok(mv) {
                return Err(format!(
                    "parse_uci({uci}) = {:?}, not {mv:?}",
                    board.parse_uci(&uci)
                ));
            }
        }
        let san = board.san(mv);
        if board.parse_san(&san) != Ok(mv) {
            return Err(format!(
                "parse_san({san}) = {:?}, not {mv:?}",
                board.parse_san(&san)
            ));
        }
        let mut after = *board;
        after.play_unchecked(mv);
        let suffix = match (after.is_check(), after.has_legal_move()) {
            (false, _) => "",
            (true, true) => "+",
            (true, false) => "#",
        };
        let written = san.trim_start_matches(|c| !matches!(c, '+' | '#'));
        if written != suffix {
            return Err(format!("SAN {san} of {mv:?} should end with '{suffix}'"));
        }
        sans.push(san);
    }
    sans.sort();
    let count = sans.len();
    sans.dedup();
    if sans.len() != count {
        return Err(format!("two moves share a SAN: {sans:?}"));
    }
    Ok(())
}

#[test]
fn uci_and_san_round_trip_for_every_legal_move() {
    check_games(500, |game: Game| {
        game.line().check_each(notation_round_trips)
    });
}

fn try_play_agrees_with_play_unchecked(board: &Board) -> Result<(), String> {
    for &mv in board.legal_moves().iter() {
        let (mut checked, mut unchecked) = (*board, *board);
        unchecked.play_unchecked(mv);
        if checked.try_play(mv).is_err() || checked != unchecked || !board.is_legal(mv) {
            return Err(format!("try_play({mv:?}) disagrees with play_unchecked"));
        }
    }
    Ok(())
}

#[test]
fn try_play_accepts_every_generated_move() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(try_play_agrees_with_play_unchecked)
    });
}

fn gives_check_agrees_with_playing(board: &Board) -> Result<(), String> {
    let info = board.check_info();
    for &mv in board.legal_moves().iter() {
        let mut after = *board;
        after.play_unchecked(mv);
        if board.gives_check_with(&info, mv) != after.is_check() {
            return Err(format!(
                "gives_check_with({mv}) = {} but gives_check = {} and playing it says {}",
                board.gives_check_with(&info, mv),
                board.gives_check(mv),
                after.is_check()
            ));
        }
        if board.gives_check(mv) != after.is_check() {
            return Err(format!(
                "gives_check({mv}) = {} but the move {} check",
                board.gives_check(mv),
                if after.is_check() {
                    "gives"
                } else {
                    "does not give"
                }
            ));
        }
    }
    Ok(())
}

#[test]
fn gives_check_predicts_check_for_every_legal_move() {
    // Covers direct, discovered, castling-rook, promotion and en-passant checks as the random
    // games produce them, for both the general test and the one with the position's
    // precomputed check squares and discoverers.
    check_games(GAMES, |game: Game| {
        game.line().check_each(gives_check_agrees_with_playing)
    });
}

#[test]
fn gives_check_is_right_two_plies_deep_in_the_tricky_perft_positions() {
    // Kiwipete (castling, pins, promotions), CPW positions 3-5 (en passant uncovering a rook,
    // promotions with check), and a discovered check by a knight leaving a bishop's diagonal
    // and by a king stepping off a rook's file.
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/2N5/8/B7/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/4K3/4R3 w - - 0 1",
    ];
    for fen in fens {
        let board = Board::from_fen(fen).unwrap();
        gives_check_agrees_with_playing(&board).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &mv in board.legal_moves().iter() {
            let mut next = board;
            next.play_unchecked(mv);
            gives_check_agrees_with_playing(&next)
                .unwrap_or_else(|e| panic!("{fen} after {mv}: {e}"));
        }
    }
}

fn bits(bb: u64) -> Vec<String> {
    Bitboard(bb).into_iter().map(|s| s.to_string()).collect()
}

/// Checkers and pinned pieces, kept incrementally by `play_unchecked`, against a from-scratch
/// attack test on the reference board.
fn checks_and_pins_match_reference(board: &Board) -> Result<(), String> {
    let reference = RefBoard::placement_of(board);
    let (checkers, pinned) = (reference.checkers(), reference.pinned());
    if board.checkers().0 != checkers {
        return Err(format!(
            "checkers {:?}, reference {:?}",
            bits(board.checkers().0),
            bits(checkers)
        ));
    }
    if board.pinned().0 != pinned {
        return Err(format!(
            "pinned {:?}, reference {:?}",
            bits(board.pinned().0),
            bits(pinned)
        ));
    }
    if board.is_check() != (checkers != 0) {
        return Err("is_check disagrees with the checkers".into());
    }
    Ok(())
}

#[test]
fn checkers_and_pins_match_reference_attack_test() {
    check_games(GAMES, |game: Game| {
        game.line().check_each(checks_and_pins_match_reference)
    });
}
