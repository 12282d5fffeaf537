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

/// A command of one of the binaries shown on a page or in a source comment, as far as a check
/// can read it without running it: the subcommands it names and the flags it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownCommand {
    /// Where it is shown: `file:line`.
    pub place: String,
    /// `chainmate` or `chainmate-lab`.
    pub binary: String,
    /// The subcommands (`tb probe`, `experiment figures`).
    pub chain: Vec<String>,
    /// The long flags it uses (`--depth`).
    pub flags: Vec<String>,
    /// The command as written.
    pub text: String,
}

/// Reads one command's text (`chainmate-lab data stats data/ --json`): its binary, the
/// leading words that name subcommands (up to the first flag, path, number or placeholder),
/// and every long flag.
pub fn shown(place: String, text: &str) -> Option<ShownCommand> {
    let mut words = text.split_whitespace();
    let binary = words.next()?.rsplit('/').next()?.to_string();
    if binary != "chainmate" && binary != "chainmate-lab" {
        return None;
    }
    let rest: Vec<&str> = words.take_while(|w| !w.starts_with('#')).collect();
    let chain = rest
        .iter()
        .take_while(|w| {
            w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .map(|w| w.to_string())
        .collect();
    let flags = rest
        .iter()
        .filter_map(|w| {
            let w = w.trim_start_matches(['(', '[']);
            let flag = w.strip_prefix("--")?;
            let name: String = flag
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            (!name.is_empty()).then(|| format!("--{name}"))
        })
        .collect();
    Some(ShownCommand {
        place,
        binary,
        chain,
        flags,
        text: text.to_string(),
    })
}

/// The inline code spans of a line of text that hold a command of the binaries.
fn commands_in_line(place: &str, line: &str, out: &mut Vec<ShownCommand>) {
    for span in line.split('`').skip(1).step_by(2) {
        let span = span.trim();
        let first = span.split_whitespace().next().unwrap_or("");
        if first.ends_with("chainmate") || first.ends_with("chainmate-lab") {
            out.extend(shown(place.to_string(), span));
        }
    }
}

/// Every command of the binaries that a Markdown page (in a fenced block or an inline span)
/// or a source comment (an inline span of a `//` line) shows.
pub fn shown_commands(root: &Path) -> Vec<ShownCommand> {
    let mut out = Vec::new();
    for path in markdown_pages(root) {
        let text = std::fs::read_to_string(&path).expect("read a page");
        let page = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let mut in_fence = false;
        for (i, line) in text.lines().enumerate() {
            let place = format!("{page}:{}", i + 1);
            let trimmed = line.trim_start();
            if trimmed.starts_with("```") {
                in_fence = !in_fence;
            } else if in_fence {
                let command = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
                out.extend(shown(place, command));
            } else {
                commands_in_line(&place, line, &mut out);
            }
        }
    }
    for path in rust_sources(root) {
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let file = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (i, line) in text.lines().enumerate() {
            let Some(comment) = line.trim_start().strip_prefix("//") else {
                continue;
            };
            let place = format!("{file}:{}", i + 1);
            // A command set apart in a comment (`//   chainmate-lab tune ...`), or in a span.
            let bare = comment.trim_start_matches(['/', '!']).trim();
            if bare.starts_with("chainmate ") || bare.starts_with("chainmate-lab ") {
                out.extend(shown(place, bare));
            } else {
                commands_in_line(&place, line, &mut out);
            }
        }
    }
    out
}

/// The `.rs` files of both crates (sources, tests, benches, the build script), sorted.
pub fn rust_sources(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = vec![root.join("build.rs")];
    for dir in [
        "src",
        "tests",
        "benches",
        "lab/src",
        "lab/tests",
        "lab/benches",
    ] {
        walk(&root.join(dir), &mut out);
    }
    out.sort();
    out
}

/// Checks every shown command of binary `name` against the built `binary`: its subcommands
/// exist (`--help` answers) and every flag it uses is one their help lists. Panics with every
/// failure, or when fewer than `at_least` commands are found.
pub fn assert_shown_commands_work(root: &Path, name: &str, binary: &Path, at_least: usize) {
    let commands: Vec<ShownCommand> = shown_commands(root)
        .into_iter()
        .filter(|c| c.binary == name)
        .collect();
    assert!(
        commands.len() >= at_least,
        "too few {name} commands found: {}",
        commands.len()
    );
    let mut helps: std::collections::HashMap<Vec<String>, Result<String, String>> =
        std::collections::HashMap::new();
    let mut failed = Vec::new();
    for c in &commands {
        let help = helps.entry(c.chain.clone()).or_insert_with(|| {
            let out = std::process::Command::new(binary)
                .args(&c.chain)
                .arg("--help")
                .output()
                .map_err(|e| e.to_string())?;
            if out.status.success() {
                Ok(String::from_utf8_lossy(&out.stdout).into_owned())
            } else {
                Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
            }
        });
        match help {
            Err(why) => failed.push(format!("{}: `{}`: {why}", c.place, c.text)),
            Ok(text) => {
                for flag in &c.flags {
                    let listed = text.contains(&format!("{flag} "))
                        || text.contains(&format!("{flag}\n"))
                        || text.contains(&format!("{flag}="))
                        || text.contains(&format!("{flag},"));
                    if !listed && flag != "--help" && flag != "--version" {
                        failed.push(format!(
                            "{}: `{}`: `{} {}` has no flag {flag}",
                            c.place,
                            c.text,
                            name,
                            c.chain.join(" ")
                        ));
                    }
                }
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The repository's top-level folders: a path that starts with one of them names a file of
/// the repository (a file of another repository is written with its owner and name first,
/// `AndyGrant/Ethereal/src/perft/standard.epd`, and is not checked).
const ROOTS: &[&str] = &[
    "src/", "lab/", "tests/", "docs/", "tools/", "perft/", "suites/", "benches/", "data/",
    "games/", ".ci/",
];

/// A repository path an inline span names, if the span is one: no spaces, one of [`ROOTS`]
/// first, no placeholder (`*`, `<...>`, `...`, a segment in capitals such as `NAME`); a
/// `:line` suffix and trailing punctuation are dropped.
pub fn path_of_span(span: &str) -> Option<String> {
    let span = span.trim();
    if span.contains(char::is_whitespace) || !ROOTS.iter().any(|r| span.starts_with(r)) {
        return None;
    }
    if span.contains(['*', '<', '>', '{', '}', '|', '…']) || span.contains("...") {
        return None;
    }
    let path = span
        .split(':')
        .next()?
        .trim_end_matches(['.', ',', ';', ')', '/']);
    let placeholder = path.split('/').any(|seg| {
        seg.len() > 1
            && seg
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
    });
    (!placeholder).then(|| path.to_string())
}

/// Every repository path the pages name (in inline spans, and as relative link targets,
/// resolved from the page's folder) and the source comments name (in inline spans): `(place,
/// path relative to the root)`.
pub fn named_paths(root: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in markdown_pages(root) {
        let text = std::fs::read_to_string(&path).expect("read a page");
        let page = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
        let folder = page.parent().unwrap_or(Path::new("")).to_path_buf();
        let mut in_fence = false;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
            let place = format!("{}:{}", page.display(), i + 1);
            for span in line.split('`').skip(1).step_by(2) {
                out.extend(path_of_span(span).map(|p| (place.clone(), p)));
            }
            for target in line.split("](").skip(1) {
                let target = target.split([')', ' ']).next().unwrap_or("");
                let target = target.split('#').next().unwrap_or("");
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let joined = normalize(&folder.join(target));
                out.push((place.clone(), joined));
            }
        }
    }
    for path in rust_sources(root) {
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let file = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (i, line) in text.lines().enumerate() {
            if !line.trim_start().starts_with("//") {
                continue;
            }
            for span in line.split('`').skip(1).step_by(2) {
                out.extend(path_of_span(span).map(|p| (format!("{file}:{}", i + 1), p)));
            }
        }
    }
    out
}

/// `a/b/../c` as `a/c`, relative to the root.
fn normalize(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                if parts.pop().is_none() {
                    parts.push("..".into());
                }
            }
            std::path::Component::CurDir => {}
            other => parts.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    parts.join("/")
}

/// The files `.gitignore` names one by one (generated files a page may name: they exist once
/// made).
pub fn ignored_files(root: &Path) -> Vec<String> {
    std::fs::read_to_string(root.join(".gitignore"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().trim_start_matches('/').to_string())
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.contains('*'))
        .collect()
}
