//! Node-count figures: average nodes of configurations over a position source at fixed
//! depths, each (positions, settings, configuration, depth) cell searched once however many
//! tables show it, fresh (empty table, fresh heuristics) for every position, as `experiment
//! nodes` does.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::config::{self, ConfigError};
use crate::experiments::experiment;
use chainmate::core::Position;

/// The 100 quiet grandmaster positions of `suites/gm100.epd` (paper 002's Table 1).
pub const GM100: &str = include_str!("../../../../suites/gm100.epd");

/// Where a figure's positions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The start position.
    Start,
    /// `suites/gm100.epd`.
    Gm100,
}

impl Source {
    /// The positions.
    pub fn positions(self) -> Vec<Position> {
        match self {
            Source::Start => vec![Position::default()],
            Source::Gm100 => chainmate::formats::records(GM100)
                .map(|(_, line)| {
                    chainmate::formats::epd::EpdRecord::parse(line)
                        .map(|r| Position::new(r.board))
                        .expect("gm100.epd is valid EPD")
                })
                .collect(),
        }
    }
}

/// One row of a node-count figure.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The configuration string.
    pub spec: &'static str,
    /// Words after the name (empty for none).
    pub label: &'static str,
    /// The configuration the `change` column compares with (`None`: this row starts a group).
    pub baseline: Option<&'static str>,
    /// The text of the figure's last column (the paper's figure), if it has one.
    pub note: &'static str,
}

/// A node-count table: its positions, depths, settings and rows.
#[derive(Clone, Copy, Debug)]
pub struct Nodes {
    /// The positions.
    pub source: Source,
    /// Depths, one column (and a change column) each.
    pub depths: &'static [i32],
    /// Settings applied to every row first (as `--set`).
    pub sets: &'static [&'static str],
    /// Heading of the first column.
    pub first_column: &'static str,
    /// Heading of the last column, for the rows' notes (empty: no such column).
    pub note_column: &'static str,
    /// The rows.
    pub rows: &'static [Row],
}

/// A row without a note.
pub const fn row(spec: &'static str, label: &'static str, baseline: Option<&'static str>) -> Row {
    Row {
        spec,
        label,
        baseline,
        note: "",
    }
}

/// A row with a note and no label.
pub const fn noted(spec: &'static str, baseline: Option<&'static str>, note: &'static str) -> Row {
    Row {
        spec,
        label: "",
        baseline,
        note,
    }
}

/// One search cell: average nodes of a configuration over a source at a depth.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellKey {
    source: Source,
    sets: &'static [&'static str],
    spec: &'static str,
    depth: i32,
}

/// Total nodes and positions per cell.
pub type Cells = HashMap<CellKey, (u64, usize)>;

/// The cells `tables` need, each once, in order.
pub fn cells(tables: &[&Nodes]) -> Vec<CellKey> {
    let mut keys = Vec::new();
    for f in tables {
        for r in f.rows {
            for &depth in f.depths {
                let key = CellKey {
                    source: f.source,
                    sets: f.sets,
                    spec: r.spec,
                    depth,
                };
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
        }
    }
    keys
}

/// Searches one cell: total nodes and the number of positions.
pub fn run_cell(key: &CellKey) -> Result<(u64, usize), ConfigError> {
    let sets: Vec<String> = key.sets.iter().map(|s| s.to_string()).collect();
    let config = config::search_config(key.spec, &sets)?;
    let positions = key.source.positions();
    let configs = [(key.spec.to_string(), config)];
    let cells = experiment::run_nodes(&configs, &[key.depth], &positions, 16, |_, _| {});
    Ok((cells[0].nodes.iter().sum(), positions.len()))
}

/// `1234567.4` as `1,234,567` (a count: not below zero).
pub fn thousands(v: f64) -> String {
    chainmate::text::thousands(v.round().max(0.0) as u64)
}

/// A change in percent with one decimal, a true minus sign, e.g. `−42.7 %`.
pub fn percent(v: f64) -> String {
    let text = format!("{:+.1} %", v);
    text.replacen('-', "−", 1)
}

/// The table as Markdown, from searched `cells`.
pub fn render(f: &Nodes, cells: &Cells) -> String {
    let average = |spec: &'static str, depth: i32| {
        let key = CellKey {
            source: f.source,
            sets: f.sets,
            spec,
            depth,
        };
        let (total, n) = cells[&key];
        total as f64 / n.max(1) as f64
    };
    let changes = f.rows.iter().any(|r| r.baseline.is_some());
    let mut out = format!("| {} |", f.first_column);
    let mut rule = String::from("| --- |");
    for d in f.depths {
        let _ = write!(out, " depth {d} |");
        rule.push_str(" ---: |");
        if changes {
            out.push_str(" change |");
            rule.push_str(" ---: |");
        }
    }
    if !f.note_column.is_empty() {
        let _ = write!(out, " {} |", f.note_column);
        rule.push_str(" --- |");
    }
    let _ = writeln!(out, "\n{rule}");
    let mut group_head = None;
    for r in f.rows {
        if r.baseline.is_none() {
            group_head = Some(r.spec);
        }
        let mut line = format!("| `{}`", r.spec);
        if !r.label.is_empty() {
            let _ = write!(line, " {}", r.label);
        }
        line.push_str(" |");
        for &d in f.depths {
            let nodes = average(r.spec, d);
            let _ = write!(line, " {} |", thousands(nodes));
            if !changes {
                continue;
            }
            match r.baseline {
                None => line.push_str(" |"),
                Some(b) => {
                    let base = average(b, d);
                    let _ = write!(line, " {}", percent(100.0 * nodes / base - 100.0));
                    if Some(b) != group_head {
                        let _ = write!(line, " vs `{b}`");
                    }
                    line.push_str(" |");
                }
            }
        }
        if !f.note_column.is_empty() {
            line.push_str(if r.note.is_empty() { " |" } else { " " });
            if !r.note.is_empty() {
                let _ = write!(line, "{} |", r.note);
            }
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_the_pages_show_them() {
        assert_eq!(thousands(463_493.4), "463,493");
        assert_eq!(thousands(217.0), "217");
        assert_eq!(thousands(1_000.0), "1,000");
        assert_eq!(percent(-42.74), "−42.7 %");
        assert_eq!(percent(20.4), "+20.4 %");
    }
}
