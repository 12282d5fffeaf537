//! The docs' node-count tables, as data: each [`Figure`] names its positions, depths and
//! configurations, the page it lives on, and renders the Markdown table that page shows.
//!
//! `chainmate experiment figures` prints them; `--write` replaces each table on its page
//! between its markers, and `--check` fails when any differs from a fresh run (both go
//! through every page in [`pages`], or one named file; `tests/figures.rs` checks every page
//! on every test run). A table sits on its page as
//!
//! ```text
//! <!-- figure table1 -->
//! | configuration | depth 5 | change | ... |
//! <!-- /figure -->
//! ```
//!
//! Only node counts are generated: they are exact and reproducible on any machine. Timings
//! and Elo figures are measurements and live outside the markers, dated, with their
//! conditions.
//!
//! Every (positions, settings, configuration, depth) cell is searched once even when several
//! tables show it, fresh (empty table, fresh heuristics) for every position, as
//! `experiment nodes` does; the cells are shared out over threads.

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::config::{self, ConfigError};
use crate::experiments::experiment;
use crate::search::THREAD_STACK;
use chainmate::core::Position;

/// The 100 quiet grandmaster positions of `suites/gm100.epd` (paper 002's Table 1).
pub const GM100: &str = include_str!("../../../suites/gm100.epd");

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

/// One row of a figure.
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

/// A node-count table of the docs.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// The marker name.
    pub id: &'static str,
    /// The Markdown page that shows it, relative to the repository root.
    pub page: &'static str,
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

const fn row(spec: &'static str, label: &'static str, baseline: Option<&'static str>) -> Row {
    Row {
        spec,
        label,
        baseline,
        note: "",
    }
}

const fn noted(spec: &'static str, baseline: Option<&'static str>, note: &'static str) -> Row {
    Row {
        spec,
        label: "",
        baseline,
        note,
    }
}

/// The page of paper 000's figures.
const PAPER_000: &str = "docs/papers/000-cbr-and-rule-based-pruning.md";
/// The page of paper 001's figures.
const PAPER_001: &str = "docs/papers/001-minimax-to-alpha-beta.md";
/// The page of paper 002's figures.
const PAPER_002: &str = "docs/papers/002-dynamic-move-chains.md";

/// Every figure of the docs.
pub const FIGURES: &[Figure] = &[
    Figure {
        id: "paper001",
        page: PAPER_001,
        source: Source::Start,
        depths: &[4],
        sets: &["Evaluator=material"],
        first_column: "search",
        note_column: "paper 001 (first move, depth 4, with iterative deepening)",
        rows: &[
            noted("minimax", None, "9,254,371"),
            noted("alphabeta", Some("minimax"), "—"),
            noted("alphabeta+tt", Some("minimax"), "176,883"),
            Row {
                spec: "pvs",
                label: "(the engine's search)",
                baseline: Some("minimax"),
                note: "—",
            },
        ],
    },
    Figure {
        id: "paper000",
        page: PAPER_000,
        source: Source::Gm100,
        depths: &[5],
        sets: super::pins::PAPERS_EVALUATOR,
        first_column: "configuration",
        note_column: "",
        rows: &[
            row(
                "plain+base",
                "(Base player: `weighted:base`, plain search)",
                None,
            ),
            row(
                "plain+pruning",
                "(Pruning player: `weighted:pruning` + rules)",
                Some("plain+base"),
            ),
            row("plain+base+rules", "", Some("plain+base")),
            row("plain", "(the engine's evaluator)", None),
            row("plain+rules", "", Some("plain")),
            row("base", "(full search)", None),
            row("pruning", "(full search)", Some("base")),
            row("default", "(the engine)", None),
            row("rules", "(full search)", Some("default")),
        ],
    },
    Figure {
        id: "table1",
        page: PAPER_002,
        source: Source::Gm100,
        depths: &[5, 6],
        sets: super::pins::PAPERS_EVALUATOR,
        first_column: "configuration",
        note_column: "paper 002",
        rows: &[
            noted("plain+chessmaps", None, "baseline"),
            noted(
                "plain+chessmaps+tt",
                Some("plain+chessmaps"),
                "−33 % / −24.5 %",
            ),
            noted(
                "plain+chessmaps+mc",
                Some("plain+chessmaps"),
                "−97.5 % / −99 %",
            ),
            noted("plain+chessmaps+tt+mc", Some("plain+chessmaps"), ""),
            row(
                "plain",
                "(default ordering, table)",
                Some("plain+chessmaps"),
            ),
            row("chessmaps", "(full search, no table)", None),
            row("chessmaps+tt", "", Some("chessmaps")),
            row("chessmaps+mc", "", Some("chessmaps")),
            row("default", "(the engine)", Some("chessmaps")),
            row("default+mc", "", Some("chessmaps")),
        ],
    },
];

/// The figure called `id`.
pub fn find(id: &str) -> Option<&'static Figure> {
    FIGURES.iter().find(|f| f.id == id)
}

/// Every page that holds a figure, each once, in the order of [`FIGURES`].
pub fn pages() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for f in FIGURES {
        if !out.contains(&f.page) {
            out.push(f.page);
        }
    }
    out
}

/// The repository root as seen from `start`: the nearest directory at or above it that holds
/// every page of [`pages`] (so that the pages are found from the root, a member crate's
/// folder or anywhere below).
pub fn root_from(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| pages().iter().all(|page| dir.join(page).is_file()))
        .map(Path::to_path_buf)
}

/// The figures of `figures` whose opening marker `doc` holds, in order.
pub fn present_in<'a>(doc: &str, figures: &[&'a Figure]) -> Vec<&'a Figure> {
    figures
        .iter()
        .filter(|f| doc.contains(&format!("<!-- figure {} -->\n", f.id)))
        .copied()
        .collect()
}

/// The ids of every `<!-- figure ID -->` marker line in `doc`, in order (known or not); a
/// marker quoted inside a line of prose is not one.
pub fn markers(doc: &str) -> Vec<&str> {
    doc.lines()
        .filter_map(|line| line.strip_prefix("<!-- figure ")?.strip_suffix(" -->"))
        .collect()
}

/// One search cell: average nodes of a configuration over a source at a depth.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct CellKey {
    source: Source,
    sets: &'static [&'static str],
    spec: &'static str,
    depth: i32,
}

/// Total nodes per cell.
type Results = HashMap<CellKey, (u64, usize)>;

fn cells(figures: &[&Figure]) -> Vec<CellKey> {
    let mut keys = Vec::new();
    for f in figures {
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

fn run_cell(key: &CellKey) -> Result<(u64, usize), ConfigError> {
    let sets: Vec<String> = key.sets.iter().map(|s| s.to_string()).collect();
    let config = config::search_config(key.spec, &sets)?;
    let positions = key.source.positions();
    let configs = [(key.spec.to_string(), config)];
    let cells = experiment::run_nodes(&configs, &[key.depth], &positions, 16, |_, _| {});
    Ok((cells[0].nodes.iter().sum(), positions.len()))
}

/// Computes `figures` with `threads` worker threads and renders each as Markdown, in order.
/// `progress(done, total)` is called after each cell.
pub fn compute(
    figures: &[&Figure],
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<(&'static str, String)>, ConfigError> {
    let keys = cells(figures);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Result<Results, ConfigError>> = Mutex::new(Ok(HashMap::new()));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(key) = keys.get(i) else { break };
                    let cell = run_cell(key);
                    let mut guard = results.lock().expect("no worker panics holding it");
                    match (guard.as_mut(), cell) {
                        (Ok(map), Ok(value)) => {
                            map.insert(key.clone(), value);
                        }
                        (Ok(_), Err(e)) => *guard = Err(e),
                        (Err(_), _) => {}
                    }
                    drop(guard);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, keys.len());
                })
                .expect("spawn a figure worker");
        }
    });
    let results = results.into_inner().expect("workers finished")?;
    Ok(figures
        .iter()
        .map(|f| (f.id, render(f, &results)))
        .collect())
}

/// `1234567.4` as `1,234,567`.
fn thousands(v: f64) -> String {
    let digits = format!("{:.0}", v.round());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A change in percent with one decimal, a true minus sign, e.g. `−42.7 %`.
fn percent(v: f64) -> String {
    let text = format!("{:+.1} %", v);
    text.replacen('-', "−", 1)
}

fn render(f: &Figure, results: &Results) -> String {
    let average = |spec: &'static str, depth: i32| {
        let key = CellKey {
            source: f.source,
            sets: f.sets,
            spec,
            depth,
        };
        let (total, n) = results[&key];
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

/// Why a page's figures could not be checked or replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FigureError {
    /// A figure's opening marker is missing.
    MissingMarker(String),
    /// A figure's closing marker is missing.
    Unclosed(String),
}

impl fmt::Display for FigureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FigureError::MissingMarker(id) => {
                write!(f, "no '<!-- figure {id} -->' marker")
            }
            FigureError::Unclosed(id) => {
                write!(f, "figure {id}: no '<!-- /figure -->' after its marker")
            }
        }
    }
}

impl std::error::Error for FigureError {}

/// The byte range of the text between figure `id`'s markers in `doc`.
fn span(doc: &str, id: &str) -> Result<std::ops::Range<usize>, FigureError> {
    let open = format!("<!-- figure {id} -->\n");
    let start = doc
        .find(&open)
        .ok_or_else(|| FigureError::MissingMarker(id.to_string()))?
        + open.len();
    let len = doc[start..]
        .find("<!-- /figure -->")
        .ok_or_else(|| FigureError::Unclosed(id.to_string()))?;
    Ok(start..start + len)
}

/// `doc` with each figure's text replaced by its table.
pub fn splice(doc: &str, tables: &[(&str, String)]) -> Result<String, FigureError> {
    let mut out = doc.to_string();
    for (id, table) in tables {
        let range = span(&out, id)?;
        out.replace_range(range, table);
    }
    Ok(out)
}

/// The figures whose text in `doc` differs from `tables`.
pub fn differences<'a>(
    doc: &str,
    tables: &'a [(&'a str, String)],
) -> Result<Vec<&'a str>, FigureError> {
    let mut out = Vec::new();
    for (id, table) in tables {
        if doc[span(doc, id)?] != *table {
            out.push(*id);
        }
    }
    Ok(out)
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

    #[test]
    fn splicing_replaces_only_between_the_markers() {
        let doc = "a\n<!-- figure x -->\nold\n<!-- /figure -->\nb\n";
        let tables = [("x", "new\n".to_string())];
        assert_eq!(differences(doc, &tables).unwrap(), vec!["x"]);
        let out = splice(doc, &tables).unwrap();
        assert_eq!(out, "a\n<!-- figure x -->\nnew\n<!-- /figure -->\nb\n");
        assert!(differences(&out, &tables).unwrap().is_empty());
        assert_eq!(
            splice("no markers", &tables),
            Err(FigureError::MissingMarker("x".into()))
        );
        assert_eq!(
            splice("<!-- figure x -->\n", &tables),
            Err(FigureError::Unclosed("x".into()))
        );
    }

    #[test]
    fn every_figure_has_a_markdown_page_and_pages_are_listed_once() {
        let pages = pages();
        for f in FIGURES {
            assert!(
                f.page.ends_with(".md") && !f.page.starts_with('/'),
                "{}",
                f.page
            );
            assert_eq!(pages.iter().filter(|p| **p == f.page).count(), 1);
        }
    }

    #[test]
    fn markers_and_presence_are_read_from_a_page() {
        let doc = "x\n<!-- figure table1 -->\nt\n<!-- /figure -->\n<!-- figure nope -->\n\
                   a quoted `<!-- figure ID -->` is prose\n";
        assert_eq!(markers(doc), vec!["table1", "nope"]);
        let all: Vec<&Figure> = FIGURES.iter().collect();
        let present: Vec<&str> = present_in(doc, &all).iter().map(|f| f.id).collect();
        assert_eq!(present, vec!["table1"]);
    }

    #[test]
    fn the_root_is_found_from_below_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let found = root_from(&root.join("src/lab")).expect("the pages are in this checkout");
        assert!(found.join(PAPER_001).is_file());
        assert_eq!(root_from(Path::new("/")), None);
    }

    #[test]
    fn paper_001_figure_counts_the_legal_tree_for_minimax() {
        // Minimax visits the whole legal tree of every iteration: 21 + 421 + 9,323 + 206,604.
        let tables = compute(&[find("paper001").unwrap()], 1, |_, _| {}).unwrap();
        assert!(
            tables[0].1.contains("| `minimax` | 216,369 |"),
            "{}",
            tables[0].1
        );
    }
}
