//! The root: iterative deepening, aspiration windows, the root move loop (with MultiPV), the
//! stopping rules between iterations, and the result.
//!
//! Only the main thread (id 0) reports and decides when to stop; helpers of a lazy-SMP search
//! run the same loop from staggered depths until the main thread is done.
//!
//! The clock decides only when to stop and what to report. Every choice that shapes the tree
//! — the order of the root moves (kept through aspiration re-searches, whatever the time),
//! the windows, the depths — depends
//! on the position, the options and the search so far alone, so a search to a fixed depth or
//! node count visits the same nodes on a fast machine, a slow one or a busy one
//! (`tests/determinism.rs`).

use super::extension::Extension;
use super::pvs::NodeKind;
use super::thread::{Thread, REPORT_INTERVAL};
use super::time::soft_scale;
use super::tt::Bound;
use super::{SearchInfo, SearchResult};
use crate::core::{Board, Move};
use crate::eval::score::{self, Score, DRAW, INFINITE, MAX_PLY, TB_WIN_IN_MAX_PLY};

/// How settled the root is, for time management: the best move's streak of unchanged
/// iterations and the score trend.
#[derive(Default)]
struct Stability {
    best: Option<Move>,
    streak: u32,
    previous_score: Option<Score>,
    score_drop: Score,
}

impl Stability {
    /// Records a completed iteration's best move and score.
    fn record(&mut self, best: Move, score: Score) {
        self.streak = if self.best == Some(best) {
            self.streak + 1
        } else {
            0
        };
        self.best = Some(best);
        self.score_drop = self.previous_score.map_or(0, |p| p - score);
        self.previous_score = Some(score);
    }

    /// The factor applied to the soft time limit: a best move that keeps changing or a falling
    /// score buys more time, a long-stable best move less.
    fn time_scale(&self) -> f64 {
        let stability = match self.streak {
            0 => 1.4,
            1 => 1.15,
            2 => 1.0,
            3..=5 => 0.85,
            _ => 0.7,
        };
        let trend = if self.score_drop > 60 {
            1.4
        } else if self.score_drop > 25 {
            1.2
        } else {
            1.0
        };
        stability * trend
    }
}

impl<X: Extension> Thread<'_, X> {
    /// Deepens until a limit is hit; returns the best move found (see [`Thread::result`]).
    pub(crate) fn iterative_deepening(&mut self) -> SearchResult {
        let mut max_depth = self
            .limits()
            .depth
            .unwrap_or(MAX_PLY as i32 - 1)
            .clamp(1, MAX_PLY as i32 - 1);
        if self.config.max_depth > 0 {
            max_depth = max_depth.min(self.config.max_depth);
        }
        let multipv = self.multipv.min(self.root_moves.len());
        // Helpers start at staggered depths so threads do not all search the same tree.
        let first_depth = 1 + (self.id % 2) as i32;
        let mut stability = Stability::default();
        for depth in first_depth..=max_depth {
            if self.root_moves.is_empty() {
                break;
            }
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.search_root_window(depth);
                self.root_moves[pv_index..].sort_by_key(|rm| (-rm.score, -rm.previous_score));
                if self.stopped {
                    break;
                }
                // The lines found so far in score order, as Stockfish keeps them: a later
                // line's search (another window, a table the earlier lines filled) may score
                // above an earlier one's, and then it is the better line and the move to
                // play. A stable sort: equal scores keep their order.
                self.root_moves[..=pv_index].sort_by_key(|rm| -rm.score);
            }
            if self.stopped {
                break;
            }
            self.completed = depth;
            if self.is_main() {
                for i in 0..multipv {
                    self.send(self.info(depth, i, None));
                }
                stability.record(self.root_moves[0].mv, self.root_moves[0].score);
                if self.config.strength.is_some() {
                    self.strength_lines = self.root_moves[..multipv]
                        .iter()
                        .map(|rm| (rm.mv, rm.score))
                        .collect();
                }
            }
            X::iteration_done(self);
            if self.is_main() && self.iteration_limit_reached(depth, &stability) {
                break;
            }
        }
        self.publish_nodes();
        let result = self.result(self.completed);
        if self.is_main() {
            // The move played, unless the last report sent is that line as it stands (with
            // MultiPV the last is another line's: the move played is sent again last).
            let last = self.final_info(&result, self.completed);
            if !self.last_sent.as_ref().is_some_and(|l| same_line(l, &last)) {
                self.send(last);
            }
        }
        result
    }

    /// Reports `info` and keeps it (the final report repeats no line).
    fn send(&mut self, info: SearchInfo) {
        self.reporter.report(&info);
        self.last_sent = Some(info);
    }

    /// The report of the move the search returns: its line, extended by the ponder move, so
    /// the last `info` a GUI sees starts with the move played, labelled with the depth (and
    /// bound) of the iteration its score came from — which is the unfinished one when a limit
    /// cut an iteration short after the move had been searched. Mated or stalemated at the
    /// root: depth 0, `mate 0` or `cp 0`, no line.
    fn final_info(&self, result: &SearchResult, depth: i32) -> SearchInfo {
        if self.root_moves.is_empty() {
            let score = if self.root.is_check() {
                score::mated_in(0)
            } else {
                DRAW
            };
            return SearchInfo {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score,
                bound: None,
                nodes: self.total_nodes(),
                time: self.shared.start.elapsed(),
                hashfull: self.shared.tt.hashfull(),
                tbhits: self.tb_hits(),
                pv: Vec::new(),
                wdl: self.wdl(score),
            };
        }
        // The line of the move played (not the first one when a weakened engine chose).
        let index = self
            .root_moves
            .iter()
            .position(|rm| Some(rm.mv) == result.best_move)
            .unwrap_or(0);
        let rm = &self.root_moves[index];
        let depth = if rm.depth > 0 { rm.depth } else { depth };
        let mut info = self.info(depth, index, rm.bound);
        info.multipv = 1;
        info.pv.clone_from(&result.pv);
        if let (1, Some(ponder)) = (info.pv.len(), result.ponder_move) {
            info.pv.push(ponder);
        }
        info
    }

    /// Whether the main thread should stop deepening after completing `depth`.
    fn iteration_limit_reached(&self, depth: i32, stability: &Stability) -> bool {
        let best = self.root_moves[0].score;
        if let Some(mate) = self.limits().mate {
            if score::mate_moves(best).is_some_and(|m| m > 0 && m <= mate) {
                return true;
            }
        }
        if let (Some(soft), Some(elapsed)) =
            (self.shared.budget.soft, self.shared.elapsed_for_budget())
        {
            // A single legal move needs no thought; otherwise stop when the soft limit, scaled
            // by how settled the search looks, has passed.
            let scale = soft_scale(self.config.params.tm_soft_percent);
            let soft = soft.mul_f64(stability.time_scale() * scale);
            if elapsed >= soft || (self.root_moves.len() == 1 && depth >= 4) {
                return true;
            }
        }
        false
    }

    fn result(&self, depth: i32) -> SearchResult {
        let best = match self.weakened_choice() {
            Some(mv) => self.root_moves.iter().find(|rm| rm.mv == mv),
            None => self.root_moves.first(),
        };
        let pv = best.map(|rm| self.shown_line(&rm.pv)).unwrap_or_default();
        // Without a second move in the line, the table's move after the first, unless the
        // first ends the game.
        let ponder_move = pv.get(1).copied().or_else(|| {
            let mv = *pv.first()?;
            let mut next = self.root;
            next.play_unchecked(mv);
            let hit = self.shared.tt.probe(next.hash(), 1)?;
            let reply = hit.mv.filter(|&m| next.is_legal(m))?;
            (self.shared.position.playable_prefix(&[mv, reply]) == 2).then_some(reply)
        });
        SearchResult {
            best_move: best.map(|rm| rm.mv),
            ponder_move,
            score: best.map_or(0, |rm| self.shown_tb_score(rm).unwrap_or(rm.score)),
            depth,
            nodes: self.nodes,
            pv,
        }
    }

    /// The move a weakened main thread plays, drawn from its last completed iteration's
    /// lines ([`super::strength`]); `None` at full strength or before any iteration completed.
    fn weakened_choice(&self) -> Option<Move> {
        let strength = self.config.strength.filter(|_| self.is_main())?;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        strength.choose(&self.strength_lines, self.root.hash() ^ u64::from(nanos))
    }

    pub(crate) fn info(&self, depth: i32, index: usize, bound: Option<Bound>) -> SearchInfo {
        let rm = &self.root_moves[index];
        let (score, bound) = match self.shown_tb_score(rm) {
            Some(tb) => (tb, None),
            None => (rm.score, bound),
        };
        SearchInfo {
            depth,
            seldepth: rm.seldepth.max(depth as usize),
            multipv: index + 1,
            score,
            bound,
            nodes: self.total_nodes(),
            time: self.shared.start.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            tbhits: self.tb_hits(),
            pv: self.shown_line(&rm.pv),
            wdl: self.wdl(score),
        }
    }

    /// A line as it is reported: cut after the move that ends the game with the game's
    /// history (the search scores a repetition inside its own path as a draw at once, but a
    /// line can still reach a position the game has seen twice, or run on after a mate).
    fn shown_line(&self, line: &[Move]) -> Vec<Move> {
        line[..self.shared.position.playable_prefix(line)].to_vec()
    }

    /// With the root in the tablebases, a root move's score is shown as its tablebase value
    /// unless the search proved a mate ([`super::syzygy`]).
    fn shown_tb_score(&self, rm: &super::thread::RootMove) -> Option<Score> {
        self.shared
            .tb
            .root_score(rm.mv)
            .filter(|_| !score::is_mate(rm.score))
    }

    /// Tablebase hits of all threads so far.
    fn tb_hits(&self) -> u64 {
        self.shared
            .tb_hits
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Win/draw/loss per mille of a root score, when asked for.
    fn wdl(&self, score: Score) -> Option<[u32; 3]> {
        self.config.show_wdl.then(|| {
            crate::eval::wdl::FITTED.per_mille(score, crate::eval::wdl::material(&self.root))
        })
    }

    /// Searches the root at `depth` with aspiration windows around the previous score.
    fn search_root_window(&mut self, depth: i32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let use_window = self.config.ext.aspiration()
            && depth >= self.config.params.aspiration_min_depth
            && previous.abs() < TB_WIN_IN_MAX_PLY;
        let mut delta = self.config.params.aspiration_window.max(1);
        let (mut alpha, mut beta) = if use_window {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(depth, alpha, beta);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            // The root keeps its order through the re-searches (sorted once the window
            // holds); only the report of the bound waits for the first second, as `currmove`
            // does.
            if self.is_main() && self.shared.start.elapsed() >= REPORT_INTERVAL {
                self.send(self.info(depth, self.pv_index, Some(bound)));
            }
            delta += delta / 2;
        }
    }

    /// One pass over the root moves (those not already taken by earlier PV lines).
    fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score) -> Score {
        let root = self.root;
        let mut best = -INFINITE;
        self.nodes += 1;
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main() && self.shared.start.elapsed() >= REPORT_INTERVAL {
                self.reporter.current_move(depth, mv, i + 1);
            }
            let mut child = root;
            child.play_unchecked(mv);
            self.push(&root, child.hash(), 0, Some(mv));
            let first = i == self.pv_index;
            let score = match X::search_root_child(self, &child, depth, alpha, beta) {
                Some(score) => score,
                None => self.search_root_move(&child, depth, alpha, beta, first),
            };
            self.pop();
            if self.stopped {
                break;
            }
            best = best.max(score);
            let rm = &mut self.root_moves[i];
            if i == self.pv_index || score > alpha {
                rm.score = score;
                rm.depth = depth;
                rm.bound = if score >= beta {
                    Some(Bound::Lower)
                } else if score <= alpha {
                    Some(Bound::Upper)
                } else {
                    None
                };
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            } else {
                rm.score = -INFINITE;
            }
        }
        best
    }

    /// PVS at the root: the first move with the full window, the rest with a null window and a
    /// re-search when they beat alpha.
    fn search_root_move(
        &mut self,
        child: &Board,
        depth: i32,
        alpha: Score,
        beta: Score,
        first: bool,
    ) -> Score {
        if first {
            return -self.pvs(child, depth - 1, -beta, -alpha, 1, NodeKind::Pv);
        }
        let score = -self.pvs(child, depth - 1, -alpha - 1, -alpha, 1, NodeKind::Cut);
        if score > alpha && score < beta && !self.stopped {
            -self.pvs(child, depth - 1, -beta, -alpha, 1, NodeKind::Pv)
        } else {
            score
        }
    }
}

/// Whether two reports show the same line: depth, index, score, bound and moves (the counts
/// and the clock move on between them).
fn same_line(a: &SearchInfo, b: &SearchInfo) -> bool {
    (a.depth, a.multipv, a.score, a.bound, &a.pv) == (b.depth, b.multipv, b.score, b.bound, &b.pv)
}
