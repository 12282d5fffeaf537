//! Formats read and written by the engine's tools: EPD records ([`epd`]), PGN games
//! ([`pgn`]), perft suites ([`perft_suite`]), and the binary game records of training data
//! ([`viriformat`]).
//!
//! Line-oriented files (EPD test suites, perft suites, opening books) share one reader,
//! [`records`], which skips blank lines and `#` comments and numbers the lines from 1, so
//! every error can name the line it came from.
//!
//! Every text file (PGN, EPD, books, parameter files) is read through [`read_text`]: a UTF-8
//! byte-order mark is dropped, UTF-8 is read as it is, and a file that is not UTF-8 is read
//! as Latin-1 (ISO 8859-1, every byte one character), the encoding of TWIC and of many
//! older game databases.

pub mod epd;
pub mod perft_suite;
pub mod pgn;
pub mod viriformat;

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

/// How [`read_text`] decoded a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (or ASCII), with or without a byte-order mark.
    Utf8,
    /// Not UTF-8: read as Latin-1 (ISO 8859-1), byte for byte.
    Latin1,
}

/// The text of `bytes`: without a leading UTF-8 byte-order mark, as UTF-8 when they are
/// valid UTF-8, otherwise as Latin-1 (each byte the character of the same number). Never
/// fails, and loses nothing: every byte sequence is some Latin-1 text.
pub fn decode_text(bytes: Vec<u8>) -> (String, Encoding) {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let bytes = match bytes.strip_prefix(BOM) {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    match String::from_utf8(bytes) {
        Ok(text) => (text, Encoding::Utf8),
        Err(e) => {
            let text = e.into_bytes().into_iter().map(char::from).collect();
            (text, Encoding::Latin1)
        }
    }
}

/// Reads a whole text file as [`decode_text`] decodes it: UTF-8 without its byte-order mark,
/// or Latin-1 when it is not UTF-8 (the [`Encoding`] says which).
pub fn read_text(path: &Path) -> std::io::Result<(String, Encoding)> {
    Ok(decode_text(std::fs::read(path)?))
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
    use super::{decode_text, Encoding};

    #[test]
    fn text_is_utf8_without_its_byte_order_mark_or_else_latin1() {
        let utf8 = "[White \"M\u{fc}ller\"]\n".as_bytes().to_vec();
        assert_eq!(
            decode_text(utf8.clone()),
            ("[White \"M\u{fc}ller\"]\n".to_string(), Encoding::Utf8)
        );
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(&utf8);
        assert_eq!(decode_text(bom), decode_text(utf8));
        // One Latin-1 byte (0xFC, u with diaeresis) makes the whole file Latin-1.
        let latin1 = b"[White \"M\xFCller\"]\n\xA9".to_vec();
        assert_eq!(
            decode_text(latin1),
            (
                "[White \"M\u{fc}ller\"]\n\u{a9}".to_string(),
                Encoding::Latin1
            )
        );
        assert_eq!(decode_text(Vec::new()), (String::new(), Encoding::Utf8));
    }

    #[test]
    fn records_skip_blanks_and_comments_and_keep_line_numbers() {
        let text = "# header\n\nfirst\n   # indented comment\n  \t\nsecond\n";
        let got: Vec<_> = super::records(text).collect();
        assert_eq!(got, vec![(3, "first"), (6, "second")]);
    }
}
