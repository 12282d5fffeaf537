//! Paper 001's plain searches, kept for the node-count comparisons: minimax (every move to
//! the full depth) and alpha-beta in move-generation order, with or without the transposition
//! table. No quiescence, no ordering, no pruning beyond alpha-beta itself: what the paper
//! measured. The cutoff test is the paper's: checkmate, draw, or the depth limit.
//!
//! They run inside the engine's search (its iterative deepening, root loop, node counting,
//! limits and reports): [`super::Lab`] searches each root move with them instead of PVS,
//! through the thread's [`SearchThread`] interface.

use chainmate::core::Board;
use chainmate::eval::score::{self, Score, DRAW, INFINITE, MAX_PLY};
use chainmate::search::extension::SearchThread;
use chainmate::search::tt::{Bound, TtHit};

use super::Lab;

/// The paper's cutoff test: `Some(score)` at a mate, a draw or the depth limit.
fn cutoff(
    thread: &impl SearchThread<Lab>,
    board: &Board,
    depth: i32,
    ply: usize,
    has_moves: bool,
) -> Option<Score> {
    if !has_moves {
        return Some(if board.is_check() {
            score::mated_in(ply)
        } else {
            DRAW
        });
    }
    if thread.is_draw(board, ply) {
        return Some(DRAW);
    }
    (depth <= 0 || ply >= MAX_PLY - 1).then(|| thread.evaluate(board))
}

/// Negamax minimax to `depth`: every legal move is searched.
pub fn minimax(
    thread: &mut impl SearchThread<Lab>,
    board: &Board,
    depth: i32,
    ply: usize,
) -> Score {
    thread.set_line(ply, &[]);
    if thread.count_node_and_check_limits(ply) {
        return 0;
    }
    let moves = board.legal_moves();
    if let Some(score) = cutoff(thread, board, depth, ply, !moves.is_empty()) {
        return score;
    }
    let mut best = -INFINITE;
    for &mv in moves.iter() {
        let mut child = *board;
        child.play_unchecked(mv);
        thread.push(board, child.hash(), ply, Some(mv));
        let score = -minimax(thread, &child, depth - 1, ply + 1);
        thread.pop();
        if thread.stopped() {
            return 0;
        }
        if score > best {
            best = score;
            thread.update_pv(ply, mv);
        }
    }
    best
}

/// Alpha-beta in generation order (fail-hard bounds as in the paper's listing), optionally
/// with the transposition table.
pub fn alphabeta(
    thread: &mut impl SearchThread<Lab>,
    board: &Board,
    depth: i32,
    mut alpha: Score,
    beta: Score,
    ply: usize,
    use_tt: bool,
) -> Score {
    thread.set_line(ply, &[]);
    if thread.count_node_and_check_limits(ply) {
        return 0;
    }
    if use_tt {
        if let Some(score) = table_cutoff(thread, board, depth, alpha, beta, ply) {
            return score;
        }
    }
    let moves = board.legal_moves();
    if let Some(score) = cutoff(thread, board, depth, ply, !moves.is_empty()) {
        return score;
    }
    let original_alpha = alpha;
    let mut best = -INFINITE;
    let mut best_move = None;
    for &mv in moves.iter() {
        let mut child = *board;
        child.play_unchecked(mv);
        thread.push(board, child.hash(), ply, Some(mv));
        let score = -alphabeta(thread, &child, depth - 1, -beta, -alpha, ply + 1, use_tt);
        thread.pop();
        if thread.stopped() {
            return 0;
        }
        if score > best {
            best = score;
            best_move = Some(mv);
            thread.update_pv(ply, mv);
        }
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    if use_tt {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let result = TtHit {
            mv: best_move,
            score: best,
            eval: 0,
            depth,
            bound,
        };
        thread.tt().store(board.hash(), ply, result);
    }
    best
}

/// The table's score for `board` when its entry is deep enough and its bound settles the
/// window.
fn table_cutoff(
    thread: &impl SearchThread<Lab>,
    board: &Board,
    depth: i32,
    alpha: Score,
    beta: Score,
    ply: usize,
) -> Option<Score> {
    let hit = thread
        .tt()
        .probe(board.hash(), ply)
        .filter(|h| h.depth >= depth)?;
    let usable = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => hit.score >= beta,
        Bound::Upper => hit.score <= alpha,
    };
    usable.then_some(hit.score)
}
