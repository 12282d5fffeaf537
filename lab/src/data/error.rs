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
//!   9): level, one pawn, two or three (a minor piece, the exchange and a pawn), more;
//! * **concept**, three groups that follow the evaluation's own concerns, each position in one
//!   class of each: *king danger* — how many kings have the shipped `full` evaluator's king
//!   danger switched on (two attackers, or one beside a queen: the gate does not depend on
//!   the weights); *passed pawns* — none, some (none past its fifth rank), one on its sixth
//!   or seventh; *scaling* — opposite-coloured bishops as each side's only bishop, a side
//!   without pawns, neither (the endgame scale's cases).

use chainmate::core::{Bitboard, Board, Color, Piece, Position};
use chainmate::eval::full::Full;

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

/// The concept classes: `(group, class)`, each group's classes together (see the module
/// documentation; [`concept_classes`] gives a position's class in each group).
pub const CONCEPTS: [(&str, &str); 9] = [
    ("king danger", "neither king"),
    ("king danger", "one king"),
    ("king danger", "both kings"),
    ("passed pawns", "none"),
    ("passed pawns", "none past the fifth rank"),
    ("passed pawns", "on the sixth or seventh"),
    ("scaling", "opposite-coloured bishops"),
    ("scaling", "a side without pawns"),
    ("scaling", "neither"),
];

/// `board`'s class in each of the three concept groups (indices of [`CONCEPTS`]); `full` is
/// the evaluator whose king-danger gate is read (its trace records danger counts only when
/// the gate is open, whatever the weights).
pub fn concept_classes(board: &Board, full: &Full) -> [usize; 3] {
    let trace = full.trace(board);
    let kings = trace.danger.iter().filter(|d| !d.is_empty()).count();
    let mut furthest = None;
    for color in [Color::White, Color::Black] {
        let enemy = board.colored(!color, Piece::Pawn);
        for sq in board.colored(color, Piece::Pawn) {
            let ahead = Bitboard::from_square(sq).front_span(color);
            if ((ahead | ahead.beside()) & enemy).is_empty() {
                let rank = color.relative_rank(sq.rank()).index();
                furthest = furthest.max(Some(rank));
            }
        }
    }
    let passed = match furthest {
        None => 3,
        Some(r) if r <= 4 => 4,
        Some(_) => 5,
    };
    let bishops = [Color::White, Color::Black].map(|c| board.colored(c, Piece::Bishop));
    let one_each = bishops.iter().all(|b| b.popcount() == 1);
    let on_light = bishops.map(|b| (b & Bitboard::LIGHT_SQUARES).any());
    let pawnless = [Color::White, Color::Black]
        .iter()
        .any(|&c| board.colored(c, Piece::Pawn).is_empty());
    let scaling = if one_each && on_light[0] != on_light[1] {
        6
    } else if pawnless {
        7
    } else {
        8
    };
    [kings, passed, scaling]
}

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
    /// By [`CONCEPTS`].
    pub by_concept: Vec<Bucket>,
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
    let mut by_concept = vec![Bucket::default(); CONCEPTS.len()];
    let mut result_error = 0.0;
    let full = Full::default();
    for (i, s) in with_teacher.iter().enumerate() {
        let p = expected_score(ours[i], k_ours);
        let d = (p - expected_score(teacher[i], k_teacher)).powi(2);
        result_error += (s.result - p).powi(2);
        let [danger, passed, scaling] = concept_classes(&s.board, &full);
        let [a, b, c] = by_concept
            .get_disjoint_mut([danger, passed, scaling])
            .expect("three groups");
        for bucket in [
            &mut overall,
            &mut by_phase[phase_class(&s.board)],
            &mut by_material[material_class(&s.board)],
            a,
            b,
            c,
        ] {
            bucket.positions += 1;
            bucket.error += d;
        }
    }
    for b in std::iter::once(&mut overall)
        .chain(by_phase.iter_mut())
        .chain(by_material.iter_mut())
        .chain(by_concept.iter_mut())
    {
        b.error /= b.positions.max(1) as f64;
    }
    ErrorReport {
        overall,
        by_phase,
        by_material,
        by_concept,
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
    fn concept_classes_read_the_danger_gate_the_passers_and_the_scaling_case() {
        let full = Full::default();
        // The start: no danger, no passer (every pawn faces enemy pawns), neither case.
        assert_eq!(concept_classes(&Board::startpos(), &full), [0, 3, 8]);
        // A queen and a rook bear on the squares around Black's king on g8 (the queen on f4
        // up the f-file to f7 and f8, the rook on h1 up the h-file to h7 and h8): the gate
        // opens for Black's king alone. White's a-pawn on a6 is passed on its sixth rank;
        // White has no bishop, Black no pawns.
        let b = board("6k1/8/P7/8/5Q2/8/8/4K2R w - - 0 1");
        assert_eq!(concept_classes(&b, &full), [1, 5, 7]);
        // Opposite-coloured bishops (c1 dark, c8 light) with pawns; the d-pawn on d4 is
        // passed on its fourth rank.
        let b = board("2b1k3/pp6/8/8/3P4/8/PP6/2B1K3 w - - 0 1");
        assert_eq!(concept_classes(&b, &full), [0, 4, 6]);
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
