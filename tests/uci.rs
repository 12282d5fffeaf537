//! UCI sessions driven through the real `chainmate` binary, as a GUI drives it: the handshake,
//! searches with every kind of limit, pondering, stop and quit during a search, and bad input
//! of every kind, after which the engine must answer and keep its state.
//!
//! Timeouts here only keep a broken engine from hanging the test run; nothing asserts speed.

use crate::common;

use chainmate::core::Board;
use common::uci::Engine;

fn legal_in(fen: &str, mv: &str) -> bool {
    Board::from_fen(fen).unwrap().parse_uci(mv).is_ok()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White to move, in check from the g2 pawn, with a single legal move: Kh1-g1.
const ONE_MOVE: &str = "8/8/8/8/8/6k1/6p1/7K w - - 0 1";

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name chainmate"));
    for option in [
        "Hash",
        "Threads",
        "Clear Hash",
        "Move Overhead",
        "MultiPV",
        "Ponder",
        "EvalFile",
        "MaxDepth",
        "UCI_ShowWDL",
        "UCI_LimitStrength",
        "UCI_Elo",
        "UCI_Chess960",
        "SyzygyPath",
        "SyzygyProbeDepth",
        "SyzygyProbeLimit",
        "Syzygy50MoveRule",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "option {option} missing"
        );
    }
    // A GUI sees the options above, none of them a free-text wall of parameters.
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    assert_eq!(options.len(), 16, "{options:?}");
    // Only the evaluator's parameter file and the tablebase directories are text.
    assert_eq!(
        options.iter().filter(|l| l.contains("type string")).count(),
        2
    );
    // The papers' options are the lab's: the engine does not know them.
    e.send("setoption name Search value minimax");
    let answer = e.until(|l| l.starts_with("info string"));
    assert!(answer[0].contains("unknown option 'Search'"), "{answer:?}");
    // Tunables are accepted though not listed.
    e.send("setoption name search.rfp_margin value 90");
    e.send("setoption name search.rfp_margin value -90");
    let answer = e.until(|l| l.starts_with("info string"));
    assert!(answer[0].contains("outside 0..1000"), "{answer:?}");
    e.ready();
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn syzygy_tables_are_found_used_and_a_bad_path_is_refused() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/tables");
    let mut e = Engine::start();
    e.ready();
    e.send("setoption name SyzygyPath value /nonexistent/syzygy");
    let lines = e.until(|l| l.starts_with("info string syzygy:"));
    assert!(
        lines[0].contains("no Syzygy WDL table (.rtbw) found in '/nonexistent/syzygy'"),
        "{lines:?}"
    );
    assert!(
        lines.last().unwrap().ends_with("syzygy: no tables"),
        "{lines:?}"
    );
    e.send(&format!("setoption name SyzygyPath value {tables}"));
    let lines = e.until(|l| l.starts_with("info string syzygy:"));
    assert!(
        lines[0].contains("syzygy: 35 WDL and 35 DTZ tables, up to 4 pieces"),
        "{lines:?}"
    );
    // K+Q v K+R: only Qxh1 wins; the score is the tables' win, in centipawns.
    e.send("position fen 8/8/8/8/8/2k5/8/KQ5r w - - 0 1");
    e.send("go depth 8");
    let (mv, lines) = e.bestmove();
    assert_eq!(mv, "b1h1");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    // The tables decided the root: its seven moves were probed, and the hits say so.
    assert!(
        info.contains(" score cp 20000 ") && info.contains(" tbhits 7 "),
        "{info}"
    );
    assert!(
        lines.iter().any(|l| l.contains("root in the tables (win)")),
        "{lines:?}"
    );
    // Inside the search: five pieces, the capture leads into the tables.
    e.send("setoption name SyzygyProbeDepth value 1");
    e.send("position fen 8/8/8/3k4/8/8/2r5/KQ2R3 w - - 0 1");
    e.send("go depth 3");
    let (_, lines) = e.bestmove();
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let hits: u64 = info
        .split(" tbhits ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(hits > 0, "{info}");
    // Unloaded, the engine plays on without them.
    e.send("setoption name SyzygyPath value <empty>");
    e.send("go depth 3");
    let (_, lines) = e.bestmove();
    assert!(lines.iter().any(|l| l.contains(" tbhits 0 ")), "{lines:?}");
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn a_hash_size_the_machine_cannot_give_is_refused_and_the_engine_plays_on() {
    // 2 GB of address space: an 8 GiB table cannot be had (today's machines would abort).
    let mut e = Engine::start_with_memory_limit(2_000_000);
    e.ready();
    e.send("setoption name Hash value 8192");
    let lines = e.until(|l| l.starts_with("info string"));
    assert!(
        lines
            .last()
            .unwrap()
            .contains("cannot allocate a 8192 MiB hash table; keeping the 16 MiB table"),
        "{lines:?}"
    );
    e.send("setoption name Hash value 32");
    e.send("go depth 5");
    let (mv, _) = e.bestmove();
    assert!(legal_in(START, &mv), "{mv}");
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn tunables_flag_lists_every_parameter_as_a_spin_or_check() {
    let out = common::chainmate_with_input(&["--tunables"], b"uci\nquit\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let options: Vec<&str> = text.lines().filter(|l| l.starts_with("option ")).collect();
    assert!(options.len() > 900, "{} options", options.len());
    // Only the evaluator's parameter file and the tablebase directories are text.
    assert_eq!(
        options.iter().filter(|l| l.contains("type string")).count(),
        2
    );
    assert!(options.contains(&"option name search.rfp_margin type spin default 83 min 0 max 1000"));
    assert!(options
        .iter()
        .any(|l| l.starts_with("option name full.tempo_mg type spin")));
    // The papers' evaluators are the lab's.
    assert!(!options
        .iter()
        .any(|l| l.starts_with("option name material.")));
}

#[test]
fn go_without_position_searches_the_start_position() {
    let mut e = Engine::start();
    e.send("go depth 4");
    let (mv, lines) = e.bestmove();
    assert!(legal_in(START, &mv), "{mv}");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 4"))
        .expect("depth 4 reported");
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
}

#[test]
fn position_with_moves_and_every_limit_kind() {
    let mut e = Engine::start();
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    for go in [
        "go depth 5",
        "go nodes 20000",
        "go movetime 100",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 500 btime 500 movestogo 1",
        "go btime 50 wtime 50",
    ] {
        e.send(go);
        let (mv, _) = e.bestmove();
        assert!(legal_in(after, &mv), "{go}: {mv}");
    }
}

#[test]
fn bad_position_commands_keep_the_previous_position() {
    let mut e = Engine::start();
    e.send(&format!("position fen {ONE_MOVE}"));
    for bad in [
        "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen this is not a fen at all",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e2e5",
        "position startpos moves zz99",
        "position",
        "position sideways",
    ] {
        e.send(bad);
        let lines = e.until(|l| l.starts_with("info string"));
        assert!(lines.last().unwrap().len() > "info string ".len(), "{bad}");
    }
    e.send("go depth 3");
    let (mv, _) = e.bestmove();
    assert_eq!(
        mv, "h1g1",
        "the one legal move of the position set before the bad commands"
    );
}

#[test]
fn garbage_lines_are_answered_and_the_engine_carries_on() {
    let mut e = Engine::start();
    for garbage in [
        "hello",
        "go depth banana",
        "go wtime",
        "setoption name Hash value -3",
        "setoption name Hash value lots",
        "setoption name NoSuchOption value 1",
        "setoption name Evaluator value magic",
        "setoption name EvalFile value /nonexistent/weights.txt",
        "setoption name Search value bogo",
        "setoption Hash 3",
        "\u{1}\u{2}\u{3}",
        "bench x",
    ] {
        e.send(garbage);
        e.until(|l| l.starts_with("info string"));
    }
    e.send("");
    e.send("   ");
    e.ready();
    e.send("go depth 2");
    let (mv, _) = e.bestmove();
    assert!(legal_in(START, &mv));
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 3"));
    e.ready(); // isready is answered during a search
    e.send("stop");
    let (mv, _) = e.bestmove();
    assert!(legal_in(
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
        &mv
    ));
}

#[test]
fn infinite_search_waits_for_stop_even_when_done() {
    // A mate in one is solved instantly, but `go infinite` must not answer before `stop`.
    let mut e = Engine::start();
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go infinite depth 3");
    e.until(|l| l.starts_with("info depth 3"));
    e.ready();
    e.send("stop");
    let (mv, _) = e.bestmove();
    assert_eq!(mv, "a1a8");
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    e.until(|l| l.starts_with("info depth 2"));
    e.send("ponderhit");
    let (mv, _) = e.bestmove();
    assert!(legal_in(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        &mv
    ));
    e.send("go ponder wtime 2000 btime 2000");
    e.until(|l| l.starts_with("info depth 2"));
    e.send("stop");
    let (mv, _) = e.bestmove();
    assert!(legal_in(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        &mv
    ));
}

#[test]
fn quit_during_a_search_exits_cleanly() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 2"));
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 2"));
    assert!(e.close_and_wait().success());
}

#[test]
fn go_mate_reports_the_mate_score() {
    let mut e = Engine::start();
    e.send("position fen 4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1");
    e.send("go mate 2");
    let (mv, lines) = e.bestmove();
    assert_eq!(mv, "b3b8");
    assert!(lines.iter().any(|l| l.contains(" score mate 2 ")));
}

#[test]
fn show_wdl_adds_win_draw_loss_to_every_scored_line() {
    let mut e = Engine::start();
    // Off by default: no wdl.
    e.send("go depth 4");
    let (_, lines) = e.bestmove();
    assert!(lines.iter().all(|l| !l.contains(" wdl ")));
    e.send("setoption name UCI_ShowWDL value true");
    // A queen up: winning chances far above losing ones.
    e.send("position fen 4k3/8/8/8/8/8/PPPP4/3QK3 w - - 0 1");
    e.send("go depth 6");
    let (_, lines) = e.bestmove();
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty());
    for line in scored {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words
            .iter()
            .position(|w| *w == "wdl")
            .expect("a wdl in every scored line");
        let wdl: Vec<u32> = words[at + 1..at + 4]
            .iter()
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
        assert!(wdl[0] > 900 && wdl[2] < 10, "{line}");
        // Stockfish's order: the score, then wdl, then nodes and the rest.
        let score = words.iter().position(|w| *w == "score").unwrap();
        let nodes = words.iter().position(|w| *w == "nodes").unwrap();
        assert!(score < at && at < nodes, "{line}");
    }
}

#[test]
fn limit_strength_plays_legal_varied_moves_within_its_budget_and_never_misses_a_mate() {
    use chainmate::search::strength::{Strength, MIN_ELO};
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Elo type spin default 1500 min 1320 max 2300"));
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("setoption name UCI_Elo value {MIN_ELO}"));
    // A back-rank mate in one is played every time, whatever the draw.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    for _ in 0..5 {
        e.send("go movetime 300");
        assert_eq!(e.bestmove().0, "a1a8");
    }
    // From the start, the node budget holds (one check interval of slack) and the moves vary.
    let budget = Strength::new(MIN_ELO).nodes();
    let mut played = std::collections::BTreeSet::new();
    for _ in 0..12 {
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go movetime 2000");
        let (mv, lines) = e.bestmove();
        let nodes: u64 = lines
            .iter()
            .rev()
            .find_map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                let at = words.iter().position(|w| *w == "nodes")?;
                words[at + 1].parse().ok()
            })
            .expect("an info line with nodes");
        assert!(nodes <= budget + 1024, "{nodes} nodes > {budget}");
        played.insert(mv);
    }
    assert!(played.len() >= 2, "always {played:?}");
    // Off again: full strength, a fixed-depth search from a new game gives one move, twice.
    e.send("setoption name UCI_LimitStrength value false");
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 6");
    let first = e.bestmove().0;
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 6");
    assert_eq!(e.bestmove().0, first);
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("go depth 5");
    let (_, lines) = e.bestmove();
    let firsts: Vec<&str> = (1..=3)
        .map(|k| {
            let line = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth 5 ") && l.contains(&format!(" multipv {k} ")))
                .expect("a line per multipv index");
            line.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
}

#[test]
fn options_threads_hash_and_searchmoves() {
    let mut e = Engine::start();
    e.send("setoption name Hash value 32");
    e.send("setoption name Threads value 2");
    e.send("setoption name Clear Hash");
    e.send("setoption name Move Overhead value 50");
    e.ready();
    e.send("go depth 6 searchmoves a2a3 h2h4");
    let (mv, _) = e.bestmove();
    assert!(mv == "a2a3" || mv == "h2h4", "{mv}");
}

#[test]
fn extensions_d_eval_perft_and_bench() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("d");
    let lines = e.until(|l| l.starts_with("Fen: "));
    assert_eq!(
        lines.last().unwrap(),
        "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    e.send("eval");
    e.until(|l| l.starts_with("Final evaluation"));
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains(": ") && l.len() < 16)
            .count(),
        20
    );
    e.send("bench 3");
    let lines = e.until(|l| l.ends_with(" nps"));
    let words: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
    assert_eq!(words.len(), 4);
    assert_eq!(words[1], "nodes");
    assert!(words[0].parse::<u64>().unwrap() > 0);
}

#[test]
fn extension_epd_solves_a_suite_and_reports_failures() {
    let path = std::env::temp_dir().join(format!("chainmate-uci-epd-{}.epd", std::process::id()));
    std::fs::write(
        &path,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"back rank\";\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - am Ra8#; id \"avoid the mate\";\n\
         not an epd line\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"nothing to solve\";\n",
    )
    .unwrap();
    let mut e = Engine::start();
    e.send(&format!("epd depth 4 {}", path.display()));
    let lines = e.until(|l| l.starts_with("solved "));
    assert!(lines
        .iter()
        .any(|l| l.contains(":4: no 'bm' or 'am' move") && l.contains("skipped")));
    // A suite with nothing to solve says so instead of `solved 0/0`.
    std::fs::write(&path, "# empty\n").unwrap();
    e.send(&format!("epd depth 4 {}", path.display()));
    e.until(|l| l.ends_with("holds no position to solve"));
    std::fs::remove_file(&path).ok();
    assert!(
        lines.last().unwrap().starts_with("solved 1/2 "),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l.contains(":3:") && l.contains("skipped")));
    assert!(lines
        .iter()
        .any(|l| l.contains("avoid the mate not solved: played Ra8#, avoid Ra8#")));
    // A missing file and a malformed command are answered, and the engine goes on.
    e.send("epd depth 4 /no/such/chainmate/file.epd");
    e.until(|l| l.starts_with("info string epd: cannot read"));
    e.send("epd fast 4 x.epd");
    e.until(|l| l.starts_with("info string"));
    e.ready();
    e.send("go depth 2");
    let (mv, _) = e.bestmove();
    assert!(legal_in(START, &mv));
}

#[test]
fn no_legal_move_answers_none() {
    let mut e = Engine::start();
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    let (mv, _) = e.bestmove();
    assert_eq!(mv, "(none)");
}

#[test]
fn the_last_info_shows_the_move_played_and_its_ponder_move() {
    let mut e = Engine::start();
    for go in ["go movetime 77", "go movetime 300", "go nodes 5000"] {
        e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        e.assert_last_pv_is_the_move_played(go, go);
    }
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn mated_and_stalemated_roots_say_so_before_bestmove_none() {
    let mut e = Engine::start();
    for (fen, score) in [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 5");
        let (mv, lines) = e.bestmove();
        assert_eq!(mv, "(none)");
        let info = &lines[lines.len() - 2];
        assert!(
            info.starts_with("info depth 0 ") && info.contains(score),
            "{lines:?}"
        );
        assert!(!info.contains(" pv"), "{info}");
    }
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn long_searches_report_the_current_move_and_progress() {
    let mut e = Engine::start();
    // An infinite search runs as long as the GUI waits. Once past the first second it says
    // which root move it is on and, every second, its progress. The test waits for the lines
    // themselves (a fast machine may finish a whole iteration inside any fixed sleep).
    e.send("go infinite");
    e.until(|l| l.contains(" currmove ") && l.contains(" currmovenumber "));
    e.until(|l| l.starts_with("info nodes ") && l.contains(" nps ") && l.contains(" hashfull "));
    e.send("stop");
    let (mv, _) = e.bestmove();
    assert!(legal_in(START, &mv), "{mv}");
    e.send("quit");
    assert!(e.close_and_wait().success());
}

#[test]
fn a_bad_move_in_position_says_which_ply_and_why() {
    let mut e = Engine::start();
    for (moves, expected) in [
        ("e2e4 e7e5 Nf3", "move 3 (Nf3): 'Nf3' is not UCI notation"),
        ("e2e4 e2e4", "move 2 (e2e4): 'e2e4' is illegal here: there is no piece on e2"),
        (
            "e2e4 d7d5 d5e4 d7d6",
            "move 3 (d5e4): 'd5e4' is illegal here: the pawn on d5 is black's, and white is to move",
        ),
    ] {
        e.send(&format!("position startpos moves {moves}"));
        let lines = e.until(|l| l.starts_with("info string"));
        let last = lines.last().unwrap();
        assert!(last.contains(expected), "{last}");
        assert!(last.ends_with("; position unchanged"), "{last}");
    }
    e.send("quit");
    assert!(e.close_and_wait().success());
}

/// Depth 1 always finishes, whatever the limit (as in Stockfish): `go nodes 1` reports a
/// searched depth and plays the mate in one, never an arbitrary first move.
#[test]
fn go_nodes_1_finishes_depth_1_and_plays_the_mate() {
    let mut e = Engine::start();
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    for go in ["go nodes 1", "go movetime 1", "go wtime 1 btime 1"] {
        e.send(go);
        let (mv, lines) = e.bestmove();
        assert_eq!(mv, "d1d8", "{go}: {lines:?}");
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .expect("a final info line");
        assert!(!last.starts_with("info depth 0"), "{go}: {last}");
        assert!(last.contains("score mate 1"), "{go}: {last}");
    }
}

/// `go perft` writes castling as UCI_Chess960 says, and `go perft` without a readable depth
/// counts nothing and starts no search.
#[test]
fn go_perft_follows_uci_chess960_and_refuses_a_bad_depth() {
    let mut e = Engine::start();
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    e.send("setoption name UCI_Chess960 value true");
    e.send("go perft 1");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert!(lines.iter().any(|l| l == "e1h1: 1") && lines.iter().any(|l| l == "e1a1: 1"));
    assert!(lines.last().unwrap().ends_with(" 26"), "{lines:?}");
    e.send("setoption name UCI_Chess960 value false");
    e.send("go perft 1");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert!(lines.iter().any(|l| l == "e1g1: 1") && lines.iter().any(|l| l == "e1c1: 1"));
    e.send("go perft abc");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines.iter().any(|l| l.contains("no count started")),
        "{lines:?}"
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("info depth") || l.starts_with("bestmove")),
        "a search started: {lines:?}"
    );
}

/// `setup_position` says which part of a `position` command is wrong, as a typed error.
#[test]
fn setup_position_errors_name_the_fen_or_the_move() {
    use chainmate::uci::{setup_position, PositionError};
    let moves = |list: &[&str]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    assert!(matches!(
        setup_position(Some("8/8/8 w - - 0 1"), &[]),
        Err(PositionError::Fen(_))
    ));
    match setup_position(None, &moves(&["e2e4", "e7e5", "e1e3"])) {
        Err(PositionError::Move { number, text, .. }) => {
            assert_eq!((number, text.as_str()), (3, "e1e3"));
        }
        other => panic!("expected the third move refused, got {other:?}"),
    }
    let ok = setup_position(None, &moves(&["e2e4", "e7e5"])).unwrap();
    assert_eq!(
        ok.board().to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let err = setup_position(None, &moves(&["e2e5"])).unwrap_err();
    assert!(err.to_string().starts_with("move 1 (e2e5): "), "{err}");
}

/// A long `go perft`, `bench` or `epd` runs on a thread of its own, as a search does:
/// `isready` is answered while it runs, `stop` ends it with no total or signature (a partial
/// count is not one), the engine goes on answering, and `quit` ends the process at once.
/// (`go perft 9` of the start position is 2.4 trillion leaves, hours of counting; `bench 30`
/// and `epd depth 60` are as long.)
#[test]
fn long_perft_bench_and_epd_answer_isready_and_end_on_stop_and_quit() {
    let mut e = Engine::start();
    e.send("go perft 9");
    e.ready();
    e.send("stop");
    let lines = e.until(|l| l.starts_with("info string perft 9: stopped"));
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{lines:?}"
    );
    e.send("go perft 2");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 400");

    e.send("bench 30");
    e.ready();
    e.send("stop");
    let lines = e.until(|l| l.starts_with("info string bench 30: stopped"));
    assert!(!lines.iter().any(|l| l.ends_with(" nps")), "{lines:?}");

    let path = std::env::temp_dir().join(format!("chainmate-uci-stop-{}.epd", std::process::id()));
    std::fs::write(&path, format!("{START} bm e2e4; id \"start\";\n")).unwrap();
    e.send(&format!("epd depth 60 {}", path.display()));
    e.ready();
    e.send("stop");
    let lines = e.until(|l| l.starts_with("info string epd: stopped"));
    std::fs::remove_file(&path).ok();
    assert!(!lines.iter().any(|l| l.starts_with("solved ")), "{lines:?}");

    e.send("go perft 9");
    e.ready();
    let asked = std::time::Instant::now();
    e.send("quit");
    let status = e.close_and_wait();
    let took = asked.elapsed();
    assert!(status.success(), "{status}");
    assert!(
        took < std::time::Duration::from_secs(1),
        "quit took {took:?}"
    );
}

/// `go perft` refuses a depth out of range, as the command line's `perft` does, and counts
/// nothing (it used to clamp 999999999999 to 12 and count for hours).
#[test]
fn go_perft_refuses_a_depth_out_of_range() {
    let mut e = Engine::start();
    for depth in ["999999999999", "16", "-1"] {
        e.send(&format!("go perft {depth}"));
        e.send("isready");
        let lines = e.until(|l| l == "readyok");
        assert!(
            lines.iter().any(|l| l.contains(&format!(
                "'perft {depth}': out of range, a depth is 0 to 15"
            ))),
            "{lines:?}"
        );
        assert!(
            !lines
                .iter()
                .any(|l| l.contains(": ") && !l.starts_with("info")),
            "a count started: {lines:?}"
        );
    }
}
