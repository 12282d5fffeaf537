//! Syzygy tablebases in the search: the root's ranking of its moves by DTZ, and WDL probes at
//! interior nodes. The tables themselves are read by [`crate::tb`].
//!
//! The behaviour is Stockfish's, the reference the issue names:
//!
//! * **At the root**, when the position is in the tables, every root move is given a rank
//!   from the DTZ of the position it leads to and the fifty-move counter: a win that can be
//!   converted before the counter runs out ranks highest, all such wins equally (the search
//!   chooses among them, so it can still find the quickest mate), unless the position has
//!   repeated since the last capture or pawn move, in which case wins are ranked by DTZ,
//!   shortest first, so that a cycle cannot go on; then wins the counter spoils (by how close
//!   they are), draws, losses the counter saves, and losses, all ranked equally unless a
//!   fifty-move draw is in sight. Only the moves of the best rank are searched, so the move
//!   played always keeps the result. Without DTZ tables the WDL result ranks the moves.
//!   The score shown for a root move is its tablebase value: `cp 20000` for a win
//!   (Stockfish's convention), 1–49 cp for a win the counter spoils, 0 for a draw.
//! * **Inside the search**, below the root, a position with at most `SyzygyProbeLimit`
//!   pieces (the largest tables' size at most), no castling rights and a fifty-move counter
//!   just reset (a capture or pawn move was the last move: WDL values assume the counter at
//!   zero), searched at least `SyzygyProbeDepth` deep when it has as many pieces as the
//!   largest tables, is scored by its WDL value: a win as [`score::tb_win_in`] the ply
//!   (above every evaluation, below every mate), a draw as 0, a win or loss that the
//!   fifty-move rule spoils as ±2 (with `Syzygy50MoveRule`; without it they count as wins
//!   and losses). Exact values end the node; a win is a lower bound and a loss an upper one,
//!   which end it when they settle the window and otherwise bound the node's score.
//!   Interior probes are switched off for a search whose root was ranked by DTZ (the root's
//!   ranking already keeps the result; the search then looks for mates and progress by
//!   evaluation), and when only WDL ranked the root, unless the root is won.
//!
//! Probing is a pure function of the position, so fixed-depth and fixed-node searches stay
//! deterministic with tables as without.

use std::sync::Arc;

use super::tt::Bound;
use crate::core::{Board, Move, Position};
use crate::eval::score::{self, Score, DRAW, TB_WIN};
use crate::tb::{ProbeError, Tablebase, Wdl};

/// The tablebase settings of a search: the tables and the UCI options that steer probing.
#[derive(Clone, Debug)]
pub struct Syzygy {
    /// The tables (`SyzygyPath`).
    pub tables: Arc<Tablebase>,
    /// `SyzygyProbeDepth`: the least depth at which a position with as many pieces as the
    /// probe limit is probed (fewer pieces are probed at any depth).
    pub probe_depth: i32,
    /// `SyzygyProbeLimit`: the most pieces (kings included) a probed position may have.
    pub probe_limit: usize,
    /// `Syzygy50MoveRule`: wins and losses the fifty-move rule spoils count as draws.
    pub rule50: bool,
}

/// The largest rank: a win converted before the fifty-move counter runs out.
const MAX_RANK: i32 = 1 << 18;

/// A root move's tablebase rank and the score shown for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RootRank {
    pub(crate) mv: Move,
    pub(crate) rank: i32,
    pub(crate) score: Score,
}

/// What the tables say for one search: the root's ranking, and the interior probe limits.
#[derive(Clone, Debug, Default)]
pub(crate) struct TbSearch {
    /// The root moves ranked, when the root is in the tables (empty otherwise).
    pub(crate) root: Vec<RootRank>,
    /// Whether DTZ (not only WDL) ranked the root.
    pub(crate) by_dtz: bool,
    /// The most pieces an interior node may have to be probed; 0: no interior probes.
    pub(crate) cardinality: usize,
    /// Positions with exactly `cardinality` pieces are probed only this deep.
    pub(crate) probe_depth: i32,
    /// `Syzygy50MoveRule`.
    pub(crate) rule50: bool,
    /// A table file that could not be read while ranking the root.
    pub(crate) error: Option<String>,
}

impl TbSearch {
    /// The tablebase plan for a search of `position` (no tables: nothing to do).
    pub(crate) fn new(position: &Position, syzygy: Option<&Syzygy>) -> TbSearch {
        let Some(s) = syzygy else {
            return TbSearch::default();
        };
        let mut plan = TbSearch {
            root: Vec::new(),
            by_dtz: false,
            cardinality: s.probe_limit.min(s.tables.max_pieces()),
            probe_depth: s.probe_depth,
            rule50: s.rule50,
            error: None,
        };
        if s.probe_limit > s.tables.max_pieces() {
            // The largest tables are probed at any depth when the limit is above them.
            plan.probe_depth = 0;
        }
        let board = position.board();
        let pieces = board.occupied().popcount() as usize;
        if plan.cardinality < pieces || board.castling_rights().bits() != 0 {
            return plan;
        }
        let moves = board.legal_moves();
        let mut broken = |e: ProbeError| {
            if let ProbeError::Table(..) = e {
                plan.error
                    .get_or_insert(format!("syzygy: {e}; playing on without it"));
            }
        };
        match rank_by_dtz(&s.tables, position, &moves, s.rule50) {
            Ok(ranked) => (plan.root, plan.by_dtz) = (ranked, true),
            Err(e) => {
                broken(e);
                match rank_by_wdl(&s.tables, position, &moves, s.rule50) {
                    Ok(ranked) => plan.root = ranked,
                    Err(e) => broken(e),
                }
            }
        }
        let best = plan.root.iter().map(|r| r.rank).max();
        if plan.by_dtz || best.is_some_and(|b| b <= 0) {
            plan.cardinality = 0;
        }
        plan
    }

    /// The moves of the best rank, when the root is in the tables.
    pub(crate) fn best_moves(&self) -> Option<Vec<Move>> {
        let best = self.root.iter().map(|r| r.rank).max()?;
        Some(
            self.root
                .iter()
                .filter(|r| r.rank == best)
                .map(|r| r.mv)
                .collect(),
        )
    }

    /// The tablebase score shown for root move `mv`.
    pub(crate) fn root_score(&self, mv: Move) -> Option<Score> {
        self.root.iter().find(|r| r.mv == mv).map(|r| r.score)
    }

    /// Lines for the GUI about the root's ranking, and a table that could not be read.
    pub(crate) fn notes(&self) -> impl Iterator<Item = String> + '_ {
        self.error.iter().cloned().chain(self.ranking_note())
    }

    fn ranking_note(&self) -> Option<String> {
        let best = self.best_moves()?;
        let score = self.root_score(*best.first()?)?;
        let result = if score >= score::TB_WIN_IN_MAX_PLY {
            "win"
        } else if score > 0 {
            "win the fifty-move rule spoils"
        } else if score == 0 {
            "draw"
        } else if score > -score::TB_WIN_IN_MAX_PLY {
            "loss the fifty-move rule saves"
        } else {
            "loss"
        };
        Some(format!(
            "syzygy: root in the tables ({result}), {} of {} moves keep it (ranked by {})",
            best.len(),
            self.root.len(),
            if self.by_dtz { "DTZ" } else { "WDL" }
        ))
    }

    /// Whether an interior node is probed.
    #[inline]
    pub(crate) fn should_probe(&self, board: &Board, depth: i32) -> bool {
        if self.cardinality == 0 || board.halfmove_clock() != 0 {
            return false;
        }
        let pieces = board.occupied().popcount() as usize;
        pieces <= self.cardinality
            && (pieces < self.cardinality || depth >= self.probe_depth)
            && board.castling_rights().bits() == 0
    }

    /// The score and bound of a WDL result found `ply` plies below the root.
    pub(crate) fn score(&self, wdl: Wdl, ply: usize) -> (Score, Bound) {
        let v = wdl as i32;
        let draw = i32::from(self.rule50);
        if v < -draw {
            (-score::tb_win_in(ply), Bound::Upper)
        } else if v > draw {
            (score::tb_win_in(ply), Bound::Lower)
        } else {
            (DRAW + 2 * v * draw, Bound::Exact)
        }
    }
}

/// The DTZ of the position after a zeroing move whose result is `wdl` for the side to move.
fn dtz_before_zeroing(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Win => 1,
        Wdl::CursedWin => 101,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -101,
        Wdl::Loss => -1,
    }
}

/// Whether the position after a root move is a draw by rule: the fifty-move counter run out
/// (unless mated) or a threefold repetition with the game's history.
fn drawn_by_rule(history: &[u64], child: &Board) -> bool {
    if child.halfmove_clock() >= 100 {
        return !child.is_check() || child.has_legal_move();
    }
    let reach = (child.halfmove_clock() as usize).min(history.len());
    let earlier = history[history.len() - reach..]
        .iter()
        .filter(|&&h| h == child.hash())
        .count();
    earlier >= 2
}

/// Whether a position has repeated since the last capture or pawn move.
fn repeated_since_zeroing(history: &[u64], halfmove_clock: u16) -> bool {
    let reach = (halfmove_clock as usize + 1).min(history.len());
    let window = &history[history.len() - reach..];
    window
        .iter()
        .enumerate()
        .any(|(i, h)| window[i + 1..].contains(h))
}

/// The root moves ranked by the DTZ of the positions they lead to (Stockfish's ranking).
fn rank_by_dtz(
    tables: &Tablebase,
    position: &Position,
    moves: &[Move],
    rule50: bool,
) -> Result<Vec<RootRank>, ProbeError> {
    let board = position.board();
    let history = position.hash_history();
    let cnt50 = i32::from(board.halfmove_clock());
    let repeated = repeated_since_zeroing(history, board.halfmove_clock());
    let bound = if rule50 { MAX_RANK - 100 } else { 1 };
    let mut ranked = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut child = *board;
        child.play_unchecked(mv);
        let mut dtz = if child.halfmove_clock() == 0 {
            let wdl = tables.probe_wdl(&child)?;
            -dtz_before_zeroing(wdl)
        } else if drawn_by_rule(history, &child) {
            0
        } else {
            let d = -tables.probe_dtz(&child)?;
            d + d.signum()
        };
        if dtz == 2 && child.is_check() && !child.has_legal_move() {
            dtz = 1; // mate
        }
        let rank = if dtz > 0 {
            if dtz + cnt50 <= 99 && !repeated {
                MAX_RANK
            } else {
                MAX_RANK - (dtz + cnt50)
            }
        } else if dtz < 0 {
            if -dtz * 2 + cnt50 < 100 {
                -MAX_RANK
            } else {
                -MAX_RANK + (-dtz + cnt50)
            }
        } else {
            0
        };
        let score = if rank >= bound {
            TB_WIN
        } else if rank > 0 {
            (rank - (MAX_RANK - 200)).max(3) * 100 / 200
        } else if rank == 0 {
            DRAW
        } else if rank > -bound {
            (rank + (MAX_RANK - 200)).min(-3) * 100 / 200
        } else {
            -TB_WIN
        };
        ranked.push(RootRank { mv, rank, score });
    }
    Ok(ranked)
}

/// The root moves ranked by the WDL results they lead to (when DTZ tables are missing).
fn rank_by_wdl(
    tables: &Tablebase,
    position: &Position,
    moves: &[Move],
    rule50: bool,
) -> Result<Vec<RootRank>, ProbeError> {
    let board = position.board();
    let mut ranked = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut child = *board;
        child.play_unchecked(mv);
        let v = if drawn_by_rule(position.hash_history(), &child) {
            0
        } else {
            -(tables.probe_wdl(&child)? as i32)
        };
        let rank = [-MAX_RANK, -MAX_RANK + 101, 0, MAX_RANK - 101, MAX_RANK][(v + 2) as usize];
        let v = if rule50 { v } else { v.signum() * 2 };
        let score = [-TB_WIN, DRAW - 2, DRAW, DRAW + 2, TB_WIN][(v + 2) as usize];
        ranked.push(RootRank { mv, rank, score });
    }
    Ok(ranked)
}
