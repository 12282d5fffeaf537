//! The build-time tables against the slow geometry oracle and against independent facts:
//! slider attacks for every square and every blocker subset (magic and PEXT indexing), with
//! random irrelevant occupancy added; leaper, pawn, between and line tables; Zobrist keys.

use chainmate::core::attacks::*;
use chainmate::core::geometry::{
    relevant_occupancy, slow_bishop_attacks, slow_rook_attacks, subsets, BISHOP_DIRECTIONS,
    ROOK_DIRECTIONS,
};
use chainmate::core::prng::SplitMix64;
use chainmate::core::{zobrist, Bitboard, CastleSide, CastlingRights, Color, Square};

type Lookup = fn(Square, Bitboard) -> Bitboard;
type Oracle = fn(usize, u64) -> u64;

/// Checks `lookup` against `oracle` for every square and every subset of its blocker mask,
/// each subset also with random squares outside the mask added (which must not matter).
fn check_slider(name: &str, lookup: Lookup, oracle: Oracle, directions: &[(i8, i8)]) {
    let mut rng = SplitMix64::new(0x7e57_7ab1e5);
    let mut checked = 0;
    for sq in Square::ALL {
        let mask = relevant_occupancy(sq as usize, directions);
        for blockers in subsets(mask) {
            let noise = rng.next_u64() & !mask;
            for occupied in [blockers, blockers | noise] {
                let want = oracle(sq as usize, occupied);
                let got = lookup(sq, Bitboard(occupied)).0;
                assert_eq!(
                    got, want,
                    "{name} from {sq} with occupancy {occupied:#018x}"
                );
            }
            checked += 1;
        }
    }
    // 102,400 rook and 5,248 bishop blocker subsets: the standard table sizes.
    let expected = if directions == ROOK_DIRECTIONS {
        102_400
    } else {
        5_248
    };
    assert_eq!(checked, expected, "{name}: number of blocker subsets");
}

#[test]
fn rook_magic_table_matches_oracle_for_every_blocker_subset() {
    check_slider(
        "rook_attacks_magic",
        rook_attacks_magic,
        slow_rook_attacks,
        &ROOK_DIRECTIONS,
    );
}

#[test]
fn bishop_magic_table_matches_oracle_for_every_blocker_subset() {
    check_slider(
        "bishop_attacks_magic",
        bishop_attacks_magic,
        slow_bishop_attacks,
        &BISHOP_DIRECTIONS,
    );
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[test]
fn rook_pext_table_matches_oracle_for_every_blocker_subset() {
    check_slider(
        "rook_attacks_pext",
        rook_attacks_pext,
        slow_rook_attacks,
        &ROOK_DIRECTIONS,
    );
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[test]
fn bishop_pext_table_matches_oracle_for_every_blocker_subset() {
    check_slider(
        "bishop_attacks_pext",
        bishop_attacks_pext,
        slow_bishop_attacks,
        &BISHOP_DIRECTIONS,
    );
}

#[test]
fn dispatching_slider_functions_match_oracle() {
    check_slider(
        "rook_attacks",
        rook_attacks,
        slow_rook_attacks,
        &ROOK_DIRECTIONS,
    );
    check_slider(
        "bishop_attacks",
        bishop_attacks,
        slow_bishop_attacks,
        &BISHOP_DIRECTIONS,
    );
    let mut rng = SplitMix64::new(42);
    for _ in 0..10_000 {
        let occupied = rng.next_u64() & rng.next_u64();
        let sq = Square::ALL[(rng.next_u64() % 64) as usize];
        let want =
            slow_rook_attacks(sq as usize, occupied) | slow_bishop_attacks(sq as usize, occupied);
        assert_eq!(
            queen_attacks(sq, Bitboard(occupied)).0,
            want,
            "queen on {sq}"
        );
    }
}

#[test]
fn empty_board_rays_match_oracle_and_known_sizes() {
    for sq in Square::ALL {
        assert_eq!(
            rook_rays(sq).0,
            slow_rook_attacks(sq as usize, 0),
            "rook rays {sq}"
        );
        assert_eq!(
            bishop_rays(sq).0,
            slow_bishop_attacks(sq as usize, 0),
            "bishop rays {sq}"
        );
        // A rook always sees 14 squares on an empty board.
        assert_eq!(rook_rays(sq).popcount(), 14);
    }
    assert_eq!(bishop_rays(Square::A1).popcount(), 7);
    assert_eq!(bishop_rays(Square::D4).popcount(), 13);
    // Relevant-occupancy sizes: 12 bits for a rook in a corner, 9 for a central bishop.
    assert_eq!(relevant_occupancy(0, &ROOK_DIRECTIONS).count_ones(), 12);
    assert_eq!(
        relevant_occupancy(Square::D4 as usize, &ROOK_DIRECTIONS).count_ones(),
        10
    );
    assert_eq!(
        relevant_occupancy(Square::E4 as usize, &BISHOP_DIRECTIONS).count_ones(),
        9
    );
}

/// A set of squares given by name.
fn squares(names: &[Square]) -> Bitboard {
    names.iter().copied().collect()
}

#[test]
fn leaper_tables_hold_known_facts() {
    use Square::*;
    assert_eq!(knight_attacks(A1), squares(&[B3, C2]));
    assert_eq!(knight_attacks(H8), squares(&[G6, F7]));
    assert_eq!(
        knight_attacks(D4),
        squares(&[C2, E2, B3, F3, B5, F5, C6, E6])
    );
    assert_eq!(king_attacks(A1), squares(&[A2, B1, B2]));
    assert_eq!(king_attacks(E4), squares(&[D3, E3, F3, D4, F4, D5, E5, F5]));
    // Summed over the board: 336 knight moves and 420 king moves.
    let total =
        |f: fn(Square) -> Bitboard| Square::ALL.iter().map(|&s| f(s).popcount()).sum::<u32>();
    assert_eq!(total(knight_attacks), 336);
    assert_eq!(total(king_attacks), 420);
    assert_eq!(pawn_attacks(Color::White, E4), squares(&[D5, F5]));
    assert_eq!(pawn_attacks(Color::White, A2), squares(&[B3]));
    assert_eq!(pawn_attacks(Color::Black, H7), squares(&[G6]));
    assert_eq!(pawn_attacks(Color::Black, D5), squares(&[C4, E4]));
    for sq in Square::ALL {
        // A pawn of one colour attacks `to` exactly when the other colour's pawn on `to`
        // attacks its square.
        for to in pawn_attacks(Color::White, sq) {
            assert!(pawn_attacks(Color::Black, to).contains(sq));
        }
        // Knight and king moves are symmetric relations.
        for to in knight_attacks(sq) {
            assert!(knight_attacks(to).contains(sq));
        }
        for to in king_attacks(sq) {
            assert!(king_attacks(to).contains(sq));
        }
    }
}

#[test]
fn between_and_line_hold_known_facts() {
    use Square::*;
    assert_eq!(between(A1, H8), squares(&[B2, C3, D4, E5, F6, G7]));
    assert_eq!(between(A1, A8), squares(&[A2, A3, A4, A5, A6, A7]));
    assert_eq!(between(E1, B1), squares(&[C1, D1]));
    assert_eq!(between(A1, B3), Bitboard::EMPTY, "not aligned");
    assert_eq!(between(A1, B2), Bitboard::EMPTY, "adjacent");
    assert_eq!(between(C4, C4), Bitboard::EMPTY);
    assert_eq!(line(A1, C3).popcount(), 8);
    assert_eq!(line(B1, A2), squares(&[B1, A2]));
    assert_eq!(line(D4, D5), Bitboard::file(chainmate::core::File::D));
    assert_eq!(line(A1, B3), Bitboard::EMPTY);
}

/// The squares between two aligned squares, derived from slider attacks: each square's
/// attacks along the shared line, the other square blocking, meet exactly in between.
fn between_by_attacks(a: usize, b: usize, oracle: Oracle) -> u64 {
    oracle(a, 1 << b) & oracle(b, 1 << a)
}

#[test]
fn between_and_line_agree_with_slider_attacks_for_every_pair() {
    for a in Square::ALL {
        for b in Square::ALL {
            let (ai, bi) = (a as usize, b as usize);
            let orthogonal = a != b && slow_rook_attacks(ai, 0) >> bi & 1 != 0;
            let diagonal = a != b && slow_bishop_attacks(ai, 0) >> bi & 1 != 0;
            let oracle: Option<Oracle> = match (orthogonal, diagonal) {
                (true, _) => Some(slow_rook_attacks),
                (_, true) => Some(slow_bishop_attacks),
                _ => None,
            };
            assert_eq!(between(a, b), between(b, a), "between symmetric {a} {b}");
            assert_eq!(line(a, b), line(b, a), "line symmetric {a} {b}");
            let Some(oracle) = oracle else {
                assert_eq!(between(a, b), Bitboard::EMPTY, "between {a} {b}");
                assert_eq!(line(a, b), Bitboard::EMPTY, "line {a} {b}");
                continue;
            };
            assert_eq!(
                between(a, b).0,
                between_by_attacks(ai, bi, oracle),
                "between {a} {b}"
            );
            // The whole line: both squares' empty-board rays meet along it.
            let want_line = (oracle(ai, 0) & oracle(bi, 0)) | 1 << ai | 1 << bi;
            assert_eq!(line(a, b).0, want_line, "line {a} {b}");
            assert!(line(a, b).contains(a) && line(a, b).contains(b));
            assert_eq!(
                between(a, b) & !line(a, b),
                Bitboard::EMPTY,
                "between ⊆ line"
            );
            // Any two squares of a line define that same line.
            for c in line(a, b) {
                if c != a {
                    assert_eq!(line(a, c), line(a, b), "line({a},{c}) vs line({a},{b})");
                }
            }
        }
    }
}

#[test]
fn zobrist_keys_are_distinct_and_non_zero() {
    let keys = zobrist::all_keys();
    // 12 piece kinds × 64 squares, 4 castling rights, 8 en-passant files, side to move.
    assert_eq!(keys.len(), 12 * 64 + 4 + 8 + 1);
    assert!(keys.iter().all(|&k| k != 0), "a zero key");
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), keys.len(), "duplicate Zobrist keys");
}

#[test]
fn castling_key_of_a_set_is_the_xor_of_its_members() {
    let singles = [
        CastlingRights::single(Color::White, CastleSide::King),
        CastlingRights::single(Color::White, CastleSide::Queen),
        CastlingRights::single(Color::Black, CastleSide::King),
        CastlingRights::single(Color::Black, CastleSide::Queen),
    ];
    assert_eq!(zobrist::castling_key(CastlingRights::NONE), 0);
    let keys = zobrist::all_keys();
    for bits in 0..16u8 {
        let mut set = CastlingRights::NONE;
        let mut xor = 0;
        for (i, single) in singles.iter().enumerate() {
            if bits >> i & 1 != 0 {
                set = set.with(*single);
                xor ^= zobrist::castling_key(*single);
            }
        }
        assert_eq!(zobrist::castling_key(set), xor, "rights {set}");
    }
    for single in singles {
        assert!(keys.contains(&zobrist::castling_key(single)));
    }
}

/// `Square::offset` answers for every `i8` delta without overflowing (`H8 + 65` is `None`).
#[test]
fn square_offset_is_defined_for_every_delta() {
    for sq in Square::ALL {
        for delta in i8::MIN..=i8::MAX {
            let target = sq as i32 + delta as i32;
            let want = (0..64)
                .contains(&target)
                .then(|| Square::ALL[target as usize]);
            assert_eq!(sq.offset(delta), want, "{sq} + {delta}");
        }
    }
}
