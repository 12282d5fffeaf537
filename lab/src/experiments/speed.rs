//! Search speed of UCI engines on the same positions, through a real UCI client: each engine
//! searches each of the engine's bench positions for a fixed time, the engines taking turns
//! position by position so that the machine's load falls on all of them alike, and each
//! round's speed is the nodes it reported over the time it reported for them (its last
//! `info ... nodes N ... time T` of each search).
//!
//! This compares engines on one workload — the same positions, `go movetime`, the same hash
//! size and one thread — rather than on each engine's own `bench`, whose trees differ.

use std::time::Duration;

use chainmate::core::Board;

use crate::search::Limits;
use crate::tournament::external::UciProcess;
use crate::tournament::{EngineError, ExternalSpec};

/// One engine's speed in each round, nodes per second.
#[derive(Clone, Debug, PartialEq)]
pub struct Speeds {
    /// The engine's `id name`.
    pub name: String,
    /// Nodes per second of each round.
    pub rounds: Vec<f64>,
}

impl Speeds {
    /// The median of the rounds.
    pub fn median(&self) -> f64 {
        median(&self.rounds)
    }
}

/// The median of `values` (the mean of the middle two for an even count; 0 for none).
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Searches every position with every engine for `movetime`, `rounds` times; `progress` is
/// told each finished search (round, position, engine).
pub fn measure(
    specs: &[ExternalSpec],
    positions: &[Board],
    movetime: Duration,
    hash_mb: usize,
    rounds: usize,
    mut progress: impl FnMut(usize, usize, usize),
) -> Result<Vec<Speeds>, EngineError> {
    let mut engines = specs
        .iter()
        .map(|spec| UciProcess::start(spec, hash_mb))
        .collect::<Result<Vec<_>, _>>()?;
    let mut speeds: Vec<Speeds> = engines
        .iter()
        .map(|e| Speeds {
            name: e.name.clone(),
            rounds: Vec::new(),
        })
        .collect();
    let limits = Limits {
        movetime: Some(movetime),
        ..Limits::default()
    };
    for round in 0..rounds {
        let mut totals = vec![(0u64, 0u64); engines.len()];
        for (p, board) in positions.iter().enumerate() {
            for (i, engine) in engines.iter_mut().enumerate() {
                engine.new_game()?;
                let answer = engine.search(board, &[], board, false, &limits)?;
                totals[i].0 += answer.nodes.unwrap_or(0);
                totals[i].1 += answer.time_ms.unwrap_or(movetime.as_millis() as u64);
                progress(round, p, i);
            }
        }
        for (s, (nodes, ms)) in speeds.iter_mut().zip(totals) {
            s.rounds.push(nodes as f64 * 1000.0 / ms.max(1) as f64);
        }
    }
    Ok(speeds)
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn the_median_is_the_middle_value_or_the_mean_of_the_middle_two() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }
}
