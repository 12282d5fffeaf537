//! Paper 001's evaluation: material only.
//!
//! `score = (P - p) + 3(N - n + B - b) + 5(R - r) + 9(Q - q) + 200(K - k)`, in pawns, here in
//! centipawns. The king term is kept for fidelity to the paper; with one king a side it is
//! always zero net.

use super::score::{clamp_eval, Score};
use super::{Evaluator, Explanation, Term};
use chainmate::core::{Board, Color, Piece};

chainmate::params! {
    /// Piece values of the material evaluator (centipawns).
    pub struct MaterialParams {
        pieces: i32 = [100, 300, 300, 500, 900, 20000] ("value (the king's cancels out: each side has one)"),
    }
}

impl MaterialParams {
    /// The value of `piece`.
    #[inline(always)]
    pub fn value(&self, piece: Piece) -> i32 {
        self.piece_value(piece)
    }
}

/// The material-only evaluator.
#[derive(Clone, Debug, Default)]
pub struct Material {
    /// Its parameters.
    pub params: MaterialParams,
}

impl Material {
    /// Paper 004's all-zero evaluation, "all 0 board scores", as the material evaluator with
    /// every piece worth 0 (`material:zero`): every position is a draw to it, so the search
    /// is a full-width tree whose time measures the move generator and the search itself.
    pub fn zero() -> Material {
        Material {
            params: MaterialParams {
                pawn: 0,
                knight: 0,
                bishop: 0,
                rook: 0,
                queen: 0,
                king: 0,
            },
        }
    }

    /// `color`'s material of one piece type, in centipawns.
    #[inline(always)]
    fn piece_material(&self, board: &Board, color: Color, piece: Piece) -> i64 {
        board.colored(color, piece).popcount() as i64 * self.params.value(piece) as i64
    }
}

impl Evaluator for Material {
    fn name(&self) -> &'static str {
        "material"
    }

    #[inline]
    fn evaluate(&self, board: &Board) -> Score {
        let us = board.side_to_move();
        let total: i64 = Piece::ALL
            .iter()
            .map(|&p| self.piece_material(board, us, p) - self.piece_material(board, !us, p))
            .sum();
        clamp_eval(total)
    }

    fn explain(&self, board: &Board) -> Explanation {
        let terms = Piece::ALL
            .iter()
            .map(|&p| {
                Term::new(
                    format!("{p}s"),
                    self.piece_material(board, Color::White, p) as f64,
                    self.piece_material(board, Color::Black, p) as f64,
                )
            })
            .collect();
        Explanation::from_terms(self.name(), board, terms)
    }

    chainmate::params_field_access!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_material_for_the_side_to_move() {
        // White: K, Q, R, 2 P  = 900 + 500 + 200 = 1600; Black: K, 2 N, B, 3 P = 600 + 300 + 300 = 1200.
        let board = Board::from_fen("4k3/ppp5/2nbn3/8/8/8/PP6/RQ2K3 w - - 0 1").unwrap();
        let m = Material::default();
        assert_eq!(m.evaluate(&board), 400);
        let black_to_move = Board::from_fen("4k3/ppp5/2nbn3/8/8/8/PP6/RQ2K3 b - - 0 1").unwrap();
        assert_eq!(m.evaluate(&black_to_move), -400);
        assert_eq!(m.explain(&board).score, 400);
    }
}
