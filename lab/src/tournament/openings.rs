//! Opening books for matches: where each game starts.
//!
//! The format follows the file's extension:
//!
//! * `.epd`, `.fen`: one position per line, the first four FEN fields plus the two clocks
//!   when both are present; EPD operations after them are ignored;
//! * `.pgn`: each game's final position, reached through its moves (which are then played
//!   as the first moves of the match game, so they appear in its PGN);
//! * anything else: one opening per line as movetext from the start position,
//!   `1. e4 g6 2. h4 c5  # comment` (a `#` at the start of a line or after a space starts a
//!   comment; `Qxf7#` is still a mate).
//!
//! Blank lines and lines starting with `#` are skipped everywhere. A line (or PGN game)
//! that cannot be read is reported with its line number and skipped; only a file that cannot
//! be read at all, or holds no usable opening, is an error.
//!
//! Without a book a match uses [`builtin`]: 32 eight-move openings from the CC0
//! `8moves_v3` book of official-stockfish/books (every 156th game of the
//! 4,999-game sample in `../shared/data/books`), shipped in `builtin_openings.txt`.

use std::fmt;
use std::path::Path;

use chainmate::core::{chess960, Board, Move};
use chainmate::formats::pgn::{read_games, Game, PgnErrorKind};

/// Where a game starts: a position, and the book moves played from it before the engines
/// take over.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The first position.
    pub start: Board,
    /// Book moves from `start` (legal in sequence).
    pub moves: Vec<Move>,
    /// Whether the game is Chess960: its PGN says `[Variant "Chess960"]` and external
    /// engines get `UCI_Chess960` and king-takes-rook castling. True for a start position
    /// only Chess960 has, for a PGN game tagged so, and for every opening of
    /// `match --variant chess960`.
    pub chess960: bool,
}

impl Opening {
    /// The position after the book moves.
    pub fn position(&self) -> Board {
        let mut board = self.start;
        for &mv in &self.moves {
            board.play_unchecked(mv);
        }
        board
    }
}

/// A line or game of a book that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookWarning {
    /// The line (from 1).
    pub line: usize,
    /// Why.
    pub message: String,
}

impl fmt::Display for BookWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// How a book file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// One FEN or EPD line per opening.
    Fen,
    /// PGN games: each game's final position.
    Pgn,
    /// One movetext line per opening.
    Movetext,
}

impl BookFormat {
    /// The format a file's extension implies (see the module documentation).
    pub fn from_path(path: &Path) -> BookFormat {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("epd" | "fen") => BookFormat::Fen,
            Some("pgn") => BookFormat::Pgn,
            _ => BookFormat::Movetext,
        }
    }
}

/// The openings of `text` in `format`, and the lines that were skipped.
pub fn parse_book(text: &str, format: BookFormat) -> (Vec<Opening>, Vec<BookWarning>) {
    match format {
        BookFormat::Pgn => parse_pgn_book(text),
        BookFormat::Fen => parse_lines(text, parse_fen_line),
        BookFormat::Movetext => parse_lines(text, parse_movetext_line),
    }
}

/// Reads the book at `path` (format from its extension). Fails if the file cannot be read
/// or yields no opening.
pub fn load_book(path: &Path) -> Result<(Vec<Opening>, Vec<BookWarning>), String> {
    let (text, _) = chainmate::formats::read_text(path)
        .map_err(|e| format!("cannot read book {}: {e}", path.display()))?;
    let (openings, warnings) = parse_book(&text, BookFormat::from_path(path));
    if openings.is_empty() {
        return Err(format!(
            "book {} holds no usable opening ({})",
            path.display(),
            chainmate::text::count(warnings.len(), "bad line")
        ));
    }
    Ok((openings, warnings))
}

/// The openings of `path` (the built-in set without one), shuffled with `seed` if `random`,
/// with the warnings of the bad lines that were skipped.
pub fn load(
    path: Option<&Path>,
    random: bool,
    seed: u64,
) -> Result<(Vec<Opening>, Vec<BookWarning>), String> {
    let (mut book, warnings) = match path {
        None => (builtin(), Vec::new()),
        Some(path) => load_book(path)?,
    };
    if random {
        shuffle(&mut book, seed);
    }
    Ok((book, warnings))
}

/// Fisher-Yates with the engine's pinned generator, so a seed means the same order on every
/// build.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = chainmate::core::prng::SplitMix64::new(seed);
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The built-in openings (see the module documentation).
pub fn builtin() -> Vec<Opening> {
    let (openings, warnings) = parse_book(BUILTIN, BookFormat::Movetext);
    debug_assert!(warnings.is_empty(), "{warnings:?}");
    openings
}

/// The built-in book's text.
const BUILTIN: &str = include_str!("builtin_openings.txt");

/// Applies `parse` to every line that is neither blank nor a `#` comment.
fn parse_lines(
    text: &str,
    parse: fn(&str) -> Result<Opening, String>,
) -> (Vec<Opening>, Vec<BookWarning>) {
    let mut openings = Vec::new();
    let mut warnings = Vec::new();
    for (line, text) in chainmate::formats::records(text) {
        match parse(text.trim()) {
            Ok(opening) => openings.push(opening),
            Err(message) => warnings.push(BookWarning { line, message }),
        }
    }
    (openings, warnings)
}

/// A FEN or EPD line: four fields, plus both clocks when both are numbers.
pub fn parse_fen_line(line: &str) -> Result<Opening, String> {
    let fields: Vec<&str> = line.split_whitespace().take(6).collect();
    if fields.len() < 4 {
        return Err(format!("'{line}' is not a FEN (fewer than 4 fields)"));
    }
    let is_clock = |i: usize| fields.get(i).is_some_and(|f| f.parse::<u16>().is_ok());
    let used = if is_clock(4) && is_clock(5) { 6 } else { 4 };
    let start = Board::from_fen(&fields[..used].join(" ")).map_err(|e| e.to_string())?;
    Ok(Opening {
        start,
        moves: Vec::new(),
        chess960: start.is_chess960(),
    })
}

/// A movetext line from the start position, with an optional `# comment`.
pub fn parse_movetext_line(line: &str) -> Result<Opening, String> {
    let movetext = strip_hash_comment(line);
    let mut games = read_games(movetext);
    // A line of moves has no result token: the reader's `Truncated` is expected here.
    let game = match (games.next_lenient(), games.next_lenient()) {
        (Some((Some(game), None)), None) => game,
        (Some((Some(game), Some(e))), None) if e.kind == PgnErrorKind::Truncated => game,
        (Some((_, Some(e))), _) => return Err(e.kind.to_string()),
        _ => return Err(format!("'{movetext}' is not one line of moves")),
    };
    Ok(opening_of(&game))
}

/// `line` up to a `#` that starts it or follows whitespace.
fn strip_hash_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let cut = (0..bytes.len())
        .find(|&i| bytes[i] == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()));
    line[..cut.unwrap_or(line.len())].trim()
}

/// Every readable game of a PGN book; unreadable ones are reported at the line of their
/// fault.
fn parse_pgn_book(text: &str) -> (Vec<Opening>, Vec<BookWarning>) {
    let mut openings = Vec::new();
    let mut warnings = Vec::new();
    for game in read_games(text) {
        match game {
            Ok(game) => openings.push(opening_of(&game)),
            Err(e) => warnings.push(BookWarning {
                line: e.line,
                message: e.to_string(),
            }),
        }
    }
    (openings, warnings)
}

fn opening_of(game: &Game) -> Opening {
    Opening {
        start: *game.start(),
        moves: game.moves().to_vec(),
        chess960: game.start().is_chess960()
            || game
                .tag("Variant")
                .is_some_and(|v| v.eq_ignore_ascii_case("chess960")),
    }
}

/// `count` Chess960 start positions drawn at random (seeded) from the 960, each an opening
/// with no book moves.
pub fn chess960(count: usize, seed: u64) -> Vec<Opening> {
    let mut rng = chainmate::core::prng::SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let id = (rng.next_u64() % u64::from(chess960::COUNT)) as u16;
            Opening {
                start: chess960::start_position(id).expect("id below 960"),
                moves: Vec::new(),
                chess960: true,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_book_is_complete_and_legal() {
        let (openings, warnings) = parse_book(BUILTIN, BookFormat::Movetext);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(openings.len(), 32);
        assert!(openings.iter().all(|o| o.moves.len() == 16));
    }

    #[test]
    fn hash_comments_but_not_mate_marks_are_stripped() {
        assert_eq!(strip_hash_comment("1. e4 e5  # sf +14cp"), "1. e4 e5");
        assert_eq!(strip_hash_comment("1. e4 Qxf7# # mate"), "1. e4 Qxf7#");
        assert_eq!(strip_hash_comment("# only a comment"), "");
    }
}
