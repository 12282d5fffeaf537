//! Move ordering: the hash move first, then winning and equal captures by MVV-LVA, killer and
//! counter moves, quiet moves by history, and losing captures last.
//!
//! The [`MovePicker`] is lazy: it tries the hash move before generating anything (a hash move
//! that refutes the node saves the whole generation), then scores every legal move once and
//! hands them out best-first by selection, so a cutoff after a few moves does not pay for a
//! full sort.
//!
//! Once late-move pruning holds for the rest of a node, the search tells the picker
//! ([`MovePicker::drop_quiets`]), which removes from its list every quiet move that gives no
//! check — each would be handed out only to be pruned — and says with each move it hands out
//! how many such moves it passed over ([`MovePicker::take_skipped`]), so that the search
//! counts them as before: the moves searched, their order and their move numbers (on which
//! the reductions depend) are exactly those of handing every move out, and the tree is the
//! same.

use super::extension::Extension;
pub use super::extension::OrderingContext;
use super::history::{Heuristics, Lineage, PieceTo, QuietRows};
use super::see::{capture_gain, see_ge, see_value};
use crate::core::{Board, CheckInfo, Color, GenType, Move, MoveList, Piece, MAX_MOVES};

/// Score bands. History values stay within ±`history_max` (16384 by default), far inside the
/// quiet band.
const HASH_MOVE: i32 = i32::MAX;
const GOOD_NOISY: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_002;
const KILLER_2: i32 = 1_000_001;
const COUNTER: i32 = 1_000_000;
const BAD_NOISY: i32 = -2_000_000;
const UNDER_PROMOTION: i32 = -3_000_000;

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
        let n = self.moves.len();
        let (moves, scores) = (&mut self.moves[start..n], &mut self.scores[start..n]);
        for i in 1..moves.len() {
            let (score, mv) = (scores[i], moves[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < score {
                scores[j] = scores[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            scores[j] = score;
            moves[j] = mv;
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
    /// Distance from the root.
    ply: usize,
    /// The moves that led to the node.
    lineage: Lineage,
    /// The weight (percent) of capture history among captures.
    capture_weight: i32,
    /// The side to move at the root (for an extension's move filter).
    root_side: Color,
    /// Whether quiet moves that give no check are dropped ([`MovePicker::drop_quiets`]).
    drop: Dropping,
    /// The dropped moves passed over before the move last handed out (or, after the last
    /// one, at the end of the list).
    skipped: usize,
    /// The dropped moves after the last move left in the list.
    trailing: usize,
}

/// The state of [`MovePicker::drop_quiets`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dropping {
    /// Every move is handed out.
    No,
    /// To be done when the list is sorted; the move to leave uncounted (the search's
    /// excluded move).
    Pending(Option<Move>),
    /// Done: the scores of the moves left are the counts of dropped moves before each.
    Done,
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

/// The engine's ordering: captures by SEE class and MVV-LVA, killers, the counter move,
/// quiet moves by history. Writes the score of `moves[i]` into `scores[i]`.
pub fn score_moves(board: &Board, moves: &[Move], scores: &mut [i32], ctx: &OrderingContext) {
    let side = board.side_to_move();
    let quiet = QuietContext {
        rows: ctx.heuristics.quiet_rows(side, &ctx.lineage),
        killers: ctx.heuristics.killers[ctx.ply],
        counter: ctx.heuristics.counter(side, ctx.lineage.previous),
    };
    for (score, &mv) in scores.iter_mut().zip(moves) {
        *score = if mv.is_noisy() {
            score_noisy(board, mv, ctx)
        } else {
            score_quiet(board, mv, &quiet)
        };
    }
}

/// What scoring a node's quiet moves reads, looked up once per node.
struct QuietContext<'a> {
    /// The history rows of the node.
    rows: QuietRows<'a>,
    /// The ply's killer moves.
    killers: [Option<Move>; 2],
    /// The counter move to the move before.
    counter: Option<Move>,
}

impl MovePicker {
    /// A picker for the main-search node at `ply` reached by `lineage`, trying `hash_move`
    /// first if it is legal; `capture_weight` is `search.capture_history`, `root_side` the
    /// side to move at the root.
    pub fn new(
        hash_move: Option<Move>,
        ply: usize,
        lineage: Lineage,
        capture_weight: i32,
        root_side: Color,
    ) -> Self {
        MovePicker {
            hash_move,
            stage: Stage::HashMove,
            next: 0,
            sorted: false,
            ply,
            lineage,
            capture_weight,
            root_side,
            drop: Dropping::No,
            skipped: 0,
            trailing: 0,
        }
    }

    /// From now on, drops every quiet move that gives no check (`check_info` is the node's)
    /// instead of handing it out, counting those that would have counted (all but
    /// `excluded`): late-move pruning holds for the rest of the node, so the search would
    /// skip each of them. Done at once if the rest of the list is sorted, otherwise when it
    /// is (the moves handed out by selection before that are not touched).
    pub fn drop_quiets(
        &mut self,
        buffer: &mut MoveBuffer,
        board: &Board,
        check_info: &CheckInfo,
        excluded: Option<Move>,
    ) {
        if self.drop != Dropping::No {
            return;
        }
        self.drop = Dropping::Pending(excluded);
        if self.sorted {
            self.drop_now(buffer, board, check_info, excluded);
        }
    }

    /// Whether [`MovePicker::drop_quiets`] has been asked for.
    pub fn dropping(&self) -> bool {
        self.drop != Dropping::No
    }

    /// The number of dropped moves passed over before the move [`MovePicker::next`] has just
    /// handed out (after it returned `None`: those at the end of the list), once.
    pub fn take_skipped(&mut self) -> usize {
        std::mem::take(&mut self.skipped)
    }

    /// Drops the quiet non-checking moves from the sorted rest of the list, keeping the
    /// others in order, each with the count of dropped moves since the one kept before it.
    fn drop_now(
        &mut self,
        buffer: &mut MoveBuffer,
        board: &Board,
        check_info: &CheckInfo,
        excluded: Option<Move>,
    ) {
        let (mut kept, mut passed) = (self.next, 0);
        for i in self.next..buffer.moves.len() {
            let (mv, score) = (buffer.moves[i], buffer.scores[i]);
            debug_assert!(score != HASH_MOVE, "the hash move is the first pick");
            if mv.is_noisy() || board.gives_check_with(check_info, mv) {
                buffer.moves[kept] = mv;
                buffer.scores[kept] = passed;
                kept += 1;
                passed = 0;
            } else if Some(mv) != excluded {
                passed += 1;
            }
        }
        buffer.moves.truncate(kept);
        self.trailing = passed as usize;
        self.drop = Dropping::Done;
    }

    /// What the node's ordering and an extension's hooks are told about the node.
    fn context<'a>(&self, heuristics: &'a Heuristics) -> OrderingContext<'a> {
        OrderingContext {
            heuristics,
            ply: self.ply,
            root_side: self.root_side,
            lineage: self.lineage,
            capture_weight: self.capture_weight,
        }
    }

    /// Whether the picker has filled its buffer (after the hash move stage). Until then a
    /// nested search at the same ply may use the buffer.
    pub fn generated(&self) -> bool {
        self.stage == Stage::Pick
    }

    /// The next move, or `None` when all have been handed out. `buffer` must be the same for
    /// every call on one picker; `heuristics` score the moves, and `ext` may filter and order
    /// them instead of the engine (with [`super::NoExtension`] it does nothing).
    pub fn next<X: Extension>(
        &mut self,
        buffer: &mut MoveBuffer,
        board: &Board,
        heuristics: &Heuristics,
        ext: &X,
    ) -> Option<Move> {
        if self.stage == Stage::HashMove {
            self.stage = Stage::Generate;
            let ctx = self.context(heuristics);
            match self.hash_move {
                Some(mv) if board.is_legal(mv) && ext.admits(board, mv, &ctx) => return Some(mv),
                _ => self.hash_move = None,
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Pick;
            self.generate(buffer, board, heuristics, ext);
        }
        while let Some((mv, score)) = self.pick_best(buffer, board) {
            if self.drop == Dropping::Done {
                self.skipped = score as usize;
                return Some(mv);
            }
            if score != HASH_MOVE {
                return Some(mv);
            }
        }
        self.skipped = std::mem::take(&mut self.trailing);
        None
    }

    /// Fills the buffer with the node's moves (less those the extension filters out) and
    /// their scores; the hash move, already tried, is marked to be skipped.
    fn generate<X: Extension>(
        &self,
        buffer: &mut MoveBuffer,
        board: &Board,
        heuristics: &Heuristics,
        ext: &X,
    ) {
        buffer.moves.clear();
        board.generate(GenType::All, &mut buffer.moves);
        let ctx = self.context(heuristics);
        ext.filter_moves(board, &mut buffer.moves, &ctx);
        let n = buffer.moves.len();
        let (moves, scores) = (&buffer.moves[..], &mut buffer.scores[..n]);
        if !ext.score_moves(board, moves, scores, &ctx) {
            score_moves(board, moves, scores, &ctx);
        }
        if let Some(i) = buffer.moves.iter().position(|&m| Some(m) == self.hash_move) {
            buffer.scores[i] = HASH_MOVE;
        }
    }

    fn pick_best(&mut self, buffer: &mut MoveBuffer, board: &Board) -> Option<(Move, i32)> {
        let start = self.next;
        if start >= buffer.moves.len() {
            return None;
        }
        if start == SELECTION_PICKS && !self.sorted {
            buffer.sort_from(start);
            self.sorted = true;
            if let Dropping::Pending(excluded) = self.drop {
                self.drop_now(buffer, board, &board.check_info(), excluded);
                if start >= buffer.moves.len() {
                    return None;
                }
            }
        }
        if self.sorted {
            self.next += 1;
            return Some((buffer.moves[start], buffer.scores[start]));
        }
        let len = buffer.moves.len();
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

/// The score of a noisy move: winning and equal captures (by SEE) above every quiet move, by
/// MVV-LVA and capture history; losing ones below, under-promotions last.
fn score_noisy(board: &Board, mv: Move, ctx: &OrderingContext) -> i32 {
    if matches!(mv.promotion(), Some(p) if p != Piece::Queen) {
        return UNDER_PROMOTION + mvv_lva(board, mv);
    }
    // At weight 100 the history (±16384) moves a capture by up to ±2048: about two and a half
    // pawns of victim value in MVV-LVA's units.
    let score =
        mvv_lva(board, mv) + ctx.heuristics.capture_score(board, mv) * ctx.capture_weight / 800;
    if see_ge(board, mv, 0) {
        GOOD_NOISY + score
    } else {
        BAD_NOISY + score
    }
}

/// The score of a quiet move: the killers and the counter move first, then by history and
/// a static tie-break.
#[inline(always)]
fn score_quiet(board: &Board, mv: Move, quiet: &QuietContext) -> i32 {
    if quiet.killers[0] == Some(mv) {
        KILLER_1
    } else if quiet.killers[1] == Some(mv) {
        KILLER_2
    } else if quiet.counter == Some(mv) {
        COUNTER
    } else {
        let piece = board.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        let key = PieceTo::with(board.side_to_move(), piece, mv);
        quiet.rows.score_key(key, mv) + quiet_tiebreak(piece, mv)
    }
}

/// A small static preference among quiet moves, for when history knows nothing yet (the
/// start of a search): castling first, then moves towards the centre; king steps last.
#[inline(always)]
fn quiet_tiebreak(piece: Piece, mv: Move) -> i32 {
    if mv.is_castle() {
        return 512;
    }
    match piece {
        Piece::King => -512,
        _ => 32 * (CENTRE_DISTANCE[mv.from() as usize] - CENTRE_DISTANCE[mv.dest() as usize]),
    }
}

/// Each square's distance from the centre in half-squares, `max(|2f − 7|, |2r − 7|)`: 1 on
/// the four centre squares, 7 on the rim.
const CENTRE_DISTANCE: [i32; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let (df, dr) = ((2 * f - 7).abs(), (2 * r - 7).abs());
        table[sq] = if df > dr { df } else { dr };
        sq += 1;
    }
    table
};

/// Fills `buffer` with the quiescence moves — noisy moves, or all evasions in check — sorted
/// once by MVV-LVA (noisy moves first among evasions), ties in generation order: each move's
/// key computed once, then [`MoveBuffer::sort_from`]'s stable insertion sort (a library sort
/// by key computes the key at every comparison).
pub fn quiescence_moves(board: &Board, buffer: &mut MoveBuffer) {
    buffer.moves.clear();
    let gen = if board.is_check() {
        GenType::All
    } else {
        GenType::Noisy
    };
    board.generate(gen, &mut buffer.moves);
    let n = buffer.moves.len();
    for (score, &mv) in buffer.scores[..n].iter_mut().zip(buffer.moves.iter()) {
        let bonus = if mv.is_noisy() { 1 << 20 } else { 0 };
        *score = mvv_lva(board, mv) + bonus;
    }
    buffer.sort_from(0);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    #[test]
    fn the_centre_distance_table_is_the_formula() {
        for sq in Square::ALL {
            let (f, r) = (sq.file() as i32, sq.rank() as i32);
            let expected = (2 * f - 7).abs().max((2 * r - 7).abs());
            assert_eq!(CENTRE_DISTANCE[sq as usize], expected, "{sq}");
        }
        assert_eq!(CENTRE_DISTANCE[Square::E4 as usize], 1);
        assert_eq!(CENTRE_DISTANCE[Square::A1 as usize], 7);
    }

    #[test]
    fn quiet_moves_score_as_the_rows_say_and_killers_come_first() {
        let board =
            Board::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
                .unwrap();
        let mut h = Heuristics::default();
        let moves = board.legal_moves();
        let quiets: Vec<Move> = moves.iter().copied().filter(|m| !m.is_noisy()).collect();
        let lineage = Lineage::default();
        h.update_history(&board, 500, quiets[3], &quiets[..2], &lineage, 16384);
        h.record_refutation(board.side_to_move(), 2, quiets[5], None);
        let ctx = OrderingContext {
            heuristics: &h,
            ply: 2,
            root_side: board.side_to_move(),
            lineage,
            capture_weight: 100,
        };
        let mut scores = vec![0; moves.len()];
        score_moves(&board, &moves, &mut scores, &ctx);
        let rows = h.quiet_rows(board.side_to_move(), &lineage);
        for (&mv, &score) in moves.iter().zip(&scores) {
            if mv == quiets[5] {
                assert_eq!(score, KILLER_1);
            } else if !mv.is_noisy() {
                let piece = board.piece_on(mv.from()).unwrap();
                assert_eq!(
                    score,
                    rows.score(&board, mv) + quiet_tiebreak(piece, mv),
                    "{mv}"
                );
            }
        }
        assert!(scores.iter().any(|&s| s >= 500));
    }

    /// Every move a picker hands out, each with the count of dropped moves before it, and the
    /// count after the last; `drop_after` moves handed out, it is told to drop the quiet
    /// moves that give no check (`excluded` left uncounted).
    fn picks(
        board: &Board,
        h: &Heuristics,
        hash_move: Option<Move>,
        drop_after: Option<usize>,
        excluded: Option<Move>,
    ) -> (Vec<(Move, usize)>, usize) {
        let mut picker = MovePicker::new(hash_move, 3, Lineage::default(), 100, Color::White);
        let mut buffer = MoveBuffer::default();
        let mut out = Vec::new();
        loop {
            if drop_after == Some(out.len()) {
                picker.drop_quiets(&mut buffer, board, &board.check_info(), excluded);
            }
            let next = picker.next(&mut buffer, board, h, &super::super::NoExtension);
            let skipped = picker.take_skipped();
            match next {
                Some(mv) => out.push((mv, skipped)),
                None => return (out, skipped),
            }
        }
    }

    #[test]
    fn dropping_quiet_moves_keeps_the_order_and_the_count_of_the_rest() {
        let fens = [
            // Quiet checks, captures, many quiet moves with equal scores.
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2r3k1/5pp1/7p/3R4/1q1N4/6P1/5P1P/3QR1K1 w - - 0 1",
            "7k/8/8/8/8/8/2Q5/K5R1 w - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen).unwrap();
            let ci = board.check_info();
            let moves = board.legal_moves();
            let quiets: Vec<Move> = moves.iter().copied().filter(|m| !m.is_noisy()).collect();
            // Histories with ties and without, a hash move and none, an excluded move.
            let mut h = Heuristics::default();
            let fresh = Heuristics::default();
            h.update_history(
                &board,
                4,
                quiets[2],
                &quiets[4..7],
                &Lineage::default(),
                16384,
            );
            let cases = [
                (&fresh, None, None),
                (&h, Some(quiets[1]), None),
                (&h, None, Some(quiets[quiets.len() - 1])),
                (&fresh, Some(moves[0]), Some(quiets[0])),
            ];
            for (heur, hash_move, excluded) in cases {
                let (all, none_after) = picks(&board, heur, hash_move, None, None);
                assert_eq!(all.len(), moves.len(), "{fen}");
                assert!(all.iter().all(|&(_, skipped)| skipped == 0) && none_after == 0);
                for k in 0..=all.len() {
                    let (got, trailing) = picks(&board, heur, hash_move, Some(k), excluded);
                    // What it should be: the first k as they were, then the others that are
                    // noisy or give check, each with the dropped moves since the one before.
                    let mut want = Vec::new();
                    let mut passed = 0;
                    for (i, &(mv, _)) in all.iter().enumerate() {
                        let kept = mv.is_noisy() || board.gives_check_with(&ci, mv);
                        // Moves by selection (the first four) are never dropped.
                        if i < k || i < SELECTION_PICKS || kept {
                            want.push((mv, passed));
                            passed = 0;
                        } else if Some(mv) != excluded {
                            passed += 1;
                        }
                    }
                    assert_eq!(got, want, "{fen}, dropped after {k}");
                    assert_eq!(trailing, passed, "{fen}, dropped after {k}");
                }
            }
        }
    }
}
