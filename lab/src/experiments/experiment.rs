//! `chainmate-lab experiment nodes`: node counts of several configurations over a set of positions
//! at fixed depths, for setting beside the papers' tables (paper 002's Table 1, paper 001's
//! start-position counts, paper 000's Base versus Pruning players).
//!
//! Every (configuration, depth, position) search starts fresh: an empty transposition table
//! and fresh heuristics (move chains included), one thread. Node counts include the iterative
//! deepening iterations below the target depth, as the papers' counts do ("this is including
//! the iterative deepening", paper 001). Time per node is search wall time (table clearing excluded) over nodes: a measure of
//! each configuration's cost per visited state (paper 000's Figure 2), to be read as a ratio
//! within one run.

use std::fmt::Write as _;
use std::time::Instant;

use crate::search::{self, Limits, SearchConfig, SearchControl, Silent, TranspositionTable};
use chainmate::core::Position;

/// One configuration at one depth, summed over the positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// Index into the configurations.
    pub config: usize,
    /// Search depth.
    pub depth: i32,
    /// Nodes per position, in position order.
    pub nodes: Vec<u64>,
    /// Wall time for all positions, seconds.
    pub seconds: f64,
}

impl Cell {
    /// Average nodes per position.
    pub fn average(&self) -> f64 {
        self.nodes.iter().sum::<u64>() as f64 / self.nodes.len().max(1) as f64
    }
    /// Microseconds per node.
    pub fn micros_per_node(&self) -> f64 {
        self.seconds * 1e6 / self.nodes.iter().sum::<u64>().max(1) as f64
    }
}

/// Runs every configuration at every depth over `positions`; `progress(done, total)` after
/// each search.
pub fn run_nodes(
    configs: &[(String, SearchConfig)],
    depths: &[i32],
    positions: &[Position],
    hash_mb: usize,
    mut progress: impl FnMut(usize, usize),
) -> Vec<Cell> {
    let total = configs.len() * depths.len() * positions.len();
    let mut done = 0;
    let mut tt = TranspositionTable::new(hash_mb);
    let control = SearchControl::default();
    let mut cells = Vec::new();
    for (c, (_, config)) in configs.iter().enumerate() {
        for &depth in depths {
            let mut seconds = 0.0;
            let mut nodes = Vec::with_capacity(positions.len());
            for position in positions {
                tt.clear();
                control.reset(false);
                let start = Instant::now();
                let result = search::search(
                    position,
                    &Limits::depth(depth),
                    config,
                    &tt,
                    &control,
                    &Silent,
                );
                seconds += start.elapsed().as_secs_f64();
                nodes.push(result.nodes);
                done += 1;
                progress(done, total);
            }
            cells.push(Cell {
                config: c,
                depth,
                nodes,
                seconds,
            });
        }
    }
    cells
}

/// The change in average nodes against the baseline, in percent (negative: fewer nodes).
fn change(cell: &Cell, baseline: &Cell) -> f64 {
    100.0 * cell.average() / baseline.average().max(1e-9) - 100.0
}

fn find(cells: &[Cell], config: usize, depth: i32) -> &Cell {
    cells
        .iter()
        .find(|c| c.config == config && c.depth == depth)
        .expect("every configuration was run at every depth")
}

/// The results as a Markdown table: per depth, average nodes per position and the reduction
/// against the first configuration; then microseconds per node over all depths.
pub fn markdown(
    configs: &[(String, SearchConfig)],
    depths: &[i32],
    cells: &[Cell],
    positions: usize,
) -> String {
    let mut out = String::new();
    let mut header = String::from("| configuration |");
    let mut rule = String::from("| --- |");
    for d in depths {
        let _ = write!(header, " depth {d}: nodes | change |");
        rule.push_str(" ---: | ---: |");
    }
    header.push_str(" µs per node |");
    rule.push_str(" ---: |");
    let _ = writeln!(out, "{header}\n{rule}");
    for (c, (name, _)) in configs.iter().enumerate() {
        let _ = write!(out, "| `{name}` |");
        let mut seconds = 0.0;
        let mut nodes = 0u64;
        for &d in depths {
            let cell = find(cells, c, d);
            let base = find(cells, 0, d);
            let _ = write!(
                out,
                " {:.1} | {:+.1}% |",
                cell.average(),
                change(cell, base)
            );
            seconds += cell.seconds;
            nodes += cell.nodes.iter().sum::<u64>();
        }
        let _ = writeln!(out, " {:.3} |", seconds * 1e6 / nodes.max(1) as f64);
    }
    let _ = writeln!(
        out,
        "\nAverage nodes per position over {}; the change is relative to `{}` (negative = fewer nodes).",
        chainmate::text::count(positions, "position"),
        configs.first().map_or("", |c| c.0.as_str())
    );
    out
}

/// The results as CSV: one row per configuration and depth.
pub fn csv(configs: &[(String, SearchConfig)], cells: &[Cell]) -> String {
    let mut out = String::from(
        "config,depth,positions,average_nodes,change_percent,search_seconds,us_per_node\n",
    );
    for cell in cells {
        let base = find(cells, 0, cell.depth);
        let _ = writeln!(
            out,
            "{},{},{},{:.1},{:.2},{:.3},{:.4}",
            configs[cell.config].0,
            cell.depth,
            cell.nodes.len(),
            cell.average(),
            change(cell, base),
            cell.seconds,
            cell.micros_per_node()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::search_config as parse_config;

    #[test]
    fn minimax_visits_every_node_and_alphabeta_fewer() {
        // Paper 001's experiment in miniature: from the start position to depth 2, minimax
        // visits the root, its 20 children and 400 grandchildren in iteration 2, after 1 + 20
        // in iteration 1: 442 nodes. Alpha-beta visits fewer, and the table can only help.
        let configs: Vec<(String, SearchConfig)> = ["minimax", "alphabeta", "alphabeta+tt"]
            .iter()
            .map(|s| {
                (
                    s.to_string(),
                    parse_config(s, &["Evaluator=material".into()]).unwrap(),
                )
            })
            .collect();
        let positions = vec![Position::default()];
        let cells = run_nodes(&configs, &[2], &positions, 1, |_, _| {});
        assert_eq!(cells[0].nodes, vec![442]);
        assert!(cells[1].nodes[0] < 442);
        assert!(cells[2].nodes[0] <= cells[1].nodes[0]);
        let table = markdown(&configs, &[2], &cells, 1);
        assert!(table.contains("| `minimax` | 442.0 | +0.0% |"));
        let csv = csv(&configs, &cells);
        assert!(csv
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("minimax,2,1,442.0,0.00,"));
    }
}
