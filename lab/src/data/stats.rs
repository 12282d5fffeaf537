//! `data stats`: what `data/` holds, from its README's chunk table, every row checked
//! against its file — the file is there, its SHA-256 is the listed one, every game reads
//! (a legal board, legal moves, a result), its counts are the listed ones, and a teacher
//! chunk holds the very games of the chunk it scores. A chunk file that no row lists is
//! reported too. Nothing is skipped in silence: each problem names its file (and, for a game
//! that cannot be read, its byte offset).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::chunk::{self, Counts};
use super::manifest::{self, Kind, Row};
use chainmate::formats::viriformat::ViriGame;

/// The totals and the problems found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Chunks listed.
    pub chunks: u64,
    /// Bytes of the chunk files found.
    pub bytes: u64,
    /// Self-play games (training and held out).
    pub games: u64,
    /// Self-play positions (moves), training and held out.
    pub positions: u64,
    /// Of them, in held-out chunks.
    pub holdout_positions: u64,
    /// Positions a teacher scored.
    pub teacher_positions: u64,
    /// Whether every listed file is there with its listed SHA-256.
    pub checksums_ok: bool,
    /// Every problem, one line each, naming its file.
    pub problems: Vec<String>,
}

/// Reads the table of `readme` and checks every row against its file (paths relative to the
/// README's folder).
pub fn check(readme: &Path) -> Result<Stats, String> {
    let text = std::fs::read_to_string(readme)
        .map_err(|e| format!("cannot read {}: {e}", readme.display()))?;
    let rows = manifest::parse(&text).map_err(|e| format!("{}: {e}", readme.display()))?;
    let dir = readme.parent().unwrap_or(Path::new("."));
    let mut stats = Stats {
        chunks: rows.len() as u64,
        checksums_ok: true,
        ..Stats::default()
    };
    // The games of each self-play chunk read, for its teachers' check.
    let mut games: HashMap<&str, Vec<ViriGame>> = HashMap::new();
    let mut order: Vec<&Row> = rows.iter().filter(|r| r.kind != Kind::Teacher).collect();
    order.extend(rows.iter().filter(|r| r.kind == Kind::Teacher));
    for row in order {
        let path = dir.join(&row.file);
        let bytes = match chunk::read_bytes(&path) {
            Ok(b) => b,
            Err(e) => {
                stats.checksums_ok = false;
                stats.problems.push(e.to_string());
                continue;
            }
        };
        stats.bytes += bytes.len() as u64;
        let sha = chunk::sha256_hex(&bytes);
        if sha != row.sha256 {
            stats.checksums_ok = false;
            stats.problems.push(format!(
                "{}: SHA-256 {sha}, the table lists {}",
                row.file, row.sha256
            ));
        }
        let read = match chunk::games_of(&path, &bytes) {
            Ok(g) => g,
            Err(e) => {
                stats.problems.push(e.to_string());
                continue;
            }
        };
        let counts = Counts::of(&read);
        let listed = Counts {
            games: row.games,
            positions: row.positions,
            scored: row.scored,
        };
        if counts != listed {
            stats.problems.push(format!(
                "{}: holds {} games, {} positions, {} scored; the table lists {}, {}, {}",
                row.file,
                counts.games,
                counts.positions,
                counts.scored,
                row.games,
                row.positions,
                row.scored
            ));
        }
        match row.kind {
            Kind::SelfPlay | Kind::Holdout => {
                stats.games += counts.games;
                stats.positions += counts.positions;
                if row.kind == Kind::Holdout {
                    stats.holdout_positions += counts.positions;
                }
                games.insert(&row.file, read);
            }
            Kind::Teacher => {
                stats.teacher_positions += counts.scored;
                let of = row.of.as_deref().unwrap_or_default();
                match games.get(of) {
                    None => stats.problems.push(format!(
                        "{}: scores {of}, which the table does not list (or which cannot be read)",
                        row.file
                    )),
                    Some(base) if !same_games(base, &read) => stats
                        .problems
                        .push(format!("{}: its games are not those of {of}", row.file)),
                    Some(_) => {}
                }
            }
        }
    }
    for file in unlisted(dir, &rows) {
        stats.problems.push(format!(
            "{}: a chunk file that the table does not list",
            file.display()
        ));
    }
    Ok(stats)
}

/// Whether two chunks hold the same games: starts, results and moves (not scores).
fn same_games(a: &[ViriGame], b: &[ViriGame]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.start == y.start
                && x.result == y.result
                && x.moves.len() == y.moves.len()
                && x.moves.iter().zip(&y.moves).all(|(m, n)| m.0 == n.0)
        })
}

/// The `.vf` files below `dir` that no row names.
fn unlisted(dir: &Path, rows: &[Row]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "vf") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|f| {
            let name = super::relative_to(f, dir);
            !rows.iter().any(|r| r.file == name)
        })
        .collect()
}
