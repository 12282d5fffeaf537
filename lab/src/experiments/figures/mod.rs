//! The docs' generated tables, as data: each [`Figure`] names its page and what computes
//! it, and renders the Markdown table that page shows.
//!
//! `chainmate-lab experiment figures` prints them; `--write` replaces each table on its page
//! between its markers, and `--check` fails when any differs from a fresh run (both go
//! through every page in [`pages`], or one named file; `lab/tests/figures.rs` checks every page
//! on every test run). A table sits on its page as
//!
//! ```text
//! <!-- figure table1 -->
//! | configuration | depth 5 | change | ... |
//! <!-- /figure -->
//! ```
//!
//! Every table of figures a command regenerates deterministically is here: node counts
//! ([`nodes`]), paper 000's Figure 3 summary (`analyse` at depth 4), its Table 4
//! (`experiment book`), the engine's score and win/draw/loss at a fixed depth
//! ([`tables`]), and the README's "try it" session at a fixed depth ([`transcript`]). They
//! are exact and reproducible on any machine, but for the session's `nps` and `time`, which
//! a check leaves out. Timings and Elo figures are measurements and live outside the
//! markers, dated, with their commit and conditions.
//!
//! The work is shared out over threads: each node-count cell once however many tables show
//! it, each other table as one job.

pub mod nodes;
pub mod tables;
pub mod transcript;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::config::ConfigError;
use crate::search::THREAD_STACK;
use nodes::{noted, row, CellKey, Nodes, Row, Source};
use tables::{AnalyseTable, Table4, WdlRow, WdlTable};
use transcript::Transcript;

/// What computes a figure.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// Average node counts of configurations ([`nodes`]).
    Nodes(Nodes),
    /// Paper 000's Figure 3 summary ([`tables::analyse_table`]).
    Analyse(AnalyseTable),
    /// Paper 000's Table 4 ([`tables::table4`]).
    Table4(Table4),
    /// Score and win/draw/loss at a fixed depth ([`tables::wdl_table`]).
    Wdl(WdlTable),
    /// A UCI session through the engine's front end ([`transcript`]); compared with the page
    /// in everything but the clock.
    Transcript(Transcript),
}

/// A generated table of the docs.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// The marker name.
    pub id: &'static str,
    /// The Markdown page that shows it, relative to the repository root.
    pub page: &'static str,
    /// What computes it.
    pub kind: Kind,
}

/// The page of paper 000's figures.
const PAPER_000: &str = "docs/papers/000-cbr-and-rule-based-pruning.md";
/// The page of paper 001's figures.
const PAPER_001: &str = "docs/papers/001-minimax-to-alpha-beta.md";
/// The page of paper 002's figures.
const PAPER_002: &str = "docs/papers/002-dynamic-move-chains.md";
/// The UCI page (the win/draw/loss model).
const UCI: &str = "docs/uci.md";
/// The README (its "try it" session).
const README: &str = "README.md";

/// Every figure of the docs.
pub const FIGURES: &[Figure] = &[
    Figure {
        id: "try-it",
        page: README,
        kind: Kind::Transcript(Transcript {
            commands: &["uci", "position startpos", "go depth 12"],
            head: 2,
            tail: 3,
        }),
    },
    Figure {
        id: "paper001",
        page: PAPER_001,
        kind: Kind::Nodes(Nodes {
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
        }),
    },
    Figure {
        id: "paper000",
        page: PAPER_000,
        kind: Kind::Nodes(Nodes {
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
        }),
    },
    Figure {
        id: "table1",
        page: PAPER_002,
        kind: Kind::Nodes(Nodes {
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
        }),
    },
    Figure {
        id: "figure3",
        page: PAPER_000,
        kind: Kind::Analyse(AnalyseTable {
            games: &[
                ("low", include_str!("../../../../games/lichess/low.pgn")),
                ("mid", include_str!("../../../../games/lichess/mid.pgn")),
                ("high", include_str!("../../../../games/lichess/high.pgn")),
            ],
            players: &[("base", "Base"), ("pruning", "Pruning")],
            depth: 4,
        }),
    },
    Figure {
        id: "table4",
        page: PAPER_000,
        kind: Kind::Table4(Table4 {
            player: "pruning",
            opponent: "base",
            names: super::table4::PAPER_ROWS,
        }),
    },
    Figure {
        id: "table4-engine",
        page: PAPER_000,
        kind: Kind::Table4(Table4 {
            player: "default",
            opponent: "default",
            names: super::table4::ENGINE_ROWS,
        }),
    },
    Figure {
        id: "wdl",
        page: UCI,
        kind: Kind::Wdl(WdlTable {
            depth: 14,
            stockfish_column: "Stockfish 15.1, `go depth 20`",
            rows: &[
                WdlRow {
                    position: "start",
                    fen: chainmate::core::STARTPOS_FEN,
                    stockfish: "cp 37, wdl 56 943 1",
                },
                WdlRow {
                    position: "1.e4 e5 2.Nf3 Nc6 3.Bb5",
                    fen: "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
                    stockfish: "cp −26, wdl 2 968 30",
                },
                WdlRow {
                    position: "Kiwipete",
                    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                    stockfish: "cp −177, wdl 0 17 983",
                },
                WdlRow {
                    position: "a pawn up, queens off \
                               (`r4rk1/pp3ppp/2n1b3/8/8/2N1B3/PPP2PPP/R4RK1 w`)",
                    fen: "r4rk1/pp3ppp/2n1b3/8/8/2N1B3/PPP2PPP/R4RK1 w - - 0 1",
                    stockfish: "cp 104, wdl 615 385 0",
                },
                WdlRow {
                    position: "rook ending, pawn up (`8/5pk1/6p1/8/5P2/6PP/1r6/R5K1 w`)",
                    fen: "8/5pk1/6p1/8/5P2/6PP/1r6/R5K1 w - - 0 1",
                    stockfish: "cp 6, wdl 13 980 7",
                },
                WdlRow {
                    position: "KRP v KR, Lucena (`1K1k4/1P6/8/8/8/8/r7/2R5 w`)",
                    fen: "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
                    stockfish: "cp 540, wdl 1000 0 0",
                },
            ],
        }),
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

/// One unit of work: a node-count cell, or a whole table of another kind.
enum Job {
    Cell(CellKey),
    Whole(&'static str, Kind),
}

impl Job {
    fn run(&self, done: &mut Done) -> Result<(), ConfigError> {
        match self {
            Job::Cell(key) => {
                let value = nodes::run_cell(key)?;
                done.cells.insert(key.clone(), value);
            }
            Job::Whole(id, kind) => {
                let table = match kind {
                    // Node tables are rendered from their cells.
                    Kind::Nodes(_) => return Ok(()),
                    Kind::Analyse(t) => tables::analyse_table(t)?,
                    Kind::Table4(t) => tables::table4(t)?,
                    Kind::Wdl(t) => tables::wdl_table(t)?,
                    Kind::Transcript(t) => transcript::transcript(t)?,
                };
                done.tables.insert(id, table);
            }
        }
        Ok(())
    }
}

/// What the jobs found: node-count cells, and whole tables by figure.
#[derive(Default)]
struct Done {
    cells: nodes::Cells,
    tables: HashMap<&'static str, String>,
}

/// The jobs `figures` need: the other tables first (the longest jobs), then every node
/// cell once.
fn jobs(figures: &[&'static Figure]) -> Vec<Job> {
    let mut out: Vec<Job> = figures
        .iter()
        .filter(|f| !matches!(f.kind, Kind::Nodes(_)))
        .map(|f| Job::Whole(f.id, f.kind))
        .collect();
    let node_tables: Vec<&Nodes> = figures
        .iter()
        .filter_map(|f| match &f.kind {
            Kind::Nodes(n) => Some(n),
            _ => None,
        })
        .collect();
    out.extend(nodes::cells(&node_tables).into_iter().map(Job::Cell));
    out
}

/// Computes `figures` with `threads` worker threads and renders each as Markdown, in order.
/// `progress(done, total)` is called after each job (a node cell or a whole table).
pub fn compute(
    figures: &[&'static Figure],
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<(&'static str, String)>, ConfigError> {
    let jobs = jobs(figures);
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let results: Mutex<Result<Done, ConfigError>> = Mutex::new(Ok(Done::default()));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let mut mine = Done::default();
                    let outcome = job.run(&mut mine);
                    let mut guard = results.lock().expect("no worker panics holding it");
                    match (guard.as_mut(), outcome) {
                        (Ok(all), Ok(())) => {
                            all.cells.extend(mine.cells);
                            all.tables.extend(mine.tables);
                        }
                        (Ok(_), Err(e)) => *guard = Err(e),
                        (Err(_), _) => {}
                    }
                    drop(guard);
                    progress(finished.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
                })
                .expect("spawn a figure worker");
        }
    });
    let mut done = results.into_inner().expect("workers finished")?;
    Ok(figures
        .iter()
        .map(|f| {
            let table = match &f.kind {
                Kind::Nodes(n) => nodes::render(n, &done.cells),
                _ => done.tables.remove(f.id).unwrap_or_default(),
            };
            (f.id, table)
        })
        .collect())
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
        let shown = &doc[span(doc, id)?];
        let same = match find(id).map(|f| f.kind) {
            Some(Kind::Transcript(_)) => transcript::same(shown, table),
            _ => shown == table,
        };
        if !same {
            out.push(*id);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
