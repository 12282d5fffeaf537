//! Viriformat: self-play games as compact binary records, the format of Viridithas's training
//! data that bullet and other trainers read (the published description, cosmobobak's
//! `viriformat` crate; the layout below is from it).
//!
//! A file is games one after another, every integer little-endian, squares numbered a1 = 0,
//! h1 = 7, a8 = 56. A game is:
//!
//! * a 32-byte **marlinformat board**, the position the game starts from:
//!
//!   | bytes | field |
//!   | --- | --- |
//!   | 0–7 | the occupied squares, a 64-bit set |
//!   | 8–23 | one 4-bit piece per occupied square, in square order, low nibble first: bits 0–2 the type (pawn 0 … king 5, 6 a rook that may still castle), bit 3 set for Black |
//!   | 24 | bits 0–6 the en-passant square (64: none), bit 7 set when Black is to move |
//!   | 25 | the halfmove clock |
//!   | 26–27 | the fullmove number |
//!   | 28–29 | a score of the start position (unused here: 0) |
//!   | 30 | the game's result: 0 Black won, 1 drawn, 2 White won |
//!   | 31 | unused (0) |
//!
//! * then per move **4 bytes**: the move in 16 bits (bits 0–5 from, 6–11 to, 12–13 the
//!   promotion piece knight 0 … queen 3, 14–15 the kind: 1 en passant, 2 castling written as
//!   the king taking its own rook, 3 promotion, 0 any other) and a 16-bit score of the
//!   position before the move, **White's view**; [`NO_SCORE`] (`i16::MAX`) where there is none
//!   (a move no search scored: a teacher labels only some positions);
//! * then four zero bytes.
//!
//! About 4 bytes a position instead of a FEN line's 60–100, and every move of a game kept, so
//! that a reader chooses its own positions. The reader here checks everything as it goes —
//! the board is a legal position, every move is legal where it is played, the result is one
//! of the three — and an error names the byte offset where the game it could not read starts
//! and what was wrong, so that a truncated or damaged file is never read short in silence.

use std::fmt;

use crate::core::{Board, Color, Move, MoveList, Piece, Square};
use crate::formats::pgn::GameResult;

/// The score of a move that no search scored.
pub const NO_SCORE: i16 = i16::MAX;
/// Bytes of a marlinformat board.
pub const BOARD_BYTES: usize = 32;
/// Bytes of a move and its score.
pub const MOVE_BYTES: usize = 4;
/// The piece code of a rook that may still castle.
const UNMOVED_ROOK: u8 = 6;

/// One game: where it starts, its result, and each move with the score of the position
/// before it (White's view, [`NO_SCORE`] for none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViriGame {
    /// The position the first move is played from.
    pub start: Board,
    /// The game's result ([`GameResult::Unknown`] is not one a file can hold).
    pub result: GameResult,
    /// The moves, each with the score of the position it is played from.
    pub moves: Vec<(Move, i16)>,
}

/// Why a game could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViriErrorKind {
    /// The data end inside a game: at least `needed` more bytes were expected (those of the
    /// record they end in; how many records should follow is unknown).
    Truncated {
        /// Bytes missing from the record the data end in.
        needed: usize,
    },
    /// The board is not a legal position (the FEN it spells, and why).
    BadBoard(String),
    /// A piece code that no piece has (7, or an unmoved rook off its back rank).
    BadPiece(u8),
    /// The result byte is not 0, 1 or 2.
    BadResult(u8),
    /// Move number `index` (from 0) is not legal in the position it is played from.
    IllegalMove {
        /// The move's place in the game.
        index: usize,
        /// Its 16 bits.
        bits: u16,
    },
}

/// A game that could not be read: where it starts in the data, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViriError {
    /// The byte offset of the game's first byte.
    pub offset: u64,
    /// What was wrong.
    pub kind: ViriErrorKind,
}

impl fmt::Display for ViriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the game at byte {}: ", self.offset)?;
        match &self.kind {
            ViriErrorKind::Truncated { needed } => {
                write!(
                    f,
                    "truncated: the data end inside it, at least {needed} bytes short"
                )
            }
            ViriErrorKind::BadBoard(why) => write!(f, "its board is not a legal position: {why}"),
            ViriErrorKind::BadPiece(code) => write!(f, "piece code {code} is not a piece"),
            ViriErrorKind::BadResult(r) => write!(f, "result byte {r} is not 0, 1 or 2"),
            ViriErrorKind::IllegalMove { index, bits } => {
                write!(f, "its move {} ({bits:#06x}) is not legal there", index + 1)
            }
        }
    }
}

impl std::error::Error for ViriError {}

/// The 16 bits of `mv` (see the module documentation).
pub fn encode_move(mv: Move) -> u16 {
    let (kind, promo) = match mv.promotion() {
        Some(piece) => (3, piece as u16 - Piece::Knight as u16),
        None if mv.is_en_passant() => (1, 0),
        None if mv.is_castle() => (2, 0),
        None => (0, 0),
    };
    mv.from() as u16 | (mv.to() as u16) << 6 | promo << 12 | kind << 14
}

/// The legal move of `board` that `bits` encode, if there is one.
pub fn decode_move(board: &Board, bits: u16) -> Option<Move> {
    board
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| encode_move(mv) == bits)
}

/// The marlinformat board of `board`, with `result` and the start position's `score`.
pub fn pack_board(board: &Board, score: i16, result: GameResult) -> [u8; BOARD_BYTES] {
    let mut out = [0u8; BOARD_BYTES];
    let occupied = board.occupied();
    out[..8].copy_from_slice(&occupied.0.to_le_bytes());
    for (i, sq) in occupied.into_iter().enumerate() {
        let piece = board.piece_on(sq).expect("occupied");
        let color = board.color_on(sq).expect("occupied");
        let castles = piece == Piece::Rook
            && [
                crate::core::CastleSide::King,
                crate::core::CastleSide::Queen,
            ]
            .iter()
            .any(|&side| board.castling_rook(color, side) == Some(sq));
        let code = if castles { UNMOVED_ROOK } else { piece as u8 } | (color as u8) << 3;
        out[8 + i / 2] |= code << (4 * (i % 2));
    }
    let ep = board.ep_square().map_or(64, |sq| sq as u8);
    out[24] = ep | (board.side_to_move() as u8) << 7;
    out[25] = board.halfmove_clock().min(255) as u8;
    out[26..28].copy_from_slice(&board.fullmove_number().to_le_bytes());
    out[28..30].copy_from_slice(&score.to_le_bytes());
    out[30] = match result {
        GameResult::BlackWins => 0,
        GameResult::WhiteWins => 2,
        GameResult::Draw | GameResult::Unknown => 1,
    };
    out
}

/// The position, start score and result of a marlinformat board (`Err` without an offset:
/// the caller knows where the board is).
pub fn unpack_board(bytes: &[u8; BOARD_BYTES]) -> Result<(Board, i16, GameResult), ViriErrorKind> {
    let occupied = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"));
    let mut placement = [None; 64];
    let mut kings = [None; 2];
    let mut unmoved = Vec::new();
    for (i, index) in crate::core::Bitboard(occupied).into_iter().enumerate() {
        if i >= 32 {
            return Err(ViriErrorKind::BadBoard(
                "more than 32 occupied squares".into(),
            ));
        }
        let code = (bytes[8 + i / 2] >> (4 * (i % 2))) & 0xF;
        let color = if code & 8 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let piece = match code & 7 {
            UNMOVED_ROOK => {
                unmoved.push((color, index));
                Piece::Rook
            }
            7 => return Err(ViriErrorKind::BadPiece(code)),
            t => Piece::ALL[t as usize],
        };
        if piece == Piece::King {
            kings[color as usize] = Some(index);
        }
        placement[index as usize] = Some((piece, color));
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match placement[rank * 8 + file] {
                Some((piece, color)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(piece.to_fen_char(color));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = if bytes[24] & 0x80 == 0 { 'w' } else { 'b' };
    // Castling rights as Shredder-FEN: the file of each rook that may castle.
    let mut castling = String::new();
    for (color, sq) in &unmoved {
        let home = match color {
            Color::White => 0,
            Color::Black => 7,
        };
        if sq.rank() as usize != home {
            return Err(ViriErrorKind::BadPiece(UNMOVED_ROOK | (*color as u8) << 3));
        }
        if kings[*color as usize].is_none() {
            return Err(ViriErrorKind::BadBoard(format!(
                "a rook that may castle on {sq} and no {color} king"
            )));
        }
        let file = sq.file().to_char();
        castling.push(match color {
            Color::White => file.to_ascii_uppercase(),
            Color::Black => file,
        });
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = match bytes[24] & 0x7F {
        64 => "-".to_string(),
        i => match Square::try_index(i as usize) {
            Some(sq) => sq.to_string(),
            None => return Err(ViriErrorKind::BadBoard(format!("en-passant square {i}"))),
        },
    };
    let fullmove = u16::from_le_bytes([bytes[26], bytes[27]]).max(1);
    let fen = format!("{fen} {side} {castling} {ep} {} {fullmove}", bytes[25]);
    let board =
        Board::from_fen(&fen).map_err(|e| ViriErrorKind::BadBoard(format!("{fen}: {e}")))?;
    let score = i16::from_le_bytes([bytes[28], bytes[29]]);
    let result = match bytes[30] {
        0 => GameResult::BlackWins,
        1 => GameResult::Draw,
        2 => GameResult::WhiteWins,
        r => return Err(ViriErrorKind::BadResult(r)),
    };
    Ok((board, score, result))
}

impl ViriGame {
    /// A game from `start` with no moves yet.
    pub fn new(start: Board, result: GameResult) -> Self {
        ViriGame {
            start,
            result,
            moves: Vec::new(),
        }
    }

    /// Its bytes, appended to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&pack_board(&self.start, 0, self.result));
        for &(mv, score) in &self.moves {
            out.extend_from_slice(&encode_move(mv).to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        }
        out.extend_from_slice(&[0; MOVE_BYTES]);
    }

    /// Its size in bytes.
    pub fn byte_len(&self) -> usize {
        BOARD_BYTES + MOVE_BYTES * (self.moves.len() + 1)
    }

    /// Each move with the position it is played from and its score (`None` for
    /// [`NO_SCORE`]), in order.
    pub fn positions(&self) -> impl Iterator<Item = (Board, Move, Option<i16>)> + '_ {
        let mut board = self.start;
        self.moves.iter().map(move |&(mv, score)| {
            let before = board;
            board.play_unchecked(mv);
            (before, mv, (score != NO_SCORE).then_some(score))
        })
    }
}

/// Reads the games of `bytes` one by one, each checked; the first error ends the reading.
pub struct Reader<'a> {
    bytes: &'a [u8],
    offset: usize,
    failed: bool,
}

impl<'a> Reader<'a> {
    /// A reader of `bytes` from their start.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader {
            bytes,
            offset: 0,
            failed: false,
        }
    }

    /// The byte offset of the next game.
    pub fn offset(&self) -> u64 {
        self.offset as u64
    }

    fn game(&mut self) -> Result<ViriGame, ViriError> {
        let start = self.offset;
        let error = |kind| ViriError {
            offset: start as u64,
            kind,
        };
        let rest = &self.bytes[start..];
        let header: &[u8; BOARD_BYTES] = rest
            .get(..BOARD_BYTES)
            .and_then(|h| h.try_into().ok())
            .ok_or_else(|| {
                error(ViriErrorKind::Truncated {
                    needed: BOARD_BYTES - rest.len() + MOVE_BYTES,
                })
            })?;
        let (board, _, result) = unpack_board(header).map_err(error)?;
        let mut game = ViriGame::new(board, result);
        let mut at = BOARD_BYTES;
        let mut position = board;
        let mut legal = MoveList::new();
        loop {
            let Some(chunk) = rest.get(at..at + MOVE_BYTES) else {
                return Err(error(ViriErrorKind::Truncated {
                    needed: at + MOVE_BYTES - rest.len(),
                }));
            };
            at += MOVE_BYTES;
            let bits = u16::from_le_bytes([chunk[0], chunk[1]]);
            let score = i16::from_le_bytes([chunk[2], chunk[3]]);
            if bits == 0 && score == 0 {
                break;
            }
            legal.clear();
            legal.extend(position.legal_moves().iter().copied());
            let Some(&mv) = legal.iter().find(|&&m| encode_move(m) == bits) else {
                return Err(error(ViriErrorKind::IllegalMove {
                    index: game.moves.len(),
                    bits,
                }));
            };
            position.play_unchecked(mv);
            game.moves.push((mv, score));
        }
        self.offset = start + at;
        Ok(game)
    }
}

impl Iterator for Reader<'_> {
    type Item = Result<ViriGame, ViriError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.offset >= self.bytes.len() {
            return None;
        }
        let game = self.game();
        self.failed = game.is_err();
        Some(game)
    }
}

/// Every game of `bytes`, or the first error.
pub fn read_games(bytes: &[u8]) -> Result<Vec<ViriGame>, ViriError> {
    Reader::new(bytes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game written out by hand from the layout: the start position, a White win, 1.e4 e5
    /// 2.Qh5 Ke7 3.Qxe5# scored +10, +20, −30, +32767, +32767. The pieces' nibbles are low
    /// first, as the reference crate packs them (a1's unmoved rook 6 and b1's knight 1 make
    /// the byte 0x16).
    const EXAMPLE: &str =
        "ffff0000 0000ffff 16422561 00000000 88888888 9ecaade9 40 00 0100 0000 02 00 \
                           0c070a00 34091400 c309e2ff 3c0dff7f 2709ff7f 00000000";

    fn hex(text: &str) -> Vec<u8> {
        let digits: String = text.split_whitespace().collect();
        (0..digits.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn the_published_example_reads_and_writes_back_byte_for_byte() {
        let bytes = hex(EXAMPLE);
        let games = read_games(&bytes).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.start, Board::startpos());
        assert_eq!(game.result, GameResult::WhiteWins);
        let moves: Vec<String> = game.moves.iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(moves, ["e2e4", "e7e5", "d1h5", "e8e7", "h5e5"]);
        let scores: Vec<i16> = game.moves.iter().map(|&(_, s)| s).collect();
        assert_eq!(scores, [10, 20, -30, 32767, 32767]);
        let mut out = Vec::new();
        game.write(&mut out);
        assert_eq!(out, bytes);
        assert_eq!(game.byte_len(), bytes.len());
    }

    #[test]
    fn boards_round_trip_castling_en_passant_and_clocks() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k2r/8/8/8/8/8/8/R3K3 b Qk - 17 80",
            "8/8/4k3/8/8/4K3/8/8 w - - 99 300",
            // Chess960: the rooks on b and g.
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let (back, score, result) =
                unpack_board(&pack_board(&board, -123, GameResult::BlackWins)).unwrap();
            assert_eq!(back.to_fen(), board.to_fen(), "{fen}");
            assert_eq!((score, result), (-123, GameResult::BlackWins));
        }
    }

    #[test]
    fn every_kind_of_move_encodes_and_decodes() {
        let cases = [
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "e1g1",
                0x8000 | 4 | 7 << 6,
            ),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 0x8000 | 4),
            (
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
                "e5d6",
                0x4000 | 36 | 43 << 6,
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "a7a8n",
                0xC000 | 48 | 56 << 6,
            ),
            (
                "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                "a7a8q",
                0xC000 | 3 << 12 | 48 | 56 << 6,
            ),
        ];
        for (fen, uci, bits) in cases {
            let board = Board::from_fen(fen).unwrap();
            let mv = board.parse_uci(uci).unwrap();
            assert_eq!(encode_move(mv), bits, "{uci}");
            assert_eq!(decode_move(&board, bits), Some(mv), "{uci}");
        }
        // Every legal move of a busy position decodes to itself.
        let kiwipete =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        for &mv in kiwipete.legal_moves().iter() {
            assert_eq!(decode_move(&kiwipete, encode_move(mv)), Some(mv));
        }
    }

    #[test]
    fn damage_is_an_error_naming_the_games_offset() {
        let one = hex(EXAMPLE);
        let two = [one.clone(), one.clone()].concat();
        assert_eq!(read_games(&two).unwrap().len(), 2);
        // Cut inside the second game's moves: the second game's offset, bytes missing.
        let cut = &two[..two.len() - 6];
        let err = read_games(cut).unwrap_err();
        assert_eq!(err.offset, one.len() as u64);
        assert_eq!(err.kind, ViriErrorKind::Truncated { needed: 2 });
        assert!(err.to_string().contains("byte 56"), "{err}");
        // Cut inside a board.
        let err = read_games(&two[..one.len() + 10]).unwrap_err();
        assert!(matches!(err.kind, ViriErrorKind::Truncated { .. }));
        // A move that is not legal there (1.e4 e5 2.Qh5 then a second Qh5).
        let mut bad = one.clone();
        bad[44..46].copy_from_slice(&0x09c3u16.to_le_bytes());
        let err = read_games(&bad).unwrap_err();
        assert_eq!(
            err.kind,
            ViriErrorKind::IllegalMove {
                index: 3,
                bits: 0x09c3
            }
        );
        // A result that is none, and a board without a black king.
        let mut bad = one.clone();
        bad[30] = 3;
        assert_eq!(
            read_games(&bad).unwrap_err().kind,
            ViriErrorKind::BadResult(3)
        );
        let mut bad = one.clone();
        bad[22] = 0xa8; // the e8 king's nibble (low, 0xd) becomes a black pawn's (8)
        assert!(matches!(
            read_games(&bad).unwrap_err().kind,
            ViriErrorKind::BadBoard(_)
        ));
    }

    #[test]
    fn positions_pair_each_move_with_the_board_before_it() {
        let game = &read_games(&hex(EXAMPLE)).unwrap()[0];
        let positions: Vec<_> = game.positions().collect();
        assert_eq!(positions.len(), 5);
        assert_eq!(positions[0].0, Board::startpos());
        assert_eq!(positions[3].2, None);
        assert_eq!(positions[2].2, Some(-30));
        let mut after = positions[4].0;
        after.play(positions[4].1);
        assert!(after.is_check() && !after.has_legal_move());
    }
}
