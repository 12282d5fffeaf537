//! In-process matches: opening books of every format, short node-limited matches whose PGN
//! is replayed move by move against the rules, reproducibility, and `chainmate-lab match`
//! through the real binary (including bad input: exit code 2, never a panic).
//!
//! Games are limited by nodes, never by wall-clock assertions, so the results do not depend
//! on the machine's load.

use std::path::PathBuf;

use chainmate::core::Position;
use chainmate::formats::pgn::{read_games, Game, GameResult};
use chainmate_lab::config::search_config as parse_config;
use chainmate_lab::tournament::game::{judge_score, rules_outcome, CAP_WIN_MARGIN};
use chainmate_lab::tournament::openings::{self, parse_book, BookFormat};
use chainmate_lab::tournament::sprt::{Decision, Sprt};
use chainmate_lab::tournament::{
    run_match, summary, MatchReport, MatchSettings, Player, Termination, TimeControl,
};

/// Nodes per move: enough for sensible play, small enough to keep the tests fast.
const NODES: u64 = if cfg!(debug_assertions) { 300 } else { 2_000 };

fn player(spec: &str) -> Player {
    Player::internal(spec, parse_config(spec, &[]).unwrap())
}

fn settings(games: usize, concurrency: usize, max_moves: Option<u32>) -> MatchSettings {
    MatchSettings {
        a: player("default"),
        b: player("Evaluator=material"),
        games,
        time_control: None,
        nodes: Some(NODES),
        max_moves,
        hash_mb: 2,
        concurrency,
        openings: openings::builtin(),
        event: "test".into(),
        sprt: None,
    }
}

fn play(settings: &MatchSettings) -> (MatchReport, String) {
    let mut pgn = String::new();
    let report = run_match(settings, |record, _| pgn.push_str(&record.game.to_pgn())).unwrap();
    (report, pgn)
}

/// Checks a game read back from PGN: every position before the last is still in play by
/// the rules, and the last one justifies the result and the `Termination` tag.
fn check_game(game: &Game, cap: Option<u32>) -> Result<(), String> {
    let mut position = Position::new(*game.start());
    for &mv in game.moves() {
        if let Some(o) = rules_outcome(&position) {
            return Err(format!("played on after {o:?}"));
        }
        position.try_play(mv).map_err(|e| e.to_string())?;
    }
    let termination = game.tag("Termination").ok_or("no Termination tag")?;
    if game.tag("Result") != Some(game.result.as_str()) {
        return Err("Result tag differs from the movetext result".into());
    }
    match (termination, rules_outcome(&position)) {
        ("normal", Some(outcome)) => {
            let comment = game.comment.as_deref();
            (outcome.result == game.result && comment == Some(outcome.detail.as_str()))
                .then_some(())
                .ok_or_else(|| format!("result {} but the rules say {outcome:?}", game.result))
        }
        ("adjudication", None) => check_cap(game, &position, cap),
        (tag, outcome) => Err(format!("Termination {tag} with rule state {outcome:?}")),
    }
}

/// A capped game reached the cap and was scored by the judge's ±100 cp rule.
fn check_cap(game: &Game, position: &Position, cap: Option<u32>) -> Result<(), String> {
    let cap = cap.ok_or("adjudicated without a move cap")?;
    if u32::from(position.board().fullmove_number()) != cap + 1 {
        return Err(format!(
            "capped at move {}",
            position.board().fullmove_number()
        ));
    }
    let score = judge_score(position);
    let expected = if score > CAP_WIN_MARGIN {
        GameResult::WhiteWins
    } else if score < -CAP_WIN_MARGIN {
        GameResult::BlackWins
    } else {
        GameResult::Draw
    };
    (expected == game.result)
        .then_some(())
        .ok_or_else(|| format!("judge says {score} cp but the result is {}", game.result))
}

#[test]
fn a_short_match_plays_legal_games_that_end_by_the_rules() {
    let cap = Some(45);
    let s = settings(4, 1, cap);
    let (report, pgn) = play(&s);
    assert_eq!(report.stats.games(), 4);
    let games: Vec<Game> = read_games(&pgn).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 4);
    for game in &games {
        check_game(game, cap).unwrap_or_else(|e| panic!("{e}\n{}", game.to_pgn()));
        assert_eq!(game.tag("TimeControl"), Some("-"));
    }
    // Colours alternate over each opening, which is played twice from the same start.
    for (i, record) in report.games.iter().enumerate() {
        assert_eq!(record.number, i + 1);
        assert_eq!(record.a_white, i % 2 == 0);
        assert_eq!(record.opening, i / 2);
        let white = if record.a_white {
            "default"
        } else {
            "Evaluator=material"
        };
        assert_eq!(record.game.tag("White"), Some(white));
        assert_eq!(record.game.tag("Round"), Some((i + 1).to_string().as_str()));
    }
    assert_eq!(
        report.games[0].game.moves()[..16],
        report.games[1].game.moves()[..16]
    );
    let stats = &report.stats;
    assert_eq!(stats.count(Termination::TimeForfeit), 0);
    assert_eq!(stats.count(Termination::IllegalMove), 0);
    assert_eq!(stats.terminations.iter().sum::<u32>(), 4);
    assert_eq!(stats.by_color.iter().sum::<u32>(), 4);
}

#[test]
fn node_limited_matches_are_reproducible_at_any_concurrency() {
    let (one, _) = play(&settings(4, 1, Some(30)));
    let (two, _) = play(&settings(4, 2, Some(30)));
    for (a, b) in one.games.iter().zip(&two.games) {
        assert_eq!(a.game.moves(), b.game.moves(), "game {}", a.number);
        assert_eq!(a.outcome, b.outcome);
    }
    assert_eq!(one.stats, two.stats);
}

#[test]
fn a_clocked_game_runs_on_real_clocks() {
    let s = MatchSettings {
        time_control: Some("0.5+0.01".parse::<TimeControl>().unwrap()),
        nodes: None,
        ..settings(2, 2, Some(11))
    };
    let (report, pgn) = play(&s);
    for game in read_games(&pgn).map(|g| g.unwrap()) {
        assert_eq!(game.tag("TimeControl"), Some("0.5+0.01"));
        // A loaded machine could in principle make a side lose on time; any other ending
        // must agree with the rules.
        if game.tag("Termination") != Some("time forfeit") {
            check_game(&game, Some(11)).unwrap();
        }
    }
    assert_eq!(report.games.len(), 2);
}

#[test]
fn an_sprt_ends_a_lopsided_match_early_with_h1() {
    // The engine against material-only play (about +140 Elo here): with the wide hypotheses
    // 0 and 100 Elo the test accepts H1 well before 400 games; every game played is counted.
    let s = MatchSettings {
        sprt: Some(Sprt::parse("elo0=0 elo1=100 alpha=0.05 beta=0.05").unwrap()),
        ..settings(400, 2, Some(60))
    };
    let (report, _) = play(&s);
    let stats = &report.stats;
    let games = report.games.len();
    assert!(games < 200, "{games} games");
    assert_eq!(stats.games() as usize, games);
    // The decision is the crossing's: with two games at a time, the game still in progress
    // when the bound was crossed is counted too and may bring the totals back inside it
    // (which of them it is depends on the threads' timing), but the decision stands.
    let test = s.sprt.unwrap();
    let (decision, [w, d, l]) = stats.sprt_crossing.expect("the bound was crossed");
    assert_eq!(decision, Decision::H1);
    assert_eq!(test.decision(w, d, l), Some(Decision::H1));
    assert!((w + d + l) as usize <= games);
    assert!(summary(&s, stats).contains(": H1 accepted"));
}

#[test]
fn settings_without_a_limit_are_refused() {
    let s = MatchSettings {
        nodes: None,
        ..settings(2, 1, None)
    };
    assert!(run_match(&s, |_, _| {}).is_err());
}

// ---- opening books ----------------------------------------------------------------------------

#[test]
fn movetext_books_skip_comments_and_report_bad_lines() {
    let text = include_str!("../../tests/data/openings_4ply_excerpt.txt");
    let (book, warnings) = parse_book(text, BookFormat::Movetext);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(book.len(), 8);
    assert!(book.iter().all(|o| o.moves.len() == 4));
    assert_eq!(book[0].moves[0].to_string(), "e2e4");
    let broken = "1. e4 e5\n\n# a comment\n1. e4 e9\n1. d4 Ke5  # illegal\n1. c4\n";
    let (book, warnings) = parse_book(broken, BookFormat::Movetext);
    assert_eq!(book.len(), 2);
    let lines: Vec<usize> = warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [4, 5]);
    assert!(warnings[1].to_string().contains("Ke5"), "{}", warnings[1]);
}

#[test]
fn pgn_books_start_from_each_games_final_position() {
    let text = include_str!("../../tests/data/8moves_v3_excerpt.pgn");
    let (book, warnings) = parse_book(text, BookFormat::Pgn);
    assert!(warnings.is_empty());
    assert_eq!(book.len(), 6);
    let fen = book[1].position().to_fen();
    assert!(fen.starts_with("rnbq1rk1/pp2bppp/5n2/3p4/8/1N3N2/PPP1BPPP/R1BQK2R w KQ -"));
    let broken = format!("1. e4 Qxf7 *\n\n{text}");
    let (book, warnings) = parse_book(&broken, BookFormat::Pgn);
    assert_eq!((book.len(), warnings.len()), (6, 1));
    assert_eq!(warnings[0].line, 1);
}

#[test]
fn fen_books_read_four_to_six_fields_and_ignore_operations() {
    let text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";\n\
                not a fen\n\
                8/8/8/8/8/8/8/8 w - -\n\
                4k3/8/8/8/8/8/8/4K3 w - - 5 60\n";
    let (book, warnings) = parse_book(text, BookFormat::Fen);
    assert_eq!(book.len(), 3);
    assert_eq!(book[2].start.fullmove_number(), 60);
    assert_eq!(book[1].start.fullmove_number(), 1);
    let lines: Vec<usize> = warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [3, 4]);
}

#[test]
fn book_formats_follow_the_extension() {
    let format = |p: &str| BookFormat::from_path(&PathBuf::from(p));
    assert_eq!(format("a.epd"), BookFormat::Fen);
    assert_eq!(format("a.FEN"), BookFormat::Fen);
    assert_eq!(format("a.pgn"), BookFormat::Pgn);
    assert_eq!(format("openings_4ply.txt"), BookFormat::Movetext);
    assert!(openings::load_book(&PathBuf::from("/nonexistent/book.epd")).is_err());
}

// ---- the command line -------------------------------------------------------------------------

use crate::common;
use common::{chainmate, text};

fn temp_path(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chainmate-match-{}-{tag}", std::process::id()))
}

#[test]
fn the_command_plays_a_match_and_writes_pgn() {
    let book = temp_path("book.txt");
    std::fs::write(&book, "1. e4 e5 2. Nf3 Nc6\n1. e4 e9\n").unwrap();
    let pgn = temp_path("out.pgn");
    let nodes = NODES.to_string();
    let out = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "default",
        "--games",
        "2",
        "--nodes",
        &nodes,
        "--max-moves",
        "25",
        "--book",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
        "--hash",
        "2",
        "--concurrency",
        "2",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}{}", stdout, text(&out.stderr));
    assert!(
        text(&out.stderr).contains("line 2"),
        "{}",
        text(&out.stderr)
    );
    for expected in [
        "Games: 2",
        "Elo difference (A - B)",
        "Terminations:",
        "PGN:",
    ] {
        assert!(
            stdout.contains(expected),
            "{expected} missing from\n{stdout}"
        );
    }
    // Two games never give a finite 95% interval: the report says so in words.
    for unreadable in ["NaN", "-0.0", "+/- inf"] {
        assert!(!stdout.contains(unreadable), "{unreadable} in\n{stdout}");
    }
    let written = std::fs::read_to_string(&pgn).unwrap();
    let games: Vec<Game> = read_games(&written).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 2);
    for game in &games {
        check_game(game, Some(25)).unwrap();
        assert_eq!(game.tag("Date").map(str::len), Some(10));
        assert!(game.tag("White").unwrap().starts_with("default ("));
    }
    let _ = std::fs::remove_file(&book);
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn bad_input_is_an_error_with_exit_code_2() {
    let base = [
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "mc",
        "--games",
        "2",
    ];
    let cases: &[(&[&str], &str)] = &[
        (&["--tc", "ten+1"], "not a number"),
        (&["--tc", "0+1"], "positive"),
        (
            &["--nodes", "100", "--book", "/nonexistent/book.epd"],
            "cannot read book",
        ),
        (&["--nodes", "100", "--set", "Hash"], ""),
        (&["--nodes", "100", "--concurrency", "0"], "concurrency"),
        (&["--nodes", "0"], "node limit"),
        (&["--nodes", "100", "--hash", "0"], "hash"),
        (
            &["--nodes", "100", "--pgn", "/nonexistent/dir/out.pgn"],
            "cannot create",
        ),
        (&[], ""),
    ];
    for (extra, message) in cases {
        let args: Vec<&str> = base.iter().chain(extra.iter()).copied().collect();
        let out = chainmate(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{extra:?}: {stderr}");
    }
    let out = chainmate(&[
        "match",
        "--engine-a",
        "chessmap",
        "--engine-b",
        "default",
        "--games",
        "2",
        "--nodes",
        "100",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown configuration token 'chessmap'"));
    let empty = temp_path("empty.epd");
    std::fs::write(&empty, "garbage\n").unwrap();
    let out = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "default",
        "--games",
        "2",
        "--nodes",
        "100",
        "--book",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no usable opening"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_file(&empty);
}

// ---- external engines -------------------------------------------------------------------------

/// This crate's binary as an external UCI engine, and the name it gives in its `uci` answer.
fn external_chainmate() -> (String, String) {
    (
        format!("uci:{}", env!("CARGO_BIN_EXE_chainmate-lab")),
        format!("chainmate-lab {}", env!("CARGO_PKG_VERSION")),
    )
}

/// `match` with `engine` as B; returns (exit code, stdout, stderr).
fn match_against(engine: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let nodes = NODES.to_string();
    let mut args = vec![
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        engine,
        "--games",
        "2",
        "--nodes",
        &nodes,
        "--hash",
        "2",
    ];
    args.extend_from_slice(extra);
    let out = chainmate(&args);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_any_game() {
    let pgn = temp_path("never.pgn");
    let (code, stdout, stderr) =
        match_against("uci:/no/such/engine", &["--pgn", pgn.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(
        stderr
            .contains("error: engine B: cannot start '/no/such/engine': No such file or directory"),
        "{stderr}"
    );
    // Not one game, not even the header or an empty PGN file.
    assert_eq!(stdout, "");
    assert!(!pgn.exists());
    // Through the library: a typed error naming the side.
    let mut s = settings(2, 2, None);
    s.a = Player {
        name: "missing".into(),
        engine: chainmate_lab::tournament::Engine::External(
            chainmate_lab::tournament::ExternalSpec::new("/no/such/engine", vec![]),
        ),
    };
    let err = run_match(&s, |_, _| panic!("no game may be played")).unwrap_err();
    assert!(
        matches!(
            err,
            chainmate_lab::tournament::MatchError::Start {
                side: 'A',
                error: chainmate_lab::tournament::EngineError::Spawn { .. }
            }
        ),
        "{err:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_program_that_is_not_a_uci_engine_is_refused_with_the_reason() {
    // `cat` echoes `uci` and never says `uciok`: the handshake times out.
    let (code, _, stderr) = match_against("uci:/bin/cat", &["--uci-timeout", "0.3"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "error: engine B: '/bin/cat' does not answer `uci` with `uciok` within 0.3 s; \
             is it a UCI engine?"
        ),
        "{stderr}"
    );
    // `true` exits at once.
    let (code, _, stderr) = match_against("uci:/bin/true", &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("error: engine B: '/bin/true' exited")
            && stderr.contains("and did not answer `uci` with `uciok`"),
        "{stderr}"
    );
    let (code, _, stderr) = match_against("uci:/bin/cat", &["--uci-timeout", "0"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("positive"), "{stderr}");
}

#[test]
fn an_option_the_engine_does_not_declare_or_allow_is_refused() {
    let (engine, _) = external_chainmate();
    let (code, _, stderr) = match_against(&engine, &["--option-b", "NoSuchOption=1"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("has no option 'NoSuchOption' (it declares: Hash, "),
        "{stderr}"
    );
    let (code, _, stderr) = match_against(&engine, &["--option-b", "Hash=0"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("does not accept Hash=0: the option takes a whole number from 1 to"),
        "{stderr}"
    );
}

#[test]
fn an_external_engine_is_named_in_the_pgn_by_its_id_name() {
    let (engine, id) = external_chainmate();
    let pgn = temp_path("external.pgn");
    let (code, stdout, stderr) = match_against(
        &engine,
        &["--max-moves", "12", "--pgn", pgn.to_str().unwrap()],
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("Engine B: {id} ({engine})")),
        "{stdout}"
    );
    let written = std::fs::read_to_string(&pgn).unwrap();
    let games: Vec<Game> = read_games(&written).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 2);
    fn players(g: &Game) -> (&str, &str) {
        (g.tag("White").unwrap(), g.tag("Black").unwrap())
    }
    assert_eq!(players(&games[0]), ("default", id.as_str()));
    assert_eq!(players(&games[1]), (id.as_str(), "default"));
    for game in &games {
        check_game(game, Some(12)).unwrap();
    }
    let _ = std::fs::remove_file(&pgn);
    // Both sides the same engine: told apart as A and B.
    let out = chainmate(&[
        "match",
        "--engine-a",
        &engine,
        "--engine-b",
        &engine,
        "--games",
        "1",
        "--nodes",
        "500",
        "--max-moves",
        "5",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!("Engine A: {id} (A) ({engine})")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Engine B: {id} (B) ({engine})")),
        "{stdout}"
    );
}

/// An engine that dies during the match (it is given only its first `lines` commands, then
/// its input closes and it quits) loses the game it was playing, with the reason in the
/// PGN and on standard error; the match goes on.
#[cfg(unix)]
#[test]
fn an_engine_that_dies_mid_game_forfeits_that_game_with_the_reason() {
    let script = temp_path("dying.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nn=0\nwhile [ $n -lt 12 ] && IFS= read -r line; do echo \"$line\"; \
             n=$((n+1)); done | {}\n",
            env!("CARGO_BIN_EXE_chainmate-lab")
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let pgn = temp_path("dying.pgn");
    let engine = format!("uci:{}", script.display());
    let (code, stdout, stderr) = match_against(&engine, &["--pgn", pgn.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("Terminations: engine failure 2"),
        "{stdout}"
    );
    assert!(
        stderr.contains("warning: game 1 (default - chainmate")
            && stderr.contains("Black forfeits: chainmate")
            && stderr.contains("did not answer `go` with `bestmove`"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&pgn).unwrap();
    for game in read_games(&written).map(|g| g.unwrap()) {
        assert_eq!(game.tag("Termination"), Some("abandoned"));
        let comment = game.comment.as_deref().unwrap_or("");
        assert!(comment.contains("forfeits: chainmate"), "{comment}");
        // It played some moves before it died.
        assert!(game.moves().len() > 16, "{written}");
    }
    let _ = std::fs::remove_file(&script);
    let _ = std::fs::remove_file(&pgn);
}

/// A bound crossed while the last games were in progress stays the decision: those games
/// may bring the LLR back inside the bound, and the line says so instead of "no decision"
/// (the capture-history SPRT, docs/strength-log.md #5, crossed at 4,952 games and read 2.92 at
/// 4,953).
#[test]
fn a_crossed_sprt_bound_stays_crossed_when_the_last_games_finish() {
    let test = chainmate_lab::tournament::sprt::Sprt::parse("elo0=0 elo1=10").unwrap();
    let crossed = [1995, 1113, 1844];
    assert_eq!(
        test.decision(crossed[0], crossed[1], crossed[2]),
        Some(Decision::H1)
    );
    let mut stats = chainmate_lab::tournament::MatchStats {
        wins: 1995,
        draws: 1113,
        losses: 1845,
        ..Default::default()
    };
    assert_eq!(test.decision(stats.wins, stats.draws, stats.losses), None);
    let before = chainmate_lab::tournament::sprt_line(&test, &stats);
    assert!(before.ends_with(": no decision\n"), "{before}");
    stats.sprt_crossing = Some((Decision::H1, crossed));
    let line = chainmate_lab::tournament::sprt_line(&test, &stats);
    assert!(
        line.contains("LLR 2.92 (-2.94, 2.94): H1 accepted (LLR 2.96 after 4952 games"),
        "{line}"
    );
}
