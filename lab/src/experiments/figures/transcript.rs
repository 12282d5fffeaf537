//! A UCI session with the engine as a user types it (the README's "try it"), run through the
//! engine's own front end ([`chainmate::uci::Engine`] with the engine's options: what
//! `cargo run --release` starts) and shown as two text blocks: the commands, and what the
//! engine answers to the last of them.
//!
//! The search is a fixed-depth one, so every field of its lines is the same on any machine
//! except the clock's: `nps` and `time`. A fresh run is compared with the page with those two
//! numbers left out ([`same`]); `--write` puts a fresh run's in.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::config::ConfigError;
use chainmate::config::EngineOptions;
use chainmate::uci::{Engine, Output};

/// A session: commands typed one at a time, and how much of the last one's answer to show.
#[derive(Clone, Copy, Debug)]
pub struct Transcript {
    /// The commands, in order; the last one's answer is shown (it must end in `bestmove`).
    pub commands: &'static [&'static str],
    /// The answer's first lines shown before a `...` line.
    pub head: usize,
    /// The answer's last lines shown after it (the `bestmove` line among them).
    pub tail: usize,
}

/// Longest wait for the `bestmove` (a guard against a hang, not a measure).
const PATIENCE: Duration = Duration::from_secs(300);

/// What the engine writes, kept for reading.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .expect("never poisoned")
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("never poisoned")).into_owned()
    }
}

/// The lines the engine answers to the last command (the clock's periodic reports, which
/// depend on how long a search runs, left out: `currmove` and `info nodes` lines).
pub fn answer(t: &Transcript) -> Result<Vec<String>, ConfigError> {
    let captured = Captured::default();
    let mut engine = Engine::<EngineOptions>::new(Output::new(Box::new(captured.clone())));
    let (last, first) = t
        .commands
        .split_last()
        .ok_or_else(|| ConfigError::Unusable("a transcript without commands".into()))?;
    for command in first {
        engine.handle(command);
    }
    let before = captured.text().len();
    engine.handle(last);
    let started = Instant::now();
    let answer = loop {
        let text = captured.text();
        if text[before..].lines().any(|l| l.starts_with("bestmove")) {
            break text[before..].to_string();
        }
        if started.elapsed() > PATIENCE {
            return Err(ConfigError::Unusable(format!(
                "transcript: no bestmove after '{last}'"
            )));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    engine.handle("quit");
    Ok(answer
        .lines()
        .filter(|l| !l.contains(" currmove ") && !l.starts_with("info nodes "))
        .map(str::to_string)
        .collect())
}

/// The session as Markdown: the commands, then the answer with its middle elided.
pub fn transcript(t: &Transcript) -> Result<String, ConfigError> {
    let lines = answer(t)?;
    let mut shown: Vec<&str> = Vec::new();
    if lines.len() > t.head + t.tail {
        shown.extend(lines[..t.head].iter().map(String::as_str));
        shown.push("...");
        shown.extend(lines[lines.len() - t.tail..].iter().map(String::as_str));
    } else {
        shown.extend(lines.iter().map(String::as_str));
    }
    Ok(format!(
        "```text\n{}\n```\n\nThe answer to the last command (the middle lines left out here):\n\n```text\n{}\n```\n",
        t.commands.join("\n"),
        shown.join("\n")
    ))
}

/// `text` with the numbers after `nps` and `time` left out.
fn without_clock(text: &str) -> String {
    let mut out = Vec::new();
    let mut words = text.split(' ').peekable();
    while let Some(word) = words.next() {
        out.push(word);
        if matches!(word, "nps" | "time")
            && words
                .peek()
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            words.next();
            out.push("_");
        }
    }
    out.join(" ")
}

/// Whether a page's transcript and a fresh one agree in everything but the clock.
pub fn same(page: &str, fresh: &str) -> bool {
    let per_line = |t: &str| t.lines().map(without_clock).collect::<Vec<_>>();
    per_line(page) == per_line(fresh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_clock_may_differ() {
        let a =
            "info depth 2 score cp 3 nodes 70 nps 2759 hashfull 0 time 2 pv e2e4\nbestmove e2e4";
        let b = "info depth 2 score cp 3 nodes 70 nps 99 hashfull 0 time 41 pv e2e4\nbestmove e2e4";
        assert!(same(a, b));
        assert!(!same(a, &b.replace("nodes 70", "nodes 71")));
        assert!(!same(a, &b.replace("e2e4\n", "d2d4\n")));
        assert!(!same(a, &format!("{a}\n{a}")));
    }

    #[test]
    fn a_short_search_is_shown_whole_and_a_long_one_elided() {
        let t = Transcript {
            commands: &["position startpos", "go depth 3"],
            head: 1,
            tail: 2,
        };
        let lines = answer(&t).unwrap();
        assert_eq!(lines.len(), 4, "{lines:?}");
        for (d, line) in lines[..3].iter().enumerate() {
            assert!(
                line.starts_with(&format!("info depth {} ", d + 1)),
                "{line}"
            );
        }
        assert!(lines[3].starts_with("bestmove "), "{lines:?}");
        let text = transcript(&t).unwrap();
        assert!(text.starts_with("```text\nposition startpos\ngo depth 3\n```\n"));
        assert!(text.contains("\n...\ninfo depth 3 "), "{text}");
    }
}
