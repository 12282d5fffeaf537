//! The shape of the source tree: the layers of each crate, no source file over 1,000 lines,
//! no function over 120 lines outside the search, no `too_many_arguments`.
//!
//! Cargo enforces the largest boundary itself: the lab (`lab/`) depends on the engine and the
//! engine cannot name the lab. Inside each crate the modules form layers, and a module may
//! name (`crate::x`) only the modules of its own layer or the layers below; the table below
//! is the checked form of `docs/architecture.md`'s picture. The search is exempt from the
//! function limit: its node routine reads as one story of numbered steps (`search/pvs.rs`),
//! split by concept, not by line count.

use std::collections::BTreeMap;
use std::path::Path;

/// The crates' source folders, relative to the engine's manifest.
const CRATES: [&str; 2] = ["src", "lab/src"];

/// A crate's top-level modules, each with the modules it may name (besides itself).
type Layers = &'static [(&'static str, &'static [&'static str])];

/// Each crate's layers. Front ends (`cli`, `uci`) may name everything below them.
const LAYERS: [(&str, Layers); 2] = [
    (
        "src",
        &[
            ("text", &[]),
            ("core", &["text"]),
            ("formats", &["text", "core"]),
            ("perft", &["text", "core", "formats"]),
            ("eval", &["text", "core"]),
            ("tb", &["text", "core"]),
            ("search", &["text", "core", "eval", "tb"]),
            (
                "config",
                &["text", "core", "formats", "eval", "tb", "search"],
            ),
            ("bench", &["text", "core", "search"]),
            ("suite", &["text", "core", "formats", "search"]),
            (
                "uci",
                &[
                    "text", "core", "formats", "perft", "eval", "tb", "search", "config", "bench",
                    "suite",
                ],
            ),
            (
                "cli",
                &[
                    "text", "core", "formats", "perft", "eval", "tb", "search", "config", "bench",
                    "suite", "uci",
                ],
            ),
        ],
    ),
    (
        "lab/src",
        &[
            ("parallel", &[]),
            ("eval", &[]),
            ("search", &["eval"]),
            ("book", &["search"]),
            ("library", &["search", "book"]),
            ("config", &["eval", "search", "book", "library"]),
            (
                "tournament",
                &["parallel", "eval", "search", "book", "config"],
            ),
            (
                "tune",
                &["parallel", "eval", "search", "config", "tournament"],
            ),
            ("data", &["search", "tournament", "tune"]),
            (
                "experiments",
                &[
                    "parallel",
                    "eval",
                    "search",
                    "book",
                    "library",
                    "config",
                    "tournament",
                ],
            ),
            (
                "cli",
                &[
                    "parallel",
                    "eval",
                    "search",
                    "book",
                    "library",
                    "config",
                    "tournament",
                    "tune",
                    "data",
                    "experiments",
                ],
            ),
        ],
    ),
];

/// Every `.rs` file under `dir` with its text, keyed by path relative to `dir`.
fn sources(dir: &str) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("read a source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("under the root");
                let text = std::fs::read_to_string(&path).expect("read source");
                out.insert(rel.to_string_lossy().replace('\\', "/"), text);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
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

/// The engine's exported macros (at the crate's root) and the modules that define them: a
/// `use crate::outln;` names `cli`.
const ROOT_MACROS: [(&str, &str); 4] = [
    ("out", "cli"),
    ("outln", "cli"),
    ("params", "eval"),
    ("params_field_access", "eval"),
];

/// The top-level modules a piece of code names as `crate::<module>` (a root macro's name as
/// the module that defines it).
fn named_modules(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find("crate::") {
        let start = from + i;
        from = start + "crate::".len();
        let before = start.checked_sub(1).map(|j| bytes[j] as char);
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$') {
            continue;
        }
        let name: String = code[from..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // `crate::params!` is a macro at the crate's root, not a module.
        let macro_call = code[from + name.len()..].starts_with('!');
        if !name.is_empty() && !macro_call {
            let home = ROOT_MACROS.iter().find(|(m, _)| *m == name);
            found.push(home.map_or(name, |(_, module)| module.to_string()));
        }
    }
    found
}

/// The top-level module a file belongs to (`search/thread.rs` → `search`).
fn top_module(file: &str) -> &str {
    file.split('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".rs")
}

#[test]
fn the_checker_finds_the_modules_named() {
    let text = "use crate::core::Board;\nlet x = crate::search::tt::probe();\n// crate::uci\n\
                let s = \"crate::cli\";\nfoo_crate::eval::x();\n$crate::params!\n\
                crate::params! {";
    assert_eq!(named_modules(&code(text)), ["core", "search"]);
    assert_eq!(top_module("search/thread.rs"), "search");
    assert_eq!(top_module("bench.rs"), "bench");
}

#[test]
fn every_module_names_only_its_own_layer_or_those_below() {
    let mut offences = Vec::new();
    for (dir, layers) in LAYERS {
        let allowed: BTreeMap<&str, &[&str]> = layers.iter().copied().collect();
        for (file, text) in sources(dir) {
            let module = top_module(&file);
            if matches!(module, "lib" | "main") {
                continue;
            }
            let Some(below) = allowed.get(module) else {
                offences.push(format!("{dir}/{file}: module '{module}' has no layer"));
                continue;
            };
            for named in named_modules(&code(&text)) {
                if named != module && !below.contains(&named.as_str()) {
                    offences.push(format!("{dir}/{file} names crate::{named}"));
                }
            }
        }
    }
    assert!(offences.is_empty(), "{offences:#?}");
}

/// `(file, function, lines)` of every `fn` (from its line to its closing brace).
fn functions(files: &BTreeMap<String, String>) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (file, text) in files {
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
fn no_source_file_is_over_1000_lines() {
    let long: Vec<(String, usize)> = CRATES
        .iter()
        .flat_map(|dir| {
            sources(dir)
                .into_iter()
                .map(move |(f, t)| (format!("{dir}/{f}"), t.lines().count()))
        })
        .filter(|(_, n)| *n > 1000)
        .collect();
    assert!(long.is_empty(), "{long:?}");
}

#[test]
fn nothing_allows_too_many_arguments() {
    let offenders: Vec<String> = CRATES
        .iter()
        .flat_map(|dir| sources(dir).into_iter().map(move |(f, t)| (dir, f, t)))
        .filter(|(_, _, t)| t.contains("too_many_arguments"))
        .map(|(dir, f, _)| format!("{dir}/{f}"))
        .collect();
    assert!(offenders.is_empty(), "{offenders:?}");
}

#[test]
fn no_function_outside_the_search_is_over_120_lines() {
    let long: Vec<_> = CRATES
        .iter()
        .flat_map(|dir| {
            let files = sources(dir);
            functions(&files)
                .into_iter()
                .filter(|(f, _, _)| !(*dir == "src" && f.starts_with("search/")))
                .map(move |(f, name, n)| (format!("{dir}/{f}"), name, n))
                .collect::<Vec<_>>()
        })
        .filter(|(_, _, n)| *n > 120)
        .collect();
    assert!(long.is_empty(), "{long:?}");
}
