//! Paper 000's heuristic: a weighted sum of material, piece positioning and threats,
//!
//! ```text
//! H = c_mat·h_mat + c_pos·h_pos + c_threat·h_threat
//! ```
//!
//! * `h_mat`: the sum of our piece values minus the opponent's, values 1/3/3/5/9 in pawns
//!   (the paper's Table 1; the king has none);
//! * `h_pos`: piece-square-table points. The paper prints only the bishop table, which is
//!   Tomasz Michniewski's ("Simplified Evaluation Function"); the other pieces use that
//!   author's companion tables (see [`super::pst`]);
//! * `h_threat`: how many enemy pieces we attack minus how many of ours are attacked (counts,
//!   not values; plain attacks, see [`super::attack_map`]).
//!
//! The weights come in the paper's five named presets ([`Preset`]); `base` — the one the
//! paper's Base Player uses — is the default.
//!
//! # Units
//!
//! `H` is computed in the paper's own units (material in pawns, table points, threat counts)
//! and multiplied by [`WeightedParams::scale`] = 100 to give centipawns, so that with the
//! `uniform` preset one pawn of material is 100 cp. With the learned presets the scale of
//! the output is whatever the weights make it (`base` values a pawn at 247 cp, `winning` at
//! 975 cp); the search only compares scores, so that is faithful to the paper.
//!
//! # One-sided or symmetric positioning
//!
//! The paper defines `h_pos = Σ_{p ∈ ours} PST(p)`: only our own pieces' placement counts.
//! In a negamax search "ours" can only mean the side to move at the leaf, and then the
//! heuristic is no longer zero-sum: the same position scores `M + P_white` for White to move
//! but `−M + P_black` for Black to move, which are not negatives of one another, so leaf
//! values of even and odd depth measure different things, and each side believes it gains by
//! placing its pieces well while the opponent's placement is free. That breaks the negamax
//! identity `eval(pos, us) = −eval(pos, them)`. (It does not break colour-flip invariance:
//! mirroring the board swaps the side to move too.) The default is therefore the symmetric
//! `h_pos = PST(ours) − PST(theirs)`; the paper's version is kept behind
//! [`WeightedParams::one_sided_positioning`] for experiments.

use std::fmt;
use std::str::FromStr;

use super::attack_map::attacked_by;
use super::param_set::{PieceTables, SquareTable};
use super::pst;
use super::score::{white_to_side, Score};
use super::{Evaluator, Explanation, Term};
use chainmate::core::{Board, Color, Piece};

chainmate::params! {
    /// Parameters of the `weighted` evaluator (paper 000).
    pub struct WeightedParams {
        pieces: i32 = [1, 3, 3, 5, 9] ("value in pawns (paper 000, Table 1)"),
        /// Weight of the material sub-heuristic (c_mat); default: the `base` preset.
        c_mat: f64 = 2.466,
        /// Weight of the positioning sub-heuristic (c_pos); default: the `base` preset.
        c_pos: f64 = 0.974,
        /// Weight of the threat sub-heuristic (c_threat); default: the `base` preset.
        c_threat: f64 = 3.998,
        /// Centipawns per unit of H (H itself is in the paper's units: pawns, table points, counts).
        scale: f64 = 100.0,
        /// Piece-square tables (Michniewski's; the bishop's is paper 000's Table 2, the king's
        /// for the middlegame).
        pst: PieceTables = pst::MICHNIEWSKI,
        /// Paper's literal h_pos: only the side to move's pieces count (not zero-sum; see the module doc).
        one_sided_positioning: bool = false,
        /// Whether an attacked king counts as a threatened piece (default: no, a king is never captured).
        threats_include_king: bool = false,
    }
}

/// The paper's five weight presets `(c_mat, c_pos, c_threat)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// (1, 1, 1): no knowledge.
    Uniform,
    /// (2.466, 0.974, 3.998): learned with the Base Player (the default).
    Base,
    /// (2.466, 0.300, 0.120): learned with the Pruning Player.
    Pruning,
    /// (1, 0.02, 0.05): chosen by hand.
    Handmade,
    /// (9.752, 0.111, 3.530): the winner of the final round robin (paper's Table 3).
    Winning,
}

impl Preset {
    /// Every preset, in the paper's order.
    pub const ALL: [Preset; 5] = [
        Preset::Uniform,
        Preset::Base,
        Preset::Pruning,
        Preset::Handmade,
        Preset::Winning,
    ];

    /// The preset's name as used in `weighted:<name>`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Uniform => "uniform",
            Preset::Base => "base",
            Preset::Pruning => "pruning",
            Preset::Handmade => "handmade",
            Preset::Winning => "winning",
        }
    }

    /// `(c_mat, c_pos, c_threat)`.
    pub const fn weights(self) -> (f64, f64, f64) {
        match self {
            Preset::Uniform => (1.0, 1.0, 1.0),
            Preset::Base => (2.466, 0.974, 3.998),
            Preset::Pruning => (2.466, 0.300, 0.120),
            Preset::Handmade => (1.0, 0.02, 0.05),
            Preset::Winning => (9.752, 0.111, 3.530),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a name that is not a preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no weight preset named '{}'", self.0)
    }
}

impl std::error::Error for UnknownPreset {}

impl FromStr for Preset {
    type Err = UnknownPreset;
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

impl WeightedParams {
    /// The default parameters with `preset`'s weights.
    pub fn preset(preset: Preset) -> WeightedParams {
        let mut p = WeightedParams::default();
        p.apply_preset(preset);
        p
    }

    /// Replaces the three weights by `preset`'s.
    pub fn apply_preset(&mut self, preset: Preset) {
        (self.c_mat, self.c_pos, self.c_threat) = preset.weights();
    }

    /// The material value of `piece` in pawns (the king has none).
    #[inline(always)]
    pub fn value(&self, piece: Piece) -> i32 {
        self.piece_value(piece)
    }

    /// The piece-square table of `piece`.
    #[inline(always)]
    pub fn table(&self, piece: Piece) -> &SquareTable {
        self.pst.of(piece)
    }
}

/// One side's three sub-heuristics, in the paper's units, before weighting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    /// Sum of piece values, in pawns.
    pub material: i64,
    /// Sum of piece-square-table points.
    pub position: i64,
    /// Number of enemy pieces this side attacks.
    pub threats: i64,
}

/// The `weighted` evaluator.
#[derive(Clone, Debug, Default)]
pub struct Weighted {
    /// Its parameters.
    pub params: WeightedParams,
}

impl Weighted {
    /// The evaluator with `preset`'s weights.
    pub fn with_preset(preset: Preset) -> Weighted {
        Weighted {
            params: WeightedParams::preset(preset),
        }
    }

    /// `color`'s material: Σ value(p) over its pieces.
    #[inline]
    pub fn material(&self, board: &Board, color: Color) -> i64 {
        Piece::ALL
            .iter()
            .map(|&p| board.colored(color, p).popcount() as i64 * self.params.value(p) as i64)
            .sum()
    }

    /// `color`'s positioning: Σ PST(p) over its pieces, tables read from its own side.
    #[inline]
    pub fn positioning(&self, board: &Board, color: Color) -> i64 {
        let mut sum = 0i64;
        for piece in Piece::ALL {
            let table = self.params.table(piece);
            for sq in board.colored(color, piece) {
                sum += table.at(color.relative_square(sq).index()) as i64;
            }
        }
        sum
    }

    /// How many of the opponent's pieces `color` attacks (the king only if
    /// `threats_include_king`). The paper's `h_threat` is this for us minus this for them.
    #[inline]
    pub fn threats(&self, board: &Board, color: Color) -> i64 {
        let mut targets = board.color(!color);
        if !self.params.threats_include_king {
            targets = targets - board.colored(!color, Piece::King);
        }
        (attacked_by(board, color) & targets).popcount() as i64
    }

    /// `color`'s three sub-heuristics.
    #[inline]
    pub fn side_terms(&self, board: &Board, color: Color) -> SideTerms {
        SideTerms {
            material: self.material(board, color),
            position: self.positioning(board, color),
            threats: self.threats(board, color),
        }
    }

    /// Both sides' sub-heuristics as they enter H: with one-sided positioning, the side not
    /// to move has its positioning zeroed (the paper counts only "our" pieces).
    #[inline]
    fn counted_terms(&self, board: &Board) -> [SideTerms; 2] {
        let mut sides = [
            self.side_terms(board, Color::White),
            self.side_terms(board, Color::Black),
        ];
        if self.params.one_sided_positioning {
            sides[(!board.side_to_move()).index()].position = 0;
        }
        sides
    }

    /// H from White's point of view, in centipawns, unrounded. One fixed expression, used by
    /// both `evaluate` and `explain`; it is an odd function of the three differences, so the
    /// colour-flipped position gets exactly the negated value.
    #[inline]
    fn white_total(&self, [w, b]: &[SideTerms; 2]) -> f64 {
        let p = &self.params;
        p.scale
            * (p.c_mat * (w.material - b.material) as f64
                + p.c_pos * (w.position - b.position) as f64
                + p.c_threat * (w.threats - b.threats) as f64)
    }
}

/// `x` rounded half away from zero, saturated into `i64` (NaN, from absurd parameters, is 0).
#[inline]
fn round_to_i64(x: f64) -> i64 {
    x.round() as i64
}

impl Evaluator for Weighted {
    /// `weighted` for the base weights, `weighted:<preset>` for another preset's weights
    /// (the names [`AnyEvaluator::by_name`](super::AnyEvaluator::by_name) accepts), plain
    /// `weighted` for weights of no preset.
    fn name(&self) -> &'static str {
        let weights = (self.params.c_mat, self.params.c_pos, self.params.c_threat);
        match Preset::ALL.into_iter().find(|p| p.weights() == weights) {
            Some(Preset::Uniform) => "weighted:uniform",
            Some(Preset::Pruning) => "weighted:pruning",
            Some(Preset::Handmade) => "weighted:handmade",
            Some(Preset::Winning) => "weighted:winning",
            Some(Preset::Base) | None => "weighted",
        }
    }

    #[inline]
    fn evaluate(&self, board: &Board) -> Score {
        let total = self.white_total(&self.counted_terms(board));
        white_to_side(round_to_i64(total), board.side_to_move())
    }

    fn explain(&self, board: &Board) -> Explanation {
        let sides = self.counted_terms(board);
        let p = &self.params;
        let term = |name: &str, weight: f64, get: fn(&SideTerms) -> i64| {
            Term::new(
                name,
                p.scale * weight * get(&sides[0]) as f64,
                p.scale * weight * get(&sides[1]) as f64,
            )
        };
        let terms = vec![
            term("material", p.c_mat, |s| s.material),
            term("positioning", p.c_pos, |s| s.position),
            term("threats", p.c_threat, |s| s.threats),
        ];
        let total = self.white_total(&sides);
        Explanation::with_total(self.name(), board, terms, total, round_to_i64(total))
    }

    chainmate::params_field_access!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_by_name_and_set_the_weights() {
        assert_eq!("Winning".parse::<Preset>(), Ok(Preset::Winning));
        assert!("best".parse::<Preset>().is_err());
        let p = WeightedParams::preset(Preset::Pruning);
        assert_eq!((p.c_mat, p.c_pos, p.c_threat), (2.466, 0.300, 0.120));
        assert_eq!(
            WeightedParams::default(),
            WeightedParams::preset(Preset::Base)
        );
    }

    #[test]
    fn the_name_names_the_preset() {
        assert_eq!(Weighted::default().name(), "weighted");
        assert_eq!(
            Weighted::with_preset(Preset::Winning).name(),
            "weighted:winning"
        );
        let mut w = Weighted::with_preset(Preset::Uniform);
        w.params.c_pos = 0.5;
        assert_eq!(w.name(), "weighted");
    }

    #[test]
    fn start_position_is_level() {
        let w = Weighted::default();
        assert_eq!(w.evaluate(&Board::startpos()), 0);
    }
}
