//! The PGN reader and writer: real files, every movetext feature, typed errors for broken
//! games (and no panic on any input), and write → read round trips of random games.

use crate::common;

use chainmate::core::{Board, Move, MoveError, STARTPOS_FEN};
use chainmate::formats::pgn::{read_games, Game, GameResult, PgnError, PgnErrorKind};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// The first six games of the 8moves_v3 book (see `tests/data/README.md`).
const EXCERPT: &str = include_str!("data/8moves_v3_excerpt.pgn");

/// Their final positions, from the book's companion EPD file (written by python-chess).
const EXCERPT_FINAL: [&str; 6] = [
    "r2qkb1r/pppn2pp/3p1nb1/3Pp1B1/2P1p3/2N3N1/PP3PPP/R2QKB1R w KQkq -",
    "rnbq1rk1/pp2bppp/5n2/3p4/8/1N3N2/PPP1BPPP/R1BQK2R w KQ -",
    "r1bqk2r/1pp1bppp/p3pn2/4N3/2pn4/6P1/PP1NPPBP/R1BQ1RK1 w kq -",
    "rn1q1rk1/ppp1ppbp/2b2np1/8/2QP1B2/2N2N2/PP2PPPP/R3KB1R w KQ -",
    "r1bq1rk1/pp2ppbp/n5p1/2Pn4/8/5NP1/PP2PPBP/RNBQ1RK1 w - -",
    "r2qk2r/pppnbppp/2np4/4p2b/4P3/1BPP1N1P/PP1N1PP1/R1BQK2R w KQkq -",
];

fn read_all(text: &str) -> Vec<Result<Game, PgnError>> {
    read_games(text).collect()
}

fn read_one(text: &str) -> Game {
    let mut games = read_all(text);
    assert_eq!(games.len(), 1, "expected one game in {text:?}");
    games.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

fn read_error(text: &str) -> PgnError {
    let games = read_all(text);
    assert_eq!(games.len(), 1, "expected one game in {text:?}");
    games[0].clone().expect_err("the game should be rejected")
}

fn four_fields(board: &Board) -> String {
    let fen = board.to_fen();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn uci(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn reads_the_book_excerpt_to_the_books_final_positions() {
    let games = read_all(EXCERPT);
    assert_eq!(games.len(), 6);
    for (game, fen) in games.iter().zip(EXCERPT_FINAL) {
        let game = game.as_ref().unwrap();
        assert_eq!(game.moves().len(), 16);
        assert_eq!(game.result, GameResult::Draw);
        assert_eq!(game.tag("White"), Some("Stockfish"));
        assert_eq!(four_fields(game.end()), fen);
    }
    assert_eq!(games[0].as_ref().unwrap().tag("Eco"), Some("A41"));
}

#[test]
fn reads_every_movetext_feature() {
    let text = r#"
% an escape line, ignored
[Event "Test \"quoted\" \\ event"]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

{Morphy - Duke of Brunswick and Count Isouard, Paris 1858.} 1.e4! e5 $1 2. Nf3
d6 (2... Nc6 3. Bb5 (3. Bc4 Bc5) a6) 3. d4 ; a rest-of-line comment (with a paren
3... Bg4?! {A comment
spanning lines} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6
9. Bg5 b5 $6 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12.O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+!! Nxb8 17. Rd8# 1-0
"#;
    let game = read_one(text);
    assert_eq!(game.tag("Event"), Some(r#"Test "quoted" \ event"#));
    assert_eq!(game.result, GameResult::WhiteWins);
    assert_eq!(game.moves().len(), 33);
    assert_eq!(uci(&game.moves()[..4]), ["e2e4", "e7e5", "g1f3", "d7d6"]);
    assert_eq!(game.moves()[22].to_string(), "e1c1");
    assert_eq!(game.comment, None);
    let end = game.position();
    assert!(end.board().is_check() && !end.board().has_legal_move());
}

#[test]
fn reads_a_fen_start_and_the_closing_comment() {
    let text = r#"[Event "?"]
[SetUp "1"]
[FEN "6k1/p4ppp/8/8/8/8/8/1R4K1 b - - 3 30"]

30... a6 31. Rb8# {White mates} 1-0
"#;
    let game = read_one(text);
    assert_eq!(game.start().fullmove_number(), 30);
    assert_eq!(uci(game.moves()), ["a7a6", "b1b8"]);
    assert_eq!(game.comment.as_deref(), Some("White mates"));
    let position = game.position();
    assert!(position.board().is_check() && !position.board().has_legal_move());
}

#[test]
fn several_games_with_missing_results_and_no_tags() {
    // A game without a result is read when another game follows it; the last one, which the
    // text ends inside, is reported as cut short (its moves kept by the lenient reader).
    let text = "1. e4 e5 *\n\n1. d4 d5\n[Event \"x\"]\n1. c4\n";
    let mut reader = chainmate::formats::pgn::read_games(text);
    let games: Vec<Game> = std::iter::from_fn(|| reader.next_lenient())
        .map(|(game, error)| {
            if let Some(e) = error {
                assert_eq!((e.kind, e.game), (PgnErrorKind::Truncated, 3));
            }
            game.unwrap()
        })
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].result, GameResult::Unknown);
    assert_eq!(games[1].moves().len(), 2);
    assert_eq!(games[2].tag("Event"), Some("x"));
    assert_eq!(uci(games[2].moves()), ["c2c4"]);
}

#[test]
fn an_illegal_move_names_the_game_line_and_move_and_the_next_game_is_read() {
    let text = "[White \"W\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bc4 Ke7 4. Qxf7 *\n\n\
                [Event \"next\"]\n\n1. d4 *\n";
    let games = read_all(text);
    assert_eq!(games.len(), 2);
    let error = games[0].clone().unwrap_err();
    assert_eq!((error.game, error.game_line, error.line), (1, 1, 5));
    assert_eq!(error.players.as_deref(), Some("W - B"));
    match &error.kind {
        PgnErrorKind::BadMove { number, san, error } => {
            assert_eq!((number.as_str(), san.as_str()), ("4.", "Qxf7"));
            assert!(
                matches!(error, MoveError::Illegal { text, .. } if text == "Qxf7"),
                "{error:?}"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    let message = error.to_string();
    assert!(message.contains("game 1") && message.contains("move 4. Qxf7"));
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
}

#[test]
fn malformed_san_is_a_typed_error() {
    let e = read_error("1. e4 e5 2. Zz9 *");
    assert!(matches!(
        e.kind,
        PgnErrorKind::BadMove { ref number, error: MoveError::NotSan(_), .. } if number == "2."
    ));
}

#[test]
fn an_unclosed_comment_is_a_typed_error() {
    let e = read_error("[Event \"x\"]\n\n1. e4 {never closed\n2. d4 *\n");
    assert_eq!((e.kind, e.line), (PgnErrorKind::UnclosedComment, 3));
}

#[test]
fn a_bad_fen_tag_is_a_typed_error() {
    let e = read_error("[Event \"x\"]\n[FEN \"8/8/8 w - -\"]\n\n*\n");
    assert!(matches!(e.kind, PgnErrorKind::BadFen { .. }), "{e}");
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("bad FEN tag"));
}

#[test]
fn variation_and_tag_faults_are_typed_errors() {
    let e = read_error("1. e4 (1. d4 d5 2. c4 *");
    assert_eq!(e.kind, PgnErrorKind::UnclosedVariation);
    let e = read_error("1. e4 e5) *");
    assert_eq!(e.kind, PgnErrorKind::UnmatchedParenthesis);
    let e = read_error("[Event \"x\" extra]\n[Site \"y\"]\n\n1. e4 *");
    assert_eq!((e.kind, e.line), (PgnErrorKind::BadTag, 1));
    let e = read_error("[Event \"unclosed]\n\n1. e4 *");
    assert_eq!(e.kind, PgnErrorKind::UnclosedString);
    let e = read_error("1. e4 \"string\" *");
    assert!(matches!(e.kind, PgnErrorKind::UnexpectedToken(_)));
    let e = read_error("1. e4 € *");
    assert_eq!(e.kind, PgnErrorKind::UnexpectedCharacter('€'));
}

#[test]
fn a_broken_game_does_not_hide_the_following_ones() {
    let text = format!("1. e4 (1. d4 *\n\n{EXCERPT}");
    let games = read_all(&text);
    assert!(games[0].is_err());
    assert_eq!(games.iter().filter(|g| g.is_ok()).count(), 6);
}

#[test]
fn writes_the_seven_tag_roster_setup_and_wrapped_movetext() {
    let mut game = read_one("1. f3 e5 2. g4 Qh4# 0-1");
    game.set_tag("White", "Fool");
    game.set_tag("Termination", "normal");
    game.set_tag("Result", "1-0"); // ignored: the result field wins
    game.comment = Some("Black mates".into());
    let text = game.to_pgn();
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                    [White \"Fool\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Termination \"normal\"]\n\n\
                    1. f3 e5 2. g4 Qh4# {Black mates} 0-1\n\n";
    assert_eq!(text, expected);

    let fen = "6k1/p4ppp/8/8/8/8/8/1R4K1 b - - 3 30";
    let mut game = Game::new(Board::from_fen(fen).unwrap());
    for san in ["a6", "Rb8#"] {
        let mv = game.end().parse_san(san).unwrap();
        game.push(mv).unwrap();
    }
    let text = game.to_pgn();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"6k1/p4ppp/8/8/8/8/8/1R4K1 b - - 3 30\"]\n"));
    assert!(text.contains("\n30... a6 31. Rb8# *\n"));
    assert!(!read_one("1. e4 *").to_pgn().contains("FEN"));
}

#[test]
fn long_games_wrap_at_79_characters_and_push_rejects_illegal_moves() {
    let game = read_one(EXCERPT.split("\n\n[").next().unwrap());
    let mut long = Game::new(Board::startpos());
    for _ in 0..30 {
        for &mv in game.moves() {
            if long.push(mv).is_err() {
                break;
            }
        }
    }
    let board = *long.end();
    let illegal = Board::startpos().parse_uci("e2e4").unwrap();
    if !board.is_legal(illegal) {
        assert!(long.push(illegal).is_err());
        assert_eq!(long.end(), &board);
    }
    long.comment = Some("a long closing comment ".repeat(10));
    let text = long.to_pgn();
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    let back = read_one(&text);
    assert_eq!(back.moves(), long.moves());
    assert_eq!(
        back.comment.as_deref(),
        Some(long.comment.as_deref().unwrap().trim())
    );
}

#[test]
fn book_excerpt_round_trips_through_the_writer() {
    for game in read_all(EXCERPT) {
        let game = game.unwrap();
        let back = read_one(&game.to_pgn());
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back.tags, game.tags);
        assert_eq!(back.result, game.result);
    }
}

/// Random legal games (from the test start positions) survive write → read unchanged.
#[test]
fn random_games_round_trip() {
    fn prop(g: common::games::Game) -> Result<(), String> {
        let line = g.line();
        let mut game = Game::new(line.boards[0]);
        for &mv in &line.moves {
            game.push(mv).map_err(|e| e.to_string())?;
        }
        game.set_tag("White", "quote \" and \\ backslash");
        game.result = GameResult::Draw;
        game.comment = Some("end {with braces}".into());
        let text = game.to_pgn();
        // Tag pairs cannot be split, so the limit is for movetext lines.
        if let Some(long) = text.lines().find(|l| l.len() > 79 && !l.starts_with('[')) {
            return Err(format!("line too long: {long}"));
        }
        let back = read_one(&text);
        let same = back.start() == game.start()
            && back.moves() == game.moves()
            && back.tag("White") == game.tag("White")
            && back.result == GameResult::Draw
            && back.comment.as_deref() == Some("end {with braces)");
        same.then_some(())
            .ok_or_else(|| format!("round trip differs:\n{text}"))
    }
    common::games::check_games(200, prop);
}

/// Arbitrary strings never make the reader panic.
#[test]
fn arbitrary_text_never_panics() {
    fn prop(text: String) -> bool {
        read_games(&text).count() <= text.len() + 1
    }
    QuickCheck::new()
        .tests(common::cases(2000))
        .quickcheck(prop as fn(String) -> bool);
}

/// Text assembled from PGN fragments, so the fuzzing reaches the parser's deeper states.
#[derive(Clone, Debug)]
struct PgnSoup(String);

impl Arbitrary for PgnSoup {
    fn arbitrary(g: &mut Gen) -> PgnSoup {
        const PIECES: &[&str] = &[
            "[",
            "]",
            "\"",
            "Event",
            "\"x\"",
            "FEN",
            "\"8/8/8/8/8/8/8/K1k5 w - - 0 1\"",
            "{",
            "}",
            "(",
            ")",
            ";",
            "\n",
            "\n%",
            " ",
            "1.",
            "2...",
            "e4",
            "e5",
            "Nf3",
            "Nc6",
            "O-O",
            "exd5",
            "e8=Q",
            "$1",
            "!?",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "--",
            "\\",
            "€",
            "\t",
            "Kxe2",
            "a",
        ];
        let len = usize::arbitrary(g) % 60;
        let text = (0..len)
            .map(|_| *g.choose(PIECES).expect("non-empty"))
            .collect();
        PgnSoup(text)
    }
}

#[test]
fn pgn_like_soup_never_panics() {
    fn prop(soup: PgnSoup) -> bool {
        for game in read_games(&soup.0) {
            match game {
                Ok(g) => {
                    // Whatever was read can be written and read back to the same moves.
                    let back = read_games(&g.to_pgn()).next();
                    if back.and_then(Result::ok).map(|b| b.moves().to_vec())
                        != Some(g.moves().to_vec())
                    {
                        return false;
                    }
                }
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
        true
    }
    QuickCheck::new()
        .tests(common::cases(3000))
        .quickcheck(prop as fn(PgnSoup) -> bool);
}

#[test]
fn the_start_position_is_written_without_a_fen_tag() {
    let game = Game::new(Board::from_fen(STARTPOS_FEN).unwrap());
    assert_eq!(
        game.to_pgn(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n*\n\n"
    );
}

#[test]
fn move_comments_are_kept_per_move_and_round_trip_apart_from_the_closing_comment() {
    let text =
        "[White \"a\"]\n[Black \"b\"]\n\n1. e4 {+0.30/12 0.81s} e5 {[%eval 0.25] [%clk 0:03:00]} \
                2. Nf3 {book} {second} Nc6 3. Bb5 {+0.41/14 1.02s} {White resigns... not} 1-0\n";
    let game = read_one(text);
    assert_eq!(game.note(0), Some("+0.30/12 0.81s"));
    assert_eq!(game.note(1), Some("[%eval 0.25] [%clk 0:03:00]"));
    assert_eq!(game.note(2), Some("book second"));
    assert_eq!(game.note(3), None);
    // The last move's last comment is the closing comment, the one before it its note.
    assert_eq!(game.note(4), Some("+0.41/14 1.02s"));
    assert_eq!(game.comment.as_deref(), Some("White resigns... not"));
    let again = read_one(&game.to_pgn());
    for i in 0..game.moves().len() {
        assert_eq!(again.note(i), game.note(i), "note {i}");
    }
    assert_eq!(again.comment, game.comment);
    assert_eq!(again.to_pgn(), game.to_pgn());
}

#[test]
fn a_lenient_read_gives_the_moves_before_an_illegal_one() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Ke7 3. Ke3 Nc6 *\n\n1. d4 d5 *\n";
    let mut reader = read_games(text);
    let (game, error) = reader.next_lenient().unwrap();
    let game = game.expect("the moves before the bad one");
    assert_eq!(uci(game.moves()), ["e2e4", "e7e5", "g1f3", "e8e7"]);
    let error = error.expect("the bad move is reported");
    assert_eq!(error.game, 1);
    assert!(error.to_string().contains("Ke3"), "{error}");
    let (next, none) = reader.next_lenient().unwrap();
    assert!(none.is_none());
    assert_eq!(next.unwrap().moves().len(), 2);
    assert!(reader.next_lenient().is_none());
    // A game that cannot be read at all gives no game.
    let (nothing, error) = read_games("[FEN \"bad\"]\n\n1. e4 *\n")
        .next_lenient()
        .unwrap();
    assert!(nothing.is_none() && error.is_some());
}

/// A file cut inside a game (no result token before the end) is reported as truncated, with
/// the moves read so far kept by the lenient reader; a game followed by its result is not.
#[test]
fn a_game_cut_short_is_reported_with_its_moves() {
    use chainmate::formats::pgn::{read_games, PgnErrorKind};
    let text = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3";
    let (game, error) = read_games(text).next_lenient().unwrap();
    assert_eq!(game.unwrap().moves().len(), 3);
    let error = error.unwrap();
    assert_eq!(
        (error.kind, error.game, error.line),
        (PgnErrorKind::Truncated, 1, 4)
    );
    assert!(read_games(text).next().unwrap().is_err());
    let whole = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
    assert!(read_games(whole).next().unwrap().is_ok());
}

/// A file's byte-order mark, left in the text by a reader that kept it, is passed over, not
/// an unexpected character that costs the first game; a Latin-1 file decoded by
/// `formats::decode_text` reads as its UTF-8 twin, the tag's ü included.
#[test]
fn a_byte_order_mark_and_latin1_text_read_like_plain_utf8() {
    let with_bom = format!("\u{feff}{EXCERPT}");
    let games = read_all(&with_bom);
    assert_eq!(games.len(), 6);
    assert!(games.iter().all(Result::is_ok));
    let latin1: Vec<u8> = EXCERPT
        .replacen("[White \"Stockfish\"]", "[White \"M\u{fc}ller\"]", 1)
        .chars()
        .map(|c| c as u8)
        .collect();
    let (text, encoding) = chainmate::formats::decode_text(latin1);
    assert_eq!(encoding, chainmate::formats::Encoding::Latin1);
    let games = read_all(&text);
    assert_eq!(games.len(), 6);
    assert_eq!(games[0].as_ref().unwrap().tag("White"), Some("M\u{fc}ller"));
}
