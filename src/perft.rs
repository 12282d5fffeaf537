//! Perft: counting the leaf nodes of the legal move tree to a fixed depth.
//!
//! Perft is the move generator's proof (the counts of standard positions are known exactly)
//! and its benchmark. Two counting modes:
//!
//! * **bulk** (default): at the last ply the legal moves are counted, not played — the
//!   generator's counting sink adds popcounts of target sets without building a list; the
//!   ply before it plays each move as the generator finds it, without a list either;
//! * **no bulk**: every leaf move is played (a copy-make per leaf), which measures make-move.
//!
//! No transposition hashing is used: each number is a plain tree walk, and so the boards below
//! the root are played without their Zobrist hash (`Board::play_unhashed_for`,
//! `Board::play_counted_for`, [`Board::play_leaf`]), which nothing here reads. `--threads`
//! splits the root moves over threads with a shared work index.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::core::movegen::{MoveSink, PawnMoves};
use crate::core::{Bitboard, Board, Color, Move, MoveKind, Piece, Square};
pub use crate::formats::perft_suite::{parse_suite, PerftCase, PerftEpdError};

/// Leaf count with bulk counting at the last ply.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match board.side_to_move() {
        Color::White => walk::<true, true>(board, depth),
        Color::Black => walk::<false, true>(board, depth),
    }
}

/// Leaf count playing every move, leaves included. The last ply is played with
/// [`Board::play_leaf`]: each leaf board is built (placement, mailbox, rights, en passant,
/// clocks), but not the hash, checkers and pins that no one will ask of it.
pub fn perft_no_bulk(board: &Board, depth: u32) -> u64 {
    match board.side_to_move() {
        Color::White => walk::<true, false>(board, depth),
        Color::Black => walk::<false, false>(board, depth),
    }
}

/// The tree walk of [`perft`] (`BULK`) and [`perft_no_bulk`], with the side to move known at
/// compile time (`WHITE`) all the way down: a board's side is never read back from memory.
fn walk<const WHITE: bool, const BULK: bool>(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 if BULK => board.count_legal_moves_for::<WHITE>(),
        1 => play_leaves::<WHITE>(board),
        2 if BULK => count_replies::<WHITE>(board),
        _ => each_child::<WHITE>(board, |next| {
            if WHITE {
                walk::<false, BULK>(next, depth - 1)
            } else {
                walk::<true, BULK>(next, depth - 1)
            }
        }),
    }
}

/// The bulk count at depth 2, where most of its time goes: the moves are not listed but
/// played as the generator finds them ([`PlayEach`]), and each child's replies counted.
#[inline(never)]
fn count_replies<const WHITE: bool>(board: &Board) -> u64 {
    PlayEach::<WHITE, true>::run(board)
}

/// Every-leaf counting's last ply: each move played as a leaf as the generator finds it
/// ([`PlayEach`]), the leaf read through `black_box` so that the work cannot be optimised
/// away.
#[inline(never)]
fn play_leaves<const WHITE: bool>(board: &Board) -> u64 {
    PlayEach::<WHITE, false>::run(board)
}

/// A move sink that plays each move it is given on a copy of `parent` (`WHITE` to move):
/// with `BULK`, as a board whose replies are then counted ([`Board::play_counted_for`]);
/// without, as a leaf ([`Board::play_leaf_piece_for`]). Within a target set the moving piece
/// and the move's kind are known, so each play is compiled for its case: no mailbox lookup of
/// the piece, no test of the move's kind, and no move list. Against listing the moves and
/// playing each with the general play (the walk before), chainmate perft medians of 5
/// interleaved runs (with the two castling steps beside it): bulk start d6 +21 %, Kiwipete
/// d5 +17 %, position 3 d7 +20 %; every leaf +76 %, +66 %, +56 % (position 3 at d6).
struct PlayEach<'a, const WHITE: bool, const BULK: bool> {
    parent: &'a Board,
    nodes: u64,
}

impl<'a, const WHITE: bool, const BULK: bool> PlayEach<'a, WHITE, BULK> {
    /// The count below `parent`.
    #[inline(always)]
    fn run(parent: &'a Board) -> u64 {
        let mut sink = PlayEach::<WHITE, BULK> { parent, nodes: 0 };
        parent.generate_for::<_, true, true, WHITE>(&mut sink, Bitboard::FULL);
        sink.nodes
    }

    /// Plays `mv` of `piece` and counts what is below it.
    #[inline(always)]
    fn visit(&mut self, mv: Move, piece: Piece) {
        let mut next = *self.parent;
        if BULK {
            next.play_counted_for::<WHITE>(mv, piece);
            self.nodes += if WHITE {
                count_moves::<false>(&next)
            } else {
                count_moves::<true>(&next)
            };
        } else {
            next.play_leaf_piece_for::<WHITE>(mv, piece);
            self.nodes +=
                u64::from(std::hint::black_box(&next).side_to_move() != self.parent.side_to_move());
        }
    }
}

/// The child's count, out of line: `PlayEach` plays moves at a dozen places (each
/// piece kind, captures and quiets, each pawn move kind), and one copy of the counting
/// generator serves them all (inlined at each, Kiwipete lost 4 %).
#[inline(never)]
fn count_moves<const WHITE: bool>(board: &Board) -> u64 {
    board.count_legal_moves_for::<WHITE>()
}

impl<const WHITE: bool, const BULK: bool> MoveSink for PlayEach<'_, WHITE, BULK> {
    #[inline(always)]
    fn piece_moves(&mut self, piece: Piece, from: Square, captures: Bitboard, quiets: Bitboard) {
        for to in captures {
            self.visit(Move::new(from, to, MoveKind::Capture), piece);
        }
        for to in quiets {
            self.visit(Move::new(from, to, MoveKind::Quiet), piece);
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMoves) {
        for to in targets {
            let from = to.shift(-delta);
            let mut visit = |kind| self.visit(Move::new(from, to, kind), Piece::Pawn);
            match kind {
                PawnMoves::Push => visit(MoveKind::Quiet),
                PawnMoves::DoublePush => visit(MoveKind::DoublePush),
                PawnMoves::Capture => visit(MoveKind::Capture),
                PawnMoves::Promotion | PawnMoves::PromotionCapture => {
                    let capture = kind == PawnMoves::PromotionCapture;
                    for piece in Piece::PROMOTIONS {
                        visit(MoveKind::promotion(piece, capture));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        // Castling (the king) or en passant (a pawn): rare enough to look the piece up.
        let piece = self.parent.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        self.visit(mv, piece);
    }
}

/// The sum of `visit` over the boards after each legal move (`WHITE` to move), each child a
/// fresh copy of `board` played at once. (Two copies used in turn, each restored after its
/// visit, had been faster on an earlier development machine, where the move's reads stalled
/// on a fresh copy's wide stores; on the machine of 2026-11-26's evening the fresh copy is
/// faster — Kiwipete bulk +3 %, every leaf of the start position +13 % — and simpler. Such
/// a choice depends on the processor: measure before changing it back.)
#[inline(always)]
fn each_child<const WHITE: bool>(board: &Board, mut visit: impl FnMut(&Board) -> u64) -> u64 {
    let mut nodes = 0;
    for &mv in board.legal_moves().iter() {
        let mut next = *board;
        next.play_unhashed_for::<WHITE>(mv);
        nodes += visit(&next);
    }
    nodes
}

/// Counts the leaves below `board` with the chosen mode.
pub fn count(board: &Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        perft(board, depth)
    } else {
        perft_no_bulk(board, depth)
    }
}

/// The deepest count the front ends start (`perft N`, `go perft N`). Deeper runs could not
/// finish on any machine (the start position's depth 14 has 6.2·10¹⁹ leaves, more than a
/// 64-bit count holds); a position with few moves reaches this depth in reasonable time.
pub const MAX_DEPTH: u32 = 15;

/// Leaf counts below each root move, in generation order ("divide").
pub fn divide(board: &Board, depth: u32, bulk: bool, threads: usize) -> Vec<(Move, u64)> {
    divide_with_progress(board, depth, bulk, threads, |_, _| {})
}

/// [`divide`], calling `done(move, count)` as each root move's count is finished (in the
/// order they finish): what a long run shows as progress.
pub fn divide_with_progress(
    board: &Board,
    depth: u32,
    bulk: bool,
    threads: usize,
    done: impl Fn(Move, u64) + Sync,
) -> Vec<(Move, u64)> {
    let moves = board.legal_moves();
    if depth == 0 {
        return Vec::new();
    }
    let results = Mutex::new(vec![0u64; moves.len()]);
    let next_index = AtomicUsize::new(0);
    let work = || loop {
        let i = next_index.fetch_add(1, Ordering::Relaxed);
        let Some(&mv) = moves.get(i) else { break };
        let mut next = *board;
        next.play_unchecked(mv);
        let n = count(&next, depth - 1, bulk);
        done(mv, n);
        results
            .lock()
            .expect("no thread panics while holding the lock")[i] = n;
    };
    std::thread::scope(|s| {
        for _ in 1..threads.max(1) {
            s.spawn(work);
        }
        work();
    });
    let counts = results.into_inner().expect("threads finished");
    moves.iter().copied().zip(counts).collect()
}

/// Total leaf count, with the root moves split over `threads` threads.
pub fn perft_threads(board: &Board, depth: u32, bulk: bool, threads: usize) -> u64 {
    if threads <= 1 || depth <= 1 {
        return count(board, depth, bulk);
    }
    divide(board, depth, bulk, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Start, Kiwipete, positions 3-5 of the Chessprogramming wiki, an en-passant pin and a
    /// Chess960 position: every move kind, castling on both sides, promotions with capture.
    const FENS: [&str; 7] = [
        crate::core::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    /// Every board one and two moves below each test position.
    fn boards() -> Vec<Board> {
        let mut out = Vec::new();
        for fen in FENS {
            let root = Board::from_fen(fen).expect("test FEN");
            out.push(root);
            for &mv in root.legal_moves().iter() {
                let mut child = root;
                child.play_unchecked(mv);
                out.push(child);
                for &reply in child.legal_moves().iter() {
                    let mut grandchild = child;
                    grandchild.play_unchecked(reply);
                    out.push(grandchild);
                }
            }
        }
        out
    }

    fn play_counted(board: &Board, mv: Move) -> Board {
        let piece = board.piece_on(mv.from()).expect("a legal move's piece");
        let mut next = *board;
        match board.side_to_move() {
            Color::White => next.play_counted_for::<true>(mv, piece),
            Color::Black => next.play_counted_for::<false>(mv, piece),
        }
        next
    }

    #[test]
    fn a_counted_play_sets_what_the_generator_reads_as_play_unchecked_does() {
        for board in boards() {
            for &mv in board.legal_moves().iter() {
                let counted = play_counted(&board, mv);
                let mut full = board;
                full.play_unchecked(mv);
                let fen = board.to_fen();
                assert_eq!(counted.pieces, full.pieces, "{fen} {mv}");
                assert_eq!(counted.colors, full.colors, "{fen} {mv}");
                assert_eq!(counted.checkers, full.checkers, "{fen} {mv}");
                assert_eq!(counted.pinned, full.pinned, "{fen} {mv}");
                assert_eq!(counted.side, full.side, "{fen} {mv}");
                assert_eq!(counted.castling, full.castling, "{fen} {mv}");
                assert_eq!(counted.castle_rooks, full.castle_rooks, "{fen} {mv}");
                assert_eq!(counted.ep, full.ep, "{fen} {mv}");
                assert_eq!(counted.count_legal_moves(), full.count_legal_moves());
            }
        }
    }

    #[test]
    fn a_leaf_played_with_its_piece_equals_play_leaf() {
        for board in boards() {
            for &mv in board.legal_moves().iter() {
                let piece = board.piece_on(mv.from()).expect("a legal move's piece");
                let mut given = board;
                match board.side_to_move() {
                    Color::White => given.play_leaf_piece_for::<true>(mv, piece),
                    Color::Black => given.play_leaf_piece_for::<false>(mv, piece),
                }
                let mut looked_up = board;
                looked_up.play_leaf(mv);
                assert_eq!(given, looked_up, "{} {mv}", board.to_fen());
            }
        }
    }

    #[test]
    fn the_sinks_count_what_the_move_lists_count() {
        for board in boards().into_iter().step_by(7) {
            let listed: u64 = board
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let mut next = board;
                    next.play_unchecked(mv);
                    next.count_legal_moves()
                })
                .sum();
            let n = board.legal_moves().len() as u64;
            let (replies, leaves) = match board.side_to_move() {
                Color::White => (count_replies::<true>(&board), play_leaves::<true>(&board)),
                Color::Black => (count_replies::<false>(&board), play_leaves::<false>(&board)),
            };
            assert_eq!(replies, listed, "{}", board.to_fen());
            assert_eq!(leaves, n, "{}", board.to_fen());
        }
    }
}
