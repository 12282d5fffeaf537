//! An external UCI engine as a match opponent or an analyser: a separate process spoken to
//! over its stdin and stdout, as cutechess-cli or a GUI would.
//!
//! Start-up ([`UciProcess::start`], the one place that starts an engine, for `match` and
//! `analyse` alike): `uci` (answered by `uciok` within the spec's
//! [`handshake`](ExternalSpec::handshake) time, [`HANDSHAKE`] by default), the `id name`
//! kept for the PGN and the pictures, `Hash` and `Threads` set to the match's values when
//! the engine declares them and the user did not set them, then the user's options
//! (`--option-b NAME=VALUE`, checked against the engine's declarations first: a name it does
//! not declare or a value its declaration excludes is an error, since engines ignore such
//! lines silently), then `isready`. Every failure is an [`EngineError`] that names the
//! engine and says what it did not do.
//!
//! Each game starts with `ucinewgame` and `isready`. Each move: `position fen <start> moves
//! ...` (the whole game so far; in a game tagged `[Variant "Chess960"]` castling is written
//! king takes rook, after `setoption name UCI_Chess960 value true`) and `go` with both clocks
//! (`wtime btime winc binc`), `nodes N`, `depth D` or `movetime MS`; the answer is awaited
//! until the side's clock (or the move time) has run out plus [`GRACE`] (then `stop` is sent
//! and one more grace period allowed). The wall time is charged to the clock as for an
//! engine in the process, so a late answer loses on time. A process that exits, closes its
//! output or never answers is a crash: the game is lost and the next game starts a new
//! process. Output lines other than the awaited ones (`info ...`) are ignored.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::move_eval::{Chosen, MoveEval};
use crate::search::Limits;
use chainmate::core::{Board, Move};
use chainmate::formats::pgn::Game;

/// Default time allowed for `uciok` and `readyok`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time allowed beyond the clock (or the move time) for `bestmove`.
pub const GRACE: Duration = Duration::from_secs(2);
/// Longest wait for a move without a clock or a move time (a node or depth limit).
const UNTIMED_WAIT: Duration = Duration::from_secs(60);
/// How long to wait for a process whose output closed to be reaped, for its exit status.
const EXIT_WAIT: Duration = Duration::from_millis(200);

/// How to start an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The command line: the program, then its arguments (split at whitespace).
    pub command: String,
    /// UCI options set after the handshake, as (name, value).
    pub options: Vec<(String, String)>,
    /// Time allowed for `uciok` after `uci` and for `readyok` after `isready`.
    pub handshake: Duration,
}

impl ExternalSpec {
    /// The engine run by `command` with `options`, given [`HANDSHAKE`] to answer.
    pub fn new(command: impl Into<String>, options: Vec<(String, String)>) -> ExternalSpec {
        ExternalSpec {
            command: command.into(),
            options,
            handshake: HANDSHAKE,
        }
    }

    /// A short name: the program's file name.
    pub fn short_name(&self) -> String {
        let program = self.command.split_whitespace().next().unwrap_or("engine");
        std::path::Path::new(program)
            .file_name()
            .map_or(program.to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// What the engine was asked for when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaited {
    /// `uciok`, the end of the answer to `uci`.
    Uciok,
    /// `readyok`, the answer to `isready`.
    Readyok,
    /// `bestmove`, the answer to `go`.
    Bestmove,
}

impl fmt::Display for Awaited {
    /// As the end of a sentence: `answer `uci` with `uciok``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Awaited::Uciok => "answer `uci` with `uciok`",
            Awaited::Readyok => "answer `isready` with `readyok`",
            Awaited::Bestmove => "answer `go` with `bestmove`",
        })
    }
}

/// Why an external engine could not be started, set up or asked for a move. `engine` is
/// the quoted command before the handshake and the engine's `id name` after it.
#[derive(Debug)]
pub enum EngineError {
    /// The command is empty.
    NoCommand,
    /// The program could not be run (not found, not executable, ...).
    Spawn {
        /// The command line.
        command: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// No thread could be started to read the engine's output.
    Reader(std::io::Error),
    /// A line could not be written to the engine (it has usually exited).
    Write {
        /// The engine.
        engine: String,
        /// What the pipe said.
        source: std::io::Error,
    },
    /// The engine exited (or closed its output) before it sent what was awaited.
    Exited {
        /// The engine.
        engine: String,
        /// What it was asked for.
        awaited: Awaited,
        /// Its exit status, when the process had ended.
        status: Option<ExitStatus>,
    },
    /// The engine did not send what was awaited in time.
    Timeout {
        /// The engine.
        engine: String,
        /// What it was asked for.
        awaited: Awaited,
        /// How long it was given.
        after: Duration,
    },
    /// The user set an option the engine does not declare.
    UnknownOption {
        /// The engine.
        engine: String,
        /// The option's name as the user gave it.
        option: String,
        /// The names the engine declares.
        declared: Vec<String>,
    },
    /// The user gave an option a value its declaration does not allow.
    BadOptionValue {
        /// The engine.
        engine: String,
        /// The option's name.
        option: String,
        /// The value given.
        value: String,
        /// What the declaration allows, in words.
        allowed: String,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NoCommand => {
                f.write_str("an external engine needs a command (uci:COMMAND)")
            }
            EngineError::Spawn { command, source } => {
                write!(f, "cannot start '{command}': {source}")
            }
            EngineError::Reader(e) => write!(f, "cannot start a thread to read an engine: {e}"),
            EngineError::Write { engine, source } => {
                write!(f, "cannot write to {engine}: {source}")
            }
            EngineError::Exited {
                engine,
                awaited,
                status,
            } => {
                write!(f, "{engine} exited")?;
                if let Some(status) = status {
                    write!(f, " ({status})")?;
                }
                write!(f, " and did not {awaited}")?;
                if *awaited == Awaited::Uciok {
                    f.write_str("; is it a UCI engine?")?;
                }
                Ok(())
            }
            EngineError::Timeout {
                engine,
                awaited,
                after,
            } => {
                write!(
                    f,
                    "{engine} does not {awaited} within {} s",
                    after.as_secs_f64()
                )?;
                if *awaited == Awaited::Uciok {
                    f.write_str("; is it a UCI engine?")?;
                }
                Ok(())
            }
            EngineError::UnknownOption {
                engine,
                option,
                declared,
            } => write!(
                f,
                "{engine} has no option '{option}' (it declares: {})",
                chainmate::text::name_list(declared)
            ),
            EngineError::BadOptionValue {
                engine,
                option,
                value,
                allowed,
            } => write!(
                f,
                "{engine} does not accept {option}={value}: the option takes {allowed}"
            ),
        }
    }
}

impl std::error::Error for EngineError {}

/// An option as the engine declares it in its answer to `uci`
/// (`option name Hash type spin default 16 min 1 max 65536`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionDecl {
    /// Its name (may contain spaces: `Clear Hash`).
    pub name: String,
    /// `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    /// A spin's least value.
    pub min: Option<i64>,
    /// A spin's greatest value.
    pub max: Option<i64>,
    /// A combo's values.
    pub vars: Vec<String>,
}

impl OptionDecl {
    /// Reads the text after `option name `; `None` without a `type`.
    pub fn parse(rest: &str) -> Option<OptionDecl> {
        let (name, tail) = rest.split_once(" type ")?;
        let mut words = tail.split_whitespace();
        let mut decl = OptionDecl {
            name: name.trim().to_string(),
            kind: words.next()?.to_ascii_lowercase(),
            ..OptionDecl::default()
        };
        // The other fields are `keyword value...`; values (a combo's vars, a string's
        // default) may hold spaces, so a value runs to the next keyword.
        let mut field: Option<&str> = None;
        let mut value: Vec<&str> = Vec::new();
        let mut keep = |field: Option<&str>, value: &mut Vec<&str>| {
            let text = value.join(" ");
            value.clear();
            match field {
                Some("min") => decl.min = text.parse().ok(),
                Some("max") => decl.max = text.parse().ok(),
                Some("var") => decl.vars.push(text),
                _ => {}
            }
        };
        for word in words {
            if matches!(word, "default" | "min" | "max" | "var") {
                keep(field, &mut value);
                field = Some(word);
            } else {
                value.push(word);
            }
        }
        keep(field, &mut value);
        Some(decl)
    }

    /// Whether the declaration allows `value`; `Err` says what it allows.
    pub fn check(&self, value: &str) -> Result<(), String> {
        match self.kind.as_str() {
            "check"
                if !["true", "false"]
                    .iter()
                    .any(|v| value.eq_ignore_ascii_case(v)) =>
            {
                Err("true or false".into())
            }
            "spin" => {
                let (min, max) = (self.min.unwrap_or(i64::MIN), self.max.unwrap_or(i64::MAX));
                match value.trim().parse::<i64>() {
                    Ok(v) if (min..=max).contains(&v) => Ok(()),
                    _ => Err(format!("a whole number from {min} to {max}")),
                }
            }
            "combo" if !self.vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => {
                Err(format!("one of {}", self.vars.join(", ")))
            }
            _ => Ok(()),
        }
    }
}

/// What an engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Its `bestmove`, or the text it sent when that is not a legal move here.
    pub best: Result<Move, String>,
    /// The last `info ... depth D ... score cp|mate X` before it: the score (the mover's
    /// view) and the depth.
    pub eval: Option<(MoveEval, u32)>,
    /// The last `info ... nodes N` before it.
    pub nodes: Option<u64>,
    /// The `time` (milliseconds) of that line: how long the engine took for `nodes`.
    pub time_ms: Option<u64>,
}

/// A running external engine.
pub struct UciProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, or the program's name when it sends none.
    pub name: String,
    /// The options the engine declared.
    pub declared: Vec<OptionDecl>,
    /// Time allowed for `readyok`.
    handshake: Duration,
    /// Whether `UCI_Chess960` was last set to true.
    chess960: bool,
}

impl UciProcess {
    /// Starts the engine and completes the handshake (see the module documentation):
    /// when this returns, the engine has answered `uci`, accepted every option and said
    /// `readyok`.
    pub fn start(spec: &ExternalSpec, hash_mb: usize) -> Result<UciProcess, EngineError> {
        let mut parts = spec.command.split_whitespace();
        let program = parts.next().ok_or(EngineError::NoCommand)?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Spawn {
                command: spec.command.clone(),
                source,
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("uci-reader".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        let mut process = UciProcess {
            child,
            stdin,
            lines,
            // Until the engine names itself, errors name the command the user gave.
            name: format!("'{}'", spec.command),
            declared: Vec::new(),
            handshake: spec.handshake,
            chess960: false,
        };
        // Built after the process, so that its drop ends the child on this error too.
        reader.map_err(EngineError::Reader)?;
        let id = process.identify()?;
        let user_sets = |name: &str| {
            spec.options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        };
        for (name, value) in &spec.options {
            process.check_option(name, value)?;
        }
        process.name = id.unwrap_or_else(|| spec.short_name());
        for (name, value) in [("Hash", hash_mb.to_string()), ("Threads", "1".into())] {
            if process.declaration(name).is_some() && !user_sets(name) {
                process.send(
                    &format!("setoption name {name} value {value}"),
                    Awaited::Readyok,
                )?;
            }
        }
        for (name, value) in &spec.options {
            process.send(
                &format!("setoption name {name} value {value}"),
                Awaited::Readyok,
            )?;
        }
        process.ready()?;
        Ok(process)
    }

    /// `uci`, reading the declarations until `uciok`; returns the `id name`, if sent.
    fn identify(&mut self) -> Result<Option<String>, EngineError> {
        self.send("uci", Awaited::Uciok)?;
        let deadline = Instant::now() + self.handshake;
        let mut id = None;
        loop {
            let line = self.next_line(deadline, Awaited::Uciok, self.handshake)?;
            if let Some(name) = line.strip_prefix("id name ") {
                id = Some(name.trim().to_string()).filter(|n| !n.is_empty());
            } else if let Some(rest) = line.strip_prefix("option name ") {
                self.declared.extend(OptionDecl::parse(rest));
            } else if line.trim() == "uciok" {
                return Ok(id);
            }
        }
    }

    /// An option the user sets must be one the engine declares, with a value it allows.
    fn check_option(&self, name: &str, value: &str) -> Result<(), EngineError> {
        let Some(decl) = self.declaration(name) else {
            return Err(EngineError::UnknownOption {
                engine: self.name.clone(),
                option: name.to_string(),
                declared: self.declared.iter().map(|d| d.name.clone()).collect(),
            });
        };
        decl.check(value)
            .map_err(|allowed| EngineError::BadOptionValue {
                engine: self.name.clone(),
                option: decl.name.clone(),
                value: value.to_string(),
                allowed,
            })
    }

    /// The engine's declaration of option `name` (UCI option names ignore case).
    pub fn declaration(&self, name: &str) -> Option<&OptionDecl> {
        self.declared
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
    }

    /// Writes `line`, after which the engine owes `awaited`: a pipe closed by an engine that
    /// has exited is reported as that exit (with its status), not as a bare write error.
    fn send(&mut self, line: &str, awaited: Awaited) -> Result<(), EngineError> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        let Err(source) = written else {
            return Ok(());
        };
        match self.exit_status() {
            Some(status) => Err(EngineError::Exited {
                engine: self.name.clone(),
                awaited,
                status: Some(status),
            }),
            None => Err(EngineError::Write {
                engine: self.name.clone(),
                source,
            }),
        }
    }

    /// The next output line before `deadline`; the error says what was `awaited` and how
    /// long the engine was `allowed` in all.
    fn next_line(
        &mut self,
        deadline: Instant,
        awaited: Awaited,
        allowed: Duration,
    ) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                engine: self.name.clone(),
                awaited,
                after: allowed,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Exited {
                engine: self.name.clone(),
                awaited,
                status: self.exit_status(),
            }),
        }
    }

    /// The exit status of a process whose output has closed, if it ends soon.
    fn exit_status(&mut self) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if start.elapsed() < EXIT_WAIT => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return None,
            }
        }
    }

    /// `isready`, awaiting `readyok`.
    fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready", Awaited::Readyok)?;
        let deadline = Instant::now() + self.handshake;
        while self
            .next_line(deadline, Awaited::Readyok, self.handshake)?
            .trim()
            != "readyok"
        {}
        Ok(())
    }

    /// A new game: `ucinewgame`, `isready`.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame", Awaited::Readyok)?;
        self.ready()
    }

    /// The engine's move after `game` (its start and moves), within `limits` (clocks or
    /// nodes). `Ok(Err(text))`: the engine answered with something that is not a legal move
    /// here; `Err(e)`: it crashed or never answered.
    pub fn go(
        &mut self,
        game: &Game,
        limits: &Limits,
    ) -> Result<Result<Chosen, String>, EngineError> {
        let chess960 = game
            .tag("Variant")
            .is_some_and(|v| v.eq_ignore_ascii_case("chess960"));
        let answer = self.search(game.start(), game.moves(), game.end(), chess960, limits)?;
        Ok(answer.best.map(|mv| (mv, answer.eval)))
    }

    /// Searches the position reached by `moves` from `start` (`end`, the position they
    /// reach, reads the answer) within `limits`: clocks, nodes, depth or move time.
    pub fn search(
        &mut self,
        start: &Board,
        moves: &[Move],
        end: &Board,
        chess960: bool,
        limits: &Limits,
    ) -> Result<Answer, EngineError> {
        if chess960 != self.chess960 && self.declaration("UCI_Chess960").is_some() {
            self.send(
                &format!("setoption name UCI_Chess960 value {chess960}"),
                Awaited::Bestmove,
            )?;
            self.chess960 = chess960;
        }
        let mut command = format!("position fen {}", start.to_fen());
        if !moves.is_empty() {
            command.push_str(" moves");
            for mv in moves {
                command.push(' ');
                command.push_str(&mv.uci(chess960).to_string());
            }
        }
        self.send(&command, Awaited::Bestmove)?;
        self.send(&go_command(limits), Awaited::Bestmove)?;
        let own = match end.side_to_move() {
            chainmate::core::Color::White => limits.wtime,
            chainmate::core::Color::Black => limits.btime,
        };
        let mut allowed = own.or(limits.movetime).unwrap_or(UNTIMED_WAIT) + GRACE;
        let mut deadline = Instant::now() + allowed;
        let mut stopped = false;
        let (mut eval, mut nodes, mut time_ms) = (None, None, None);
        loop {
            let line = match self.next_line(deadline, Awaited::Bestmove, allowed) {
                Ok(line) => line,
                Err(EngineError::Timeout { .. }) if !stopped => {
                    // Over time already; ask for the move so the loss is recorded as one.
                    stopped = true;
                    self.send("stop", Awaited::Bestmove)?;
                    deadline = Instant::now() + GRACE;
                    allowed += GRACE;
                    continue;
                }
                Err(e) => return Err(e),
            };
            if let Some(rest) = line.strip_prefix("bestmove") {
                let text = rest.split_whitespace().next().unwrap_or("(none)");
                let best = end
                    .parse_uci(text)
                    .map_err(|_| format!("'{text}', not a legal move"));
                return Ok(Answer {
                    best,
                    eval,
                    nodes,
                    time_ms,
                });
            }
            if let Some(info) = line.strip_prefix("info ") {
                eval = info_eval(info).or(eval);
                if let Some(n) = info_nodes(info) {
                    nodes = Some(n);
                    time_ms = info_time(info);
                }
            }
        }
    }
}

/// `go` with the limits an engine understands: both clocks, nodes, depth, move time.
fn go_command(limits: &Limits) -> String {
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
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(t) = ms(limits.movetime) {
        go.push_str(&format!(" movetime {t}"));
    }
    go
}

/// The word after `key` in an `info` line's words.
fn after<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    let i = words.iter().position(|w| *w == key)?;
    words.get(i + 1).copied()
}

/// The evaluation of an `info` line: its score (`cp` or `mate`, the mover's view) and depth;
/// `None` for lines without both (or with a bound: `lowerbound`/`upperbound`).
fn info_eval(info: &str) -> Option<(MoveEval, u32)> {
    let words: Vec<&str> = info.split_whitespace().collect();
    if words
        .iter()
        .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    let depth = after(&words, "depth")?.parse().ok()?;
    let i = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    let eval = match *words.get(i + 1)? {
        "cp" => MoveEval::Centipawns(value),
        "mate" => MoveEval::Mate(value),
        _ => return None,
    };
    Some((eval, depth))
}

/// The node count of an `info` line, if it gives one.
fn info_nodes(info: &str) -> Option<u64> {
    let words: Vec<&str> = info.split_whitespace().collect();
    after(&words, "nodes")?.parse().ok()
}

/// The `time N` (milliseconds) of an `info` line.
fn info_time(info: &str) -> Option<u64> {
    let words: Vec<&str> = info.split_whitespace().collect();
    after(&words, "time")?.parse().ok()
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
        let spec = ExternalSpec::new("/nonexistent/engine --flag", vec![]);
        assert_eq!(spec.short_name(), "engine");
        let err = UciProcess::start(&spec, 16).err().unwrap();
        assert!(matches!(err, EngineError::Spawn { .. }), "{err:?}");
        let text = err.to_string();
        assert!(
            text.starts_with("cannot start '/nonexistent/engine --flag': "),
            "{text}"
        );
        // A program that exits at once: the handshake fails with a clear message.
        let err = UciProcess::start(&ExternalSpec::new("true", vec![]), 16)
            .err()
            .unwrap();
        assert!(matches!(err, EngineError::Exited { .. }), "{err:?}");
        assert_eq!(
            err.to_string(),
            "'true' exited (exit status: 0) and did not answer `uci` with `uciok`; \
             is it a UCI engine?"
        );
        // A program that reads and echoes but never says `uciok`: the handshake times out.
        let mut spec = ExternalSpec::new("cat", vec![]);
        spec.handshake = Duration::from_millis(200);
        let err = UciProcess::start(&spec, 16).err().unwrap();
        assert_eq!(
            err.to_string(),
            "'cat' does not answer `uci` with `uciok` within 0.2 s; is it a UCI engine?"
        );
    }

    #[test]
    fn option_declarations_are_read_and_values_checked() {
        let spin = OptionDecl::parse("Hash type spin default 16 min 1 max 65536").unwrap();
        assert_eq!(
            (spin.name.as_str(), spin.min, spin.max),
            ("Hash", Some(1), Some(65536))
        );
        assert!(spin.check("64").is_ok());
        assert_eq!(
            spin.check("0").unwrap_err(),
            "a whole number from 1 to 65536"
        );
        assert!(spin.check("lots").is_err());
        let combo = OptionDecl::parse(
            "Play Style type combo default Normal var Solid var Normal var Wild Thing",
        )
        .unwrap();
        assert_eq!(combo.name, "Play Style");
        assert_eq!(combo.vars, ["Solid", "Normal", "Wild Thing"]);
        assert!(combo.check("wild thing").is_ok());
        assert_eq!(
            combo.check("Risky").unwrap_err(),
            "one of Solid, Normal, Wild Thing"
        );
        let check = OptionDecl::parse("UCI_Chess960 type check default false").unwrap();
        assert!(check.check("TRUE").is_ok() && check.check("1").is_err());
        let string = OptionDecl::parse("SyzygyPath type string default <empty>").unwrap();
        assert!(string.check("/any/where").is_ok());
        assert_eq!(OptionDecl::parse("Broken"), None);
    }

    #[test]
    fn info_lines_give_score_depth_and_nodes() {
        let line = "depth 7 seldepth 9 score cp -35 nodes 12345 nps 1000 pv e2e4";
        assert_eq!(info_eval(line), Some((MoveEval::Centipawns(-35), 7)));
        assert_eq!(info_nodes(line), Some(12345));
        assert_eq!(info_eval("depth 7 score cp 10 lowerbound"), None);
        assert_eq!(
            info_eval("depth 3 score mate -2"),
            Some((MoveEval::Mate(-2), 3))
        );
        assert_eq!(info_nodes("string hello"), None);
        let limits = Limits {
            depth: Some(4),
            movetime: Some(Duration::from_millis(250)),
            ..Limits::default()
        };
        assert_eq!(go_command(&limits), "go depth 4 movetime 250");
    }
}
