//! The Markdown pages (every `.md` file of the repository) render as written, say what they
//! need and show commands that work: every command block is a fenced block at the left
//! margin (an indented block under a list item renders as part of the list under
//! CommonMark), a block is marked `# needs ../shared` exactly when it reads the development
//! data that a clone does not have, and every `cargo run` they show starts a binary that
//! takes its arguments (`common::doc_commands`).

use std::path::{Path, PathBuf};

use crate::common;

const MARKER: &str = "# needs ../shared";

fn pages() -> Vec<PathBuf> {
    common::doc_commands::markdown_pages(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// A fenced block: the page, the line of its opening fence, its language and its lines.
struct Block {
    page: String,
    line: usize,
    lang: String,
    body: Vec<String>,
}

/// The fenced blocks of `text`, and the lines (1-based) of indented fences and of indented
/// code blocks outside fences.
fn blocks(page: &str, text: &str) -> (Vec<Block>, Vec<usize>) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut out, mut indented) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            if trimmed.len() != line.len() {
                indented.push(i + 1);
            }
            let start = i;
            let lang = trimmed.trim_start_matches('`').trim().to_string();
            let mut body = Vec::new();
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                body.push(lines[i].to_string());
                i += 1;
            }
            out.push(Block {
                page: page.to_string(),
                line: start + 1,
                lang,
                body,
            });
        } else if line.starts_with("    ")
            && !line.trim().is_empty()
            && i > 0
            && lines[i - 1].trim().is_empty()
        {
            indented.push(i + 1);
        }
        i += 1;
    }
    (out, indented)
}

fn all_blocks() -> (Vec<Block>, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut all, mut indented) = (Vec::new(), Vec::new());
    for path in pages() {
        let text = std::fs::read_to_string(&path).expect("read a page");
        let page = path.strip_prefix(root).unwrap().display().to_string();
        let (found, bad) = blocks(&page, &text);
        all.extend(found);
        indented.extend(bad.into_iter().map(|l| format!("{page}:{l}")));
    }
    (all, indented)
}

#[test]
fn command_blocks_are_fenced_at_the_margin() {
    let (_, indented) = all_blocks();
    assert!(
        indented.is_empty(),
        "indented code blocks or fences (use a fenced block at the left margin): {indented:?}"
    );
}

/// A block that reads `../shared` carries the marker; a marked block reads `../shared`, or
/// its marker says which file made from it the block needs (`# needs ../shared (gm.lib,
/// ...)`).
#[test]
fn shared_markers_are_right_in_both_directions() {
    let (blocks, _) = all_blocks();
    let mut wrong = Vec::new();
    for b in blocks.iter().filter(|b| b.lang == "sh" || b.lang == "bash") {
        let marker = b.body.iter().find(|l| l.trim_start().starts_with(MARKER));
        let reads = b
            .body
            .iter()
            .filter(|l| !l.trim_start().starts_with(MARKER))
            .any(|l| l.contains("../shared"));
        let explained = marker.is_some_and(|m| {
            let why = m.trim_start()[MARKER.len()..].trim();
            why.starts_with('(') && !why.starts_with("(development data") || why.contains("as in")
        });
        match (marker.is_some(), reads) {
            (false, true) => {
                wrong.push(format!("{}:{}: reads ../shared, unmarked", b.page, b.line))
            }
            (true, false) if !explained => wrong.push(format!(
                "{}:{}: marked, but reads nothing of ../shared and says not what it needs",
                b.page, b.line
            )),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checks_see_what_they_look_for() {
    let text = "a\n\n    indented\n\n```sh\n# needs ../shared (x)\ncmd\n```\n- item\n\n   ```sh\n   y\n   ```\n";
    let (found, indented) = blocks("t.md", text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].lang, "sh");
    assert_eq!(indented, vec![3, 11]);
}

/// `cargo run` with no package picks the binary of the one default member that names a
/// `default-run`: there must be exactly one, the engine's, or the README's first command
/// (`cargo run --release`) fails with "could not determine which binary to run".
#[test]
fn cargo_run_without_a_package_starts_the_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("read Cargo.toml");
    assert!(
        manifest.contains("default-members = [\".\", \"lab\"]"),
        "this check reads both default members' manifests; update it if they change"
    );
    let lab = std::fs::read_to_string(root.join("lab/Cargo.toml")).expect("read lab/Cargo.toml");
    let runs = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.trim_start().starts_with("default-run"))
            .map(|l| l.trim().to_string())
            .collect()
    };
    assert_eq!(runs(&manifest), ["default-run = \"chainmate\""]);
    assert_eq!(
        runs(&lab),
        Vec::<String>::new(),
        "lab/Cargo.toml names a default-run"
    );
}

/// Every `cargo run` command on every Markdown page names a binary cargo can pick, and the
/// README's first command is among them.
#[test]
fn every_cargo_run_the_pages_show_names_one_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let runs = common::doc_commands::cargo_runs(root);
    assert!(
        runs.iter()
            .any(|r| r.place.starts_with("README.md:") && r.text == "cargo run --release"),
        "the README's first command was not found: {runs:?}"
    );
    let wrong: Vec<String> = runs.iter().filter_map(|r| r.binary().err()).collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every `cargo run` of the engine that a page shows works: its subcommand and flags exist
/// (run with `--help` added), and the bare command is the UCI engine answering `uciok`. The
/// lab's commands are checked by the lab's tests (`lab/tests/cli.rs`).
#[test]
fn every_engine_cargo_run_the_pages_show_works() {
    common::doc_commands::assert_all_work(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        "chainmate",
        Path::new(env!("CARGO_BIN_EXE_chainmate")),
        5,
    );
}

#[test]
fn cargo_runs_are_read_from_blocks_and_wrapped_spans() {
    let text = "Run `cargo run --release -p chainmate-lab --\n<command>` or\n`cargo run --release -- perft 5`.\n\n```sh\ncargo run --release   # the engine\n$ cargo run --release -- bench 3 --json\n```\n";
    let runs = common::doc_commands::cargo_runs_in("p.md", text);
    let seen: Vec<(&str, &str, Vec<String>)> = runs
        .iter()
        .map(|r| (r.place.as_str(), r.binary().unwrap(), r.args.clone()))
        .collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        seen,
        vec![
            ("p.md:1", "chainmate-lab", s(&[])),
            ("p.md:1", "chainmate", s(&["perft", "5"])),
            ("p.md:6", "chainmate", s(&[])),
            ("p.md:7", "chainmate", s(&["bench", "3", "--json"])),
        ]
    );
    let odd = common::doc_commands::cargo_runs_in("q.md", "`cargo run --example x`");
    assert!(odd[0].binary().is_err());
}

/// Every repository path that a page or a source comment names is there (or is a generated
/// file that `.gitignore` names); a path outside the repository (`../shared`) is not one.
#[test]
fn every_repository_path_named_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ignored = common::doc_commands::ignored_files(root);
    let named = common::doc_commands::named_paths(root);
    assert!(named.len() > 100, "too few paths found: {}", named.len());
    let dead: Vec<String> = named
        .iter()
        .filter(|(_, p)| !p.starts_with("../") && !root.join(p).exists() && !ignored.contains(p))
        .map(|(place, p)| format!("{place}: {p}"))
        .collect();
    assert!(dead.is_empty(), "dead paths:\n{}", dead.join("\n"));
}

/// Every `chainmate` command a page or a source comment shows names real subcommands and
/// flags of the engine's binary (the lab's are checked by `lab/tests/cli.rs`).
#[test]
fn every_engine_command_shown_is_a_real_one() {
    common::doc_commands::assert_shown_commands_work(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        "chainmate",
        Path::new(env!("CARGO_BIN_EXE_chainmate")),
        20,
    );
}

/// No source comment carries a date or points to a note outside the code: a comment says
/// what is true of the code it sits on, and the record of when lives in the logs.
#[test]
fn no_comment_is_dated_or_points_to_an_issue_note() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for path in common::doc_commands::rust_sources(root) {
        let text = std::fs::read_to_string(&path).expect("read a source file");
        for (i, line) in text.lines().enumerate() {
            let Some(comment) = line.trim_start().strip_prefix("//") else {
                continue;
            };
            let dated = comment.as_bytes().windows(10).any(|w| {
                w[..4].iter().all(u8::is_ascii_digit)
                    && w[4] == b'-'
                    && w[5..7].iter().all(u8::is_ascii_digit)
                    && w[7] == b'-'
                    && w[8..].iter().all(u8::is_ascii_digit)
                    && w.starts_with(b"20")
            });
            if dated || comment.contains("issue note") {
                let file = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                found.push(format!("{file}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// What the two checks above read from a command and from a span.
#[test]
fn commands_and_paths_are_read_from_their_text() {
    use common::doc_commands::{path_of_span, shown};
    let c = shown(
        "p:1".into(),
        "chainmate-lab data stats data/ --json (--every 2 | [--x=3]) # a comment --no",
    )
    .unwrap();
    assert_eq!(c.binary, "chainmate-lab");
    assert_eq!(c.chain, ["data", "stats"]);
    assert_eq!(c.flags, ["--json", "--every", "--x"]);
    let c = shown("p:2".into(), "target/release/chainmate perft 6 --divide").unwrap();
    assert_eq!(
        (c.binary.as_str(), c.chain.as_slice()),
        ("chainmate", &["perft".to_string()][..])
    );
    assert_eq!(shown("p:3".into(), "stockfish go depth 8"), None);
    assert_eq!(
        path_of_span("src/search/pvs.rs:907"),
        Some("src/search/pvs.rs".into())
    );
    assert_eq!(
        path_of_span("docs/tuning.md."),
        Some("docs/tuning.md".into())
    );
    assert_eq!(path_of_span("data/teacher/NAME/x.vf"), None);
    assert_eq!(path_of_span("AndyGrant/Ethereal/src/search.c"), None);
    assert_eq!(path_of_span("src/eval/*.rs"), None);
    assert_eq!(path_of_span("chainmate perft 6"), None);
}
