//! Syzygy tablebases in the search (`src/search/syzygy.rs`): the root keeps the moves that
//! keep the result, tablebase scores sit between evaluations and mates, won endings are
//! converted to mate inside the fifty-move rule by self-play and drawn ones are held, a broken
//! table is reported and the search plays on. Fixed depths and node counts only. The 3- and
//! 4-piece tables are shipped in `tests/data/syzygy/tables/`; the K+R+P against K+R games
//! need the 5-piece tables of `../shared/data/syzygy/` (`--ignored`).

use crate::common;

use std::sync::{Arc, Mutex};

use chainmate::core::{Board, Position};
use chainmate::eval::score::{self, MATE_IN_MAX_PLY, MAX_EVAL, TB_WIN};
use chainmate::search::syzygy::Syzygy;
use chainmate::search::{
    self, Limits, Reporter, SearchConfig, SearchControl, SearchInfo, SearchResult,
    TranspositionTable,
};
use chainmate::tb::Tablebase;

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/tables");
const SHARED_TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/syzygy");

/// Keeps the last report and every note.
#[derive(Default)]
struct Recorder {
    last: Mutex<Option<SearchInfo>>,
    notes: Mutex<Vec<String>>,
}

impl Reporter for Recorder {
    fn report(&self, info: &SearchInfo) {
        *self.last.lock().unwrap() = Some(info.clone());
    }
    fn note(&self, text: &str) {
        self.notes.lock().unwrap().push(text.to_string());
    }
}

fn config(path: Option<&str>, rule50: bool) -> SearchConfig {
    SearchConfig {
        syzygy: path.map(|p| Syzygy {
            tables: Arc::new(Tablebase::open(p)),
            probe_depth: 1,
            probe_limit: 7,
            rule50,
        }),
        ..SearchConfig::new()
    }
}

fn run(position: &Position, limits: Limits, config: &SearchConfig) -> (SearchResult, Recorder) {
    let recorder = Recorder::default();
    let tt = TranspositionTable::new(16);
    let result = search::search(
        position,
        &limits,
        config,
        &tt,
        &SearchControl::default(),
        &recorder,
    );
    (result, recorder)
}

fn last(recorder: &Recorder) -> SearchInfo {
    recorder.last.lock().unwrap().clone().expect("a report")
}

#[test]
fn the_root_keeps_the_only_winning_move_and_shows_a_tablebase_win() {
    // K+Q against K+R: only Qxh1 keeps the win (python-chess: Ka2 draws, the rest lose).
    let position = Position::from_fen("8/8/8/8/8/2k5/8/KQ5r w - - 0 1").unwrap();
    let (result, recorder) = run(&position, Limits::depth(6), &config(Some(TABLES), true));
    assert_eq!(result.best_move.unwrap().to_string(), "b1h1");
    assert_eq!(result.score, TB_WIN);
    let info = last(&recorder);
    assert_eq!(score::uci_cp(info.score), 20_000);
    assert_eq!(score::mate_moves(info.score), None);
    let notes = recorder.notes.lock().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("root in the tables (win), 1 of 7 moves keep it")),
        "{notes:?}"
    );
    // Ranked by DTZ at the root, the search itself does not probe: the hits are the root's
    // probes, one per root move (Stockfish's count), not 0 as if the tables were unused.
    assert_eq!(info.tbhits, 7);
}

#[test]
fn the_fifty_move_rule_spoils_a_slow_win_unless_switched_off() {
    // Won in 57 plies to the next capture (python-chess's DTZ), with 60 plies already on the
    // counter: the win cannot be converted in time.
    let fen = "8/8/8/3Q4/8/4k3/3r4/K7 w - - 60 80";
    let position = Position::from_fen(fen).unwrap();
    let (with_rule, _) = run(&position, Limits::depth(5), &config(Some(TABLES), true));
    assert!(
        (1..50).contains(&with_rule.score),
        "a spoiled win shows 1-49 cp, not {}",
        with_rule.score
    );
    let (without, _) = run(&position, Limits::depth(5), &config(Some(TABLES), false));
    assert_eq!(without.score, TB_WIN);
    // Both keep the win (the move is one of the tables' winning moves).
    let tables = Tablebase::open(TABLES);
    for result in [with_rule, without] {
        let mut child = *position.board();
        child.play_unchecked(result.best_move.unwrap());
        assert_eq!(
            tables.probe_wdl(&child).unwrap(),
            chainmate::tb::Wdl::Loss,
            "{}",
            result.best_move.unwrap()
        );
    }
}

#[test]
fn interior_probes_score_tablebase_wins_between_evaluations_and_mates() {
    // K+Q+R against K+R (five pieces: no table), where taking the rook leads into the
    // 4-piece tables: the search scores the capture's line as a tablebase win.
    let position = Position::from_fen("8/8/8/3k4/8/8/2r5/KQ2R3 w - - 0 1").unwrap();
    let with_tables = config(Some(TABLES), true);
    let (result, recorder) = run(&position, Limits::depth(3), &with_tables);
    let info = last(&recorder);
    assert!(info.tbhits > 0);
    assert!(
        result.score > MAX_EVAL && result.score < MATE_IN_MAX_PLY,
        "{}",
        result.score
    );
    assert_eq!(score::mate_moves(result.score), None);
    assert!(score::uci_cp(result.score) > 19_900);
    // The same search twice: the same tree (probes are a pure function of the position).
    let (again, _) = run(&position, Limits::depth(3), &with_tables);
    assert_eq!(
        (again.nodes, again.best_move),
        (result.nodes, result.best_move)
    );
    // Without tables the score is an evaluation.
    let (plain, recorder) = run(&position, Limits::depth(3), &config(None, true));
    assert!(plain.score <= MAX_EVAL);
    assert_eq!(last(&recorder).tbhits, 0);
    // Deep enough, a real mate is still found and shown as a mate.
    let (deep, _) = run(&position, Limits::depth(12), &with_tables);
    assert!(score::mate_moves(deep.score).is_some_and(|m| m > 0));
}

/// Plays from `fen` until the game ends, each side searching `nodes` per move with its own
/// tables (`None`: none); returns the final position.
fn self_play(fen: &str, white: Option<&str>, black: Option<&str>, nodes: u64) -> Position {
    let mut position = Position::from_fen(fen).unwrap();
    let configs = [config(white, true), config(black, true)];
    let tts = [TranspositionTable::new(16), TranspositionTable::new(16)];
    let mut max_clock = 0;
    for _ in 0..600 {
        if position.is_draw() || !position.board().has_legal_move() {
            break;
        }
        let side = position.board().side_to_move() as usize;
        let result = search::search(
            &position,
            &Limits::nodes(nodes),
            &configs[side],
            &tts[side],
            &SearchControl::default(),
            &search::Silent,
        );
        tts[side].new_search();
        let mv = result.best_move.expect("a legal move");
        position.play(mv);
        max_clock = max_clock.max(position.board().halfmove_clock());
    }
    assert!(
        max_clock <= 100,
        "the fifty-move counter reached {max_clock}"
    );
    position
}

fn is_checkmate(board: &Board) -> bool {
    board.is_check() && !board.has_legal_move()
}

#[test]
fn kq_v_kr_is_converted_to_mate_within_the_fifty_move_rule() {
    // The longest win to a capture among 20,000 random K+Q v K+R positions (DTZ 57).
    let fen = "8/8/8/3Q4/8/4k3/3r4/K7 w - - 0 1";
    let end = self_play(fen, Some(TABLES), Some(TABLES), 5_000);
    assert!(is_checkmate(end.board()), "{}", end.board().to_fen());
    assert_eq!(end.board().side_to_move(), chainmate::core::Color::Black);
}

#[test]
fn a_drawn_kr_v_kb_is_held_against_an_engine_without_tables() {
    // Rook against bishop: a draw the tables hold against an attacker that searches alone.
    let fen = "8/8/8/8/3kb3/8/8/R3K3 w - - 0 1";
    let tables = Tablebase::open(TABLES);
    let board = Board::from_fen(fen).unwrap();
    assert_eq!(tables.probe_wdl(&board).unwrap(), chainmate::tb::Wdl::Draw);
    let end = self_play(fen, None, Some(TABLES), 5_000);
    assert!(!is_checkmate(end.board()), "{}", end.board().to_fen());
    assert!(end.is_draw(), "{}", end.board().to_fen());
}

#[test]
fn a_broken_table_is_reported_and_the_search_plays_on() {
    let dir = std::env::temp_dir().join(format!("chainmate-broken-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["KQvK", "KRvK", "KQvKR"] {
        for ext in ["rtbw", "rtbz"] {
            let from = format!("{TABLES}/{name}.{ext}");
            let mut bytes = std::fs::read(&from).unwrap();
            if name == "KQvKR" && ext == "rtbw" {
                bytes.truncate(bytes.len() / 2);
            }
            std::fs::write(dir.join(format!("{name}.{ext}")), bytes).unwrap();
        }
    }
    let path = dir.to_str().unwrap().to_string();
    // The root cannot be ranked (its WDL table is broken): the search plays on, probing
    // inside, reporting the table once; the intact K+Q v K table still scores the capture.
    let position = Position::from_fen("8/8/8/8/8/2k5/8/KQ5r w - - 0 1").unwrap();
    let (result, recorder) = run(&position, Limits::depth(6), &config(Some(&path), true));
    assert_eq!(result.best_move.unwrap().to_string(), "b1h1");
    assert_eq!(score::uci_cp(result.score), 20_000 - 1);
    let notes = recorder.notes.lock().unwrap();
    let broken: Vec<_> = notes.iter().filter(|n| n.contains("KQvKR")).collect();
    assert_eq!(broken.len(), 1, "{notes:?}");
    assert!(broken[0].contains("not a valid table"), "{broken:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[ignore = "needs the 5-piece tables of ../shared/data/syzygy"]
fn krp_v_kr_is_converted_and_a_drawn_one_is_held() {
    let needed = ["KRPvKR", "KQRvKR", "KRRvKR", "KRBvKR", "KRNvKR"]
        .iter()
        .flat_map(|t| ["rtbw", "rtbz"].map(|ext| format!("{SHARED_TABLES}/{t}.{ext}")))
        .collect::<Vec<_>>();
    let needed: Vec<&str> = needed.iter().map(String::as_str).collect();
    common::require_data(
        &needed,
        "the 5-piece Syzygy tables of K+R+P against K+R and its promotions in \
         ../shared/data/syzygy (the project's shared data beside the clone)",
        "Put them there: ../shared/data/syzygy/README.md says how they were generated \
         (github.com/syzygy1/tb, rtbgen/rtbgenp built with -DTBPIECES=5).",
    );
    // A won K+R+P v K+R (DTZ 23 by python-chess, the pawn still on b3) and Philidor's drawn
    // position (the defending rook on the sixth); both sides with tables, then the
    // defender alone.
    let won = "8/8/8/7k/8/1P2R3/r4K2/8 w - - 0 1";
    let tables = Tablebase::open(SHARED_TABLES);
    assert_eq!(
        tables.probe_wdl(&Board::from_fen(won).unwrap()).unwrap(),
        chainmate::tb::Wdl::Win
    );
    let end = self_play(won, Some(SHARED_TABLES), Some(SHARED_TABLES), 20_000);
    assert!(is_checkmate(end.board()), "{}", end.board().to_fen());
    let drawn = "4k3/8/r7/4PK2/8/8/8/7R b - - 0 1";
    assert_eq!(
        tables.probe_wdl(&Board::from_fen(drawn).unwrap()).unwrap(),
        chainmate::tb::Wdl::Draw
    );
    for white in [Some(SHARED_TABLES), None] {
        let end = self_play(drawn, white, Some(SHARED_TABLES), 20_000);
        assert!(!is_checkmate(end.board()), "{}", end.board().to_fen());
    }
}
