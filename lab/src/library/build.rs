//! Mining games into action-library cases (`chainmate-lab library build`).
//!
//! Every move of a game after the first is a reply to the move before it: the case is the
//! position after the opponent's move, that move, and the reply. Filters: the first
//! `max_games` games read; the replying player's rating (`WhiteElo`/`BlackElo`) at least
//! `min_elo` (a game without the tag then gives no cases); the game's `Date` within
//! `from`..=`until` (prefixes: `--until 2014` keeps every game of 2014 and before; a game
//! without a known date is left out when a date filter is given).

use super::file::{CompactBoard, Record};
use chainmate::core::Color;
use chainmate::formats::pgn::{read_games, Game};

/// Which games and cases to mine.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Stop after this many games read (all files together).
    pub max_games: Option<usize>,
    /// Keep only replies by players rated at least this.
    pub min_elo: Option<u32>,
    /// Keep only games on or after this date (`YYYY`, `YYYY.MM` or `YYYY.MM.DD`).
    pub from: Option<String>,
    /// Keep only games on or before this date (a prefix, as `from`).
    pub until: Option<String>,
}

/// What mining read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildStats {
    /// Games read and used.
    pub games: u64,
    /// Games read but left out by the date filter.
    pub out_of_dates: u64,
    /// Games that did not parse (skipped).
    pub unreadable: u64,
    /// The first parse error, with its file and line.
    pub first_error: Option<String>,
    /// Every skipped game: file, game number, lines and the reason.
    pub skipped: Vec<String>,
}

/// Cases mined so far, and the statistics.
#[derive(Clone, Debug, Default)]
pub struct Mined {
    /// One record per case (not yet merged).
    pub records: Vec<Record>,
    /// What was read.
    pub stats: BuildStats,
}

impl Mined {
    /// Whether `max_games` games have been read.
    pub fn full(&self, options: &BuildOptions) -> bool {
        options
            .max_games
            .is_some_and(|max| self.stats.games + self.stats.out_of_dates >= max as u64)
    }
}

/// Mines one PGN text.
pub fn mine(text: &str, options: &BuildOptions) -> Mined {
    let mut mined = Mined::default();
    mine_into(text, "<text>", options, &mut mined, &mut |_| {});
    mined
}

/// Mines the games of `text` (from the file `name`, for messages) into `mined`, calling
/// `progress` with the number of games read so far after each game.
pub fn mine_into(
    text: &str,
    name: &str,
    options: &BuildOptions,
    mined: &mut Mined,
    progress: &mut dyn FnMut(u64),
) {
    for game in read_games(text) {
        if mined.full(options) {
            break;
        }
        match game {
            Ok(game) => {
                if !in_dates(&game, options) {
                    mined.stats.out_of_dates += 1;
                } else {
                    mined.stats.games += 1;
                    cases(&game, options.min_elo, &mut mined.records);
                }
            }
            Err(e) => {
                mined.stats.unreadable += 1;
                let text = format!("{name}: {e}");
                mined.stats.first_error.get_or_insert_with(|| text.clone());
                mined.stats.skipped.push(text);
            }
        }
        progress(mined.stats.games + mined.stats.out_of_dates + mined.stats.unreadable);
    }
}

/// Whether the game's date is within the options' range.
fn in_dates(game: &Game, options: &BuildOptions) -> bool {
    date_within(game, options.from.as_deref(), options.until.as_deref())
}

/// Whether the game's `Date` is within `from..=until` (prefixes; see the module
/// documentation). Without bounds every game is; with one, a game without a known date is not.
pub fn date_within(game: &Game, from: Option<&str>, until: Option<&str>) -> bool {
    if from.is_none() && until.is_none() {
        return true;
    }
    let Some(date) = game
        .tag("Date")
        .filter(|d| d.len() >= 4 && !d.starts_with('?'))
    else {
        return false;
    };
    let prefix = |bound: &str| {
        date.get(..bound.len().min(date.len()))
            .unwrap_or(date)
            .to_string()
    };
    from.is_none_or(|from| prefix(from).as_str() >= from)
        && until.is_none_or(|until| prefix(until).as_str() <= until)
}

/// The rating of `color`'s player, if tagged.
fn rating(game: &Game, color: Color) -> Option<u32> {
    let tag = match color {
        Color::White => "WhiteElo",
        Color::Black => "BlackElo",
    };
    game.tag(tag)?.trim().parse().ok()
}

/// Appends the game's cases.
fn cases(game: &Game, min_elo: Option<u32>, out: &mut Vec<Record>) {
    let mut board = *game.start();
    let ratings = [rating(game, Color::White), rating(game, Color::Black)];
    let mut previous = None;
    for &mv in game.moves() {
        let replier = board.side_to_move();
        let rated = min_elo.is_none_or(|min| ratings[replier as usize].is_some_and(|r| r >= min));
        if let (Some(opponent), true) = (previous, rated) {
            out.push(Record {
                key: crate::book::polyglot::key(&board),
                board: CompactBoard::new(&board),
                opponent,
                reply: mv,
                count: 1,
            });
        }
        board.play_unchecked(mv);
        previous = Some(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str =
        "[Event \"a\"]\n[Date \"2013.05.01\"]\n[WhiteElo \"2700\"]\n[BlackElo \"2500\"]\n\
        [Result \"1-0\"]\n\n1. e4 c5 2. Nf3 d6 1-0\n\n\
        [Event \"b\"]\n[Date \"2015.01.02\"]\n[Result \"0-1\"]\n\n1. d4 Nf6 2. c4 0-1\n\n\
        [Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e4 *\n\n\
        [Event \"c\"]\n[Date \"????.??.??\"]\n[Result \"*\"]\n\n1. c4 *\n";

    #[test]
    fn every_reply_after_the_first_move_is_a_case_and_bad_games_are_counted() {
        let mined = mine(GAMES, &BuildOptions::default());
        assert_eq!(mined.stats.games, 3);
        assert_eq!(mined.stats.unreadable, 1);
        assert!(mined
            .stats
            .first_error
            .as_deref()
            .unwrap()
            .contains("<text>"));
        // 4 plies → 3 cases, 3 plies → 2, 1 ply → 0.
        assert_eq!(mined.records.len(), 5);
        let first = mined.records[0];
        assert_eq!(
            (first.opponent.to_string(), first.reply.to_string()),
            ("e2e4".into(), "c7c5".into())
        );
    }

    #[test]
    fn dates_ratings_and_the_game_limit_filter() {
        let until = BuildOptions {
            until: Some("2014".into()),
            ..BuildOptions::default()
        };
        let mined = mine(GAMES, &until);
        assert_eq!((mined.stats.games, mined.records.len()), (1, 3));
        let from = BuildOptions {
            from: Some("2015.01".into()),
            ..BuildOptions::default()
        };
        assert_eq!(mine(GAMES, &from).records.len(), 2);
        // Only the 2700's replies (White in game a: 2.Nf3 replies to 1...c5).
        let rated = BuildOptions {
            min_elo: Some(2600),
            ..BuildOptions::default()
        };
        let mined = mine(GAMES, &rated);
        assert_eq!(mined.records.len(), 1);
        assert_eq!(mined.records[0].reply.to_string(), "g1f3");
        let one = BuildOptions {
            max_games: Some(1),
            ..BuildOptions::default()
        };
        assert_eq!(mine(GAMES, &one).stats.games, 1);
    }
}
