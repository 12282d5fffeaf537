//! An external UCI engine as a match opponent: a separate process spoken to over its stdin and
//! stdout, as cutechess-cli or a GUI would.
//!
//! Start-up: `uci` (answered by `uciok` within [`HANDSHAKE`]), the `id name` kept for the
//! PGN, `Hash` and `Threads` set to the match's values when the engine declares them and the
//! user did not set them, then the user's options (`--option-b NAME=VALUE`), then `isready`.
//! Each game starts with `ucinewgame` and `isready`. Each move: `position fen <start> moves
//! ...` (the whole game so far; in a game tagged `[Variant "Chess960"]` castling is written
//! king takes rook, after `setoption name UCI_Chess960 value true`) and `go` with both clocks
//! (`wtime btime winc binc`) or `go nodes N`; the answer is awaited until the side's clock has run out plus [`GRACE`] (then
//! `stop` is sent and one more grace period allowed). The wall time is charged to the clock
//! as for an engine in the process, so a late answer loses on time. A process that exits,
//! closes its output or never answers is a crash: the game is lost and the next game starts
//! a new process. Output lines other than the awaited ones (`info ...`) are ignored.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::game::{Chosen, MoveEval};
use crate::core::Board;
use crate::formats::pgn::Game;
use crate::search::Limits;

/// Time allowed for `uciok` and `readyok`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time allowed beyond the clock (or, without a clock, beyond a minute) for `bestmove`.
pub const GRACE: Duration = Duration::from_secs(2);
/// Longest wait for a node-limited move without a clock.
const NODES_WAIT: Duration = Duration::from_secs(60);

/// How to start an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The command line: the program, then its arguments (split at whitespace).
    pub command: String,
    /// UCI options set after the handshake, as (name, value).
    pub options: Vec<(String, String)>,
}

impl ExternalSpec {
    /// A short name: the program's file name.
    pub fn short_name(&self) -> String {
        let program = self.command.split_whitespace().next().unwrap_or("engine");
        std::path::Path::new(program)
            .file_name()
            .map_or(program.to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// A running external engine.
pub struct UciProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, or the program's name.
    pub name: String,
    /// The options the engine declared.
    pub declared: Vec<String>,
    /// Whether `UCI_Chess960` was last set to true.
    chess960: bool,
}

impl UciProcess {
    /// Starts the engine and completes the handshake (see the module documentation).
    pub fn start(spec: &ExternalSpec, hash_mb: usize) -> Result<UciProcess, String> {
        let mut parts = spec.command.split_whitespace();
        let program = parts
            .next()
            .ok_or_else(|| "an external engine needs a command".to_string())?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.command))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("uci-reader".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let mut process = UciProcess {
            child,
            stdin,
            lines,
            name: spec.short_name(),
            declared: Vec::new(),
            chess960: false,
        };
        process.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = process.next_line(deadline)?;
            if let Some(name) = line.strip_prefix("id name ") {
                process.name = name.trim().to_string();
            } else if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                process.declared.push(name.to_string());
            } else if line.trim() == "uciok" {
                break;
            }
        }
        let user_sets = |name: &str| {
            spec.options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        };
        for (name, value) in [("Hash", hash_mb.to_string()), ("Threads", "1".into())] {
            if process.declares(name) && !user_sets(name) {
                process.send(&format!("setoption name {name} value {value}"))?;
            }
        }
        for (name, value) in &spec.options {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        process.ready()?;
        Ok(process)
    }

    fn declares(&self, name: &str) -> bool {
        self.declared.iter().any(|d| d.eq_ignore_ascii_case(name))
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}: cannot write to the engine: {e}", self.name))
    }

    fn next_line(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!("{}: no answer in time", self.name)),
            Err(RecvTimeoutError::Disconnected) => Err(format!("{}: the engine exited", self.name)),
        }
    }

    /// `isready`, awaiting `readyok`.
    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        while self.next_line(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    /// A new game: `ucinewgame`, `isready`.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The engine's move after `game` (its start and moves), within `limits` (clocks or
    /// nodes). `Ok(Err(text))`: the engine answered with something that is not a legal move
    /// here; `Err(text)`: it crashed or never answered.
    /// The last `info ... depth D ... score cp|mate X` line before `bestmove` gives the
    /// move's evaluation.
    pub fn go(&mut self, game: &Game, limits: &Limits) -> Result<Result<Chosen, String>, String> {
        let board: &Board = game.end();
        let chess960 = game
            .tag("Variant")
            .is_some_and(|v| v.eq_ignore_ascii_case("chess960"));
        if chess960 != self.chess960 && self.declares("UCI_Chess960") {
            self.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
            self.chess960 = chess960;
        }
        let mut command = format!("position fen {}", game.start().to_fen());
        if !game.moves().is_empty() {
            command.push_str(" moves");
            for mv in game.moves() {
                command.push(' ');
                command.push_str(&mv.uci(chess960).to_string());
            }
        }
        self.send(&command)?;
        let mut go = String::from("go");
        let ms = |d: Option<Duration>| d.map(|d| d.as_millis());
        if let (Some(w), Some(b)) = (ms(limits.wtime), ms(limits.btime)) {
            go.push_str(&format!(
                " wtime {w} btime {b} winc {} binc {}",
                ms(limits.winc).unwrap_or(0),
                ms(limits.binc).unwrap_or(0)
            ));
        }
        if let Some(n) = limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        self.send(&go)?;
        let own = match board.side_to_move() {
            crate::core::Color::White => limits.wtime,
            crate::core::Color::Black => limits.btime,
        };
        let mut deadline = Instant::now() + own.unwrap_or(NODES_WAIT) + GRACE;
        let mut stopped = false;
        let mut eval = None;
        loop {
            let line = match self.next_line(deadline) {
                Ok(line) => line,
                Err(_) if !stopped => {
                    // Over time already; ask for the move so the loss is recorded as one.
                    stopped = true;
                    self.send("stop")?;
                    deadline = Instant::now() + GRACE;
                    continue;
                }
                Err(e) => return Err(e),
            };
            if let Some(rest) = line.strip_prefix("bestmove") {
                let text = rest.split_whitespace().next().unwrap_or("(none)");
                return Ok(board
                    .parse_uci(text)
                    .map(|mv| (mv, eval))
                    .map_err(|_| format!("'{text}', not a legal move")));
            }
            if let Some(info) = line.strip_prefix("info ") {
                eval = info_eval(info).or(eval);
            }
        }
    }
}

/// The evaluation of an `info` line: its score (`cp` or `mate`, the mover's view) and depth;
/// `None` for lines without both (or with a bound: `lowerbound`/`upperbound`).
fn info_eval(info: &str) -> Option<(MoveEval, u32)> {
    let words: Vec<&str> = info.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
    };
    if words
        .iter()
        .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    let depth = after("depth")?.parse().ok()?;
    let i = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    let eval = match *words.get(i + 1)? {
        "cp" => MoveEval::Centipawns(value),
        "mate" => MoveEval::Mate(value),
        _ => return None,
    };
    Some((eval, depth))
}

impl Drop for UciProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(500) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_that_is_not_there_is_an_error_not_a_panic() {
        let spec = ExternalSpec {
            command: "/nonexistent/engine --flag".into(),
            options: vec![],
        };
        assert_eq!(spec.short_name(), "engine");
        let err = UciProcess::start(&spec, 16).err().unwrap();
        assert!(err.contains("cannot start"), "{err}");
        // A program that exits at once: the handshake fails with a clear message.
        let spec = ExternalSpec {
            command: "true".into(),
            options: vec![],
        };
        let err = UciProcess::start(&spec, 16).err().unwrap();
        assert!(
            err.contains("exited") || err.contains("cannot write"),
            "{err}"
        );
    }
}
