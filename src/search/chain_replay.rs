//! Paper 002's move chains in the search: replaying a stored chain in place of a search below
//! a move, and remembering the lines that improved a node or the root. The table itself is
//! [`super::chains::MoveChains`]; a search uses it only when `MoveChains` is on (the thread's
//! `chains` is `Some`).

use super::thread::Thread;
use crate::core::{Board, Move};
use crate::eval::score::{Score, MAX_PLY};

/// The search's side of the chains: replaying a stored chain in place of a search, and
/// remembering the lines that improved a node or the root.
impl Thread<'_> {
    /// Paper 002's move chains (when on, and `depth` is within `search.chain_max_depth`): if a
    /// stored chain starts with `mv` and is legal here, plays it
    /// out and scores it with a quiescence search at its end, instead of searching below `mv`
    /// (the chain's moves become the child's PV). An illegal chain is removed. `None`: no chain
    /// applies; search normally.
    pub(crate) fn search_chain(
        &mut self,
        board: &Board,
        mv: Move,
        (alpha, beta): (Score, Score),
        depth: i32,
        ply: usize,
    ) -> Option<Score> {
        if ply == 0 || depth > self.config.params.chain_max_depth {
            return None;
        }
        let chains = self.chains.as_deref_mut()?;
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
            self.hashes.push(b.hash());
            self.nodes += 1;
        }
        let last = &boards[length - 1];
        let score = if length % 2 == 1 {
            -self.qsearch(last, -beta, -alpha, end, false)
        } else {
            self.qsearch(last, alpha, beta, end, false)
        };
        for _ in 0..length {
            self.hashes.pop();
        }
        let child_pv = &mut self.pv[ply + 1];
        child_pv.clear();
        child_pv.extend_from_slice(&line[1..]);
        Some(score)
    }

    /// Stores the best line found from `ply` (starting at `board`) as a chain.
    pub(crate) fn remember_chain(&mut self, board: &Board, ply: usize) {
        let max = self.config.params.chain_max_length.max(1) as usize;
        if let Some(chains) = self.chains.as_deref_mut() {
            chains.store(board, &self.pv[ply], max);
        }
    }

    /// Stores the finished iteration's principal variation (paper 002: "always add final
    /// bestPath to moveChains").
    pub(crate) fn remember_root_chain(&mut self) {
        let max = self.config.params.chain_max_length.max(1) as usize;
        if let Some(chains) = self.chains.as_deref_mut() {
            chains.store(&self.root, &self.root_moves[0].pv, max);
        }
    }
}
