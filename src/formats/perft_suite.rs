//! Perft suites: EPD lines of a position and its known leaf counts,
//! `FEN ;D1 20 ;D2 400 ... [;id "name"]`.

use std::fmt;

use crate::core::{Board, FenError};

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
    super::records(text)
        .map(|(n, l)| PerftCase::parse(l).map_err(|e| (n, e)))
        .collect()
}
