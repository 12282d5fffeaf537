//! The fixed numberings a Syzygy index is built from: binomial coefficients, the triangle
//! and lower-half numberings of the pawnless symmetry, the king-pair index, and the pawn
//! numberings with their per-file factors. All are computed here from their definitions
//! (Syzygy format: Ronald de Man's generator and probers; see `docs/syzygy.md`).

use std::sync::OnceLock;

/// `C(n, k)` for `n < 64`, `k < 8` (0 when `k > n`).
pub(crate) fn binomial(n: i64, k: usize) -> u64 {
    static TABLE: OnceLock<[[u64; 64]; 8]> = OnceLock::new();
    if n < 0 {
        return 0;
    }
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u64; 64]; 8];
        for n in 0..64 {
            t[0][n] = 1;
            for k in 1..8 {
                t[k][n] = if n == 0 {
                    0
                } else {
                    t[k - 1][n - 1] + t[k][n - 1]
                };
            }
        }
        t
    });
    table[k][n as usize]
}

/// The ten squares of the a1–d1–d4 triangle, numbered off-diagonal squares first:
/// b1 c1 d1 c2 d2 d3, then a1 b2 c3 d4. `None` outside the triangle.
pub(crate) fn triangle(sq: usize) -> Option<usize> {
    const ORDER: [usize; 10] = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];
    ORDER.iter().position(|&s| s == sq)
}

/// Whether `sq` lies on the a1–h8 diagonal.
#[inline]
pub(crate) fn on_diagonal(sq: usize) -> bool {
    sq >> 3 == sq & 7
}

/// Whether `sq` lies above the a1–h8 diagonal (rank > file).
#[inline]
pub(crate) fn above_diagonal(sq: usize) -> bool {
    sq >> 3 > sq & 7
}

/// The 28 squares strictly below the a1–h8 diagonal (file > rank), numbered in ascending
/// square order: b1 0 … h1 6, c2 7, …, h7 27.
pub(crate) fn lower(sq: usize) -> usize {
    let (rank, file) = (sq >> 3, sq & 7);
    debug_assert!(file > rank);
    (0..rank).map(|r| 7 - r).sum::<usize>() + (file - rank - 1)
}

/// King-pair index: the first king (normalised into the triangle, `triangle(sq)` = t) and
/// the second king's square give one of 462 numbers; `u16::MAX` for pairs that cannot
/// occur after normalisation.
pub(crate) fn kk_index(t: usize, sq: usize) -> u16 {
    static TABLE: OnceLock<[[u16; 64]; 10]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        const ORDER: [usize; 10] = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];
        let mut table = [[u16::MAX; 64]; 10];
        let mut next = 0u16;
        let mut later = Vec::new();
        for (t, &q) in ORDER.iter().enumerate() {
            for (s, entry) in table[t].iter_mut().enumerate() {
                let adjacent = (q as i32 / 8 - s as i32 / 8).abs() <= 1
                    && (q as i32 % 8 - s as i32 % 8).abs() <= 1;
                if adjacent || (on_diagonal(q) && above_diagonal(s)) {
                    continue;
                }
                if on_diagonal(q) && on_diagonal(s) {
                    later.push((t, s));
                } else {
                    *entry = next;
                    next += 1;
                }
            }
        }
        for (t, s) in later {
            table[t][s] = next;
            next += 1;
        }
        debug_assert_eq!(next, 462);
        table
    });
    table[t][sq]
}

/// A pawn square's file distance from the edge (0 for the a- and h-files … 3 for d and e).
#[inline]
pub(crate) fn edge_file(sq: usize) -> usize {
    let file = sq & 7;
    file.min(7 - file)
}

/// Pawn squares (ranks 2–7) on files a–d numbered by file then rank: 0..24.
#[inline]
pub(crate) fn flap(sq: usize) -> usize {
    edge_file(sq) * 6 + (sq >> 3) - 1
}

/// Pawn squares (ranks 2–7) ordered edge files first, lower ranks first, each square's
/// value the number of squares after it: a2 47, h2 46, a3 45, …, e7 0.
#[inline]
pub(crate) fn ptwist(sq: usize) -> usize {
    47 - (edge_file(sq) * 12 + ((sq >> 3) - 1) * 2 + usize::from(sq & 7 >= 4))
}

/// The leading pawns' index table and per-file factors, for 1 to 5 leading pawns:
/// `pawn_index(t, j)` and `pawn_factor(t, file)` with `t` = leading pawns − 1.
struct PawnTables {
    index: [[u64; 24]; 5],
    factor: [[u64; 4]; 5],
}

fn pawn_tables() -> &'static PawnTables {
    static TABLES: OnceLock<PawnTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables = PawnTables {
            index: [[0; 24]; 5],
            factor: [[0; 4]; 5],
        };
        for t in 0..5 {
            for file in 0..4 {
                let mut sum = 0;
                for rank_step in 0..6 {
                    let j = file * 6 + rank_step;
                    tables.index[t][j] = sum;
                    // The square with this flap number on files a–d.
                    let sq = (rank_step + 1) * 8 + file;
                    sum += binomial(ptwist(sq) as i64, t);
                }
                tables.factor[t][file] = sum;
            }
        }
        tables
    })
}

/// The leading pawns' partial index of the pawn with flap number `j` (`t` = leading
/// pawns − 1).
pub(crate) fn pawn_index(t: usize, j: usize) -> u64 {
    pawn_tables().index[t][j]
}

/// The number of leading-pawn arrangements of file group `file` (`t` = leading pawns − 1).
pub(crate) fn pawn_factor(t: usize, file: usize) -> u64 {
    pawn_tables().factor[t][file]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numberings_match_their_known_values() {
        assert_eq!(binomial(63, 2), 1953);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(triangle(1), Some(0));
        assert_eq!(triangle(27), Some(9));
        assert_eq!(triangle(4), None);
        assert_eq!(lower(1), 0);
        assert_eq!(lower(7), 6);
        assert_eq!(lower(10), 7);
        assert_eq!(lower(55), 27);
        assert_eq!(ptwist(8), 47);
        assert_eq!(ptwist(15), 46);
        assert_eq!(ptwist(52), 0);
        assert_eq!(pawn_factor(0, 2), 6);
        assert_eq!([0, 1, 2, 3].map(|f| pawn_factor(1, f)), [252, 180, 108, 36]);
        assert_eq!(
            [0, 1, 2, 3].map(|f| pawn_factor(2, f)),
            [5201, 2645, 953, 125]
        );
        assert_eq!(
            [0, 1, 2, 3].map(|f| pawn_factor(3, f)),
            [70315, 25375, 5491, 295]
        );
        // The worked example of the format notes: kings d4 (triangle 9) and h3.
        assert_eq!(kk_index(9, 23), 431);
    }
}
