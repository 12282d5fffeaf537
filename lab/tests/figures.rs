//! The docs' generated tables (node counts, paper 000's Figure 3 summary and Table 4, the
//! win/draw/loss readings at a fixed depth) equal a fresh run of `chainmate-lab experiment
//! figures`, on every page that holds one, and no page holds a marker its figure does not
//! name as its page.
//!
//! Every one is computed at fixed depths: the same code gives the same tables on any
//! machine. When a change moves them, regenerate every page with
//! `cargo run --release -p chainmate-lab -- experiment figures --write` and say so in the commit.

use std::path::{Path, PathBuf};

use chainmate_lab::experiments::figures::{self, FIGURES};

use crate::common;

/// The repository root, found from this crate's folder upwards.
fn root() -> PathBuf {
    figures::root_from(Path::new(env!("CARGO_MANIFEST_DIR")))
        .expect("every figure's page exists in this checkout")
}

/// Computed with three workers beside a busy thread (more threads than cores), so that each
/// search is slower than alone: a count that depended on the clock would differ.
#[test]
fn every_pages_generated_tables_equal_a_fresh_run() {
    let _hog = common::CpuHog::start();
    let all: Vec<_> = FIGURES.iter().collect();
    let tables = figures::compute(&all, 3, |_, _| {}).expect("the figures' configurations parse");
    let mut stale = Vec::new();
    for page in figures::pages() {
        let doc = std::fs::read_to_string(root().join(page)).expect("read a figure's page");
        let mine: Vec<(&str, String)> = tables
            .iter()
            .filter(|(id, _)| figures::find(id).is_some_and(|f| f.page == page))
            .cloned()
            .collect();
        let differ = figures::differences(&doc, &mine).expect("every figure has its markers");
        for (id, table) in mine.iter().filter(|(id, _)| differ.contains(id)) {
            stale.push(format!("{page}: <!-- figure {id} -->\n{table}"));
        }
    }
    assert!(
        stale.is_empty(),
        "tables differ from a fresh run; fresh:\n{}",
        stale.join("\n")
    );
}

/// The Markdown files of the repository's top level and of `docs/`, recursively.
fn markdown_files(dir: &Path, recurse: bool, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a folder").flatten() {
        let path = entry.path();
        if path.is_dir() && recurse {
            markdown_files(&path, true, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// A marker on a page its figure does not name would be checked by nothing: a table left
/// behind when a figure moved, or a figure nobody regenerates.
#[test]
fn every_marker_sits_on_its_figures_page() {
    let root = root();
    let mut files = Vec::new();
    markdown_files(&root, false, &mut files);
    markdown_files(&root.join("docs"), true, &mut files);
    let mut seen = Vec::new();
    for file in files {
        let doc = std::fs::read_to_string(&file).expect("read a Markdown file");
        let page = file.strip_prefix(&root).expect("under the root");
        for id in figures::markers(&doc) {
            let figure = figures::find(id).unwrap_or_else(|| panic!("{page:?}: unknown {id}"));
            assert_eq!(
                Path::new(figure.page),
                page,
                "figure {id} is not on its page"
            );
            seen.push(id.to_string());
        }
    }
    seen.sort();
    let mut expected: Vec<String> = FIGURES.iter().map(|f| f.id.to_string()).collect();
    expected.sort();
    assert_eq!(seen, expected, "each figure once, on its page");
}

/// The tables that are not node counts are checked and written like them: a stale Table 4
/// fails `--check` (exit 1), `--write` regenerates it, and the check then passes.
#[test]
fn a_stale_table_4_fails_the_check_until_written() {
    let doc = std::env::temp_dir().join(format!("chainmate-table4-{}.md", std::process::id()));
    std::fs::write(
        &doc,
        "# x\n<!-- figure table4 -->\n| Pruning vs Base | 4.0 | 4.0 |\n<!-- /figure -->\n",
    )
    .unwrap();
    let path = doc.to_str().unwrap();
    let run =
        |mode: &str| common::chainmate(&["experiment", "figures", "--only", "table4", mode, path]);
    let check = run("--check");
    assert_eq!(
        check.status.code(),
        Some(1),
        "{}",
        common::text(&check.stderr)
    );
    assert!(common::text(&check.stderr).contains("table4"));
    assert!(run("--write").status.success());
    let written = std::fs::read_to_string(&doc).unwrap();
    assert!(
        written.contains("| Pruning vs Pruning | ") && !written.contains("| 4.0 | 4.0 |\n"),
        "{written}"
    );
    assert!(run("--check").status.success());
    std::fs::remove_file(&doc).ok();
}
