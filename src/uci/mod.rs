//! The UCI front end: the engine loop that reads commands, owns the position and the options,
//! and runs each search on its own thread.
//!
//! Threads: the caller's thread reads stdin and handles every command (so `isready`, `stop`
//! and `quit` are answered while a search runs); each `go` starts a search thread that prints
//! `info` lines and finally `bestmove`. Output from both goes through one locked writer, a
//! line at a time.
//!
//! Robustness: every error — an unparsable line, a bad FEN, an illegal move in `position`, an
//! unknown option or a bad value — is answered with `info string <error>` and changes nothing.
//! A panic inside a search is caught: the engine reports it and still plays a legal move.

pub mod command;

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::bench;
pub use crate::config::EngineOptions;
use crate::config::{Effect, Options};
use crate::core::{Board, Move, Position};
use crate::eval::score;
use crate::perft;
use crate::search::{
    Bound, Extension, Limits, Reporter, SearchConfig, SearchControl, SearchInfo, SearchResult,
    Searcher, THREAD_STACK,
};
use command::{parse, Command, EpdLimit, Go, ParseError};

/// Where the engine writes: shared by the command thread and the search thread. It also
/// carries how moves are written (`UCI_Chess960`: castling as king takes rook).
#[derive(Clone)]
pub struct Output {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    chess960: Arc<AtomicBool>,
}

impl Output {
    /// Wraps a writer.
    pub fn new(writer: Box<dyn Write + Send>) -> Self {
        Output {
            writer: Arc::new(Mutex::new(writer)),
            chess960: Arc::new(AtomicBool::new(false)),
        }
    }
    /// Sets the castling convention of every move written from now on.
    pub fn set_chess960(&self, on: bool) {
        self.chess960.store(on, Ordering::Relaxed);
    }
    /// Whether moves are written in the Chess960 convention.
    pub fn chess960(&self) -> bool {
        self.chess960.load(Ordering::Relaxed)
    }
    /// Writes one line and flushes. Output errors (a closed pipe) are ignored: the GUI is gone.
    pub fn line(&self, text: &str) {
        let mut w = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// Formats a search report as a UCI `info` line (moves in the Chess960 convention when
/// `chess960`).
pub fn info_line(info: &SearchInfo, chess960: bool) -> String {
    let score = match score::mate_moves(info.score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", score::uci_cp(info.score)),
    };
    let bound = match info.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    let wdl = info
        .wdl
        .map(|[w, d, l]| format!(" wdl {w} {d} {l}"))
        .unwrap_or_default();
    let pv: String = info
        .pv
        .iter()
        .map(|m| format!(" {}", m.uci(chess960)))
        .collect();
    let pv = if pv.is_empty() {
        pv
    } else {
        format!(" pv{pv}")
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound}{wdl} nodes {} nps {} hashfull {} tbhits {} time {}{pv}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.tbhits,
        info.time.as_millis(),
    )
}

impl Reporter for Output {
    fn report(&self, info: &SearchInfo) {
        self.line(&info_line(info, self.chess960()));
    }

    fn book_move(&self, book: &crate::search::BookMove) {
        let note = if book.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", book.note)
        };
        self.line(&format!(
            "info string book {}{note}",
            book.mv.uci(self.chess960())
        ));
    }

    fn note(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    fn current_move(&self, depth: i32, mv: Move, number: usize) {
        self.line(&format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.uci(self.chess960())
        ));
    }

    fn progress(&self, nodes: u64, time: std::time::Duration, hashfull: u32) {
        let nps = (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64;
        self.line(&format!(
            "info nodes {nodes} nps {nps} hashfull {hashfull} time {}",
            time.as_millis()
        ));
    }
}

/// The engine: position, options, table and the running search. `O` are the options it
/// offers: the engine's ([`EngineOptions`]), or the lab's, which add the papers' options and
/// search with their extension.
pub struct Engine<O: Options = EngineOptions> {
    position: Position,
    options: O,
    /// Table and heuristics; locked by the search thread while it runs.
    searcher: Arc<Mutex<Searcher<O::Ext>>>,
    control: Arc<SearchControl>,
    search: Option<JoinHandle<()>>,
    /// Set by the search thread just before it sends `bestmove`: from then on the search is
    /// over for the GUI (options may change), even if the thread has not exited yet.
    answered: Arc<std::sync::atomic::AtomicBool>,
    out: Output,
    /// Whether `uci` lists the tunable parameters too (`chainmate --tunables`).
    list_tunables: bool,
}

impl<O: Options> Engine<O> {
    /// A fresh engine writing to `out`.
    pub fn new(out: Output) -> Self {
        let options = O::default();
        Engine {
            position: Position::default(),
            searcher: Arc::new(Mutex::new(Searcher::new(options.engine().hash_mb))),
            options,
            control: Arc::new(SearchControl::default()),
            search: None,
            answered: Arc::new(std::sync::atomic::AtomicBool::new(true)),
            out,
            list_tunables: false,
        }
    }

    /// Makes `uci` list every tunable parameter as a `spin` (or `check`) option, for SPSA
    /// tuners; `setoption` accepts them either way.
    pub fn list_tunables(mut self, on: bool) -> Self {
        self.list_tunables = on;
        self
    }

    /// Reads commands until `quit` or end of input, then stops any search and returns. A line
    /// that is not UTF-8 is read with replacement characters (and answered as the garbage it
    /// is), not taken for the end of the input.
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&bytes);
            if !self.handle(line.trim_end_matches(['\n', '\r'])) {
                break;
            }
        }
        self.stop_and_wait();
        self.end_game();
    }

    /// The end of a game (`ucinewgame`, `quit`): the options write out what they must.
    fn end_game(&self) {
        if let Some(note) = self.options.end_game() {
            self.info_string(&note);
        }
    }

    fn say(&self, text: &str) {
        self.out.line(text);
    }

    fn info_string(&self, text: &str) {
        self.say(&format!("info string {text}"));
    }

    fn searching(&self) -> bool {
        let answered = self.answered.load(std::sync::atomic::Ordering::SeqCst);
        !answered && self.search.as_ref().is_some_and(|h| !h.is_finished())
    }

    fn stop_and_wait(&mut self) {
        self.control.stop();
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    /// Handles one line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let command = match parse(line) {
            Ok(c) => c,
            Err(ParseError::Empty) => return true,
            Err(e) => {
                self.info_string(&e.to_string());
                return true;
            }
        };
        match command {
            Command::Uci => {
                self.say(&format!(
                    "id name {} {}",
                    O::ENGINE_NAME,
                    env!("CARGO_PKG_VERSION")
                ));
                self.say("id author the chainmate developers");
                for line in O::declarations(self.list_tunables) {
                    self.say(&line);
                }
                self.say("uciok");
            }
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                self.stop_and_wait();
                self.end_game();
                self.position = Position::default();
                self.clear_hash();
            }
            Command::Position { fen, moves } => match setup_position(fen.as_deref(), &moves) {
                Ok(p) => self.position = p,
                Err(e) => self.info_string(&format!("{e}; position unchanged")),
            },
            Command::Go(go) => self.go(go),
            Command::Stop => self.control.stop(),
            Command::PonderHit => self.control.ponderhit(),
            Command::Quit => return false,
            Command::Display => self.say(self.position.board().pretty().trim_end()),
            Command::Eval => {
                let text = self
                    .options
                    .evaluator()
                    .explain(self.position.board())
                    .to_string();
                for line in text.lines() {
                    self.say(line);
                }
            }
            Command::Bench(depth) => {
                let config = self.options.search_config();
                let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
                self.spawn_job("bench", move |control, _| {
                    match bench::run_until(&config, depth, 1, control) {
                        Some(r) => vec![format!("{} nodes {} nps", r.nodes, r.nps())],
                        None => vec![format!(
                            "info string bench {depth}: stopped; no signature (it counts \
                             only a whole run)"
                        )],
                    }
                });
            }
            Command::Epd { limit, file } => self.epd(limit, &file),
        }
        true
    }

    /// Runs `work` on a thread of its own, as a search runs: `stop` and `quit` end it through
    /// the control it is given, `isready` is answered meanwhile, and options wait for it as
    /// for a search. The lines it returns are written after it counts as finished, so that a
    /// GUI may set options as soon as it reads them.
    fn spawn_job<F>(&mut self, name: &str, work: F)
    where
        F: FnOnce(&SearchControl, &Output) -> Vec<String> + Send + 'static,
    {
        self.stop_and_wait();
        self.control.reset(false);
        self.answered.store(false, Ordering::SeqCst);
        let control = Arc::clone(&self.control);
        let answered = Arc::clone(&self.answered);
        let out = self.out.clone();
        let label = name.to_string();
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let lines = catch_unwind(AssertUnwindSafe(|| work(&control, &out)))
                    .unwrap_or_else(|_| vec![format!("info string internal error in {label}")]);
                answered.store(true, Ordering::SeqCst);
                for line in lines {
                    out.line(&line);
                }
            });
        match spawned {
            Ok(handle) => self.search = Some(handle),
            Err(e) => {
                self.answered.store(true, Ordering::SeqCst);
                self.info_string(&format!("{name}: cannot start a thread: {e}"));
            }
        }
    }

    /// `epd`: solves a suite with the current options on a thread of its own (as `bench`:
    /// `stop` and `quit` end it), one `info string` per failure, then `solved k/n`.
    fn epd(&mut self, limit: EpdLimit, file: &str) {
        let text = match crate::formats::read_text(std::path::Path::new(file)) {
            Ok((t, _)) => t,
            Err(e) => return self.info_string(&format!("epd: cannot read '{file}': {e}")),
        };
        let (records, errors) = crate::suite::parse_suite(&text);
        for (line, e) in &errors {
            self.info_string(&format!("epd: {file}:{line}: {e}; skipped"));
        }
        if records.is_empty() {
            return self.info_string(&format!("epd: {file} holds no position to solve"));
        }
        let limits = match limit {
            EpdLimit::Depth(d) => Limits::depth(d),
            EpdLimit::Nodes(n) => Limits::nodes(n),
            EpdLimit::Movetime(ms) => Limits::movetime(ms),
        };
        let config = self.options.search_config();
        let hash_mb = self.options.engine().hash_mb;
        self.spawn_job("epd", move |control, _| {
            let Some(report) =
                crate::suite::solve_until(&records, &limits, &config, hash_mb, control, |_, _| {})
            else {
                return vec!["info string epd: stopped before the last position".to_string()];
            };
            let mut lines: Vec<String> = report
                .failures
                .iter()
                .map(|f| format!("info string epd: {} not solved: {}", f.id, f.describe()))
                .collect();
            lines.push(format!(
                "solved {}/{} ({} nodes)",
                report.solved,
                records.len(),
                report.nodes
            ));
            lines
        });
    }

    /// The searcher, once no search holds it (callers stop any search first).
    fn with_searcher(&self, f: impl FnOnce(&mut Searcher<O::Ext>)) {
        let mut searcher = self.searcher.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut searcher);
    }

    fn clear_hash(&mut self) {
        let threads = self.options.engine().search.threads;
        self.with_searcher(|s| s.clear_with_threads(threads));
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.searching() {
            self.info_string(&format!("option '{name}' not changed: a search is running"));
            return;
        }
        // A search that has sent its bestmove may still be exiting: let it finish.
        self.stop_and_wait();
        let old_hash = self.options.engine().hash_mb;
        match self.options.set(name, value) {
            Ok(Effect::None) => {}
            Ok(Effect::ClearHash) => self.clear_hash(),
            Err(e) => self.info_string(&e.to_string()),
        }
        if name.trim().eq_ignore_ascii_case("SyzygyPath") {
            let engine = self.options.engine();
            let note = match &engine.tablebase {
                Some(tb) => format!(
                    "syzygy: {} WDL and {} DTZ tables, up to {} pieces, in {}",
                    tb.len(),
                    tb.dtz_count(),
                    tb.max_pieces(),
                    engine.syzygy_path
                ),
                None => "syzygy: no tables".to_string(),
            };
            self.info_string(&note);
        }
        self.out.set_chess960(self.options.engine().chess960);
        if self.options.engine().hash_mb != old_hash {
            let mb = self.options.engine().hash_mb;
            let mut resized = Ok(());
            self.with_searcher(|s| resized = s.resize(mb));
            if let Err(e) = resized {
                // The old table is kept: the option says what the engine really has.
                self.options.engine_mut().hash_mb = old_hash;
                self.info_string(&format!("{e}; keeping the {old_hash} MiB table"));
            }
        }
    }

    fn go(&mut self, go: Go) {
        // The clock runs from the moment `go` arrived, not from when the search thread starts.
        let received = std::time::Instant::now();
        self.stop_and_wait();
        for problem in &go.problems {
            self.info_string(&format!("go: {problem}"));
        }
        if go.bad_perft {
            self.info_string(&format!(
                "go perft: no count started (give a depth from 0 to {}, e.g. go perft 5)",
                perft::MAX_DEPTH
            ));
            return;
        }
        if let Some(depth) = go.perft {
            self.perft(depth, received);
            return;
        }
        let board = *self.position.board();
        let mut limits = go.limits;
        limits.started = Some(received);
        for text in &go.searchmoves {
            match board.parse_uci(text) {
                Ok(mv) => limits.searchmoves.push(mv),
                Err(e) => self.info_string(&format!("searchmoves: {e}; ignored")),
            }
        }
        self.control.reset(limits.ponder);
        self.answered
            .store(false, std::sync::atomic::Ordering::SeqCst);
        let job = SearchJob {
            answered: Arc::clone(&self.answered),
            position: self.position.clone(),
            limits,
            config: self.options.search_config(),
            searcher: Arc::clone(&self.searcher),
            control: Arc::clone(&self.control),
            out: self.out.clone(),
        };
        let spawned = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(THREAD_STACK)
            .spawn(move || job.run());
        match spawned {
            Ok(handle) => self.search = Some(handle),
            Err(e) => {
                self.info_string(&format!("cannot start a search thread: {e}"));
                self.say(&bestmove_line(
                    &fallback_result(&board),
                    self.out.chess960(),
                ));
            }
        }
    }

    /// `go perft N`: each root move's count as soon as it is done (the progress of a long
    /// run; in generation order with one thread), in the castling convention of
    /// `UCI_Chess960`, then the total. It runs on a thread of its own: `stop` or `quit` ends
    /// it within milliseconds, with no total (the counts printed are all there is).
    fn perft(&mut self, depth: u32, received: std::time::Instant) {
        let board = *self.position.board();
        let threads = self.options.engine().search.threads;
        self.spawn_job("perft", move |control, out| {
            let chess960 = out.chess960();
            let split = perft::divide_until(
                &board,
                depth,
                true,
                threads,
                || control.stopped(),
                |mv, n| out.line(&format!("{}: {n}", mv.uci(chess960))),
            );
            let seconds = received.elapsed().as_secs_f64();
            let Some(split) = split else {
                return vec![format!(
                    "info string perft {depth}: stopped after {seconds:.3} s; no total"
                )];
            };
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            let total = if depth == 0 { 1 } else { total };
            vec![
                String::new(),
                format!("Nodes searched: {total}"),
                format!("info string perft {depth}: {seconds:.3} s"),
            ]
        });
    }
}

/// Why a `position` command was refused (the position is then left as it was).
#[derive(Clone, Debug, PartialEq)]
pub enum PositionError {
    /// The FEN cannot be read.
    Fen(crate::core::FenError),
    /// A move of the list is not legal where it is played.
    Move {
        /// Its place in the list, from 1.
        number: usize,
        /// The text given.
        text: String,
        /// Why it is refused.
        error: crate::core::MoveError,
    },
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "bad FEN: {e}"),
            PositionError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} ({text}): {error}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Builds a position from `position` command arguments, all or nothing.
pub fn setup_position(fen: Option<&str>, moves: &[String]) -> Result<Position, PositionError> {
    let board = match fen {
        None => Board::startpos(),
        Some(text) => Board::from_fen(text).map_err(PositionError::Fen)?,
    };
    let mut position = Position::new(board);
    for (i, text) in moves.iter().enumerate() {
        position
            .play_uci(text)
            .map_err(|error| PositionError::Move {
                number: i + 1,
                text: text.clone(),
                error,
            })?;
    }
    Ok(position)
}

/// A search to run on its own thread.
struct SearchJob<X: Extension> {
    answered: Arc<std::sync::atomic::AtomicBool>,
    position: Position,
    limits: Limits,
    config: SearchConfig<X>,
    searcher: Arc<Mutex<Searcher<X>>>,
    control: Arc<SearchControl>,
    out: Output,
}

impl<X: Extension> SearchJob<X> {
    fn run(self) {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let mut searcher = self.searcher.lock().unwrap_or_else(|p| p.into_inner());
            searcher.search(
                &self.position,
                &self.limits,
                &self.config,
                &self.control,
                &self.out,
            )
        }));
        let result = outcome.unwrap_or_else(|_| {
            self.out
                .line("info string internal error in the search; playing a legal move");
            fallback_result(self.position.board())
        });
        self.answered
            .store(true, std::sync::atomic::Ordering::SeqCst);
        self.out.line(&bestmove_line(&result, self.out.chess960()));
    }
}

/// A result naming the first legal move (the last resort after an internal error).
fn fallback_result(board: &Board) -> SearchResult {
    SearchResult {
        best_move: board.legal_moves().first().copied(),
        ponder_move: None,
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    }
}

fn bestmove_line(result: &SearchResult, chess960: bool) -> String {
    match (result.best_move, result.ponder_move) {
        (Some(best), Some(ponder)) => format!(
            "bestmove {} ponder {}",
            best.uci(chess960),
            ponder.uci(chess960)
        ),
        (Some(best), None) => format!("bestmove {}", best.uci(chess960)),
        (None, _) => "bestmove (none)".to_string(),
    }
}
