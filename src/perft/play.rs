//! Perft's plays, and the boards they leave: copies of a [`Board`] that perft only counts.
//!
//! Nothing below perft's root is hashed, searched or shown, and at the last ply played not
//! even all of a board is read. So perft makes its moves from the core's steps of a move (the
//! crate-internal `Board::apply`, `Board::update_checks_and_pins_after` and
//! `Board::set_ep_after`, which `Board::play_unchecked` runs in full), leaving out what each
//! layer never reads. What is left out makes each such board wrong as a `Board`, so each layer
//! has its own type here, and none reaches code outside perft that trusts a `Board`'s
//! invariants:
//!
//! | type | made where | left stale | read for |
//! | --- | --- | --- | --- |
//! | `Node` | every ply played but the last | the hash | generating and counting its moves |
//! | `Counted` | the bulk count's last played ply | the hash, the mailbox | counting its moves |
//! | [`Leaf`] | every-leaf counting's last ply | the hash, checkers and pins | nothing |
//!
//! The counting generator reads bitboards, checkers, pins, castling rights and en passant,
//! never the hash or the mailbox; the generator that lists moves also reads no hash.
//!
//! The last ply's moves are played as the generator finds them, by the move sink `PlayEach`:
//! within a target set the moving piece and the move's kind are known, so each play is
//! compiled for its case (no mailbox lookup of the piece, no test of the move's kind, and no
//! move list).

use crate::core::movegen::{MoveSink, PawnMoves};
use crate::core::{Bitboard, Board, Color, Move, MoveKind, Piece, Square};

/// A position inside perft's tree: a [`Board`] with everything kept but its hash, which perft
/// never reads (below the root it is the root's, stale). Everything move generation reads is
/// right, so a node's moves are generated and counted as a `Board`'s.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(super) struct Node(Board);

impl Node {
    /// The root of a walk: `board` as it is.
    #[inline(always)]
    pub(super) fn root(board: &Board) -> Node {
        Node(*board)
    }

    /// The position, to generate and count its moves (its hash is stale).
    #[inline(always)]
    pub(super) fn board(&self) -> &Board {
        &self.0
    }

    /// Plays `mv` (legal here) by White (`WHITE`) or Black, on a copy of the parent
    /// (copy-make): what [`Board::play_unchecked`] leaves but the hash. The side is the
    /// caller's, who knows it: read from a board just copied, it would wait on the copy's
    /// stores. (In place, not a constructor returning the child: returned, the ~170-byte
    /// board was copied once more, and perft's plays are a good part of its time.)
    #[inline(always)]
    pub(super) fn play<const WHITE: bool>(&mut self, mv: Move) {
        debug_assert_eq!(self.0.side_to_move() == Color::White, WHITE);
        let piece = self.0.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        self.0.apply::<WHITE, false, true>(mv, piece);
        self.0.update_checks_and_pins_after::<WHITE>();
        self.0.set_ep_after::<WHITE, false>(mv);
    }
}

/// The bulk count's child at its last played ply: placement, checkers, pins, castling rights
/// and en passant as [`Board::play_unchecked`] sets them — all that counting its legal moves
/// reads — but neither the hash nor the mailbox (the parent's, stale). Only counted.
#[derive(Clone, Copy)]
#[repr(transparent)]
struct Counted(Board);

impl Counted {
    /// Plays `mv` (legal here, White to move if `WHITE`) by our `piece`, given by the
    /// caller, who builds the move knowing it, on a copy of the parent (`Counted(*parent)`,
    /// in place as [`Node::play`]).
    #[inline(always)]
    fn play<const WHITE: bool>(&mut self, mv: Move, piece: Piece) {
        debug_assert_eq!(self.0.side_to_move() == Color::White, WHITE);
        debug_assert_eq!(self.0.piece_on(mv.from()), Some(piece));
        self.0.apply::<WHITE, false, false>(mv, piece);
        self.0.update_checks_and_pins_after::<WHITE>();
        self.0.set_ep_after::<WHITE, false>(mv);
    }
}

/// Every-leaf counting's leaf: placement, mailbox, castling rights, en passant, clocks and
/// side to move as [`Board::play_unchecked`] sets them, but neither the hash nor the new
/// side's checkers and pins (the parent's, stale), which only a move generation below it
/// would need. Nothing is asked of a leaf: perft keeps it through `black_box`, so that its
/// make is measured, not optimised away.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Leaf(Board);

impl Leaf {
    /// The leaf after `mv`, legal in `parent`: perft's every-leaf make with the piece looked
    /// up and the side read, as the make benchmark calls it.
    #[inline]
    pub fn after(parent: &Board, mv: Move) -> Leaf {
        let piece = parent.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        let mut leaf = Leaf(*parent);
        match parent.side_to_move() {
            Color::White => leaf.play::<true>(mv, piece),
            Color::Black => leaf.play::<false>(mv, piece),
        }
        leaf
    }

    /// Plays `mv` (legal here, White to move if `WHITE`) by our `piece`, given by the
    /// caller, on a copy of the parent (`Leaf(*parent)`, in place as [`Node::play`]).
    #[inline(always)]
    fn play<const WHITE: bool>(&mut self, mv: Move, piece: Piece) {
        debug_assert_eq!(self.0.side_to_move() == Color::White, WHITE);
        debug_assert_eq!(self.0.piece_on(mv.from()), Some(piece));
        self.0.apply::<WHITE, false, true>(mv, piece);
        self.0.set_ep_after::<WHITE, false>(mv);
    }
}

/// The bulk count at depth 2, where most of its time goes: the moves of `node` (`WHITE` to
/// move) are not listed but played as the generator finds them ([`PlayEach`]), and each
/// child's replies counted.
#[inline(never)]
pub(super) fn count_replies<const WHITE: bool>(node: &Node) -> u64 {
    PlayEach::<WHITE, true>::run(node.board())
}

/// Every-leaf counting's last ply: each move of `node` (`WHITE` to move) played as a
/// [`Leaf`] as the generator finds it ([`PlayEach`]).
#[inline(never)]
pub(super) fn play_leaves<const WHITE: bool>(node: &Node) -> u64 {
    PlayEach::<WHITE, false>::run(node.board())
}

/// A move sink that plays each move it is given on a copy of `parent` (`WHITE` to move):
/// with `BULK`, as a [`Counted`] child whose replies are then counted; without, as a
/// [`Leaf`]. Against listing the moves and playing each with the general play (the walk
/// before), chainmate perft medians of 5 interleaved runs (with the two castling steps beside
/// it): bulk start d6 +21 %, Kiwipete d5 +17 %, position 3 d7 +20 %; every leaf +76 %,
/// +66 %, +56 % (position 3 at d6).
struct PlayEach<'a, const WHITE: bool, const BULK: bool> {
    parent: &'a Board,
    nodes: u64,
}

impl<'a, const WHITE: bool, const BULK: bool> PlayEach<'a, WHITE, BULK> {
    /// The count below `parent`.
    #[inline(always)]
    fn run(parent: &'a Board) -> u64 {
        let mut sink = PlayEach::<WHITE, BULK> { parent, nodes: 0 };
        parent.generate_for::<_, true, true, WHITE>(&mut sink, Bitboard::FULL);
        sink.nodes
    }

    /// Plays `mv` of `piece` and counts what is below it.
    #[inline(always)]
    fn visit(&mut self, mv: Move, piece: Piece) {
        if BULK {
            let mut next = Counted(*self.parent);
            next.play::<WHITE>(mv, piece);
            self.nodes += if WHITE {
                count_moves::<false>(&next)
            } else {
                count_moves::<true>(&next)
            };
        } else {
            let mut leaf = Leaf(*self.parent);
            leaf.play::<WHITE>(mv, piece);
            self.nodes += u64::from(
                std::hint::black_box(&leaf).0.side_to_move() != self.parent.side_to_move(),
            );
        }
    }
}

/// The child's count, out of line: `PlayEach` plays moves at a dozen places (each
/// piece kind, captures and quiets, each pawn move kind), and one copy of the counting
/// generator serves them all (inlined at each, Kiwipete lost 4 %).
#[inline(never)]
fn count_moves<const WHITE: bool>(child: &Counted) -> u64 {
    child.0.count_legal_moves_for::<WHITE>()
}

impl<const WHITE: bool, const BULK: bool> MoveSink for PlayEach<'_, WHITE, BULK> {
    #[inline(always)]
    fn piece_moves(&mut self, piece: Piece, from: Square, captures: Bitboard, quiets: Bitboard) {
        for to in captures {
            self.visit(Move::new(from, to, MoveKind::Capture), piece);
        }
        for to in quiets {
            self.visit(Move::new(from, to, MoveKind::Quiet), piece);
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMoves) {
        for to in targets {
            let from = to.shift(-delta);
            let mut visit = |kind| self.visit(Move::new(from, to, kind), Piece::Pawn);
            match kind {
                PawnMoves::Push => visit(MoveKind::Quiet),
                PawnMoves::DoublePush => visit(MoveKind::DoublePush),
                PawnMoves::Capture => visit(MoveKind::Capture),
                PawnMoves::Promotion | PawnMoves::PromotionCapture => {
                    let capture = kind == PawnMoves::PromotionCapture;
                    for piece in Piece::PROMOTIONS {
                        visit(MoveKind::promotion(piece, capture));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        // Castling (the king) or en passant (a pawn): rare enough to look the piece up.
        let piece = self.parent.piece_on(mv.from()).unwrap_or(Piece::Pawn);
        self.visit(mv, piece);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Start, Kiwipete, positions 3-5 of the Chessprogramming wiki, an en-passant pin and a
    /// Chess960 position: every move kind, castling on both sides, promotions with capture.
    const FENS: [&str; 7] = [
        crate::core::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    /// Every board one and two moves below each test position.
    fn boards() -> Vec<Board> {
        let mut out = Vec::new();
        for fen in FENS {
            let root = Board::from_fen(fen).expect("test FEN");
            out.push(root);
            for &mv in root.legal_moves().iter() {
                let mut child = root;
                child.play_unchecked(mv);
                out.push(child);
                for &reply in child.legal_moves().iter() {
                    let mut grandchild = child;
                    grandchild.play_unchecked(reply);
                    out.push(grandchild);
                }
            }
        }
        out
    }

    /// Each legal move of each test board with the board `play_unchecked` leaves.
    fn plays() -> Vec<(Board, Move, Board)> {
        let mut out = Vec::new();
        for board in boards() {
            for &mv in board.legal_moves().iter() {
                let mut full = board;
                full.play_unchecked(mv);
                out.push((board, mv, full));
            }
        }
        out
    }

    #[test]
    fn a_child_node_is_the_full_play_but_its_hash() {
        for (board, mv, full) in plays() {
            let mut child = Node::root(&board);
            match board.side_to_move() {
                Color::White => child.play::<true>(mv),
                Color::Black => child.play::<false>(mv),
            }
            assert_eq!(child.0.hash, board.hash, "{} {mv}", board.to_fen());
            child.0.hash = full.hash;
            assert_eq!(child.0, full, "{} {mv}", board.to_fen());
        }
    }

    #[test]
    fn a_counted_child_sets_what_the_counter_reads_as_the_full_play_does() {
        for (board, mv, full) in plays() {
            let piece = board.piece_on(mv.from()).expect("a legal move's piece");
            let mut child = Counted(board);
            match board.side_to_move() {
                Color::White => child.play::<true>(mv, piece),
                Color::Black => child.play::<false>(mv, piece),
            }
            let counted = child.0;
            let fen = board.to_fen();
            assert_eq!(counted.pieces, full.pieces, "{fen} {mv}");
            assert_eq!(counted.colors, full.colors, "{fen} {mv}");
            assert_eq!(counted.checkers, full.checkers, "{fen} {mv}");
            assert_eq!(counted.pinned, full.pinned, "{fen} {mv}");
            assert_eq!(counted.side, full.side, "{fen} {mv}");
            assert_eq!(counted.castling, full.castling, "{fen} {mv}");
            assert_eq!(counted.castle_rooks, full.castle_rooks, "{fen} {mv}");
            assert_eq!(counted.ep, full.ep, "{fen} {mv}");
            assert_eq!(counted.count_legal_moves(), full.count_legal_moves());
        }
    }

    #[test]
    fn a_leaf_is_the_full_play_but_its_hash_checkers_and_pins() {
        for (board, mv, full) in plays() {
            let mut leaf = Leaf::after(&board, mv).0;
            let fen = board.to_fen();
            assert_eq!(leaf.hash, board.hash, "{fen} {mv}");
            assert_eq!(leaf.checkers, board.checkers, "{fen} {mv}");
            assert_eq!(leaf.pinned, board.pinned, "{fen} {mv}");
            (leaf.hash, leaf.checkers, leaf.pinned) = (full.hash, full.checkers, full.pinned);
            assert_eq!(leaf, full, "{fen} {mv}");
        }
    }

    #[test]
    fn the_sinks_count_what_the_move_lists_count() {
        for board in boards().into_iter().step_by(7) {
            let listed: u64 = board
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let mut next = board;
                    next.play_unchecked(mv);
                    next.count_legal_moves()
                })
                .sum();
            let n = board.legal_moves().len() as u64;
            let node = Node::root(&board);
            let (replies, leaves) = match board.side_to_move() {
                Color::White => (count_replies::<true>(&node), play_leaves::<true>(&node)),
                Color::Black => (count_replies::<false>(&node), play_leaves::<false>(&node)),
            };
            assert_eq!(replies, listed, "{}", board.to_fen());
            assert_eq!(leaves, n, "{}", board.to_fen());
        }
    }
}
