//! The error of a move that is malformed or not legal: a leaf type, shared by the board's
//! checked play ([`super::Board::try_play`]) and the notation readers.

use std::fmt;

/// Why a move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in UCI notation (`e2e4`, `e7e8q`).
    NotUci(String),
    /// The text is not a move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`).
    NotSan(String),
    /// A well-formed move that is not legal in the position.
    Illegal {
        /// The move as written.
        text: String,
        /// Why not: no piece there, the other side's piece, a missing promotion, the king
        /// left in check, ...
        reason: String,
    },
    /// A SAN move that matches more than one legal move.
    Ambiguous(String),
}

impl MoveError {
    /// The move text the error is about.
    pub fn text(&self) -> &str {
        match self {
            MoveError::NotUci(s) | MoveError::NotSan(s) | MoveError::Ambiguous(s) => s,
            MoveError::Illegal { text, .. } => text,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotUci(s) => write!(
                f,
                "'{s}' is not UCI notation (from-square, to-square and an optional promotion \
                 letter, e.g. e2e4 or e7e8q)"
            ),
            MoveError::NotSan(s) => {
                write!(f, "'{s}' is not a move in SAN (e.g. Nf3, exd5, O-O, e8=Q)")
            }
            MoveError::Illegal { text, reason } => write!(f, "'{text}' is illegal here: {reason}"),
            MoveError::Ambiguous(s) => write!(f, "'{s}' is ambiguous: several legal moves match"),
        }
    }
}

impl std::error::Error for MoveError {}
