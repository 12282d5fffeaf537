//! The training data of `data/` through the real binary: `datagen --viri` writes chunks that
//! read back game by game and list themselves in the table, the same command makes the same
//! bytes and resumes; `data stats` checks every row and names the file and the byte offset of
//! any damage; `data label` writes a teacher's parallel chunk; `data error` measures the
//! evaluation on the held-out chunks; the gradient fit reads the chunks and resumes from its
//! checkpoint to the very weights of an uninterrupted run. The checked-in excerpt of data/
//! (`tests/data/viri`) reads back with its listed counts.

use crate::common;

use std::path::{Path, PathBuf};

use chainmate::formats::viriformat::{read_games, NO_SCORE};
use common::{chainmate, text};

/// A fresh folder with an empty chunk table.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainmate-data-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("README.md"),
        "# t\n\n<!-- chunks -->\n<!-- /chunks -->\n",
    )
    .unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `datagen --viri` of `chunks` (3 games each at 300 nodes) into `dir/name`.
fn datagen(
    dir: &Path,
    name: &str,
    chunks: &str,
    concurrency: &str,
    extra: &[&str],
) -> std::process::Output {
    let stream = dir.join(name);
    let readme = dir.join("README.md");
    let mut args = vec![
        "datagen",
        "--viri",
        s(&stream),
        "--chunks",
        chunks,
        "--games-per-chunk",
        "3",
        "--nodes",
        "300",
        "--seed",
        "7",
        "--concurrency",
        concurrency,
        "--manifest",
        s(&readme),
    ];
    args.extend_from_slice(extra);
    chainmate(&args)
}

/// `data stats DIR --json`, its exit code and its object.
fn stats(dir: &Path) -> (Option<i32>, String) {
    let out = chainmate(&["data", "stats", s(dir), "--json"]);
    (out.status.code(), text(&out.stdout))
}

fn field(json: &str, key: &str) -> String {
    let rest = &json[json
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("{key}: {json}"))
        + key.len()
        + 3..];
    rest.split([',', '}']).next().unwrap().to_string()
}

#[test]
fn chunks_are_written_listed_read_back_and_made_again_byte_for_byte() {
    let dir = folder("write");
    let out = datagen(&dir, "s", "0..2", "2", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (code, json) = stats(&dir);
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(field(&json, "chunks"), "2");
    assert_eq!(field(&json, "checksums_ok"), "true");
    let mut positions = 0;
    for k in 0..2 {
        let bytes = std::fs::read(dir.join(format!("s/chunk-000{k}.vf"))).unwrap();
        let games = read_games(&bytes).expect("every game reads back");
        assert!(!games.is_empty() && games.len() <= 3);
        for g in &games {
            assert!(g.moves.iter().all(|&(_, score)| score != NO_SCORE));
            positions += g.moves.len();
        }
    }
    assert_eq!(field(&json, "positions"), positions.to_string());
    let table = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(table.contains("| s/chunk-0001.vf | selfplay |"), "{table}");
    assert!(
        table.contains("--chunks 1 "),
        "each row's command makes its chunk alone: {table}"
    );
    // Run again: nothing to do.
    let again = datagen(&dir, "s", "0..2", "2", &[]);
    assert!(text(&again.stdout).contains("there already; skipped"));
    // Chunk 1 alone, elsewhere, on one thread: the same bytes.
    let other = folder("again");
    assert!(datagen(&other, "s", "1", "1", &[]).status.success());
    assert_eq!(
        std::fs::read(other.join("s/chunk-0001.vf")).unwrap(),
        std::fs::read(dir.join("s/chunk-0001.vf")).unwrap()
    );
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&other).ok();
}

#[test]
fn damage_is_reported_naming_the_file_and_the_byte_offset() {
    let dir = folder("damage");
    assert!(datagen(&dir, "s", "0", "2", &[]).status.success());
    let chunk = dir.join("s/chunk-0000.vf");
    let bytes = std::fs::read(&chunk).unwrap();
    // Cut: the SHA-256 differs and the last game is truncated.
    std::fs::write(&chunk, &bytes[..bytes.len() - 3]).unwrap();
    let out = chainmate(&["data", "stats", s(&dir)]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    let last_game = read_games(&bytes).unwrap().last().unwrap().byte_len();
    assert!(report.contains("chunk-0000.vf: SHA-256"), "{report}");
    assert!(
        report.contains(&format!("the game at byte {}", bytes.len() - last_game))
            && report.contains("truncated"),
        "{report}"
    );
    let (code, json) = stats(&dir);
    assert_eq!(
        (code, field(&json, "checksums_ok").as_str()),
        (Some(1), "false")
    );
    // Whole again, and a file that the table does not list.
    std::fs::write(&chunk, &bytes).unwrap();
    assert_eq!(stats(&dir).0, Some(0));
    std::fs::write(dir.join("s/stray.vf"), &bytes).unwrap();
    let out = chainmate(&["data", "stats", s(&dir)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("stray.vf: a chunk file that the table does not list"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The lab binary is itself a UCI engine: it teaches here, so that the test needs nothing
/// outside the repository.
#[test]
fn a_teacher_scores_the_same_games_and_the_evaluation_error_is_measured() {
    let dir = folder("teacher");
    assert!(datagen(&dir, "h", "0", "2", &["--holdout"])
        .status
        .success());
    let readme = dir.join("README.md");
    let chunk = dir.join("h/chunk-0000.vf");
    let out = chainmate(&[
        "data",
        "label",
        s(&chunk),
        "--teacher",
        common::BIN,
        "--name",
        "self-d2",
        "--depth",
        "2",
        "--concurrency",
        "2",
        "--manifest",
        s(&readme),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let taught =
        read_games(&std::fs::read(dir.join("teacher/self-d2/h/chunk-0000.vf")).unwrap()).unwrap();
    let games = read_games(&std::fs::read(&chunk).unwrap()).unwrap();
    assert_eq!(taught.len(), games.len());
    for (t, g) in taught.iter().zip(&games) {
        assert_eq!(t.start, g.start);
        let moves = |x: &chainmate::formats::viriformat::ViriGame| {
            x.moves.iter().map(|m| m.0).collect::<Vec<_>>()
        };
        assert_eq!(moves(t), moves(g));
        assert!(t.moves.iter().all(|&(_, score)| score != NO_SCORE));
    }
    let (code, json) = stats(&dir);
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(field(&json, "teacher_positions"), field(&json, "positions"));
    assert_eq!(field(&json, "holdout_positions"), field(&json, "positions"));
    let out = chainmate(&["data", "error", "--manifest", s(&readme), "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let error: f64 = field(&report, "error").parse().unwrap();
    assert!((0.0..0.25).contains(&error), "{report}");
    assert!(report.contains("\"by_phase\":[") && report.contains("\"class\":\"endgame\""));
    assert!(report.contains("\"by_concept\":[{\"group\":\"king danger\""));
    std::fs::remove_dir_all(&dir).ok();
}

fn excerpt() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/viri/README.md")
}

#[test]
fn the_checked_in_excerpt_reads_back_with_its_counts() {
    let (code, json) = stats(&excerpt());
    assert_eq!(code, Some(0), "{json}");
    for (key, value) in [
        ("games", "48"),
        ("positions", "5010"),
        ("holdout_positions", "1305"),
        ("teacher_positions", "5010"),
        ("chunks", "4"),
        ("bytes", "43536"),
    ] {
        assert_eq!(field(&json, key), value, "{key}");
    }
}

/// A fit on the excerpt stopped after three passes and resumed from its checkpoint writes the
/// weights of one run of six; a checkpoint of other data is refused.
#[test]
fn a_fit_of_the_chunks_resumes_to_the_weights_of_an_uninterrupted_run() {
    let dir = folder("fit");
    let readme = excerpt();
    let fit = |rounds: &str, out: &Path, extra: &[&str]| {
        let mut args = vec![
            "tune",
            "--method",
            "gradient",
            "--viri",
            s(&readme),
            "--teacher",
            "sf11-d8",
            "--blend",
            "0.5",
            "--teacher-blend",
            "0.25",
            "--l2",
            "1e-7",
            "--rounds",
            rounds,
            "--out",
            s(out),
        ];
        args.extend_from_slice(extra);
        let out = chainmate(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let (whole, part, ck) = (
        dir.join("whole.txt"),
        dir.join("part.txt"),
        dir.join("fit.ck"),
    );
    fit("6", &whole, &[]);
    fit("3", &part, &["--checkpoint", s(&ck)]);
    assert!(std::fs::read_to_string(&ck)
        .unwrap()
        .contains("\nepoch 3\n"));
    let resumed = fit("6", &part, &["--resume", s(&ck)]);
    assert!(resumed.contains("resumed from pass 3 of 6"), "{resumed}");
    assert_eq!(
        std::fs::read(&part).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    let out = chainmate(&[
        "tune",
        "--method",
        "gradient",
        "--viri",
        s(&excerpt()),
        "--every",
        "2",
        "--rounds",
        "4",
        "--out",
        s(&part),
        "--resume",
        s(&ck),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("training positions"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--untaught-blend` sets the target of the positions no teacher scored, and is refused
/// where no teacher has a share (it would change nothing there).
#[test]
fn the_untaught_share_is_taken_only_beside_a_teacher_share() {
    let dir = folder("untaught");
    let out_file = dir.join("w.txt");
    let fit = |teacher_blend: &str| {
        chainmate(&[
            "tune",
            "--method",
            "gradient",
            "--viri",
            s(&excerpt()),
            "--teacher",
            "sf11-d8",
            "--blend",
            "0.5",
            "--teacher-blend",
            teacher_blend,
            "--untaught-blend",
            "0.25",
            "--rounds",
            "1",
            "--out",
            s(&out_file),
        ])
    };
    let taken = fit("0.5");
    assert!(taken.status.success(), "{}", text(&taken.stderr));
    assert!(
        text(&taken.stdout).contains("τ = 0.5 (untaught: λu = 0.25)"),
        "{}",
        text(&taken.stdout)
    );
    let refused = fit("0");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("--untaught-blend")
            && text(&refused.stderr).contains("--teacher-blend above 0"),
        "{}",
        text(&refused.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--taught-only` leaves out the self-play chunks the teacher did not score: here a second
/// copy of the excerpt's self-play chunk with no teacher chunk beside it.
#[test]
fn taught_only_fits_the_scored_chunks_alone() {
    let dir = folder("taught");
    let source = excerpt();
    let from = source.parent().unwrap();
    std::fs::create_dir_all(dir.join("teacher/sf11-d8")).unwrap();
    for file in [
        "holdout.vf",
        "selfplay.vf",
        "teacher/sf11-d8/holdout.vf",
        "teacher/sf11-d8/selfplay.vf",
    ] {
        std::fs::copy(from.join(file), dir.join(file)).unwrap();
    }
    std::fs::copy(from.join("selfplay.vf"), dir.join("unscored.vf")).unwrap();
    let readme = std::fs::read_to_string(&source).unwrap();
    let row = readme
        .lines()
        .find(|l| l.starts_with("| selfplay.vf |"))
        .unwrap();
    let copy = row.replacen("| selfplay.vf |", "| unscored.vf |", 1);
    let readme = readme.replace(row, &format!("{row}\n{copy}"));
    std::fs::write(dir.join("README.md"), readme).unwrap();
    let out_file = dir.join("w.txt");
    let manifest = dir.join("README.md");
    // (training positions, of them with a teacher's score) from the fit's first line.
    let counts = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "--method",
            "gradient",
            "--viri",
            s(&manifest),
            "--teacher",
            "sf11-d8",
            "--blend",
            "0.5",
            "--teacher-blend",
            "0.5",
            "--rounds",
            "1",
            "--out",
            s(&out_file),
        ];
        args.extend_from_slice(extra);
        let out = chainmate(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let number = |after: &str| -> usize {
            let rest = &stdout[stdout.find(after).expect(after) + after.len()..];
            rest.split_whitespace().next().unwrap().parse().unwrap()
        };
        let line = stdout.lines().next().unwrap();
        let training: usize = line.split_whitespace().next().unwrap().parse().unwrap();
        (training, number("with a search score, "))
    };
    let (all, all_taught) = counts(&[]);
    let (taught, taught_taught) = counts(&["--taught-only"]);
    assert!(taught > 0);
    assert_eq!(all, 2 * taught, "the copy adds as many positions again");
    assert_eq!(
        all_taught, taught,
        "only the scored chunk has a teacher's scores"
    );
    assert_eq!(
        taught_taught, taught,
        "--taught-only keeps the scored chunk alone"
    );
    std::fs::remove_dir_all(&dir).ok();
}
