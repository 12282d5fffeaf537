//! In-process matches between two configurations of the engine (`chainmate-lab match`).
//!
//! * [`openings`]: where games start (EPD/FEN, PGN or movetext books; a built-in set).
//! * [`game`]: one game under the rules of chess, with real clocks or a node limit.
//! * [`elo`]: the Elo difference and its 95% interval from W/D/L.
//! * [`external`]: an external UCI engine (a separate process) as either side.
//! * [`round_robin`]: every pair of several players (paper 000's genetic learning).
//! * [`sprt`]: the sequential probability ratio test that can end a match early.
//! * [`start_match`]: every worker's external engines started and handshaken before the first
//!   game, so that a program that is missing, is not a UCI engine or rejects an option stops
//!   the match with a [`MatchError`] instead of forfeiting every game; each external player
//!   is then named by its `id name`.
//! * [`StartedMatch::play`] (and [`run_match`], both steps): `games` games on `concurrency`
//!   threads; each worker owns one [`Mover`] per side — a [`crate::search::Searcher`]
//!   cleared before every game, or an external engine's process, sent `ucinewgame` before
//!   every game (an engine that dies during the match loses that game and is restarted for
//!   the next). Game `n` (from 0) plays opening `n / 2` (cycling through the book), engine A
//!   with White when `n` is even, so each opening is played twice with colours reversed.

pub mod elo;
pub mod external;
pub mod game;
pub mod move_eval;
pub mod openings;
pub mod player_spec;
pub mod round_robin;
pub mod sprt;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::search::THREAD_STACK;
use chainmate::formats::pgn::{Game, GameResult};
pub use elo::EloEstimate;
pub use external::{EngineError, ExternalSpec};
pub use game::{Engine, GameRules, Mover, Outcome, Player, Termination};
pub use openings::Opening;
pub use player_spec::PlayerSpecError;

/// A clock: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time for the whole game.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// Longest base or increment accepted (a year), so that absurd input is an error rather than
/// an overflow.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A number of seconds (decimals allowed) from zero to a year.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(0.0..=MAX_SECONDS).contains(&seconds) {
        return Err(format!("'{text}' seconds is out of range"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("'{text}': {e}"))
}

impl FromStr for TimeControl {
    type Err = String;

    /// `BASE+INC` or `BASE`, in seconds (decimals allowed): `10+0.1`, `60`.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let tc = TimeControl {
            base: parse_seconds(base)?,
            increment: parse_seconds(increment)?,
        };
        if tc.base.is_zero() {
            return Err(format!(
                "time control '{text}': the base time must be positive"
            ));
        }
        Ok(tc)
    }
}

impl fmt::Display for TimeControl {
    /// As PGN's `TimeControl` tag writes it: `10+0.1` (seconds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Engine A (the one the score is reported for).
    pub a: Player,
    /// Engine B.
    pub b: Player,
    /// Number of games.
    pub games: usize,
    /// The clock (at least one of `time_control` and `nodes` is required).
    pub time_control: Option<TimeControl>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// The move cap (see [`game`]).
    pub max_moves: Option<u32>,
    /// Hash table size of each engine, MiB.
    pub hash_mb: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// The openings, in the order they are used (must not be empty).
    pub openings: Vec<Opening>,
    /// The PGN `Event` tag.
    pub event: String,
    /// Stop as soon as this test decides (the games already started are finished and
    /// counted); `games` is then the most that are played.
    pub sprt: Option<sprt::Sprt>,
}

impl MatchSettings {
    /// Whether the settings describe a match that can end.
    pub fn validate(&self) -> Result<(), String> {
        if self.time_control.is_none() && self.nodes.is_none() {
            return Err("a match needs a time control (--tc) or a node limit (--nodes)".into());
        }
        if self.nodes == Some(0) {
            return Err("the node limit must be positive".into());
        }
        if self.openings.is_empty() {
            return Err("a match needs at least one opening".into());
        }
        if self.max_moves == Some(0) {
            return Err("the move cap must be at least 1".into());
        }
        Ok(())
    }

    fn rules(&self) -> GameRules {
        GameRules {
            time_control: self.time_control,
            nodes: self.nodes,
            max_moves: self.max_moves,
        }
    }
}

/// Why a match could not be played.
#[derive(Debug)]
pub enum MatchError {
    /// The settings describe a match that cannot be played or cannot end.
    Settings(String),
    /// An external engine could not be started (or set up) before the first game.
    Start {
        /// `A` or `B`.
        side: char,
        /// What went wrong.
        error: EngineError,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Settings(message) => f.write_str(message),
            MatchError::Start { side, error } => write!(f, "engine {side}: {error}"),
        }
    }
}

impl std::error::Error for MatchError {}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Its number, from 1 (the PGN `Round`).
    pub number: usize,
    /// Whether engine A had White.
    pub a_white: bool,
    /// Index of its opening in [`MatchSettings::openings`].
    pub opening: usize,
    /// The game with its tags, ready for PGN.
    pub game: Game,
    /// How it ended.
    pub outcome: Outcome,
}

impl GameRecord {
    /// Engine A's score: 1, ½ or 0.
    pub fn score_a(&self) -> f64 {
        let white = match self.outcome.result {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            _ => 0.5,
        };
        if self.a_white {
            white
        } else {
            1.0 - white
        }
    }
}

/// Running totals of a match, from engine A's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchStats {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Games won by White, drawn, won by Black.
    pub by_color: [u32; 3],
    /// How many games ended each way, in [`Termination::ALL`] order.
    pub terminations: [u32; Termination::ALL.len()],
    /// Where the SPRT first crossed a bound: its decision and A's wins, draws and losses then.
    /// Games already in progress still finish and count in the totals, which may then lie a
    /// little inside the bound again; the decision stands (as fishtest's does).
    pub sprt_crossing: Option<(sprt::Decision, [u32; 3])>,
}

impl MatchStats {
    /// Adds a finished game.
    pub fn add(&mut self, record: &GameRecord) {
        let score = record.score_a();
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        let color = match record.outcome.result {
            GameResult::WhiteWins => 0,
            GameResult::BlackWins => 2,
            _ => 1,
        };
        self.by_color[color] += 1;
        let index = Termination::ALL
            .iter()
            .position(|&t| t == record.outcome.termination)
            .expect("every termination is listed");
        self.terminations[index] += 1;
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The Elo estimate for A (`None` before the first game).
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::new(self.wins, self.draws, self.losses)
    }

    /// How many games ended by `termination`.
    pub fn count(&self, termination: Termination) -> u32 {
        Termination::ALL
            .iter()
            .zip(self.terminations)
            .find(|(t, _)| **t == termination)
            .map_or(0, |(_, n)| n)
    }
}

/// `tc 10+0.1`, `5000 nodes/move` or both.
pub fn limit_text(tc: Option<TimeControl>, nodes: Option<u64>) -> String {
    match (tc, nodes) {
        (Some(tc), Some(n)) => format!("tc {tc}, {n} nodes/move"),
        (Some(tc), None) => format!("tc {tc}"),
        (None, Some(n)) => format!("{n} nodes/move"),
        (None, None) => String::new(),
    }
}

/// The match's final report: W/D/L from A's side, score, Elo with its 95% interval, the
/// colours' results and the count of each termination.
pub fn summary(settings: &MatchSettings, stats: &MatchStats) -> String {
    let mut out = format!(
        "Engine A: {}\nEngine B: {}\n",
        settings.a.describe(),
        settings.b.describe()
    );
    let Some(elo) = stats.elo() else {
        out.push_str("No games played.\n");
        return out;
    };
    out.push_str(&format!(
        "Games: {}   A: +{} ={} -{}   score {:.1}%\n",
        stats.games(),
        stats.wins,
        stats.draws,
        stats.losses,
        100.0 * elo.score
    ));
    out.push_str(&elo_line(&elo));
    let [white, drawn, black] = stats.by_color;
    out.push_str(&format!(
        "By colour: White won {white}, drawn {drawn}, Black won {black}\n"
    ));
    let ends: Vec<String> = Termination::ALL
        .iter()
        .zip(stats.terminations)
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    out.push_str(&format!("Terminations: {}\n", ends.join(", ")));
    if let Some(test) = settings.sprt {
        out.push_str(&sprt_line(&test, stats));
    }
    out
}

/// The match's final report as one JSON object, the same facts as [`summary`]: the engines,
/// the limits, A's wins, draws and losses, its score, the Elo difference with its 95 %
/// interval (`null` where there is no finite value), A's rating given B's, the colours'
/// results, the count of each termination, and the SPRT's state when one ran.
pub fn summary_json(
    settings: &MatchSettings,
    stats: &MatchStats,
    rating_b: Option<f64>,
) -> chainmate::text::JsonObject {
    use chainmate::text::{json_number, JsonObject};
    let elo = stats.elo();
    let finite = |v: Option<f64>| json_number(v.unwrap_or(f64::NAN));
    let [white, drawn, black] = stats.by_color;
    let terminations = Termination::ALL
        .iter()
        .zip(stats.terminations)
        .fold(JsonObject::new(), |o, (t, n)| {
            o.int(&t.to_string().replace([' ', '-'], "_"), n)
        });
    let mut out = JsonObject::new()
        .string("engine_a", &settings.a.describe())
        .string("engine_b", &settings.b.describe())
        .optional(
            "tc",
            settings
                .time_control
                .map(|tc| chainmate::text::json_string(&tc.to_string())),
        )
        .optional("nodes", settings.nodes.map(|n| n.to_string()))
        .int("games", stats.games())
        .int("wins", stats.wins)
        .int("draws", stats.draws)
        .int("losses", stats.losses)
        .raw("score", finite(elo.map(|e| e.score)))
        .raw("elo", finite(elo.map(|e| e.elo)))
        .raw(
            "elo_lower",
            finite(elo.filter(|e| e.has_interval()).map(|e| e.lower)),
        )
        .raw(
            "elo_upper",
            finite(elo.filter(|e| e.has_interval()).map(|e| e.upper)),
        )
        .raw(
            "rating_a",
            finite(rating_b.and_then(|r| elo.map(|e| r + e.elo))),
        )
        .raw(
            "by_colour",
            JsonObject::new()
                .int("white", white)
                .int("draw", drawn)
                .int("black", black)
                .render(),
        )
        .raw("terminations", terminations.render());
    if let Some(test) = settings.sprt {
        let (lower, upper) = test.bounds();
        let decision = match (
            stats.sprt_crossing,
            test.decision(stats.wins, stats.draws, stats.losses),
        ) {
            (Some((d, _)), _) | (None, Some(d)) => Some(d),
            (None, None) => None,
        };
        let decision = decision.map(|d| {
            chainmate::text::json_string(match d {
                sprt::Decision::H1 => "H1",
                sprt::Decision::H0 => "H0",
            })
        });
        out = out.raw(
            "sprt",
            JsonObject::new()
                .float("elo0", test.elo0)
                .float("elo1", test.elo1)
                .float("alpha", test.alpha)
                .float("beta", test.beta)
                .float("llr", test.llr(stats.wins, stats.draws, stats.losses))
                .float("lower", lower)
                .float("upper", upper)
                .optional("decision", decision)
                .render(),
        );
    }
    out
}

/// `SPRT elo0=0 elo1=5 alpha=0.05 beta=0.05: LLR 2.97 (-2.94, 2.94): H1 accepted`.
///
/// When the bound was crossed before the last games in progress finished, the decision is the
/// crossing's, and the line says after how many games and with which LLR.
pub fn sprt_line(test: &sprt::Sprt, stats: &MatchStats) -> String {
    let llr = test.llr(stats.wins, stats.draws, stats.losses);
    let (lower, upper) = test.bounds();
    let name = |d| match d {
        sprt::Decision::H1 => "H1 accepted",
        sprt::Decision::H0 => "H0 accepted",
    };
    let verdict = match (
        stats.sprt_crossing,
        test.decision(stats.wins, stats.draws, stats.losses),
    ) {
        (Some((d, [w, dr, l])), now) if now != Some(d) => format!(
            "{} (LLR {:.2} after {}; the games then in progress brought it to {llr:.2})",
            name(d),
            test.llr(w, dr, l),
            chainmate::text::count((w + dr + l) as usize, "game")
        ),
        (_, Some(d)) => name(d).to_string(),
        (_, None) => "no decision".to_string(),
    };
    format!("{test}: LLR {llr:.2} ({lower:.2}, {upper:.2}): {verdict}\n")
}

/// `Elo difference (A - B): +35.2 +/- 40.1 (95%: -4.9 to +75.3)`; a clean sweep has no
/// finite estimate and says so.
fn elo_line(elo: &EloEstimate) -> String {
    if elo.elo.is_infinite() {
        let who = if elo.elo > 0.0 { "A" } else { "B" };
        return format!(
            "Elo difference (A - B): {} ({who} won every game: no finite estimate)\n",
            elo::format_elo(elo.elo)
        );
    }
    if !elo.has_interval() {
        return format!(
            "Elo difference (A - B): {} (too few games for a 95% interval)\n",
            elo::format_elo(elo.elo)
        );
    }
    let margin = format!("{:.1}", elo.margin());
    format!(
        "Elo difference (A - B): {} +/- {margin} (95%: {} to {})\n",
        elo::format_elo(elo.elo),
        elo::format_elo(elo.lower),
        elo::format_elo(elo.upper)
    )
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Every game, in game-number order.
    pub games: Vec<GameRecord>,
    /// The totals.
    pub stats: MatchStats,
}

/// A match whose engines are running: every worker's two movers, external engines started
/// and handshaken.
pub struct StartedMatch {
    /// The settings, with each external player named by its engine's `id name` (and ` (A)`,
    /// ` (B)` added when the two names are the same).
    pub settings: MatchSettings,
    /// Each worker's movers for A and B.
    movers: Vec<(Mover, Mover)>,
}

/// Checks the settings and starts every worker's engines (see the module documentation);
/// no game is played yet.
pub fn start_match(settings: &MatchSettings) -> Result<StartedMatch, MatchError> {
    settings.validate().map_err(MatchError::Settings)?;
    let workers = settings.concurrency.clamp(1, settings.games.max(1));
    let start = |player: &Player, side: char| {
        Mover::start(player, settings.hash_mb).map_err(|error| MatchError::Start { side, error })
    };
    let movers = (0..workers)
        .map(|_| Ok((start(&settings.a, 'A')?, start(&settings.b, 'B')?)))
        .collect::<Result<Vec<_>, MatchError>>()?;
    let mut settings = settings.clone();
    if let Some((a, b)) = movers.first() {
        for (player, mover) in [(&mut settings.a, a), (&mut settings.b, b)] {
            if let Some(name) = mover.engine_name() {
                player.name = name.to_string();
            }
        }
    }
    if settings.a.name == settings.b.name {
        settings.a.name.push_str(" (A)");
        settings.b.name.push_str(" (B)");
    }
    Ok(StartedMatch { settings, movers })
}

/// Plays the match: [`start_match`], then [`StartedMatch::play`].
pub fn run_match(
    settings: &MatchSettings,
    on_game: impl FnMut(&GameRecord, &MatchStats),
) -> Result<MatchReport, MatchError> {
    Ok(start_match(settings)?.play(on_game))
}

impl StartedMatch {
    /// Plays the games. `on_game` is called on the calling thread after each game, in the
    /// order games finish, with the totals so far (for progress bars and incremental PGN
    /// output).
    pub fn play(self, mut on_game: impl FnMut(&GameRecord, &MatchStats)) -> MatchReport {
        let settings = &self.settings;
        let next = AtomicUsize::new(0);
        let date = today();
        let (sender, receiver) = mpsc::channel();
        let mut stats = MatchStats::default();
        let mut games = Vec::with_capacity(settings.games);
        std::thread::scope(|scope| {
            for (worker, movers) in self.movers.into_iter().enumerate() {
                let sender = sender.clone();
                let (next, date) = (&next, date.as_str());
                std::thread::Builder::new()
                    .name(format!("match-{worker}"))
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(scope, move || {
                        play_games(settings, movers, next, date, sender)
                    })
                    .expect("spawn a match thread");
            }
            drop(sender);
            for record in receiver {
                stats.add(&record);
                on_game(&record, &stats);
                games.push(record);
                let decided = settings
                    .sprt
                    .and_then(|t| t.decision(stats.wins, stats.draws, stats.losses));
                if let (Some(d), None) = (decided, stats.sprt_crossing) {
                    // No new game starts; those in progress finish and are counted, and the
                    // decision stays the one made here.
                    stats.sprt_crossing = Some((d, [stats.wins, stats.draws, stats.losses]));
                    next.store(settings.games, Ordering::Relaxed);
                }
            }
        });
        games.sort_by_key(|g| g.number);
        MatchReport { games, stats }
    }
}

/// A worker: takes the next game number until all are taken, plays it, sends the record.
fn play_games(
    settings: &MatchSettings,
    (mut mover_a, mut mover_b): (Mover, Mover),
    next: &AtomicUsize,
    date: &str,
    sender: mpsc::Sender<GameRecord>,
) {
    let rules = settings.rules();
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= settings.games {
            return;
        }
        // A failure to start leaves that engine down: it forfeits when it is to move.
        let _ = mover_a.new_game();
        let _ = mover_b.new_game();
        let a_white = index.is_multiple_of(2);
        let opening = (index / 2) % settings.openings.len();
        let (players, searchers) = if a_white {
            ([&settings.a, &settings.b], [&mut mover_a, &mut mover_b])
        } else {
            ([&settings.b, &settings.a], [&mut mover_b, &mut mover_a])
        };
        let (mut game, outcome) =
            game::play_game(players, searchers, &settings.openings[opening], &rules);
        let tags = [
            ("Event", settings.event.clone()),
            ("Site", "?".to_string()),
            ("Date", date.to_string()),
            ("Round", (index + 1).to_string()),
            ("White", players[0].name.clone()),
            ("Black", players[1].name.clone()),
            ("Result", outcome.result.to_string()),
            ("TimeControl", time_control_tag(settings)),
            ("Termination", outcome.termination.pgn_tag().to_string()),
        ];
        for (name, value) in tags {
            game.set_tag(name, value);
        }
        let record = GameRecord {
            number: index + 1,
            a_white,
            opening,
            game,
            outcome,
        };
        if sender.send(record).is_err() {
            return;
        }
    }
}

/// The PGN `TimeControl` value: the clock, or `-` (none) for node-limited games.
fn time_control_tag(settings: &MatchSettings) -> String {
    settings
        .time_control
        .map_or_else(|| "-".to_string(), |tc| tc.to_string())
}

/// Today's date (UTC) as PGN writes it, `YYYY.MM.DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The Gregorian date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`
/// algorithm: shift to years starting in March so the leap day is last).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_print() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!("60".parse::<TimeControl>().unwrap().to_string(), "60+0");
        for bad in [
            "", "ten", "0+1", "-5+0", "10+x", "1e30", "NaN", "10+0.1+2", "inf",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn dates_from_the_epoch() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
    }
}
