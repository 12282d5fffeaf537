//! UCI commands as a typed enum, and a pure parser from text lines.
//!
//! The parser never fails on odd input silently: it returns a [`ParseError`] that the engine
//! loop reports as `info string <error>`. Following the UCI specification, unknown tokens
//! *before* a command word are skipped ("joho debug on" is `debug on`).

use std::fmt;
use std::time::Duration;

use crate::eval::score::MAX_PLY;
use crate::search::Limits;

/// A `go` command: the search limits, parsed straight into [`Limits`], and what the line
/// said that could not be used.
///
/// `go` never fails: a GUI waits for `bestmove` after every `go`, so an unreadable token is
/// reported (in `problems`, answered as `info string`) and skipped, an out-of-range number is
/// clamped to the nearest value the search can use, and the search runs on what remains. A
/// `perft` depth is the exception: one that cannot be read or is out of range starts nothing
/// (`bad_perft`), as the command line's `perft` refuses it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Every limit except `searchmoves` (moves are checked against the position by the
    /// engine, which fills `limits.searchmoves`).
    pub limits: Limits,
    /// `searchmoves`, as text.
    pub searchmoves: Vec<String>,
    /// `perft N` (extension): count leaf nodes instead of searching.
    pub perft: Option<u32>,
    /// `perft` came without a readable depth: nothing is counted, and no search starts
    /// either (a count was asked for, not an unbounded search).
    pub bad_perft: bool,
    /// Tokens that were skipped or numbers that were clamped, one message each.
    pub problems: Vec<String>,
}

/// Deepest `go depth` (the search's ply limit, less one).
pub const MAX_GO_DEPTH: i32 = MAX_PLY as i32 - 1;
/// Deepest `go perft`: the command line's limit (deeper counts cannot finish); a deeper one
/// is refused, not clamped (a count to another depth is not the count asked for).
pub const MAX_PERFT_DEPTH: u32 = crate::perft::MAX_DEPTH;
/// Longest time a `go` takes into account, ms (about 49 days).
pub const MAX_GO_MS: u64 = u32::MAX as u64;

/// One line of GUI input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug(bool),
    /// `isready`
    IsReady,
    /// `setoption name <id> [value <x>]`
    SetOption {
        /// Option name (may contain spaces).
        name: String,
        /// The value, if any (buttons have none).
        value: Option<String>,
    },
    /// `register ...` (accepted and ignored: nothing to register).
    Register,
    /// `ucinewgame`
    UciNewGame,
    /// `position (startpos | fen <fen>) [moves <m1> ...]`
    Position {
        /// The FEN, or `None` for the start position.
        fen: Option<String>,
        /// Moves to play from it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go ...`
    Go(Go),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// `d` (extension): show the board, FEN and hash.
    Display,
    /// `eval` (extension): the evaluation term table.
    Eval,
    /// `bench [depth]` (extension): the fixed-depth benchmark.
    Bench(Option<i32>),
    /// `epd depth|nodes|movetime <n> <file>` (extension): solve a `bm`/`am` test suite.
    Epd {
        /// The limit per position.
        limit: EpdLimit,
        /// The suite's path (the rest of the line, so it may contain spaces).
        file: String,
    },
}

/// The limit per position of the `epd` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpdLimit {
    /// Plies.
    Depth(i32),
    /// Nodes.
    Nodes(u64),
    /// Milliseconds.
    Movetime(u64),
}

/// Why a line is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A blank line.
    Empty,
    /// No known command word in the line.
    Unknown(String),
    /// A command with a missing or malformed argument.
    Invalid {
        /// The command word.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "empty command"),
            ParseError::Unknown(line) => write!(f, "unknown command: {line}"),
            ParseError::Invalid { command, reason } => write!(f, "invalid '{command}': {reason}"),
        }
    }
}

impl std::error::Error for ParseError {}

fn invalid(command: &'static str, reason: impl Into<String>) -> ParseError {
    ParseError::Invalid {
        command,
        reason: reason.into(),
    }
}

/// Parses one input line.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.is_empty() {
        return Err(ParseError::Empty);
    }
    for (i, &word) in tokens.iter().enumerate() {
        let args = &tokens[i + 1..];
        let command = match word {
            "uci" => Command::Uci,
            "debug" => Command::Debug(args.first() != Some(&"off")),
            "isready" => Command::IsReady,
            "setoption" => parse_setoption(args)?,
            "register" => Command::Register,
            "ucinewgame" => Command::UciNewGame,
            "position" => parse_position(args)?,
            "go" => Command::Go(parse_go(args)),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "eval" => Command::Eval,
            "bench" => Command::Bench(match args.first() {
                Some(d) => Some(positive(d, "bench")?),
                None => None,
            }),
            "epd" => parse_epd(args)?,
            _ => continue,
        };
        return Ok(command);
    }
    Err(ParseError::Unknown(line.trim().to_string()))
}

fn parse_epd(args: &[&str]) -> Result<Command, ParseError> {
    let usage = || invalid("epd", "usage: epd depth|nodes|movetime <n> <file>");
    let (kind, n, file) = match args {
        [kind, n, file @ ..] if !file.is_empty() => (*kind, *n, file.join(" ")),
        _ => return Err(usage()),
    };
    let limit = match kind {
        "depth" => EpdLimit::Depth(positive(n, "epd")?),
        "nodes" => EpdLimit::Nodes(positive(n, "epd")?),
        "movetime" => EpdLimit::Movetime(positive(n, "epd")?),
        _ => return Err(usage()),
    };
    Ok(Command::Epd { limit, file })
}

fn number<T: std::str::FromStr>(text: &str, command: &'static str) -> Result<T, ParseError> {
    text.parse()
        .map_err(|_| invalid(command, format!("'{text}' is not a valid number")))
}

/// A number of at least 1 (a depth, a node count, milliseconds), as the command line takes
/// `bench` and `epd` limits.
fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(
    text: &str,
    command: &'static str,
) -> Result<T, ParseError> {
    let n: T = number(text, command)?;
    if n < T::from(1) {
        return Err(invalid(command, format!("{text} is below 1")));
    }
    Ok(n)
}

fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    if args.first() != Some(&"name") {
        return Err(invalid(
            "setoption",
            "expected 'setoption name <id> [value <x>]'",
        ));
    }
    let rest = &args[1..];
    let value_at = rest.iter().position(|&t| t == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(invalid("setoption", "missing option name"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(args: &[&str]) -> Result<Command, ParseError> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (
            &args[..i],
            args[i + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (args, Vec::new()),
    };
    let fen = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => None,
        Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
        _ => {
            return Err(invalid(
                "position",
                "expected 'position startpos' or 'position fen <fen>'",
            ))
        }
    };
    Ok(Command::Position { fen, moves })
}

/// A whole number as written, saturated at the bounds of `i128` when it has too many digits
/// (`None` when it is not a whole number at all).
fn saturating_integer(text: &str) -> Option<i128> {
    if let Ok(v) = text.parse::<i128>() {
        return Some(v);
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if text.starts_with('-') {
        i128::MIN
    } else {
        i128::MAX
    })
}

/// Reads the value of `key` clamped to `lo..=hi`, noting a clamp in `problems`.
fn clamped(key: &str, text: &str, lo: i128, hi: i128, problems: &mut Vec<String>) -> Option<i128> {
    let Some(v) = saturating_integer(text) else {
        problems.push(format!("'{key} {text}': not a number; ignored"));
        return None;
    };
    let c = v.clamp(lo, hi);
    if c != v {
        problems.push(format!("'{key} {text}': out of range; using {c}"));
    }
    Some(c)
}

fn parse_go(args: &[&str]) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        i += 1;
        let limits = &mut go.limits;
        match key {
            "searchmoves" => {
                go.searchmoves = args[i..].iter().map(|s| s.to_string()).collect();
                break;
            }
            "ponder" => limits.ponder = true,
            "infinite" => limits.infinite = true,
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" | "depth" | "nodes"
            | "mate" | "perft" => {
                let Some(&text) = args.get(i) else {
                    go.problems.push(format!("'{key}' needs a value; ignored"));
                    go.bad_perft |= key == "perft";
                    break;
                };
                i += 1;
                // Some GUIs send negative remaining time when a flag is close: zero it.
                let (lo, hi): (i128, i128) = match key {
                    "depth" | "mate" => (1, MAX_GO_DEPTH as i128),
                    "nodes" => (1, u64::MAX as i128),
                    "movestogo" => (1, u32::MAX as i128),
                    _ => (0, MAX_GO_MS as i128),
                };
                if key == "perft" {
                    match saturating_integer(text) {
                        Some(v) if (0..=i128::from(MAX_PERFT_DEPTH)).contains(&v) => {
                            go.perft = Some(v as u32)
                        }
                        Some(_) => {
                            go.problems.push(format!(
                                "'perft {text}': out of range, a depth is 0 to {MAX_PERFT_DEPTH} \
                                 (deeper counts cannot finish: the start position's depth 14 alone has \
                                 6.2e19 leaves)"
                            ));
                            go.bad_perft = true;
                        }
                        None => {
                            go.problems
                                .push(format!("'perft {text}': not a number; ignored"));
                            go.bad_perft = true;
                        }
                    }
                    continue;
                }
                let is_time = matches!(key, "wtime" | "btime" | "winc" | "binc" | "movetime");
                let text = match saturating_integer(text) {
                    Some(v) if is_time && v < 0 => "0",
                    _ => text,
                };
                let Some(v) = clamped(key, text, lo, hi, &mut go.problems) else {
                    continue;
                };
                let ms = Duration::from_millis(v as u64);
                match key {
                    "wtime" => limits.wtime = Some(ms),
                    "btime" => limits.btime = Some(ms),
                    "winc" => limits.winc = Some(ms),
                    "binc" => limits.binc = Some(ms),
                    "movetime" => limits.movetime = Some(ms),
                    "movestogo" => limits.movestogo = Some(v as u32),
                    "depth" => limits.depth = Some(v as i32),
                    "nodes" => limits.nodes = Some(v as u64),
                    _ => limits.mate = Some(v as i32),
                }
            }
            other => go
                .problems
                .push(format!("unknown 'go' parameter '{other}'; ignored")),
        }
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match parse(line) {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// `bench 0` and `epd depth 0` are refused as the command line refuses them.
    #[test]
    fn bench_and_epd_limits_below_one_are_refused() {
        for line in [
            "bench 0",
            "bench -3",
            "epd depth 0 x.epd",
            "epd nodes 0 x.epd",
        ] {
            let e = parse(line).unwrap_err();
            assert!(e.to_string().ends_with("is below 1"), "{line}: {e}");
        }
        assert_eq!(parse("bench 1"), Ok(Command::Bench(Some(1))));
        assert!(matches!(
            parse("epd movetime 1 x.epd"),
            Ok(Command::Epd {
                limit: EpdLimit::Movetime(1),
                ..
            })
        ));
    }

    #[test]
    fn go_perft_without_a_readable_depth_counts_nothing() {
        for line in ["go perft abc", "go perft", "go perft -3x"] {
            let g = go(line);
            assert!(g.bad_perft && g.perft.is_none(), "{line}: {g:?}");
            assert!(!g.problems.is_empty(), "{line}");
        }
        let g = go("go perft 4");
        assert!(!g.bad_perft && g.perft == Some(4));
    }

    #[test]
    fn go_never_fails_it_clamps_and_skips() {
        let g = go("go depth 99999999999999999999");
        assert_eq!(g.limits.depth, Some(MAX_GO_DEPTH));
        assert_eq!(g.problems.len(), 1);
        assert!(g.problems[0].contains("out of range"), "{:?}", g.problems);
        let g = go("go depth x movetime 50");
        assert_eq!(
            (g.limits.depth, g.limits.movetime),
            (None, Some(Duration::from_millis(50)))
        );
        assert!(g.problems[0].contains("not a number"));
        let g = go("go depth");
        assert_eq!(g.limits, Limits::default());
        assert!(g.problems[0].contains("needs a value"));
        let g = go("go sideways 3 depth 0 nodes -7 wtime 1e9 btime 18446744073709551617");
        assert_eq!(g.limits.depth, Some(1));
        assert_eq!(g.limits.nodes, Some(1));
        assert_eq!(g.limits.wtime, None);
        assert_eq!(g.limits.btime, Some(Duration::from_millis(MAX_GO_MS)));
        assert_eq!(g.problems.len(), 6, "{:?}", g.problems);
        // A perft depth out of range is refused, not clamped: no count starts.
        for line in ["go perft 40", "go perft 999999999999", "go perft -1"] {
            let g = go(line);
            assert!(g.bad_perft && g.perft.is_none(), "{line}: {g:?}");
            assert!(g.problems[0].contains("a depth is 0 to 15"), "{g:?}");
        }
        assert_eq!(go("go perft 15").perft, Some(15));
        assert_eq!(go("go mate -3").limits.mate, Some(1));
    }

    #[test]
    fn parses_the_protocol() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready  "), Ok(Command::IsReady));
        assert_eq!(parse("joho debug on"), Ok(Command::Debug(true)));
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Ok(Command::Position {
                fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec![]
            })
        );
        let go = parse("go wtime 1000 btime -5 winc 10 binc 10 movestogo 5").unwrap();
        let Command::Go(g) = go else { panic!("not go") };
        assert_eq!(g.limits.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(g.limits.btime, Some(Duration::ZERO));
        assert_eq!(g.limits.movestogo, Some(5));
        assert_eq!(
            g.problems,
            Vec::<String>::new(),
            "a negative clock is not a problem"
        );
        let Ok(Command::Go(g)) = parse("go ponder infinite searchmoves e2e4 d2d4") else {
            panic!()
        };
        assert!(g.limits.ponder && g.limits.infinite);
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
    }

    #[test]
    fn rejects_garbage_with_a_reason() {
        assert_eq!(parse(""), Err(ParseError::Empty));
        assert!(matches!(parse("hello world"), Err(ParseError::Unknown(_))));
        assert!(matches!(
            parse("position fen"),
            Err(ParseError::Invalid { .. })
        ));
        assert!(matches!(
            parse("position"),
            Err(ParseError::Invalid {
                command: "position",
                ..
            })
        ));
        assert!(matches!(
            parse("position fen"),
            Err(ParseError::Invalid { .. })
        ));
        assert!(matches!(
            parse("setoption Hash 5"),
            Err(ParseError::Invalid { .. })
        ));
    }
}
