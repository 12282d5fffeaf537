//! Legal move generation with check and pin masks.
//!
//! The generator produces *legal* moves directly, never pseudo-legal ones to be filtered:
//!
//! * **Double check**: only king moves.
//! * **Check mask**: in single check every non-king move must land on the checker or between
//!   it and the king; out of check the mask is the whole board.
//! * **Pin mask**: a pinned piece may only move along the line through its king (and has no
//!   moves at all in check, since that line cannot meet the check line elsewhere).
//! * **King moves**: each target is tested against the enemy's attacks with the king removed
//!   from the occupancy, so the king cannot step back along a checking ray.
//! * **En passant**: played on a scratch occupancy and tested against every attacker
//!   ([`Board::ep_capture_is_legal`]), the one case masks do not capture cleanly.
//!
//! Moves are emitted as *sets* to a [`MoveSink`]: one target set per piece, and whole-board
//! shifted sets for pawns. A [`MoveList`] sink expands them into moves; a counting sink just
//! adds popcounts, which is what makes bulk-counted perft fast.

use super::attacks::*;
use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::{castle_squares, CastleSide, STANDARD_CASTLE_SQUARES};
use super::geometry::{BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRECTIONS};
use super::moves::{Move, MoveKind, MoveList};
use super::piece::{Color, Piece};
use super::square::{File, Rank, Square};

/// Up to this many king targets are tested square by square; above it, against a map of
/// every enemy attack (measured on the perft positions: see docs/perft.md).
const KING_TARGETS_TESTED_ONE_BY_ONE: u32 = 2;

/// Which legal moves to generate. `Noisy` and `Quiet` partition `All`; when the side to move is
/// in check every mode yields only (the matching subset of) the evasions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenType {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions (under-promotions included).
    Noisy,
    /// Everything else: non-capturing, non-promoting moves (castling included).
    Quiet,
}

/// How a set of pawn targets was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PawnMoves {
    Push,
    DoublePush,
    Capture,
    Promotion,
    PromotionCapture,
}

/// Receives generated moves as sets. Implemented by [`MoveList`] (expands to moves), by
/// [`MoveCounter`] (counts them) and by perft's `PlayEach` (plays each, then counts its
/// replies or keeps it as a leaf).
pub(crate) trait MoveSink {
    /// Moves of our (non-pawn) `piece` on `from` to each square of `captures` and `quiets`.
    fn piece_moves(&mut self, piece: Piece, from: Square, captures: Bitboard, quiets: Bitboard);
    /// Pawn moves to each square of `targets`, each coming from `to - delta`.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMoves);
    /// A single move (castling, en passant).
    fn single(&mut self, mv: Move);
    /// Whether the standard castling test is compiled into the generator (`true`) or called
    /// out of line, where its code does not weigh on the generator around it. Inline for the
    /// counter (chainmate perft, Kiwipete d5 bulk +4.8 %; start and position 3 level); out of
    /// line for the list and perft's `PlayEach`, for which each castling move found is
    /// played and counted.
    const CASTLING_INLINE: bool = false;
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece_moves(&mut self, _piece: Piece, from: Square, captures: Bitboard, quiets: Bitboard) {
        self.push_set(captures, |to| [Move::new(from, to, MoveKind::Capture)]);
        self.push_set(quiets, |to| [Move::new(from, to, MoveKind::Quiet)]);
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMoves) {
        let from = |to: Square| to.shift(-delta);
        match kind {
            PawnMoves::Push => {
                self.push_set(targets, |to| [Move::new(from(to), to, MoveKind::Quiet)]);
            }
            PawnMoves::DoublePush => {
                self.push_set(targets, |to| {
                    [Move::new(from(to), to, MoveKind::DoublePush)]
                });
            }
            PawnMoves::Capture => {
                self.push_set(targets, |to| [Move::new(from(to), to, MoveKind::Capture)]);
            }
            PawnMoves::Promotion | PawnMoves::PromotionCapture => {
                let capture = kind == PawnMoves::PromotionCapture;
                self.push_set(targets, |to| {
                    Piece::PROMOTIONS
                        .map(|piece| Move::new(from(to), to, MoveKind::promotion(piece, capture)))
                });
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A sink that only counts moves.
#[derive(Default)]
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    const CASTLING_INLINE: bool = true;
    #[inline(always)]
    fn piece_moves(&mut self, _piece: Piece, _from: Square, captures: Bitboard, quiets: Bitboard) {
        // The two sets are disjoint: one popcount of their union.
        self.0 += (captures | quiets).popcount() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i8, kind: PawnMoves) {
        let n = targets.popcount() as u64;
        self.0 += match kind {
            PawnMoves::Promotion | PawnMoves::PromotionCapture => 4 * n,
            _ => n,
        };
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// For one standard castling path (the squares the king crosses and lands on), its far
/// square (where the king lands) and the squares from which an enemy piece of each kind
/// could attack that square on an empty board. (The near square is a king step, tested as
/// one.)
#[derive(Clone, Copy)]
struct PathGuards {
    /// The square the king lands on (g1, c1, g8, c8).
    far: Bitboard,
    /// Enemy pawns that would attack the far square.
    pawns: Bitboard,
    /// Knights a knight's move from the far square.
    knights: Bitboard,
    /// Squares next to the far square (the enemy king).
    kings: Bitboard,
    /// The far square's empty-board diagonals (bishops and queens).
    diagonal: Bitboard,
    /// The far square's empty-board file and rank (rooks and queens).
    orthogonal: Bitboard,
}

/// [`PathGuards`] of the standard castling paths (far squares g1, c1, g8, c8), indexed
/// `[colour][side]`, built at compile time: castling is tested with a few set operations
/// instead of a full attack test of each path square (measured: Kiwipete perft spent ~20 %
/// of its instructions there).
const STANDARD_PATH_GUARDS: [[PathGuards; 2]; 2] = {
    // The squares reached from `path` by one of `steps` (`slide`: repeated to the edge).
    const fn spread(path: u64, steps: &[(i8, i8)], slide: bool) -> u64 {
        let mut out = 0;
        let mut sq = 0;
        while sq < 64 {
            if path >> sq & 1 != 0 {
                let mut i = 0;
                while i < steps.len() {
                    let (df, dr) = (steps[i].0 as i32, steps[i].1 as i32);
                    let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
                    while f >= 0 && f < 8 && r >= 0 && r < 8 {
                        out |= 1u64 << (r * 8 + f);
                        if !slide {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                    i += 1;
                }
            }
            sq += 1;
        }
        out
    }
    let empty = PathGuards {
        far: Bitboard::EMPTY,
        pawns: Bitboard::EMPTY,
        knights: Bitboard::EMPTY,
        kings: Bitboard::EMPTY,
        diagonal: Bitboard::EMPTY,
        orthogonal: Bitboard::EMPTY,
    };
    let mut table = [[empty; 2]; 2];
    let mut color = 0;
    while color < 2 {
        let mut side = 0;
        while side < 2 {
            // The far square: the path without the d- and f-file squares next to the king.
            let near = 0x28_u64 << (56 * color);
            let path = STANDARD_CASTLE_SQUARES[color][side].1 .0 & !near;
            // An enemy pawn attacks the square from one rank towards the enemy.
            let forward = if color == 0 { 1 } else { -1 };
            table[color][side] = PathGuards {
                far: Bitboard(path),
                pawns: Bitboard(spread(path, &[(1, forward), (-1, forward)], false)),
                knights: Bitboard(spread(path, &KNIGHT_STEPS, false)),
                kings: Bitboard(spread(path, &KING_STEPS, false)),
                diagonal: Bitboard(spread(path, &BISHOP_DIRECTIONS, true)),
                orthogonal: Bitboard(spread(path, &ROOK_DIRECTIONS, true)),
            };
            side += 1;
        }
        color += 1;
    }
    table
};

/// Calls `f` from a function of its own that is never inlined: `f`'s code is compiled there
/// once, out of the caller's hot path.
#[inline(never)]
fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// The move kind of castling on `side`.
#[inline(always)]
fn castle_kind(side: CastleSide) -> MoveKind {
    match side {
        CastleSide::King => MoveKind::KingCastle,
        CastleSide::Queen => MoveKind::QueenCastle,
    }
}

/// Everything the per-piece generators share, computed once per call.
struct Context {
    us: Color,
    them: Color,
    king: Square,
    occupied: Bitboard,
    /// Capture targets: enemy pieces on the check mask (empty when captures are not wanted).
    capture_targets: Bitboard,
    /// Quiet targets: empty squares on the check mask (empty when quiets are not wanted).
    quiet_targets: Bitboard,
    check_mask: Bitboard,
}

impl Board {
    /// Generates the legal moves of `gen` type, appending them to `list`.
    #[inline]
    pub fn generate(&self, gen: GenType, list: &mut MoveList) {
        match gen {
            GenType::All => self.generate_into::<_, true, true>(list),
            GenType::Noisy => self.generate_into::<_, true, false>(list),
            GenType::Quiet => self.generate_into::<_, false, true>(list),
        }
    }

    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_into::<_, true, true>(&mut list);
        list
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate_into::<_, true, true>(&mut counter);
        counter.0
    }

    /// [`Board::count_legal_moves`] with the side to move given (`WHITE`).
    #[inline(always)]
    pub(crate) fn count_legal_moves_for<const WHITE: bool>(&self) -> u64 {
        debug_assert_eq!(self.side == Color::White, WHITE);
        let mut counter = MoveCounter::default();
        self.generate_for::<_, true, true, WHITE>(&mut counter, Bitboard::FULL);
        counter.0
    }

    /// Whether the side to move has at least one legal move (no: checkmate or stalemate).
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `mv` is legal here. Only the moving piece's moves are generated (the generator
    /// restricted to one origin square), so this is cheap enough to validate a hash move.
    pub fn is_legal(&self, mv: Move) -> bool {
        let from = mv.from();
        if !self.color(self.side).contains(from) {
            return false;
        }
        let mut list = MoveList::new();
        self.generate_from::<_, true, true>(&mut list, Bitboard::from_square(from));
        list.contains(&mv)
    }

    /// Every legal move of the pieces standing on `from_squares`.
    pub fn legal_moves_from(&self, from_squares: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate_from::<_, true, true>(&mut list, from_squares);
        list
    }

    /// The generator proper, generic over the sink and the wanted move classes so that each
    /// combination compiles to straight-line code with no mode tests inside.
    #[inline(always)]
    pub(crate) fn generate_into<S: MoveSink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
    ) {
        self.generate_from::<S, NOISY, QUIET>(sink, Bitboard::FULL);
    }

    /// The generator restricted to pieces on `from_squares` (`FULL` for every piece; the
    /// restriction then folds away at compile time).
    #[inline(always)]
    pub(crate) fn generate_from<S: MoveSink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
        from_squares: Bitboard,
    ) {
        match self.side {
            Color::White => self.generate_for::<S, NOISY, QUIET, true>(sink, from_squares),
            Color::Black => self.generate_for::<S, NOISY, QUIET, false>(sink, from_squares),
        }
    }

    /// [`Board::generate_from`] for the side to move given at compile time (`WHITE`): pawn
    /// directions, relative ranks and colour indexing fold to constants, so the hot loop has
    /// no branch on colour.
    #[inline(always)]
    pub(crate) fn generate_for<
        S: MoveSink,
        const NOISY: bool,
        const QUIET: bool,
        const WHITE: bool,
    >(
        &self,
        sink: &mut S,
        from_squares: Bitboard,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let king = self.king(us);
        let occupied = self.occupied();
        let capture_wanted = if NOISY {
            self.colors[them as usize]
        } else {
            Bitboard::EMPTY
        };
        let quiet_wanted = if QUIET { !occupied } else { Bitboard::EMPTY };

        // The king's safe steps: also the first square of each castling path.
        let king_safe = if from_squares.contains(king) {
            self.king_moves(sink, them, king, capture_wanted, quiet_wanted)
        } else {
            Bitboard::EMPTY
        };
        if self.checkers.more_than_one() {
            return;
        }
        let check_mask = match self.checkers.lsb() {
            Some(checker) => between(king, checker) | self.checkers,
            None => Bitboard::FULL,
        };
        if QUIET && self.checkers.is_empty() && from_squares.contains(king) {
            self.castling_moves(sink, us, king, occupied, king_safe);
        }
        let ctx = Context {
            us,
            them,
            king,
            occupied,
            capture_targets: capture_wanted & check_mask,
            quiet_targets: quiet_wanted & check_mask,
            check_mask,
        };
        // In check, a pinned piece has no legal move: leave pinned pieces out entirely.
        let movable = from_squares
            & if self.checkers.any() {
                self.colors[us as usize] & !self.pinned
            } else {
                self.colors[us as usize]
            };
        self.knight_moves(sink, &ctx, movable);
        self.slider_moves(sink, &ctx, movable);
        self.all_pawn_moves::<S, NOISY, QUIET>(sink, &ctx, movable);
    }

    /// The king's legal steps, sent to `sink` and returned (the safe target squares).
    #[inline(always)]
    fn king_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        them: Color,
        king: Square,
        capture_wanted: Bitboard,
        quiet_wanted: Bitboard,
    ) -> Bitboard {
        let targets = king_attacks(king) & (capture_wanted | quiet_wanted);
        let without_king = self.occupied() ^ king;
        // Few targets: test each square. Many (an active king in an ending): one map of
        // everything the enemy attacks is cheaper than a full attack test per square.
        let safe = if targets.popcount() <= KING_TARGETS_TESTED_ONE_BY_ONE {
            let mut safe = Bitboard::EMPTY;
            for to in targets {
                if !self.is_attacked_by(to, them, without_king) {
                    safe |= to;
                }
            }
            safe
        } else {
            targets & !self.attacked_squares(them, without_king)
        };
        if safe.any() {
            sink.piece_moves(
                Piece::King,
                king,
                safe & capture_wanted,
                safe & quiet_wanted,
            );
        }
        safe
    }

    /// Every square the opponent of the side to move attacks (the pieces of both sides as
    /// blockers): where a quiet move would stand attacked, or escapes an attack from.
    #[inline]
    pub fn threats(&self) -> Bitboard {
        self.attacked_squares(!self.side_to_move(), self.occupied())
    }

    /// Every square `by`'s pieces attack, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn attacked_squares(&self, by: Color, occupied: Bitboard) -> Bitboard {
        let p = &self.pieces;
        let theirs = self.colors[by as usize];
        let mut attacked =
            pawn_attacks_set(by, p[Piece::Pawn as usize] & theirs) | king_attacks(self.king(by));
        for sq in p[Piece::Knight as usize] & theirs {
            attacked |= knight_attacks(sq);
        }
        for sq in self.diagonal_sliders(by) {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in self.orthogonal_sliders(by) {
            attacked |= rook_attacks(sq, occupied);
        }
        attacked
    }

    /// Whether a piece of `them` attacks a square of the standard castling path `path`
    /// (`guards` its [`PathGuards`]), with `occupied` as the blockers: the leapers in one
    /// test of three sets, the sliders looked up square by square only when one stands on
    /// the path's empty-board rays.
    #[inline(always)]
    fn path_attacked(
        &self,
        guards: &PathGuards,
        path: Bitboard,
        them: Color,
        occupied: Bitboard,
    ) -> bool {
        let p = &self.pieces;
        let leapers = (guards.pawns & p[Piece::Pawn as usize])
            | (guards.knights & p[Piece::Knight as usize])
            | (guards.kings & p[Piece::King as usize]);
        if (leapers & self.colors[them as usize]).any() {
            return true;
        }
        let diagonal = guards.diagonal & self.diagonal_sliders(them);
        let orthogonal = guards.orthogonal & self.orthogonal_sliders(them);
        (diagonal.any()
            && path.into_iter().any(|sq| {
                Self::slider_reaches(sq, occupied, diagonal, bishop_rays, bishop_attacks)
            }))
            || (orthogonal.any()
                && path.into_iter().any(|sq| {
                    Self::slider_reaches(sq, occupied, orthogonal, rook_rays, rook_attacks)
                }))
    }

    /// Castling (called only out of check): for each remaining right, the squares both pieces
    /// travel over must be empty but for the two of them, and the king's path must be safe
    /// with both lifted off the board (see [`super::castling`]). Emitted as king takes rook.
    /// The common answers are found inline (no right left; the standard set-up with every
    /// side's squares occupied); the path tests are inline or out of line as the sink asks
    /// ([`MoveSink::CASTLING_INLINE`]).
    #[inline(always)]
    fn castling_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        us: Color,
        king: Square,
        occupied: Bitboard,
        king_safe: Bitboard,
    ) {
        if !self.castling.has_any(us) {
            return;
        }
        if !self.castle_rooks.is_standard()
            || king != Square::new(File::E, us.relative_rank(Rank::First))
        {
            return self.chess960_castling_moves(sink, us, king, occupied);
        }
        let open = |side: CastleSide| {
            let (must_be_empty, _) = STANDARD_CASTLE_SQUARES[us as usize][side as usize];
            self.castling.has(us, side) && (must_be_empty & occupied).is_empty()
        };
        if open(CastleSide::King) || open(CastleSide::Queen) {
            let mut test = || self.standard_castling_moves(sink, us, king, occupied, king_safe);
            if S::CASTLING_INLINE {
                test();
            } else {
                out_of_line(test);
            }
        }
    }

    /// [`Board::castling_moves`] from the standard squares. The path's first square (f1, d1)
    /// is next to the king, and the king's own steps have just been tested on the same
    /// occupancy (the king lifted): it must be among `king_safe`. Only the far square (g1,
    /// c1) is left for [`Board::path_attacked`] (the rooks in their corners block no ray to
    /// it, so they may stay).
    #[inline(always)]
    fn standard_castling_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        us: Color,
        king: Square,
        occupied: Bitboard,
        king_safe: Bitboard,
    ) {
        for side in CastleSide::ALL {
            let (must_be_empty, king_path) = STANDARD_CASTLE_SQUARES[us as usize][side as usize];
            let guards = &STANDARD_PATH_GUARDS[us as usize][side as usize];
            if self.castling.has(us, side)
                && (must_be_empty & occupied).is_empty()
                && (king_path & !guards.far & !king_safe).is_empty()
                && !self.path_attacked(guards, guards.far, !us, occupied ^ king)
            {
                let rook = self.castle_rooks.square(us, side);
                sink.single(Move::new(king, rook, castle_kind(side)));
            }
        }
    }

    /// [`Board::castling_moves`] from any other set-up (Chess960): each square of the king's
    /// path tested with both castling pieces lifted.
    #[inline(never)]
    fn chess960_castling_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        us: Color,
        king: Square,
        occupied: Bitboard,
    ) {
        for side in CastleSide::ALL {
            if !self.castling.has(us, side) {
                continue;
            }
            let rook = self.castle_rooks.square(us, side);
            let (must_be_empty, king_path) = castle_squares(king, rook, us, side);
            let lifted = occupied ^ king ^ rook;
            if (must_be_empty & occupied).is_empty()
                && !king_path
                    .into_iter()
                    .any(|sq| self.is_attacked_by(sq, !us, lifted))
            {
                sink.single(Move::new(king, rook, castle_kind(side)));
            }
        }
    }

    #[inline(always)]
    fn knight_moves<S: MoveSink>(&self, sink: &mut S, ctx: &Context, movable: Bitboard) {
        // A pinned knight can never move along its pin line.
        let knights = self.pieces[Piece::Knight as usize] & movable & !self.pinned;
        for from in knights {
            let att = knight_attacks(from);
            sink.piece_moves(
                Piece::Knight,
                from,
                att & ctx.capture_targets,
                att & ctx.quiet_targets,
            );
        }
    }

    #[inline(always)]
    fn slider_moves<S: MoveSink>(&self, sink: &mut S, ctx: &Context, movable: Bitboard) {
        let p = &self.pieces;
        let bishops = p[Piece::Bishop as usize] & movable;
        let rooks = p[Piece::Rook as usize] & movable;
        let queens = p[Piece::Queen as usize] & movable;
        for from in bishops {
            let att = bishop_attacks(from, ctx.occupied);
            self.emit_slider(sink, ctx, Piece::Bishop, from, att);
        }
        for from in rooks {
            let att = rook_attacks(from, ctx.occupied);
            self.emit_slider(sink, ctx, Piece::Rook, from, att);
        }
        for from in queens {
            let att = queen_attacks(from, ctx.occupied);
            self.emit_slider(sink, ctx, Piece::Queen, from, att);
        }
    }

    /// One slider's moves from its attacks `att`, kept on its pin line if it is pinned.
    /// (As a closure the compiler kept it out of line: a call for every slider.)
    #[inline(always)]
    fn emit_slider<S: MoveSink>(
        &self,
        sink: &mut S,
        ctx: &Context,
        piece: Piece,
        from: Square,
        att: Bitboard,
    ) {
        let att = if self.pinned.contains(from) {
            att & line(ctx.king, from)
        } else {
            att
        };
        sink.piece_moves(
            piece,
            from,
            att & ctx.capture_targets,
            att & ctx.quiet_targets,
        );
    }

    #[inline(always)]
    fn all_pawn_moves<S: MoveSink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
        ctx: &Context,
        movable: Bitboard,
    ) {
        let pawns = self.pieces[Piece::Pawn as usize] & movable;
        self.pawn_moves::<S, NOISY, QUIET>(sink, ctx, pawns & !self.pinned, Bitboard::FULL);
        // Pinned pawns (only present out of check) one by one, confined to their pin line.
        for from in pawns & self.pinned {
            let pin_line = line(ctx.king, from);
            self.pawn_moves::<S, NOISY, QUIET>(sink, ctx, Bitboard::from_square(from), pin_line);
        }
        if NOISY {
            if let Some(ep) = self.ep {
                for from in pawn_attacks(ctx.them, ep) & pawns {
                    if self.ep_capture_is_legal(from, ep) {
                        sink.single(Move::new(from, ep, MoveKind::EnPassant));
                    }
                }
            }
        }
    }

    /// Pushes, captures and promotions of `pawns`, whose targets must also lie in `allowed`.
    #[inline(always)]
    fn pawn_moves<S: MoveSink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
        ctx: &Context,
        pawns: Bitboard,
        allowed: Bitboard,
    ) {
        let us = ctx.us;
        let empty = !ctx.occupied;
        let last_rank = Bitboard::rank(us.relative_rank(Rank::Eighth));
        let third_rank = Bitboard::rank(us.relative_rank(Rank::Third));
        let (up, up_west, up_east): (i8, i8, i8) = match us {
            Color::White => (8, 7, 9),
            Color::Black => (-8, -9, -7),
        };

        let single = pawns.forward(us) & empty;
        if QUIET {
            let double = (single & third_rank).forward(us) & empty;
            let quiet = ctx.quiet_targets & allowed;
            sink.pawn_moves(single & quiet & !last_rank, up, PawnMoves::Push);
            sink.pawn_moves(double & quiet, 2 * up, PawnMoves::DoublePush);
        }
        if NOISY {
            let promo_push = single & last_rank & ctx.check_mask & allowed;
            if promo_push.any() {
                sink.pawn_moves(promo_push, up, PawnMoves::Promotion);
            }
            let targets = ctx.capture_targets & allowed;
            let west = pawns.forward(us).west() & targets;
            let east = pawns.forward(us).east() & targets;
            sink.pawn_moves(west & !last_rank, up_west, PawnMoves::Capture);
            sink.pawn_moves(east & !last_rank, up_east, PawnMoves::Capture);
            if ((west | east) & last_rank).any() {
                sink.pawn_moves(west & last_rank, up_west, PawnMoves::PromotionCapture);
                sink.pawn_moves(east & last_rank, up_east, PawnMoves::PromotionCapture);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Board, Square, STARTPOS_FEN};

    #[test]
    fn threats_are_the_squares_the_opponent_attacks() {
        // At the start Black attacks all of ranks 6 and 7 and six squares of rank 8 (not a8
        // or h8): 22 squares.
        let start = Board::from_fen(STARTPOS_FEN).unwrap();
        assert_eq!(start.threats().popcount(), 22);
        assert!(!start.threats().contains(Square::A8));
        assert!(start.threats().contains(Square::C6));
        for fen in [
            STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let them = !board.side_to_move();
            let threats = board.threats();
            for sq in Square::ALL {
                let attacked = board.is_attacked_by(sq, them, board.occupied());
                assert_eq!(threats.contains(sq), attacked, "{fen} {sq}");
            }
        }
    }
}
