//! Pure square geometry on raw `u64` bitboards and `usize` square indices.
//!
//! This module is compiled twice: once into the crate (as `core::geometry`) and once into
//! `build.rs` through `#[path]`. It therefore depends on nothing but `core`/`std`, and it is
//! written for obviousness, not speed: the slow ray-walking slider function here is both the
//! input from which `build.rs` generates the magic/PEXT tables and the oracle the tests compare
//! those tables against, square by square and blocker subset by blocker subset.
//!
//! Square numbering is little-endian rank-file: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.

// In build.rs only part of this module is used.
#![allow(dead_code)]

/// The four orthogonal directions as (file, rank) steps.
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal directions as (file, rank) steps.
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight jumps as (file, rank) steps.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps as (file, rank) steps.
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `(file, rank)` away from `sq`, or `None` if that leaves the board.
pub fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let file = (sq % 8) as i8 + df;
    let rank = (sq / 8) as i8 + dr;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some(rank as usize * 8 + file as usize)
    } else {
        None
    }
}

/// Squares a slider on `sq` attacks along `directions`, walking each ray square by square and
/// stopping at (and including) the first occupied square.
pub fn slow_slider_attacks(sq: usize, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1u64 << next;
            if occupied & (1u64 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// Rook attacks from `sq` given the occupied squares, by walking rays.
pub fn slow_rook_attacks(sq: usize, occupied: u64) -> u64 {
    slow_slider_attacks(sq, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks from `sq` given the occupied squares, by walking rays.
pub fn slow_bishop_attacks(sq: usize, occupied: u64) -> u64 {
    slow_slider_attacks(sq, occupied, &BISHOP_DIRECTIONS)
}

/// The blocker mask of a slider: the squares whose occupancy can change its attacks. The last
/// square of every ray is left out (a piece there never hides anything), which keeps rook masks
/// to at most 12 bits and bishop masks to at most 9.
pub fn relevant_occupancy(sq: usize, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1u64 << next;
            cur = next;
        }
    }
    mask
}

/// Squares reached from `sq` by one of `steps` (knight or king moves).
pub fn leaper_attacks(sq: usize, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |bb, to| bb | 1u64 << to)
}

/// Squares a pawn of `white` (true) or black on `sq` attacks.
pub fn pawn_attacks(white: bool, sq: usize) -> u64 {
    let dr = if white { 1 } else { -1 };
    leaper_attacks(sq, &[(-1, dr), (1, dr)])
}

/// The direction from `a` to `b` if they share a rank, file or diagonal (and differ).
pub fn direction(a: usize, b: usize) -> Option<(i8, i8)> {
    let df = (b % 8) as i8 - (a % 8) as i8;
    let dr = (b / 8) as i8 - (a / 8) as i8;
    if a == b || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

/// Squares strictly between `a` and `b` when they are aligned, else empty.
pub fn between(a: usize, b: usize) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    let mut bb = 0;
    let mut cur = offset(a, df, dr);
    while let Some(sq) = cur {
        if sq == b {
            break;
        }
        bb |= 1u64 << sq;
        cur = offset(sq, df, dr);
    }
    bb
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned, else empty.
pub fn line(a: usize, b: usize) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    let mut bb = 1u64 << a;
    for (sf, sr) in [(df, dr), (-df, -dr)] {
        let mut cur = offset(a, sf, sr);
        while let Some(sq) = cur {
            bb |= 1u64 << sq;
            cur = offset(sq, sf, sr);
        }
    }
    bb
}

/// Every subset of `mask`, in increasing numeric order (the carry-rippler trick). Increasing
/// numeric order is also increasing PEXT index order, which the table layout relies on.
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    core::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = if following == 0 {
            None
        } else {
            Some(following)
        };
        Some(current)
    })
}

/// Software PEXT: gathers the bits of `value` selected by `mask` into the low bits, in order.
/// Used by `build.rs` to lay out the PEXT tables, and by the tests as an oracle.
pub fn soft_pext(value: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if value & low != 0 {
            result |= 1 << bit;
        }
        bit += 1;
        mask ^= low;
    }
    result
}
