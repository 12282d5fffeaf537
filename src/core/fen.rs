//! FEN parsing and printing, with a typed error for every way a FEN can be wrong.
//!
//! Parsing is transactional: the text is parsed into a scratch [`Board`] that is validated as
//! a whole and only then returned, so a caller's existing position is never half-overwritten.
//!
//! Accepted: the six standard fields; the clock fields may be left off from the end (both,
//! as in EPD, or the fullmove number alone, as python-chess and Stockfish read it), in
//! which case they default to `0` and `1`. A structurally valid en-passant square with no legal
//! capture is accepted and normalised away (see [`Board`]'s invariants), so printing gives
//! `-` there, as Stockfish does.
//!
//! Castling rights are read in standard FEN, X-FEN and Shredder-FEN alike (see
//! `parse_castling`), so Chess960 positions need no switch; they are written in X-FEN, which
//! is standard FEN for every standard position ([`Board::to_shredder_fen`] writes files).

use std::fmt;
use std::str::FromStr;

use super::attacks::pawn_attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::{CastleSide, CastlingRights, CastlingRooks};
use super::piece::{Color, Piece};
use super::square::{File, Rank, Square};

/// Why a FEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    WrongFieldCount(usize),
    /// Not eight ranks separated by `/`.
    WrongRankCount(usize),
    /// A character that is neither a piece letter nor a digit 1–8.
    BadPieceChar(char),
    /// A rank describing more than eight squares.
    RankTooLong(Rank),
    /// A rank describing fewer than eight squares.
    RankTooShort(Rank),
    /// Side to move other than `w` or `b`.
    BadSideToMove(String),
    /// A castling field that is not `-` or letters naming each right once (`KQkq`, or the
    /// rooks' files as in Shredder-FEN and X-FEN: `HAha`, `Gd`).
    BadCastling(String),
    /// A castling right whose king or rook is not on its original square.
    CastlingWithoutKingAndRook(char),
    /// An en-passant field that is not `-` or a square.
    BadEnPassant(String),
    /// An en-passant square that no double push could have produced here.
    ImpossibleEnPassant(Square),
    /// A halfmove clock that is not a number (0–65535).
    BadHalfmoveClock(String),
    /// A fullmove number that is not a number (0–65535).
    BadFullmoveNumber(String),
    /// A side without a king.
    MissingKing(Color),
    /// A side with more than one king.
    TooManyKings(Color),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// More than 16 pieces, more than 8 pawns, or more promoted pieces than missing pawns.
    TooManyPieces(Color),
    /// The side that just moved is in check (its king could be captured).
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            WrongFieldCount(n) => write!(
                f,
                "FEN has {}; expected 4 to 6: placement, side, castling, en passant, then the halfmove clock and the fullmove number (the clocks may be left off from the end)",
                crate::text::count(*n, "field")
            ),
            WrongRankCount(n) => write!(
                f,
                "FEN placement has {}; expected 8 separated by '/'",
                crate::text::count(*n, "rank")
            ),
            BadPieceChar(c) => write!(f, "'{c}' is not a piece letter (PNBRQK/pnbrqk) or a digit 1-8"),
            RankTooLong(r) => write!(f, "rank {r} describes more than 8 squares"),
            RankTooShort(r) => write!(f, "rank {r} describes fewer than 8 squares"),
            BadSideToMove(s) => write!(f, "side to move '{s}' is not 'w' or 'b'"),
            BadCastling(s) => write!(
                f,
                "castling field '{s}' is not '-' or each right once as KQkq or a rook's file (HAha, Shredder-FEN/X-FEN)"
            ),
            CastlingWithoutKingAndRook(c) => write!(
                f,
                "castling right '{c}' needs its king on the back rank and a rook beside it there on that side"
            ),
            BadEnPassant(s) => write!(f, "en-passant field '{s}' is not '-' or a square"),
            ImpossibleEnPassant(sq) => write!(
                f,
                "en-passant square {sq} is impossible: it must be on the 3rd/6th rank behind a pawn that just made a double step"
            ),
            BadHalfmoveClock(s) => write!(f, "halfmove clock '{s}' is not a number"),
            BadFullmoveNumber(s) => write!(f, "fullmove number '{s}' is not a number"),
            MissingKing(c) => write!(f, "{c} has no king"),
            TooManyKings(c) => write!(f, "{c} has more than one king"),
            PawnOnBackRank(sq) => write!(f, "pawn on {sq}: pawns cannot stand on the first or last rank"),
            TooManyPieces(c) => write!(
                f,
                "{c} has more pieces than a game can produce (at most 16, at most 8 pawns, promotions only from missing pawns)"
            ),
            OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

impl FromStr for Board {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Board, FenError> {
        Board::from_fen(s)
    }
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::WrongRankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[7 - i];
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else {
                let (piece, color) = Piece::from_fen_char(c).ok_or(FenError::BadPieceChar(c))?;
                if file >= 8 {
                    return Err(FenError::RankTooLong(rank));
                }
                board.put(color, piece, Square::new(File::ALL[file], rank));
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankTooLong(rank));
            }
        }
        if file < 8 {
            return Err(FenError::RankTooShort(rank));
        }
    }
    Ok(())
}

/// The outermost rook of `color` on its back rank on `side` of its king, if any.
fn outermost_rook(board: &Board, color: Color, side: CastleSide) -> Option<Square> {
    let back = color.relative_rank(Rank::First);
    let king = board.king(color);
    let rooks = board.colored(color, Piece::Rook) & Bitboard::rank(back);
    let beyond = |sq: Square| match side {
        CastleSide::King => sq.file() > king.file(),
        CastleSide::Queen => sq.file() < king.file(),
    };
    let mut candidates = rooks.into_iter().filter(|&sq| beyond(sq));
    match side {
        CastleSide::King => candidates.last(),
        CastleSide::Queen => candidates.next(),
    }
}

/// Reads the castling field: `-`, X-FEN letters (`KQkq`, meaning the outermost rook on that
/// side of the king) and Shredder-FEN / X-FEN file letters (`HAha`, `Gd`, ...: the rook on
/// that file, its side given by where it stands from the king), mixed freely. Every right
/// needs its king on the back rank and its rook there too, on the right's side of the king.
fn parse_castling(board: &Board, field: &str) -> Result<(CastlingRights, CastlingRooks), FenError> {
    let mut rooks = CastlingRooks::STANDARD;
    if field == "-" {
        return Ok((CastlingRights::NONE, rooks));
    }
    let bad = || FenError::BadCastling(field.to_string());
    let mut rights = CastlingRights::NONE;
    for c in field.chars() {
        if !c.is_ascii_alphabetic() {
            return Err(bad());
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.relative_rank(Rank::First);
        let king = board.king(color);
        let missing = FenError::CastlingWithoutKingAndRook(c);
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => (
                CastleSide::King,
                outermost_rook(board, color, CastleSide::King),
            ),
            'q' => (
                CastleSide::Queen,
                outermost_rook(board, color, CastleSide::Queen),
            ),
            letter => {
                let file = File::from_char(letter).ok_or_else(bad)?;
                let side = if file > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let sq = Square::new(file, back);
                let is_rook = board.colored(color, Piece::Rook).contains(sq);
                (side, is_rook.then_some(sq))
            }
        };
        let Some(rook) = rook.filter(|_| king.rank() == back) else {
            return Err(missing);
        };
        if rights.has(color, side) {
            return Err(bad());
        }
        rights = rights.with(CastlingRights::single(color, side));
        rooks.set(color, side, rook);
    }
    Ok((rights, rooks))
}

/// The castling field for `board` in X-FEN: `K`/`Q` (`k`/`q`) for a right whose rook is the
/// outermost one on its side of the king — so standard chess reads `KQkq` as always — and the
/// rook's file letter otherwise; or, with `shredder`, always the file letters (`HAha`).
fn castling_field(board: &Board, shredder: bool) -> String {
    let mut field = String::new();
    for color in Color::ALL {
        for side in CastleSide::ALL {
            let Some(rook) = board.castling_rook(color, side) else {
                continue;
            };
            let letter = if !shredder && outermost_rook(board, color, side) == Some(rook) {
                match side {
                    CastleSide::King => 'k',
                    CastleSide::Queen => 'q',
                }
            } else {
                rook.file().to_char()
            };
            field.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

/// Checks that `ep` could follow a double push by the side not to move: right rank, empty
/// square and origin square, and the pushed pawn in front of it.
fn check_ep(board: &Board, ep: Square) -> Result<(), FenError> {
    let us = board.side;
    let them = !us;
    let pushed = Square::new(ep.file(), them.relative_rank(Rank::Fourth));
    let origin = Square::new(ep.file(), them.relative_rank(Rank::Second));
    let ok = ep.rank() == them.relative_rank(Rank::Third)
        && !board.occupied().contains(ep)
        && !board.occupied().contains(origin)
        && board.colored(them, Piece::Pawn).contains(pushed);
    if ok {
        Ok(())
    } else {
        Err(FenError::ImpossibleEnPassant(ep))
    }
}

fn check_material(board: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        match board.colored(color, Piece::King).popcount() {
            0 => return Err(FenError::MissingKing(color)),
            1 => {}
            _ => return Err(FenError::TooManyKings(color)),
        }
        let count = |p| board.colored(color, p).popcount() as i32;
        let pawns = count(Piece::Pawn);
        let promoted = (count(Piece::Knight) - 2).max(0)
            + (count(Piece::Bishop) - 2).max(0)
            + (count(Piece::Rook) - 2).max(0)
            + (count(Piece::Queen) - 1).max(0);
        if board.color(color).popcount() > 16 || pawns > 8 || promoted > 8 - pawns {
            return Err(FenError::TooManyPieces(color));
        }
    }
    let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
    if let Some(sq) = (board.pieces(Piece::Pawn) & back_ranks).lsb() {
        return Err(FenError::PawnOnBackRank(sq));
    }
    Ok(())
}

fn parse_counter(
    field: Option<&str>,
    default: u16,
    err: fn(String) -> FenError,
) -> Result<u16, FenError> {
    match field {
        None => Ok(default),
        Some(text) => text.parse::<u16>().map_err(|_| err(text.to_string())),
    }
}

impl Board {
    /// Parses a FEN string. See the module documentation for what is accepted.
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount(fields.len()));
        }
        let mut board = Board::empty();
        parse_placement(&mut board, fields[0])?;
        board.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        check_material(&board)?;
        (board.castling, board.castle_rooks) = parse_castling(&board, fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            text => {
                let sq: Square = text
                    .parse()
                    .map_err(|_| FenError::BadEnPassant(text.to_string()))?;
                check_ep(&board, sq)?;
                Some(sq)
            }
        };
        board.halfmove = parse_counter(fields.get(4).copied(), 0, FenError::BadHalfmoveClock)?;
        // Some tools write fullmove 0; it means the first move.
        board.fullmove =
            parse_counter(fields.get(5).copied(), 1, FenError::BadFullmoveNumber)?.max(1);

        let them = !board.side;
        if board.is_attacked_by(board.king(them), board.side, board.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        board.hash ^= board.state_hash();
        board.update_checks_and_pins();
        if let Some(ep) = ep {
            if (pawn_attacks(them, ep) & board.colored(board.side, Piece::Pawn)).any() {
                board.set_ep_if_capturable(ep);
            }
        }
        debug_assert_eq!(board.hash, board.compute_hash());
        Ok(board)
    }

    /// The position as a FEN string, castling rights in X-FEN (`KQkq` for standard chess; a
    /// rook's file letter only where `K`/`Q` would name another rook).
    pub fn to_fen(&self) -> String {
        self.fen_with(false)
    }

    /// The position as a Shredder-FEN string: castling rights as the rooks' file letters
    /// (`HAha` for the standard start position).
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut fen = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                match self.piece_on(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let color = self.color_on(sq).expect("occupied square has a colour");
                        fen.push(piece.to_fen_char(color));
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                fen.push('/');
            }
        }
        let ep = self.ep.map_or("-".to_string(), |sq| sq.to_string());
        format!(
            "{fen} {} {} {ep} {} {}",
            self.side.to_char(),
            castling_field(self, shredder),
            self.halfmove,
            self.fullmove
        )
    }

    /// A picture of the board for people (rank 8 on top), followed by FEN and hash.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        out.push_str(" +---+---+---+---+---+---+---+---+\n");
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                let c = match (self.piece_on(sq), self.color_on(sq)) {
                    (Some(p), Some(c)) => p.to_fen_char(c),
                    _ => ' ',
                };
                out.push_str(&format!(" | {c}"));
            }
            out.push_str(&format!(
                " | {}\n +---+---+---+---+---+---+---+---+\n",
                rank
            ));
        }
        out.push_str("   a   b   c   d   e   f   g   h\n\n");
        out.push_str(&format!(
            "Fen: {}\nKey: {:016X}\n",
            self.to_fen(),
            self.hash
        ));
        let checkers: Vec<String> = self.checkers.into_iter().map(|s| s.to_string()).collect();
        out.push_str(&format!("Checkers: {}\n", checkers.join(" ")));
        out
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
