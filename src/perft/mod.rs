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
//! the root are played without their Zobrist hash, and at the last played ply without what
//! else no one reads there. Those plays, and the perft-only board types they leave, are in
//! `play` (this module's file `play.rs`); `Board` itself only has plays that keep every
//! invariant. `--threads` splits the root moves over threads with a shared work index.

mod play;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::core::{Board, Color, Move};
pub use crate::formats::perft_suite::{parse_suite, PerftCase, PerftEpdError};
pub use play::Leaf;
use play::{count_replies, play_leaves, Node};

/// Leaf count with bulk counting at the last ply.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match board.side_to_move() {
        Color::White => walk::<true, true>(&Node::root(board), depth),
        Color::Black => walk::<false, true>(&Node::root(board), depth),
    }
}

/// Leaf count playing every move, leaves included. The last ply is played as [`Leaf`]s: each
/// leaf board is built (placement, mailbox, rights, en passant, clocks), but not the hash,
/// checkers and pins that no one will ask of it.
pub fn perft_no_bulk(board: &Board, depth: u32) -> u64 {
    match board.side_to_move() {
        Color::White => walk::<true, false>(&Node::root(board), depth),
        Color::Black => walk::<false, false>(&Node::root(board), depth),
    }
}

/// The tree walk of [`perft`] (`BULK`) and [`perft_no_bulk`], with the side to move known at
/// compile time (`WHITE`) all the way down: a board's side is never read back from memory.
fn walk<const WHITE: bool, const BULK: bool>(node: &Node, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 if BULK => node.board().count_legal_moves_for::<WHITE>(),
        1 => play_leaves::<WHITE>(node),
        2 if BULK => count_replies::<WHITE>(node),
        _ => each_child::<WHITE>(node, |next| {
            if WHITE {
                walk::<false, BULK>(next, depth - 1)
            } else {
                walk::<true, BULK>(next, depth - 1)
            }
        }),
    }
}

/// The sum of `visit` over the nodes after each legal move of `node` (`WHITE` to move), each
/// child a fresh copy of `node` played at once. (Two copies used in turn, each restored after
/// its visit, had been faster on an earlier development machine, where the move's reads
/// stalled on a fresh copy's wide stores; on a later one the fresh copy is faster — Kiwipete
/// bulk +3 %, every leaf of the start position +13 % — and simpler. Such a choice depends on
/// the processor: measure before changing it back.)
#[inline(always)]
fn each_child<const WHITE: bool>(node: &Node, mut visit: impl FnMut(&Node) -> u64) -> u64 {
    let mut nodes = 0;
    for &mv in node.board().legal_moves().iter() {
        let mut next = *node;
        next.play::<WHITE>(mv);
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
    divide_until(board, depth, bulk, threads, || false, done).expect("never stopped")
}

/// Subtrees of at most this depth are counted without a look at the stop flag: a few million
/// leaves at most, milliseconds. Above it a count asks `stopped` once per node, a few hundred
/// times in a whole run, which costs nothing next to the leaves.
const UNSTOPPABLE_DEPTH: u32 = 4;

/// [`divide_with_progress`] that gives up when `stopped()` turns true (a UCI `stop` or `quit`
/// during `go perft`): `None` then, within milliseconds, the counts already reported by
/// `done` being all there is.
pub fn divide_until(
    board: &Board,
    depth: u32,
    bulk: bool,
    threads: usize,
    stopped: impl Fn() -> bool + Sync,
    done: impl Fn(Move, u64) + Sync,
) -> Option<Vec<(Move, u64)>> {
    let moves = board.legal_moves();
    if depth == 0 {
        return Some(Vec::new());
    }
    let results = Mutex::new(vec![0u64; moves.len()]);
    let next_index = AtomicUsize::new(0);
    let cut = AtomicBool::new(false);
    let work = || loop {
        let i = next_index.fetch_add(1, Ordering::Relaxed);
        let Some(&mv) = moves.get(i) else { break };
        if cut.load(Ordering::Relaxed) {
            break;
        }
        let mut next = *board;
        next.play_unchecked(mv);
        let Some(n) = count_until(&next, depth - 1, bulk, &stopped) else {
            cut.store(true, Ordering::Relaxed);
            break;
        };
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
    if cut.into_inner() {
        return None;
    }
    let counts = results.into_inner().expect("threads finished");
    Some(moves.iter().copied().zip(counts).collect())
}

/// [`count`], or `None` once `stopped()` is true (asked at every node deeper than
/// [`UNSTOPPABLE_DEPTH`] from the leaves).
fn count_until(board: &Board, depth: u32, bulk: bool, stopped: &impl Fn() -> bool) -> Option<u64> {
    if depth <= UNSTOPPABLE_DEPTH {
        return Some(count(board, depth, bulk));
    }
    if stopped() {
        return None;
    }
    let mut nodes = 0;
    for &mv in board.legal_moves().iter() {
        let mut next = *board;
        next.play_unchecked(mv);
        nodes += count_until(&next, depth - 1, bulk, stopped)?;
    }
    Some(nodes)
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
