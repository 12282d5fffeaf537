//! Paper 000's case-based opening retrieval ("Case-Based Retrieval for Opening Play").
//!
//! **Cases.** One case per line of the ECO openings (`openings/*.tsv`, lichess, CC0): its
//! name, ECO code, SAN moves, and the board before each move and after the last. The paper
//! stores "the board after each move"; we also keep the board *before* the first move, so that
//! the start position matches a case (distance 0) and its next move is the case's first move —
//! without it, a player to move in the start position would match only boards one move in,
//! whose next moves belong to the other side.
//!
//! **Similarity.** A board is its 64-square string (a piece letter or empty per square);
//! similarity is the Hamming distance between two such strings. We store each board as 64
//! four-bit square codes in four `u64` words ([`PackedBoard`]), so a distance is four XORs, a
//! fold of each nibble onto its lowest bit and four popcounts — the same number as comparing
//! the 64 characters, in a few word operations.
//!
//! **Retrieval, as the paper does it.** Scan every board of every case for the minimum
//! distance `d`; every (case, index) with a board at distance `< d + 2` is a match, keeping the
//! case, the index at which it matched and the case's length. Matches are sorted by decreasing
//! sequence length (stable; [`CbrSettings::sort_by_length`] switches this off for Table 4's
//! "not sorted" column). The first next move (after the matched index) that is legal in the
//! position is played. When none is, the book is off for the rest of the game
//! ([`CbrBook::out_of_book`]).
//!
//! **Our additions**, each a setting:
//!
//! * [`CbrSettings::max_distance`]: the paper has no absolute limit, and notes that following
//!   an opening too long "can result in losing pieces" — a case matched at distance 6 is a
//!   different position in which the stored move may hang a piece. With a limit, a nearest
//!   board farther than it ends the book for the game as a failed retrieval does. `None` is
//!   the paper. Our default is **0**: only a board of one of the lines (reached in any move
//!   order). Measured by `chainmate-lab experiment book-distance` on 17,530 positions of GM
//!   games (docs/books.md): a book move retrieved at distance 0 loses 30 cp against a
//!   depth-8 search on average (7 % of them a pawn or more, about the search's own
//!   disagreement with theory); at distance 2 (one piece elsewhere) 64 cp and 17 %; from 3 on
//!   78–178 cp and 22–51 %. `BookMaxDistance=64` is the paper's unlimited retrieval.
//! * [`CbrSettings::paper_choices`]: the paper's fixed choices, 1.e4 as White and 1...c5
//!   against 1.e4 (on in the paper's preset, off by default).
//! * [`CaseBase::sample`]: a seeded sample of N cases (`--cases 500` reproduces the paper's
//!   500 sequences; we have 3,807).

use std::fmt;

use chainmate::core::prng::SplitMix64;
use chainmate::core::{Board, Color, Move, Square};

/// The ECO openings shipped with the crate (lichess `chess-openings`, CC0).
pub const ECO_TSV: [&str; 5] = [
    include_str!("openings/a.tsv"),
    include_str!("openings/b.tsv"),
    include_str!("openings/c.tsv"),
    include_str!("openings/d.tsv"),
    include_str!("openings/e.tsv"),
];

/// A board as 64 four-bit square codes (0 empty, 1–6 white pawn..king, 7–12 black), sixteen
/// squares per word, square `a1` in the lowest nibble of word 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedBoard([u64; 4]);

/// The lowest bit of every nibble.
const NIBBLE_LOW: u64 = 0x1111_1111_1111_1111;

impl PackedBoard {
    /// The board's square contents.
    pub fn new(board: &Board) -> PackedBoard {
        let mut words = [0u64; 4];
        for sq in Square::ALL {
            if let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) {
                let code = 1 + piece as u64 + 6 * (color == Color::Black) as u64;
                let i = sq as usize;
                words[i / 16] |= code << (4 * (i % 16));
            }
        }
        PackedBoard(words)
    }

    /// The number of squares whose contents differ (the Hamming distance of the two 64-square
    /// strings).
    #[inline]
    pub fn distance(&self, other: &PackedBoard) -> u32 {
        let mut total = 0;
        for (a, b) in self.0.iter().zip(&other.0) {
            let x = a ^ b;
            // A nibble differs iff any of its four bits is set: fold them onto the low bit.
            let folded = (x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW;
            total += folded.count_ones();
        }
        total
    }

    /// The 64-character string of the paper (rank 8 first, `.` for an empty square).
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let i = rank * 8 + file;
                let code = (self.0[i / 16] >> (4 * (i % 16))) & 15;
                out.push(match code {
                    0 => '.',
                    c => {
                        let letter = b"pnbrqk"[(c as usize - 1) % 6] as char;
                        if c > 6 {
                            letter
                        } else {
                            letter.to_ascii_uppercase()
                        }
                    }
                });
            }
        }
        out
    }
}

/// One opening line.
#[derive(Clone, Debug)]
pub struct Case {
    /// ECO code, e.g. `B20`.
    pub eco: String,
    /// Name, e.g. `Sicilian Defense`.
    pub name: String,
    /// The moves in SAN, as written.
    pub san: Vec<String>,
    /// The moves.
    pub moves: Vec<Move>,
    /// `boards[i]`: the board before `moves[i]`; the last one is after the last move.
    pub boards: Vec<PackedBoard>,
}

/// An ECO line that could not be used: its file, line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError {
    /// Which file (`a.tsv` ...).
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl Case {
    /// Replays a `pgn` movetext (`1. e4 c5 2. Nf3`) from the start position.
    pub fn replay(eco: &str, name: &str, pgn: &str) -> Result<Case, String> {
        let mut board = Board::startpos();
        let mut case = Case {
            eco: eco.to_string(),
            name: name.to_string(),
            san: Vec::new(),
            moves: Vec::new(),
            boards: vec![PackedBoard::new(&board)],
        };
        for token in pgn.split_whitespace() {
            // Move numbers: "1." or "1..." (a token that is digits and dots).
            if token
                .trim_end_matches('.')
                .bytes()
                .all(|b| b.is_ascii_digit())
            {
                continue;
            }
            let mv = board
                .parse_san(token)
                .map_err(|e| format!("move {} ({token}): {e}", case.moves.len() + 1))?;
            board.play(mv);
            case.san.push(token.to_string());
            case.moves.push(mv);
            case.boards.push(PackedBoard::new(&board));
        }
        if case.moves.is_empty() {
            return Err("no moves".into());
        }
        Ok(case)
    }

    /// Moves in the line.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the line has no moves (never true of a loaded case).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The case base: every opening line, and every board of every line in one flat array for
/// the retrieval scan.
#[derive(Clone, Debug, Default)]
pub struct CaseBase {
    /// The cases.
    pub cases: Vec<Case>,
    /// Every board of every case, with its case and index: the scan's input.
    boards: Vec<(PackedBoard, u32, u16)>,
}

impl CaseBase {
    /// Reads TSV texts (`eco<TAB>name<TAB>pgn`, with a header line); returns the case base
    /// and the lines that could not be used. `files` names each text for the errors.
    pub fn from_tsv(texts: &[(&str, &str)]) -> (CaseBase, Vec<CaseError>) {
        let mut cases = Vec::new();
        let mut errors = Vec::new();
        for (file, text) in texts {
            for (line, row) in chainmate::formats::records(text) {
                let fields: Vec<&str> = row.split('\t').collect();
                let error = |message: String| CaseError {
                    file: file.to_string(),
                    line,
                    message,
                };
                if fields == ["eco", "name", "pgn"] {
                    continue;
                }
                let [eco, name, pgn] = fields[..] else {
                    errors.push(error(format!(
                        "expected 3 tab-separated fields, found {}",
                        fields.len()
                    )));
                    continue;
                };
                match Case::replay(eco, name, pgn) {
                    Ok(case) => cases.push(case),
                    Err(message) => errors.push(error(message)),
                }
            }
        }
        (CaseBase::new(cases), errors)
    }

    /// The shipped ECO openings (3,807 lines).
    pub fn eco() -> CaseBase {
        let names = ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"];
        let texts: Vec<(&str, &str)> = names.into_iter().zip(ECO_TSV).collect();
        let (base, errors) = CaseBase::from_tsv(&texts);
        debug_assert!(errors.is_empty(), "{errors:?}");
        base
    }

    /// A case base of `cases`.
    pub fn new(cases: Vec<Case>) -> CaseBase {
        let mut boards = Vec::new();
        for (c, case) in cases.iter().enumerate() {
            for (i, b) in case.boards.iter().enumerate() {
                boards.push((*b, c as u32, i as u16));
            }
        }
        CaseBase { cases, boards }
    }

    /// `n` cases drawn without replacement with the pinned generator seeded by `seed`
    /// (all of them when `n` is at least their number), in their original order.
    pub fn sample(self, n: usize, seed: u64) -> CaseBase {
        if n >= self.cases.len() {
            return self;
        }
        let mut rng = SplitMix64::new(seed);
        let mut index: Vec<usize> = (0..self.cases.len()).collect();
        for i in 0..n {
            let j = i + (rng.next_u64() % (index.len() - i) as u64) as usize;
            index.swap(i, j);
        }
        let mut chosen = index[..n].to_vec();
        chosen.sort_unstable();
        let mut cases: Vec<Option<Case>> = self.cases.into_iter().map(Some).collect();
        CaseBase::new(
            chosen
                .into_iter()
                .map(|i| cases[i].take().expect("indices are distinct"))
                .collect(),
        )
    }

    /// Boards in all cases.
    pub fn board_count(&self) -> usize {
        self.boards.len()
    }

    /// Moves in all cases.
    pub fn move_count(&self) -> usize {
        self.cases.iter().map(Case::len).sum()
    }

    /// The paper's retrieval: the minimum distance from `board` over every board of every
    /// case, and every (case, index) within 2 (not inclusive) of it, sorted by decreasing
    /// sequence length when `sort` (stable, so equal lengths keep case-base order).
    pub fn retrieve(&self, board: &Board, sort: bool) -> Retrieval {
        let query = PackedBoard::new(board);
        let mut distances = Vec::with_capacity(self.boards.len());
        let mut min = u32::MAX;
        for (b, _, _) in &self.boards {
            let d = b.distance(&query);
            min = min.min(d);
            distances.push(d);
        }
        let mut matches: Vec<Match> = distances
            .iter()
            .zip(&self.boards)
            .filter(|(&d, _)| d < min.saturating_add(2))
            .map(|(&distance, &(_, case, index))| Match {
                case: case as usize,
                index: index as usize,
                length: self.cases[case as usize].len(),
                distance,
            })
            .collect();
        if sort {
            matches.sort_by_key(|m| std::cmp::Reverse(m.length));
        }
        Retrieval {
            min_distance: min,
            matches,
        }
    }

    /// The opening a position is: the shortest line that ends exactly on this board (the
    /// most general name), for announcing a book move's opening. `None` for the start
    /// position and for boards no line ends on.
    pub fn name_of(&self, board: &Board) -> Option<&Case> {
        let query = PackedBoard::new(board);
        self.boards
            .iter()
            .filter(|&&(b, c, i)| {
                i as usize == self.cases[c as usize].len() && b.distance(&query) == 0
            })
            .map(|&(_, c, _)| &self.cases[c as usize])
            .min_by_key(|case| case.len())
    }

    /// The opening a game is in: the longest line whose moves are the game's first moves (a
    /// prefix of the game, or all of it), first in case-base order among equals. `boards`
    /// are the game's boards, oldest first, the one to name last. A game that does not begin
    /// at the start position, or that no line begins, is named by its last board
    /// ([`CaseBase::name_of`]: a line that ends on it).
    pub fn opening_of(&self, boards: &[Board]) -> Option<&Case> {
        let last = boards.last()?;
        let packed: Vec<PackedBoard> = boards.iter().map(PackedBoard::new).collect();
        let from_start = boards[0] == Board::startpos();
        let prefix = self
            .cases
            .iter()
            .rev()
            .filter(|case| case.boards.len() <= packed.len() && packed.starts_with(&case.boards))
            .max_by_key(|case| case.len());
        match prefix {
            Some(case) if from_start => Some(case),
            _ => self.name_of(last),
        }
    }
}

/// One matched board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// Index of the case.
    pub case: usize,
    /// Index of the matched board in the case (the next move is `moves[index]`).
    pub index: usize,
    /// The case's sequence length (moves).
    pub length: usize,
    /// Hamming distance of the matched board.
    pub distance: u32,
}

/// The result of a retrieval.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrieval {
    /// The nearest board's distance.
    pub min_distance: u32,
    /// Every match within 2 of it, in the order they are tried.
    pub matches: Vec<Match>,
}

/// The retrieval's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CbrSettings {
    /// Sort matches by decreasing sequence length (the paper's adaptation; Table 4 compares).
    pub sort_by_length: bool,
    /// Play 1.e4 as White and 1...c5 against 1.e4, as the paper's player does.
    pub paper_choices: bool,
    /// Leave the book when the nearest board is farther than this (`None`: the paper, no
    /// limit).
    pub max_distance: Option<u32>,
}

impl Default for CbrSettings {
    fn default() -> Self {
        CbrSettings {
            sort_by_length: true,
            paper_choices: false,
            max_distance: Some(DEFAULT_MAX_DISTANCE),
        }
    }
}

/// The default distance limit (see the module documentation).
pub const DEFAULT_MAX_DISTANCE: u32 = 0;

/// The `BookMaxDistance` value meaning "no limit" (the paper): no two boards differ on more
/// than 64 squares, so a limit of 64 never ends a retrieval.
pub const NO_DISTANCE_LIMIT: u32 = 64;

/// The seed of a case sample when none is given (`--cases N`, `BookCases`).
pub const CASE_SAMPLE_SEED: u64 = 1;

/// A book move and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CbrMove {
    /// The move (legal in the position it was asked for).
    pub mv: Move,
    /// ECO code and name of the case it came from (`None` for the paper's fixed choices).
    pub case: Option<(String, String)>,
}

/// A case-based opening player for one game: the case base, its settings, and whether the
/// book is still on.
#[derive(Clone, Debug)]
pub struct CbrBook {
    /// The cases.
    pub base: std::sync::Arc<CaseBase>,
    /// How retrieval works.
    pub settings: CbrSettings,
    /// Set once a retrieval found no legal move (or only boards beyond the limit): the
    /// book stays off until [`CbrBook::new_game`].
    pub out_of_book: bool,
}

impl CbrBook {
    /// A book over `base`.
    pub fn new(base: std::sync::Arc<CaseBase>, settings: CbrSettings) -> CbrBook {
        CbrBook {
            base,
            settings,
            out_of_book: false,
        }
    }

    /// A new game: the book is on again.
    pub fn new_game(&mut self) {
        self.out_of_book = false;
    }

    /// The book's move in `board`, or `None` (and the book off for the game).
    pub fn choose(&mut self, board: &Board) -> Option<CbrMove> {
        if self.out_of_book {
            return None;
        }
        if self.settings.paper_choices {
            if let Some(mv) = paper_choice(board) {
                return Some(CbrMove { mv, case: None });
            }
        }
        let retrieval = self.base.retrieve(board, self.settings.sort_by_length);
        let too_far = self
            .settings
            .max_distance
            .is_some_and(|limit| retrieval.min_distance > limit);
        let found = (!too_far)
            .then(|| {
                retrieval.matches.iter().find_map(|m| {
                    let case = &self.base.cases[m.case];
                    let mv = *case.moves.get(m.index)?;
                    board.is_legal(mv).then(|| CbrMove {
                        mv,
                        case: Some((case.eco.clone(), case.name.clone())),
                    })
                })
            })
            .flatten();
        if found.is_none() {
            self.out_of_book = true;
        }
        found
    }
}

/// The paper's fixed choices: 1.e4 in the start position, 1...c5 after 1.e4.
fn paper_choice(board: &Board) -> Option<Move> {
    let start = Board::startpos();
    if *board == start {
        return board.parse_uci("e2e4").ok();
    }
    let mut after_e4 = start;
    after_e4.play(start.parse_uci("e2e4").ok()?);
    if board.hash() == after_e4.hash() {
        return board.parse_uci("c7c5").ok();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_distance_is_the_hamming_distance_of_the_64_square_strings() {
        let fens = [
            chainmate::core::STARTPOS_FEN,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
        ];
        for a in fens {
            for b in fens {
                let (pa, pb) = (
                    PackedBoard::new(&Board::from_fen(a).unwrap()),
                    PackedBoard::new(&Board::from_fen(b).unwrap()),
                );
                let strings = pa
                    .to_text()
                    .chars()
                    .zip(pb.to_text().chars())
                    .filter(|(x, y)| x != y)
                    .count() as u32;
                assert_eq!(pa.distance(&pb), strings, "{a} / {b}");
            }
        }
        let start = PackedBoard::new(&Board::startpos());
        assert_eq!(
            start.to_text(),
            "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR"
        );
    }

    #[test]
    fn the_eco_base_loads_every_line() {
        let base = CaseBase::eco();
        assert_eq!(base.cases.len(), 3_807);
        assert_eq!(base.board_count(), base.move_count() + base.cases.len());
        let (bad, errors) = CaseBase::from_tsv(&[(
            "x.tsv",
            "eco\tname\tpgn\nA00\tFine\t1. e4\nB00\tBroken\t1. e4 e5 2. Ke3\nC00\tshort\n",
        )]);
        assert_eq!(bad.cases.len(), 1);
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].line, 3);
        assert!(errors[0].to_string().starts_with("x.tsv:3: move 3 (Ke3):"));
        assert!(errors[1].message.contains("3 tab-separated fields"));
    }

    #[test]
    fn retrieval_follows_the_longest_matching_line() {
        let base = std::sync::Arc::new(CaseBase::eco());
        let mut book = CbrBook::new(base.clone(), CbrSettings::default());
        let start = Board::startpos();
        let r = base.retrieve(&start, true);
        assert_eq!(r.min_distance, 0);
        // Every case matches at index 0 (distance 0) and some one move in (distance 2 < 0 + 2
        // is false): only the start boards match.
        assert!(r.matches.iter().all(|m| m.index == 0 && m.distance == 0));
        assert!(r.matches.windows(2).all(|w| w[0].length >= w[1].length));
        assert!(base.name_of(&start).is_none());
        let mut sicilian = start;
        for m in ["e2e4", "c7c5"] {
            sicilian.play(sicilian.parse_uci(m).unwrap());
        }
        let named = base.name_of(&sicilian).unwrap();
        assert_eq!(
            (named.eco.as_str(), named.name.as_str()),
            ("B20", "Sicilian Defense")
        );
        let first = book.choose(&start).unwrap();
        let longest = &base.cases[r.matches[0].case];
        assert_eq!(first.mv, longest.moves[0]);
        // The paper's choices.
        let mut paper = CbrBook::new(
            base,
            CbrSettings {
                paper_choices: true,
                ..CbrSettings::default()
            },
        );
        assert_eq!(paper.choose(&start).unwrap().mv.to_string(), "e2e4");
        let mut after_e4 = start;
        after_e4.play(start.parse_uci("e2e4").unwrap());
        assert_eq!(paper.choose(&after_e4).unwrap().mv.to_string(), "c7c5");
    }

    #[test]
    fn a_position_far_from_every_case_ends_the_book_for_the_game() {
        let base = std::sync::Arc::new(CaseBase::eco());
        let mut book = CbrBook::new(base.clone(), CbrSettings::default());
        let endgame = Board::from_fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1").unwrap();
        assert_eq!(book.choose(&endgame), None);
        assert!(book.out_of_book);
        assert_eq!(
            book.choose(&Board::startpos()),
            None,
            "off for the rest of the game"
        );
        book.new_game();
        assert!(book.choose(&Board::startpos()).is_some());
        // Without a limit (the paper) the nearest case is followed as long as a move is legal.
        let mut paper = CbrBook::new(
            base,
            CbrSettings {
                max_distance: None,
                ..CbrSettings::default()
            },
        );
        if let Some(m) = paper.choose(&endgame) {
            assert!(endgame.is_legal(m.mv));
        }
    }

    #[test]
    fn sampling_is_seeded_and_keeps_order() {
        let a = CaseBase::eco().sample(500, 7);
        let b = CaseBase::eco().sample(500, 7);
        assert_eq!(a.cases.len(), 500);
        let names = |c: &CaseBase| c.cases.iter().map(|x| x.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&a), names(&b));
        assert_ne!(names(&a), names(&CaseBase::eco().sample(500, 8)));
        assert!(a.move_count() > 2_000);
    }
}
