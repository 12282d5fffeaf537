//! The phase, the endgame scale and the complexity: how the middlegame and endgame sums
//! become one score.

use super::king::king_danger_penalty_int;
use super::params::unpack;
use super::walk::{Accumulator, Sum};
use super::{idx, Full};
use crate::core::{Bitboard, Board, Color, Piece};
use crate::eval::score::round_div;

/// The phase at the start: non-pawn material in half pawns, both sides.
pub const MAX_PHASE: i32 = 120;
/// Phase (half pawns) from which the paper's opening terms count: its 45 pawns of `npm`.
pub const OPENING_PHASE: i32 = 90;
pub(super) const PHASE_UNITS: [i32; 6] = [0, 6, 6, 9, 18, 0];

/// The complexity term's effect on an endgame sum `eg`: `sign(eg) × max(c, −|eg|)` — a
/// complexity `c` above zero says the side ahead has winning chances beyond its material, one
/// below zero that the advantage is hard to convert, but it never turns the sign (Ethereal's
/// `evaluateComplexity`). In the reals the tuner uses.
pub fn complexity_adjustment(eg: f64, c: f64) -> f64 {
    sign(eg) * c.max(-eg.abs())
}

/// −1, 0 or 1 as `x` is below, at or above zero (`f64::signum` gives 1 at zero).
pub fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// The same in whole centipawns.
pub(super) fn complexity_adjustment_int(eg: i32, c: i32) -> i32 {
    eg.signum() * c.max(-eg.abs())
}

impl Sum<'_> {
    /// Unpacks the linear terms, turns both kings' danger into penalties, then applies the
    /// complexity to the endgame sum (once, after the walk).
    #[inline]
    pub(super) fn settle(&mut self) {
        [self.mg, self.eg] = unpack(self.packed);
        self.packed = 0;
        for color in [Color::White, Color::Black] {
            let [mg, eg] = king_danger_penalty_int(self.danger[color.index()]);
            self.mg -= mg * color.sign();
            self.eg -= eg * color.sign();
        }
        self.danger = [[0; 2]; 2];
        self.eg += complexity_adjustment_int(self.eg, self.complexity);
        self.complexity = 0;
    }
}

impl Full {
    /// φ (non-pawn material in half pawns, capped) and the endgame scale out of 64, given the
    /// sign of the endgame sum (who is ahead).
    pub(super) fn phase_and_scale(board: &Board, eg: i32) -> (i32, i32) {
        let units = |c: Color| -> i32 {
            [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
                .iter()
                .map(|&pc| board.colored(c, pc).popcount() as i32 * PHASE_UNITS[pc.index()])
                .sum()
        };
        let (w, b) = (units(Color::White), units(Color::Black));
        let phase = (w + b).min(MAX_PHASE);
        let strong = if eg >= 0 { Color::White } else { Color::Black };
        let (own, other) = if strong == Color::White {
            (w, b)
        } else {
            (b, w)
        };
        let scale = if board.colored(strong, Piece::Pawn).is_empty() && own - other <= 6 {
            if own <= 6 {
                0
            } else {
                16
            }
        } else if w == 6 && b == 6 && board.pieces(Piece::Bishop).popcount() == 2 && {
            let wb = board.colored(Color::White, Piece::Bishop);
            let bb = board.colored(Color::Black, Piece::Bishop);
            wb.any()
                && bb.any()
                && (wb & Bitboard::LIGHT_SQUARES).any() != (bb & Bitboard::LIGHT_SQUARES).any()
        } {
            32
        } else {
            64
        };
        (phase, scale)
    }

    pub(super) fn blend(mg: i64, eg: i64, phase: i32, scale: i32) -> i64 {
        let (phase, scale) = (phase as i64, scale as i64);
        round_div(
            mg * phase * 64 + eg * (MAX_PHASE as i64 - phase) * scale,
            MAX_PHASE as i64 * 64,
        )
    }

    /// The complexity counts (see the `complexity` weights), for both sides together.
    pub(super) fn complexity_terms<A: Accumulator>(
        &self,
        board: &Board,
        passed: Bitboard,
        npm: i32,
        acc: &mut A,
    ) {
        let p = &self.params;
        let pawns = board.pieces(Piece::Pawn);
        let queenside = Bitboard(0x0F0F_0F0F_0F0F_0F0F);
        let both_wings = (pawns & queenside).any() && (pawns & !queenside).any();
        let (wk, bk) = (board.king(Color::White), board.king(Color::Black));
        let files = wk.file_distance(bk) as i32;
        let ranks = wk.rank_distance(bk) as i32;
        let counts = [
            pawns.popcount() as i32,
            passed.popcount() as i32,
            i32::from(both_wings),
            i32::from(npm == 0),
            files - ranks,
            1,
        ];
        for (i, n) in counts.into_iter().enumerate() {
            acc.complexity(idx::complexity + i, p.complexity.0[i], n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::board;
    use super::*;
    use crate::eval::full::Trace;
    use crate::eval::Evaluator;

    #[test]
    fn complexity_counts() {
        let e = Full::default();
        let counts = |fen: &str| e.trace(&board(fen));
        let get = |t: &Trace, f: usize| -> Vec<i16> {
            (0..6)
                .map(|i| {
                    t.complexity
                        .iter()
                        .find(|&&(j, _)| j as usize == f + i)
                        .map_or(0, |&(_, c)| c)
                })
                .collect()
        };
        // Pawns on both wings, no passer, a pawn ending, kings on one file five ranks apart.
        let t = counts("4k3/pp3ppp/8/8/8/4K3/PP3PPP/8 w - - 0 1");
        assert_eq!(get(&t, idx::complexity), vec![10, 0, 1, 1, -5, 1]);
        // One passed pawn, one wing, a rook on the board, kings seven files and ranks apart.
        let t = counts("7k/8/8/8/8/8/P7/K3R3 w - - 0 1");
        assert_eq!(get(&t, idx::complexity), vec![1, 1, 0, 0, 0, 1]);
    }

    #[test]
    fn the_complexity_never_turns_the_sign() {
        assert_eq!(complexity_adjustment_int(100, 30), 30);
        assert_eq!(complexity_adjustment_int(-100, 30), -30);
        assert_eq!(complexity_adjustment_int(100, -300), -100);
        assert_eq!(complexity_adjustment_int(-100, -300), 100);
        assert_eq!(complexity_adjustment_int(0, 50), 0);
        assert_eq!(complexity_adjustment(-100.0, -300.0), 100.0);
    }

    #[test]
    fn drawish_endgames_are_scaled() {
        let e = Full::default();
        // A lone extra knight: no pawns for the side ahead, at most a minor: scale 0.
        let (_, scale) = Full::phase_and_scale(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), 1);
        assert_eq!(scale, 0);
        // Bishops as the only pieces, with pawns: f1 is light, g8 light, f8 dark.
        let (_, scale) = Full::phase_and_scale(&board("4k1b1/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1"), 1);
        assert_eq!(scale, 64, "same-coloured bishops are not scaled");
        let (_, scale) = Full::phase_and_scale(&board("4kb2/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1"), 1);
        assert_eq!(scale, 32, "opposite-coloured bishops");
        // Only the endgame half is scaled: with one knight on the board (phase 6 of 120) what
        // is left is a twentieth of the middlegame half, far below a knight's worth.
        let lone_knight = e.evaluate(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"));
        assert!((0..30).contains(&lone_knight), "{lone_knight}");
        let with_pawn = e.evaluate(&board("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1"));
        assert!(with_pawn > 300, "{with_pawn}");
    }
}
