//! History heuristics: what earlier searches learnt about quiet moves — killers, counter
//! moves, butterfly and continuation history — kept per thread from one search to the next
//! within a game.
//!
//! Bounded by "gravity" (see [`Heuristics::update_history`]): every entry stays within
//! ±`history_max`, far inside the quiet band of the move ordering.

use crate::core::{Board, Color, Move, Piece};
use crate::eval::score::MAX_PLY;

/// A moved piece (colour and type) and its destination: the key of continuation history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// The key of `mv` played by `board`'s side to move (before it is played).
    #[inline(always)]
    pub fn of(board: &Board, mv: Move) -> PieceTo {
        let piece = board.piece_on(mv.from()).unwrap_or(Piece::Pawn) as u16;
        let colored = board.side_to_move() as u16 * 6 + piece;
        PieceTo(colored * 64 + mv.to() as u16)
    }
}

/// Number of distinct [`PieceTo`] keys.
const PIECE_TO: usize = 12 * 64;

/// The history heuristics of one search thread, kept from one search to the next within a
/// game (a [`super::Searcher`] keeps them, beside the move chains) and cleared by `ucinewgame`.
pub struct Heuristics {
    /// Two killer moves (quiet moves that caused a cutoff) per ply.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Butterfly history: success of quiet moves by side, from and to square.
    history: Vec<i32>,
    /// The quiet move that last refuted each (moving side, to-square) of the previous move.
    counters: Vec<Option<Move>>,
    /// Continuation history: success of a quiet move (piece, to) following a move
    /// (piece, to) one or two plies earlier.
    continuation: Vec<i16>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * 64 * 64],
            counters: vec![None; 2 * 64],
            continuation: vec![0; PIECE_TO * PIECE_TO],
        }
    }
}

/// The moves before a node that quiet-move ordering looks at.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lineage {
    /// The move that led to this node (None at the root or after a null move).
    pub previous: Option<Move>,
    /// Its piece-to key.
    pub previous_key: Option<PieceTo>,
    /// The piece-to key of the move two plies up.
    pub grandparent_key: Option<PieceTo>,
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
        self.counters.fill(None);
        self.continuation.fill(0);
    }

    /// Prepares for a new search in the same game: killers belong to the old tree.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
    }

    #[inline(always)]
    fn history_index(side: Color, mv: Move) -> usize {
        (side as usize * 64 + mv.from() as usize) * 64 + mv.to() as usize
    }

    #[inline(always)]
    fn continuation_index(before: PieceTo, now: PieceTo) -> usize {
        before.0 as usize * PIECE_TO + now.0 as usize
    }

    /// The combined history score of the quiet move `mv` at a node with `lineage`.
    #[inline(always)]
    pub fn quiet_score(&self, board: &Board, mv: Move, lineage: &Lineage) -> i32 {
        let key = PieceTo::of(board, mv);
        let mut score = self.history[Self::history_index(board.side_to_move(), mv)];
        for before in [lineage.previous_key, lineage.grandparent_key]
            .into_iter()
            .flatten()
        {
            score += self.continuation[Self::continuation_index(before, key)] as i32;
        }
        score
    }

    /// The counter move to `previous` (a move by `!side`), if any.
    #[inline(always)]
    pub fn counter(&self, side: Color, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[(!side) as usize * 64 + p.to() as usize])
    }

    /// Adds `bonus` with "gravity": the value moves towards ±max, ever more slowly, so
    /// history stays bounded and recent results weigh more.
    #[inline]
    fn nudge(entry: i32, bonus: i32, max: i32) -> i32 {
        entry + bonus - entry * bonus.abs() / max
    }

    /// Records the quiet move `best` as the refutation at `ply`: a killer there, and the
    /// counter move to `previous`.
    pub fn record_refutation(
        &mut self,
        side: Color,
        ply: usize,
        best: Move,
        previous: Option<Move>,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some(p) = previous {
            self.counters[(!side) as usize * 64 + p.to() as usize] = Some(best);
        }
    }

    /// Rewards the quiet move `best` that caused a cutoff at `depth` and penalises the quiet
    /// moves `tried` before it, in the butterfly and continuation histories.
    pub fn update_history(
        &mut self,
        board: &Board,
        depth: i32,
        best: Move,
        tried: &[Move],
        lineage: &Lineage,
        max: i32,
    ) {
        let bonus = (depth * depth).min(400) * 4;
        let max = max.clamp(1, i16::MAX as i32);
        let side = board.side_to_move();
        let moves = std::iter::once((best, bonus)).chain(tried.iter().map(|&m| (m, -bonus)));
        for (mv, b) in moves {
            let i = Self::history_index(side, mv);
            self.history[i] = Self::nudge(self.history[i], b, max);
            let key = PieceTo::of(board, mv);
            for before in [lineage.previous_key, lineage.grandparent_key]
                .into_iter()
                .flatten()
            {
                let c = &mut self.continuation[Self::continuation_index(before, key)];
                *c = Self::nudge(*c as i32, b, max) as i16;
            }
        }
    }
}
