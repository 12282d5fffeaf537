//! Portable Game Notation: a reader that iterates the games of a text, and a writer that
//! turns a game into export-format PGN.
//!
//! # Reading
//!
//! [`read_games`] yields one `Result<Game, PgnError>` per game. It understands tag pairs
//! (with `\"` and `\\` escapes), move numbers (`12.`, `12...`, `1.e4`), brace comments
//! (which may span lines), rest-of-line `;` comments, `%` escape lines, nested
//! `(variations)` (skipped), numeric annotation glyphs (`$14`), suffix annotations
//! (`!`, `?!`, ...) and the four game results. Moves are SAN, replayed from the start
//! position or from the `[FEN]` tag, so every move of a [`Game`] is legal.
//!
//! A broken game — bad syntax, a bad FEN tag, a move that is not legal — is consumed up to
//! its end and reported as one [`PgnError`] naming the game (its number, first line and
//! players) and, for a move, the move number and text; the next game is then read as usual.
//! Nothing in the reader panics, whatever the input (a quickcheck property checks this).
//!
//! A game ends at its result token, at a `[` that starts the next game's tags, or at the end
//! of the text (a missing result is tolerated: it is taken from the `Result` tag).
//!
//! # Writing
//!
//! [`Game::to_pgn`] writes the Seven Tag Roster first (missing tags as `?`), then `SetUp` and
//! `FEN` when the start is not the standard position, then the other tags in their order;
//! the movetext in SAN with move numbers, the game's closing comment and the result, with
//! lines wrapped at 79 characters.

use std::fmt;

use crate::core::{Board, Color, FenError, Move, MoveError, Position};

/// A game's outcome, as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result a PGN token names, if it is one.
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// A win for `winner`.
    pub fn win_for(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game: tags, a start position, the moves (legal by construction), a result and an
/// optional closing comment (why the game ended).
#[derive(Clone, Debug)]
pub struct Game {
    /// Tag pairs in file order. `Result`, `SetUp` and `FEN` here are ignored by the writer,
    /// which derives them from [`Game::result`] and the start position.
    pub tags: Vec<(String, String)>,
    /// The outcome.
    pub result: GameResult,
    /// The comment after the last move (e.g. `White mates`), without braces, whitespace runs
    /// read as one space.
    pub comment: Option<String>,
    start: Board,
    end: Board,
    moves: Vec<Move>,
    /// The comment after each move (`notes[i]` follows `moves[i]`), e.g. an engine's
    /// evaluation `+0.35/12 0.81s`; the last move's closing comment is [`Game::comment`].
    notes: Vec<Option<String>>,
}

impl Game {
    /// A game with no tags and no moves yet, starting from `start`.
    pub fn new(start: Board) -> Game {
        Game {
            tags: Vec::new(),
            result: GameResult::Unknown,
            comment: None,
            start,
            end: start,
            moves: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The position after the last move.
    pub fn end(&self) -> &Board {
        &self.end
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` at the end of the game if it is legal there; otherwise changes nothing.
    pub fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        self.end.try_play(mv)?;
        self.moves.push(mv);
        self.notes.push(None);
        Ok(())
    }

    /// The comment after move `i` (from 0), if any (the closing comment is
    /// [`Game::comment`]).
    pub fn note(&self, i: usize) -> Option<&str> {
        self.notes.get(i)?.as_deref()
    }

    /// Sets the comment after the last move (nothing happens before the first move).
    pub fn annotate_last(&mut self, note: impl Into<String>) {
        if let Some(last) = self.notes.last_mut() {
            *last = Some(note.into());
        }
    }

    /// The final position with the whole game as history, so repetitions can be judged.
    pub fn position(&self) -> Position {
        let mut position = Position::new(self.start);
        for &mv in &self.moves {
            position.play_unchecked(mv);
        }
        position
    }

    /// The value of the first tag named `name` (names compare exactly, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing an earlier value or appending a new tag.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The game as export-format PGN, ending with a blank line.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.export_tags() {
            out.push_str(&format!("[{name} \"{}\"]\n", escape_tag(&value)));
        }
        out.push('\n');
        for line in wrap(&self.movetext_tokens(), MAX_LINE) {
            out.push_str(&line);
            out.push('\n');
        }
        out.push('\n');
        out
    }

    /// The tags in export order: the Seven Tag Roster, `SetUp`/`FEN`, then the rest.
    fn export_tags(&self) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> = ROSTER
            .iter()
            .map(|&(name, unknown)| {
                let value = match name {
                    "Result" => self.result.as_str(),
                    _ => self.tag(name).unwrap_or(unknown),
                };
                (name.to_string(), value.to_string())
            })
            .collect();
        if self.start != Board::startpos() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), self.start.to_fen()));
        }
        let derived = |n: &str| ROSTER.iter().any(|r| r.0 == n) || n == "SetUp" || n == "FEN";
        tags.extend(self.tags.iter().filter(|(n, _)| !derived(n)).cloned());
        tags
    }

    /// Move numbers, SAN moves, the closing comment and the result, one token each
    /// (a comment is split into words so that it can wrap).
    fn movetext_tokens(&self) -> Vec<String> {
        let mut tokens = Vec::with_capacity(self.moves.len() * 3 / 2 + 4);
        let mut board = self.start;
        for (i, &mv) in self.moves.iter().enumerate() {
            let number = board.fullmove_number();
            match board.side_to_move() {
                Color::White => tokens.push(format!("{number}.")),
                Color::Black if i == 0 => tokens.push(format!("{number}...")),
                Color::Black => {}
            }
            tokens.push(board.san(mv));
            board.play_unchecked(mv);
            if let Some(note) = self.note(i) {
                tokens.extend(comment_tokens(note));
            }
        }
        if let Some(comment) = &self.comment {
            tokens.extend(comment_tokens(comment));
        }
        tokens.push(self.result.as_str().to_string());
        tokens
    }
}

/// Longest line the writer produces (the PGN standard's export limit is 79 characters,
/// plus the newline).
const MAX_LINE: usize = 79;

/// The Seven Tag Roster in its required order, with each tag's "unknown" value.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// A tag value with `\` and `"` escaped by a backslash, and line breaks (not allowed inside
/// a tag) turned into spaces.
fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `{word word ...}` split at spaces. A `}` inside would end the comment early, so it
/// becomes `)`.
fn comment_tokens(comment: &str) -> Vec<String> {
    let clean = comment.replace('}', ")");
    let words: Vec<&str> = clean.split_whitespace().collect();
    if words.is_empty() {
        return vec!["{}".to_string()];
    }
    let last = words.len() - 1;
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let open = if i == 0 { "{" } else { "" };
            let close = if i == last { "}" } else { "" };
            format!("{open}{w}{close}")
        })
        .collect()
}

/// Greedy line filling: tokens joined by single spaces, a new line when the next token would
/// pass `width` (a longer token gets a line of its own).
fn wrap(tokens: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

// ---- errors ---------------------------------------------------------------------------------

/// Why a game could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A `{` comment that is never closed (it runs to the end of the text).
    UnclosedComment,
    /// A tag value whose closing quote is missing.
    UnclosedString,
    /// A tag pair that is not `[Name "value"]` on one line.
    BadTag,
    /// A `)` without its `(`.
    UnmatchedParenthesis,
    /// A `(` variation still open when the game ends.
    UnclosedVariation,
    /// Something that has no place in movetext (e.g. a string or a `]`).
    UnexpectedToken(String),
    /// A character PGN does not use outside comments.
    UnexpectedCharacter(char),
    /// The `FEN` tag does not describe a valid position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it was rejected.
        error: FenError,
    },
    /// The text ends inside the game, before its result token (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`): a file cut short. The moves read so far are kept by the lenient reader.
    Truncated,
    /// A move that is not a legal SAN move in its position.
    BadMove {
        /// Its move number as PGN writes it (`12.` or `12...`).
        number: String,
        /// The move text.
        san: String,
        /// Why it was rejected.
        error: MoveError,
    },
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::UnclosedComment => write!(f, "comment '{{' is never closed"),
            PgnErrorKind::UnclosedString => write!(f, "tag value has no closing quote"),
            PgnErrorKind::BadTag => write!(f, "malformed tag pair (expected [Name \"value\"])"),
            PgnErrorKind::UnmatchedParenthesis => write!(f, "')' without a matching '('"),
            PgnErrorKind::UnclosedVariation => write!(f, "variation '(' is never closed"),
            PgnErrorKind::UnexpectedToken(t) => write!(f, "unexpected '{t}' in movetext"),
            PgnErrorKind::UnexpectedCharacter(c) => write!(f, "unexpected character {c:?}"),
            PgnErrorKind::BadFen { fen, error } => write!(f, "bad FEN tag \"{fen}\": {error}"),
            PgnErrorKind::Truncated => {
                write!(
                    f,
                    "the text ends inside the game, before its result (cut short?)"
                )
            }
            PgnErrorKind::BadMove { number, san, error } => {
                write!(f, "move {number} {san}: {error}")
            }
        }
    }
}

/// A game that could not be read: which game, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the text, from 1.
    pub game: usize,
    /// The line (from 1) where the game starts.
    pub game_line: usize,
    /// The players, `White - Black`, when the tags name them.
    pub players: Option<String>,
    /// The line (from 1) of the fault.
    pub line: usize,
    /// The fault.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (line {}", self.game, self.game_line)?;
        if let Some(players) = &self.players {
            write!(f, ", {players}")?;
        }
        write!(f, "), line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for PgnError {}

// ---- lexer ------------------------------------------------------------------------------------

/// One PGN token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    LBracket,
    RBracket,
    LParen,
    RParen,
    Period,
    /// `*`.
    Star,
    /// A quoted string, escapes resolved.
    Str(String),
    /// A move, move number, result or tag name.
    Symbol(&'a str),
    /// `{...}` without braces, or a `;` comment without the `;`.
    Comment(&'a str),
    /// `$n` or a run of `!`/`?`.
    Annotation,
}

/// A token with the line it starts on, or a lexical fault.
type Lexed<'a> = Result<(Token<'a>, usize), (PgnErrorKind, usize)>;

/// Splits PGN text into tokens. Works on bytes: every byte that delimits a token is ASCII, so
/// every slice taken falls on a UTF-8 boundary even in text with non-ASCII comments.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    peeked: Option<Lexed<'a>>,
}

fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/')
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            line: 1,
            peeked: None,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&mut self) -> Option<&Lexed<'a>> {
        if self.peeked.is_none() {
            self.peeked = self.lex();
        }
        self.peeked.as_ref()
    }

    fn next_token(&mut self) -> Option<Lexed<'a>> {
        self.peeked.take().or_else(|| self.lex())
    }

    /// Advances past one byte, counting lines.
    fn bump(&mut self) -> u8 {
        let b = self.bytes()[self.pos];
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
        }
        b
    }

    /// Advances while `keep` holds; returns the start of the run.
    fn bump_while(&mut self, keep: impl Fn(u8) -> bool) -> usize {
        let start = self.pos;
        while self.pos < self.bytes().len() && keep(self.bytes()[self.pos]) {
            self.bump();
        }
        start
    }

    /// Skips whitespace and `%` escape lines (a `%` in the first column).
    fn skip_blank(&mut self) {
        loop {
            self.bump_while(|b| b.is_ascii_whitespace());
            let at_line_start = self.pos == 0 || self.bytes()[self.pos - 1] == b'\n';
            if at_line_start && self.bytes().get(self.pos) == Some(&b'%') {
                self.bump_while(|b| b != b'\n');
            } else {
                return;
            }
        }
    }

    fn lex(&mut self) -> Option<Lexed<'a>> {
        self.skip_blank();
        let line = self.line;
        let b = *self.bytes().get(self.pos)?;
        let simple = match b {
            b'[' => Some(Token::LBracket),
            b']' => Some(Token::RBracket),
            b'(' => Some(Token::LParen),
            b')' => Some(Token::RParen),
            b'.' => Some(Token::Period),
            b'*' => Some(Token::Star),
            _ => None,
        };
        if let Some(token) = simple {
            self.bump();
            return Some(Ok((token, line)));
        }
        Some(match b {
            b'"' => self.string().map(|s| (Token::Str(s), line)),
            b'{' => self.brace_comment().map(|c| (Token::Comment(c), line)),
            b';' => {
                self.bump();
                let start = self.bump_while(|b| b != b'\n');
                Ok((Token::Comment(&self.text[start..self.pos]), line))
            }
            b'$' => {
                self.bump();
                self.bump_while(|b| b.is_ascii_digit());
                Ok((Token::Annotation, line))
            }
            b'!' | b'?' => {
                self.bump_while(|b| b == b'!' || b == b'?');
                Ok((Token::Annotation, line))
            }
            b if is_symbol_byte(b) => {
                let start = self.bump_while(is_symbol_byte);
                Ok((Token::Symbol(&self.text[start..self.pos]), line))
            }
            _ => {
                let c = self.text[self.pos..].chars().next().unwrap_or('?');
                for _ in 0..c.len_utf8() {
                    self.bump();
                }
                Err((PgnErrorKind::UnexpectedCharacter(c), line))
            }
        })
    }

    /// A quoted string starting at the current `"`; must close on the same line.
    fn string(&mut self) -> Result<String, (PgnErrorKind, usize)> {
        let line = self.line;
        self.bump();
        let mut value = String::new();
        let mut run = self.pos;
        while let Some(&b) = self.bytes().get(self.pos) {
            match b {
                b'"' => {
                    value.push_str(&self.text[run..self.pos]);
                    self.bump();
                    return Ok(value);
                }
                b'\n' => break,
                b'\\' if matches!(self.bytes().get(self.pos + 1), Some(b'"' | b'\\')) => {
                    value.push_str(&self.text[run..self.pos]);
                    self.bump();
                    run = self.pos;
                    self.bump();
                }
                _ => {
                    self.bump();
                }
            }
        }
        Err((PgnErrorKind::UnclosedString, line))
    }

    /// A `{...}` comment starting at the current `{`.
    fn brace_comment(&mut self) -> Result<&'a str, (PgnErrorKind, usize)> {
        let line = self.line;
        self.bump();
        let start = self.bump_while(|b| b != b'}');
        if self.pos >= self.bytes().len() {
            return Err((PgnErrorKind::UnclosedComment, line));
        }
        let comment = &self.text[start..self.pos];
        self.bump();
        Ok(comment)
    }
}

// ---- parser -----------------------------------------------------------------------------------

/// One game's text, parsed but not yet replayed.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    /// The line of each tag in `tags`.
    tag_lines: Vec<usize>,
    /// Main-line moves with their lines.
    sans: Vec<(String, usize)>,
    /// The comments after each move of `sans`.
    notes: Vec<Vec<String>>,
    result: Option<GameResult>,
    comment: Option<String>,
    /// The first fault met, if any (the game is still read to its end).
    error: Option<(PgnErrorKind, usize)>,
    /// The line where the text ended before a result token, if it did.
    truncated_at: Option<usize>,
}

impl RawGame {
    fn fail(&mut self, kind: PgnErrorKind, line: usize) {
        self.error.get_or_insert((kind, line));
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn players(&self) -> Option<String> {
        match (self.tag("White"), self.tag("Black")) {
            (None, None) => None,
            (w, b) => Some(format!("{} - {}", w.unwrap_or("?"), b.unwrap_or("?"))),
        }
    }
}

/// Iterates the games of a PGN text; see the module documentation.
pub struct Reader<'a> {
    lexer: Lexer<'a>,
    games: usize,
}

/// The games of `text`, in order, each either read or reported (a leading byte-order mark
/// is passed over).
pub fn read_games(text: &str) -> Reader<'_> {
    Reader {
        lexer: Lexer::new(text.strip_prefix('\u{feff}').unwrap_or(text)),
        games: 0,
    }
}

impl Reader<'_> {
    /// The next game like [`Iterator::next`], but a game with a move that is not legal comes
    /// with the moves before it: `(Some(prefix), Some(error))`. A game that cannot be read
    /// at all (bad syntax, bad `FEN`) is `(None, Some(error))`; a good one `(Some, None)`.
    pub fn next_lenient(&mut self) -> Option<(Option<Game>, Option<PgnError>)> {
        let game_line = match self.lexer.peek()? {
            Ok((_, line)) | Err((_, line)) => *line,
        };
        self.games += 1;
        let mut raw = RawGame::default();
        self.tag_section(&mut raw);
        self.movetext(&mut raw);
        let error = |raw: &RawGame, (kind, line): (PgnErrorKind, usize)| PgnError {
            game: self.games,
            game_line,
            players: raw.players(),
            line,
            kind,
        };
        if let Some(fault) = raw.error.take() {
            return Some((None, Some(error(&raw, fault))));
        }
        let (game, fault) = replay(&raw);
        let fault = fault.or(raw.truncated_at.map(|line| (PgnErrorKind::Truncated, line)));
        Some((game, fault.map(|f| error(&raw, f))))
    }
}

impl Iterator for Reader<'_> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(match self.next_lenient()? {
            (_, Some(error)) => Err(error),
            (Some(game), None) => Ok(game),
            (None, None) => unreachable!("a game is read or reported"),
        })
    }
}

impl Reader<'_> {
    /// Reads `[Name "value"]` pairs while the next token is `[`.
    fn tag_section(&mut self, raw: &mut RawGame) {
        while let Some(Ok((Token::LBracket, _))) = self.lexer.peek() {
            let Some(Ok((_, line))) = self.lexer.next_token() else {
                return;
            };
            match self.tag_pair(line) {
                Ok(tag) => {
                    raw.tags.push(tag);
                    raw.tag_lines.push(line);
                }
                Err(kind) => raw.fail(kind, line),
            }
        }
    }

    /// The rest of one tag pair after its `[`: the tokens up to `]`, all on the `[`'s line.
    /// A pair cut short by the end of the line leaves the next line's tokens unread.
    fn tag_pair(&mut self, line: usize) -> Result<(String, String), PgnErrorKind> {
        let mut parts = Vec::new();
        loop {
            match self.lexer.peek() {
                Some(Ok((_, l))) | Some(Err((_, l))) if *l == line => {}
                _ => return Err(PgnErrorKind::BadTag),
            }
            match self.lexer.next_token() {
                Some(Ok((Token::RBracket, _))) => break,
                Some(Ok((token, _))) => parts.push(token),
                Some(Err((kind, _))) => return Err(kind),
                None => return Err(PgnErrorKind::BadTag),
            }
        }
        match parts.as_slice() {
            [Token::Symbol(name), Token::Str(value)] => Ok((name.to_string(), value.clone())),
            _ => Err(PgnErrorKind::BadTag),
        }
    }

    /// Reads movetext up to the game's end (see the module documentation).
    fn movetext(&mut self, raw: &mut RawGame) {
        let mut depth = 0usize;
        let mut started = false;
        loop {
            if let Some(Ok((Token::LBracket, line))) = self.lexer.peek() {
                if started || depth > 0 {
                    if depth > 0 {
                        raw.fail(PgnErrorKind::UnclosedVariation, *line);
                    }
                    return;
                }
            }
            let Some(lexed) = self.lexer.next_token() else {
                if depth > 0 {
                    raw.fail(PgnErrorKind::UnclosedVariation, self.lexer.line);
                }
                raw.truncated_at = Some(self.lexer.line);
                return;
            };
            started = true;
            let (token, line) = match lexed {
                Ok(t) => t,
                Err((kind, line)) => {
                    raw.fail(kind, line);
                    continue;
                }
            };
            if self.movetext_token(raw, token, line, &mut depth) {
                return;
            }
        }
    }

    /// Handles one movetext token; returns whether it ends the game.
    fn movetext_token(
        &mut self,
        raw: &mut RawGame,
        token: Token<'_>,
        line: usize,
        depth: &mut usize,
    ) -> bool {
        let result = match &token {
            Token::Star => Some(GameResult::Unknown),
            Token::Symbol(s) => GameResult::from_token(s),
            _ => None,
        };
        if let Some(result) = result {
            if *depth > 0 {
                raw.fail(PgnErrorKind::UnclosedVariation, line);
            }
            raw.result = Some(result);
            return true;
        }
        match token {
            Token::Symbol(s) if s.bytes().all(|b| b.is_ascii_digit()) => {}
            Token::Symbol(s) if *depth == 0 => {
                raw.sans.push((s.to_string(), line));
                raw.notes.push(Vec::new());
                raw.comment = None;
            }
            Token::Comment(c) if *depth == 0 => {
                let c = normalize_space(c);
                if let Some(notes) = raw.notes.last_mut() {
                    notes.push(c.clone());
                }
                raw.comment = Some(c);
            }
            Token::LParen => *depth += 1,
            Token::RParen if *depth == 0 => raw.fail(PgnErrorKind::UnmatchedParenthesis, line),
            Token::RParen => *depth -= 1,
            Token::Str(s) => raw.fail(PgnErrorKind::UnexpectedToken(format!("\"{s}\"")), line),
            Token::RBracket => raw.fail(PgnErrorKind::UnexpectedToken("]".into()), line),
            Token::LBracket => raw.fail(PgnErrorKind::UnexpectedToken("[".into()), line),
            _ => {}
        }
        false
    }
}

/// `text` with each run of whitespace (line breaks included) turned into one space: the line
/// breaks of a comment only reflect where the writer wrapped it.
fn normalize_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Plays a parsed game's moves from its start position. A move that is not legal ends the
/// replay: the game up to it is returned with the fault (no game for a bad `FEN` tag).
fn replay(raw: &RawGame) -> (Option<Game>, Option<(PgnErrorKind, usize)>) {
    let fen_tag = raw.tags.iter().position(|(n, _)| n == "FEN");
    let start = match fen_tag {
        Some(i) => {
            let fen = &raw.tags[i].1;
            match Board::from_fen(fen) {
                Ok(board) => board,
                Err(error) => {
                    let kind = PgnErrorKind::BadFen {
                        fen: fen.clone(),
                        error,
                    };
                    return (None, Some((kind, raw.tag_lines[i])));
                }
            }
        }
        None => Board::startpos(),
    };
    let mut game = Game::new(start);
    game.tags = raw.tags.clone();
    game.result = raw.result.unwrap_or_else(|| {
        raw.tag("Result")
            .and_then(GameResult::from_token)
            .unwrap_or_default()
    });
    let mut fault = None;
    for (i, (san, line)) in raw.sans.iter().enumerate() {
        let board = *game.end();
        let number = match board.side_to_move() {
            Color::White => format!("{}.", board.fullmove_number()),
            Color::Black => format!("{}...", board.fullmove_number()),
        };
        let bad = |error| PgnErrorKind::BadMove {
            number: number.clone(),
            san: san.clone(),
            error,
        };
        let played = board
            .parse_san(san)
            .and_then(|mv| game.push(mv))
            .map_err(|e| (bad(e), *line));
        if let Err(f) = played {
            fault = Some(f);
            break;
        }
        // The last move's last comment is the game's closing comment, not a note.
        let mut notes: &[String] = &raw.notes[i];
        if i + 1 == raw.sans.len() && raw.comment.is_some() {
            notes = &notes[..notes.len().saturating_sub(1)];
        }
        if !notes.is_empty() {
            game.annotate_last(notes.join(" "));
        }
    }
    if fault.is_none() {
        game.comment = raw.comment.clone();
    }
    (Some(game), fault)
}
