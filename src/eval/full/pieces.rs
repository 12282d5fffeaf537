//! The pieces: material with paper 004's grading and the piece-square tables, the paper's
//! opening terms (centre control, development), mobility and what each piece's square is
//! worth (outposts, open files, long diagonals ...), and space.

use super::walk::{add, Accumulator, SideView};
use super::Full;
use crate::core::attacks::bishop_attacks;
use crate::core::{Bitboard, Color, Piece, Square};
use crate::eval::features::{development_counts, CENTRE};

/// Space counts only while non-pawn material (half pawns, both sides) is at least this: with
/// most pieces on the board (Stockfish's threshold is about the same share of its material).
pub const SPACE_PHASE: i32 = 90;

/// The two long diagonals, a1–h8 and h1–a8.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);

impl Full {
    /// Material, paper 004's grading by pawn band, and the pawns' and king's piece-square
    /// values (the other pieces' squares are counted where the walk meets each piece, in
    /// [`Full::piece_activity_terms`]). The search's sum takes the pawns' and the king's
    /// material and squares from its caches ([`Accumulator::CACHED_KING_PAWNS`]): they change
    /// only when a pawn or a king moves.
    pub(super) fn material_terms<A: Accumulator>(&self, s: &SideView, band: usize, acc: &mut A) {
        let (p, color) = (&self.params, s.color);
        for piece in Piece::ALL {
            let set = s.board.colored(color, piece);
            if matches!(
                piece,
                Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen
            ) {
                let n = set.popcount() as i32;
                add!(acc, p, color, material, piece.index(), n);
                add!(acc, p, color, grading, (piece.index() - 1) * 4 + band, n);
            } else if !A::CACHED_KING_PAWNS {
                self.placement_terms(color, piece, set, acc);
            }
        }
    }

    /// The piece-square value of `color`'s `piece` on `sq`.
    #[inline(always)]
    pub(super) fn square_term<A: Accumulator>(
        &self,
        color: Color,
        piece: Piece,
        sq: Square,
        acc: &mut A,
    ) {
        let (p, rs) = (&self.params, color.relative_square(sq).index());
        match piece {
            Piece::Pawn => add!(acc, p, color, psqt_pawn, rs, 1),
            Piece::Knight => add!(acc, p, color, psqt_knight, rs, 1),
            Piece::Bishop => add!(acc, p, color, psqt_bishop, rs, 1),
            Piece::Rook => add!(acc, p, color, psqt_rook, rs, 1),
            Piece::Queen => add!(acc, p, color, psqt_queen, rs, 1),
            Piece::King => add!(acc, p, color, psqt_king, rs, 1),
        }
    }

    /// The material of `color`'s pieces of kind `piece` (standing on `set`) and their
    /// piece-square values.
    #[inline(always)]
    pub(super) fn placement_terms<A: Accumulator>(
        &self,
        color: Color,
        piece: Piece,
        set: Bitboard,
        acc: &mut A,
    ) {
        let p = &self.params;
        if piece != Piece::King {
            add!(
                acc,
                p,
                color,
                material,
                piece.index(),
                set.popcount() as i32
            );
        }
        for sq in set {
            self.square_term(color, piece, sq, acc);
        }
    }

    /// The paper's opening terms (while `npm` ≥ 45 pawns): centre control and development.
    pub(super) fn opening_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, us) = (&self.params, s.color, s.us);
        let pieces_attack = us.by_piece[Piece::Knight.index()]
            | us.by_piece[Piece::Bishop.index()]
            | us.by_piece[Piece::Rook.index()]
            | us.by_piece[Piece::Queen.index()];
        let centre = (pieces_attack & CENTRE).popcount() as i32;
        add!(acc, p, color, centre_control, centre);
        for (i, n) in development_counts(s.board, color).into_iter().enumerate() {
            add!(acc, p, color, development, i, n);
        }
    }

    /// Mobility of each piece, outposts (and outposts in reach), bad bishops, rooks on open
    /// files and the seventh, minors behind pawns, the bishop pair.
    pub(super) fn piece_activity_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color) = (&self.params, s.color);
        let mobility_area =
            !(s.own_pawns | s.board.colored(color, Piece::King) | s.them.pawn_attacks);
        let outpost_ranks = match color {
            Color::White => Bitboard(0x0000_FFFF_FF00_0000),
            Color::Black => Bitboard(0x0000_00FF_FFFF_0000),
        };
        // Outposts: squares no enemy pawn can ever attack (outside the attack spans of the
        // enemy's pawns), defended by one of ours.
        let enemy_attack_span = s.enemy_pawns.front_span(!color).beside();
        let outposts = outpost_ranks & (s.us.pawn_attacks - enemy_attack_span);
        // Outposts a knight or bishop elsewhere could go to: not held by an own piece.
        let reachable = outposts - s.board.color(color);
        for &(piece, sq, att) in s.us.pieces() {
            self.square_term(color, piece, sq, acc);
            let mob = (att & mobility_area).popcount() as usize;
            let b = Bitboard::from_square(sq);
            match piece {
                Piece::Knight => {
                    add!(acc, p, color, mobility_knight, mob.min(8), 1);
                    if (outposts & b).any() {
                        add!(acc, p, color, knight_outpost, 1);
                    } else if (att & reachable).any() {
                        add!(acc, p, color, reachable_outpost, 0, 1);
                    }
                    let kings = sq.distance(s.king).min(sq.distance(s.board.king(!color)));
                    if kings >= 4 {
                        add!(acc, p, color, knight_far_from_kings, kings as usize - 4, 1);
                    }
                }
                Piece::Bishop => {
                    add!(acc, p, color, mobility_bishop, mob.min(13), 1);
                    if (outposts & b).any() {
                        add!(acc, p, color, bishop_outpost, 1);
                    } else if (att & reachable).any() {
                        add!(acc, p, color, reachable_outpost, 1, 1);
                    }
                    let colour = if (b & Bitboard::LIGHT_SQUARES).any() {
                        Bitboard::LIGHT_SQUARES
                    } else {
                        Bitboard::DARK_SQUARES
                    };
                    let own_on_colour = (s.own_pawns & colour).popcount() as i32;
                    add!(acc, p, color, bad_bishop, own_on_colour);
                    if (LONG_DIAGONALS - CENTRE).contains(sq)
                        && (bishop_attacks(sq, s.board.pieces(Piece::Pawn)) & CENTRE)
                            .more_than_one()
                    {
                        add!(acc, p, color, bishop_long_diagonal, 1);
                    }
                }
                Piece::Rook => {
                    add!(acc, p, color, mobility_rook, mob.min(14), 1);
                    let file = Bitboard::file(sq.file());
                    if (file & s.own_pawns).is_empty() {
                        if (file & s.enemy_pawns).is_empty() {
                            add!(acc, p, color, rook_open_file, 1);
                        } else {
                            add!(acc, p, color, rook_semi_open_file, 1);
                        }
                    }
                    if color.relative_rank(sq.rank()).index() == 6 {
                        add!(acc, p, color, rook_seventh, 1);
                    }
                    if (file & s.board.pieces(Piece::Queen)).any() {
                        add!(acc, p, color, rook_queen_file, 1);
                    }
                    // Shut in by its own king: on the king's side away from the centre.
                    let (kf, rf) = (s.king.file().index(), sq.file().index());
                    if mob <= 3 && (kf < 4) == (rf < kf) {
                        let no_castling = !s.board.castling_rights().has_any(color);
                        add!(acc, p, color, rook_trapped, usize::from(no_castling), 1);
                    }
                }
                _ => add!(acc, p, color, mobility_queen, mob.min(27), 1),
            }
            if matches!(piece, Piece::Knight | Piece::Bishop)
                && (b.forward(color) & s.own_pawns).any()
            {
                add!(acc, p, color, minor_behind_pawn, 1);
            }
        }
        if s.board.colored(color, Piece::Bishop).more_than_one() {
            add!(acc, p, color, bishop_pair, 1);
        }
    }

    /// Space (see the `space` weights): safe squares in the centre behind the own pawns,
    /// weighted by how many pieces there are to use them and how closed the pawns are.
    pub(super) fn space_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (area, behind) = match s.color {
            Color::White => (
                Bitboard(0x0000_0000_3C3C_3C00),
                Bitboard((s.own_pawns.0 >> 8) | (s.own_pawns.0 >> 16) | (s.own_pawns.0 >> 24)),
            ),
            Color::Black => (
                Bitboard(0x003C_3C3C_0000_0000),
                Bitboard((s.own_pawns.0 << 8) | (s.own_pawns.0 << 16) | (s.own_pawns.0 << 24)),
            ),
        };
        let safe = area & !s.own_pawns & !s.them.pawn_attacks;
        let bonus = (safe.popcount() + (safe & behind & !s.them.all).popcount()) as i32;
        let pawns = s.board.pieces(Piece::Pawn);
        let blocked = (Bitboard(s.board.colored(Color::White, Piece::Pawn).0 << 8) & pawns)
            .popcount()
            + (Bitboard(s.board.colored(Color::Black, Piece::Pawn).0 >> 8) & pawns).popcount();
        let weight = (s.board.color(s.color).popcount() as i32 - 3 + blocked.min(9) as i32).max(0);
        add!(
            acc,
            self.params,
            s.color,
            space,
            bonus * weight * weight / 64
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, net_count};
    use super::*;
    use crate::eval::full::{idx, Trace};

    #[test]
    fn outposts_in_reach() {
        // The pawn on e4 holds d5 and f5 (no black pawn can ever attack them): the knight on
        // c3 reaches d5, the bishop on h3 f5; Black's knight on b8 reaches nothing.
        let b = board("1n2k3/8/8/8/4P3/2N4B/8/4K3 w - - 0 1");
        assert_eq!(net_count(&b, idx::reachable_outpost), 1);
        assert_eq!(net_count(&b, idx::reachable_outpost + 1), 1);
        // A knight on the outpost counts as one, not as one in reach; a square held by an own
        // piece is not in reach; a black pawn on e6 takes d5 and f5 away.
        let b = board("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&b, idx::knight_outpost), 1);
        assert_eq!(net_count(&b, idx::reachable_outpost), 0);
        let b = board("4k3/8/8/3B4/4P3/2N5/8/4K3 w - - 0 1");
        assert_eq!(net_count(&b, idx::reachable_outpost), 0);
        let b = board("4k3/8/4p3/8/4P3/2N4B/8/4K3 w - - 0 1");
        assert_eq!(net_count(&b, idx::reachable_outpost), 0);
        assert_eq!(net_count(&b, idx::reachable_outpost + 1), 0);
    }

    #[test]
    fn knights_far_from_the_kings_and_bishops_on_long_diagonals() {
        // A knight in the corner seven squares from both kings; a bishop on b2 that sees d4
        // and e5 — until a pawn on c3 blocks it.
        let b = board("6k1/8/8/8/8/8/1B6/K6N w - - 0 1");
        assert_eq!(net_count(&b, idx::knight_far_from_kings + 3), 1);
        assert_eq!(net_count(&b, idx::bishop_long_diagonal), 1);
        let b = board("6k1/8/8/8/8/2P5/1B6/K6N w - - 0 1");
        assert_eq!(net_count(&b, idx::bishop_long_diagonal), 0);
    }

    #[test]
    fn trapped_rooks_and_rooks_on_a_queen_file() {
        // h1 shut in by the king on f1 and its pawns, no castling: index 1; with the king on
        // e1 and the right to castle short: index 0.
        let b = board("4k3/8/8/8/8/8/5PPP/5K1R w - - 0 1");
        assert_eq!(net_count(&b, idx::rook_trapped + 1), 1);
        let b = board("4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1");
        assert_eq!(net_count(&b, idx::rook_trapped), 1);
        assert_eq!(net_count(&b, idx::rook_trapped + 1), 0);
        // A rook with no square on the far side from its king is not trapped by it.
        let b = board("4k3/8/8/8/8/8/PP3PPP/RN4K1 w - - 0 1");
        assert_eq!(net_count(&b, idx::rook_trapped), 0);
        assert_eq!(net_count(&b, idx::rook_trapped + 1), 0);
        let b = board("4k3/3q4/8/8/8/8/8/3RK3 w - - 0 1");
        assert_eq!(net_count(&b, idx::rook_queen_file), 1);
    }

    #[test]
    fn space_counts() {
        let e = Full::default();
        let counts = |fen: &str| e.trace(&board(fen));
        let space = |t: &Trace| {
            t.counts
                .iter()
                .find(|&&(i, _)| i as usize == idx::space)
                .map_or(0, |&(_, c)| c)
        };
        // The start: eight safe squares each (ranks 3 and 4 of files c–f), no net space.
        assert_eq!(space(&counts(crate::core::STARTPOS_FEN)), 0);
        // After 1.e4 and 2.d4: White's safe squares d2, e2, c3–f3, c4, f4 (8), of which d2,
        // d3, e2, e3 lie behind its pawns unattacked (+4): 12 × 13² / 64 = 31 (16 pieces − 3,
        // nothing blocked). Black's c6–f6 (c5–f5 are attacked by the pawns): 4 × 169 / 64 = 10.
        let t = counts("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
        assert_eq!(space(&t), 31 - 10);
    }
}
