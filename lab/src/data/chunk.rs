//! One chunk file: viriformat games ([`chainmate::formats::viriformat`]), read whole and
//! checked, counted, and hashed.

use std::fmt;
use std::path::{Path, PathBuf};

use chainmate::formats::viriformat::{Reader, ViriError, ViriGame, NO_SCORE};
use sha2::{Digest, Sha256};

/// The most bytes a chunk may hold (each is committed as it is made: the repository's budget
/// counts them).
pub const MAX_CHUNK_BYTES: usize = 8 << 20;

/// What a chunk holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games.
    pub games: u64,
    /// Moves: positions, each with the move played from it.
    pub positions: u64,
    /// Moves with a score.
    pub scored: u64,
}

impl Counts {
    /// The counts of `games`.
    pub fn of(games: &[ViriGame]) -> Counts {
        let mut c = Counts {
            games: games.len() as u64,
            ..Counts::default()
        };
        for g in games {
            c.positions += g.moves.len() as u64;
            c.scored += g.moves.iter().filter(|(_, s)| *s != NO_SCORE).count() as u64;
        }
        c
    }
}

/// Why a chunk could not be used.
#[derive(Debug)]
pub enum ChunkError {
    /// The file could not be read.
    Read(PathBuf, std::io::Error),
    /// A game could not be read: the file and the error (its byte offset and why).
    Game(PathBuf, ViriError),
}

impl fmt::Display for ChunkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChunkError::Read(path, e) => write!(f, "cannot read {}: {e}", path.display()),
            ChunkError::Game(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for ChunkError {}

/// The SHA-256 of `bytes`, in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The bytes of the chunk at `path`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ChunkError> {
    std::fs::read(path).map_err(|e| ChunkError::Read(path.to_path_buf(), e))
}

/// Every game of the chunk at `path`, each checked (an error names the file and the offset
/// of the game it could not read).
pub fn read_games(path: &Path) -> Result<Vec<ViriGame>, ChunkError> {
    let bytes = read_bytes(path)?;
    games_of(path, &bytes)
}

/// The games of `bytes`, read from the file `path` (named in an error).
pub fn games_of(path: &Path, bytes: &[u8]) -> Result<Vec<ViriGame>, ChunkError> {
    Reader::new(bytes)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ChunkError::Game(path.to_path_buf(), e))
}

/// The bytes of `games`, one after another.
pub fn bytes_of(games: &[ViriGame]) -> Vec<u8> {
    let mut out = Vec::with_capacity(games.iter().map(ViriGame::byte_len).sum());
    for g in games {
        g.write(&mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_sha_256() {
        // FIPS 180-2's example "abc".
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
