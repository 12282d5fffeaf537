//! The encoding `S` of a position and the similarity of two encodings (paper 003, 3.3.2).
//!
//! Paper 003 takes `S` from Ganguly et al. (SIGIR 2014, "Retrieval of similar chess
//! positions"): a textual representation of a position in terms of where the pieces stand,
//! which squares they reach and how they attack and defend each other, compared as
//! documents. Its Algorithm 1, the similarity, is printed as an image without a formula. Ours,
//! in that spirit and exactly:
//!
//! **Terms.** For every piece kind `k` (six kinds × two colours, twelve in all) four sets of
//! squares, each a bitboard:
//!
//! * `P_k` — *placement*: the squares of the `k` pieces;
//! * `R_k` — *reach*: the empty squares they attack (for pawns: the empty squares they can
//!   push to, one or two steps), i.e. where they can go without capturing;
//! * `A_k` — *attack*: the squares of enemy pieces they attack;
//! * `D_k` — *defence*: the squares of their own side's pieces they defend.
//!
//! So "white knight on f3", "white knight reaches e5", "white knight attacks the piece on
//! e5", "white knight defends the piece on d4" are the terms (the attacked or defended
//! piece is named by its square, which the placement terms identify).
//!
//! **Similarity.** For each of the four groups `g` the Jaccard index of the two term sets,
//! `J_g = |S ∩ S'| / |S ∪ S'|` summed over the twelve kinds (1 when both are empty), and
//! `sim(S, S') = 0.4·J_P + 0.2·J_R + 0.2·J_A + 0.2·J_D`, in [0, 1], 1 exactly when the
//! encodings are equal. Placement weighs most because it is what a player sees first, and
//! each group is normalised by its own size, so the large reach sets do not drown the few
//! attack terms.
//!
//! Cost: an encoding is one attack lookup per piece (well under a microsecond), a similarity
//! 48 AND/OR/popcount triples (`cargo bench --bench library`).

use chainmate::core::attacks::piece_attacks;
use chainmate::core::{Bitboard, Board, Color, Piece};

/// The pieces of a position: `sets[color][piece]`.
pub type PieceSets = [[u64; 6]; 2];

/// The pieces of `board`.
pub fn piece_sets(board: &Board) -> PieceSets {
    let mut sets = [[0u64; 6]; 2];
    for color in Color::ALL {
        for piece in Piece::ALL {
            sets[color as usize][piece as usize] = board.colored(color, piece).0;
        }
    }
    sets
}

/// The weights of the four groups (placement, reach, attack, defence).
pub const WEIGHTS: [f64; 4] = [0.4, 0.2, 0.2, 0.2];

/// Paper 003's encoding `S` of a position: four groups of twelve bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// `groups[g][kind]`, `g` = placement, reach, attack, defence; `kind` = colour·6 + piece.
    pub groups: [[u64; 12]; 4],
}

impl Encoding {
    /// The encoding of a position given by its pieces.
    pub fn new(sets: &PieceSets) -> Encoding {
        let mut groups = [[0u64; 12]; 4];
        let side = |c: usize| sets[c].iter().fold(0u64, |a, b| a | b);
        let own = [side(0), side(1)];
        let occupied = own[0] | own[1];
        for color in Color::ALL {
            let c = color as usize;
            for piece in Piece::ALL {
                let kind = c * 6 + piece as usize;
                let squares = sets[c][piece as usize];
                groups[0][kind] = squares;
                let mut attacked = 0u64;
                for sq in Bitboard(squares).iter() {
                    attacked |= piece_attacks(piece, color, sq, Bitboard(occupied)).0;
                }
                groups[1][kind] = if piece == Piece::Pawn {
                    pawn_pushes(color, squares, occupied)
                } else {
                    attacked & !occupied
                };
                groups[2][kind] = attacked & own[1 - c];
                groups[3][kind] = attacked & own[c];
            }
        }
        Encoding { groups }
    }

    /// The encoding of `board`.
    pub fn of(board: &Board) -> Encoding {
        Encoding::new(&piece_sets(board))
    }

    /// The similarity degree in [0, 1] (see the module documentation).
    pub fn similarity(&self, other: &Encoding) -> f64 {
        let mut total = 0.0;
        for ((a, b), w) in self.groups.iter().zip(&other.groups).zip(WEIGHTS) {
            let (mut both, mut either) = (0u32, 0u32);
            for (x, y) in a.iter().zip(b) {
                both += (x & y).count_ones();
                either += (x | y).count_ones();
            }
            total += w * if either == 0 {
                1.0
            } else {
                both as f64 / either as f64
            };
        }
        total
    }

    /// The terms as text, one group per line (`N@f3`, `N>e5`, `Nxe5`, `N+d4`; upper case for
    /// White), for `chainmate-lab library probe` and for reading.
    pub fn to_text(&self) -> String {
        const MARK: [&str; 4] = ["@", ">", "x", "+"];
        const NAMES: [&str; 4] = ["placement", "reach", "attack", "defence"];
        let mut out = String::new();
        for (g, group) in self.groups.iter().enumerate() {
            out.push_str(NAMES[g]);
            out.push(':');
            for (kind, &squares) in group.iter().enumerate() {
                let color = if kind < 6 { Color::White } else { Color::Black };
                let piece = Piece::ALL[kind % 6];
                for sq in Bitboard(squares).iter() {
                    out.push(' ');
                    out.push(piece.to_fen_char(color));
                    out.push_str(MARK[g]);
                    out.push_str(&sq.to_string());
                }
            }
            out.push('\n');
        }
        out
    }
}

/// The empty squares `color`'s pawns on `pawns` can push to (one step, or two from their
/// starting rank over an empty square).
fn pawn_pushes(color: Color, pawns: u64, occupied: u64) -> u64 {
    let empty = !occupied;
    match color {
        Color::White => {
            let one = (pawns << 8) & empty;
            one | ((one & 0x0000_0000_00FF_0000) << 8) & empty
        }
        Color::Black => {
            let one = (pawns >> 8) & empty;
            one | ((one & 0x0000_FF00_0000_0000) >> 8) & empty
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_of(color: Color, piece: Piece) -> usize {
        color as usize * 6 + piece as usize
    }

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn the_start_position_has_the_terms_it_should() {
        let e = Encoding::of(&Board::startpos());
        let white_knights = kind_of(Color::White, Piece::Knight);
        // Knights on b1 and g1 reach a3, c3, f3, h3 and defend d2 and e2 (g1) and d2 (b1).
        assert_eq!(e.groups[0][white_knights], (1 << 1) | (1 << 6));
        assert_eq!(
            e.groups[1][white_knights],
            (1 << 16) | (1 << 18) | (1 << 21) | (1 << 23)
        );
        assert_eq!(e.groups[3][white_knights], (1 << 11) | (1 << 12));
        // Pawns reach the third and fourth ranks; nobody attacks anybody.
        let white_pawns = kind_of(Color::White, Piece::Pawn);
        assert_eq!(e.groups[1][white_pawns], 0x0000_0000_FFFF_0000);
        assert!(e.groups[2].iter().all(|&b| b == 0));
        assert!(e.to_text().contains("N@b1"));
    }

    #[test]
    fn similarity_is_one_for_equal_positions_symmetric_and_falls_with_change() {
        let start = Encoding::of(&Board::startpos());
        assert_eq!(start.similarity(&start), 1.0);
        let e4 = Encoding::of(&board(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ));
        let e4e5 = Encoding::of(&board(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ));
        let endgame = Encoding::of(&board("8/5k2/8/8/8/8/2K5/8 w - - 0 1"));
        let near = start.similarity(&e4);
        assert_eq!(near, e4.similarity(&start));
        assert!(near > 0.8 && near < 1.0, "{near}");
        assert!(start.similarity(&e4e5) < near);
        let far = start.similarity(&endgame);
        assert!((0.0..0.3).contains(&far), "{far}");
    }

    #[test]
    fn attacks_and_defences_name_the_squares_of_the_pieces() {
        // White knight f3 attacks the pawn on e5, which the knight on c6 defends.
        let e = Encoding::of(&board(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ));
        let e5 = 1u64 << 36;
        assert_eq!(e.groups[2][kind_of(Color::White, Piece::Knight)], e5);
        assert_ne!(e.groups[3][kind_of(Color::Black, Piece::Knight)] & e5, 0);
    }
}
