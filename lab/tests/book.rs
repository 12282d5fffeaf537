//! Opening books: Polyglot interoperability with Polyglot's own `make-book`, and paper 000's
//! case-based retrieval over the shipped ECO openings.

use chainmate::core::Board;
use chainmate::formats::pgn::read_games;
use chainmate_lab::book::polyglot::{self, BookBuilder, PolyglotBook, Side};

const EXCERPT: &str = include_str!("../../tests/data/8moves_v3_excerpt.pgn");

/// Built by Debian's `polyglot` 2.0.4 (see tests/data/README.md):
/// `polyglot make-book -pgn tests/data/8moves_v3_excerpt.pgn -bin
/// tests/data/polyglot_8moves_excerpt.bin -max-ply 16 -min-game 1`.
const REFERENCE: &[u8] = include_bytes!("../../tests/data/polyglot_8moves_excerpt.bin");

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

/// The case-based book's options: the paper's fixed choices, sorting, the distance limit and
/// the case sample, each a row of the option table.
#[test]
fn the_case_based_books_options_give_the_papers_player_and_the_distance_limit() {
    use chainmate::core::Position;
    use chainmate_lab::config::LabOptions;
    fn probe(options: &LabOptions, moves: &[&str]) -> Option<String> {
        let mut position = Position::default();
        for m in moves {
            position.play_uci(m).unwrap();
        }
        let book = options.search_config().ext.book.expect("OwnBook is on");
        book.0.probe(&position).map(|b| b.mv.to_string())
    }
    let mut options = LabOptions::default();
    options.set("OwnBook", Some("true")).unwrap();
    assert_eq!(options.get("BookMaxDistance").as_deref(), Some("0"));
    // The paper's choices: 1.e4, and 1...c5 against it.
    options.set("BookPaperChoices", Some("true")).unwrap();
    assert_eq!(probe(&options, &[]).as_deref(), Some("e2e4"));
    assert_eq!(probe(&options, &["e2e4"]).as_deref(), Some("c7c5"));
    // 5...b6 in the Ruy Lopez is in no line; the boards after 5...b5 are two squares away.
    let off = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "b7b6",
    ];
    assert_eq!(
        probe(&options, &off),
        None,
        "the default plays only from line boards"
    );
    options.set("BookMaxDistance", Some("64")).unwrap();
    assert_eq!(
        probe(&options, &off).as_deref(),
        Some("a4b3"),
        "the paper: the nearest line"
    );
    // The `paperbook` token is that player.
    let paper = chainmate_lab::config::search_config("paperbook", &[]).unwrap();
    let mut position = Position::default();
    for m in off {
        position.play_uci(m).unwrap();
    }
    assert_eq!(
        paper
            .ext
            .book
            .unwrap()
            .0
            .probe(&position)
            .map(|b| b.mv.to_string())
            .as_deref(),
        Some("a4b3")
    );
    // A sample of 500 lines (the paper's size) is a different, smaller case base.
    options.set("BookCases", Some("500")).unwrap();
    assert_eq!(options.cases.cases.len(), 500);
    options.set("BookCases", Some("0")).unwrap();
    assert_eq!(options.cases.cases.len(), 3807);
    assert!(options.set("BookMaxDistance", Some("65")).is_err());
}
