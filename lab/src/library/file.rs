//! The action library's records and its file.
//!
//! A record is one case `{Wm, Wf, Bm}` with its number of occurrences: identical cases (the
//! same reply to the same move in the same position — the common opening positions) are
//! stored once with a count. `Bf` is `Wf` after `Bm` and `S` is computed from `Wf`
//! ([`super::encoding`]), so neither is stored.
//!
//! File layout, little-endian:
//!
//! | bytes | content |
//! | --- | --- |
//! | 8 | magic `CMACTLIB` |
//! | 4 | version (1) |
//! | 4 | reserved (0) |
//! | 8 | record count `n` |
//! | 8 | case count (the sum of the records' counts) |
//! | 8 | games mined |
//! | 40·n | records, sorted by (opponent move, position key, reply) |
//! | 4·n | the position index: record numbers sorted by (position key, number) |
//!
//! A record: the Polyglot key of `Wf` (u64; Polyglot's published hash, so the file does not
//! depend on this build's Zobrist keys), the occupied squares of `Wf` (u64), the pieces on
//! them from a1 upwards as 4-bit codes (16 bytes; 1–6 white pawn..king, 7–12 black), the
//! opponent's move `Wm` and the reply `Bm` in this engine's 16-bit move encoding (from,
//! to, kind), and the count (u32).

use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::encoding::PieceSets;
use chainmate::core::{Bitboard, Board, Color, Move, Piece, Square};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"CMACTLIB";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;
/// Header size in bytes.
pub const HEADER: usize = 40;
/// Record size in bytes.
pub const RECORD: usize = 40;

/// A position's pieces in 24 bytes: occupied squares and a 4-bit code per occupied square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CompactBoard {
    /// Occupied squares.
    pub occupied: u64,
    /// Codes of the occupied squares from a1 upwards, two per byte (low nibble first).
    pub codes: [u8; 16],
}

impl CompactBoard {
    /// The pieces of `board` (at most 32, as in any legal position; more are dropped).
    pub fn new(board: &Board) -> CompactBoard {
        let mut codes = [0u8; 16];
        let occupied = board.occupied().0;
        for (i, sq) in board.occupied().iter().take(32).enumerate() {
            let piece = board.piece_on(sq).expect("occupied");
            let color = board.color_on(sq).expect("occupied");
            let code = 1 + piece as u8 + 6 * (color == Color::Black) as u8;
            codes[i / 2] |= code << (4 * (i % 2));
        }
        CompactBoard { occupied, codes }
    }

    /// The pieces as sets, or `None` if a code is not a piece (a corrupt record).
    pub fn piece_sets(&self) -> Option<PieceSets> {
        let mut sets = [[0u64; 6]; 2];
        if self.occupied.count_ones() > 32 {
            return None;
        }
        for (i, sq) in Bitboard(self.occupied).iter().enumerate() {
            let code = (self.codes[i / 2] >> (4 * (i % 2))) & 15;
            if !(1..=12).contains(&code) {
                return None;
            }
            let kind = code as usize - 1;
            sets[kind / 6][kind % 6] |= 1u64 << sq as u8;
        }
        Some(sets)
    }

    /// The colour and piece on `sq`.
    pub fn piece_on(&self, sq: Square) -> Option<(Color, Piece)> {
        let bit = 1u64 << sq as u8;
        if self.occupied & bit == 0 {
            return None;
        }
        let i = (self.occupied & (bit - 1)).count_ones() as usize;
        if i >= 32 {
            return None;
        }
        let code = (self.codes[i / 2] >> (4 * (i % 2))) & 15;
        (1..=12).contains(&code).then(|| {
            (
                Color::ALL[(code as usize - 1) / 6],
                Piece::ALL[(code as usize - 1) % 6],
            )
        })
    }
}

/// One case with its number of occurrences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Polyglot key of the position after the opponent's move (`Wf`).
    pub key: u64,
    /// `Wf`'s pieces.
    pub board: CompactBoard,
    /// The opponent's move `Wm`.
    pub opponent: Move,
    /// The reply `Bm`.
    pub reply: Move,
    /// Occurrences.
    pub count: u32,
}

impl Record {
    /// The order of the file: opponent move, position key, reply.
    pub fn sort_key(&self) -> (u16, u64, u16) {
        (self.opponent.to_bits(), self.key, self.reply.to_bits())
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.to_le_bytes());
        out.extend_from_slice(&self.board.occupied.to_le_bytes());
        out.extend_from_slice(&self.board.codes);
        out.extend_from_slice(&self.opponent.to_bits().to_le_bytes());
        out.extend_from_slice(&self.reply.to_bits().to_le_bytes());
        out.extend_from_slice(&self.count.to_le_bytes());
    }

    fn read(bytes: &[u8]) -> Option<Record> {
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let record = Record {
            key: u64_at(0),
            board: CompactBoard {
                occupied: u64_at(8),
                codes: bytes[16..32].try_into().expect("16 bytes"),
            },
            opponent: Move::from_bits(u16_at(32))?,
            reply: Move::from_bits(u16_at(34))?,
            count: u32::from_le_bytes(bytes[36..40].try_into().expect("4 bytes")),
        };
        (record.count > 0 && record.board.piece_sets().is_some()).then_some(record)
    }
}

/// Why a library file cannot be used.
#[derive(Debug)]
pub enum LibraryError {
    /// The file cannot be read or written.
    Io(PathBuf, std::io::Error),
    /// The file is not an action library (or a newer version).
    Format {
        /// The file.
        path: PathBuf,
        /// Byte offset of the problem.
        offset: usize,
        /// What is wrong.
        problem: String,
    },
    /// Another engine holds the file's lock for too long.
    Locked(PathBuf),
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LibraryError::Io(path, e) => write!(f, "action library {}: {e}", path.display()),
            LibraryError::Format {
                path,
                offset,
                problem,
            } => write!(
                f,
                "action library {}: byte {offset}: {problem}",
                path.display()
            ),
            LibraryError::Locked(path) => write!(
                f,
                "action library {}: locked by another process (remove {}.lock if none runs)",
                path.display(),
                path.display()
            ),
        }
    }
}

impl std::error::Error for LibraryError {}

/// A library's contents as read from a file.
#[derive(Clone, Debug, Default)]
pub struct Contents {
    /// Records in file order.
    pub records: Vec<Record>,
    /// Record numbers by position key.
    pub by_key: Vec<u32>,
    /// Games mined.
    pub games: u64,
    /// Records skipped as corrupt (bad move encoding, bad piece code, zero count).
    pub skipped: usize,
}

impl Contents {
    /// Contents from records in any order: sorted, identical cases merged, indexed.
    pub fn from_records(mut records: Vec<Record>, games: u64) -> Contents {
        records.sort_unstable_by_key(Record::sort_key);
        let mut merged: Vec<Record> = Vec::with_capacity(records.len());
        for r in records {
            match merged.last_mut() {
                Some(last) if last.sort_key() == r.sort_key() => {
                    last.count = last.count.saturating_add(r.count)
                }
                _ => merged.push(r),
            }
        }
        let by_key = key_index(&merged);
        Contents {
            records: merged,
            by_key,
            games,
            skipped: 0,
        }
    }

    /// The number of cases (occurrences).
    pub fn cases(&self) -> u64 {
        self.records.iter().map(|r| r.count as u64).sum()
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.records.len();
        let mut out = Vec::with_capacity(HEADER + n * (RECORD + 4));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&(n as u64).to_le_bytes());
        out.extend_from_slice(&self.cases().to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        for r in &self.records {
            r.write(&mut out);
        }
        for &i in &self.by_key {
            out.extend_from_slice(&i.to_le_bytes());
        }
        out
    }

    /// Reads a file's bytes (`path` names it in errors). Corrupt records are skipped and
    /// counted; a wrong magic, version, size or order is an error.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Contents, LibraryError> {
        let fail = |offset: usize, problem: String| LibraryError::Format {
            path: path.to_path_buf(),
            offset,
            problem,
        };
        if bytes.len() < HEADER {
            return Err(fail(
                0,
                format!(
                    "{} bytes: shorter than the {HEADER}-byte header",
                    bytes.len()
                ),
            ));
        }
        if &bytes[..8] != MAGIC {
            return Err(fail(0, "not an action library (wrong magic bytes)".into()));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(fail(
                8,
                format!("version {version}; this build reads version {VERSION}"),
            ));
        }
        let n = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let games = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
        let expected = (n as u128) * (RECORD as u128 + 4) + HEADER as u128;
        if expected != bytes.len() as u128 {
            return Err(fail(
                16,
                format!(
                    "{n} records need {expected} bytes, the file has {} (truncated?)",
                    bytes.len()
                ),
            ));
        }
        let n = n as usize;
        let mut records = Vec::with_capacity(n);
        let mut skipped = 0;
        let mut previous: Option<(u16, u64, u16)> = None;
        for i in 0..n {
            let offset = HEADER + i * RECORD;
            let Some(record) = Record::read(&bytes[offset..offset + RECORD]) else {
                skipped += 1;
                continue;
            };
            if previous.is_some_and(|p| p >= record.sort_key()) {
                return Err(fail(offset, format!("record {i} is out of order")));
            }
            previous = Some(record.sort_key());
            records.push(record);
        }
        // The stored index is valid only when no record was skipped; rebuild it otherwise.
        let by_key = if skipped == 0 {
            let start = HEADER + n * RECORD;
            let index: Vec<u32> = bytes[start..]
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
                .collect();
            if !is_key_index(&index, &records) {
                return Err(fail(
                    start,
                    "the position index is not sorted by key".into(),
                ));
            }
            index
        } else {
            key_index(&records)
        };
        Ok(Contents {
            records,
            by_key,
            games,
            skipped,
        })
    }

    /// Reads a file (a regular file: not a directory or a device).
    pub fn load(path: &Path) -> Result<Contents, LibraryError> {
        let io = |e| LibraryError::Io(path.to_path_buf(), e);
        if !std::fs::metadata(path).map_err(io)?.is_file() {
            return Err(LibraryError::Format {
                path: path.to_path_buf(),
                offset: 0,
                problem: "not a regular file".into(),
            });
        }
        let bytes = std::fs::read(path).map_err(io)?;
        Contents::from_bytes(&bytes, path)
    }

    /// Writes the file atomically: a temporary file beside it, flushed, then renamed over it.
    pub fn save(&self, path: &Path) -> Result<(), LibraryError> {
        chainmate::formats::write_atomic(path, &self.to_bytes())
            .map_err(|e| LibraryError::Io(path.to_path_buf(), e))
    }
}

/// Record numbers sorted by (key, number).
fn key_index(records: &[Record]) -> Vec<u32> {
    let mut index: Vec<u32> = (0..records.len() as u32).collect();
    index.sort_unstable_by_key(|&i| (records[i as usize].key, i));
    index
}

/// Whether `index` is a permutation of the records sorted by (key, number).
fn is_key_index(index: &[u32], records: &[Record]) -> bool {
    if index.len() != records.len() {
        return false;
    }
    let mut seen = vec![false; records.len()];
    let mut previous: Option<(u64, u32)> = None;
    for &i in index {
        let Some(r) = records.get(i as usize) else {
            return false;
        };
        if std::mem::replace(&mut seen[i as usize], true) {
            return false;
        }
        if previous.is_some_and(|p| p >= (r.key, i)) {
            return false;
        }
        previous = Some((r.key, i));
    }
    true
}

/// An exclusive lock on a library file, held while it exists: `FILE.lock`, created with
/// `create_new` (atomic on every platform). A lock older than [`STALE_LOCK`] is taken to be
/// left by a process that died and is removed.
pub struct FileLock(PathBuf);

/// Age after which a lock is considered abandoned.
pub const STALE_LOCK: std::time::Duration = std::time::Duration::from_secs(60);

impl FileLock {
    /// Waits up to `wait` for the lock of `path`.
    pub fn acquire(path: &Path, wait: std::time::Duration) -> Result<FileLock, LibraryError> {
        let mut name = path.as_os_str().to_os_string();
        name.push(".lock");
        let lock = PathBuf::from(name);
        let start = std::time::Instant::now();
        loop {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&lock)
            {
                Ok(mut f) => {
                    let _ = writeln!(f, "{}", std::process::id());
                    return Ok(FileLock(lock));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let stale = std::fs::metadata(&lock)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok())
                        .is_some_and(|age| age > STALE_LOCK);
                    if stale {
                        let _ = std::fs::remove_file(&lock);
                        continue;
                    }
                    if start.elapsed() >= wait {
                        return Err(LibraryError::Locked(path.to_path_buf()));
                    }
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => return Err(LibraryError::Io(lock, e)),
            }
        }
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(board: &Board, opponent: Move, reply: &str, count: u32) -> Record {
        let reply = board.parse_uci(reply).unwrap();
        Record {
            key: crate::book::polyglot::key(board),
            board: CompactBoard::new(board),
            opponent,
            reply,
            count,
        }
    }

    #[test]
    fn compact_boards_keep_every_piece() {
        let board =
            Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let compact = CompactBoard::new(&board);
        assert_eq!(
            compact.piece_sets(),
            Some(super::super::encoding::piece_sets(&board))
        );
        for sq in Square::ALL {
            assert_eq!(
                compact.piece_on(sq),
                board.color_on(sq).zip(board.piece_on(sq)),
                "{sq}"
            );
        }
    }

    #[test]
    fn files_round_trip_merge_duplicates_and_refuse_damage() {
        let start = Board::startpos();
        let e2e4 = start.parse_uci("e2e4").unwrap();
        let mut e4 = start;
        e4.play(e2e4);
        let records = vec![
            record(&e4, e2e4, "c7c5", 1),
            record(&e4, e2e4, "e7e5", 2),
            record(&e4, e2e4, "c7c5", 3),
        ];
        let contents = Contents::from_records(records, 3);
        assert_eq!(contents.records.len(), 2);
        assert_eq!(contents.cases(), 6);
        let bytes = contents.to_bytes();
        assert_eq!(bytes.len(), HEADER + 2 * (RECORD + 4));
        let path = Path::new("test.lib");
        let back = Contents::from_bytes(&bytes, path).unwrap();
        assert_eq!(back.records, contents.records);
        assert_eq!(back.by_key, contents.by_key);
        assert_eq!(back.games, 3);
        // Truncated, wrong magic, wrong version: errors naming the offset.
        let cut = Contents::from_bytes(&bytes[..bytes.len() - 3], path).unwrap_err();
        assert!(cut.to_string().contains("truncated"), "{cut}");
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(Contents::from_bytes(&magic, path)
            .unwrap_err()
            .to_string()
            .contains("magic"));
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(Contents::from_bytes(&version, path)
            .unwrap_err()
            .to_string()
            .contains("version 9"));
        // A record whose reply is not a move encoding is skipped, not fatal.
        let mut bad = bytes.clone();
        bad[HEADER + 34] = 0;
        bad[HEADER + 35] = 0;
        let read = Contents::from_bytes(&bad, path).unwrap();
        assert_eq!((read.records.len(), read.skipped), (1, 1));
    }

    #[test]
    fn a_lock_excludes_a_second_holder_until_dropped() {
        let dir = std::env::temp_dir().join(format!("cm-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.lib");
        let first = FileLock::acquire(&path, std::time::Duration::ZERO).unwrap();
        assert!(matches!(
            FileLock::acquire(&path, std::time::Duration::from_millis(50)),
            Err(LibraryError::Locked(_))
        ));
        drop(first);
        assert!(FileLock::acquire(&path, std::time::Duration::ZERO).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
