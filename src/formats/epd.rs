//! EPD (Extended Position Description) records: a position (the first four FEN fields,
//! optionally followed by the two clocks) and `;`-terminated operations such as
//! `bm Qg6; id "WAC.001";`.

use std::fmt;

use crate::core::{Board, FenError, Move, MoveError};

/// One operation: an opcode and its operands (quotes removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdOp {
    /// The opcode (`bm`, `am`, `id`, `D5`, ...).
    pub opcode: String,
    /// The operands.
    pub operands: Vec<String>,
}

/// A parsed EPD line.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    /// The position.
    pub board: Board,
    /// The operations, in order.
    pub ops: Vec<EpdOp>,
}

/// Why an EPD line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdError {
    /// Fewer than four position fields.
    MissingFields,
    /// The position is invalid.
    Fen(FenError),
    /// A quoted operand is not closed.
    UnclosedQuote,
    /// A move operand (`bm`, `am`) is not a legal move here.
    BadMove(MoveError),
    /// A test suite's line with no `bm` or `am` move: nothing to solve.
    NoTarget,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::MissingFields => write!(f, "an EPD line needs at least 4 position fields"),
            EpdError::Fen(e) => write!(f, "bad position: {e}"),
            EpdError::UnclosedQuote => write!(f, "unclosed quote in an operation"),
            EpdError::BadMove(e) => write!(f, "bad move operand: {e}"),
            EpdError::NoTarget => write!(f, "no 'bm' or 'am' move, nothing to solve"),
        }
    }
}

impl std::error::Error for EpdError {}

/// Splits `text` at `;` outside quotes, then each operation into whitespace-separated
/// operands with quoted strings kept whole.
fn parse_ops(text: &str) -> Result<Vec<EpdOp>, EpdError> {
    let mut ops = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let flush_token = |current: &mut String, tokens: &mut Vec<String>| {
        if !current.is_empty() {
            tokens.push(std::mem::take(current));
        }
    };
    for c in text.chars() {
        match c {
            '"' => {
                if quoted {
                    tokens.push(std::mem::take(&mut current));
                }
                quoted = !quoted;
            }
            c if quoted => current.push(c),
            ';' => {
                flush_token(&mut current, &mut tokens);
                if let Some((opcode, operands)) = tokens.split_first() {
                    ops.push(EpdOp {
                        opcode: opcode.clone(),
                        operands: operands.to_vec(),
                    });
                }
                tokens.clear();
            }
            c if c.is_whitespace() => flush_token(&mut current, &mut tokens),
            c => current.push(c),
        }
    }
    if quoted {
        return Err(EpdError::UnclosedQuote);
    }
    flush_token(&mut current, &mut tokens);
    if let Some((opcode, operands)) = tokens.split_first() {
        ops.push(EpdOp {
            opcode: opcode.clone(),
            operands: operands.to_vec(),
        });
    }
    Ok(ops)
}

impl EpdRecord {
    /// Parses one line.
    pub fn parse(line: &str) -> Result<EpdRecord, EpdError> {
        // Byte spans of the first six whitespace-separated tokens.
        let mut spans = Vec::with_capacity(6);
        let mut start = None;
        for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    spans.push((s, i));
                    start = None;
                    if spans.len() == 6 {
                        break;
                    }
                }
                _ => {}
            }
        }
        if spans.len() < 4 {
            return Err(EpdError::MissingFields);
        }
        let token = |i: usize| &line[spans[i].0..spans[i].1];
        let is_clock = |i: usize| spans.len() > i && token(i).parse::<u32>().is_ok();
        let used = if is_clock(4) && is_clock(5) { 6 } else { 4 };
        let fen: Vec<&str> = (0..used).map(token).collect();
        let board = Board::from_fen(&fen.join(" ")).map_err(EpdError::Fen)?;
        Ok(EpdRecord {
            board,
            ops: parse_ops(&line[spans[used - 1].1..])?,
        })
    }

    /// The operands of the first operation named `opcode`.
    pub fn operands(&self, opcode: &str) -> Option<&[String]> {
        self.ops
            .iter()
            .find(|op| op.opcode == opcode)
            .map(|op| op.operands.as_slice())
    }

    /// The `id` operand, if any.
    pub fn id(&self) -> Option<&str> {
        self.operands("id")?.first().map(String::as_str)
    }

    /// The moves of a move-list operation (`bm`, `am`), parsed as SAN (or UCI as a fallback).
    pub fn moves(&self, opcode: &str) -> Result<Vec<Move>, EpdError> {
        self.operands(opcode)
            .unwrap_or(&[])
            .iter()
            .map(|text| {
                self.board
                    .parse_san(text)
                    .or_else(|e| self.board.parse_uci(text).map_err(|_| e))
                    .map_err(EpdError::BadMove)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_wac_style_lines() {
        let r = EpdRecord::parse(
            r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#,
        )
        .unwrap();
        assert_eq!(r.id(), Some("WAC.001"));
        let bm = r.moves("bm").unwrap();
        assert_eq!(bm.len(), 1);
        assert_eq!(bm[0].to_string(), "g3g6");
        assert!(r.moves("am").unwrap().is_empty());
    }

    #[test]
    fn accepts_clocks_multiple_moves_and_quoted_semicolons() {
        let r =
            EpdRecord::parse(r#"4k3/8/8/8/8/8/8/R3K2R w KQ - 3 40 bm O-O Ra8+; c0 "two; moves";"#)
                .unwrap();
        assert_eq!(r.board.halfmove_clock(), 3);
        assert_eq!(r.board.fullmove_number(), 40);
        assert_eq!(r.moves("bm").unwrap().len(), 2);
        assert_eq!(r.operands("c0").unwrap(), ["two; moves"]);
    }

    #[test]
    fn errors_are_reported_not_panicked() {
        assert_eq!(EpdRecord::parse("").unwrap_err(), EpdError::MissingFields);
        assert!(matches!(
            EpdRecord::parse("8/8/8 w - -"),
            Err(EpdError::Fen(_))
        ));
        let r = EpdRecord::parse("4k3/8/8/8/8/8/8/4K3 w - - bm Qh5;").unwrap();
        assert!(matches!(r.moves("bm"), Err(EpdError::BadMove(_))));
        assert_eq!(
            EpdRecord::parse(r#"4k3/8/8/8/8/8/8/4K3 w - - id "x;"#).unwrap_err(),
            EpdError::UnclosedQuote
        );
    }
}
