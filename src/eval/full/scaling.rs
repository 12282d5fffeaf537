//! The phase, the endgame scale and the complexity: how the middlegame and endgame sums
//! become one score.

use super::king::king_danger_penalty_int;
use super::tapered::unpack;
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
        [self.mg, self.eg] = unpack(self.packed());
        self.sides = [0; 2];
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

/// The highest endgame scale: 64 is the endgame sum taken whole.
pub const SCALE_NORMAL: i32 = 64;

/// Which of the endgame scale's cases a position is in, seen from the side that is ahead in
/// the endgame sum, with that side's pawns: the scale is a weight of `endgame_scale` (the
/// pawnless cases) or a base plus a slope per pawn, clamped to `0..=64` ([`ScaleCase::scale`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScaleCase {
    /// 0: no pawns, at most a minor piece; 1: no pawns, at most a minor piece ahead; 2:
    /// opposite-coloured bishops as the only pieces; 3: opposite-coloured bishops (one bishop
    /// each) with other pieces; 4: everything else.
    pub case: u8,
    /// The side ahead's pawns.
    pub pawns: u8,
}

impl ScaleCase {
    /// The cases.
    pub const PAWNLESS_MINOR: u8 = 0;
    /// See [`ScaleCase::case`].
    pub const PAWNLESS: u8 = 1;
    /// See [`ScaleCase::case`].
    pub const BISHOPS_ALONE: u8 = 2;
    /// See [`ScaleCase::case`].
    pub const BISHOPS: u8 = 3;
    /// See [`ScaleCase::case`].
    pub const OTHER: u8 = 4;

    /// The elements of `endgame_scale` the case reads: its base and, for the cases with pawns,
    /// the slope per pawn.
    pub fn elements(self) -> (usize, Option<usize>) {
        match self.case {
            0 => (0, None),
            1 => (1, None),
            c => (2 * c as usize - 2, Some(2 * c as usize - 1)),
        }
    }

    /// `base + slope × pawns` (before the clamp), from the endgame weights of `endgame_scale`
    /// as `weight(element)` gives them: the tuner's reals or the evaluator's integers.
    pub fn raw<T: Into<f64>>(self, weight: impl Fn(usize) -> T) -> f64 {
        let (base, slope) = self.elements();
        weight(base).into() + slope.map_or(0.0, |s| weight(s).into() * f64::from(self.pawns))
    }

    /// The scale out of 64 under the evaluator's weights.
    #[inline]
    pub(super) fn scale(self, p: &super::FullParams) -> i32 {
        let w = &p.endgame_scale.0;
        let (base, slope) = self.elements();
        let raw = w[base][1] + slope.map_or(0, |s| w[s][1] * i32::from(self.pawns));
        raw.clamp(0, SCALE_NORMAL)
    }
}

impl Full {
    /// φ (non-pawn material in half pawns, capped) and the endgame scale out of 64, given the
    /// sign of the endgame sum (who is ahead).
    #[inline]
    pub(super) fn phase_and_scale(&self, board: &Board, eg: i32) -> (i32, i32) {
        self.phase_and_scale_of(board, Full::phase_units(board), eg)
    }

    /// [`Full::phase_and_scale`] with each side's non-pawn material `units` ([`Full::phase_units`])
    /// already counted.
    #[inline]
    pub(super) fn phase_and_scale_of(&self, board: &Board, units: [i32; 2], eg: i32) -> (i32, i32) {
        if units[0] + units[1] >= MAX_PHASE {
            // The endgame half has no weight at the full phase: no scale to look up.
            return (MAX_PHASE, SCALE_NORMAL);
        }
        let strong = if eg >= 0 { Color::White } else { Color::Black };
        let (phase, case) = Full::case_of(board, units, strong);
        (phase, case.scale(&self.params))
    }

    /// Each side's non-pawn material in half pawns.
    #[inline]
    pub(super) fn phase_units(board: &Board) -> [i32; 2] {
        [Color::White, Color::Black].map(|c| {
            [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
                .iter()
                .map(|&pc| board.colored(c, pc).popcount() as i32 * PHASE_UNITS[pc.index()])
                .sum()
        })
    }

    /// φ and the endgame scale's case with `strong` as the side ahead.
    pub(super) fn phase_and_case(board: &Board, strong: Color) -> (i32, ScaleCase) {
        Full::case_of(board, Full::phase_units(board), strong)
    }

    /// φ and the case from each side's non-pawn material `[w, b]`.
    #[inline]
    fn case_of(board: &Board, [w, b]: [i32; 2], strong: Color) -> (i32, ScaleCase) {
        let phase = (w + b).min(MAX_PHASE);
        let (own, other) = if strong == Color::White {
            (w, b)
        } else {
            (b, w)
        };
        let pawns = board.colored(strong, Piece::Pawn).popcount() as u8;
        let case = if pawns == 0 && own - other <= 6 {
            if own <= 6 {
                ScaleCase::PAWNLESS_MINOR
            } else {
                ScaleCase::PAWNLESS
            }
        } else {
            let bishops = board.pieces(Piece::Bishop);
            // One bishop each, on squares of different colours: two bishops, one of them on a
            // light square, and not both White's.
            let opposite = bishops.popcount() == 2
                && (bishops & Bitboard::LIGHT_SQUARES).popcount() == 1
                && board.colored(Color::White, Piece::Bishop).popcount() == 1;
            match (opposite, w == 6 && b == 6) {
                (true, true) => ScaleCase::BISHOPS_ALONE,
                (true, false) => ScaleCase::BISHOPS,
                _ => ScaleCase::OTHER,
            }
        };
        (phase, ScaleCase { case, pawns })
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
    fn endgame_scale_cases() {
        let c = |case: u8, pawns: u8| ScaleCase { case, pawns };
        let ocb_rooks = "r3kb2/5pp1/8/8/8/8/6P1/R3KB2 w - - 0 1";
        for (fen, strong, want) in [
            // Pawnless: a lone minor, a minor ahead with more on the board, a rook ahead.
            ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", Color::White, c(0, 0)),
            ("4k3/8/8/8/8/8/8/2RBK1r1 w - - 0 1", Color::White, c(1, 0)),
            ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", Color::White, c(4, 0)),
            // Opposite bishops alone, then beside a rook each; Black ahead counts its pawns.
            (
                "4kb2/5pp1/8/8/8/8/5PP1/4KB2 w - - 0 1",
                Color::White,
                c(2, 2),
            ),
            (ocb_rooks, Color::White, c(3, 1)),
            (ocb_rooks, Color::Black, c(3, 2)),
            // Same-coloured bishops, and two bishops against one: no opposite bishops.
            (
                "4k1b1/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1",
                Color::White,
                c(4, 2),
            ),
            (
                "4kb2/5p2/8/8/8/8/5PP1/2B1KB2 w - - 0 1",
                Color::White,
                c(4, 2),
            ),
        ] {
            assert_eq!(Full::phase_and_case(&board(fen), strong).1, want, "{fen}");
        }
        // The elements each case reads.
        assert_eq!(c(0, 0).elements(), (0, None));
        assert_eq!(c(1, 0).elements(), (1, None));
        assert_eq!(c(2, 3).elements(), (2, Some(3)));
        assert_eq!(c(4, 3).elements(), (6, Some(7)));
    }

    #[test]
    fn the_scale_follows_its_weights() {
        // A rook and two pawns against a rook: an ordinary position (case 6, two pawns).
        let fen = "4k3/8/8/8/8/8/4PP2/R3K2r w - - 0 1";
        let shipped = Full::default();
        let mut flat = shipped.weights().flat();
        let (base, slope) = (
            flat[idx::endgame_scale + 6][1],
            flat[idx::endgame_scale + 7][1],
        );
        assert_eq!(
            shipped.phase_and_scale(&board(fen), 1).1,
            (base + 2 * slope).clamp(0, 64)
        );
        // The rule before the weights were fitted: 64 whatever the pawns.
        let mut e = Full::default();
        flat[idx::endgame_scale + 6] = [0, 64];
        flat[idx::endgame_scale + 7] = [0, 0];
        e.set_weights(&flat);
        assert_eq!(e.phase_and_scale(&board(fen), 1).1, 64);
        let before = e.evaluate(&board(fen));
        // Stockfish 11's rule as weights: 36 + 7 per pawn of the side ahead, at most 64.
        flat[idx::endgame_scale + 6] = [0, 36];
        flat[idx::endgame_scale + 7] = [0, 7];
        e.set_weights(&flat);
        assert_eq!(e.phase_and_scale(&board(fen), 1).1, 50);
        assert_eq!(
            e.phase_and_scale(&board("4k3/8/8/8/8/8/PPPPP3/R3K2r w - - 0 1"), 1)
                .1,
            64
        );
        // Only the endgame half shrinks, towards zero.
        let after = e.evaluate(&board(fen));
        assert!(0 < after && after < before, "{after} {before}");
        // A slope below zero cannot take the scale under zero.
        flat[idx::endgame_scale + 7] = [0, -40];
        e.set_weights(&flat);
        assert_eq!(e.phase_and_scale(&board(fen), 1).1, 0);
    }

    #[test]
    fn drawish_endgames_are_scaled() {
        let e = Full::default();
        // A lone extra knight (no pawns for the side ahead, at most a minor): all but a draw.
        let (_, knight) = e.phase_and_scale(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), 1);
        assert!(knight <= 4, "{knight}");
        // Bishops as the only pieces, two pawns against one: f1 is light, g8 light, f8 dark.
        let (_, same) = e.phase_and_scale(&board("4k1b1/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1"), 1);
        let (_, opposite) = e.phase_and_scale(&board("4kb2/5p2/8/8/8/8/5PP1/4KB2 w - - 0 1"), 1);
        assert!(
            opposite <= 32 && same >= 2 * opposite,
            "opposite-coloured bishops {opposite}, same-coloured {same}"
        );
        // Only the endgame half is scaled: with one knight on the board (phase 6 of 120) what
        // is left is a twentieth of the middlegame half, far below a knight's worth.
        let lone_knight = e.evaluate(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"));
        assert!((0..30).contains(&lone_knight), "{lone_knight}");
        let with_pawn = e.evaluate(&board("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1"));
        assert!(with_pawn > 300, "{with_pawn}");
    }
}
