//! History heuristics: what earlier searches learnt about quiet moves — killers, counter
//! moves, butterfly and continuation history — kept per thread from one search to the next
//! within a game.
//!
//! Bounded by "gravity" (see [`Heuristics::update_history`]): every entry stays within
//! ±`history_max`, far inside the quiet band of the move ordering.

use crate::core::{Bitboard, Board, Color, Move, Piece};
use crate::eval::score::MAX_PLY;

/// A moved piece (colour and type) and its destination: the key of continuation history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// The key of `mv` played by `board`'s side to move (before it is played).
    #[inline(always)]
    pub fn of(board: &Board, mv: Move) -> PieceTo {
        let piece = board.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        PieceTo::with(board.side_to_move(), piece, mv)
    }

    /// The key of `mv` moving `side`'s `piece`.
    #[inline(always)]
    pub fn with(side: Color, piece: Piece, mv: Move) -> PieceTo {
        let colored = side as u16 * 6 + piece as u16;
        PieceTo(colored * 64 + mv.dest() as u16)
    }
}

/// Number of distinct [`PieceTo`] keys.
const PIECE_TO: usize = 12 * 64;

/// A continuation row of zeros, for the earlier moves a node does not have.
static ZERO_ROW: [i16; PIECE_TO] = [0; PIECE_TO];

/// One node's history rows ([`Heuristics::quiet_rows`]): the side to move's butterfly table
/// and a continuation row per earlier move. Scores exactly as [`Heuristics::quiet_score`].
pub struct QuietRows<'a> {
    /// The side's butterfly tables, one per threat slot ([`threat_slot`]).
    butterfly: &'a [i32],
    continuation: [&'a [i16]; 2],
    /// The squares the opponent attacks ([`Lineage::threats`]).
    threats: Bitboard,
}

/// Squares per butterfly table (from × to).
const BUTTERFLY: usize = 64 * 64;

/// Butterfly tables per side: by whether the move's origin and its destination are attacked
/// by the opponent (neither Ethereal 12 nor Stockfish 11 splits its butterfly table so; a
/// quiet move that steps out of an attack is a different idea from the same move made in
/// peace, or from one that walks into attacks, and their histories should not mix). With no
/// threats given (an empty set) only slot 0 is used. The strength log's #75: +23 Elo at
/// 20,000 nodes.
const THREAT_SLOTS: usize = 4;

/// The threat slot of `mv`: 2 if its origin is attacked, plus 1 if its destination is.
#[inline(always)]
fn threat_slot(threats: Bitboard, mv: Move) -> usize {
    2 * threats.contains(mv.from()) as usize + threats.contains(mv.dest()) as usize
}

impl QuietRows<'_> {
    /// The combined history score of the quiet move `mv` (played by `board`'s side to move).
    #[inline(always)]
    pub fn score(&self, board: &Board, mv: Move) -> i32 {
        self.score_key(PieceTo::of(board, mv), mv)
    }

    /// The same with the move's key given (its piece known).
    #[inline(always)]
    pub fn score_key(&self, key: PieceTo, mv: Move) -> i32 {
        let key = key.0 as usize;
        let slot = threat_slot(self.threats, mv) * BUTTERFLY;
        let mut score = self.butterfly[slot + mv.from() as usize * 64 + mv.dest() as usize];
        for row in self.continuation {
            score += i32::from(row[key]);
        }
        score
    }
}

/// The history heuristics of one search thread, kept from one search to the next within a
/// game (a [`super::Searcher`] keeps them, beside the move chains) and cleared by `ucinewgame`.
pub struct Heuristics {
    /// Two killer moves (quiet moves that caused a cutoff) per ply.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Butterfly history: success of quiet moves by side, threat slot, from and to square.
    history: Vec<i32>,
    /// The quiet move that last refuted each (moving side, to-square) of the previous move.
    counters: Vec<Option<Move>>,
    /// Continuation history: success of a quiet move (piece, to) following a move
    /// (piece, to) one or two plies earlier on the path (one table for both distances).
    continuation: Vec<i16>,
    /// Correction history: how far search scores ended from the static evaluation, by side to
    /// move and a key of the position — the pawn structure, each side's other pieces
    /// ([`CorrectionKey`]) — in 1/[`CORRECTION_GRAIN`] centipawns; one table per key.
    correction: Vec<i32>,
    /// Capture history: success of a noisy move by (piece, to) and the piece it takes (a
    /// seventh slot for a promotion that takes nothing).
    captures: Vec<i16>,
}

/// Entries per side of the correction history.
pub const CORRECTION_SIZE: usize = 1 << 14;
/// Fixed-point scale of a correction entry.
pub const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, centipawns.
pub const CORRECTION_MAX: i32 = 128;

/// What a correction-history table is keyed by (besides the side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorrectionKey {
    /// Both sides' pawns (Stockfish's and Ethereal's pawn correction history).
    Pawns,
    /// White's pieces other than pawns, king included (Stockfish's non-pawn correction).
    WhitePieces,
    /// Black's pieces other than pawns, king included.
    BlackPieces,
}

/// The tables, in the order their weights are given ([`Heuristics::correction`]).
pub const CORRECTION_KEYS: [CorrectionKey; 3] = [
    CorrectionKey::Pawns,
    CorrectionKey::WhitePieces,
    CorrectionKey::BlackPieces,
];

/// Weights (percent) of the correction tables, by [`CORRECTION_KEYS`]: pawns, White's
/// pieces, Black's pieces. A table of weight 0 is neither read nor learnt.
pub type CorrectionWeights = [i32; 3];

impl CorrectionKey {
    /// The key's 64-bit hash of `board` (before the side to move is added).
    #[inline]
    fn hash(self, board: &Board) -> u64 {
        const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
        // Knight to king: every piece but the pawns.
        let pieces = |color: Color| {
            Piece::ALL[1..].iter().fold(0u64, |k, &p| {
                (k ^ board.colored(color, p).0)
                    .wrapping_mul(MIX)
                    .rotate_left(23)
            })
        };
        match self {
            CorrectionKey::Pawns => {
                let white = board.colored(Color::White, Piece::Pawn).0;
                let black = board.colored(Color::Black, Piece::Pawn).0;
                (white ^ black.rotate_left(29)).wrapping_mul(MIX)
            }
            CorrectionKey::WhitePieces => pieces(Color::White),
            CorrectionKey::BlackPieces => pieces(Color::Black),
        }
    }
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * THREAT_SLOTS * BUTTERFLY],
            counters: vec![None; 2 * 64],
            continuation: vec![0; CONTINUATION_TABLES * PIECE_TO * PIECE_TO],
            correction: vec![0; CORRECTION_KEYS.len() * 2 * CORRECTION_SIZE],
            captures: vec![0; PIECE_TO * 7],
        }
    }
}

/// Continuation-history tables: one, shared by the moves one and two plies back.
const CONTINUATION_TABLES: usize = 1;

/// The moves before a node that quiet-move ordering looks at.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lineage {
    /// The move that led to this node (None at the root or after a null move).
    pub previous: Option<Move>,
    /// Its piece-to key.
    pub previous_key: Option<PieceTo>,
    /// The piece-to key of the move two plies up.
    pub grandparent_key: Option<PieceTo>,
    /// The squares the opponent attacks at the node, which select the butterfly table
    /// ([`threat_slot`]).
    pub threats: Bitboard,
}

impl Lineage {
    /// The continuation-history table and key of each earlier move that counts.
    #[inline(always)]
    fn continuations(&self) -> impl Iterator<Item = (usize, PieceTo)> {
        [self.previous_key, self.grandparent_key]
            .into_iter()
            .filter_map(|key| key.map(|k| (0, k)))
    }
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
        self.counters.fill(None);
        self.continuation.fill(0);
        self.correction.fill(0);
        self.captures.fill(0);
    }

    /// The slot of `board` in the correction table of `key` (number `table`): the side to
    /// move and the key's hash.
    #[inline]
    fn correction_index(board: &Board, table: usize, key: CorrectionKey) -> usize {
        let hash = key.hash(board) >> (64 - CORRECTION_SIZE.trailing_zeros());
        (table * 2 + board.side_to_move() as usize) * CORRECTION_SIZE + hash as usize
    }

    /// The correction of `board`'s static evaluation, centipawns: the tables' entries
    /// scaled by their `weights` (percent), summed.
    pub fn correction(&self, board: &Board, weights: &CorrectionWeights) -> i32 {
        self.correction_at(&Self::correction_slots(board), weights)
    }

    /// `board`'s slot in each correction table, by [`CORRECTION_KEYS`].
    #[inline]
    pub fn correction_slots(board: &Board) -> [usize; 3] {
        std::array::from_fn(|table| Self::correction_index(board, table, CORRECTION_KEYS[table]))
    }

    /// Starts fetching the entries at `slots`.
    #[inline]
    pub fn prefetch_correction(&self, slots: &[usize; 3]) {
        for &slot in slots {
            crate::search::tt::prefetch(&self.correction[slot]);
        }
    }

    /// [`Heuristics::correction`] from the slots [`Heuristics::correction_slots`] gave.
    #[inline]
    pub fn correction_at(&self, slots: &[usize; 3], weights: &CorrectionWeights) -> i32 {
        let mut sum = 0i64;
        for (&slot, &weight) in slots.iter().zip(weights) {
            sum += i64::from(self.correction[slot]) * i64::from(weight);
        }
        (sum / (100 * i64::from(CORRECTION_GRAIN))) as i32
    }

    /// Moves `board`'s entry in every table towards `diff` (search score
    /// minus corrected static evaluation, centipawns): an exponential average whose weight
    /// grows with the depth of the search that found it (`(depth + 1) / 256`, at most
    /// 16/256).
    pub fn update_correction(&mut self, board: &Board, depth: i32, diff: i32) {
        let w = (depth + 1).clamp(1, 16);
        let limit = CORRECTION_MAX * CORRECTION_GRAIN;
        for (table, &key) in CORRECTION_KEYS.iter().enumerate() {
            let entry = &mut self.correction[Self::correction_index(board, table, key)];
            // The entry is what was applied, so the new target is the old entry plus the
            // remaining difference.
            let target = (*entry + diff.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN)
                .clamp(-limit, limit);
            *entry = (*entry * (256 - w) + target * w) / 256;
        }
    }

    /// Prepares for a new search in the same game: killers belong to the old tree.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
    }

    #[inline(always)]
    fn history_index(side: Color, threats: Bitboard, mv: Move) -> usize {
        let table = side as usize * THREAT_SLOTS + threat_slot(threats, mv);
        table * BUTTERFLY + mv.from() as usize * 64 + mv.dest() as usize
    }

    #[inline(always)]
    fn continuation_index(table: usize, before: PieceTo, now: PieceTo) -> usize {
        (table * PIECE_TO + before.0 as usize) * PIECE_TO + now.0 as usize
    }

    /// The combined history score of the quiet move `mv` at a node with `lineage`.
    #[inline(always)]
    pub fn quiet_score(&self, board: &Board, mv: Move, lineage: &Lineage) -> i32 {
        let key = PieceTo::of(board, mv);
        let index = Self::history_index(board.side_to_move(), lineage.threats, mv);
        let mut score = self.history[index];
        for (table, before) in lineage.continuations() {
            score += self.continuation[Self::continuation_index(table, before, key)] as i32;
        }
        score
    }

    /// The rows of the tables [`Heuristics::quiet_score`] reads at a node with `lineage`,
    /// looked up once to score all of its quiet moves.
    #[inline]
    pub fn quiet_rows(&self, side: Color, lineage: &Lineage) -> QuietRows<'_> {
        let butterfly = side as usize * THREAT_SLOTS * BUTTERFLY;
        let mut continuation = [&ZERO_ROW[..]; 2];
        for (row, (table, before)) in continuation.iter_mut().zip(lineage.continuations()) {
            let start = Self::continuation_index(table, before, PieceTo(0));
            *row = &self.continuation[start..start + PIECE_TO];
        }
        QuietRows {
            butterfly: &self.history[butterfly..butterfly + THREAT_SLOTS * BUTTERFLY],
            continuation,
            threats: lineage.threats,
        }
    }

    /// The capture-history slot of the noisy move `mv` (before it is played).
    #[inline(always)]
    fn capture_index(board: &Board, mv: Move) -> usize {
        let victim = if mv.is_en_passant() {
            Piece::Pawn as usize
        } else {
            board.piece_on(mv.to()).map_or(6, |p| p as usize)
        };
        PieceTo::of(board, mv).0 as usize * 7 + victim
    }

    /// The capture-history score of the noisy move `mv`.
    #[inline(always)]
    pub fn capture_score(&self, board: &Board, mv: Move) -> i32 {
        i32::from(self.captures[Self::capture_index(board, mv)])
    }

    /// After a cutoff (`bonus` for its depth): rewards `best` if it is noisy, and penalises the noisy
    /// moves `tried` before it (whatever refuted the node, they did not).
    pub fn update_capture_history(
        &mut self,
        board: &Board,
        bonus: i32,
        best: Move,
        tried: &[Move],
        max: i32,
    ) {
        let max = max.clamp(1, i16::MAX as i32);
        let rewarded = best.is_noisy().then_some((best, bonus));
        for (mv, b) in rewarded
            .into_iter()
            .chain(tried.iter().map(|&m| (m, -bonus)))
        {
            let c = &mut self.captures[Self::capture_index(board, mv)];
            *c = Self::nudge(i32::from(*c), b, max) as i16;
        }
    }

    /// The counter move to `previous` (a move by `!side`), if any.
    #[inline(always)]
    pub fn counter(&self, side: Color, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[(!side) as usize * 64 + p.dest() as usize])
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
            self.counters[(!side) as usize * 64 + p.dest() as usize] = Some(best);
        }
    }

    /// Rewards the quiet move `best` that caused a cutoff by `bonus` (the search's
    /// [`super::params::SearchParams::history_bonus`] of the node's depth) and penalises the
    /// quiet moves `tried` before it, in the butterfly and continuation histories.
    pub fn update_history(
        &mut self,
        board: &Board,
        bonus: i32,
        best: Move,
        tried: &[Move],
        lineage: &Lineage,
        max: i32,
    ) {
        let max = max.clamp(1, i16::MAX as i32);
        let side = board.side_to_move();
        let moves = std::iter::once((best, bonus)).chain(tried.iter().map(|&m| (m, -bonus)));
        for (mv, b) in moves {
            let i = Self::history_index(side, lineage.threats, mv);
            self.history[i] = Self::nudge(self.history[i], b, max);
            let key = PieceTo::of(board, mv);
            for (table, before) in lineage.continuations() {
                let c = &mut self.continuation[Self::continuation_index(table, before, key)];
                *c = Self::nudge(*c as i32, b, max) as i16;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    /// An Italian Game position (White to move) and its quiet moves.
    fn italian_quiets() -> (Board, Vec<Move>) {
        let b = board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let quiets = b
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !m.is_noisy())
            .collect();
        (b, quiets)
    }

    #[test]
    fn a_nodes_rows_score_every_quiet_move_as_quiet_score_does() {
        let (b, quiets) = italian_quiets();
        let keys = [PieceTo::of(&b, quiets[0]), PieceTo::of(&b, quiets[3])];
        for present in 0..8u8 {
            let key = |i: usize| (present >> i & 1 == 1).then_some(keys[i]);
            let lineage = Lineage {
                previous: None,
                previous_key: key(0),
                grandparent_key: key(1),
                threats: if present & 4 != 0 {
                    b.threats()
                } else {
                    Bitboard::EMPTY
                },
            };
            // Rewards and penalties under this lineage (and the same moves under others).
            let mut h = Heuristics::default();
            for (i, &best) in quiets.iter().enumerate() {
                h.update_history(
                    &b,
                    37 * i as i32 - 200,
                    best,
                    &quiets[..i % 4],
                    &lineage,
                    16384,
                );
            }
            let rows = h.quiet_rows(b.side_to_move(), &lineage);
            for &mv in &quiets {
                assert_eq!(rows.score(&b, mv), h.quiet_score(&b, mv, &lineage), "{mv}");
            }
            assert!(quiets.iter().any(|&mv| rows.score(&b, mv) != 0));
        }
    }

    #[test]
    fn threats_keep_a_quiet_moves_history_apart_by_its_squares() {
        // Black's knight on f6 and pawn on e5 attack squares White's quiet moves can use.
        let (b, quiets) = italian_quiets();
        let threats = b.threats();
        let into = *quiets
            .iter()
            .find(|m| threats.contains(m.dest()) && !threats.contains(m.from()))
            .expect("a quiet move onto an attacked square");
        let safe = *quiets
            .iter()
            .find(|m| !threats.contains(m.dest()) && !threats.contains(m.from()))
            .expect("a quiet move between safe squares");
        let with = Lineage {
            threats,
            ..Lineage::default()
        };
        let without = Lineage::default();
        let mut h = Heuristics::default();
        h.update_history(&b, 800, into, &[], &with, 16384);
        h.update_history(&b, 600, safe, &[], &with, 16384);
        // The move onto an attacked square learnt in its own table, not in slot 0's.
        assert_eq!(h.quiet_score(&b, into, &with), 800);
        assert_eq!(h.quiet_score(&b, into, &without), 0);
        // A move touching no attacked square is in slot 0 either way.
        assert_eq!(h.quiet_score(&b, safe, &with), 600);
        assert_eq!(h.quiet_score(&b, safe, &without), 600);
        // And the node's rows agree.
        let rows = h.quiet_rows(b.side_to_move(), &with);
        assert_eq!(rows.score(&b, into), 800);
        h.clear();
        assert_eq!(h.quiet_score(&b, into, &with), 0);
    }

    #[test]
    fn correction_history_learns_a_steady_difference_per_side_and_pawn_structure() {
        let mut h = Heuristics::default();
        let white = board(crate::core::STARTPOS_FEN);
        let black = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let other_pawns = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        let (full, half, off) = ([100, 0, 0], [50, 0, 0], [0; 3]);
        // The search keeps finding 40 cp more than the corrected evaluation says.
        for _ in 0..600 {
            let diff = 40 - h.correction(&white, &full);
            h.update_correction(&white, 15, diff);
        }
        assert!((h.correction(&white, &full) - 40).abs() <= 1);
        assert!((h.correction(&white, &half) - 20).abs() <= 1);
        assert_eq!(h.correction(&white, &off), 0);
        // The other side to move and another pawn structure have their own entries.
        assert_eq!(h.correction(&black, &full), 0);
        assert_eq!(h.correction(&other_pawns, &full), 0);
        // One update moves by at most (depth + 1)/256 of the clamped difference.
        h.update_correction(&black, 3, -10_000);
        let moved = h.correction(&black, &full);
        assert!((-2..0).contains(&moved), "{moved}");
        // Bounded however long the pressure lasts.
        for _ in 0..5000 {
            h.update_correction(&black, 20, -10_000);
        }
        assert!(h.correction(&black, &full) >= -CORRECTION_MAX);
        h.clear();
        assert_eq!(h.correction(&white, &full), 0);
    }

    #[test]
    fn each_correction_table_has_its_own_key() {
        let mut h = Heuristics::default();
        let start = board(crate::core::STARTPOS_FEN);
        // The same pawns, a white knight elsewhere: Black's pieces agree.
        let knight_out = board("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
        // A black knight and a white bishop gone: the pawns stay, everything else moved.
        let traded = board("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1");
        let only = |table: usize| {
            let mut w = [0; 3];
            w[table] = 100;
            w
        };
        for table in 0..3 {
            for _ in 0..600 {
                let diff = 40 - h.correction(&start, &only(table));
                h.update_correction(&start, 15, diff);
            }
            assert!((h.correction(&start, &only(table)) - 40).abs() <= 1);
        }
        // Pawns: the knight's move and the trade leave the pawns alone.
        assert!((h.correction(&knight_out, &only(0)) - 40).abs() <= 1);
        assert!((h.correction(&traded, &only(0)) - 40).abs() <= 1);
        // White's pieces: the knight moved, so a new entry; the trade changed them too.
        assert_eq!(h.correction(&knight_out, &only(1)), 0);
        assert_eq!(h.correction(&traded, &only(1)), 0);
        // Black's pieces: untouched by White's knight move, changed by the trade.
        assert!((h.correction(&knight_out, &only(2)) - 40).abs() <= 1);
        assert_eq!(h.correction(&traded, &only(2)), 0);
        // Weights add: every table at 100 % adds the three entries.
        assert!((h.correction(&start, &[100; 3]) - 120).abs() <= 2);
    }
}
