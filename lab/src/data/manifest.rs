//! The list of chunks: a Markdown table in `data/README.md` between two markers, one row a
//! chunk, written by the commands that make chunks (`datagen --viri`, `data label`) and read
//! by `data stats`, which checks every row against its file.
//!
//! ```text
//! <!-- chunks -->
//! | file | kind | of | games | positions | scored | seed | engine | sha256 | command |
//! | --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |
//! | selfplay/8moves-r2-s41/chunk-0000.vf | selfplay | | 9,871 | 1,012,345 | 1,012,345 | 41 | chainmate 44776dd, Bench 913460 | 3f0c… | `chainmate-lab datagen …` |
//! <!-- /chunks -->
//! ```
//!
//! `file` is relative to the folder of the README; `kind` is `selfplay` (trained on),
//! `holdout` (a self-play chunk never trained on: the measure of a fit and of the evaluation
//! error) or `teacher` (the same games as the chunk named in `of`, with a stronger engine's
//! scores); `scored` counts the moves with a score ([`NO_SCORE`] elsewhere); `engine` is what
//! played or scored; `command` makes the chunk again (the same games for the same settings and
//! seed).
//!
//! [`NO_SCORE`]: chainmate::formats::viriformat::NO_SCORE

use std::fmt;

/// The marker line that opens the table.
pub const OPEN: &str = "<!-- chunks -->";
/// The marker line that closes it.
pub const CLOSE: &str = "<!-- /chunks -->";
/// The table's head.
const HEAD: &str =
    "| file | kind | of | games | positions | scored | seed | engine | sha256 | command |\n\
                    | --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |";

/// What a chunk is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Self-play games to train on.
    SelfPlay,
    /// Self-play games set aside: never trained on.
    Holdout,
    /// A teacher's scores of another chunk's games.
    Teacher,
}

impl Kind {
    /// Its name in the table.
    pub fn name(self) -> &'static str {
        match self {
            Kind::SelfPlay => "selfplay",
            Kind::Holdout => "holdout",
            Kind::Teacher => "teacher",
        }
    }

    fn parse(text: &str) -> Option<Kind> {
        [Kind::SelfPlay, Kind::Holdout, Kind::Teacher]
            .into_iter()
            .find(|k| k.name() == text)
    }
}

/// One chunk's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The file, relative to the README's folder.
    pub file: String,
    /// What it is for.
    pub kind: Kind,
    /// For a teacher chunk: the chunk whose games it scores.
    pub of: Option<String>,
    /// Games.
    pub games: u64,
    /// Moves (positions).
    pub positions: u64,
    /// Moves with a score.
    pub scored: u64,
    /// The seed of the games.
    pub seed: u64,
    /// What played or scored.
    pub engine: String,
    /// The SHA-256 of the file, in hex.
    pub sha256: String,
    /// The command that makes it.
    pub command: String,
}

/// Why the table could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestError {
    /// No `<!-- chunks -->` ... `<!-- /chunks -->`.
    NoTable,
    /// A row that is not one: its line and why.
    BadRow(usize, String),
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManifestError::NoTable => write!(f, "no chunk table ('{OPEN}' ... '{CLOSE}')"),
            ManifestError::BadRow(line, why) => write!(f, "line {line}: {why}"),
        }
    }
}

impl std::error::Error for ManifestError {}

impl Row {
    /// The row as a table line.
    pub fn line(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | `{}` |",
            self.file,
            self.kind.name(),
            self.of.as_deref().unwrap_or(""),
            chainmate::text::thousands(self.games),
            chainmate::text::thousands(self.positions),
            chainmate::text::thousands(self.scored),
            self.seed,
            self.engine,
            self.sha256,
            self.command
        )
    }

    /// Reads a table line (`number` for the error).
    fn parse(line: &str, number: usize) -> Result<Row, ManifestError> {
        let bad = |why: String| ManifestError::BadRow(number, why);
        let inner = line
            .trim()
            .strip_prefix('|')
            .and_then(|l| l.strip_suffix('|'))
            .ok_or_else(|| bad("not a table row".into()))?;
        // A command never holds a `|`: every one is a cell's border.
        let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
        let [file, kind, of, games, positions, scored, seed, engine, sha256, command] = cells[..]
        else {
            return Err(bad(format!("{} cells, not 10", cells.len())));
        };
        let count = |name: &str, text: &str| {
            text.replace(',', "")
                .parse::<u64>()
                .map_err(|_| bad(format!("{name} '{text}' is not a count")))
        };
        let kind = Kind::parse(kind).ok_or_else(|| bad(format!("unknown kind '{kind}'")))?;
        if sha256.len() != 64 || !sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad(format!("'{sha256}' is not a SHA-256 in hex")));
        }
        let of = (!of.is_empty()).then(|| of.to_string());
        if (kind == Kind::Teacher) != of.is_some() {
            return Err(bad(
                "a teacher chunk, and it alone, names the chunk it scores".into(),
            ));
        }
        Ok(Row {
            file: file.to_string(),
            kind,
            of,
            games: count("games", games)?,
            positions: count("positions", positions)?,
            scored: count("scored", scored)?,
            seed: count("seed", seed)?,
            engine: engine.to_string(),
            sha256: sha256.to_ascii_lowercase(),
            command: command.trim_matches('`').to_string(),
        })
    }
}

/// The byte range of the table's rows in `text` (after the head), and the line number of the
/// first.
fn rows_span(text: &str) -> Result<(std::ops::Range<usize>, usize), ManifestError> {
    let open = text
        .find(&format!("{OPEN}\n"))
        .ok_or(ManifestError::NoTable)?;
    let after_open = open + OPEN.len() + 1;
    let close = text[after_open..]
        .find(CLOSE)
        .ok_or(ManifestError::NoTable)?
        + after_open;
    let body = &text[after_open..close];
    let head_len = if body.starts_with(HEAD) {
        HEAD.len() + 1
    } else {
        0
    };
    let start = after_open + head_len.min(body.len());
    let line = text[..start].lines().count() + 1;
    Ok((start..close, line))
}

/// The rows of the table in `text`.
pub fn parse(text: &str) -> Result<Vec<Row>, ManifestError> {
    let (span, first) = rows_span(text)?;
    text[span]
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Row::parse(l, first + i))
        .collect()
}

/// `text` with `row` in its table: replacing the row of the same file, or added at the end
/// (the table is created with its head when it is empty).
pub fn with_row(text: &str, row: &Row) -> Result<String, ManifestError> {
    let mut rows = parse(text)?;
    match rows.iter_mut().find(|r| r.file == row.file) {
        Some(old) => *old = row.clone(),
        None => rows.push(row.clone()),
    }
    let open = text
        .find(&format!("{OPEN}\n"))
        .ok_or(ManifestError::NoTable)?
        + OPEN.len()
        + 1;
    let (span, _) = rows_span(text)?;
    let mut body = format!("{HEAD}\n");
    for r in &rows {
        body.push_str(&r.line());
        body.push('\n');
    }
    Ok(format!("{}{}{}", &text[..open], body, &text[span.end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(file: &str, kind: Kind, of: Option<&str>) -> Row {
        Row {
            file: file.into(),
            kind,
            of: of.map(str::to_string),
            games: 9871,
            positions: 1_012_345,
            scored: 1_012_345,
            seed: 41,
            engine: "chainmate 44776dd, Bench 913460".into(),
            sha256: "ab".repeat(32),
            command: "chainmate-lab datagen --viri x --chunks 0".into(),
        }
    }

    #[test]
    fn rows_are_written_and_read_back() {
        let doc = format!("# data\n\ntext\n\n{OPEN}\n{CLOSE}\n\nmore\n");
        assert_eq!(parse(&doc).unwrap(), vec![]);
        let a = row("selfplay/a/chunk-0000.vf", Kind::SelfPlay, None);
        let b = row(
            "teacher/t/a/chunk-0000.vf",
            Kind::Teacher,
            Some("selfplay/a/chunk-0000.vf"),
        );
        let doc = with_row(&doc, &a).unwrap();
        let doc = with_row(&doc, &b).unwrap();
        assert!(doc.contains("| 9,871 | 1,012,345 |"), "{doc}");
        assert!(doc.ends_with(&format!("{CLOSE}\n\nmore\n")));
        assert_eq!(parse(&doc).unwrap(), vec![a.clone(), b.clone()]);
        // The same file again replaces its row.
        let mut a2 = a.clone();
        a2.games = 5;
        let doc = with_row(&doc, &a2).unwrap();
        assert_eq!(parse(&doc).unwrap(), vec![a2, b]);
    }

    #[test]
    fn a_bad_row_names_its_line() {
        let doc = format!("x\n{OPEN}\n{HEAD}\n| a | selfplay | | 1 | 2 |\n{CLOSE}\n");
        match parse(&doc) {
            Err(ManifestError::BadRow(5, why)) => assert!(why.contains("5 cells"), "{why}"),
            other => panic!("{other:?}"),
        }
        let line = row("f", Kind::Teacher, None).line();
        let doc = format!("{OPEN}\n{line}\n{CLOSE}\n");
        assert!(matches!(parse(&doc), Err(ManifestError::BadRow(2, _))));
        assert_eq!(parse("no table"), Err(ManifestError::NoTable));
    }
}
