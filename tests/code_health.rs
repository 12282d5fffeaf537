//! The shape of the source tree, as issue 25 fixed it: no import loops between files, no
//! function over 120 lines, no search file over 650 lines, no `too_many_arguments`.
//!
//! The import graph is read from the source text: every `crate::…` and `super::…` path
//! (in `use` items and in code) is resolved to the file that defines what it names, following
//! a parent module's `pub use child::Item` re-exports to the child's file. A module's own
//! `mod`/`pub use` lines are declarations, not dependencies, and a file's `#[cfg(test)]`
//! module is left out (tests may reach anywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Every `.rs` file under `src/` with its text, keyed by path relative to `src/`.
fn sources() -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(SRC).expect("under src");
                let text = std::fs::read_to_string(&path).expect("read source");
                out.insert(rel.to_string_lossy().replace('\\', "/"), text);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(Path::new(SRC), &mut out);
    out.remove("main.rs");
    out
}

/// The module path of a file (`search/thread.rs` → `["search", "thread"]`).
fn module_of(file: &str) -> Vec<String> {
    let trimmed = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The file of a module path, if it is a file of its own.
fn file_of(files: &BTreeMap<String, String>, module: &[String]) -> Option<String> {
    if module.is_empty() {
        return Some("lib.rs".into());
    }
    let base = module.join("/");
    [format!("{base}.rs"), format!("{base}/mod.rs")]
        .into_iter()
        .find(|f| files.contains_key(f))
}

/// The code of a file without comments, string contents and its `#[cfg(test)]` module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::new();
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or_default();
        // Drop string literals (a `"crate::x"` in a message is not a path).
        let mut in_string = false;
        for c in line.chars() {
            if c == '"' {
                in_string = !in_string;
            } else if !in_string {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The paths a piece of code names: `crate::a::b`, `super::c::{d, e::f}` expanded.
fn paths(code: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(root) {
            let start = from + i;
            from = start + root.len();
            let before = start.checked_sub(1).map(|j| bytes[j] as char);
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut tail = String::new();
            let mut depth = 0;
            for c in code[from..].chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') => break,
                    _ => {}
                }
                tail.push(c);
            }
            for path in expand(&tail) {
                found.push((root.trim_end_matches("::").to_string(), path));
            }
        }
    }
    found
}

/// `a::{b, c::d}` → `[[a, b], [a, c, d]]`.
fn expand(tail: &str) -> Vec<Vec<String>> {
    let tail = tail.replace(char::is_whitespace, "");
    let Some(open) = tail.find('{') else {
        return vec![tail
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()];
    };
    let prefix: Vec<String> = tail[..open]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let inner = &tail[open + 1..tail.rfind('}').unwrap_or(tail.len())];
    let mut items = Vec::new();
    let (mut depth, mut last) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[last..i]);
                last = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[last..]);
    items
        .into_iter()
        .filter(|s| !s.is_empty())
        .flat_map(expand)
        .map(|rest| prefix.iter().cloned().chain(rest).collect())
        .collect()
}

/// The file defining `path` (segments after `crate` or `super` of `module`).
fn resolve(
    files: &BTreeMap<String, String>,
    module: &[String],
    root: &str,
    path: &[String],
) -> Option<String> {
    let mut current: Vec<String> = match root {
        "crate" => Vec::new(),
        _ => module[..module.len().checked_sub(1)?].to_vec(),
    };
    let mut rest = path;
    while let Some((head, tail)) = rest.split_first() {
        if head == "self" || head == "*" {
            break;
        }
        let mut next = current.clone();
        next.push(head.clone());
        if file_of(files, &next).is_some() {
            current = next;
            rest = tail;
        } else {
            // An item of `current`'s file, or one it re-exports from a child module.
            let file = file_of(files, &current)?;
            let text = code(&files[&file]);
            for line in text
                .lines()
                .filter(|l| l.trim_start().starts_with("pub use "))
            {
                let decl = line
                    .trim()
                    .trim_start_matches("pub use ")
                    .trim_end_matches(';');
                for p in expand(decl) {
                    if p.last() == Some(head) && p.len() > 1 {
                        let mut child = current.clone();
                        child.push(p[0].clone());
                        if let Some(f) = file_of(files, &child) {
                            return Some(f);
                        }
                    }
                }
            }
            return Some(file);
        }
    }
    file_of(files, &current)
}

/// File → the files it imports from.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = sources();
    let mut graph = BTreeMap::new();
    for (file, text) in &files {
        let module = module_of(file);
        let body: String = code(text)
            .lines()
            .filter(|l| {
                let t = l.trim_start();
                !(t.starts_with("pub use ") || t.starts_with("pub mod ") || t.starts_with("mod "))
            })
            .collect::<Vec<_>>()
            .join("\n");
        let mut targets = BTreeSet::new();
        for (root, path) in paths(&body) {
            if let Some(target) = resolve(&files, &module, &root, &path) {
                if &target != file {
                    targets.insert(target);
                }
            }
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The strongly connected components with more than one file (each an import loop).
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(f) = stack.pop() {
            for t in graph.get(&f).into_iter().flatten() {
                if seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|f| (f, reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for f in graph.keys() {
        if done.contains(f) {
            continue;
        }
        let component: Vec<String> = graph
            .keys()
            .filter(|g| *g == f || (reaches[f].contains(*g) && reaches[g].contains(f)))
            .cloned()
            .collect();
        done.extend(component.iter().cloned());
        if component.len() > 1 {
            out.push(component);
        }
    }
    out
}

#[test]
fn the_checker_sees_paths_and_loops() {
    let p = paths("use super::{a::X, b::{c, d::E}};\nlet x = crate::core::Board::new();");
    let as_text: Vec<String> = p
        .iter()
        .map(|(r, p)| format!("{r}::{}", p.join("::")))
        .collect();
    assert_eq!(
        as_text,
        [
            "crate::core::Board::new",
            "super::a::X",
            "super::b::c",
            "super::b::d::E"
        ]
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(loops(&graph), vec![vec!["a", "b", "c"]]);
    let graph = import_graph();
    assert!(graph["search/thread.rs"].contains("search/tt.rs"));
    assert!(graph["search/root.rs"].contains("search/thread.rs"));
}

#[test]
fn no_import_loops_between_files() {
    let found = loops(&import_graph());
    assert!(found.is_empty(), "import loops: {found:#?}");
}

/// `(file, function, lines)` of every `fn` (from its line to its closing brace).
fn functions() -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (file, text) in sources() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            let indent = &line[..line.len() - t.len()];
            let Some(pos) = t.find("fn ") else { continue };
            let head = &t[..pos];
            let is_fn = head.split_whitespace().all(|w| {
                [
                    "pub",
                    "pub(crate)",
                    "pub(super)",
                    "const",
                    "unsafe",
                    "async",
                ]
                .contains(&w)
            });
            if !is_fn || line.trim_end().ends_with(';') {
                continue;
            }
            let name: String = t[pos + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let close = format!("{indent}}}");
            if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
                out.push((file.clone(), name, end + 2));
            }
        }
    }
    out
}

#[test]
fn no_search_file_is_over_650_lines() {
    let long: Vec<(String, usize)> = sources()
        .into_iter()
        .filter(|(f, _)| f.starts_with("search/"))
        .map(|(f, t)| (f, t.lines().count()))
        .filter(|(_, n)| *n > 650)
        .collect();
    assert!(long.is_empty(), "{long:?}");
}

#[test]
fn nothing_allows_too_many_arguments() {
    let offenders: Vec<String> = sources()
        .into_iter()
        .filter(|(_, t)| t.contains("too_many_arguments"))
        .map(|(f, _)| f)
        .collect();
    assert!(offenders.is_empty(), "{offenders:?}");
}

#[test]
fn no_function_is_over_120_lines() {
    let long: Vec<_> = functions()
        .into_iter()
        .filter(|(_, _, n)| *n > 120)
        .collect();
    assert!(long.is_empty(), "{long:?}");
}
