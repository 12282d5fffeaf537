//! Opening books: Polyglot interoperability with Polyglot's own `make-book`, and paper 000's
//! case-based retrieval over the shipped ECO openings.

use chainmate::book::polyglot::{self, BookBuilder, PolyglotBook, Side};
use chainmate::core::Board;
use chainmate::formats::pgn::read_games;

const EXCERPT: &str = include_str!("data/8moves_v3_excerpt.pgn");

/// Built by Debian's `polyglot` 2.0.4 (see tests/data/README.md):
/// `polyglot make-book -pgn tests/data/8moves_v3_excerpt.pgn -bin
/// tests/data/polyglot_8moves_excerpt.bin -max-ply 16 -min-game 1`.
const REFERENCE: &[u8] = include_bytes!("data/polyglot_8moves_excerpt.bin");

#[test]
fn a_book_built_by_polyglot_reads_as_the_one_we_build_from_the_same_games() {
    let reference = PolyglotBook::from_bytes(REFERENCE, "reference").unwrap();
    assert_eq!(reference.entries().len(), 89);
    let mut builder = BookBuilder::new(16, 1, Side::Both);
    for game in read_games(EXCERPT) {
        builder.add(&game.unwrap());
    }
    let ours = builder.build();
    assert_eq!(ours.entries(), reference.entries());
    // Round trip through bytes.
    assert_eq!(ours.to_bytes(), REFERENCE);
    // Every entry's move is legal where the games played it: probe along each game.
    for game in read_games(EXCERPT) {
        let game = game.unwrap();
        let mut board: Board = *game.start();
        for &mv in game.moves().iter().take(16) {
            let (moves, skipped) = reference.probe(&board);
            assert_eq!(skipped, 0);
            assert!(moves.iter().any(|(m, _)| *m == mv));
            board.play(mv);
        }
    }
    let start = reference.probe(&Board::startpos()).0;
    let shown: Vec<(String, u16)> = start
        .iter()
        .map(|(m, e)| (m.to_string(), e.weight))
        .collect();
    assert_eq!(
        shown,
        vec![("d2d4".to_string(), 4), ("e2e4".to_string(), 2)]
    );
    assert_eq!(polyglot::key(&Board::startpos()), 0x463b96181691fc9c);
}
