//! What a side says of the move it chose: a leaf type shared by the game loop and the
//! external-engine driver.

use chainmate::core::Move;

/// A side's evaluation of the move it chose, from its own view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveEval {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// A chosen move with its evaluation and search depth, when the side gave them.
pub type Chosen = (Move, Option<(MoveEval, u32)>);
