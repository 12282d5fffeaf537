//! Move text: UCI notation (`e2e4`, `e7e8q`, castling as `e1g1`, or as king takes rook,
//! `e1h1`, in Chess960) and Standard Algebraic Notation (`Nf3`, `exd5`, `e8=Q+`, `O-O`, `Nbd7`,
//! `R1e2#`), both parsed and printed.
//!
//! Parsing never trusts the text: a string is first checked for form, then matched against the
//! legal moves of the position, so a parsed move is always legal.

use super::board::Board;
use super::castling::CastleSide;
pub use super::move_error::MoveError;
use super::moves::{Move, MoveList};
use super::piece::Piece;
use super::square::{File, Rank, Square};

/// The promotion piece named by a letter (either case).
fn promotion_piece(c: char) -> Option<Piece> {
    match Piece::from_char(c)? {
        p @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen) => Some(p),
        _ => None,
    }
}

impl Board {
    /// Parses a move in UCI notation and checks it is legal here. Castling is read in both
    /// conventions: king takes own rook (`e1h1`, the Chess960 form) and, when the king moves
    /// at least two files, the king's destination (`e1g1`, the standard form). A one-file king
    /// step is always the ordinary king move.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::NotUci(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from: Square = text[0..2].parse().map_err(|_| malformed())?;
        let to: Square = text[2..4].parse().map_err(|_| malformed())?;
        let promo = match text[4..].chars().next() {
            None => None,
            Some(c) => Some(promotion_piece(c).ok_or_else(malformed)?),
        };
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| {
                m.from() == from
                    && m.promotion() == promo
                    && (m.to() == to
                        || m.is_castle()
                            && m.dest() == to
                            && (from.file() as i32 - to.file() as i32).abs() >= 2)
            })
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_string(),
                reason: self.why_illegal(from, to, promo),
            })
    }

    /// Why no legal move goes from `from` to `to` (promoting to `promo`).
    pub fn why_illegal(&self, from: Square, to: Square, promo: Option<Piece>) -> String {
        let side = self.side_to_move();
        let (Some(piece), Some(color)) = (self.piece_on(from), self.color_on(from)) else {
            return format!("there is no piece on {from}");
        };
        if color != side {
            return format!("the {piece} on {from} is {color}'s, and {side} is to move");
        }
        let legal = self.legal_moves();
        let same_squares = legal.iter().find(|m| m.from() == from && m.to() == to);
        match (same_squares, promo) {
            (Some(m), None) if m.promotion().is_some() => {
                return format!(
                    "a pawn reaching the last rank must name its promotion piece (e.g. {from}{to}q)"
                );
            }
            (Some(m), Some(_)) if m.promotion().is_none() => {
                return format!("{from}{to} is not a promotion");
            }
            (None, Some(_)) if piece != Piece::Pawn => {
                return format!("only a pawn promotes, and the piece on {from} is a {piece}");
            }
            _ => {}
        }
        let own_rook = self.color_on(to) == Some(side) && self.piece_on(to) == Some(Piece::Rook);
        if piece == Piece::King
            && from.rank() == to.rank()
            && ((from.file() as i32 - to.file() as i32).abs() >= 2 || own_rook)
        {
            return "castling is not possible here (no right, pieces between, or the king \
                    in check or crossing an attacked square)"
                .to_string();
        }
        let reachable = piece != Piece::Pawn
            && super::attacks::piece_attacks(piece, side, from, self.occupied()).contains(to)
            && self.color_on(to) != Some(side);
        if reachable {
            return if self.is_check() {
                format!("{side} is in check, and {piece} {from}-{to} does not answer it")
            } else {
                format!("the {piece} on {from} is pinned: the move would expose the king")
            };
        }
        format!("the {piece} on {from} cannot move to {to}")
    }

    /// The move in SAN, with `+` or `#` when it gives check or mate. `mv` must be legal.
    pub fn san(&self, mv: Move) -> String {
        let mut san = String::with_capacity(8);
        let piece = self.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        if mv.is_castle() {
            san.push_str(if mv.castle_side() == Some(CastleSide::King) {
                "O-O"
            } else {
                "O-O-O"
            });
        } else if piece == Piece::Pawn {
            if mv.is_capture() {
                san.push(mv.from().file().to_char());
                san.push('x');
            }
            san.push_str(&mv.to().to_string());
            if let Some(p) = mv.promotion() {
                san.push('=');
                san.push(p.to_char().to_ascii_uppercase());
            }
        } else {
            san.push(piece.to_char().to_ascii_uppercase());
            san.push_str(&self.disambiguation(mv, piece));
            if mv.is_capture() {
                san.push('x');
            }
            san.push_str(&mv.to().to_string());
        }
        let mut after = *self;
        after.play_unchecked(mv);
        if after.is_check() {
            san.push(if after.has_legal_move() { '+' } else { '#' });
        }
        san
    }

    /// The file, rank or square that tells `mv` apart from other moves of the same piece type
    /// to the same square (empty if none does).
    fn disambiguation(&self, mv: Move, piece: Piece) -> String {
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter(|m| {
                m.to() == mv.to() && m.from() != mv.from() && self.piece_on(m.from()) == Some(piece)
            })
            .map(|m| m.from())
            .collect();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|s| s.file() != mv.from().file()) {
            mv.from().file().to_string()
        } else if rivals.iter().all(|s| s.rank() != mv.from().rank()) {
            mv.from().rank().to_string()
        } else {
            mv.from().to_string()
        }
    }

    /// Parses a move in SAN (also accepting `0-0`, a missing `x`, a missing `=` before the
    /// promotion piece, and trailing `+ # ! ?` annotations) and checks it is legal here.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::NotSan(text.to_string());
        let illegal = |reason: &str| MoveError::Illegal {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        if core.is_empty() || !core.is_ascii() {
            return Err(malformed());
        }
        let legal = self.legal_moves();
        if matches!(core, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let long = core.len() == 5;
            return legal
                .iter()
                .copied()
                .find(|m| {
                    m.castle_side()
                        == Some(if long {
                            CastleSide::Queen
                        } else {
                            CastleSide::King
                        })
                })
                .ok_or_else(|| {
                    illegal(
                        "castling is not possible here (no right, pieces between, or the king \
                         in check or crossing an attacked square)",
                    )
                });
        }
        let spec = SanSpec::parse(core).ok_or_else(malformed)?;
        let mut found = MoveList::new();
        found.extend(legal.iter().copied().filter(|m| spec.matches(self, *m)));
        match found.len() {
            0 => Err(illegal(&spec.why_no_move(self))),
            1 => Ok(found[0]),
            _ => Err(MoveError::Ambiguous(text.to_string())),
        }
    }
}

/// The parts of a non-castling SAN move.
struct SanSpec {
    piece: Piece,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Piece>,
    /// Whether the text marked a capture. A mark on a non-capture is an error; a missing mark
    /// on a capture is tolerated (common in sloppy PGN).
    capture_mark: bool,
}

impl SanSpec {
    fn parse(core: &str) -> Option<SanSpec> {
        let mut chars: Vec<char> = core.chars().collect();
        // Promotion suffix: "=Q" or a bare "Q" after the destination.
        let mut promotion = None;
        if let Some(&last) = chars.last() {
            if last.is_ascii_alphabetic() && !matches!(last, 'a'..='h') {
                promotion = Some(promotion_piece(last)?);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
        if chars.len() < 2 {
            return None;
        }
        let to_text: String = chars[chars.len() - 2..].iter().collect();
        let to: Square = to_text.parse().ok()?;
        let mut rest = &chars[..chars.len() - 2];
        let piece = match rest.first() {
            Some(&c @ ('N' | 'B' | 'R' | 'Q' | 'K')) => {
                rest = &rest[1..];
                Piece::from_char(c)?
            }
            _ => Piece::Pawn,
        };
        let capture_mark = matches!(rest.last(), Some('x' | ':'));
        if capture_mark {
            rest = &rest[..rest.len() - 1];
            // "xe4": a capture mark needs a piece letter or a file before it.
            if rest.is_empty() && piece == Piece::Pawn {
                return None;
            }
        }
        let (mut from_file, mut from_rank) = (None, None);
        for &c in rest {
            if let Some(f) = File::from_char(c).filter(|_| from_file.is_none()) {
                from_file = Some(f);
            } else if let Some(r) = Rank::from_char(c).filter(|_| from_rank.is_none()) {
                from_rank = Some(r);
            } else {
                return None;
            }
        }
        if promotion.is_some() && piece != Piece::Pawn {
            return None;
        }
        Some(SanSpec {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
            capture_mark,
        })
    }

    /// Why no legal move matches: no such piece can reach the square, or the one that can is
    /// held back (pin, check).
    fn why_no_move(&self, board: &Board) -> String {
        let side = board.side_to_move();
        let mut from_squares = (board.pieces(self.piece) & board.color(side)).into_iter();
        let candidate = from_squares.find(|&from| {
            self.from_file.is_none_or(|f| from.file() == f)
                && self.from_rank.is_none_or(|r| from.rank() == r)
                && (self.piece == Piece::Pawn
                    || super::attacks::piece_attacks(self.piece, side, from, board.occupied())
                        .contains(self.to))
        });
        match candidate {
            Some(from) if self.piece != Piece::Pawn => {
                board.why_illegal(from, self.to, self.promotion)
            }
            _ => format!("no {side} {} can move to {}", self.piece, self.to),
        }
    }

    fn matches(&self, board: &Board, mv: Move) -> bool {
        !mv.is_castle()
            && mv.to() == self.to
            && board.piece_on(mv.from()) == Some(self.piece)
            && mv.promotion() == self.promotion
            && (mv.is_capture() || !self.capture_mark)
            && self.from_file.is_none_or(|f| mv.from().file() == f)
            && self.from_rank.is_none_or(|r| mv.from().rank() == r)
    }
}
