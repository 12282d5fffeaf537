//! UCI commands as a typed enum, and a pure parser from text lines.
//!
//! The parser never fails on odd input silently: it returns a [`ParseError`] that the engine
//! loop reports as `info string <error>`. Following the UCI specification, unknown tokens
//! *before* a command word are skipped ("joho debug on" is `debug on`).

use std::fmt;
use std::time::Duration;

/// A `go` command's parameters, as given (moves still text: they are checked against the
/// position by the engine).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `searchmoves`.
    pub searchmoves: Vec<String>,
    /// `ponder`.
    pub ponder: bool,
    /// `wtime`.
    pub wtime: Option<Duration>,
    /// `btime`.
    pub btime: Option<Duration>,
    /// `winc`.
    pub winc: Option<Duration>,
    /// `binc`.
    pub binc: Option<Duration>,
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `depth`.
    pub depth: Option<i32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate`.
    pub mate: Option<i32>,
    /// `movetime`.
    pub movetime: Option<Duration>,
    /// `infinite`.
    pub infinite: bool,
    /// `perft N` (extension): count leaf nodes instead of searching.
    pub perft: Option<u32>,
}

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
    Go(GoParams),
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
            "go" => Command::Go(parse_go(args)?),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "eval" => Command::Eval,
            "bench" => Command::Bench(match args.first() {
                Some(d) => Some(number(d, "bench")?),
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
        "depth" => EpdLimit::Depth(number(n, "epd")?),
        "nodes" => EpdLimit::Nodes(number(n, "epd")?),
        "movetime" => EpdLimit::Movetime(number(n, "epd")?),
        _ => return Err(usage()),
    };
    Ok(Command::Epd { limit, file })
}

fn number<T: std::str::FromStr>(text: &str, command: &'static str) -> Result<T, ParseError> {
    text.parse()
        .map_err(|_| invalid(command, format!("'{text}' is not a valid number")))
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

fn parse_go(args: &[&str]) -> Result<GoParams, ParseError> {
    let mut go = GoParams::default();
    let mut i = 0;
    let ms = |t: &str| -> Result<Duration, ParseError> {
        // Some GUIs send negative remaining time when a flag is close: treat it as zero.
        let v: i64 = number(t, "go")?;
        Ok(Duration::from_millis(v.max(0) as u64))
    };
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1).copied();
        let need = || value.ok_or_else(|| invalid("go", format!("'{key}' needs a value")));
        match key {
            "searchmoves" => {
                go.searchmoves = args[i + 1..].iter().map(|s| s.to_string()).collect();
                break;
            }
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "wtime" => go.wtime = Some(ms(need()?)?),
            "btime" => go.btime = Some(ms(need()?)?),
            "winc" => go.winc = Some(ms(need()?)?),
            "binc" => go.binc = Some(ms(need()?)?),
            "movetime" => go.movetime = Some(ms(need()?)?),
            "movestogo" => go.movestogo = Some(number(need()?, "go")?),
            "depth" => go.depth = Some(number(need()?, "go")?),
            "nodes" => go.nodes = Some(number(need()?, "go")?),
            "mate" => go.mate = Some(number(need()?, "go")?),
            "perft" => go.perft = Some(number(need()?, "go")?),
            other => return Err(invalid("go", format!("unknown parameter '{other}'"))),
        }
        i += if matches!(key, "ponder" | "infinite") {
            1
        } else {
            2
        };
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(g.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(g.btime, Some(Duration::ZERO));
        assert_eq!(g.movestogo, Some(5));
        let Ok(Command::Go(g)) = parse("go ponder infinite searchmoves e2e4 d2d4") else {
            panic!()
        };
        assert!(g.ponder && g.infinite);
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
    }

    #[test]
    fn rejects_garbage_with_a_reason() {
        assert_eq!(parse(""), Err(ParseError::Empty));
        assert!(matches!(parse("hello world"), Err(ParseError::Unknown(_))));
        assert!(matches!(
            parse("go depth x"),
            Err(ParseError::Invalid { command: "go", .. })
        ));
        assert!(matches!(
            parse("go depth"),
            Err(ParseError::Invalid { command: "go", .. })
        ));
        assert!(matches!(
            parse("go sideways 3"),
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
