//! The evaluation error: how far our quiescence score is from a teacher's score on positions
//! no fit has seen (the held-out chunks), in win probability — an instrument that says
//! whether a change to the evaluation made it know more before any game is played.
//!
//! Each score is mapped to White's expected score by the logistic `σ_K(s) = 1 / (1 +
//! 10^(−K·s/400))`, with `K` fitted for each side on the same positions against the games'
//! results (one scalar each: the teacher's centipawns are its own unit, and ours change with
//! the evaluation), so that both speak in win probability. The error is the mean of
//! `(σ_ours(q) − σ_teacher(t))²` over the positions (those [`super::positions`] takes, with
//! a teacher's score), overall, by game phase and by material balance:
//!
//! * **phase** by the non-pawn material on the board in the compendium's pawns (knight and
//!   bishop 3, rook 4.5, queen 9; 60 at the start), at paper 004's stage thresholds: opening
//!   (≥ 45), middlegame (30–45), late middlegame (15–30), endgame (< 15);
//! * **material** by the difference in material (pawn 1, knight and bishop 3, rook 5, queen
//!   9): level, one pawn, two or three (a minor piece, the exchange and a pawn), more.

use chainmate::core::{Board, Color, Piece, Position};

use crate::search::{SearchConfig, Searcher};
use crate::tune::texel::{best_k, expected_score, parallel_sum, Sample};

/// The phases, by non-pawn material in tenths of a pawn (knight 30, bishop 30, rook 45,
/// queen 90): at least the bound.
pub const PHASES: [(&str, u32); 4] = [
    ("opening", 450),
    ("middlegame", 300),
    ("late middlegame", 150),
    ("endgame", 0),
];

/// The material classes, by the difference in pawns: at most the bound.
pub const MATERIAL: [(&str, u32); 4] = [
    ("level", 0),
    ("a pawn", 1),
    ("two or three pawns", 3),
    ("more", u32::MAX),
];

/// The phase class of `board` (an index of [`PHASES`]).
pub fn phase_class(board: &Board) -> usize {
    let tenths: u32 = [
        (Piece::Knight, 30),
        (Piece::Bishop, 30),
        (Piece::Rook, 45),
        (Piece::Queen, 90),
    ]
    .iter()
    .map(|&(p, v)| board.pieces(p).popcount() * v)
    .sum();
    PHASES
        .iter()
        .position(|&(_, at_least)| tenths >= at_least)
        .unwrap_or(3)
}

/// The material class of `board` (an index of [`MATERIAL`]).
pub fn material_class(board: &Board) -> usize {
    let value = |c: Color| -> i32 {
        [
            (Piece::Pawn, 1),
            (Piece::Knight, 3),
            (Piece::Bishop, 3),
            (Piece::Rook, 5),
            (Piece::Queen, 9),
        ]
        .iter()
        .map(|&(p, v)| board.colored(c, p).popcount() as i32 * v)
        .sum()
    };
    let diff = (value(Color::White) - value(Color::Black)).unsigned_abs();
    MATERIAL
        .iter()
        .position(|&(_, at_most)| diff <= at_most)
        .unwrap_or(3)
}

/// One class's error.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bucket {
    /// Positions.
    pub positions: u64,
    /// Their mean squared difference in win probability.
    pub error: f64,
}

/// The evaluation error of an evaluator on held-out positions.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorReport {
    /// All positions.
    pub overall: Bucket,
    /// By [`PHASES`].
    pub by_phase: Vec<Bucket>,
    /// By [`MATERIAL`].
    pub by_material: Vec<Bucket>,
    /// Our scale.
    pub k_ours: f64,
    /// The teacher's scale.
    pub k_teacher: f64,
    /// Texel's error of our quiescence score against the results, for comparison.
    pub result_error: f64,
}

/// The `K` minimising `mean (R − σ_K(x))²` over `(x, R)` (as [`crate::tune::texel::fit_k`]
/// fits an evaluator's).
pub fn fit_k(points: &[(f64, f64)], threads: usize) -> f64 {
    best_k(|k| {
        parallel_sum(points.len(), threads, |i| {
            let (x, r) = points[i];
            (r - expected_score(x, k)).powi(2)
        }) / points.len().max(1) as f64
    })
}

/// Our quiescence scores (White's view) of `samples`, with `config`'s evaluator.
pub fn quiescence_scores(samples: &[Sample], config: &SearchConfig, threads: usize) -> Vec<f64> {
    crate::parallel::parallel_map(
        samples,
        threads,
        || Searcher::new(1),
        |searcher, x| {
            // A fresh table for each position: its score is its own alone.
            searcher.clear();
            let q = searcher.quiescence(&Position::new(x.board), config).score;
            match x.board.side_to_move() {
                Color::White => f64::from(q),
                Color::Black => -f64::from(q),
            }
        },
        &|| {},
    )
}

/// The evaluation error on `samples` (those with a teacher's score are used).
pub fn evaluation_error(samples: &[Sample], config: &SearchConfig, threads: usize) -> ErrorReport {
    let with_teacher: Vec<Sample> = samples
        .iter()
        .filter(|s| s.teacher.is_some())
        .cloned()
        .collect();
    let ours = quiescence_scores(&with_teacher, config, threads);
    let teacher: Vec<f64> = with_teacher
        .iter()
        .map(|s| s.teacher.unwrap_or_default())
        .collect();
    let results: Vec<f64> = with_teacher.iter().map(|s| s.result).collect();
    let pairs = |xs: &[f64]| {
        xs.iter()
            .copied()
            .zip(results.iter().copied())
            .collect::<Vec<_>>()
    };
    let k_ours = fit_k(&pairs(&ours), threads);
    let k_teacher = fit_k(&pairs(&teacher), threads);
    let mut overall = Bucket::default();
    let mut by_phase = vec![Bucket::default(); PHASES.len()];
    let mut by_material = vec![Bucket::default(); MATERIAL.len()];
    let mut result_error = 0.0;
    for (i, s) in with_teacher.iter().enumerate() {
        let p = expected_score(ours[i], k_ours);
        let d = (p - expected_score(teacher[i], k_teacher)).powi(2);
        result_error += (s.result - p).powi(2);
        for bucket in [
            &mut overall,
            &mut by_phase[phase_class(&s.board)],
            &mut by_material[material_class(&s.board)],
        ] {
            bucket.positions += 1;
            bucket.error += d;
        }
    }
    for b in std::iter::once(&mut overall)
        .chain(by_phase.iter_mut())
        .chain(by_material.iter_mut())
    {
        b.error /= b.positions.max(1) as f64;
    }
    ErrorReport {
        overall,
        by_phase,
        by_material,
        k_ours,
        k_teacher,
        result_error: result_error / with_teacher.len().max(1) as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn classes_follow_the_stage_thresholds_and_the_balance() {
        assert_eq!(phase_class(&Board::startpos()), 0);
        // Two rooks and a queen each: 2·(9 + 9) = 36 → middlegame.
        assert_eq!(
            phase_class(&board("r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w - - 0 1")),
            1
        );
        assert_eq!(phase_class(&board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")), 3);
        assert_eq!(material_class(&Board::startpos()), 0);
        assert_eq!(material_class(&board("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")), 1);
        assert_eq!(material_class(&board("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")), 2);
        assert_eq!(material_class(&board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")), 3);
    }

    #[test]
    fn k_is_fitted_to_the_results() {
        // Scores of ±400 won by their side three times in four: σ_K(400) = 0.75 at K = 0.477.
        let points: Vec<(f64, f64)> = (0..400)
            .map(|i| {
                let x = if i % 2 == 0 { 400.0 } else { -400.0 };
                let win = i % 8 < 6;
                let r = if (x > 0.0) == win { 1.0 } else { 0.0 };
                (x, r)
            })
            .collect();
        let k = fit_k(&points, 2);
        assert!((expected_score(400.0, k) - 0.75).abs() < 1e-3, "{k}");
    }
}
