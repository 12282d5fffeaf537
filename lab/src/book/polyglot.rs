//! Polyglot opening books: the format every GUI and engine shares.
//!
//! A book is a file of 16-byte big-endian entries `(key u64, move u16, weight u16, learn
//! u32)`, sorted by key. The key is the Polyglot hash of the position (the published
//! `Random64` numbers, [`super::polyglot_random`]); the move packs `to` (bits 0–5), `from`
//! (6–11) and a promotion piece (12–14: knight 1 … queen 4), with castling written as the king
//! taking its own rook (`e1h1`). Weights are relative: a move's share of its position's total.
//!
//! En passant enters the key when the side to move can capture en passant; we use the board's
//! own en-passant square, which exists only when such a capture is *legal* (Polyglot's
//! definition only asks for a pawn beside the double-pushed one, so the keys differ in the rare
//! position where that pawn is pinned — the capture is not playable there anyway).
//!
//! Reading checks the file (size a multiple of 16, keys in order) and names the offset of a
//! bad entry; a book move that is not legal in the position (a hash collision, or a corrupt
//! entry) is skipped, never played.

use std::collections::HashMap;
use std::fmt;

use super::polyglot_random::RANDOM64;
use chainmate::core::prng::SplitMix64;
use chainmate::core::{Board, CastleSide, Color, Move, Piece, Square};
use chainmate::formats::pgn::{Game, GameResult};

/// The Polyglot key of a position.
pub fn key(board: &Board) -> u64 {
    let mut key = 0;
    for sq in Square::ALL {
        if let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) {
            let kind = 2 * piece as usize + (color == Color::White) as usize;
            key ^= RANDOM64[64 * kind + sq as usize];
        }
    }
    let rights = board.castling_rights();
    for (i, (color, side)) in [
        (Color::White, CastleSide::King),
        (Color::White, CastleSide::Queen),
        (Color::Black, CastleSide::King),
        (Color::Black, CastleSide::Queen),
    ]
    .into_iter()
    .enumerate()
    {
        if rights.has(color, side) {
            key ^= RANDOM64[768 + i];
        }
    }
    if let Some(ep) = board.ep_square() {
        key ^= RANDOM64[772 + ep.file() as usize];
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[780];
    }
    key
}

/// The book encoding of a move (castling as king takes rook).
pub fn encode_move(mv: Move) -> u16 {
    // The engine's castling encoding is the book's: the king's square to its rook's.
    let to = mv.to();
    let promotion = match mv.promotion() {
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(Piece::Queen) => 4,
        _ => 0,
    };
    (to as u16) | ((mv.from() as u16) << 6) | (promotion << 12)
}

/// The legal move of `board` a book move encodes, or `None` (a collision or a bad entry).
pub fn decode_move(board: &Board, raw: u16) -> Option<Move> {
    board
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| encode_move(mv) == raw)
}

/// One book entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// The position's key.
    pub key: u64,
    /// The encoded move.
    pub mv: u16,
    /// Relative weight.
    pub weight: u16,
    /// Learning data (unused; kept as read).
    pub learn: u32,
}

/// Why a book could not be read.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read.
    Io(String, std::io::Error),
    /// The size is not a multiple of 16 bytes.
    BadSize {
        /// The file.
        file: String,
        /// Its size in bytes.
        size: usize,
    },
    /// An entry's key is smaller than the one before it.
    Unsorted {
        /// The file.
        file: String,
        /// Byte offset of the entry.
        offset: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(file, e) => write!(f, "cannot read book {file}: {e}"),
            BookError::BadSize { file, size } => write!(
                f,
                "{file}: {size} bytes is not a whole number of 16-byte Polyglot entries"
            ),
            BookError::Unsorted { file, offset } => write!(
                f,
                "{file}: the entry at byte {offset} is out of key order (not a Polyglot book?)"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// A Polyglot book in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyglotBook {
    entries: Vec<Entry>,
}

impl PolyglotBook {
    /// Reads a book's bytes; `name` is for errors.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<PolyglotBook, BookError> {
        if !bytes.len().is_multiple_of(16) {
            return Err(BookError::BadSize {
                file: name.to_string(),
                size: bytes.len(),
            });
        }
        let mut entries = Vec::with_capacity(bytes.len() / 16);
        for (i, chunk) in bytes.chunks_exact(16).enumerate() {
            let word = |range: std::ops::Range<usize>| {
                chunk[range]
                    .iter()
                    .fold(0u64, |acc, &b| acc << 8 | b as u64)
            };
            let entry = Entry {
                key: word(0..8),
                mv: word(8..10) as u16,
                weight: word(10..12) as u16,
                learn: word(12..16) as u32,
            };
            if entries
                .last()
                .is_some_and(|last: &Entry| last.key > entry.key)
            {
                return Err(BookError::Unsorted {
                    file: name.to_string(),
                    offset: 16 * i,
                });
            }
            entries.push(entry);
        }
        Ok(PolyglotBook { entries })
    }

    /// Reads a book file.
    pub fn load(path: &std::path::Path) -> Result<PolyglotBook, BookError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| BookError::Io(name.clone(), e))?;
        PolyglotBook::from_bytes(&bytes, &name)
    }

    /// A book of `entries` (sorted here by key, heavier moves first).
    pub fn from_entries(mut entries: Vec<Entry>) -> PolyglotBook {
        entries.sort_by_key(|e| (e.key, std::cmp::Reverse(e.weight)));
        PolyglotBook { entries }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 * self.entries.len());
        for e in &self.entries {
            out.extend_from_slice(&e.key.to_be_bytes());
            out.extend_from_slice(&e.mv.to_be_bytes());
            out.extend_from_slice(&e.weight.to_be_bytes());
            out.extend_from_slice(&e.learn.to_be_bytes());
        }
        out
    }

    /// Every entry, in key order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries of `board`'s key whose moves are legal here, with their moves, in file
    /// order; the number of entries skipped as not legal.
    pub fn probe(&self, board: &Board) -> (Vec<(Move, Entry)>, usize) {
        let k = key(board);
        let start = self.entries.partition_point(|e| e.key < k);
        let mut found = Vec::new();
        let mut skipped = 0;
        for e in self.entries[start..].iter().take_while(|e| e.key == k) {
            match decode_move(board, e.mv) {
                Some(mv) => found.push((mv, *e)),
                None => skipped += 1,
            }
        }
        (found, skipped)
    }

    /// A book move for `board`: the heaviest (`variety` false), or one drawn with probability
    /// proportional to its weight. Zero-weight moves are never chosen.
    pub fn choose(&self, board: &Board, variety: bool, rng: &mut SplitMix64) -> Option<Move> {
        let (moves, _) = self.probe(board);
        let moves: Vec<(Move, u64)> = moves
            .into_iter()
            .filter(|(_, e)| e.weight > 0)
            .map(|(m, e)| (m, e.weight as u64))
            .collect();
        if !variety {
            // The first of the heaviest, as Polyglot's own "best move" choice.
            let best = moves.iter().map(|&(_, w)| w).max()?;
            return moves.iter().find(|&&(_, w)| w == best).map(|&(m, _)| m);
        }
        let total: u64 = moves.iter().map(|&(_, w)| w).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.next_u64() % total;
        for (m, w) in moves {
            if pick < w {
                return Some(m);
            }
            pick -= w;
        }
        None
    }
}

/// Which side's moves a built book keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// Both.
    #[default]
    Both,
    /// White's moves only.
    White,
    /// Black's moves only.
    Black,
}

/// A move's statistics are halved when it has been counted this many times (Polyglot's
/// `COUNT_MAX`).
pub const COUNT_MAX: u32 = 16_384;

/// Builds a book from games, as Polyglot's `make-book` does: every move of every game up to
/// `max_ply` is counted, scoring 2 for a win of the side that played it, 1 for a draw, 0 for a
/// loss (unfinished games count as played, with no score); moves played in fewer than
/// `min_games` games, or that never scored, are dropped; the weight is the score (kept within
/// 16 bits by halving, see [`BookBuilder::count`]).
#[derive(Clone, Debug, Default)]
pub struct BookBuilder {
    /// (games, score, order of first appearance) per (key, move).
    counts: HashMap<(u64, u16), (u32, u64, usize)>,
    /// The moves counted for each key (for halving a position's statistics).
    moves_of: HashMap<u64, Vec<u16>>,
    /// Plies of each game to use.
    pub max_ply: usize,
    /// Fewest games a move must appear in.
    pub min_games: u32,
    /// Whose moves to keep.
    pub side: Side,
}

impl BookBuilder {
    /// A builder keeping the first `max_ply` plies of each game, moves played in at least
    /// `min_games` games, of `side`.
    pub fn new(max_ply: usize, min_games: u32, side: Side) -> BookBuilder {
        BookBuilder {
            counts: HashMap::new(),
            moves_of: HashMap::new(),
            max_ply,
            min_games,
            side,
        }
    }

    /// Counts one game's moves.
    pub fn add(&mut self, game: &Game) {
        let mut board = *game.start();
        for &mv in game.moves().iter().take(self.max_ply) {
            let mover = board.side_to_move();
            let keep = match self.side {
                Side::Both => true,
                Side::White => mover == Color::White,
                Side::Black => mover == Color::Black,
            };
            if keep {
                let score = match (game.result, mover) {
                    (GameResult::WhiteWins, Color::White)
                    | (GameResult::BlackWins, Color::Black) => 2,
                    (GameResult::Draw, _) => 1,
                    _ => 0,
                };
                self.count(key(&board), encode_move(mv), score);
            }
            board.play_unchecked(mv);
        }
    }

    /// Counts one occurrence of `mv` in the position `key` with `score` (0, 1 or 2). As in
    /// Polyglot, a move seen [`COUNT_MAX`] times first halves (rounding up) the counts and
    /// scores of every move of its position, so weights fit in 16 bits and recent games keep
    /// weight.
    fn count(&mut self, key: u64, mv: u16, score: u64) {
        let next = self.counts.len();
        let slot = self.counts.entry((key, mv)).or_insert_with(|| {
            self.moves_of.entry(key).or_default().push(mv);
            (0, 0, next)
        });
        slot.0 += 1;
        slot.1 += score;
        if slot.0 >= COUNT_MAX {
            for m in &self.moves_of[&key] {
                let slot = self
                    .counts
                    .get_mut(&(key, *m))
                    .expect("listed moves are counted");
                slot.0 = slot.0.div_ceil(2);
                slot.1 = slot.1.div_ceil(2);
            }
        }
    }

    /// Distinct (position, move) pairs counted so far.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The book: entries by key, and within a position by decreasing weight, ties in the
    /// order the moves first appeared (the order Polyglot's `make-book` writes).
    pub fn build(&self) -> PolyglotBook {
        let mut kept: Vec<(u64, u16, u64, usize)> = self
            .counts
            .iter()
            .filter(|(_, &(games, score, _))| games >= self.min_games && score > 0)
            .map(|(&(k, m), &(_, score, first))| (k, m, score, first))
            .collect();
        kept.sort_unstable_by_key(|&(k, _, score, first)| (k, std::cmp::Reverse(score), first));
        let scale = |s: u64| s.min(u16::MAX as u64) as u16;
        let entries = kept
            .into_iter()
            .map(|(key, mv, s, _)| Entry {
                key,
                mv,
                weight: scale(s),
                learn: 0,
            })
            .collect();
        PolyglotBook { entries }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> Board {
        let mut b = Board::startpos();
        for m in moves {
            let mv = b.parse_uci(m).unwrap();
            b.play(mv);
        }
        b
    }

    #[test]
    fn keys_match_the_published_examples() {
        // The examples of the Polyglot book format specification.
        let cases: [(&[&str], u64); 9] = [
            (&[], 0x463b96181691fc9c),
            (&["e2e4"], 0x823c9b50fd114196),
            (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
            (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
            (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
                0x652a607ca3f242c1,
            ),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
                0x00fdd303c946bdd9,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
                0x3c8123ea7b067637,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
                0x5c3f9b829b279560,
            ),
        ];
        for (moves, expected) in cases {
            assert_eq!(key(&after(moves)), expected, "{moves:?}");
        }
    }

    #[test]
    fn castling_is_king_takes_rook_and_moves_round_trip() {
        let b = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = b.parse_uci("e1g1").unwrap();
        assert_eq!(
            encode_move(short),
            (Square::H1 as u16) | ((Square::E1 as u16) << 6)
        );
        for &mv in b.legal_moves().iter() {
            assert_eq!(decode_move(&b, encode_move(mv)), Some(mv));
        }
        let promo = Board::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let q = promo.parse_uci("e7e8q").unwrap();
        assert_eq!(encode_move(q) >> 12, 4);
    }

    #[test]
    fn books_round_trip_and_bad_files_are_errors() {
        let b = Board::startpos();
        let e4 = encode_move(b.parse_uci("e2e4").unwrap());
        let d4 = encode_move(b.parse_uci("d2d4").unwrap());
        let book = PolyglotBook::from_entries(vec![
            Entry {
                key: key(&b),
                mv: d4,
                weight: 1,
                learn: 0,
            },
            Entry {
                key: key(&b),
                mv: e4,
                weight: 3,
                learn: 0,
            },
            Entry {
                key: 7,
                mv: 0x0fff,
                weight: 9,
                learn: 0,
            },
        ]);
        let bytes = book.to_bytes();
        assert_eq!(PolyglotBook::from_bytes(&bytes, "x").unwrap(), book);
        assert!(matches!(
            PolyglotBook::from_bytes(&bytes[..20], "x"),
            Err(BookError::BadSize { size: 20, .. })
        ));
        let mut unsorted = bytes[16..32].to_vec();
        unsorted.extend_from_slice(&bytes[..16]);
        let err = PolyglotBook::from_bytes(&unsorted, "y.bin").unwrap_err();
        assert_eq!(
            err.to_string(),
            "y.bin: the entry at byte 16 is out of key order (not a Polyglot book?)"
        );
        let mut rng = SplitMix64::new(1);
        assert_eq!(
            book.choose(&b, false, &mut rng).unwrap().to_string(),
            "e2e4"
        );
        let picks: Vec<String> = (0..200)
            .map(|_| book.choose(&b, true, &mut rng).unwrap().to_string())
            .collect();
        let e4s = picks.iter().filter(|m| *m == "e2e4").count();
        assert!((110..190).contains(&e4s), "{e4s} of 200 with weights 3:1");
        // A corrupt move under a real key is skipped, not played.
        let bad = PolyglotBook::from_entries(vec![Entry {
            key: key(&b),
            mv: 0x0fff,
            weight: 5,
            learn: 0,
        }]);
        assert_eq!(bad.probe(&b), (vec![], 1));
        assert_eq!(bad.choose(&b, false, &mut rng), None);
    }
}
