//! Paper 003's action-based reasoning: a library of grandmasters' reactions, retrieved by the
//! opponent's move and by similarity, restricting the moves the search considers at the root,
//! and growing with every move the engine plays.
//!
//! **Cases.** The paper's case is `C = {Wm, Wf, Bm, Bf, S}`: White's move, the position after
//! it, Black's reply, the position after the reply, and the encoding of the position. The
//! paper stores Black's replies to White's moves; our engine plays both colours, so a case is
//! any reply to the move before it, by either side: `Wm` is "the opponent's move", `Bm` "the
//! reply" (and a game of `n` plies gives `n − 1` cases). Identical cases are stored once
//! with a count ([`file`]); `Bf` and `S` are derived from `Wf` when needed.
//!
//! **Retrieval** (paper 3.3), for the position after the opponent's move:
//! 1. *action filter*: the cases whose opponent move is the same move — the same from and
//!    to squares and kind, made by the same piece (so `Rd1d2` and `Qd1d2` differ);
//! 2. *similarity filter*: of those, the cases whose `Wf` has similarity at least the degree
//!    to the current position ([`encoding`]: `ActionSimilarity`, 0.5 by default; 0 keeps
//!    every case, the paper's experiment B);
//! 3. the surviving replies that are legal here, most frequent first, are the moves the search
//!    may play. When none survive (or the opponent's move is not known: the first move of a
//!    game, a position set up without moves) the search considers every legal move, as the
//!    paper's experiment A does.
//!
//! **Search** (paper 3.4) is the engine's own over the retrieved replies
//! ([`crate::search::RootFilter`]); the paper's configuration is the `power` evaluator
//! (`Evaluator=power`), but any evaluator and search work.
//!
//! **Retention** (paper 3.5): every move the engine plays in a game (not in analysis) is added
//! to the library in memory as a new case, so it is retrieved from the next move on. With
//! `ActionLearn` the cases learned are written to the file at `ucinewgame` and `quit`:
//! under a lock file (`FILE.lock`, created exclusively; one left by a dead process is removed
//! after a minute), the file is read again, the new cases are **merged** into what it holds
//! now (counts of identical cases add up), and the result is written to a temporary file that
//! is renamed over the old one. So an interrupted write leaves the old file whole, and two
//! engines learning into one file keep each other's cases.

pub mod build;
pub mod encoding;
pub mod file;

use std::path::Path;
use std::sync::Mutex;

use chainmate::core::{Board, Move, Position};
use encoding::Encoding;
use file::{CompactBoard, Contents, FileLock, LibraryError, Record};

/// The default similarity degree (`ActionSimilarity` 50): the paper's best were 0.4 and 0.5.
pub const DEFAULT_SIMILARITY: f64 = 0.5;

/// How long saving waits for another engine's lock on the file.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// An action library in memory: the cases of its file, indexed, and those learned since.
#[derive(Debug)]
pub struct ActionLibrary {
    contents: Contents,
    /// `move_start[m]..move_start[m + 1]`: the records whose opponent move has encoding `m`.
    move_start: Vec<u32>,
    learned: Mutex<Learned>,
}

#[derive(Debug, Default)]
struct Learned {
    records: Vec<Record>,
    /// How many of `records` are in the file already.
    saved: usize,
}

/// One reply the library offers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reply {
    /// The move (legal in the position retrieved for).
    pub mv: Move,
    /// Cases with this reply that passed both filters.
    pub count: u64,
    /// The highest similarity among them.
    pub similarity: f64,
}

/// What a retrieval found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Retrieval {
    /// Cases after the action filter.
    pub after_move: u64,
    /// Cases after the similarity filter.
    pub after_similarity: u64,
    /// Their legal replies, most frequent first (ties: most similar first).
    pub replies: Vec<Reply>,
}

impl Retrieval {
    /// The `info string` line for the GUI.
    pub fn describe(&self) -> String {
        let moves: Vec<String> = self.replies.iter().map(|r| r.mv.to_string()).collect();
        if moves.is_empty() {
            format!(
                "library: {} after move filter, {} after similarity, no legal reply: \
                 searching every move",
                chainmate::text::count(self.after_move, "case"),
                self.after_similarity
            )
        } else {
            format!(
                "library: {} after move filter, {} after similarity, moves {}",
                chainmate::text::count(self.after_move, "case"),
                self.after_similarity,
                moves.join(" ")
            )
        }
    }
}

/// The move that led from the previous position of `position`'s game to the current one, if
/// the game has one (found by replaying the previous position's legal moves).
pub fn last_move(position: &Position) -> Option<Move> {
    let previous = position.history().last()?;
    let target = position.board().hash();
    previous.legal_moves().iter().copied().find(|&mv| {
        let mut next = *previous;
        next.play_unchecked(mv);
        next.hash() == target
    })
}

impl ActionLibrary {
    /// A library of `contents`.
    pub fn new(contents: Contents) -> ActionLibrary {
        let mut move_start = vec![0u32; (1 << 16) + 1];
        for r in &contents.records {
            move_start[r.opponent.to_bits() as usize + 1] += 1;
        }
        let mut total = 0;
        for start in move_start.iter_mut() {
            total += *start;
            *start = total;
        }
        ActionLibrary {
            contents,
            move_start,
            learned: Mutex::default(),
        }
    }

    /// Reads a library file.
    pub fn load(path: &Path) -> Result<ActionLibrary, LibraryError> {
        Contents::load(path).map(ActionLibrary::new)
    }

    /// The cases read from the file.
    pub fn contents(&self) -> &Contents {
        &self.contents
    }

    /// The records whose opponent move is `mv`.
    pub fn replies_to(&self, mv: Move) -> &[Record] {
        let m = mv.to_bits() as usize;
        &self.contents.records[self.move_start[m] as usize..self.move_start[m + 1] as usize]
    }

    /// The records of the position with Polyglot key `key`, whatever the move before.
    pub fn in_position(&self, key: u64) -> impl Iterator<Item = &Record> {
        let records = &self.contents.records;
        let index = &self.contents.by_key;
        let start = index.partition_point(|&i| records[i as usize].key < key);
        index[start..]
            .iter()
            .map(|&i| &records[i as usize])
            .take_while(move |r| r.key == key)
    }

    /// Cases learned in play so far (in memory; written by [`ActionLibrary::save_learned`]).
    pub fn learned(&self) -> usize {
        self.lock_learned().records.len()
    }

    fn lock_learned(&self) -> std::sync::MutexGuard<'_, Learned> {
        self.learned.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Paper 003's two filters for `board`, reached by the opponent's move `opponent`; with
    /// `degree` `None` (or 0) only the action filter applies.
    pub fn retrieve(&self, board: &Board, opponent: Move, degree: Option<f64>) -> Retrieval {
        let Some(mover) = board
            .color_on(opponent.dest())
            .zip(board.piece_on(opponent.dest()))
        else {
            return Retrieval::default();
        };
        let here = CompactBoard::new(board);
        let current = Encoding::of(board);
        let degree = degree.filter(|&d| d > 0.0);
        let learned = self.lock_learned();
        let candidates = self
            .replies_to(opponent)
            .iter()
            .chain(learned.records.iter().filter(|r| r.opponent == opponent));
        let mut out = Retrieval::default();
        // Records of one position are adjacent: compute its similarity once.
        let mut cached: Option<(CompactBoard, f64)> = None;
        for r in candidates {
            if r.board.piece_on(opponent.dest()) != Some(mover) {
                continue;
            }
            out.after_move += r.count as u64;
            let similarity = match (degree, cached) {
                (None, _) => 1.0,
                (Some(_), Some((b, s))) if b == r.board => s,
                (Some(_), _) => {
                    let s = if r.board == here {
                        1.0
                    } else {
                        r.board
                            .piece_sets()
                            .map_or(0.0, |sets| Encoding::new(&sets).similarity(&current))
                    };
                    cached = Some((r.board, s));
                    s
                }
            };
            if degree.is_some_and(|d| similarity < d) {
                continue;
            }
            out.after_similarity += r.count as u64;
            if !board.is_legal(r.reply) {
                continue;
            }
            match out.replies.iter_mut().find(|x| x.mv == r.reply) {
                Some(x) => {
                    x.count += r.count as u64;
                    x.similarity = x.similarity.max(similarity);
                }
                None => out.replies.push(Reply {
                    mv: r.reply,
                    count: r.count as u64,
                    similarity,
                }),
            }
        }
        out.replies.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then(b.similarity.total_cmp(&a.similarity))
        });
        out
    }

    /// Retrieval for the current position of a game: `None` when the opponent's move is not
    /// known.
    pub fn retrieve_in_game(&self, position: &Position, degree: Option<f64>) -> Option<Retrieval> {
        let opponent = last_move(position)?;
        Some(self.retrieve(position.board(), opponent, degree))
    }

    /// Paper 003's retention: the engine played `reply` in `position`; the case joins the
    /// library (in memory) if the opponent's move is known.
    pub fn retain(&self, position: &Position, reply: Move) {
        let board = position.board();
        let Some(opponent) = last_move(position) else {
            return;
        };
        if !board.is_legal(reply) {
            return;
        }
        self.lock_learned().records.push(Record {
            key: crate::book::polyglot::key(board),
            board: CompactBoard::new(board),
            opponent,
            reply,
            count: 1,
        });
    }

    /// Writes the cases learned since the last save into the file at `path` (see the module
    /// documentation: lock, merge with the file as it is now, atomic replace). Returns how
    /// many cases were written.
    pub fn save_learned(&self, path: &Path) -> Result<usize, LibraryError> {
        let mut learned = self.lock_learned();
        let new = learned.records[learned.saved..].to_vec();
        if new.is_empty() {
            return Ok(0);
        }
        let _lock = FileLock::acquire(path, LOCK_WAIT)?;
        let on_disk = if path.exists() {
            Contents::load(path)?
        } else {
            Contents::default()
        };
        let games = on_disk.games;
        let mut records = on_disk.records;
        records.extend_from_slice(&new);
        Contents::from_records(records, games).save(path)?;
        learned.saved = learned.records.len();
        Ok(new.len())
    }
}

/// Paper 003's library as the search's [`crate::search::RootFilter`].
pub struct LibrarySource {
    /// The library.
    pub library: std::sync::Arc<ActionLibrary>,
    /// The similarity degree (`None`: only the action filter).
    pub degree: Option<f64>,
}

impl crate::search::RootFilter for LibrarySource {
    fn root_moves(&self, position: &Position) -> crate::search::RootMoves {
        match self.library.retrieve_in_game(position, self.degree) {
            Some(r) => crate::search::RootMoves {
                moves: r.replies.iter().map(|x| x.mv).collect(),
                note: r.describe(),
            },
            None => crate::search::RootMoves {
                moves: Vec::new(),
                note: "library: the opponent's move is not known: searching every move".into(),
            },
        }
    }

    fn played(&self, position: &Position, mv: Move) {
        self.library.retain(position, mv);
    }
}

impl crate::search::Named for LibrarySource {
    fn name(&self) -> &'static str {
        "action library"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "[Event \"a\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n\
        1. e4 c5 2. Nf3 d6 3. d4 cxd4 1-0\n\n\
        [Event \"b\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"0-1\"]\n\n\
        1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1\n\n\
        [Event \"c\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"1/2-1/2\"]\n\n\
        1. e4 c5 2. Nc3 Nc6 1/2-1/2\n";

    fn library() -> ActionLibrary {
        let mined = build::mine(GAMES, &build::BuildOptions::default());
        ActionLibrary::new(Contents::from_records(mined.records, mined.stats.games))
    }

    fn position(moves: &[&str]) -> Position {
        let mut p = Position::default();
        for m in moves {
            p.play_uci(m).unwrap();
        }
        p
    }

    #[test]
    fn the_action_filter_returns_the_grandmasters_replies_most_frequent_first() {
        let lib = library();
        // 6 + 6 + 4 plies: 5 + 5 + 3 cases.
        assert_eq!(lib.contents().cases(), 13);
        let after_e4 = position(&["e2e4"]);
        let r = lib.retrieve_in_game(&after_e4, None).unwrap();
        assert_eq!(r.after_move, 3);
        let moves: Vec<String> = r.replies.iter().map(|x| x.mv.to_string()).collect();
        assert_eq!(moves, ["c7c5", "e7e5"]);
        assert_eq!(r.replies[0].count, 2);
        assert!(r.describe().contains("moves c7c5 e7e5"), "{}", r.describe());
        // After 1.e4 c5 2.Nf3 both grandmasters' replies to 2.Nf3 are legal (2...d6 from this
        // position, 2...Nc6 from 1.e4 e5 2.Nf3).
        let nf3 = position(&["e2e4", "c7c5", "g1f3"]);
        let r = lib.retrieve_in_game(&nf3, None).unwrap();
        let mut moves: Vec<String> = r.replies.iter().map(|x| x.mv.to_string()).collect();
        moves.sort();
        assert_eq!(moves, ["b8c6", "d7d6"]);
        // After 1.e4 e5 2.Nf3 the reply d6 of the Sicilian is legal too, and 2...Nc6 is from
        // the same position: both pass the move filter, the exact position is most similar.
        let open = position(&["e2e4", "e7e5", "g1f3"]);
        let r = lib.retrieve_in_game(&open, Some(0.99)).unwrap();
        assert_eq!(r.after_move, 2);
        assert_eq!(r.after_similarity, 1);
        assert_eq!(r.replies[0].mv.to_string(), "b8c6");
        // No move before: no retrieval.
        assert_eq!(lib.retrieve_in_game(&Position::default(), None), None);
    }

    #[test]
    fn retained_cases_are_retrieved_and_merged_into_the_file() {
        let lib = library();
        let dir = std::env::temp_dir().join(format!("cm-lib-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.lib");
        lib_contents_save(&lib, &path);
        // The engine answers 1.e4 with 1...g6, never seen before.
        let after_e4 = position(&["e2e4"]);
        let g6 = after_e4.board().parse_uci("g7g6").unwrap();
        lib.retain(&after_e4, g6);
        let r = lib.retrieve_in_game(&after_e4, None).unwrap();
        assert!(r.replies.iter().any(|x| x.mv == g6));
        // Meanwhile another engine added a case to the file: both survive the save.
        let other = library();
        let d4 = position(&["d2d4"]);
        other.retain(&d4, d4.board().parse_uci("g8f6").unwrap());
        assert_eq!(other.save_learned(&path).unwrap(), 1);
        assert_eq!(lib.save_learned(&path).unwrap(), 1);
        assert_eq!(lib.save_learned(&path).unwrap(), 0, "nothing new");
        let reread = ActionLibrary::load(&path).unwrap();
        assert_eq!(reread.contents().cases(), 15);
        assert!(reread
            .retrieve_in_game(&after_e4, None)
            .unwrap()
            .replies
            .iter()
            .any(|x| x.mv == g6));
        assert_eq!(reread.retrieve_in_game(&d4, None).unwrap().replies.len(), 1);
        assert!(!dir.join("games.lib.lock").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn lib_contents_save(lib: &ActionLibrary, path: &Path) {
        lib.contents().save(path).unwrap();
    }

    #[test]
    fn the_position_index_finds_replies_whatever_the_move_before() {
        let lib = library();
        // 1.e4 c5 2.Nf3 and 1.e4 c5 2.Nc3 are different positions; the start of game c
        // after 1.e4 is the same position as in games a and b.
        let after_e4 = position(&["e2e4"]);
        let key = crate::book::polyglot::key(after_e4.board());
        let total: u64 = lib.in_position(key).map(|r| r.count as u64).sum();
        assert_eq!(total, 3);
    }
}
