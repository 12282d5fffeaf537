//! Search limits and time management.
//!
//! Two budgets come out of the clock: a **soft** limit, checked between iterations (do not
//! start a new depth past it), and a **hard** limit, checked inside the tree every few
//! thousand nodes (stop now). The hard limit is always at least `Move Overhead` short of the
//! time actually left, so a slow GUI or a loaded machine does not make the engine lose on
//! time.
//!
//! Allocation (milliseconds, after subtracting the overhead from the remaining time `t`):
//!
//! * moves to go `m` = `movestogo` if given (capped at 50), else 25;
//! * soft = t / m + 3/4 · increment, at most 40% of t (with `movestogo 1`: t / 2);
//! * hard = min(5 × soft, 70% of t) (with `movestogo 1`: 90% of t);
//! * `movetime` is the hard limit, less a [`MOVETIME_MARGIN`] for answering; there is no soft
//!   limit, so the search uses the time it was given (as Stockfish and Ethereal do: a GUI that
//!   sends `movetime` measures the move itself, and `Move Overhead` is for the game clock).
//!
//! Every limit counts from [`Limits::started`], the moment the `go` command arrived when the
//! front end sets it, so that the time spent before the search thread starts is counted too.
//! Time only ever decides *when* a search stops and what is reported, never the tree: a search
//! to a fixed depth or node count is the same whatever the clock says (see `search::root`).
//!
//! The search scales the soft limit between iterations by how settled the root is (×0.7 for a
//! long-stable best move up to ×2 for a changing one with a falling score) and by
//! `search.tm_soft_percent` (100). The hard limit is never scaled. (Scaling by the best
//! move's share of the root's nodes was tried, level at 5+0.05, and removed: the strength
//! log's #60.)

use std::time::{Duration, Instant};

use crate::core::{Color, Move};

/// Limits of one search, as a UCI `go` command gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<i32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// White's remaining time.
    pub wtime: Option<Duration>,
    /// Black's remaining time.
    pub btime: Option<Duration>,
    /// White's increment.
    pub winc: Option<Duration>,
    /// Black's increment.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<i32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves.
    pub searchmoves: Vec<Move>,
    /// When the `go` command arrived; the time limits count from it. `None`: from the start
    /// of the search.
    pub started: Option<Instant>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// A fixed-node search.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
    /// A fixed-time search.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
}

/// What a `movetime` search keeps back for sending its answer: the stop is checked every
/// thousand nodes or so (about a millisecond), so the answer arrives at the time given.
pub const MOVETIME_MARGIN: Duration = Duration::from_millis(1);

/// The time budget of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start a new iteration after this.
    pub soft: Option<Duration>,
    /// Stop the search at this.
    pub hard: Option<Duration>,
}

impl TimeBudget {
    /// No time limit.
    pub const UNLIMITED: TimeBudget = TimeBudget {
        soft: None,
        hard: None,
    };

    /// The budget for `side` to move under `limits`, keeping `overhead` in reserve on a clock.
    pub fn new(limits: &Limits, side: Color, overhead: Duration) -> TimeBudget {
        if let Some(movetime) = limits.movetime {
            let t = movetime
                .saturating_sub(MOVETIME_MARGIN)
                .max(Duration::from_millis(1));
            return TimeBudget {
                soft: None,
                hard: Some(t),
            };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeBudget::UNLIMITED;
        };
        let left = time.saturating_sub(overhead).as_secs_f64() * 1000.0;
        let inc = inc.unwrap_or_default().as_secs_f64() * 1000.0;
        let (soft, hard) = match limits.movestogo {
            Some(1) => (left * 0.5, left * 0.9),
            mtg => {
                let moves = mtg.map_or(25.0, |m| m.clamp(1, 50) as f64);
                let soft = (left / moves + 0.75 * inc).min(0.4 * left);
                (soft, (5.0 * soft).min(0.7 * left))
            }
        };
        let ms = |x: f64| Duration::from_micros((x.max(1.0) * 1000.0) as u64);
        TimeBudget {
            soft: Some(ms(soft.min(hard))),
            hard: Some(ms(hard)),
        }
    }
}

/// The factor of the soft limit that the search parameters set: `percent` / 100.
pub fn soft_scale(percent: i32) -> f64 {
    f64::from(percent.max(1)) / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            wtime: Some(Duration::from_millis(ms)),
            btime: Some(Duration::from_millis(ms)),
            winc: Some(Duration::from_millis(inc)),
            binc: Some(Duration::from_millis(inc)),
            movestogo: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn hard_limit_always_leaves_the_overhead_in_reserve() {
        let overhead = Duration::from_millis(30);
        for ms in [1, 10, 31, 50, 100, 1_000, 10_000, 600_000] {
            for inc in [0, 10, 100, 2_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let b = TimeBudget::new(&clock(ms, inc, mtg), Color::White, overhead);
                    let hard = b.hard.unwrap();
                    let soft = b.soft.unwrap();
                    assert!(
                        soft <= hard,
                        "{ms}+{inc} mtg {mtg:?}: soft {soft:?} > hard {hard:?}"
                    );
                    let left = Duration::from_millis(ms).saturating_sub(overhead);
                    assert!(
                        hard <= left.max(Duration::from_millis(1)),
                        "{ms}+{inc} mtg {mtg:?}: hard {hard:?} exceeds {left:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn soft_scale_is_the_percentage() {
        assert_eq!(soft_scale(100), 1.0);
        assert_eq!(soft_scale(70), 0.7);
        // Never zero: a search always gets some time.
        assert_eq!(soft_scale(-5), 0.01);
    }

    #[test]
    fn movetime_and_infinite() {
        let b = TimeBudget::new(
            &Limits::movetime(500),
            Color::Black,
            Duration::from_millis(20),
        );
        // The time given, less the answering margin; no soft limit to stop early at.
        assert_eq!(b.hard, Some(Duration::from_millis(499)));
        assert_eq!(b.soft, None);
        assert_eq!(
            TimeBudget::new(&Limits::default(), Color::White, Duration::ZERO),
            TimeBudget::UNLIMITED
        );
    }

    #[test]
    fn uses_the_side_to_moves_clock() {
        let mut limits = clock(60_000, 0, None);
        limits.btime = Some(Duration::from_millis(6_000));
        let white = TimeBudget::new(&limits, Color::White, Duration::ZERO);
        let black = TimeBudget::new(&limits, Color::Black, Duration::ZERO);
        assert!(white.soft.unwrap() > black.soft.unwrap() * 5);
    }
}
