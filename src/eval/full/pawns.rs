//! The terms of the pawns alone (cached per pawn structure): passed, isolated, doubled,
//! backward, phalanx, supported and candidate passers.

use super::walk::{add, Accumulator};
use super::Full;
use crate::core::attacks::pawn_attacks_set;
use crate::core::{Bitboard, Board, Color, Piece, Square};

impl Full {
    /// The pawn-only terms of both sides; returns both sides' passed pawns.
    ///
    /// Each term's pawns are found for the whole side at once, as sets (a pawn's own
    /// definition is in each comment; the test `set_wise_counts_are_the_per_pawn_ones`
    /// holds them to it); only the terms weighed by rank, and the candidate passers, visit
    /// their pawns one by one (candidates only among the pawns neither passed nor opposed):
    /// a pawn-table miss costs about 40 % of the instructions it took with every term tested
    /// pawn by pawn.
    pub(super) fn pawn_terms<A: Accumulator>(&self, board: &Board, acc: &mut A) -> Bitboard {
        let p = &self.params;
        let mut passed_all = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let own = board.colored(color, Piece::Pawn);
            let enemy = board.colored(!color, Piece::Pawn);
            let enemy_attacks = pawn_attacks_set(!color, enemy);
            let rank = |sq: Square| color.relative_rank(sq.rank()).index();
            // An own pawn on these squares has an enemy pawn in front of it on its file.
            let behind_enemy = enemy.front_span(!color);
            // Passed: no enemy pawn in front on its own or a neighbouring file.
            let passed = own - (behind_enemy | behind_enemy.beside());
            passed_all |= passed;
            for sq in passed {
                add!(acc, p, color, passed, rank(sq), 1);
                let file = sq.file().index();
                add!(acc, p, color, passed_file, file.min(7 - file), 1);
            }
            // Isolated: no own pawn on a neighbouring file.
            let isolated = own - own.files().beside();
            // Backward: not isolated, no own pawn on a neighbouring file up to one rank in
            // front of it (none that could come to support it), and its stop square attacked
            // by an enemy pawn.
            let supportable = (own.forward(!color) | own | own.front_span(color)).beside();
            let backward = (own - isolated - supportable) & enemy_attacks.forward(!color);
            add!(acc, p, color, isolated, isolated.popcount() as i32);
            add!(acc, p, color, backward, backward.popcount() as i32);
            // Weak (isolated or backward) with no enemy pawn in front on its file.
            let unopposed = (isolated | backward) - behind_enemy;
            add!(acc, p, color, weak_unopposed, unopposed.popcount() as i32);
            // Supported: defended by an own pawn. A weak lever: not supported, and attacking
            // two enemy pawns (so attacked by both).
            let supported = own & pawn_attacks_set(color, own);
            let facing = enemy.forward(!color);
            let levers = (own - supported) & facing.east() & facing.west();
            add!(acc, p, color, weak_lever, levers.popcount() as i32);
            // Doubled: an own pawn in front on its file.
            let doubled = own & own.front_span(!color);
            add!(acc, p, color, doubled, doubled.popcount() as i32);
            // Phalanx: an own pawn beside it on its rank.
            for sq in own & own.beside() {
                add!(acc, p, color, phalanx, rank(sq), 1);
            }
            for sq in supported {
                add!(acc, p, color, supported, rank(sq), 1);
            }
            // A candidate is neither passed nor opposed (an enemy pawn in front on its own
            // file is a stopper that attacks neither it nor its stop square).
            for sq in own - passed - behind_enemy {
                if let Some(kind) = candidate_kind(color, sq, own, enemy) {
                    add!(acc, p, color, candidate_passer, kind * 8 + rank(sq), 1);
                }
            }
        }
        passed_all
    }
}

/// Whether the pawn of `color` on `sq`, not passed (some enemy pawn in `enemy` could stop it),
/// is a candidate passer, and of which kind: every enemy pawn in front of it on its own or a
/// neighbouring file attacks the pawn or its stop square (none blocks or waits further up),
/// and the own pawns in `own` defend the stop square at least as often as enemy pawns attack
/// it — kind 1 when they also defend the pawn at least as often as it is attacked, else 0.
/// `None` for a passed pawn or one that is no candidate.
fn candidate_kind(color: Color, sq: Square, own: Bitboard, enemy: Bitboard) -> Option<usize> {
    let b = Bitboard::from_square(sq);
    let front = b.front_span(color);
    let stoppers = enemy & (front | front.beside());
    if stoppers.is_empty() {
        return None;
    }
    let stop = b.forward(color);
    let threats = enemy & pawn_attacks_set(color, b);
    let push_threats = enemy & pawn_attacks_set(color, stop);
    if (stoppers - threats - push_threats).any() {
        return None;
    }
    let support = own & pawn_attacks_set(!color, b);
    let push_support = own & pawn_attacks_set(!color, stop);
    if push_support.popcount() < push_threats.popcount() {
        return None;
    }
    Some(usize::from(support.popcount() >= threats.popcount()))
}

#[cfg(test)]
mod tests {
    use super::super::tests::board;
    use super::*;
    use crate::core::attacks::pawn_attacks;
    use crate::eval::full::{idx, Trace};
    use std::str::FromStr;

    #[test]
    fn pawn_structure_facts() {
        // White pawns a2, c4, c5 (doubled), h6; Black's h7 stands in front of h6.
        let b = board("4k3/7p/7P/2P5/2P5/8/P7/4K3 w - - 0 1");
        let e = Full::default();
        let mut t = Trace::default();
        let passed = e.pawn_terms(&b, &mut t);
        // a2, c4 and c5 have no enemy pawn in front on their own or a neighbouring file: all
        // passed (the rear one of doubled passers too; `doubled` charges for it). h6 is not.
        let expected = Bitboard::from_square(Square::A2)
            .with(Square::C4)
            .with(Square::C5);
        assert_eq!(passed & b.color(Color::White), expected);
        let count = |i: usize| -> i32 {
            t.counts
                .iter()
                .filter(|&&(j, _)| j as usize == i)
                .map(|&(_, c)| c as i32)
                .sum()
        };
        assert_eq!(
            count(idx::isolated),
            4 - 1,
            "a2, c4, c5, h6 isolated; h7 for Black"
        );
        assert_eq!(count(idx::doubled), 1);
        assert_eq!(count(idx::passed + 1), 1, "a2 on the second rank");
        assert_eq!(count(idx::passed + 3), 1, "c4 on the fourth rank");
        assert_eq!(count(idx::passed + 4), 1, "c5 on the fifth rank");
        // Black's h7 is not passed (h6 in front), so nothing on Black's side.
        assert_eq!((passed & b.color(Color::Black)), Bitboard::EMPTY);
    }

    #[test]
    fn weak_unopposed_pawns_levers_and_passers_by_file() {
        use super::super::tests::net_count;
        // a2 is isolated with nothing in front of it on the a-file; with a7 both are opposed.
        let lone = board("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert_eq!(net_count(&lone, idx::weak_unopposed), 1);
        let opposed = board("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
        assert_eq!(net_count(&opposed, idx::weak_unopposed), 0);
        // e4 attacked by d5 and f5 and defended by no pawn: a weak lever; d3 defends it.
        let lever = board("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&lever, idx::weak_lever), 1);
        let held = board("4k3/8/8/3p1p2/4P3/3P4/8/4K3 w - - 0 1");
        assert_eq!(net_count(&held, idx::weak_lever), 0);
        // White's a5 and Black's d4 are both passed: an edge file and a centre file.
        let passers = board("4k3/8/8/P7/3p4/8/8/4K3 w - - 0 1");
        assert_eq!(net_count(&passers, idx::passed_file), 1);
        assert_eq!(net_count(&passers, idx::passed_file + 3), -1);
    }

    /// The per-pawn definitions of the set-wise terms, written out pawn by pawn: what
    /// [`Full::pawn_terms`] must count. Returns (flat index, net count) pairs and the passed
    /// pawns.
    fn per_pawn_counts(b: &Board) -> (Vec<(usize, i32)>, Bitboard) {
        let mut counts = Vec::new();
        let mut passed_all = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let mut add = |i: usize| counts.push((i, color.sign()));
            let own = b.colored(color, Piece::Pawn);
            let enemy = b.colored(!color, Piece::Pawn);
            let enemy_attacks = pawn_attacks_set(!color, enemy);
            for sq in own {
                let pawn = Bitboard::from_square(sq);
                let r = color.relative_rank(sq.rank()).index();
                let front = pawn.front_span(color);
                if (enemy & (front | front.beside())).is_empty() {
                    passed_all |= pawn;
                    add(idx::passed + r);
                    let file = sq.file().index();
                    add(idx::passed_file + file.min(7 - file));
                }
                let adjacent_files = pawn.beside().files();
                let mut weak = false;
                if (own & adjacent_files).is_empty() {
                    add(idx::isolated);
                    weak = true;
                } else {
                    let stop = pawn.forward(color);
                    let supporters = adjacent_files - stop.front_span(color).beside();
                    if (own & supporters).is_empty() && (stop & enemy_attacks).any() {
                        add(idx::backward);
                        weak = true;
                    }
                }
                if weak && (front & enemy).is_empty() {
                    add(idx::weak_unopposed);
                }
                let supported = (pawn_attacks(!color, sq) & own).any();
                if !supported && (pawn_attacks(color, sq) & enemy).more_than_one() {
                    add(idx::weak_lever);
                }
                if (front & own).any() {
                    add(idx::doubled);
                }
                if (pawn.beside() & own).any() {
                    add(idx::phalanx + r);
                }
                if supported {
                    add(idx::supported + r);
                }
                if let Some(kind) = candidate_kind(color, sq, own, enemy) {
                    add(idx::candidate_passer + kind * 8 + r);
                }
            }
        }
        (counts, passed_all)
    }

    #[test]
    fn set_wise_counts_are_the_per_pawn_ones() {
        use crate::core::prng::SplitMix64;
        let e = Full::default();
        let mut rng = SplitMix64::new(79);
        let mut below = |n: u64| (rng.next_u64() % n) as usize;
        for _ in 0..3000 {
            // Up to eight pawns of each side on ranks 2-7 at random: a pawn structure, which is
            // all the pawn terms read (no kings: not a position the search would meet).
            let mut b = Board::empty();
            for color in [Color::White, Color::Black] {
                for _ in 0..below(9) {
                    let sq = Square::ALL[8 * (1 + below(6)) + below(8)];
                    if b.piece_on(sq).is_none() {
                        b.put(color, Piece::Pawn, sq);
                    }
                }
            }
            let fen = b.to_fen();
            let mut t = Trace::default();
            let passed = e.pawn_terms(&b, &mut t);
            let (expected, expected_passed) = per_pawn_counts(&b);
            assert_eq!(passed, expected_passed, "{fen}");
            let net = |pairs: Vec<(usize, i32)>| {
                let mut sums = std::collections::BTreeMap::new();
                for (i, c) in pairs {
                    *sums.entry(i).or_insert(0) += c;
                }
                sums.retain(|_, c| *c != 0);
                sums
            };
            let got = net(t
                .counts
                .iter()
                .map(|&(i, c)| (i as usize, c as i32))
                .collect());
            assert_eq!(got, net(expected), "{fen}");
        }
    }

    #[test]
    fn candidate_passers() {
        let sq = |s: &str| Square::from_str(s).unwrap();
        let bb = |list: &[&str]| {
            list.iter()
                .fold(Bitboard::EMPTY, |b, s| b.with(Square::from_str(s).unwrap()))
        };
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4"]), bb(&["a7"])),
            None
        );
        // Blocked on its own file: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4"]), bb(&["e6"])),
            None
        );
        // d7 attacks e5's stop square e6 and nothing defends it: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e5"), bb(&["e5"]), bb(&["d7"])),
            None
        );
        // The same with f5 defending e6; e5 itself is not attacked.
        assert_eq!(
            candidate_kind(Color::White, sq("e5"), bb(&["e5", "f5"]), bb(&["d7"])),
            Some(1)
        );
        // d5 attacks e4 itself and nothing defends it; e5 is neither attacked nor defended.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4"]), bb(&["d5"])),
            Some(0)
        );
        // d6 attacks the stop square e5 (which f4 defends), but d7 behind it is a stopper
        // that attacks neither e4 nor e5: no candidate.
        assert_eq!(
            candidate_kind(Color::White, sq("e4"), bb(&["e4", "f4"]), bb(&["d6", "d7"])),
            None
        );
        // Black, mirrored: d2 attacks e4's stop square e3, f4 defends it.
        assert_eq!(
            candidate_kind(Color::Black, sq("e4"), bb(&["e4", "f4"]), bb(&["d2"])),
            Some(1)
        );
    }
}
