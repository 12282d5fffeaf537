//! The `cargo run` commands the repository's Markdown pages show, read from the pages so that
//! a test can run each one's binary with its arguments: a page cannot name a command that
//! `cargo run` would refuse, a subcommand that does not exist or a flag that was renamed.
//!
//! A command is found in a fenced block (a line that starts with `cargo run`) or in an inline
//! code span of prose (`` `cargo run --release -- perft 6` ``, which may wrap onto the next
//! line). What follows `--` goes to the binary; a placeholder such as `<command>` ends what
//! can be checked.

use std::path::{Path, PathBuf};

/// A `cargo run` command shown on a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CargoRun {
    /// Where it is shown: `page:line`.
    pub place: String,
    /// The command as written.
    pub text: String,
    /// Cargo's options (between `cargo run` and `--`).
    pub cargo_args: Vec<String>,
    /// The binary's arguments (after `--`), up to the first placeholder.
    pub args: Vec<String>,
}

/// The workspace's packages and their one binary each: `(package, binary)`.
pub const PACKAGES: &[(&str, &str)] = &[
    ("chainmate", "chainmate"),
    ("chainmate-lab", "chainmate-lab"),
];

impl CargoRun {
    /// The binary `cargo run` starts for this command, or why it cannot tell. Without `-p`,
    /// the workspace's one `default-run` binary (`tests/docs.rs` checks the manifests hold
    /// exactly one).
    pub fn binary(&self) -> Result<&'static str, String> {
        let mut package = None;
        let mut i = 0;
        while i < self.cargo_args.len() {
            let arg = self.cargo_args[i].as_str();
            match arg {
                "--release" | "-q" | "--quiet" => {}
                "-p" | "--package" | "--bin" | "--features" => {
                    let value = self
                        .cargo_args
                        .get(i + 1)
                        .ok_or_else(|| format!("{}: '{arg}' without a value", self.place))?;
                    if arg != "--features" {
                        let known = PACKAGES.iter().find(|(p, b)| {
                            if arg == "--bin" {
                                b == value
                            } else {
                                p == value
                            }
                        });
                        let (_, bin) = known.ok_or_else(|| {
                            format!("{}: no package or binary '{value}'", self.place)
                        })?;
                        if package.is_some_and(|b| b != *bin) {
                            return Err(format!("{}: two binaries named", self.place));
                        }
                        package = Some(*bin);
                    }
                    i += 1;
                }
                other => {
                    return Err(format!(
                        "{}: cargo option '{other}' is not one this check knows",
                        self.place
                    ))
                }
            }
            i += 1;
        }
        Ok(package.unwrap_or("chainmate"))
    }
}

/// The Markdown files of the repository (not `target/` or hidden folders), sorted.
pub fn markdown_pages(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read a folder").flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    walk(&path, out);
                }
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out.sort();
    out
}

/// Every `cargo run` command on every Markdown page under `root`.
pub fn cargo_runs(root: &Path) -> Vec<CargoRun> {
    let mut out = Vec::new();
    for path in markdown_pages(root) {
        let text = std::fs::read_to_string(&path).expect("read a page");
        let page = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        out.extend(cargo_runs_in(&page, &text));
    }
    out
}

/// The `cargo run` commands of one page's text.
pub fn cargo_runs_in(page: &str, text: &str) -> Vec<CargoRun> {
    let mut out = Vec::new();
    let mut in_fence = false;
    // Prose is read a paragraph at a time (an inline span may wrap): its text and first line.
    let mut paragraph = String::new();
    let mut paragraph_line = 0;
    let flush = |paragraph: &mut String, line: usize, out: &mut Vec<CargoRun>| {
        for span in paragraph.split('`').skip(1).step_by(2) {
            if span.trim_start().starts_with("cargo run") {
                out.push(parse(&format!("{page}:{line}"), span));
            }
        }
        paragraph.clear();
    };
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            flush(&mut paragraph, paragraph_line, &mut out);
            in_fence = !in_fence;
        } else if in_fence {
            let command = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
            if command.starts_with("cargo run") {
                out.push(parse(&format!("{page}:{}", i + 1), command));
            }
        } else if trimmed.is_empty() {
            flush(&mut paragraph, paragraph_line, &mut out);
        } else {
            if paragraph.is_empty() {
                paragraph_line = i + 1;
            }
            paragraph.push_str(line);
            paragraph.push(' ');
        }
    }
    flush(&mut paragraph, paragraph_line, &mut out);
    out
}

/// Splits one command into cargo's options and the binary's arguments (a shell comment and
/// everything from a placeholder on dropped).
fn parse(place: &str, command: &str) -> CargoRun {
    let words: Vec<&str> = command
        .split_whitespace()
        .take_while(|w| !w.starts_with('#'))
        .collect();
    let rest = &words[2..];
    let (cargo, args) = match rest.iter().position(|w| *w == "--") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let args = args
        .iter()
        .take_while(|w| !w.contains('<') && !w.contains("...") && !w.contains('…'))
        .map(|w| w.trim_matches(|c| c == '"' || c == '\'').to_string())
        .collect();
    CargoRun {
        place: place.to_string(),
        text: words.join(" "),
        cargo_args: cargo.iter().map(|w| w.to_string()).collect(),
        args,
    }
}

/// Runs `binary` as the command would, in the repository root: with arguments, with
/// `--help` added (clap checks every subcommand, flag and value before it prints the help);
/// without, as the UCI engine fed `uci` and `quit`, which must answer `uciok`. `Err` says
/// what went wrong.
pub fn check(run: &CargoRun, binary: &Path, root: &Path) -> Result<(), String> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut command = Command::new(binary);
    command
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let uci = run.args.is_empty() || run.args == ["uci"];
    if !uci {
        command.args(&run.args).arg("--help");
    }
    let mut child = command
        .spawn()
        .map_err(|e| format!("{}: cannot start: {e}", run.place))?;
    let mut stdin = child.stdin.take().expect("piped");
    let _ = stdin.write_all(if uci { b"uci\nquit\n" } else { b"" });
    drop(stdin);
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{}: {e}", run.place))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let ok = out.status.success() && (!uci || stdout.lines().any(|l| l == "uciok"));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{}: `{}` fails ({}): {}",
            run.place,
            run.text,
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Every `cargo run` command of the pages under `root` that starts `name`, each run with the
/// built `binary` ([`check`]); panics with every failure, or when fewer than `at_least`
/// commands are found (a reader that found none would check nothing).
pub fn assert_all_work(root: &Path, name: &str, binary: &Path, at_least: usize) {
    let runs: Vec<CargoRun> = cargo_runs(root)
        .into_iter()
        .filter(|r| r.binary() == Ok(name))
        .collect();
    assert!(
        runs.len() >= at_least,
        "too few {name} commands found: {runs:?}"
    );
    let failed: Vec<String> = runs
        .iter()
        .filter_map(|r| check(r, binary, root).err())
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
