//! Move ordering: the hash move first, then winning and equal captures by MVV-LVA, killer and
//! counter moves, quiet moves by history, and losing captures last.
//!
//! The [`MovePicker`] is lazy: it tries the hash move before generating anything (a hash move
//! that refutes the node saves the whole generation), then scores every legal move once and
//! hands them out best-first by selection, so a cutoff after a few moves does not pay for a
//! full sort.

use super::chains::MoveChains;
use super::chessmaps::{self, ControlMap};
use super::pruning;
use super::see::{capture_gain, see_ge, see_value};
use super::OrderingScheme;
use crate::core::{Board, Color, GenType, Move, MoveList, Piece, MAX_MOVES};
use crate::eval::score::MAX_PLY;

/// Score bands. History values stay within ±`history_max` (16384 by default), far inside the
/// quiet band.
const HASH_MOVE: i32 = i32::MAX;
const GOOD_NOISY: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_002;
const KILLER_2: i32 = 1_000_001;
const COUNTER: i32 = 1_000_000;
const BAD_NOISY: i32 = -2_000_000;
const UNDER_PROMOTION: i32 = -3_000_000;

/// A moved piece (colour and type) and its destination: the key of continuation history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// The key of `mv` played by `board`'s side to move (before it is played).
    #[inline(always)]
    pub fn of(board: &Board, mv: Move) -> PieceTo {
        let piece = board.piece_on(mv.from()).unwrap_or(Piece::Pawn) as u16;
        let colored = board.side_to_move() as u16 * 6 + piece;
        PieceTo(colored * 64 + mv.to() as u16)
    }
}

/// Number of distinct [`PieceTo`] keys.
const PIECE_TO: usize = 12 * 64;

/// The history heuristics of one search thread, kept from one search to the next within a
/// game (a [`super::Searcher`] owns them) and cleared by `ucinewgame`.
pub struct Heuristics {
    /// Two killer moves (quiet moves that caused a cutoff) per ply.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Butterfly history: success of quiet moves by side, from and to square.
    history: Vec<i32>,
    /// The quiet move that last refuted each (moving side, to-square) of the previous move.
    counters: Vec<Option<Move>>,
    /// Continuation history: success of a quiet move (piece, to) following a move
    /// (piece, to) one or two plies earlier.
    continuation: Vec<i16>,
    /// Paper 002's dynamic move chains (used only when switched on).
    pub chains: MoveChains,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * 64 * 64],
            counters: vec![None; 2 * 64],
            continuation: vec![0; PIECE_TO * PIECE_TO],
            chains: MoveChains::default(),
        }
    }
}

/// The moves before a node that quiet-move ordering looks at.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lineage {
    /// The move that led to this node (None at the root or after a null move).
    pub previous: Option<Move>,
    /// Its piece-to key.
    pub previous_key: Option<PieceTo>,
    /// The piece-to key of the move two plies up.
    pub grandparent_key: Option<PieceTo>,
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
        self.counters.fill(None);
        self.continuation.fill(0);
        self.chains.clear();
    }

    /// Prepares for a new search in the same game: killers belong to the old tree.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
    }

    #[inline(always)]
    fn history_index(side: Color, mv: Move) -> usize {
        (side as usize * 64 + mv.from() as usize) * 64 + mv.to() as usize
    }

    #[inline(always)]
    fn continuation_index(before: PieceTo, now: PieceTo) -> usize {
        before.0 as usize * PIECE_TO + now.0 as usize
    }

    /// The combined history score of the quiet move `mv` at a node with `lineage`.
    #[inline(always)]
    pub fn quiet_score(&self, board: &Board, mv: Move, lineage: &Lineage) -> i32 {
        let key = PieceTo::of(board, mv);
        let mut score = self.history[Self::history_index(board.side_to_move(), mv)];
        for before in [lineage.previous_key, lineage.grandparent_key]
            .into_iter()
            .flatten()
        {
            score += self.continuation[Self::continuation_index(before, key)] as i32;
        }
        score
    }

    /// The counter move to `previous` (a move by `!side`), if any.
    #[inline(always)]
    pub fn counter(&self, side: Color, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[(!side) as usize * 64 + p.to() as usize])
    }

    /// Adds `bonus` with "gravity": the value moves towards ±max, ever more slowly, so
    /// history stays bounded and recent results weigh more.
    #[inline]
    fn nudge(entry: i32, bonus: i32, max: i32) -> i32 {
        entry + bonus - entry * bonus.abs() / max
    }

    /// Records the quiet move `best` as the refutation at `ply`: a killer there, and the
    /// counter move to `previous`.
    pub fn record_refutation(
        &mut self,
        side: Color,
        ply: usize,
        best: Move,
        previous: Option<Move>,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some(p) = previous {
            self.counters[(!side) as usize * 64 + p.to() as usize] = Some(best);
        }
    }

    /// Rewards the quiet move `best` that caused a cutoff at `depth` and penalises the quiet
    /// moves `tried` before it, in the butterfly and continuation histories.
    pub fn update_history(
        &mut self,
        board: &Board,
        depth: i32,
        best: Move,
        tried: &[Move],
        lineage: &Lineage,
        max: i32,
    ) {
        let bonus = (depth * depth).min(400) * 4;
        let max = max.clamp(1, i16::MAX as i32);
        let side = board.side_to_move();
        let moves = std::iter::once((best, bonus)).chain(tried.iter().map(|&m| (m, -bonus)));
        for (mv, b) in moves {
            let i = Self::history_index(side, mv);
            self.history[i] = Self::nudge(self.history[i], b, max);
            let key = PieceTo::of(board, mv);
            for before in [lineage.previous_key, lineage.grandparent_key]
                .into_iter()
                .flatten()
            {
                let c = &mut self.continuation[Self::continuation_index(before, key)];
                *c = Self::nudge(*c as i32, b, max) as i16;
            }
        }
    }
}

/// MVV-LVA: most valuable victim first, least valuable attacker breaking ties.
#[inline]
pub fn mvv_lva(board: &Board, mv: Move) -> i32 {
    let attacker = board.piece_on(mv.from()).map_or(0, |p| p as i32);
    capture_gain(board, mv) * 8 - attacker
}

/// Storage for one ply's moves and their ordering scores. A thread owns one per ply, so no
/// node has to allocate or zero-fill move arrays.
pub struct MoveBuffer {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
}

impl Default for MoveBuffer {
    fn default() -> Self {
        MoveBuffer {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
        }
    }
}

impl MoveBuffer {
    /// The moves currently held.
    pub fn moves(&self) -> &MoveList {
        &self.moves
    }

    /// Sorts moves `start..` best-first by insertion (stable, in place, no allocation; lists
    /// are short).
    fn sort_from(&mut self, start: usize) {
        for i in start + 1..self.moves.len() {
            let (score, mv) = (self.scores[i], self.moves[i]);
            let mut j = i;
            while j > start && self.scores[j - 1] < score {
                self.scores[j] = self.scores[j - 1];
                self.moves[j] = self.moves[j - 1];
                j -= 1;
            }
            self.scores[j] = score;
            self.moves[j] = mv;
        }
    }
}

/// Hands out the moves of a node best-first, keeping them in the node's [`MoveBuffer`]. See
/// the module documentation.
pub struct MovePicker {
    hash_move: Option<Move>,
    stage: Stage,
    next: usize,
    /// Whether the moves from `next` on are already sorted best-first.
    sorted: bool,
}

/// Picks made by selection before the rest of the list is sorted once: most cut nodes end
/// within the first few moves, where selection is cheapest; nodes that try every move would
/// pay O(n²) for selection all the way.
const SELECTION_PICKS: usize = 4;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    HashMove,
    Generate,
    Pick,
}

/// What the picker needs to know about the node to score quiet moves.
pub struct OrderingContext<'a> {
    /// The thread's heuristics.
    pub heuristics: &'a Heuristics,
    /// Distance from the root.
    pub ply: usize,
    /// The moves that led here.
    pub lineage: Lineage,
    /// Which ordering to apply.
    pub scheme: OrderingScheme,
    /// Paper 000's rule-based pruning: `None` when off, else whether this is an opponent
    /// node (relaxed rules).
    pub rules: Option<bool>,
}

impl MovePicker {
    /// A picker for a main-search node, trying `hash_move` first if it is legal.
    pub fn new(hash_move: Option<Move>) -> Self {
        MovePicker {
            hash_move,
            stage: Stage::HashMove,
            next: 0,
            sorted: false,
        }
    }

    /// Whether the picker has filled its buffer (after the hash move stage). Until then a
    /// nested search at the same ply may use the buffer.
    pub fn generated(&self) -> bool {
        self.stage == Stage::Pick
    }

    /// The next move, or `None` when all have been handed out. `buffer` must be the same for
    /// every call on one picker.
    pub fn next(
        &mut self,
        buffer: &mut MoveBuffer,
        board: &Board,
        ctx: &OrderingContext,
    ) -> Option<Move> {
        if self.stage == Stage::HashMove {
            self.stage = Stage::Generate;
            let pruned = |mv| {
                ctx.rules
                    .is_some_and(|relaxed| !board.is_check() && !pruning::keeps(board, mv, relaxed))
            };
            match self.hash_move {
                Some(mv) if board.is_legal(mv) && !pruned(mv) => return Some(mv),
                _ => self.hash_move = None,
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Pick;
            buffer.moves.clear();
            board.generate(GenType::All, &mut buffer.moves);
            if let Some(relaxed) = ctx.rules {
                pruning::filter(board, &mut buffer.moves, relaxed);
            }
            let control = match ctx.scheme {
                OrderingScheme::Chessmaps => Some(ControlMap::new(board)),
                OrderingScheme::Default => None,
            };
            for (i, &mv) in buffer.moves.iter().enumerate() {
                buffer.scores[i] = if Some(mv) == self.hash_move {
                    HASH_MOVE
                } else if let Some(control) = &control {
                    chessmaps::score(control, board, mv, ctx.heuristics, &ctx.lineage)
                } else {
                    score_move(board, mv, ctx)
                };
            }
        }
        while let Some((mv, score)) = self.pick_best(buffer) {
            if score != HASH_MOVE {
                return Some(mv);
            }
        }
        None
    }

    fn pick_best(&mut self, buffer: &mut MoveBuffer) -> Option<(Move, i32)> {
        let start = self.next;
        let len = buffer.moves.len();
        if start >= len {
            return None;
        }
        if start == SELECTION_PICKS && !self.sorted {
            buffer.sort_from(start);
            self.sorted = true;
        }
        if self.sorted {
            self.next += 1;
            return Some((buffer.moves[start], buffer.scores[start]));
        }
        let mut best = start;
        for i in start + 1..len {
            if buffer.scores[i] > buffer.scores[best] {
                best = i;
            }
        }
        buffer.moves.swap(start, best);
        buffer.scores.swap(start, best);
        self.next += 1;
        Some((buffer.moves[start], buffer.scores[start]))
    }
}

/// The ordering score of a move at a main-search node.
fn score_move(board: &Board, mv: Move, ctx: &OrderingContext) -> i32 {
    if mv.is_noisy() {
        if matches!(mv.promotion(), Some(p) if p != Piece::Queen) {
            return UNDER_PROMOTION + mvv_lva(board, mv);
        }
        return if see_ge(board, mv, 0) {
            GOOD_NOISY + mvv_lva(board, mv)
        } else {
            BAD_NOISY + mvv_lva(board, mv)
        };
    }
    let killers = &ctx.heuristics.killers[ctx.ply];
    let side = board.side_to_move();
    if killers[0] == Some(mv) {
        KILLER_1
    } else if killers[1] == Some(mv) {
        KILLER_2
    } else if ctx.heuristics.counter(side, ctx.lineage.previous) == Some(mv) {
        COUNTER
    } else {
        ctx.heuristics.quiet_score(board, mv, &ctx.lineage) + quiet_tiebreak(board, mv)
    }
}

/// A small static preference among quiet moves, for when history knows nothing yet (the
/// start of a search): castling first, then moves towards the centre; king steps last.
fn quiet_tiebreak(board: &Board, mv: Move) -> i32 {
    if mv.is_castle() {
        return 512;
    }
    let centre_distance = |sq: crate::core::Square| {
        let f = sq.file() as i32;
        let r = sq.rank() as i32;
        (2 * f - 7).abs().max((2 * r - 7).abs())
    };
    match board.piece_on(mv.from()) {
        Some(Piece::King) => -512,
        _ => 32 * (centre_distance(mv.from()) - centre_distance(mv.to())),
    }
}

/// Fills `buffer` with the quiescence moves — noisy moves, or all evasions in check — sorted
/// once by MVV-LVA (noisy moves first among evasions).
pub fn quiescence_moves(board: &Board, buffer: &mut MoveBuffer) {
    buffer.moves.clear();
    let gen = if board.is_check() {
        GenType::All
    } else {
        GenType::Noisy
    };
    board.generate(gen, &mut buffer.moves);
    buffer.moves.sort_unstable_by_key(|&mv| {
        let bonus = if mv.is_noisy() { 1 << 20 } else { 0 };
        -(mvv_lva(board, mv) + bonus)
    });
}

/// The SEE value of the piece a move captures (for delta pruning).
#[inline]
pub fn victim_value(board: &Board, mv: Move) -> i32 {
    if mv.is_en_passant() {
        see_value(Piece::Pawn)
    } else {
        board.piece_on(mv.to()).map_or(0, see_value)
    }
}
