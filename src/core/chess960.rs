//! The 960 start positions of Chess960 (Fischer Random Chess), by their standard numbers.
//!
//! The numbering is Reinhard Scharnagl's, the one FIDE's Chess960 rules, cutechess and
//! lichess use: for `n` in `0..960`, `n % 4` places the light-squared bishop on the b-, d-, f-
//! or h-file, then `(n / 4) % 4` the dark-squared bishop on the a-, c-, e- or g-file, then
//! `(n / 16) % 6` the queen on that empty square (counting from the a-file), then `n / 96`
//! (0..10) the two knights on one of the ten pairs of the five squares left, in the order
//! `NN---, N-N--, N--N-, N---N, -NN--, -N-N-, -N--N, --NN-, --N-N, ---NN`; the last three
//! squares take rook, king, rook. Black mirrors White. Number 518 is the standard position.

use super::board::Board;

/// Number of Chess960 start positions.
pub const COUNT: u16 = 960;
/// The number of the standard start position.
pub const STANDARD: u16 = 518;

/// The knight placements among the five squares left after bishops and queen.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of start position `id` as piece letters from the a-file (`RNBQKBNR` for
/// 518), or `None` if `id` is not below 960.
pub fn back_rank(id: u16) -> Option<[char; 8]> {
    if id >= COUNT {
        return None;
    }
    let mut rank = [' '; 8];
    let mut n = id as usize;
    rank[[1, 3, 5, 7][n % 4]] = 'B';
    n /= 4;
    rank[[0, 2, 4, 6][n % 4]] = 'B';
    n /= 4;
    let empty = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == ' ').collect() };
    rank[empty(&rank)[n % 6]] = 'Q';
    n /= 6;
    let (a, b) = KNIGHTS[n];
    let left = empty(&rank);
    rank[left[a]] = 'N';
    rank[left[b]] = 'N';
    for (sq, piece) in empty(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[sq] = piece;
    }
    Some(rank)
}

/// The FEN of start position `id` (castling rights in X-FEN, `KQkq`: each side's rooks are
/// the outermost on their sides of the king), or `None` if `id` is not below 960.
pub fn start_fen(id: u16) -> Option<String> {
    let white: String = back_rank(id)?.iter().collect();
    let black = white.to_ascii_lowercase();
    Some(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
    ))
}

/// The board of start position `id`, or `None` if `id` is not below 960.
pub fn start_position(id: u16) -> Option<Board> {
    let fen = start_fen(id)?;
    Some(Board::from_fen(&fen).expect("every Chess960 start FEN is valid"))
}

/// The number of the start position `board` is, if it is one (placement, White to move,
/// all four rights).
pub fn number_of(board: &Board) -> Option<u16> {
    (0..COUNT).find(|&id| start_position(id).is_some_and(|b| b.to_fen() == board.to_fen()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_518_is_the_standard_position() {
        assert_eq!(start_position(STANDARD), Some(Board::startpos()));
    }

    #[test]
    fn the_960_positions_are_distinct_and_obey_the_rules() {
        let mut seen = std::collections::HashSet::new();
        for id in 0..COUNT {
            let rank = back_rank(id).expect("in range");
            assert!(seen.insert(rank), "{id} repeats a rank");
            let files = |p: char| -> Vec<usize> { (0..8).filter(|&f| rank[f] == p).collect() };
            let (bishops, rooks, king) = (files('B'), files('R'), files('K'));
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "{id}: bishops on one colour"
            );
            assert!(
                rooks[0] < king[0] && king[0] < rooks[1],
                "{id}: king not between rooks"
            );
            assert_eq!(files('N').len(), 2);
            assert_eq!(files('Q').len(), 1);
        }
        assert_eq!(back_rank(COUNT), None);
    }

    #[test]
    fn known_numbers() {
        // Scharnagl's table: 0 is BBQNNRKR, 959 is RKRNNQBB.
        assert_eq!(
            back_rank(0).map(String::from_iter).as_deref(),
            Some("BBQNNRKR")
        );
        assert_eq!(
            back_rank(959).map(String::from_iter).as_deref(),
            Some("RKRNNQBB")
        );
    }
}
