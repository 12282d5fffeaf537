//! Helpers shared by the integration tests: random legal games for quickcheck, a slow
//! reference move generator, and a few small utilities.
//!
//! Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

pub mod doc_commands;
pub mod fuzz;
pub mod games;
pub mod json;
pub mod reference;
pub mod uci;

use chainmate::core::{Board, Move};

/// Scales a random-case count for the build: the full count in release builds (the test
/// configuration, `cargo test --release`), a tenth in debug builds, where the engine runs
/// unoptimised and the full count would take many minutes.
pub const fn cases(release_count: u64) -> u64 {
    if cfg!(debug_assertions) {
        release_count / 10
    } else {
        release_count
    }
}

/// The legal moves of `board` as sorted UCI strings, castling as king takes rook (the form
/// that is unambiguous in Chess960 too, and the one the reference generator writes).
pub fn sorted_uci(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.uci(true).to_string()).collect();
    v.sort();
    v
}

/// Parses a FEN that the test itself wrote, panicking with the FEN and error otherwise.
pub fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("test FEN {fen:?} rejected: {e}"))
}

/// The elements of `a` missing from `b` (both sorted), for readable failure messages.
pub fn missing_from(a: &[String], b: &[String]) -> Vec<String> {
    a.iter()
        .filter(|x| b.binary_search(x).is_err())
        .cloned()
        .collect()
}

/// Both perft suites shipped in `perft/`, as one text.
pub fn suite_text() -> String {
    [
        include_str!("../../perft/perftsuite.epd"),
        include_str!("../../perft/cpw_standard_positions.epd"),
    ]
    .concat()
}

/// Every case of both perft suites.
pub fn suite_cases() -> Vec<chainmate::perft::PerftCase> {
    chainmate::perft::parse_suite(&suite_text()).expect("the perft suites parse")
}

/// Runs `job` on every item, spread over the machine's cores; results in input order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], job: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = job(item);
                results.lock().expect("no panic while locked")[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .expect("threads finished")
        .into_iter()
        .map(|r| r.expect("every item was processed"))
        .collect()
}

/// The binary the including test drives: `chainmate-lab` in the lab crate's tests (which
/// include this module by path), `chainmate` in the engine's.
pub const BIN: &str = match (
    option_env!("CARGO_BIN_EXE_chainmate-lab"),
    option_env!("CARGO_BIN_EXE_chainmate"),
) {
    (Some(lab), _) => lab,
    (None, Some(engine)) => engine,
    (None, None) => panic!("common is for integration tests, which have a binary"),
};

/// Runs the built binary ([`BIN`]) with `args` and collects its output.
pub fn chainmate(args: &[&str]) -> std::process::Output {
    std::process::Command::new(BIN)
        .args(args)
        .output()
        .expect("run chainmate")
}

/// Runs the built binary ([`BIN`]) with `args`, writes `input` to its standard input, closes
/// it and collects the output (a UCI session given in one piece).
pub fn chainmate_with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chainmate");
    child
        .stdin
        .take()
        .expect("its standard input")
        .write_all(input)
        .expect("write to chainmate");
    child.wait_with_output().expect("chainmate's output")
}

/// Runs the binary with `base`, the output file `out` and each case's extra arguments, and
/// asserts each is refused (exit 2) with its message on standard error, writing nothing.
pub fn assert_each_refused(base: &[&str], out: &std::path::Path, cases: &[(&[&str], &str)]) {
    for &(extra, message) in cases {
        let mut args: Vec<&str> = base.to_vec();
        args.push(out.to_str().unwrap());
        args.extend_from_slice(extra);
        let result = chainmate(&args);
        assert_eq!(result.status.code(), Some(2), "{extra:?}");
        let stderr = text(&result.stderr);
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
        assert!(!out.exists());
    }
}

/// Asserts that `--tunables` works before or after `uci` and lists every parameter as a UCI
/// option: more than `at_least` options named `prefix…` with it, none without.
pub fn assert_tunables_flag_works(prefix: &str, at_least: usize) {
    for args in [
        vec!["--tunables", "uci"],
        vec!["uci", "--tunables"],
        vec!["uci"],
    ] {
        let out = chainmate_with_input(&args, b"uci\nquit\n");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let tunables = stdout.lines().filter(|l| l.starts_with(prefix)).count();
        let listed = args.contains(&"--tunables");
        assert_eq!(
            tunables > at_least,
            listed,
            "{args:?}: {tunables} {prefix}* options"
        );
        assert!(stdout.contains("option name Hash type spin"), "{args:?}");
    }
}

/// Asserts that the help of each of `commands` (plain text, from doc comments clap reads)
/// carries no intra-doc link or path.
pub fn assert_help_texts_carry_no_doc_links(commands: Vec<Vec<&str>>) {
    for mut args in commands {
        args.push("--help");
        let out = chainmate(&args);
        let help = text(&out.stdout);
        assert!(out.status.success(), "{args:?}");
        assert!(
            !help.contains("crate::") && !help.contains("[`"),
            "{args:?} help has a doc link:\n{help}"
        );
    }
}

/// Runs the built binary ([`BIN`]) with `args` and `input` on its standard input, its
/// standard output a pipe whose reader reads `lines` lines and goes away (as `| head -1`
/// does; with 0 the reader is gone before the binary starts, so its first write meets the
/// closed pipe). Returns the exit status and what it wrote on standard error.
pub fn run_into_closed_pipe(
    args: &[&str],
    input: &str,
    lines: usize,
) -> (std::process::ExitStatus, String) {
    use std::io::{BufRead, Write};
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let mut reader = (lines > 0).then(|| std::io::BufReader::new(reader));
    let mut child = std::process::Command::new(BIN)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run chainmate");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The binary may be gone already: a refused input is what this test looks at afterwards.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    if let Some(reader) = reader.as_mut() {
        for _ in 0..lines {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
        }
    }
    drop(reader);
    let out = child.wait_with_output().expect("wait for chainmate");
    (out.status, text(&out.stderr))
}

/// Why a test cannot run when a file of `needed` is missing (the `--ignored` tests on
/// `../shared` or generated files, which a fresh clone lacks): which data, the missing file
/// and the command that makes it. `None` when every file is there.
pub fn missing_data(needed: &[&str], what: &str, how: &str) -> Option<String> {
    let missing = needed.iter().find(|p| !std::path::Path::new(p).exists())?;
    Some(format!(
        "cannot run: needs {what}; {missing} is missing. {how}"
    ))
}

/// Fails the test, saying what to make, when [`missing_data`] finds a file missing: a test
/// asked for by name (`--ignored`) that cannot check anything must not pass as `ok` (the
/// test harness hides what a test writes, so a quiet skip would look like a pass).
pub fn require_data(needed: &[&str], what: &str, how: &str) {
    if let Some(why) = missing_data(needed, what, how) {
        panic!("{why}");
    }
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A thread that keeps one core busy until it is dropped: tests that pin node counts run
/// beside it, so that a tree that depended on the clock (a slower, busier machine) would show.
pub struct CpuHog {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<u64>>,
}

impl CpuHog {
    /// Starts spinning.
    pub fn start() -> CpuHog {
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let flag = std::sync::Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let mut x = 0u64;
            while !flag.load(Ordering::Relaxed) {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
            x
        });
        CpuHog {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for CpuHog {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
