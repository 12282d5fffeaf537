//! Paper 003's action library through the real binary: `library build/stats/probe`, the UCI
//! options (filtering announced, moves restricted to the grandmasters' replies, learning
//! written at `ucinewgame`/`quit`, bad files refused without harm), and `chainmate-lab match`
//! against an external UCI engine (this binary as a separate process; a process that crashes).
//!
//! Timeouts only keep a broken engine from hanging the run; nothing asserts speed.

use crate::common;

use std::path::{Path, PathBuf};

use chainmate::core::Position;
use chainmate::formats::pgn::read_games;
use chainmate_lab::library::ActionLibrary;
use common::uci::Engine;
use common::{chainmate, text};

const GAMES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/8moves_v3_excerpt.pgn"
);

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cm-library-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build(dir: &Path) -> PathBuf {
    let out = dir.join("excerpt.lib");
    let run = chainmate(&[
        "library",
        "build",
        "--pgn",
        GAMES,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        text(&run.stdout).contains("6 games"),
        "{}",
        text(&run.stdout)
    );
    out
}

#[test]
fn a_built_library_holds_every_reply_of_the_games() {
    let dir = scratch("build");
    let lib = build(&dir);
    let library = ActionLibrary::load(&lib).unwrap();
    // Every ply after the first of each game is a case.
    let pgn = std::fs::read_to_string(GAMES).unwrap();
    let plies: usize = read_games(&pgn).map(|g| g.unwrap().moves().len() - 1).sum();
    assert_eq!(library.contents().cases(), plies as u64);
    assert_eq!(library.contents().games, 6);
    // Every game's every reply is retrieved (action filter only) after its opponent's move.
    for game in read_games(&pgn).map(Result::unwrap) {
        let mut position = Position::new(*game.start());
        for (i, &mv) in game.moves().iter().enumerate() {
            if i > 0 {
                let r = library.retrieve_in_game(&position, None).unwrap();
                assert!(r.replies.iter().any(|x| x.mv == mv), "{mv} at ply {i}");
                // With both filters the exact position has similarity 1: it survives any
                // degree.
                let r = library.retrieve_in_game(&position, Some(1.0)).unwrap();
                assert!(r.replies.iter().any(|x| x.mv == mv));
            }
            position.play(mv);
        }
    }
    let stats = chainmate(&["library", "stats", lib.to_str().unwrap(), "--move", "e2e4"]);
    let out = text(&stats.stdout);
    assert!(stats.status.success(), "{}", text(&stats.stderr));
    assert!(out.contains("6 games"), "{out}");
    assert!(out.contains("after e2e4 (double pawn push):"), "{out}");
    let probe = chainmate(&[
        "library",
        "probe",
        "--library",
        lib.to_str().unwrap(),
        "--moves",
        "e2e4",
        "--encoding",
    ]);
    let out = text(&probe.stdout);
    assert!(out.contains("cases after move filter"), "{out}");
    assert!(out.contains("placement:"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_library_files_and_games_get_clear_errors() {
    let dir = scratch("bad");
    // A PGN with a broken game: skipped and counted, the rest mined.
    let pgn = dir.join("broken.pgn");
    std::fs::write(
        &pgn,
        "[Event \"ok\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n\
         [Event \"bad\"]\n[Result \"*\"]\n\n1. e4 Ke7 Qxf7 *\n",
    )
    .unwrap();
    let out = dir.join("b.lib");
    let run = chainmate(&[
        "library",
        "build",
        "--pgn",
        pgn.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success());
    let err = text(&run.stderr);
    assert!(
        err.contains("broken.pgn: game 2 (line 6), line 9") && err.contains("skipped"),
        "{err}"
    );
    assert!(text(&run.stdout).contains("1 unreadable"));
    assert!(
        text(&run.stdout).contains("2 cases"),
        "{}",
        text(&run.stdout)
    );
    // Truncated and foreign files: an error naming the file, exit code 2, no panic.
    let bytes = std::fs::read(&out).unwrap();
    let cut = dir.join("cut.lib");
    std::fs::write(&cut, &bytes[..bytes.len() - 5]).unwrap();
    let foreign = dir.join("foreign.lib");
    std::fs::write(
        &foreign,
        b"not a library at all, just some text bytes......",
    )
    .unwrap();
    for (file, words) in [(&cut, "truncated"), (&foreign, "magic")] {
        let run = chainmate(&["library", "stats", file.to_str().unwrap()]);
        assert_eq!(run.status.code(), Some(2));
        let err = text(&run.stderr);
        assert!(
            err.contains(words) && err.contains(file.to_str().unwrap()),
            "{err}"
        );
    }
    // The engine refuses them too, keeps its library and keeps answering.
    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name ActionLibrary value {}",
        out.display()
    ));
    engine.send(&format!(
        "setoption name ActionLibrary value {}",
        cut.display()
    ));
    let lines = engine.until(|l| l.contains("truncated"));
    assert!(
        lines.last().unwrap().starts_with("info string"),
        "{lines:?}"
    );
    engine.send("position startpos moves e2e4");
    engine.send("go nodes 2000");
    let (mv, lines) = engine.bestmove();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("library: 1 case after move filter")),
        "{lines:#?}"
    );
    assert_eq!(mv, "e7e5", "the only reply the library holds");
    engine.send("quit");
    assert!(engine.close_and_wait().success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_plays_only_library_replies_and_learns_into_the_file() {
    let dir = scratch("uci");
    let lib = build(&dir);
    let before = ActionLibrary::load(&lib).unwrap().contents().cases();
    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name ActionLibrary value {}",
        lib.display()
    ));
    engine.send("setoption name ActionSimilarity value 0");
    engine.send("setoption name ActionLearn value true");
    engine.send("ucinewgame");
    // After 1.d4 the excerpt's games answered with a handful of moves: the engine picks one.
    engine.send("position startpos moves d2d4");
    engine.send("go nodes 5000");
    let (mv, lines) = engine.bestmove();
    let note = lines
        .iter()
        .find(|l| l.starts_with("info string library:"))
        .expect("the filter is announced")
        .clone();
    let offered: Vec<&str> = note.split(" moves ").nth(1).unwrap().split(' ').collect();
    assert!(offered.contains(&mv.as_str()), "{mv} not in {offered:?}");
    // A position reached by a move no game played: every legal move is searched.
    engine.send("position startpos moves h2h4 a7a5 h4h5");
    engine.send("go nodes 2000");
    let (_, lines) = engine.bestmove();
    assert!(
        lines.iter().any(|l| l.contains("searching every move")),
        "{lines:#?}"
    );
    // `ucinewgame` writes the two cases the engine played.
    engine.send("ucinewgame");
    engine.until(|l| l.contains("2 new cases written"));
    engine.send("quit");
    assert!(engine.close_and_wait().success());
    let after = ActionLibrary::load(&lib).unwrap();
    assert_eq!(after.contents().cases(), before + 2);
    assert!(!dir.join("excerpt.lib.lock").exists());
    assert!(std::fs::read_dir(&dir).unwrap().all(|e| !e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .contains(".tmp")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn matches_against_an_external_engine_play_legal_games_and_survive_a_crash() {
    let dir = scratch("external");
    let pgn = dir.join("games.pgn");
    let me = env!("CARGO_BIN_EXE_chainmate-lab");
    let run = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        &format!("uci:{me}"),
        "--option-b",
        "Evaluator=material",
        "--games",
        "2",
        "--nodes",
        "1500",
        "--rating-b",
        "2000",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let out = text(&run.stdout);
    assert!(run.status.success(), "{out}\n{}", text(&run.stderr));
    assert!(out.contains("Games: 2"), "{out}");
    assert!(out.contains("Rating of A"), "{out}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    let mut count = 0;
    for game in read_games(&games) {
        let game = game.expect("every game replays legally");
        let termination = game.tag("Termination").unwrap();
        assert!(termination == "normal", "{termination}: {:?}", game.comment);
        count += 1;
    }
    assert_eq!(count, 2);
    // An "engine" that completes the handshake and then dies on `go`: a loss by engine
    // failure, every game, and the match still finishes.
    let script = dir.join("dies.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name dies'; echo uciok;;\n    isready) echo readyok;;\n    go*) exit 3;;\n  esac\ndone\n",
    )
    .unwrap();
    let mut perms = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&script, perms).unwrap();
    let run = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        &format!("uci:{}", script.display()),
        "--games",
        "2",
        "--nodes",
        "500",
    ]);
    let out = text(&run.stdout);
    assert!(run.status.success(), "{out}\n{}", text(&run.stderr));
    assert!(out.contains("A: +2 =0 -0"), "{out}");
    assert!(out.contains("engine failure 2"), "{out}");
    // A command that does not exist: the match stops before its first game with the
    // reason (issue 24), not a panic and not a forfeit per game.
    let run = chainmate(&[
        "match",
        "--engine-a",
        "default",
        "--engine-b",
        "uci:/nonexistent/engine",
        "--games",
        "1",
        "--nodes",
        "500",
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("engine B: cannot start '/nonexistent/engine'"));
    assert!(!text(&run.stdout).contains("Games:"));
    std::fs::remove_dir_all(&dir).unwrap();
}
