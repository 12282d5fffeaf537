//! How far a case-based retrieval can be trusted: the measurement behind the default of
//! [`CbrSettings::max_distance`](crate::book::cbr::CbrSettings::max_distance).
//!
//! Paper 000 plays the stored next move of the nearest case whatever the distance, and warns
//! that following an opening too long "can result in losing pieces". This measures what a
//! book move costs as a function of the distance at which it was retrieved:
//!
//! 1. positions: every position after 1 to `max_ply` plies of the given games (distinct
//!    positions only, so the common early ones count once);
//! 2. for each, paper 000's retrieval without a limit, sorted by sequence length: the minimum
//!    distance `d` and the book move `m` (the first next move that is legal);
//! 3. the position is searched to `depth` by the configuration given (best move `b`, score
//!    `s`); when `m ≠ b`, the position after `m` is searched to `depth − 1` (score `s_m` for
//!    the side that played `m`); the book move's **loss** is `s − s_m`, at least 0, scores
//!    clamped to ±1000 centipawns so one mate does not swamp a mean.
//!
//! The table groups positions by `d`: how many, how often the book had a legal move, the
//! mean loss of its moves, and the share of book moves losing a pawn (100 cp) or more.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::book::cbr::CaseBase;
use crate::search::{self, Limits, SearchConfig, SearchControl, Silent, TranspositionTable};
use chainmate::core::{Board, Position};

/// Scores are clamped to this many centipawns before a loss is taken.
const CLAMP: i32 = 1000;
/// A loss at least this large counts as a blunder.
pub const BLUNDER: i32 = 100;
/// Distances from this one up share the last row.
pub const LAST_BUCKET: u32 = 12;

/// One position's measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Distance of the nearest case board.
    pub distance: u32,
    /// The book move's loss in centipawns (`None`: no matched case had a legal next move).
    pub loss: Option<i32>,
}

/// One row of the table: the samples at one distance (the last row: at [`LAST_BUCKET`] or
/// more).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bucket {
    /// Smallest distance of the row.
    pub distance: u32,
    /// Positions.
    pub positions: usize,
    /// Positions where the book had a legal move.
    pub moves: usize,
    /// Mean loss of those moves (centipawns).
    pub mean_loss: f64,
    /// Share of those moves losing [`BLUNDER`] or more.
    pub blunders: f64,
}

/// The distinct positions after 1 to `max_ply` plies of `games` (each a start position and
/// its moves), in order of first appearance.
pub fn positions(games: &[(Board, Vec<chainmate::core::Move>)], max_ply: usize) -> Vec<Position> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (start, moves) in games {
        let mut position = Position::new(*start);
        for &mv in moves.iter().take(max_ply) {
            position.play(mv);
            if seen.insert(position.board().hash()) {
                // Without its history: the retrieval looks at the board only.
                out.push(Position::new(*position.board()));
            }
        }
    }
    out
}

fn search_score(
    position: &Position,
    depth: i32,
    config: &SearchConfig,
    tt: &TranspositionTable,
) -> (Option<chainmate::core::Move>, i32) {
    tt.new_search();
    let result = search::search(
        position,
        &Limits::depth(depth),
        config,
        tt,
        &SearchControl::default(),
        &Silent,
    );
    (result.best_move, result.score.clamp(-CLAMP, CLAMP))
}

/// Measures one position: the retrieval without a limit, and the loss of its move. The
/// table is cleared first, so the result does not depend on what was measured before.
pub fn measure(
    base: &CaseBase,
    position: &Position,
    depth: i32,
    config: &SearchConfig,
    tt: &mut TranspositionTable,
) -> Sample {
    tt.clear();
    let tt = &*tt;
    let board = position.board();
    let retrieval = base.retrieve(board, true);
    let book_move = retrieval.matches.iter().find_map(|m| {
        let mv = *base.cases[m.case].moves.get(m.index)?;
        board.is_legal(mv).then_some(mv)
    });
    let loss = book_move.map(|mv| {
        let (best, score) = search_score(position, depth, config, tt);
        if best == Some(mv) {
            return 0;
        }
        let mut after = position.clone();
        after.play(mv);
        if after.board().legal_moves().is_empty() {
            // Mate or stalemate by the book move: the search of the position knew it.
            let mated = after.board().is_check();
            return if mated { 0 } else { score.max(0) };
        }
        let (_, reply) = search_score(&after, depth - 1, config, tt);
        (score + reply).max(0)
    });
    Sample {
        distance: retrieval.min_distance,
        loss,
    }
}

/// Measures every position on `threads` threads (each its own 4 MiB table, cleared for
/// every position: the results do not depend on the number of threads).
pub fn run(
    base: &Arc<CaseBase>,
    positions: &[Position],
    depth: i32,
    config: &SearchConfig,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Vec<Sample> {
    crate::parallel::parallel_map(
        positions,
        threads,
        || TranspositionTable::new(4),
        |tt, position| measure(base, position, depth, config, tt),
        progress,
    )
}

/// The samples grouped by distance (rows for the distances that occur).
pub fn buckets(samples: &[Sample]) -> Vec<Bucket> {
    let mut rows: Vec<Bucket> = Vec::new();
    for d in 0..=LAST_BUCKET {
        let here: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.distance.min(LAST_BUCKET) == d)
            .collect();
        if here.is_empty() {
            continue;
        }
        let losses: Vec<i32> = here.iter().filter_map(|s| s.loss).collect();
        let moves = losses.len();
        let share = |count: usize| {
            if moves == 0 {
                0.0
            } else {
                count as f64 / moves as f64
            }
        };
        rows.push(Bucket {
            distance: d,
            positions: here.len(),
            moves,
            mean_loss: share(1) * losses.iter().map(|&l| l as f64).sum::<f64>(),
            blunders: share(losses.iter().filter(|&&l| l >= BLUNDER).count()),
        });
    }
    rows
}

/// The rows as a Markdown table.
pub fn markdown(rows: &[Bucket]) -> String {
    let mut out = String::from(
        "| distance | positions | with a book move | mean loss (cp) | losing ≥ 100 cp |\n\
         | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for row in rows {
        let label = if row.distance == LAST_BUCKET {
            format!("≥ {LAST_BUCKET}")
        } else {
            row.distance.to_string()
        };
        let _ = writeln!(
            out,
            "| {label} | {} | {} | {:.0} | {:.0} % |",
            row.positions,
            row.moves,
            row.mean_loss,
            100.0 * row.blunders
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_the_book_is_at_distance_zero_and_costs_little_and_rows_average_by_distance() {
        let base = Arc::new(CaseBase::eco());
        // Judged by paper 004's fitted evaluator, which the experiments keep fixed (the
        // engine's own is refitted as it grows, and a fit on self-play positions, which start
        // after the book, judges book replies harshly).
        let config =
            crate::config::search_config("default", &["Evaluator=tsvetkov:tuned".into()]).unwrap();
        let mut tt = TranspositionTable::new(1);
        let mut sicilian = Position::default();
        for m in ["e2e4", "c7c5", "g1f3"] {
            sicilian.play_uci(m).unwrap();
        }
        let s = measure(&base, &sicilian, 5, &config, &mut tt);
        assert_eq!(s.distance, 0);
        assert!(s.loss.is_some_and(|l| l < BLUNDER), "{s:?}");
        // Buckets: one row per distance, the mean over the moves.
        let rows = buckets(&[
            Sample {
                distance: 0,
                loss: Some(10),
            },
            Sample {
                distance: 0,
                loss: Some(30),
            },
            Sample {
                distance: 0,
                loss: None,
            },
            Sample {
                distance: 15,
                loss: Some(300),
            },
        ]);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].positions, rows[0].moves), (3, 2));
        assert!((rows[0].mean_loss - 20.0).abs() < 1e-9);
        assert_eq!(rows[0].blunders, 0.0);
        assert_eq!((rows[1].distance, rows[1].blunders), (LAST_BUCKET, 1.0));
    }
}
