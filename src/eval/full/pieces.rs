//! The pieces: material with paper 004's grading and the piece-square tables, the paper's
//! opening terms (centre control, development), mobility and what each piece's square is
//! worth (outposts, open files, long diagonals ...), and space.

use super::walk::{add, Accumulator, SideMaps, SideView};
use super::Full;
use crate::core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::core::{Bitboard, Board, Color, Piece, Square};
use crate::eval::features::{development_counts, CENTRE};

/// Space counts only while non-pawn material (half pawns, both sides) is at least this: with
/// most pieces on the board (Stockfish's threshold is about the same share of its material).
pub const SPACE_PHASE: i32 = 90;

/// What one side's piece pass knows before it starts ([`Full::piece_pass`]).
struct Activity<'a> {
    board: &'a Board,
    color: Color,
    own_pawns: Bitboard,
    enemy_pawns: Bitboard,
    /// Squares a piece's mobility counts: no own pawn or king, no enemy pawn attack.
    mobility_area: Bitboard,
    /// Outposts on the ranks that count (4 to 6), defended by an own pawn, beyond every
    /// enemy pawn's reach; `reachable`: those not held by an own piece.
    outposts: Bitboard,
    reachable: Bitboard,
    king: Square,
    enemy_king: Square,
}

/// What a side's piece pass gathers as it goes ([`Full::piece_pass`]).
struct Pass {
    /// The enemy king's square and the squares next to it; those next to it.
    zone: Bitboard,
    near: Bitboard,
    /// The side's attacks so far, and the squares attacked twice.
    all: Bitboard,
    twice: Bitboard,
    king_attackers: usize,
    king_near_attacks: [i32; 4],
}

/// The two long diagonals, a1–h8 and h1–a8.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);

impl Full {
    /// Material, paper 004's grading by pawn band, and the pawns' and king's piece-square
    /// values (the other pieces' squares are counted where the walk meets each piece, in
    /// [`Full::piece_activity`]). The search's sum takes the pawns' and the king's
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

    /// One pass over `color`'s knights, bishops, rooks and queens, one loop per kind (the
    /// shape of Ethereal's `evaluatePieces`): each piece's attacks are computed once and used
    /// at once for its square, its mobility and placement ([`Full::piece_activity`]) and its
    /// attack on the enemy king's zone, and gathered into the side's attack maps, which the
    /// terms that need both sides' maps read after both passes. `pawn_attacks` are both
    /// sides' pawns' attacks, White's first. The counts are those the term groups made one
    /// walk each (each term is a sum), in another order, which no accumulator sees.
    pub(super) fn piece_pass<A: Accumulator>(
        &self,
        board: &Board,
        color: Color,
        pawn_attacks: [Bitboard; 2],
        acc: &mut A,
    ) -> SideMaps {
        let p = &self.params;
        let occupied = board.occupied();
        let own_pawns = board.colored(color, Piece::Pawn);
        let enemy_pawns = board.colored(!color, Piece::Pawn);
        let (pawn_attacks, enemy_pawn_attacks) =
            (pawn_attacks[color.index()], pawn_attacks[(!color).index()]);
        let up = own_pawns.forward(color);
        let outpost_ranks = match color {
            Color::White => Bitboard(0x0000_FFFF_FF00_0000),
            Color::Black => Bitboard(0x0000_00FF_FFFF_0000),
        };
        // Outposts: squares no enemy pawn can ever attack (outside the attack spans of the
        // enemy's pawns), defended by one of ours; in reach: not held by an own piece.
        let outposts = outpost_ranks & (pawn_attacks - enemy_pawns.front_span(!color).beside());
        let enemy_king = board.king(!color);
        let a = Activity {
            board,
            color,
            own_pawns,
            enemy_pawns,
            mobility_area: !(own_pawns | board.colored(color, Piece::King) | enemy_pawn_attacks),
            outposts,
            reachable: outposts - board.color(color),
            king: board.king(color),
            enemy_king,
        };
        let mut pass = Pass {
            zone: king_attacks(enemy_king).with(enemy_king),
            near: king_attacks(enemy_king),
            all: pawn_attacks,
            twice: up.east() & up.west(),
            king_attackers: 0,
            king_near_attacks: [0; 4],
        };
        let mut knights = Bitboard::EMPTY;
        for sq in board.colored(color, Piece::Knight) {
            let att = knight_attacks(sq);
            knights |= self.visit(&a, &mut pass, Piece::Knight, sq, att, acc);
        }
        let mut bishops = Bitboard::EMPTY;
        for sq in board.colored(color, Piece::Bishop) {
            let att = bishop_attacks(sq, occupied);
            bishops |= self.visit(&a, &mut pass, Piece::Bishop, sq, att, acc);
        }
        let mut rooks = Bitboard::EMPTY;
        for sq in board.colored(color, Piece::Rook) {
            let att = rook_attacks(sq, occupied);
            rooks |= self.visit(&a, &mut pass, Piece::Rook, sq, att, acc);
        }
        let mut queens = Bitboard::EMPTY;
        for sq in board.colored(color, Piece::Queen) {
            let att = rook_attacks(sq, occupied) | bishop_attacks(sq, occupied);
            queens |= self.visit(&a, &mut pass, Piece::Queen, sq, att, acc);
        }
        if board.colored(color, Piece::Bishop).more_than_one() {
            add!(acc, p, color, bishop_pair, 1);
        }
        let king = king_attacks(a.king);
        SideMaps {
            pawn_attacks,
            by_piece: [pawn_attacks, knights, bishops, rooks, queens, king],
            all: pass.all | king,
            twice: pass.twice | (pass.all & king),
            king_attackers: pass.king_attackers,
            king_near_attacks: pass.king_near_attacks,
        }
    }

    /// Everything one piece adds in its side's pass: its attacks `att` into the maps, its
    /// activity, its attack on the enemy king's zone. Returns `att`.
    #[inline(always)]
    fn visit<A: Accumulator>(
        &self,
        a: &Activity,
        pass: &mut Pass,
        piece: Piece,
        sq: Square,
        att: Bitboard,
        acc: &mut A,
    ) -> Bitboard {
        pass.twice |= pass.all & att;
        pass.all |= att;
        self.piece_activity(a, piece, sq, att, acc);
        let n = (att & pass.zone).popcount() as i32;
        if n > 0 {
            pass.king_attackers += 1;
            add!(
                acc,
                self.params,
                !a.color,
                king_zone_attacks,
                piece.index() - 1,
                n
            );
        }
        pass.king_near_attacks[piece.index() - 1] += (att & pass.near).popcount() as i32;
        att
    }

    /// One knight's, bishop's, rook's or queen's square, mobility (attacked squares in the
    /// mobility area: no own pawn or king, no enemy pawn attack) and placement: outposts and
    /// outposts in reach, the distance from the kings, bad bishops and the long diagonals,
    /// rooks on open files, the seventh rank and a queen's file, rooks shut in by their king,
    /// minors behind pawns. Inlined into each kind's loop, where `piece` is a constant.
    #[inline(always)]
    fn piece_activity<A: Accumulator>(
        &self,
        a: &Activity,
        piece: Piece,
        sq: Square,
        att: Bitboard,
        acc: &mut A,
    ) {
        let (p, color, board) = (&self.params, a.color, a.board);
        self.square_term(color, piece, sq, acc);
        let mob = (att & a.mobility_area).popcount() as usize;
        let b = Bitboard::from_square(sq);
        match piece {
            Piece::Knight => {
                add!(acc, p, color, mobility_knight, mob.min(8), 1);
                if (a.outposts & b).any() {
                    add!(acc, p, color, knight_outpost, 1);
                } else if (att & a.reachable).any() {
                    add!(acc, p, color, reachable_outpost, 0, 1);
                }
                let kings = sq.distance(a.king).min(sq.distance(a.enemy_king));
                if kings >= 4 {
                    add!(acc, p, color, knight_far_from_kings, kings as usize - 4, 1);
                }
            }
            Piece::Bishop => {
                add!(acc, p, color, mobility_bishop, mob.min(13), 1);
                if (a.outposts & b).any() {
                    add!(acc, p, color, bishop_outpost, 1);
                } else if (att & a.reachable).any() {
                    add!(acc, p, color, reachable_outpost, 1, 1);
                }
                let colour = if (b & Bitboard::LIGHT_SQUARES).any() {
                    Bitboard::LIGHT_SQUARES
                } else {
                    Bitboard::DARK_SQUARES
                };
                let own_on_colour = (a.own_pawns & colour).popcount() as i32;
                add!(acc, p, color, bad_bishop, own_on_colour);
                if (LONG_DIAGONALS - CENTRE).contains(sq)
                    && (bishop_attacks(sq, board.pieces(Piece::Pawn)) & CENTRE).more_than_one()
                {
                    add!(acc, p, color, bishop_long_diagonal, 1);
                }
            }
            Piece::Rook => {
                add!(acc, p, color, mobility_rook, mob.min(14), 1);
                let file = Bitboard::file(sq.file());
                if (file & a.own_pawns).is_empty() {
                    if (file & a.enemy_pawns).is_empty() {
                        add!(acc, p, color, rook_open_file, 1);
                    } else {
                        add!(acc, p, color, rook_semi_open_file, 1);
                    }
                }
                if color.relative_rank(sq.rank()).index() == 6 {
                    add!(acc, p, color, rook_seventh, 1);
                }
                if (file & board.pieces(Piece::Queen)).any() {
                    add!(acc, p, color, rook_queen_file, 1);
                }
                // Shut in by its own king: on the king's side away from the centre.
                let (kf, rf) = (a.king.file().index(), sq.file().index());
                if mob <= 3 && (kf < 4) == (rf < kf) {
                    let no_castling = !board.castling_rights().has_any(color);
                    add!(acc, p, color, rook_trapped, usize::from(no_castling), 1);
                }
            }
            _ => add!(acc, p, color, mobility_queen, mob.min(27), 1),
        }
        if matches!(piece, Piece::Knight | Piece::Bishop) && (b.forward(color) & a.own_pawns).any()
        {
            add!(acc, p, color, minor_behind_pawn, 1);
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
