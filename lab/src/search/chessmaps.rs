//! Paper 002's Chessmaps move ordering (Greer): every move is classed from the two sides'
//! control of the board, and moves are searched class by class:
//!
//! | order | class | meaning |
//! | --- | --- | --- |
//! | 1 | safe capture | takes something (or promotes) and the landing square holds |
//! | 2 | safe forced | moves a piece the opponent could take with gain, to a square that holds |
//! | 3 | safe forcing | lands where it attacks an enemy piece with gain, safely |
//! | 4 | safe other | everything else that lands safely |
//! | 5–8 | unsafe … | the same four, landing where the exchange loses material |
//!
//! **Control and safety.** A square's control is who attacks it and with what; a move is
//! *safe* when the exchange it starts on its landing square does not lose material — the static
//! exchange evaluation (`see_ge(move, 0)`), which is exactly a resolution of both sides' control
//! of that square, x-rays included.
//!
//! **With gain.** An enemy piece is attacked *with gain* when it is undefended or worth more
//! than its attacker (SEE values); *forced* moves move a piece of ours that stands so attacked;
//! *forcing* moves make the moved piece attack, from its new square and with the occupancy the
//! move leaves, an enemy piece so (kings excluded: checks are not threats to capture).
//!
//! **Inside the classes.** Captures by MVV-LVA; forced moves by the value of the piece saved;
//! forcing moves by the value of the best target; "other" moves by the history heuristics.
//! The paper ordered "other" with a neural network trained on master games to predict the
//! squares a move influences; history stands in for it here — the experience-based ordering
//! the paper itself compares against. The hash move, when the table is on, still comes first:
//! that is what the paper's "Chessmaps + TT" column measures.

use super::history::{Heuristics, Lineage};
use super::ordering::{mvv_lva, OrderingContext};
use super::see::{see_ge, see_value};
use chainmate::core::attacks::piece_attacks;
use chainmate::core::{Bitboard, Board, Color, Move, Piece, Square};

/// The eight classes, in search order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveClass {
    /// Captures (and promotions) that do not lose the exchange.
    SafeCapture,
    /// Moves of an en-prise piece to a safe square.
    SafeForced,
    /// Safe moves that create a threat with gain.
    SafeForcing,
    /// Other safe moves.
    SafeOther,
    /// Captures that lose the exchange.
    UnsafeCapture,
    /// Moves of an en-prise piece to an unsafe square.
    UnsafeForced,
    /// Unsafe moves that create a threat.
    UnsafeForcing,
    /// Other unsafe moves.
    UnsafeOther,
}

/// Each side's attacks, computed once per node.
pub struct ControlMap {
    /// Squares attacked by each side.
    attacked_by: [Bitboard; 2],
}

impl ControlMap {
    /// Both sides' attacked squares.
    pub fn new(board: &Board) -> ControlMap {
        let occupied = board.occupied();
        let mut attacked_by = [Bitboard::EMPTY; 2];
        for color in Color::ALL {
            for sq in board.color(color) {
                let piece = board.piece_on(sq).expect("occupied");
                attacked_by[color as usize] |= piece_attacks(piece, color, sq, occupied);
            }
        }
        ControlMap { attacked_by }
    }

    /// Whether the piece of `victim_value` on `sq`, owned by `owner`, can be taken with gain by
    /// an attacker worth `attacker_value`: it is undefended, or worth more.
    fn gain(&self, owner: Color, sq: Square, victim_value: i32, attacker_value: i32) -> bool {
        !self.attacked_by[owner as usize].contains(sq) || victim_value > attacker_value
    }

    /// The value of the most valuable piece of ours on `from` that the opponent attacks with
    /// gain (0 when it is not so attacked): the piece a *forced* move saves.
    fn en_prise_value(&self, board: &Board, from: Square) -> i32 {
        let us = board.side_to_move();
        let them = !us;
        if !self.attacked_by[them as usize].contains(from) {
            return 0;
        }
        let piece = board.piece_on(from).expect("a move starts on a piece");
        if piece == Piece::King {
            return 0;
        }
        let value = see_value(piece);
        let cheapest = board
            .attackers_to(from, board.occupied())
            .into_iter()
            .filter(|&a| board.color(them).contains(a))
            .filter_map(|a| board.piece_on(a))
            .map(see_value)
            .min()
            .unwrap_or(i32::MAX);
        if self.gain(us, from, value, cheapest) {
            value
        } else {
            0
        }
    }

    /// The value of the best enemy piece the moved piece attacks with gain from its new
    /// square (0 if none): what a *forcing* move threatens.
    fn threat_value(&self, board: &Board, mv: Move) -> i32 {
        let us = board.side_to_move();
        let them = !us;
        let piece = mv
            .promotion()
            .unwrap_or_else(|| board.piece_on(mv.from()).unwrap_or(Piece::Pawn));
        let occupied = (board.occupied() ^ mv.from()) | mv.dest();
        let mover = see_value(piece);
        let targets = piece_attacks(piece, us, mv.dest(), occupied)
            & board.color(them)
            & !board.pieces(Piece::King);
        targets
            .into_iter()
            .filter(|&t| t != mv.dest())
            .filter_map(|t| {
                let value = see_value(board.piece_on(t)?);
                self.gain(them, t, value, mover).then_some(value)
            })
            .max()
            .unwrap_or(0)
    }

    /// The class of `mv` and its score inside the class (higher first).
    pub fn classify(&self, board: &Board, mv: Move) -> (MoveClass, i32) {
        let safe = see_ge(board, mv, 0);
        let pick = |safe_class, unsafe_class| if safe { safe_class } else { unsafe_class };
        if mv.is_noisy() {
            let class = pick(MoveClass::SafeCapture, MoveClass::UnsafeCapture);
            return (class, mvv_lva(board, mv));
        }
        let saved = self.en_prise_value(board, mv.from());
        if saved > 0 {
            return (pick(MoveClass::SafeForced, MoveClass::UnsafeForced), saved);
        }
        let threat = self.threat_value(board, mv);
        if threat > 0 {
            return (
                pick(MoveClass::SafeForcing, MoveClass::UnsafeForcing),
                threat,
            );
        }
        (pick(MoveClass::SafeOther, MoveClass::UnsafeOther), 0)
    }
}

/// Width of one class's score band: in-class scores (MVV-LVA, piece values, history) stay far
/// inside it.
const CLASS_BAND: i32 = 1_000_000;

/// The Chessmaps ordering score of `mv`: its class first, then the in-class order ("other"
/// moves by history).
pub fn score(
    control: &ControlMap,
    board: &Board,
    mv: Move,
    heuristics: &Heuristics,
    lineage: &Lineage,
) -> i32 {
    let (class, within) = control.classify(board, mv);
    let within = match class {
        MoveClass::SafeOther | MoveClass::UnsafeOther => heuristics.quiet_score(board, mv, lineage),
        _ => within,
    };
    (8 - class as i32) * CLASS_BAND + within.clamp(-CLASS_BAND / 2, CLASS_BAND / 2)
}

/// Paper 002's ordering of a node's moves: one control map per node, then each move's class
/// (what [`super::Lab`] answers the search's [`Extension::score_moves`] with, when on).
///
/// [`Extension::score_moves`]: chainmate::search::Extension::score_moves
pub fn score_moves(board: &Board, moves: &[Move], scores: &mut [i32], ctx: &OrderingContext) {
    let control = ControlMap::new(board);
    for (s, &mv) in scores.iter_mut().zip(moves) {
        *s = score(&control, board, mv, ctx.heuristics, &ctx.lineage);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class_of(fen: &str, uci: &str) -> MoveClass {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci).unwrap();
        ControlMap::new(&board).classify(&board, mv).0
    }

    #[test]
    fn a_safe_capture_comes_before_an_unsafe_one() {
        // Rxe5 takes an undefended pawn (safe); Rxb7 takes a pawn defended by the king's
        // neighbour, losing the rook (unsafe).
        let fen = "1k6/1p6/8/4p3/8/8/8/1R2R1K1 w - - 0 1";
        assert_eq!(class_of(fen, "e1e5"), MoveClass::SafeCapture);
        assert_eq!(class_of(fen, "b1b7"), MoveClass::UnsafeCapture);
        assert!(MoveClass::SafeCapture < MoveClass::UnsafeCapture);
    }

    #[test]
    fn forced_and_forcing_moves_are_recognised() {
        // White: Ke1, Bf1, Nd4 (attacked by the e5 pawn: en prise). Black: Ke8, an a7 pawn,
        // and an undefended rook on h5.
        let fen = "4k3/p7/8/4p2r/3N4/8/8/4KB2 w - - 0 1";
        // The knight escapes to f3, which no black piece attacks: safe forced.
        assert_eq!(class_of(fen, "d4f3"), MoveClass::SafeForced);
        // ... or to f5, where the rook takes it for nothing: unsafe forced.
        assert_eq!(class_of(fen, "d4f5"), MoveClass::UnsafeForced);
        // Be2 attacks the undefended rook on h5 along e2-f3-g4-h5, from a safe square.
        assert_eq!(class_of(fen, "f1e2"), MoveClass::SafeForcing);
        // Bd3 threatens nothing and is safe.
        assert_eq!(class_of(fen, "f1d3"), MoveClass::SafeOther);
    }
}
