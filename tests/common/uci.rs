//! A UCI session with the real binary: send lines, read lines with a hang guard.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long to wait for an expected line before failing (a hang guard, not a speed test).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A running `chainmate` process driven through its standard input and output.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine with no arguments.
    pub fn start() -> Engine {
        Engine::spawn(Command::new(super::BIN))
    }

    /// Starts the engine under a virtual-memory limit of `kib` KiB (`ulimit -v`), as a
    /// machine short of memory would run it.
    pub fn start_with_memory_limit(kib: u64) -> Engine {
        let mut command = Command::new("sh");
        command.args(["-c", &format!("ulimit -v {kib} && exec \"$0\""), super::BIN]);
        Engine::spawn(command)
    }

    fn spawn(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chainmate");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    /// Reads lines until one satisfies `pred`; returns all lines read, that one last.
    pub fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let done = pred(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no expected line; got {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited; got {seen:#?}"),
            }
        }
    }

    /// Reads up to the next `bestmove`; its move and every line read.
    pub fn bestmove(&mut self) -> (String, Vec<String>) {
        let lines = self.until(|l| l.starts_with("bestmove"));
        let mv = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        (mv, lines)
    }

    /// Sends `go` (after the position is set) and checks that the last info line with a PV
    /// starts with the move played and, when a ponder move is given, continues with it.
    pub fn assert_last_pv_is_the_move_played(&mut self, go: &str, label: &str) {
        self.send(go);
        let (_, lines) = self.bestmove();
        let last_pv = lines
            .iter()
            .rev()
            .find(|l| l.contains(" pv "))
            .expect("an info line with a pv");
        let words: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
        let pv = pv_of(last_pv);
        assert_eq!(pv.first(), words.get(1), "{label}: {lines:?}");
        if let Some(ponder) = words.get(3) {
            assert_eq!(pv.get(1), Some(ponder), "{label}: {lines:?}");
        }
    }

    /// `isready`, then waits for `readyok`.
    pub fn ready(&mut self) {
        self.send("isready");
        self.until(|l| l == "readyok");
    }

    /// Closes standard input and waits for the process to exit.
    pub fn close_and_wait(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.child.wait().unwrap()
    }
}

/// The moves of an info line's principal variation (empty without one).
pub fn pv_of(line: &str) -> Vec<&str> {
    line.split(" pv ")
        .nth(1)
        .map_or(Vec::new(), |pv| pv.split_whitespace().collect())
}
