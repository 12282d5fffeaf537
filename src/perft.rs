//! Perft: counting the leaf nodes of the legal move tree to a fixed depth.
//!
//! Perft is the move generator's proof (the counts of standard positions are known exactly)
//! and its benchmark. Two counting modes:
//!
//! * **bulk** (default): at the last ply the legal moves are counted, not played — the
//!   generator's counting sink adds popcounts of target sets without building a list;
//! * **no bulk**: every leaf move is played (a copy-make per leaf), which measures make-move.
//!
//! No transposition hashing is used: each number is a plain tree walk. `--threads` splits the
//! root moves over threads with a shared work index.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::core::{Board, FenError, Move};

/// Leaf count with bulk counting at the last ply.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &mv in board.legal_moves().iter() {
                let mut next = *board;
                next.play_unchecked(mv);
                nodes += perft(&next, depth - 1);
            }
            nodes
        }
    }
}

/// Leaf count playing every move, leaves included.
pub fn perft_no_bulk(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in board.legal_moves().iter() {
        let mut next = *board;
        next.play_unchecked(mv);
        nodes += perft_no_bulk(&next, depth - 1);
    }
    nodes
}

/// Counts the leaves below `board` with the chosen mode.
pub fn count(board: &Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        perft(board, depth)
    } else {
        perft_no_bulk(board, depth)
    }
}

/// Leaf counts below each root move, in generation order ("divide").
pub fn divide(board: &Board, depth: u32, bulk: bool, threads: usize) -> Vec<(Move, u64)> {
    let moves = board.legal_moves();
    if depth == 0 {
        return Vec::new();
    }
    let results = Mutex::new(vec![0u64; moves.len()]);
    let next_index = AtomicUsize::new(0);
    let work = || loop {
        let i = next_index.fetch_add(1, Ordering::Relaxed);
        let Some(&mv) = moves.get(i) else { break };
        let mut next = *board;
        next.play_unchecked(mv);
        let n = count(&next, depth - 1, bulk);
        results
            .lock()
            .expect("no thread panics while holding the lock")[i] = n;
    };
    std::thread::scope(|s| {
        for _ in 1..threads.max(1) {
            s.spawn(work);
        }
        work();
    });
    let counts = results.into_inner().expect("threads finished");
    moves.iter().copied().zip(counts).collect()
}

/// Total leaf count, with the root moves split over `threads` threads.
pub fn perft_threads(board: &Board, depth: u32, bulk: bool, threads: usize) -> u64 {
    if threads <= 1 || depth <= 1 {
        return count(board, depth, bulk);
    }
    divide(board, depth, bulk, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// One line of a perft EPD suite: a position and its known counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The FEN as written in the suite.
    pub fen: String,
    /// The parsed position.
    pub board: Board,
    /// `(depth, expected leaf count)`, in the order given.
    pub expected: Vec<(u32, u64)>,
    /// The `id` operation, if present.
    pub id: Option<String>,
}

/// Why a perft EPD line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftEpdError {
    /// The FEN part is invalid.
    Fen(FenError),
    /// An operation that is not `Dn count` or `id "..."`.
    BadOperation(String),
    /// No depth counts at all.
    NoCounts,
}

impl fmt::Display for PerftEpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftEpdError::Fen(e) => write!(f, "bad FEN: {e}"),
            PerftEpdError::BadOperation(op) => {
                write!(f, "bad operation '{op}' (expected e.g. ';D3 8902')")
            }
            PerftEpdError::NoCounts => write!(f, "no ';Dn count' operations"),
        }
    }
}

impl std::error::Error for PerftEpdError {}

impl PerftCase {
    /// Parses `FEN ;D1 20 ;D2 400 ... [;id "name"]`. Blank lines and `#` comments are the
    /// caller's business.
    pub fn parse(line: &str) -> Result<PerftCase, PerftEpdError> {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let board = Board::from_fen(&fen).map_err(PerftEpdError::Fen)?;
        let mut expected = Vec::new();
        let mut id = None;
        for op in parts.map(str::trim).filter(|op| !op.is_empty()) {
            if let Some(rest) = op.strip_prefix("id") {
                id = Some(rest.trim().trim_matches('"').to_string());
                continue;
            }
            let bad = || PerftEpdError::BadOperation(op.to_string());
            let (name, value) = op.split_once(char::is_whitespace).ok_or_else(bad)?;
            let depth: u32 = name
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .ok_or_else(bad)?;
            let nodes: u64 = value.trim().parse().map_err(|_| bad())?;
            expected.push((depth, nodes));
        }
        if expected.is_empty() {
            return Err(PerftEpdError::NoCounts);
        }
        Ok(PerftCase {
            fen,
            board,
            expected,
            id,
        })
    }
}

/// Reads every case of a suite's text. Blank lines and lines starting with `#` are skipped;
/// an unreadable line is reported with its 1-based line number.
pub fn parse_suite(text: &str) -> Result<Vec<PerftCase>, (usize, PerftEpdError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| PerftCase::parse(l).map_err(|e| (i + 1, e)))
        .collect()
}
