//! The Markdown pages (README.md and docs/) render as written and say what they need: every
//! command block is a fenced block at the left margin (an indented block under a list item
//! renders as part of the list under CommonMark), and a block is marked `# needs ../shared`
//! exactly when it reads the development data that a clone does not have.

use std::path::{Path, PathBuf};

const MARKER: &str = "# needs ../shared";

fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read docs/").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    out
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
