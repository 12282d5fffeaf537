//! The score type shared by evaluators and the search: centipawns from the side to move's
//! point of view, with mate scores at the top of the range.
//!
//! Layout of the `i32` range (all of which fits the `i16` a transposition-table entry keeps):
//!
//! ```text
//!  -INFINITE  -MATE ... -MATE_IN_MAX_PLY  -TB_WIN ... -TB_WIN_IN_MAX_PLY  -MAX_EVAL ... 0 ... MAX_EVAL  TB_WIN_IN_MAX_PLY ... TB_WIN  MATE_IN_MAX_PLY ... MATE  INFINITE
//!             mated in n plies             tablebase loss in n plies        static evaluations          tablebase win in n plies     mate in n plies
//! ```
//!
//! Evaluators clamp their output to ±[`MAX_EVAL`], so no material imbalance can ever look
//! like a tablebase result or a mate; a tablebase win ([`tb_win_in`]) is above every
//! evaluation and below every mate, and is shown to the user in centipawns ([`uci_cp`]),
//! never as a mate. The range of "decisive" scores ([`is_decisive`]: a tablebase result or
//! a mate) starts where the mate range started before tablebases came, so every pruning
//! rule that stays away from decisive scores draws its line where it always did.

/// A score in centipawns (or a mate score), side to move's point of view.
pub type Score = i32;

/// The deepest ply a search may reach; mate distances are measured in plies below this.
pub const MAX_PLY: usize = 128;
/// The largest magnitude an evaluator may return.
pub const MAX_EVAL: Score = 31_871;
/// A tablebase win at the root (the position itself in the tables); a win reached `n`
/// plies below scores `TB_WIN - n`.
pub const TB_WIN: Score = TB_WIN_IN_MAX_PLY + MAX_PLY as Score;
/// The lowest score that still means "a tablebase win (or a mate) is found".
pub const TB_WIN_IN_MAX_PLY: Score = MAX_EVAL + 1;
/// The lowest score that still means "mate found".
pub const MATE_IN_MAX_PLY: Score = TB_WIN + 1;
/// Mate at the root (in 0 plies). A mate in `n` plies scores `MATE - n`.
pub const MATE: Score = MATE_IN_MAX_PLY + MAX_PLY as Score;
/// Bound outside every real score.
pub const INFINITE: Score = MATE + 1;
/// The score of a draw.
pub const DRAW: Score = 0;

/// The score of a tablebase win `ply` plies from the root.
#[inline]
pub const fn tb_win_in(ply: usize) -> Score {
    TB_WIN - ply as Score
}

/// Whether `score` is a tablebase result or a mate (for either side): a proven outcome,
/// not an evaluation.
#[inline]
pub const fn is_decisive(score: Score) -> bool {
    score.abs() >= TB_WIN_IN_MAX_PLY
}

/// The centipawns UCI reports for a score that is not a mate: the score itself, except that
/// a tablebase win `n` plies away shows as `20000 - n` (a loss as `-20000 + n`), as
/// Stockfish shows them.
pub const fn uci_cp(score: Score) -> Score {
    if score >= TB_WIN_IN_MAX_PLY && score <= TB_WIN {
        20_000 - (TB_WIN - score)
    } else if score <= -TB_WIN_IN_MAX_PLY && score >= -TB_WIN {
        -20_000 + (TB_WIN + score)
    } else {
        score
    }
}

/// The score of delivering mate `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// The score of being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether `score` announces a forced mate (for either side).
#[inline]
pub const fn is_mate(score: Score) -> bool {
    score.abs() >= MATE_IN_MAX_PLY && score.abs() <= MATE
}

/// The mate distance in moves as UCI reports it (`score mate 3`, `score mate -2`), if `score`
/// is a mate score. Positive: the side to move mates.
pub const fn mate_moves(score: Score) -> Option<i32> {
    if !is_mate(score) {
        None
    } else if score > 0 {
        Some((MATE - score + 1) / 2)
    } else {
        Some(-(MATE + score) / 2)
    }
}

/// Converts a score found `ply` plies below the root into one relative to the node itself,
/// as a transposition table must store it (a mate in 5 from the root seen at ply 2 is a mate
/// in 3 from that node; tablebase wins alike).
#[inline]
pub const fn to_node_relative(score: Score, ply: usize) -> Score {
    if score >= TB_WIN_IN_MAX_PLY {
        score + ply as Score
    } else if score <= -TB_WIN_IN_MAX_PLY {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_node_relative`]: a stored node-relative score seen at `ply`.
#[inline]
pub const fn from_node_relative(score: Score, ply: usize) -> Score {
    if score >= TB_WIN_IN_MAX_PLY {
        score - ply as Score
    } else if score <= -TB_WIN_IN_MAX_PLY {
        score + ply as Score
    } else {
        score
    }
}

/// Clamps a raw evaluation into the evaluator range.
#[inline]
pub fn clamp_eval(value: i64) -> Score {
    value.clamp(-(MAX_EVAL as i64), MAX_EVAL as i64) as Score
}

/// A White-view raw evaluation clamped into the evaluator range and seen from `side`.
#[inline]
pub fn white_to_side(white: i64, side: crate::core::Color) -> Score {
    clamp_eval(white) * side.sign()
}

/// `value / divisor` rounded to the nearest integer, halves away from zero, so that
/// `round_div(-x, d) == -round_div(x, d)` (what colour-flip symmetry needs; plain integer
/// division and `div_euclid` are not odd functions once rounding is involved). A divisor
/// below 1 is read as 1, so that a bad parameter can never divide by zero.
#[inline]
pub fn round_div(value: i64, divisor: i64) -> i64 {
    // In i128 so that no input can overflow (|i64::MIN| has no i64).
    let d = divisor.max(1) as i128;
    let q = (value.unsigned_abs() as i128 + d / 2) / d;
    let signed = if value < 0 { -q } else { q };
    signed.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_moves_counts_moves_not_plies() {
        assert_eq!(mate_moves(mate_in(1)), Some(1));
        assert_eq!(mate_moves(mate_in(3)), Some(2));
        assert_eq!(mate_moves(mate_in(5)), Some(3));
        assert_eq!(mate_moves(mated_in(0)), Some(0));
        assert_eq!(mate_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_moves(mated_in(4)), Some(-2));
        assert_eq!(mate_moves(MAX_EVAL), None);
        assert_eq!(mate_moves(0), None);
    }

    #[test]
    fn node_relative_round_trip() {
        for s in [mate_in(7), mated_in(9), 0, 150, -MAX_EVAL] {
            for ply in [0, 1, 5, 40] {
                assert_eq!(from_node_relative(to_node_relative(s, ply), ply), s);
            }
        }
        assert_eq!(to_node_relative(mate_in(5), 2), mate_in(3));
        assert_eq!(to_node_relative(-tb_win_in(6), 2), -tb_win_in(4));
        assert_eq!(from_node_relative(tb_win_in(3), 4), tb_win_in(7));
    }

    #[test]
    fn tablebase_scores_lie_between_evaluations_and_mates() {
        for ply in [0, 1, 60, MAX_PLY] {
            let win = tb_win_in(ply);
            assert!(win > MAX_EVAL && win < mate_in(MAX_PLY), "{win}");
            assert!(is_decisive(win) && is_decisive(-win) && !is_mate(win));
            assert_eq!(mate_moves(win), None);
            assert_eq!(uci_cp(win), 20_000 - ply as Score);
            assert_eq!(uci_cp(-win), -20_000 + ply as Score);
        }
        assert!(!is_decisive(MAX_EVAL) && is_decisive(mate_in(3)));
        assert_eq!(uci_cp(MAX_EVAL), MAX_EVAL);
        assert!(INFINITE <= i16::MAX as Score);
    }

    #[test]
    fn round_div_rounds_halves_away_from_zero_and_is_odd() {
        assert_eq!(round_div(15, 10), 2);
        assert_eq!(round_div(14, 10), 1);
        assert_eq!(round_div(-15, 10), -2);
        assert_eq!(round_div(-14, 10), -1);
        assert_eq!(round_div(7, 0), 7, "a zero divisor is read as 1");
        for x in -100..100 {
            assert_eq!(round_div(-x, 40), -round_div(x, 40));
        }
    }

    #[test]
    fn every_score_fits_i16() {
        assert!(INFINITE < i16::MAX as Score);
        assert_eq!(clamp_eval(i64::MAX), MAX_EVAL);
        assert_eq!(clamp_eval(i64::MIN), -MAX_EVAL);
    }
}
