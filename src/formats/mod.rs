//! Text formats read and written by the engine's tools: EPD records ([`epd`]), PGN games
//! ([`pgn`]) and perft suites ([`perft_suite`]).
//!
//! Line-oriented files (EPD test suites, perft suites, opening books) share one reader,
//! [`records`], which skips blank lines and `#` comments and numbers the lines from 1, so
//! every error can name the line it came from.

pub mod epd;
pub mod perft_suite;
pub mod pgn;

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
