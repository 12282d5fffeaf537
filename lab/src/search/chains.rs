//! Paper 002's dynamic move chains (Greer): move sequences that refuted or improved earlier
//! nodes, stored by the first move's from-square and replayed instead of a full search.
//!
//! # Storage
//!
//! A 64-square table, as the paper's "single 64-square board array": each square holds up to
//! one chain per moving piece (colour and type) — "multiple entries for different pieces can
//! be stored individually for the same square". A chain is its moves (from, to, promotion),
//! linked first to last, at most `chains.max_length` long. Memory is bounded: 64 × 12 chains.
//! A new chain for the same square and piece overwrites the old one ("any new entry
//! automatically overwrites an existing entry, as it is considered to be closer to the final
//! solution"). `ucinewgame` clears the table.
//!
//! # Use (the paper's Figure 2)
//!
//! At a node, before a move is searched, the chain stored for its square and piece is looked
//! up; if its first move is this move and every further move is legal in turn, the chain is
//! played out and ended by a quiescence search, which replaces the full search below the move.
//! A chain that is not legal here is removed. Chains are written when a move produces a new
//! best score or a cutoff (the move followed by the line that backed it up) and after every
//! iteration with the final principal variation.
//!
//! Chains are keyed by *move*, not position: a chain found in one position is tried in any
//! other where its first move exists. That is the paper's point (and its risk): positions a
//! few plies apart are similar, so a line that worked is likely to work again.

use chainmate::core::{Board, Move, Piece};

/// A stored line: the moves, first to last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    moves: Vec<Move>,
}

impl Chain {
    /// The moves, first to last.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
}

/// The chain table of one search thread.
#[derive(Clone, Debug)]
pub struct MoveChains {
    /// Indexed `from_square * 12 + colour * 6 + piece`.
    slots: Vec<Option<Chain>>,
}

impl Default for MoveChains {
    fn default() -> Self {
        MoveChains {
            slots: vec![None; 64 * 12],
        }
    }
}

/// Whether two moves are the same move on the board (from, to, promotion), whatever their
/// capture flags say — a stored move may have captured where it is replayed quietly.
fn same_move(a: Move, b: Move) -> bool {
    a.from() == b.from() && a.to() == b.to() && a.promotion() == b.promotion()
}

impl MoveChains {
    fn slot(board: &Board, mv: Move) -> Option<usize> {
        let piece: Piece = board.piece_on(mv.from())?;
        let colored = board.side_to_move() as usize * 6 + piece as usize;
        Some(mv.from() as usize * 12 + colored)
    }

    /// Forgets every chain.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    /// How many chains are stored.
    pub fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    /// Whether no chain is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stores `line` (played from `board`, first move first), cut to `max_len` moves.
    pub fn store(&mut self, board: &Board, line: &[Move], max_len: usize) {
        let Some(&first) = line.first() else { return };
        let Some(slot) = Self::slot(board, first) else {
            return;
        };
        self.slots[slot] = Some(Chain {
            moves: line[..line.len().min(max_len.max(1))].to_vec(),
        });
    }

    /// The chain starting with `mv` at `board`, replayed: `Some(Ok(boards))` with the board
    /// after each chain move (the last is where the quiescence search starts) when the whole
    /// chain is legal; `Some(Err(()))` when a chain starts with `mv` but is not legal here
    /// (the caller removes it); `None` when no chain starts with `mv`.
    #[allow(clippy::result_unit_err)]
    pub fn replay(&self, board: &Board, mv: Move) -> Option<Result<Vec<Board>, ()>> {
        let chain = self.slots[Self::slot(board, mv)?].as_ref()?;
        if !same_move(chain.moves[0], mv) {
            return None;
        }
        let mut boards = Vec::with_capacity(chain.moves.len());
        let mut current = *board;
        for &stored in &chain.moves {
            let legal = current
                .legal_moves_from(chainmate::core::Bitboard::from_square(stored.from()))
                .iter()
                .copied()
                .find(|&m| same_move(m, stored));
            match legal {
                Some(m) => {
                    current.play_unchecked(m);
                    boards.push(current);
                }
                None => return Some(Err(())),
            }
        }
        Some(Ok(boards))
    }

    /// Removes the chain starting with `mv` at `board`.
    pub fn remove(&mut self, board: &Board, mv: Move) {
        if let Some(slot) = Self::slot(board, mv) {
            if self.slots[slot]
                .as_ref()
                .is_some_and(|c| same_move(c.moves[0], mv))
            {
                self.slots[slot] = None;
            }
        }
    }

    /// The chain stored for `mv`'s square and piece at `board`, if any.
    pub fn get(&self, board: &Board, mv: Move) -> Option<&Chain> {
        self.slots[Self::slot(board, mv)?].as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(board: &Board, uci: &[&str]) -> Vec<Move> {
        let mut b = *board;
        uci.iter()
            .map(|u| {
                let m = b.parse_uci(u).unwrap();
                b.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_legal_chain_is_replayed_and_an_illegal_one_reported() {
        let start = Board::startpos();
        let mut chains = MoveChains::default();
        chains.store(&start, &line(&start, &["e2e4", "e7e5", "g1f3"]), 8);
        let e4 = start.parse_uci("e2e4").unwrap();
        let boards = chains.replay(&start, e4).unwrap().unwrap();
        assert_eq!(boards.len(), 3);
        assert_eq!(
            boards[2].to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        // From a position where ...e5 is impossible (a black pawn already stands on e5 and
        // e7 is empty), the chain starting with e4 is illegal.
        let other =
            Board::from_fen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2").unwrap();
        assert_eq!(chains.replay(&other, e4), Some(Err(())));
        chains.remove(&other, e4);
        assert!(chains.is_empty());
    }

    #[test]
    fn chains_are_keyed_by_square_and_piece_and_bounded() {
        let start = Board::startpos();
        let mut chains = MoveChains::default();
        chains.store(&start, &line(&start, &["e2e4", "e7e5", "g1f3", "b8c6"]), 2);
        let e4 = start.parse_uci("e2e4").unwrap();
        assert_eq!(
            chains.get(&start, e4).unwrap().moves().len(),
            2,
            "cut to the limit"
        );
        // e2e3 shares the square and piece: no chain starts with it, and it is not removed.
        let e3 = start.parse_uci("e2e3").unwrap();
        assert_eq!(chains.replay(&start, e3), None);
        chains.store(&start, &line(&start, &["e2e3"]), 2);
        assert_eq!(
            chains.len(),
            1,
            "a new chain for the square and piece overwrites"
        );
        assert_eq!(chains.replay(&start, e4), None);
    }
}
