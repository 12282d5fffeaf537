//! Random and mutated UCI input through the real binary: garbage, bad numbers, bad FENs,
//! illegal moves, `go` with every kind of broken limit, `stop` and `ponderhit` at odd times.
//!
//! Asserted: the engine never dies, every `isready` is answered, and every `go` ends in exactly
//! one `bestmove` whose move is legal in the position the `go` searched (`(none)` only where
//! there is no legal move). A model of the engine's position follows every line with the
//! library's own parser, so the test knows which position each `go` searched.
//!
//! `cargo test --release --test engine uci_fuzz::` runs 3,000 lines; the soak (100,000 lines) runs with
//! `-- --ignored`. The generator is seeded, so a failure names the seed and line to replay.
//!
//! The in-process fuzz drives `uci::Engine::handle` directly, for speed: the generator's
//! lines mangled at the byte level too (bytes flipped, cut short, huge numbers, random tokens
//! and bytes inserted, read back as the lossy UTF-8 the loop makes of them). The engine must
//! survive every line, never report an internal error, and answer the final `isready` with
//! `readyok`: 20,000 lines in the normal run, 100,000 under `--ignored`. The loop itself is
//! fed lines that are not UTF-8.

use crate::common;

use std::sync::{Arc, Mutex};

use chainmate::core::prng::SplitMix64;
use chainmate::core::{Board, Position};
use chainmate::uci::command::{parse, Command};
use chainmate::uci::setup_position;
use common::uci::Engine;

const FENS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // One legal move (Kh1-g1), checkmated, stalemated.
    "8/8/8/8/8/6k1/6p1/7K w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
];

/// `go` parameters, and one that is not.
const GO_KEYS: [&str; 12] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "sideways",
];

/// Command words and arguments to make garbage from (with [`GO_KEYS`]).
const WORDS: [&str; 19] = [
    "go",
    "searchmoves",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "stop",
    "ponderhit",
    "isready",
    "ucinewgame",
    "uci",
    "d",
    "eval",
    "debug",
    "register",
    "e2e4",
];

const NUMBERS: [&str; 14] = [
    "0",
    "1",
    "7",
    "-1",
    "-99999",
    "30",
    "4096",
    "99999999999999999999",
    "-99999999999999999999",
    "18446744073709551616",
    "1e9",
    "0x10",
    "3.5",
    "",
];

struct Gen(SplitMix64);

impl Gen {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A few legal moves from `fen`, sometimes followed by an illegal or garbled one.
    fn moves(&mut self, fen: &str) -> Vec<String> {
        let mut board = Board::from_fen(fen).expect("test FEN");
        let mut out = Vec::new();
        for _ in 0..self.below(6) {
            let legal = board.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[self.below(legal.len())];
            out.push(mv.to_string());
            board.play(mv);
        }
        if self.chance(20) {
            out.push(
                self.pick(&["e2e5", "a1a1", "e7e8x", "Nf3", "zz", "h7h8q", "0000"])
                    .into(),
            );
        }
        out
    }

    fn position(&mut self) -> String {
        let fen = self.pick(&FENS);
        let moves = self.moves(fen);
        let setup = if self.chance(30) && fen == FENS[0] {
            "startpos".to_string()
        } else if self.chance(15) {
            format!("fen {}", self.mutate(fen))
        } else {
            format!("fen {fen}")
        };
        if moves.is_empty() && self.chance(50) {
            format!("position {setup}")
        } else {
            format!("position {setup} moves {}", moves.join(" "))
        }
    }

    fn go(&mut self) -> String {
        let mut line = String::from("go");
        for _ in 0..self.below(4) {
            let key = self.pick(&GO_KEYS);
            line.push(' ');
            line.push_str(key);
            if matches!(key, "infinite" | "ponder") {
                continue;
            }
            let value = if self.chance(60) {
                match key {
                    "depth" | "mate" => (1 + self.below(5)).to_string(),
                    "nodes" => (1 + self.below(3000)).to_string(),
                    "movestogo" => (1 + self.below(40)).to_string(),
                    _ => self.below(60).to_string(),
                }
            } else {
                self.pick(&NUMBERS).to_string()
            };
            if !value.is_empty() {
                line.push(' ');
                line.push_str(&value);
            }
        }
        if self.chance(10) {
            line.push_str(" searchmoves e2e4 a7a8q d2d4");
        }
        line
    }

    fn setoption(&mut self) -> String {
        let (name, values): (&str, &[&str]) = match self.below(9) {
            0 => ("MultiPV", &["1", "2", "3", "0", "x"]),
            1 => (
                "Evaluator",
                &["material", "weighted:base", "power", "tsvetkov", "magic"],
            ),
            2 => ("Ordering", &["default", "chessmaps", "random"]),
            3 => ("Pruning", &["off", "rules", "maybe"]),
            4 => ("MoveChains", &["on", "off", "true"]),
            5 => ("Search", &["pvs", "alphabeta", "alphabeta+tt", "bogo"]),
            6 => ("Hash", &["1", "4", "16", "0", "-3", "lots"]),
            7 => ("search.rfp_margin", &["90", "-90", "1e3", ""]),
            _ => ("Threads", &["1", "2", "0"]),
        };
        let value = self.pick(values);
        format!("setoption name {name} value {value}")
    }

    /// `text` with a few characters replaced, deleted, doubled or inserted.
    fn mutate(&mut self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + self.below(3) {
            let at = self.below(chars.len() + 1);
            let c = b" 0123456789-/abcdefghKQRBNPkqrbnpx\t"[self.below(35)] as char;
            match self.below(4) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                2 if at < chars.len() => chars.insert(at, chars[at]),
                _ => chars.insert(at, c),
            }
        }
        chars.into_iter().collect()
    }

    /// `line` mangled at the byte level: bytes flipped, a cut, huge numbers, tokens and
    /// arbitrary bytes inserted; read back as lossy UTF-8, as the UCI loop reads its input.
    fn mangle(&mut self, line: &str) -> String {
        const INSERTS: [&str; 10] = [
            " 99999999999999999999999999",
            " -9223372036854775808",
            " 18446744073709551615",
            " 4294967296",
            " -0",
            " 1e308",
            " nan",
            " moves",
            " \t ",
            " fen ",
        ];
        let mut bytes = line.as_bytes().to_vec();
        for _ in 0..1 + self.below(3) {
            let at = self.below(bytes.len() + 1);
            match self.below(6) {
                0 if at < bytes.len() => bytes[at] ^= 1 << self.below(8),
                1 => bytes.truncate(at),
                2 => {
                    let insert = self.pick(&INSERTS);
                    bytes.splice(at..at, insert.bytes());
                }
                3 => {
                    let words: &[&str] = if self.chance(50) { &WORDS } else { &GO_KEYS };
                    let word = format!(" {}", self.pick(words));
                    bytes.splice(at..at, word.bytes());
                }
                4 => {
                    let noise: Vec<u8> = (0..1 + self.below(4))
                        .map(|_| self.0.next_u64() as u8)
                        .collect();
                    bytes.splice(at..at, noise);
                }
                _ => {
                    let number = format!(" {}", self.pick(&NUMBERS));
                    bytes.splice(at..at, number.bytes());
                }
            }
        }
        String::from_utf8_lossy(&bytes).replace(['\n', '\r'], " ")
    }

    fn garbage(&mut self) -> String {
        (0..self.below(8))
            .map(|_| {
                if self.chance(50) {
                    let words: &[&str] = if self.chance(50) { &WORDS } else { &GO_KEYS };
                    self.pick(words).to_string()
                } else {
                    self.pick(&NUMBERS).to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn line(&mut self) -> String {
        let line = match self.below(20) {
            0..=3 => self.position(),
            4..=7 => self.go(),
            8..=9 => self.setoption(),
            10 => "stop".into(),
            11 => "ponderhit".into(),
            12 => "isready".into(),
            13 => self
                .pick(&["ucinewgame", "d", "eval", "uci", "debug on"])
                .into(),
            14..=16 => self.garbage(),
            _ => {
                let base = match self.below(3) {
                    0 => self.position(),
                    1 => self.go(),
                    _ => self.setoption(),
                };
                self.mutate(&base)
            }
        };
        line.replace(['\n', '\r'], " ")
    }
}

/// Whether the engine would take `line` somewhere this test does not go: quitting, a long
/// foreground job (bench, perft, EPD suites), or a table or thread count that only wastes
/// the test machine's memory.
fn out_of_scope(line: &str) -> bool {
    match parse(line) {
        Ok(Command::Quit | Command::Bench(_) | Command::Epd { .. }) => true,
        Ok(Command::Go(go)) => go.perft.is_some(),
        Ok(Command::SetOption { name, value }) => {
            let big = value
                .as_deref()
                .and_then(|v| v.trim().parse::<i64>().ok())
                .is_some_and(|v| v > 64);
            big && (name.eq_ignore_ascii_case("hash") || name.eq_ignore_ascii_case("threads"))
        }
        _ => false,
    }
}

/// What the model expects of one `go`: the position it searched.
struct PendingGo {
    line: String,
    position: Position,
}

fn check_bestmove(bestmove_line: &str, go: &PendingGo, seed: u64) {
    let mv = bestmove_line.split_whitespace().nth(1).unwrap_or("");
    let board = go.position.board();
    let legal = board.legal_moves();
    if legal.is_empty() {
        assert_eq!(
            mv,
            "(none)",
            "seed {seed}: '{}' in {}",
            go.line,
            board.to_fen()
        );
    } else {
        assert!(
            board.parse_uci(mv).is_ok(),
            "seed {seed}: '{}' in {} answered '{bestmove_line}'",
            go.line,
            board.to_fen()
        );
    }
}

fn fuzz(seed: u64, lines: usize) {
    let mut gen = Gen(SplitMix64::new(seed));
    let mut e = Engine::start();
    let mut position = Position::default();
    let mut sent = 0;
    let (mut gos, mut readies) = (0, 0);
    while sent < lines {
        let mut pending: Vec<PendingGo> = Vec::new();
        let mut ready_asked = 0;
        for _ in 0..1 + gen.below(6) {
            let line = gen.line();
            if out_of_scope(&line) {
                continue;
            }
            sent += 1;
            e.send(&line);
            match parse(&line) {
                Ok(Command::Position { fen, moves }) => {
                    if let Ok(p) = setup_position(fen.as_deref(), &moves) {
                        position = p;
                    }
                }
                Ok(Command::UciNewGame) => position = Position::default(),
                Ok(Command::Go(_)) => pending.push(PendingGo {
                    line: line.clone(),
                    position: position.clone(),
                }),
                Ok(Command::IsReady) => ready_asked += 1,
                _ => {}
            }
        }
        // Sometimes let the searches run a little before the GUI's stop, which ends every
        // search it started (infinite and ponder ones included).
        if gen.chance(25) {
            std::thread::sleep(std::time::Duration::from_millis(gen.below(15) as u64));
        }
        e.send("stop");
        e.send("isready");
        ready_asked += 1;
        let (mut bestmoves, mut readyoks) = (0, 0);
        while bestmoves < pending.len() || readyoks < ready_asked {
            let got = e.until(|l| l.starts_with("bestmove") || l == "readyok");
            let last = got.last().expect("until returns the matching line");
            if last == "readyok" {
                readyoks += 1;
                continue;
            }
            assert!(
                bestmoves < pending.len(),
                "seed {seed}: a bestmove no go asked for: {last}"
            );
            check_bestmove(last, &pending[bestmoves], seed);
            bestmoves += 1;
        }
        gos += pending.len();
        readies += ready_asked;
    }
    e.send("quit");
    assert!(
        e.close_and_wait().success(),
        "seed {seed}: the engine failed"
    );
    assert!(
        gos > lines / 10,
        "the generator sends enough go lines ({gos})"
    );
    assert!(readies > lines / 10, "and enough isready ({readies})");
}

#[test]
fn three_thousand_random_lines_leave_the_engine_answering() {
    fuzz(20_261_123, 3_000);
}

#[test]
#[ignore = "soak: 100,000 lines, several minutes"]
fn soak_of_a_hundred_thousand_lines() {
    fuzz(7, 100_000);
}

/// What the engine wrote, for the in-process fuzz.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// Whether the in-process fuzz leaves `line` out: what [`out_of_scope`] leaves out, and more
/// than two search threads (each `go` would start them all on this test's cores).
fn out_of_scope_in_process(line: &str) -> bool {
    if out_of_scope(line) {
        return true;
    }
    match parse(line) {
        Ok(Command::SetOption { name, value }) => {
            name.eq_ignore_ascii_case("threads")
                && value
                    .as_deref()
                    .and_then(|v| v.trim().parse::<i64>().ok())
                    .is_some_and(|v| v > 2)
        }
        _ => false,
    }
}

/// `lines` generated lines, half of them mangled at the byte level, through
/// `uci::Engine::handle` in this process; a `stop` now and then ends the searches. Returns
/// how many lines were handled.
fn fuzz_in_process(seed: u64, lines: usize) -> usize {
    use chainmate::uci::{Engine as Uci, EngineOptions, Output};
    let mut gen = Gen(SplitMix64::new(seed));
    let out = Captured::default();
    let mut engine = Uci::<EngineOptions>::new(Output::new(Box::new(out.clone())));
    let mut handled = 0;
    while handled < lines {
        let line = gen.line();
        let line = if gen.chance(50) {
            gen.mangle(&line)
        } else {
            line
        };
        if out_of_scope_in_process(&line) {
            continue;
        }
        assert!(
            engine.handle(&line),
            "seed {seed}: '{line}' quit the engine"
        );
        handled += 1;
        if gen.chance(20) {
            engine.handle("stop");
        }
    }
    engine.handle("stop");
    let before = out.text().len();
    engine.handle("isready");
    let text = out.text();
    assert!(
        text[before..].contains("readyok"),
        "seed {seed}: no readyok after {handled} lines"
    );
    assert!(
        !text.contains("internal error"),
        "seed {seed}: the search failed"
    );
    engine.handle("quit");
    handled
}

#[test]
fn twenty_thousand_mangled_lines_in_process_leave_the_engine_answering() {
    let handled = fuzz_in_process(20_261_127, 20_000);
    eprintln!("in-process UCI fuzz: {handled} lines");
}

#[test]
#[ignore = "soak: 100,000 lines in process"]
fn soak_of_a_hundred_thousand_lines_in_process() {
    let handled = fuzz_in_process(11, 100_000);
    eprintln!("in-process UCI fuzz: {handled} lines");
}

/// A line that is not UTF-8 is answered as the garbage it is, and the loop reads on (it had
/// ended the engine: the line iterator's error was taken for the end of the input).
#[test]
fn the_loop_reads_on_past_a_line_that_is_not_utf8() {
    use chainmate::uci::{Engine as Uci, EngineOptions, Output};
    let out = Captured::default();
    let mut engine = Uci::<EngineOptions>::new(Output::new(Box::new(out.clone())));
    engine.run(
        &b"isready\n\xff\xfego depth 1\nposition startpos moves e2e4 \xc3\nisready\r\ngo depth 1\n"
            [..],
    );
    let text = out.text();
    assert_eq!(text.matches("readyok").count(), 2, "{text}");
    assert!(text.contains("bestmove "), "{text}");
}
