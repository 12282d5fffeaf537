//! Paper 002's move chains in the search: replaying a stored chain in place of a search below
//! a move, and remembering the lines that improved a node or the root. The table itself is
//! [`super::chains::MoveChains`], kept per thread as the extension's memory; [`super::Lab`]
//! calls these only when `MoveChains` is on.

use chainmate::core::{Board, Move};
use chainmate::eval::score::{Score, MAX_PLY};
use chainmate::search::extension::SearchThread;

use super::Lab;

/// Paper 002's move chains (when `depth` is within `chains.max_depth`): if a stored chain
/// starts with `mv` and is legal here, plays it out and scores it with a quiescence search at
/// its end, instead of searching below `mv` (the chain's moves become the child's line). An
/// illegal chain is removed. `None`: no chain applies; search normally.
pub fn replay(
    thread: &mut impl SearchThread<Lab>,
    board: &Board,
    mv: Move,
    alpha: Score,
    beta: Score,
    depth: i32,
    ply: usize,
) -> Option<Score> {
    if ply == 0 || depth > thread.config().ext.chains.max_depth {
        return None;
    }
    let chains = thread.memory();
    let boards = match chains.replay(board, mv)? {
        Ok(boards) => boards,
        Err(()) => {
            chains.remove(board, mv);
            return None;
        }
    };
    let length = boards.len();
    let end = ply + length;
    if end >= MAX_PLY - 2 {
        return None;
    }
    let line: Vec<Move> = chains
        .get(board, mv)
        .map(|c| c.moves().to_vec())
        .unwrap_or_default();
    for b in &boards {
        thread.push_hash(b.hash());
    }
    thread.count_nodes(length as u64);
    let last = &boards[length - 1];
    let score = if length % 2 == 1 {
        -thread.qsearch(last, -beta, -alpha, end, false)
    } else {
        thread.qsearch(last, alpha, beta, end, false)
    };
    for _ in 0..length {
        thread.pop_hash();
    }
    thread.set_line(ply + 1, line.get(1..).unwrap_or_default());
    Some(score)
}

/// Stores the best line found from `ply` (starting at `board`) as a chain.
pub fn remember(thread: &mut impl SearchThread<Lab>, board: &Board, ply: usize) {
    let max = thread.config().ext.chains.max_length.max(1) as usize;
    let line = thread.line(ply).to_vec();
    thread.memory().store(board, &line, max);
}

/// Stores the finished iteration's principal variation (paper 002: "always add final
/// bestPath to moveChains").
pub fn remember_root(thread: &mut impl SearchThread<Lab>) {
    let max = thread.config().ext.chains.max_length.max(1) as usize;
    let (root, line) = (*thread.root(), thread.best_root_line().to_vec());
    thread.memory().store(&root, &line, max);
}
