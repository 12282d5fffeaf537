//! `Board`: one chess position as a small `Copy` value, and the move that changes it.
//!
//! # Representation
//!
//! Six piece-type bitboards and two colour bitboards (the paper-004 layout), plus a 64-byte
//! mailbox so that "what stands on this square" is one load. On top of the placement the board
//! keeps what the move generator and the search need at every node, computed once per move:
//! the side to move's `checkers` and `pinned` pieces, and the Zobrist `hash`, updated
//! incrementally.
//!
//! # Copy-make
//!
//! `Board` is ~170 bytes and `Copy`. Moves are made on a copy ("copy-make"): there is no undo
//! information to compute or store, which measured faster than make/unmake for this layout (perft
//! and search alike) and makes `undo` in [`crate::core::Position`] a pop. History — the earlier
//! boards and their hashes for repetition detection — lives in `Position`, not here.
//!
//! # Invariants (established by FEN parsing, kept by every public entry point)
//!
//! * each side has exactly one king; the side not to move is not in check;
//! * `pieces`, `colors` and `mailbox` agree;
//! * a castling right implies the king and that right's rook ([`CastlingRooks`]) on their
//!   original squares on the back rank, the rook on the right's side of the king (standard
//!   chess and Chess960 alike: see [`super::castling`]);
//! * `ep` is set only when the side to move has a *legal* en-passant capture, so equal
//!   positions (by the FIDE repetition rule) have equal hashes;
//! * `hash`, `checkers` and `pinned` equal what [`Board::compute_hash`] and
//!   `update_checks_and_pins` would compute from scratch.
//!
//! A board changes by [`Board::play_unchecked`] (legal moves), [`Board::try_play`] and
//! [`Board::play`] (checked), and [`Board::null_move`]; each leaves all of the above true.
//! `play_unchecked` is three crate-internal steps (`Board::apply`,
//! `Board::update_checks_and_pins_after`, `Board::set_ep_after`) which perft also
//! composes, leaving out the hash and what else its boards are never asked; those boards are
//! perft's own types (`crate::perft`), not `Board`s anyone else receives.

use super::attacks::*;
use super::bitboard::Bitboard;
use super::castling::{
    king_destination, rook_destination, CastleSide, CastlingRights, CastlingRooks,
};
use super::move_error::MoveError;
use super::moves::Move;
use super::piece::{Color, Piece};
use super::square::{File, Rank, Square};
use super::zobrist;

/// A chess position without history.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub(crate) pieces: [Bitboard; Piece::COUNT],
    pub(crate) colors: [Bitboard; Color::COUNT],
    pub(crate) mailbox: [Option<Piece>; Square::COUNT],
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    pub(crate) hash: u64,
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) castle_rooks: CastlingRooks,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
}

/// How the side to move can give check in one position ([`Board::check_info`]).
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// By piece kind: the squares from which such a piece of the side to move attacks the
    /// enemy king (none for the king).
    squares: [Bitboard; Piece::COUNT],
    /// The side to move's pieces that alone block one of its own sliders from the enemy king.
    discoverers: Bitboard,
    /// The enemy king.
    king: Square,
}

/// FEN of the initial position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Default for Board {
    fn default() -> Self {
        Board::startpos()
    }
}

impl Board {
    /// The initial position.
    pub fn startpos() -> Board {
        Board::from_fen(STARTPOS_FEN).expect("the start position FEN is valid")
    }

    /// A board with nothing on it (not a valid position; used while parsing).
    pub(crate) const fn empty() -> Board {
        Board {
            pieces: [Bitboard::EMPTY; Piece::COUNT],
            colors: [Bitboard::EMPTY; Color::COUNT],
            mailbox: [None; Square::COUNT],
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            hash: 0,
            side: Color::White,
            castling: CastlingRights::NONE,
            castle_rooks: CastlingRooks::STANDARD,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    // ---- accessors ------------------------------------------------------------------------

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Remaining castling rights.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }
    /// The square of the rook `color` may castle with on `side`, if that right remains.
    #[inline]
    pub fn castling_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.castling
            .has(color, side)
            .then(|| self.castle_rooks.square(color, side))
    }
    /// Whether any castling right belongs to a king or rook off the standard squares (e1/e8,
    /// a- and h-file rooks): a position only Chess960 can have.
    pub fn is_chess960(&self) -> bool {
        let standard = CastlingRooks::STANDARD;
        Color::ALL.into_iter().any(|color| {
            self.castling.has_any(color)
                && (self.king(color) != Square::new(File::E, color.relative_rank(Rank::First))
                    || CastleSide::ALL.into_iter().any(|side| {
                        self.castling.has(color, side)
                            && self.castle_rooks.square(color, side) != standard.square(color, side)
                    }))
        })
    }
    /// The en-passant target square, present only when a legal en-passant capture exists.
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    /// Plies since the last capture or pawn move (the fifty-move rule counter).
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    /// The move number, starting at 1 and incremented after Black's move.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    /// The Zobrist hash of placement, side to move, castling rights and en-passant file.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    /// The side to move's pieces pinned to its own king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }
    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }
    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }
    /// The squares of every `piece`, both colours.
    #[inline(always)]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.pieces[piece as usize]
    }
    /// The squares of `color`'s `piece`s.
    #[inline(always)]
    pub fn colored(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[piece as usize] & self.colors[color as usize]
    }
    /// Bishops and queens of `color`.
    #[inline(always)]
    pub fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.pieces[Piece::Bishop as usize] | self.pieces[Piece::Queen as usize])
            & self.colors[color as usize]
    }
    /// Rooks and queens of `color`.
    #[inline(always)]
    pub fn orthogonal_sliders(&self, color: Color) -> Bitboard {
        (self.pieces[Piece::Rook as usize] | self.pieces[Piece::Queen as usize])
            & self.colors[color as usize]
    }
    /// The piece type on `sq`, if any.
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq as usize]
    }
    /// The colour of the piece on `sq`, if any.
    #[inline(always)]
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        if self.colors[0].contains(sq) {
            Some(Color::White)
        } else if self.colors[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }
    /// `color`'s king square.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.colored(color, Piece::King).lsb_unchecked()
    }

    // ---- attacks --------------------------------------------------------------------------

    /// Pieces of both colours attacking `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let p = &self.pieces;
        (pawn_attacks(Color::White, sq) & self.colored(Color::Black, Piece::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.colored(Color::White, Piece::Pawn))
            | (knight_attacks(sq) & p[Piece::Knight as usize])
            | (king_attacks(sq) & p[Piece::King as usize])
            | (bishop_attacks(sq, occupied)
                & (p[Piece::Bishop as usize] | p[Piece::Queen as usize]))
            | (rook_attacks(sq, occupied) & (p[Piece::Rook as usize] | p[Piece::Queen as usize]))
    }

    /// Whether any piece of `by` attacks `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn is_attacked_by(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.colors[by as usize];
        let p = &self.pieces;
        ((knight_attacks(sq) & p[Piece::Knight as usize])
            | (king_attacks(sq) & p[Piece::King as usize])
            | (pawn_attacks(!by, sq) & p[Piece::Pawn as usize]))
            & them
            != Bitboard::EMPTY
            || Self::slider_reaches(
                sq,
                occupied,
                self.diagonal_sliders(by),
                bishop_rays,
                bishop_attacks,
            )
            || Self::slider_reaches(
                sq,
                occupied,
                self.orthogonal_sliders(by),
                rook_rays,
                rook_attacks,
            )
    }

    /// Whether one of `sliders` attacks `sq`: the empty-board rays first (a table load), the
    /// slider attack lookup only when a slider stands on them.
    #[inline(always)]
    pub(super) fn slider_reaches(
        sq: Square,
        occupied: Bitboard,
        sliders: Bitboard,
        rays: fn(Square) -> Bitboard,
        attacks: fn(Square, Bitboard) -> Bitboard,
    ) -> bool {
        (rays(sq) & sliders).any() && (attacks(sq, occupied) & sliders).any()
    }

    /// Recomputes the side to move's checkers and pinned pieces from scratch: knights and
    /// pawns by table, sliders by looking along the king's empty-board rays for "snipers" and
    /// counting what stands between.
    #[inline(always)]
    pub(crate) fn update_checks_and_pins(&mut self) {
        match self.side {
            Color::White => self.update_checks_and_pins_for::<true>(),
            Color::Black => self.update_checks_and_pins_for::<false>(),
        }
    }

    /// [`Board::update_checks_and_pins`] with the side to move known at compile time.
    #[inline(always)]
    fn update_checks_and_pins_for<const WHITE: bool>(&mut self) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let king = self.king(us);
        let occupied = self.occupied();
        let p = &self.pieces;
        let mut checkers = ((knight_attacks(king) & p[Piece::Knight as usize])
            | (pawn_attacks(us, king) & p[Piece::Pawn as usize]))
            & self.colors[them as usize];
        let snipers = (rook_rays(king) & self.orthogonal_sliders(them))
            | (bishop_rays(king) & self.diagonal_sliders(them));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper;
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned & self.colors[us as usize];
    }

    /// Whether the side to move's pawn on `from` may legally capture en passant onto `ep`:
    /// the capture is played on a scratch occupancy and the king is tested against every
    /// attacker. This covers all the awkward cases at once — a pinned capturer, the
    /// horizontal pin through both pawns, and evasions (the captured pawn was the checker).
    #[inline]
    pub(crate) fn ep_capture_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.side;
        let them = !us;
        let captured = Square::new(ep.file(), from.rank());
        let king = self.king(us);
        let occupied = (self.occupied() ^ from ^ captured) | ep;
        let their_pawns = self.colored(them, Piece::Pawn).without(captured);
        (rook_attacks(king, occupied) & self.orthogonal_sliders(them)).is_empty()
            && (bishop_attacks(king, occupied) & self.diagonal_sliders(them)).is_empty()
            && (knight_attacks(king) & self.colored(them, Piece::Knight)).is_empty()
            && (pawn_attacks(us, king) & their_pawns).is_empty()
    }

    /// Whether the side to move has any legal en-passant capture onto `ep`.
    fn any_legal_ep_capture(&self, ep: Square) -> bool {
        (pawn_attacks(!self.side, ep) & self.colored(self.side, Piece::Pawn))
            .into_iter()
            .any(|from| self.ep_capture_is_legal(from, ep))
    }

    /// Sets the en-passant square after a double push if (and only if) a legal capture exists.
    pub(crate) fn set_ep_if_capturable(&mut self, ep: Square) {
        if self.any_legal_ep_capture(ep) {
            self.ep = Some(ep);
            self.hash ^= zobrist::ep_key(ep.file());
        }
    }

    // ---- changing the board ---------------------------------------------------------------

    /// Adds or removes `piece` of `color` on `sq` in the bitboards and the hash (XOR).
    /// `HASH` false leaves the hash alone (perft's boards, which are never hashed).
    #[inline(always)]
    fn toggle<const HASH: bool>(&mut self, color: Color, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.pieces[piece as usize] ^= bb;
        self.colors[color as usize] ^= bb;
        if HASH {
            self.hash ^= zobrist::piece_key(color, piece, sq);
        }
    }

    /// Moves `piece` of `color` from `from` to an empty `to` (bitboards, hash if `HASH`,
    /// mailbox if `MAILBOX`).
    #[inline(always)]
    fn relocate<const HASH: bool, const MAILBOX: bool>(
        &mut self,
        color: Color,
        piece: Piece,
        from: Square,
        to: Square,
    ) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.pieces[piece as usize] ^= bb;
        self.colors[color as usize] ^= bb;
        if HASH {
            self.hash ^=
                zobrist::piece_key(color, piece, from) ^ zobrist::piece_key(color, piece, to);
        }
        if MAILBOX {
            self.mailbox[from as usize] = None;
            self.mailbox[to as usize] = Some(piece);
        }
    }

    /// Puts a piece on an empty square (position set-up).
    pub(crate) fn put(&mut self, color: Color, piece: Piece, sq: Square) {
        self.put_with::<true, true>(color, piece, sq);
    }

    /// [`Board::put`], the hash updated only if `HASH`, the mailbox only if `MAILBOX`.
    #[inline(always)]
    fn put_with<const HASH: bool, const MAILBOX: bool>(
        &mut self,
        color: Color,
        piece: Piece,
        sq: Square,
    ) {
        self.toggle::<HASH>(color, piece, sq);
        if MAILBOX {
            self.mailbox[sq as usize] = Some(piece);
        }
    }

    /// Plays `mv`, which must be legal in this position (as produced by the move generator or
    /// checked by [`Board::is_legal`]). Playing anything else leaves the board in an
    /// unspecified (but memory-safe) state; UCI and user input go through the checked
    /// [`Board::try_play`]. The board after it keeps every invariant of the module docs.
    #[inline(never)]
    pub fn play_unchecked(&mut self, mv: Move) {
        match self.side {
            Color::White => self.play_for::<true>(mv),
            Color::Black => self.play_for::<false>(mv),
        }
    }

    /// [`Board::play_unchecked`] with the mover known at compile time (`WHITE`), so that colour
    /// is a constant throughout: the three steps of a move, each keeping what it touches.
    #[inline(always)]
    fn play_for<const WHITE: bool>(&mut self, mv: Move) {
        let piece = self.mailbox[mv.from() as usize].unwrap_or(Piece::Pawn);
        self.apply::<WHITE, true, true>(mv, piece);
        self.update_checks_and_pins_after::<WHITE>();
        self.set_ep_after::<WHITE, true>(mv);
    }

    // ---- the steps of a move, shared with perft -------------------------------------------
    //
    // `play_unchecked` is these three steps with `HASH` and `MAILBOX` true. Perft composes
    // them too, leaving out what its boards are never asked (the hash; at the last plies the
    // mailbox, or the checkers and pins): those boards are of perft's own types
    // (`crate::perft`'s `Node`, `Counted`, `Leaf`), never a `Board` handed to anyone else.

    /// The placement part of the legal move `mv` by our `piece`: pieces, castling rights,
    /// clocks, side to move, and the old en-passant square cleared; not the new side's
    /// checkers and pins ([`Board::update_checks_and_pins_after`]) nor a new en-passant
    /// square ([`Board::set_ep_after`]), which the caller adds. `WHITE`: whether the side to
    /// move (the mover) is White. `HASH` false leaves the hash stale, `MAILBOX` false the
    /// mailbox (the caller's `piece` is then what says which piece moves).
    #[inline(always)]
    pub(crate) fn apply<const WHITE: bool, const HASH: bool, const MAILBOX: bool>(
        &mut self,
        mv: Move,
        piece: Piece,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let from = mv.from();
        let to = mv.to();

        if HASH {
            self.hash ^= zobrist::SIDE_KEY;
        }
        if let Some(ep) = self.ep.take() {
            if HASH {
                self.hash ^= zobrist::ep_key(ep.file());
            }
        }
        self.halfmove = self.halfmove.saturating_add(1);

        if let Some(side) = mv.castle_side() {
            // King takes own rook: lift both, then set both down (either may land on the
            // other's square in Chess960).
            self.toggle::<HASH>(us, Piece::King, from);
            self.toggle::<HASH>(us, Piece::Rook, to);
            if MAILBOX {
                self.mailbox[from as usize] = None;
                self.mailbox[to as usize] = None;
            }
            self.put_with::<HASH, MAILBOX>(us, Piece::King, king_destination(us, side));
            self.put_with::<HASH, MAILBOX>(us, Piece::Rook, rook_destination(us, side));
        } else {
            if mv.is_capture() {
                self.halfmove = 0;
                if mv.is_en_passant() {
                    let captured = Square::new(to.file(), from.rank());
                    self.toggle::<HASH>(them, Piece::Pawn, captured);
                    if MAILBOX {
                        self.mailbox[captured as usize] = None;
                    }
                } else {
                    let victim = self.mailbox[to as usize].unwrap_or(Piece::Pawn);
                    self.toggle::<HASH>(them, victim, to);
                }
            }

            self.relocate::<HASH, MAILBOX>(us, piece, from, to);

            if mv.is_double_push() {
                self.halfmove = 0;
            } else {
                if let Some(promo) = mv.promotion() {
                    self.toggle::<HASH>(us, Piece::Pawn, to);
                    self.toggle::<HASH>(us, promo, to);
                    if MAILBOX {
                        self.mailbox[to as usize] = Some(promo);
                    }
                }
                if piece == Piece::Pawn {
                    self.halfmove = 0;
                }
            }
        }

        // Only a king or rook moving, or a capture, can take a right away: a right implies its
        // king and rook on their squares, which a quiet move of any other piece neither
        // leaves nor enters.
        if self.castling.bits() != 0
            && (piece == Piece::King || piece == Piece::Rook || mv.is_capture())
        {
            let rights =
                self.castling
                    .after_move(us, piece == Piece::King, from, to, &self.castle_rooks);
            if rights != self.castling {
                let rooks = self.castle_rooks.normalized(rights);
                if HASH {
                    self.hash ^= zobrist::castling_hash(self.castling, &self.castle_rooks)
                        ^ zobrist::castling_hash(rights, &rooks);
                }
                self.castling = rights;
                self.castle_rooks = rooks;
            }
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
    }

    /// The checkers and pins of the side to move after [`Board::apply`] of a move by White
    /// (`WHITE`) or Black: the other side's, known at compile time.
    #[inline(always)]
    pub(crate) fn update_checks_and_pins_after<const WHITE: bool>(&mut self) {
        if WHITE {
            self.update_checks_and_pins_for::<false>();
        } else {
            self.update_checks_and_pins_for::<true>();
        }
    }

    /// After a double push, records the en-passant square if a legal capture exists (tested
    /// from scratch: it needs neither checkers nor pins, so it may follow [`Board::apply`]
    /// with or without [`Board::update_checks_and_pins_after`]). `WHITE`: whether White made
    /// `mv`; `HASH` false leaves the en-passant key out of the hash.
    #[inline(always)]
    pub(crate) fn set_ep_after<const WHITE: bool, const HASH: bool>(&mut self, mv: Move) {
        if mv.is_double_push() {
            let us = if WHITE { Color::White } else { Color::Black };
            let them = !us;
            let from = mv.from();
            let ep = Square::new(from.file(), us.relative_rank(Rank::Third));
            if (pawn_attacks(us, ep) & self.colored(them, Piece::Pawn)).any()
                && self.any_legal_ep_capture(ep)
            {
                self.ep = Some(ep);
                if HASH {
                    self.hash ^= zobrist::ep_key(ep.file());
                }
            }
        }
    }

    /// Whether the legal move `mv` gives check, computed without playing it: the moving
    /// side's attackers of the enemy king are recomputed with the occupancy and piece sets the
    /// move leaves (covering direct, discovered, castling-rook, promotion and en-passant
    /// checks alike).
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let king = self.king(!us);
        let (from, to) = (mv.from(), mv.to());
        let mut ours = [Bitboard::EMPTY; Piece::COUNT];
        for piece in Piece::ALL {
            ours[piece as usize] = self.colored(us, piece).without(from);
        }
        let mut occupied;
        if let Some(side) = mv.castle_side() {
            let (king_to, rook_to) = (king_destination(us, side), rook_destination(us, side));
            occupied = (self.occupied() ^ from ^ to) | king_to | rook_to;
            ours[Piece::Rook as usize] = ours[Piece::Rook as usize].without(to) | rook_to;
        } else {
            let moved = self.mailbox[from as usize].unwrap_or(Piece::Pawn);
            let landed = mv.promotion().unwrap_or(moved);
            occupied = (self.occupied() ^ from) | to;
            ours[landed as usize] |= to;
            if mv.is_en_passant() {
                occupied ^= Square::new(to.file(), from.rank());
            }
        }
        let diagonal = ours[Piece::Bishop as usize] | ours[Piece::Queen as usize];
        let orthogonal = ours[Piece::Rook as usize] | ours[Piece::Queen as usize];
        (knight_attacks(king) & ours[Piece::Knight as usize]).any()
            || (pawn_attacks(!us, king) & ours[Piece::Pawn as usize]).any()
            || (bishop_attacks(king, occupied) & diagonal).any()
            || (rook_attacks(king, occupied) & orthogonal).any()
    }

    /// What [`Board::gives_check_with`] needs, computed once for a position whose moves will
    /// be asked about one by one: the squares from which each kind of piece of the side to
    /// move would attack the enemy king, and the pieces of the side to move that alone stand
    /// between that king and one of their own sliders (moving one off the line uncovers a
    /// check).
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side;
        let king = self.king(!us);
        let occupied = self.occupied();
        let (diagonal, orthogonal) = (bishop_attacks(king, occupied), rook_attacks(king, occupied));
        let snipers = (rook_rays(king) & self.orthogonal_sliders(us))
            | (bishop_rays(king) & self.diagonal_sliders(us));
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.any() && !blockers.more_than_one() {
                discoverers |= blockers & self.colors[us as usize];
            }
        }
        CheckInfo {
            squares: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                diagonal,
                orthogonal,
                diagonal | orthogonal,
                Bitboard::EMPTY,
            ],
            discoverers,
            king,
        }
    }

    /// [`Board::gives_check`] for the legal move `mv` with this position's
    /// [`Board::check_info`]: a table lookup for a direct check and a line test for a
    /// discovered one; castling, en passant and promotions take the general path.
    #[inline]
    pub fn gives_check_with(&self, info: &CheckInfo, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() || mv.promotion().is_some() {
            return self.gives_check(mv);
        }
        let (from, to) = (mv.from(), mv.to());
        let piece = self.mailbox[from as usize].unwrap_or(Piece::Pawn);
        info.squares[piece as usize].contains(to)
            || (info.discoverers.contains(from) && !line(from, info.king).contains(to))
    }

    /// The board after passing the move ("null move", for null-move pruning), or `None` when
    /// the side to move is in check (passing would leave the king capturable).
    #[inline]
    pub fn null_move(&self) -> Option<Board> {
        if self.is_check() {
            return None;
        }
        let mut next = *self;
        next.hash ^= zobrist::SIDE_KEY;
        if let Some(ep) = next.ep.take() {
            next.hash ^= zobrist::ep_key(ep.file());
        }
        next.halfmove = next.halfmove.saturating_add(1);
        if self.side == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = !self.side;
        next.update_checks_and_pins();
        Some(next)
    }

    /// The Zobrist hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for sq in self.occupied() {
            let piece = self.mailbox[sq as usize].expect("mailbox agrees with bitboards");
            let color = self.color_on(sq).expect("occupied square has a colour");
            hash ^= zobrist::piece_key(color, piece, sq);
        }
        if self.side == Color::Black {
            hash ^= zobrist::SIDE_KEY;
        }
        hash ^= zobrist::castling_hash(self.castling, &self.castle_rooks);
        if let Some(ep) = self.ep {
            hash ^= zobrist::ep_key(ep.file());
        }
        hash
    }

    /// Whether neither side can ever checkmate, whatever is played: bare kings, a single minor
    /// piece, or only bishops all on squares of one colour (FIDE article 5.2.2 in its
    /// commonly implemented form). K+N vs K+N and the like are *not* included: mate is
    /// possible there with help.
    pub fn is_insufficient_material(&self) -> bool {
        let p = &self.pieces;
        if (p[Piece::Pawn as usize] | p[Piece::Rook as usize] | p[Piece::Queen as usize]).any() {
            return false;
        }
        let knights = p[Piece::Knight as usize];
        let bishops = p[Piece::Bishop as usize];
        let minors = knights | bishops;
        if minors.popcount() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// The position seen from the other side: board mirrored top to bottom, colours swapped,
    /// the other side to move. Evaluations must give it the same side-to-move score.
    pub fn mirrored(&self) -> Board {
        let mut b = Board::empty();
        for sq in self.occupied() {
            let piece = self.mailbox[sq as usize].expect("occupied");
            let color = self.color_on(sq).expect("occupied");
            b.put(!color, piece, sq.flip_rank());
        }
        b.side = !self.side;
        b.castling = self.castling.swap_colors();
        b.castle_rooks = self.castle_rooks.swap_colors();
        b.halfmove = self.halfmove;
        b.fullmove = self.fullmove;
        b.hash ^= b.state_hash();
        b.update_checks_and_pins();
        if let Some(ep) = self.ep {
            b.set_ep_if_capturable(ep.flip_rank());
        }
        b
    }

    /// Plays a move given as a [`Move`] after checking it is legal; on error the board is
    /// unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: self.why_illegal(mv.from(), mv.to(), mv.promotion()),
            })
        }
    }

    /// Plays a legal move; panics (naming the move and position) if it is not legal.
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e} (position {})", self.to_fen());
        }
    }

    /// Hash of side to move and castling rights (not en passant).
    pub(crate) fn state_hash(&self) -> u64 {
        let side = if self.side == Color::Black {
            zobrist::SIDE_KEY
        } else {
            0
        };
        side ^ zobrist::castling_hash(self.castling, &self.castle_rooks)
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.to_fen())
    }
}
