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
            ("data", &["parallel", "search", "tournament", "tune"]),
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

/// The module path of a source file (`search/pvs.rs` → `search::pvs`, `search/mod.rs` →
/// `search`, `lib.rs` → ``).
fn module_of(file: &str) -> Vec<String> {
    let stem = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The module paths a piece of code names, absolute (`crate::a::b`, `super::x`, `self::x`
/// resolved from `module`), each as far as its segments are lower-case names.
fn module_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let before = at.checked_sub(1).map(|j| code.as_bytes()[j] as char);
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$') {
                continue;
            }
            let mut path: Vec<String> = match start {
                "crate::" => Vec::new(),
                "super::" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.to_vec(),
            };
            let rest = &code[from..];
            let mut rest_iter = rest.split("::");
            let mut supers = 0;
            for seg in rest_iter.by_ref() {
                let name: String = seg
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if name == "super" {
                    supers += 1;
                    continue;
                }
                if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_lowercase()) {
                    break;
                }
                path.push(name.clone());
                if name.len() != seg.len() {
                    break;
                }
            }
            for _ in 0..supers {
                path.pop();
            }
            out.push(path);
        }
    }
    out
}

/// Import loops between sibling modules (files of one folder, each with what lies below it):
/// a file of one naming a second while a file of the second names the first, directly or
/// around a longer circle. A parent and its children are not siblings (a `mod.rs` declares
/// and re-exports its children, and they use what it defines).
fn sibling_loops(files: &BTreeMap<String, String>) -> Vec<String> {
    let modules: std::collections::BTreeSet<Vec<String>> =
        files.keys().map(|f| module_of(f)).collect();
    // Edges between siblings: parent path → (child → children it names).
    let mut edges: BTreeMap<Vec<String>, BTreeMap<String, std::collections::BTreeSet<String>>> =
        BTreeMap::new();
    for (file, text) in files {
        let module = module_of(file);
        for path in module_paths(&code(text), &module) {
            // The longest prefix of the path that is a module of the crate.
            let Some(len) = (1..=path.len())
                .rev()
                .find(|&n| modules.contains(&path[..n]))
            else {
                continue;
            };
            let target = &path[..len];
            // The deepest common parent of the file's module and the target, and the sibling
            // each lies in below it.
            let common = module
                .iter()
                .zip(target)
                .take_while(|(a, b)| a == b)
                .count();
            if common >= module.len() || common >= target.len() {
                continue; // a parent naming its child, or a child naming its parent
            }
            let parent = module[..common].to_vec();
            edges
                .entry(parent)
                .or_default()
                .entry(module[common].clone())
                .or_default()
                .insert(target[common].clone());
        }
    }
    let mut loops = Vec::new();
    for (parent, graph) in &edges {
        // A sibling reaches itself again: depth-first search from each.
        for start in graph.keys() {
            let mut stack = vec![(start.clone(), vec![start.clone()])];
            let mut seen = std::collections::BTreeSet::new();
            while let Some((node, trail)) = stack.pop() {
                for next in graph.get(&node).into_iter().flatten() {
                    if next == start {
                        let mut circle = trail.clone();
                        circle.push(start.clone());
                        loops.push(format!("{}: {}", parent.join("::"), circle.join(" → ")));
                    } else if seen.insert(next.clone()) {
                        let mut t = trail.clone();
                        t.push(next.clone());
                        stack.push((next.clone(), t));
                    }
                }
            }
        }
    }
    loops.sort();
    loops.dedup();
    loops
}

/// No import loop anywhere, between the crates' top-level modules or between sibling modules
/// at any depth (the search's files included).
#[test]
fn no_modules_import_each_other_in_a_loop() {
    let mut found = Vec::new();
    for dir in CRATES {
        found.extend(
            sibling_loops(&sources(dir))
                .into_iter()
                .map(|l| format!("{dir}: {l}")),
        );
    }
    assert!(found.is_empty(), "import loops:\n{}", found.join("\n"));
}

#[test]
fn the_loop_checker_sees_a_loop() {
    let mut files = BTreeMap::new();
    files.insert("a/mod.rs".to_string(), "mod x; mod y; mod z;".to_string());
    files.insert("a/x.rs".to_string(), "use super::y::Y;".to_string());
    files.insert("a/y.rs".to_string(), "use crate::a::z::Z;".to_string());
    files.insert("a/z.rs".to_string(), "fn f() { super::x::g() }".to_string());
    files.insert("b.rs".to_string(), "use crate::a::x;".to_string());
    let loops = sibling_loops(&files);
    assert!(
        loops.iter().any(|l| l.ends_with("x → y → z → x")),
        "{loops:?}"
    );
    files.insert("a/z.rs".to_string(), "use super::Shared;".to_string());
    assert_eq!(sibling_loops(&files), Vec::<String>::new());
}
