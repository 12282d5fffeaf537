//! Text formats read and written by the engine's tools: EPD records ([`epd`]), PGN games
//! ([`pgn`]) and perft suites ([`perft_suite`]).
//!
//! Line-oriented files (EPD test suites, perft suites, opening books) share one reader,
//! [`records`], which skips blank lines and `#` comments and numbers the lines from 1, so
//! every error can name the line it came from.

pub mod epd;
pub mod perft_suite;
pub mod pgn;

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically: a temporary file beside it (`<path>.tmp<pid>`),
/// flushed to disk, then renamed over `path`. An interrupted or failed write leaves the old
/// file (or none) and no temporary file behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut name = path.as_os_str().to_os_string();
    name.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(name);
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The non-blank, non-comment lines of `text` with their 1-based line numbers.
///
/// A comment line starts with `#` after optional whitespace. Line numbers count every line,
/// so they match what an editor shows.
pub fn records(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| {
            let line = line.trim_start();
            !line.is_empty() && !line.starts_with('#')
        })
}

#[cfg(test)]
mod tests {
    #[test]
    fn records_skip_blanks_and_comments_and_keep_line_numbers() {
        let text = "# header\n\nfirst\n   # indented comment\n  \t\nsecond\n";
        let got: Vec<_> = super::records(text).collect();
        assert_eq!(got, vec![(3, "first"), (6, "second")]);
    }
}
