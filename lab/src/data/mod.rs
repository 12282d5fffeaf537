//! Training data that outlives a machine: self-play games and a teacher's scores of them as
//! chunks of viriformat records under the repository's `data/`, each committed as it is
//! made and listed with how it was made in `data/README.md`.
//!
//! | module | what |
//! | --- | --- |
//! | [`chunk`] | one chunk file: read and checked, counted, hashed |
//! | [`positions`] | the positions a fit and the evaluation error take from chunks, with their labels |
//! | [`error`] | `data error`: our quiescence score against a teacher's on the held-out positions |
//! | [`manifest`] | the chunk table of `data/README.md` |
//! | [`stats`] | `data stats`: the totals, every row checked against its file |
//! | [`teacher`] | `data label`: a stronger engine's scores of a chunk's games, as a parallel chunk |
//!
//! A chunk is a game-number range of one stream (`datagen --viri DIR --chunks K`: games
//! `K·G .. (K+1)·G`, each a pure function of its number, the seed and the settings), written
//! whole and atomically when its last game ends: an interruption loses at most the chunk in
//! progress, and the same command makes the same chunk on any machine.

pub mod chunk;
pub mod error;
pub mod manifest;
pub mod positions;
pub mod stats;
pub mod teacher;

use std::path::{Path, PathBuf};

use chunk::Counts;
use manifest::{Kind, Row};

/// What a chunk's row says besides its file, counts and hash.
#[derive(Clone, Debug)]
pub struct ChunkInfo {
    /// What it is for.
    pub kind: Kind,
    /// For a teacher chunk, the chunk it scores.
    pub of: Option<String>,
    /// The seed of its games.
    pub seed: u64,
    /// What played or scored.
    pub engine: String,
    /// The command that makes it.
    pub command: String,
}

/// Writes a finished chunk: `bytes` to `path` (atomically), and its row to the table of
/// `manifest` (the README whose folder `path` is named from). Returns the row; an error says
/// which file could not be written or read.
pub fn commit_chunk(
    path: &Path,
    bytes: &[u8],
    counts: Counts,
    info: ChunkInfo,
    manifest: Option<&Path>,
) -> Result<Row, String> {
    let failed =
        |what: &str, p: &Path, e: std::io::Error| format!("cannot {what} {}: {e}", p.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| failed("create", dir, e))?;
    }
    chainmate::formats::write_atomic(path, bytes).map_err(|e| failed("write", path, e))?;
    let file = match manifest.and_then(Path::parent) {
        Some(dir) => relative_to(path, dir),
        None => path.display().to_string(),
    };
    let row = Row {
        file,
        kind: info.kind,
        of: info.of,
        games: counts.games,
        positions: counts.positions,
        scored: counts.scored,
        seed: info.seed,
        engine: info.engine,
        sha256: chunk::sha256_hex(bytes),
        command: info.command,
    };
    if let Some(manifest) = manifest {
        // Two commands may finish a chunk at once (datagen and data label side by side): the
        // table's read-modify-write holds a lock file, so that neither loses the other's row.
        let _lock = ManifestLock::take(manifest)?;
        let text = std::fs::read_to_string(manifest).map_err(|e| failed("read", manifest, e))?;
        let text =
            manifest::with_row(&text, &row).map_err(|e| format!("{}: {e}", manifest.display()))?;
        chainmate::formats::write_atomic(manifest, text.as_bytes())
            .map_err(|e| failed("write", manifest, e))?;
    }
    Ok(row)
}

/// `<manifest>.lock`, created exclusively while a row is written and removed when dropped. A
/// lock older than a minute is a crashed writer's and is taken over.
struct ManifestLock(PathBuf);

impl ManifestLock {
    fn take(manifest: &Path) -> Result<ManifestLock, String> {
        let mut name = manifest.as_os_str().to_os_string();
        name.push(".lock");
        let path = PathBuf::from(name);
        let started = std::time::Instant::now();
        loop {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(_) => return Ok(ManifestLock(path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let stale = std::fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok())
                        .is_some_and(|age| age > std::time::Duration::from_secs(60));
                    if stale || started.elapsed() > std::time::Duration::from_secs(120) {
                        let _ = std::fs::remove_file(&path);
                    }
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
            }
        }
    }
}

impl Drop for ManifestLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `path` relative to `dir` when it lies below it (both made absolute), else as given.
pub fn relative_to(path: &Path, dir: &Path) -> String {
    // A file's parent may be "" (a bare file name): the current folder.
    let absolute = |p: &Path| -> PathBuf {
        let p = if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        };
        std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
    };
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
