//! King safety: the shelter zones of paper 004, attacks on the king's zone, safe checks, the
//! quadratic king danger, open files and free squares, the distance to the pawns, and pawn
//! shelter and storm by file.
//!
//! The terms that depend on the king and the pawns alone ([`Full::king_pawn_terms`]: the
//! shelter zones' pawns, an open file, the distance to the pawns, shelter and storm) are
//! cached by the search per pawn structure and king squares (`caches.rs`).

use super::tapered::S;
use super::walk::{add, danger, Accumulator, SideView};
use super::Full;
use crate::core::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::core::{Bitboard, Board, Color, Piece, Square};
use crate::eval::features::shelter_zones;
use crate::eval::score::round_div;

/// King danger `d` (a sum of the `danger_*` weights × counts, per phase) costs the side whose
/// king it threatens `max(d, 0)² / 720` in the middlegame ...
pub const KING_DANGER_MG_DIVISOR: i32 = 720;
/// ... and `max(d, 0) / 20` in the endgame (Ethereal's shape: a few attackers cost little,
/// many cost more than the sum of their parts).
pub const KING_DANGER_EG_DIVISOR: i32 = 20;

/// The middlegame and endgame penalties of a king danger `d = [d_mg, d_eg]`, centipawns
/// (positive: what the threatened side loses), in the reals the tuner uses.
pub fn king_danger_penalty(d: [f64; 2]) -> [f64; 2] {
    let (mg, eg) = (d[0].max(0.0), d[1].max(0.0));
    [
        mg * mg / KING_DANGER_MG_DIVISOR as f64,
        eg / KING_DANGER_EG_DIVISOR as f64,
    ]
}

/// The same in the whole centipawns the search uses (rounded once each).
pub(super) fn king_danger_penalty_int(d: S) -> S {
    let (mg, eg) = (d[0].max(0), d[1].max(0));
    [
        round_div(
            i64::from(mg) * i64::from(mg),
            i64::from(KING_DANGER_MG_DIVISOR),
        ) as i32,
        round_div(i64::from(eg), i64::from(KING_DANGER_EG_DIVISOR)) as i32,
    ]
}

/// The files of a king's flank by the king's file (Stockfish's `KingFlank`): a–c for a king
/// on the a-file, a–d on b and c, c–f on d and e, e–h on f and g, f–h on h. One bit per file.
const KING_FLANK: [u8; 8] = [0x07, 0x0F, 0x0F, 0x3C, 0x3C, 0xF0, 0xF0, 0xE0];

/// The squares of `color`'s king's flank in its own first five ranks.
fn flank_camp(color: Color, king: Square) -> Bitboard {
    let files = KING_FLANK[king.file().index()] as u64 * 0x0101_0101_0101_0101;
    let camp = match color {
        Color::White => 0x0000_00FF_FFFF_FFFF,
        Color::Black => 0xFFFF_FFFF_FF00_0000,
    };
    Bitboard(files & camp)
}

/// Pieces of either side that alone stand between `king` and an enemy slider (of `enemy`
/// colour) on its line: pinned pieces and the enemy's discovered-attack candidates.
fn king_blockers(board: &Board, king: Square, enemy: Color) -> Bitboard {
    let queens = board.colored(enemy, Piece::Queen);
    let snipers = (rook_attacks(king, Bitboard::EMPTY)
        & (board.colored(enemy, Piece::Rook) | queens))
        | (bishop_attacks(king, Bitboard::EMPTY) & (board.colored(enemy, Piece::Bishop) | queens));
    let occupied = board.occupied();
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers {
        let b = between(king, sniper) & occupied;
        if b.any() && !b.more_than_one() {
            blockers |= b;
        }
    }
    blockers
}

/// The distance in files from `king` to the nearest of `files` (one bit per file, bit 0 = the
/// a-file), or `None` when there is none.
fn pawn_file_distance(king: Square, files: u64) -> Option<usize> {
    let k = king.file().index();
    (0..8).find(|&d| {
        (k >= d && files & (1 << (k - d)) != 0) || (k + d < 8 && files & (1 << (k + d)) != 0)
    })
}

impl Full {
    /// `color`'s king with the pawns: the pawns in its shelter zones (paper 004), an open file,
    /// its distance in files to the nearest pawn, and pawn shelter and storm. These read only
    /// the king's square and the pawns, so the search caches them (`caches.rs`).
    pub(super) fn king_pawn_terms<A: Accumulator>(&self, board: &Board, color: Color, acc: &mut A) {
        let p = &self.params;
        let king = board.king(color);
        let own_pawns = board.colored(color, Piece::Pawn);
        for (i, zone) in shelter_zones(king).iter().enumerate() {
            add!(
                acc,
                p,
                color,
                shelter_pawn,
                i,
                (own_pawns & *zone).popcount() as i32
            );
        }
        if (Bitboard::file(king.file()) & own_pawns).is_empty() {
            add!(acc, p, color, king_open_file, 1);
        }
        let pawn_files = board.pieces(Piece::Pawn).files().0 & 0xFF;
        if let Some(d) = pawn_file_distance(king, pawn_files) {
            add!(acc, p, color, king_pawn_proximity, d, 1);
        }
        self.shelter_and_storm(board, color, acc);
    }

    /// Our king: the pieces in its shelter, the enemy's attack on its zone, safe checks, the
    /// king danger, free squares (the terms of the king and the pawns alone are
    /// [`Full::king_pawn_terms`]).
    pub(super) fn king_safety_terms<A: Accumulator>(&self, s: &SideView, acc: &mut A) {
        let (p, color, king, occupied) = (&self.params, s.color, s.king, s.occupied);
        let zones = shelter_zones(king);
        let shelter = zones[0] | zones[1] | zones[2] | zones[3];
        const SLIDERS_AND_KNIGHT: [Piece; 4] =
            [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];
        for (i, piece) in SLIDERS_AND_KNIGHT.into_iter().enumerate() {
            let n = (s.board.colored(color, piece) & shelter).popcount() as i32;
            add!(acc, p, color, shelter_piece, i, n);
        }
        let near = king_attacks(king);
        // The enemy's pieces' attacks on the zone, counted in its piece pass.
        let enemy_attackers = s.them.king_attackers;
        let near_attacks = s.them.king_near_attacks;
        let checks = [
            knight_attacks(king),
            bishop_attacks(king, occupied),
            rook_attacks(king, occupied),
            rook_attacks(king, occupied) | bishop_attacks(king, occupied),
        ];
        let safe = !(s.us.all | s.board.color(!color));
        let mut safe_checks = [0i32; 4];
        let mut unsafe_checks = Bitboard::EMPTY;
        for (i, piece) in SLIDERS_AND_KNIGHT.into_iter().enumerate() {
            let reach = checks[i] & s.them.by_piece[piece.index()];
            let n = (reach & safe).popcount() as i32;
            safe_checks[i] = n;
            add!(acc, p, color, safe_check, i, n);
            if n == 0 {
                unsafe_checks |= reach;
            }
        }
        let flank = flank_camp(color, king);
        let flank_attacked = s.them.all & flank;
        let flank_attacks =
            (flank_attacked.popcount() + (flank_attacked & s.them.twice).popcount()) as i32;
        add!(acc, p, color, flank_attack, flank_attacks);
        add!(acc, p, color, king_attackers, enemy_attackers.min(7), 1);
        // King danger, once the attack is real: two attackers, or one with a queen on the
        // board (Ethereal's gate).
        let enemy_queens = s.board.colored(!color, Piece::Queen).popcount() as i32;
        if enemy_attackers as i32 > 1 - enemy_queens {
            for i in 0..4 {
                danger!(acc, p, color, danger_zone_attacks, i, near_attacks[i]);
                danger!(acc, p, color, danger_safe_check, i, safe_checks[i]);
            }
            danger!(acc, p, color, danger_attackers, enemy_attackers as i32);
            let guards = s.us.pawn_attacks
                | s.us.by_piece[Piece::Knight.index()]
                | s.us.by_piece[Piece::Bishop.index()]
                | s.us.by_piece[Piece::Rook.index()];
            let weak = (near & s.them.all) - guards;
            danger!(acc, p, color, danger_weak_square, weak.popcount() as i32);
            danger!(acc, p, color, danger_no_queen, i32::from(enemy_queens == 0));
            danger!(
                acc,
                p,
                color,
                danger_unsafe_check,
                unsafe_checks.popcount() as i32
            );
            let blockers = king_blockers(s.board, king, !color).popcount() as i32;
            danger!(acc, p, color, danger_blockers, blockers);
            danger!(acc, p, color, danger_flank_attack, flank_attacks);
            let defence = (s.us.all & flank).popcount() as i32;
            danger!(acc, p, color, danger_flank_defense, defence);
            danger!(acc, p, color, danger_base, 1);
        }
        let free = king_attacks(king) - occupied - s.them.all;
        add!(acc, p, color, king_free_squares, free.popcount() as i32);
    }

    /// Pawn shelter and pawn storm on the king's file and its neighbours (see the fields).
    fn shelter_and_storm<A: Accumulator>(&self, board: &Board, color: Color, acc: &mut A) {
        let (p, king) = (&self.params, board.king(color));
        let own_pawns = board.colored(color, Piece::Pawn);
        let enemy_pawns = board.colored(!color, Piece::Pawn);
        let king_file = king.file().index();
        let king_rank = color.relative_rank(king.rank()).index();
        // The ranks level with the king and in front of it.
        let ahead = match color {
            Color::White => Bitboard::rank(king.rank()).fill_north(),
            Color::Black => Bitboard::rank(king.rank()).fill_south(),
        };
        // The nearest pawn of `set` on `file` level with or in front of the king (the first
        // from the king's side), with its distance in ranks.
        let nearest = |set: Bitboard, file: usize| {
            let there = set & ahead & Bitboard::file(crate::core::File::ALL[file]);
            let sq = match color {
                Color::White => there.lsb(),
                Color::Black => there.msb(),
            }?;
            Some((color.relative_rank(sq.rank()).index() - king_rank, sq))
        };
        for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
            let own = nearest(own_pawns, file).map_or(7, |(d, _)| d.min(7));
            let on_king_file = usize::from(file == king_file);
            add!(acc, p, color, shelter_distance, on_king_file * 8 + own, 1);
            let (storm, blocked) = match nearest(enemy_pawns, file) {
                None => (7, false),
                Some((d, sq)) => {
                    let below = Bitboard::from_square(sq).forward(!color);
                    (d.min(7), (below & own_pawns).any())
                }
            };
            add!(
                acc,
                p,
                color,
                storm_distance,
                usize::from(blocked) * 8 + storm,
                1
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, net_count};
    use super::*;
    use crate::eval::full::idx;
    use std::str::FromStr;

    #[test]
    fn flanks_and_blockers() {
        let sq = |s: &str| Square::from_str(s).unwrap();
        // A king on g1: files e–h, ranks 1–5; on a8: files a–c, ranks 4–8.
        assert_eq!(flank_camp(Color::White, sq("g1")).popcount(), 20);
        assert_eq!(flank_camp(Color::Black, sq("a8")).popcount(), 15);
        assert!(flank_camp(Color::Black, sq("a8")).contains(sq("c4")));
        // The knight on e2 alone between the king and the rook on e8; the bishop on b4 has
        // c3 and d2 in its way.
        let b = board("4r1k1/8/8/8/1b6/2P5/3PN3/4K3 w - - 0 1");
        assert_eq!(
            king_blockers(&b, sq("e1"), Color::Black),
            Bitboard::from_square(sq("e2"))
        );
    }

    #[test]
    fn flank_attacks_unsafe_checks_and_blockers_in_the_danger() {
        // The rook on f8 attacks f1–f5 of White's flank.
        let b = board("k4r2/8/8/8/8/8/8/6K1 w - - 0 1");
        assert_eq!(net_count(&b, idx::flank_attack), 5);
        // The queen on d4 attacks f2 next to the king (the danger counts with a queen and one
        // attacker); its checks on d1 (defended by the rook on b1) and by taking f2 (defended
        // by the king) are both unsafe. f2 stands alone
        // between the king and the queen. It attacks e3, e4, e5, f2, f4, g4, h4 of White's
        // flank; White attacks e1, f1, g1 (the rook sees its own king), h1, e3, f2, f3, g2,
        // g3, h2, h3 there.
        let b = board("k7/8/8/8/3q4/8/5PPP/1R4K1 w - - 0 1");
        let danger = &super::super::Full::default().trace(&b).danger[Color::White.index()];
        let count = |i: usize| {
            danger
                .iter()
                .find(|&&(j, _)| j as usize == i)
                .map(|&(_, c)| c)
        };
        assert_eq!(count(idx::danger_unsafe_check), Some(2));
        assert_eq!(count(idx::danger_blockers), Some(1));
        assert_eq!(count(idx::danger_flank_attack), Some(7));
        assert_eq!(count(idx::danger_flank_defense), Some(11));
    }

    #[test]
    fn the_king_distance_to_the_pawns() {
        let sq = |s: &str| Square::from_str(s).unwrap();
        let bb = |list: &[&str]| {
            list.iter()
                .fold(Bitboard::EMPTY, |b, s| b.with(Square::from_str(s).unwrap()))
        };
        let files = |list: &[&str]| bb(list).files().0 & 0xFF;
        assert_eq!(pawn_file_distance(sq("e1"), files(&["e4"])), Some(0));
        assert_eq!(pawn_file_distance(sq("a1"), files(&["h2", "d7"])), Some(3));
        assert_eq!(pawn_file_distance(sq("h8"), files(&["a2", "b7"])), Some(6));
        assert_eq!(pawn_file_distance(sq("h8"), 0), None);
        // In the evaluation: White's king on a1 is 3 files from the d-pawns, Black's on h8 4.
        let b = board("7k/3p4/8/8/8/8/3P4/K7 w - - 0 1");
        assert_eq!(net_count(&b, idx::king_pawn_proximity + 3), 1);
        assert_eq!(net_count(&b, idx::king_pawn_proximity + 4), -1);
    }

    #[test]
    fn shelter_and_storm_facts() {
        // White: king g1 behind f2, g2, h3; Black's g4 storms freely, h4 is blocked by h3.
        // Black: king a8 with no pawn on the a or b file, and none of White's there either.
        let b = board("k7/8/8/8/6pp/7P/5PP1/6K1 w - - 0 1");
        let shelter = |i| net_count(&b, idx::shelter_distance + i);
        assert_eq!(shelter(1), 1, "f2, one rank in front, beside the king");
        assert_eq!(shelter(8 + 1), 1, "g2, on the king's file");
        assert_eq!(shelter(2), 1, "h3, two ranks in front");
        assert_eq!(shelter(8 + 7), -1, "Black: no pawn on the king's file");
        assert_eq!(shelter(7), -1, "Black: none on the b file");
        let storm = |i| net_count(&b, idx::storm_distance + i);
        assert_eq!(
            storm(3),
            1,
            "g4, three ranks in front of White's king, free"
        );
        assert_eq!(storm(8 + 3), 1, "h4, blocked by h3");
        assert_eq!(
            storm(7),
            1 - 2,
            "no storm on White's f file, nor on Black's a, b files"
        );
        // The nearest pawn level with or in front of the king counts; those behind it do not.
        // White: king g3, pawns f4, g2 (behind), g6, c5. Black (in check): king b6, pawns
        // b7 (behind), b4, b3, a4.
        let b = board("8/1p6/1k4P1/2P5/pp3P2/1p4K1/6P1/8 b - - 0 1");
        let shelter = |i| net_count(&b, idx::shelter_distance + i);
        assert_eq!(shelter(1), 1, "f4");
        assert_eq!(shelter(8 + 3), 1, "g6, not g2 behind the king");
        assert_eq!(shelter(2), -1, "a4");
        assert_eq!(shelter(8 + 2), -1, "b4, nearer than b3; not b7");
        assert_eq!(
            shelter(7),
            1 - 1,
            "none on White's h file, nor on Black's c file"
        );
        let storm = |i| net_count(&b, idx::storm_distance + i);
        assert_eq!(storm(1), -1, "c5 one rank in front of Black's king, free");
        assert_eq!(
            storm(7),
            3 - 2,
            "no storm on White's three files, nor on a and b"
        );
    }
}
