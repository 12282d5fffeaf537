//! Training data that outlives a machine: self-play games and a teacher's scores of them as
//! chunks of viriformat records under the repository's `data/`, each committed as it is
//! made and listed with how it was made in `data/README.md`.
//!
//! | module | what |
//! | --- | --- |
//! | [`chunk`] | one chunk file: read and checked, counted, hashed |
//! | [`manifest`] | the chunk table of `data/README.md` |
//! | [`stats`] | `data stats`: the totals, every row checked against its file |
//!
//! A chunk is a game-number range of one stream (`datagen --viri DIR --chunks K`: games
//! `K·G .. (K+1)·G`, each a pure function of its number, the seed and the settings), written
//! whole and atomically when its last game ends: an interruption loses at most the chunk in
//! progress, and the same command makes the same chunk on any machine.

pub mod chunk;
pub mod manifest;
pub mod stats;

use std::path::{Path, PathBuf};

use chunk::Counts;
use manifest::{Kind, Row};

/// Writes a finished chunk: `bytes` to `path` (atomically), and its row to the table of
/// `manifest` (the README whose folder `path` is named from). Returns the row.
#[allow(clippy::too_many_arguments)]
pub fn commit_chunk(
    path: &Path,
    bytes: &[u8],
    counts: Counts,
    kind: Kind,
    of: Option<String>,
    seed: u64,
    engine: String,
    command: String,
    manifest: Option<&Path>,
) -> Result<Row, crate::cli::CliError> {
    use crate::cli::CliError;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| CliError::Create(dir.to_path_buf(), e))?;
    }
    chainmate::formats::write_atomic(path, bytes)
        .map_err(|e| CliError::Write(path.to_path_buf(), e))?;
    let file = match manifest.and_then(Path::parent) {
        Some(dir) => relative_to(path, dir),
        None => path.display().to_string(),
    };
    let row = Row {
        file,
        kind,
        of,
        games: counts.games,
        positions: counts.positions,
        scored: counts.scored,
        seed,
        engine,
        sha256: chunk::sha256_hex(bytes),
        command,
    };
    if let Some(manifest) = manifest {
        let text = crate::cli::read(manifest)?;
        let text = manifest::with_row(&text, &row)
            .map_err(|e| CliError::Input(format!("{}: {e}", manifest.display())))?;
        chainmate::formats::write_atomic(manifest, text.as_bytes())
            .map_err(|e| CliError::Write(manifest.to_path_buf(), e))?;
    }
    Ok(row)
}

/// `path` relative to `dir` when it lies below it (both made absolute), else as given.
pub fn relative_to(path: &Path, dir: &Path) -> String {
    let absolute =
        |p: &Path| -> PathBuf { std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()) };
    let (p, d) = (absolute(path), absolute(dir));
    p.strip_prefix(&d)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|_| path.display().to_string())
}

/// The engine that plays: this build's commit and search signature (`Bench`).
pub fn engine_label() -> String {
    let bench = chainmate::bench::run(
        &chainmate::search::SearchConfig::new(),
        chainmate::bench::DEFAULT_DEPTH,
    );
    format!(
        "chainmate {}, Bench {}",
        chainmate::cli::version::COMMIT,
        bench.nodes
    )
}
