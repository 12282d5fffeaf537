//! Syzygy probing against python-chess's independent prober: the positions and results of
//! `tests/data/syzygy/probes_small.csv` (made by `tests/data/syzygy/make_vectors.py`
//! with python-chess 1.11.2), probed in the 3- and 4-piece tables shipped in
//! `tests/data/syzygy/tables/`; the 5-piece rows and the full set need the tables of
//! `../shared/data/syzygy/` (`--ignored`).

use crate::common;

use chainmate::core::Board;
use chainmate::tb::{ProbeError, Tablebase, Wdl};

/// Every 3- and 4-piece table (WDL and DTZ), shipped with the tests.
const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/tables");
/// The development set: these and the 5-piece tables of K+R+P against K+R.
const SHARED_TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/syzygy");

/// The small set's rows of tables with at most `pieces` pieces.
fn rows(pieces: usize) -> Vec<(String, String, i8, i32)> {
    read_rows(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/syzygy/probes_small.csv"
    ))
    .into_iter()
    .filter(|(table, ..)| table.len() - 1 <= pieces)
    .collect()
}

/// The small set's 3- and 4-piece rows and the 8,010 random positions of every 3- and
/// 4-piece table (`probes_34.csv`: 200-250 per table, both orientations, both sides to
/// move).
fn rows_34() -> Vec<(String, String, i8, i32)> {
    let mut all = rows(4);
    all.extend(read_rows(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/syzygy/probes_34.csv"
    )));
    all
}

fn read_rows(path: &str) -> Vec<(String, String, i8, i32)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("{path}: {e} (the full set: python3 tests/data/syzygy/make_vectors.py)")
    });
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().expect("wdl"),
                f[3].parse().expect("dtz"),
            )
        })
        .collect()
}

/// Probes every row with `probe` and compares with python-chess's column `expected`.
fn check<T: PartialEq + std::fmt::Debug>(
    rows: &[(String, String, i8, i32)],
    probe: impl Fn(&Board) -> Result<T, ProbeError>,
    expected: impl Fn(&(String, String, i8, i32)) -> T,
) {
    let mut wrong = Vec::new();
    for row in rows {
        let board = Board::from_fen(&row.1).expect("valid FEN");
        let got = probe(&board);
        if got.as_ref() != Ok(&expected(row)) {
            wrong.push(format!(
                "{} {}: {got:?}, python-chess {:?}",
                row.0,
                row.1,
                expected(row)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} wrong:\n{}",
        wrong.len(),
        rows.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}

#[test]
fn wdl_equals_python_chess_on_every_table() {
    let tb = Tablebase::open(TABLES);
    assert_eq!(tb.len(), 35, "every 3- and 4-piece table is found");
    let rows = rows_34();
    assert!(rows.len() > 8_000, "{}", rows.len());
    for table in tb.names() {
        let count = rows.iter().filter(|r| r.0 == table).count();
        assert!(count >= 200, "{table}: {count} positions");
    }
    check(&rows, |b| tb.probe_wdl(b).map(|v| v as i8), |row| row.2);
}

#[test]
fn dtz_equals_python_chess_on_every_table() {
    let tb = Tablebase::open(TABLES);
    check(&rows_34(), |b| tb.probe_dtz(b), |row| row.3);
}

/// The 5-piece rows of the small set and the full set (8,550 positions, every table, both
/// orientations: made by `python3 tests/data/syzygy/make_vectors.py`, not committed), in
/// the development tables of `../shared`. Without them it fails, saying what to make.
#[test]
#[ignore = "needs ../shared/data/syzygy and probes.csv from make_vectors.py"]
fn wdl_and_dtz_equal_python_chess_on_the_full_set() {
    let probes = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy/probes.csv");
    let krpvkr = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/syzygy/KRPvKR.rtbz"
    );
    common::require_data(
        &[krpvkr, probes],
        "the 5-piece Syzygy tables of ../shared/data/syzygy (the project's shared data \
         beside the clone) and the full set of python-chess's answers",
        "Make probes.csv from the repository's root with ../shared beside it: \
         pip install chess==1.11.2 && python3 tests/data/syzygy/make_vectors.py",
    );
    let tb = Tablebase::open(SHARED_TABLES);
    let full = read_rows(probes);
    assert!(full.len() > 8000, "{}", full.len());
    for rows in [rows(5), full] {
        check(&rows, |b| tb.probe_wdl(b).map(|v| v as i8), |row| row.2);
        check(&rows, |b| tb.probe_dtz(b), |row| row.3);
    }
}

#[test]
fn a_bare_kings_position_is_a_draw_and_castling_is_refused() {
    let tb = Tablebase::open(TABLES);
    let kings = Board::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&kings), Ok(Wdl::Draw));
    let castling = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(tb.probe_wdl(&castling).is_err());
}

#[test]
fn missing_short_and_corrupt_files_are_errors_not_panics() {
    let dir = std::env::temp_dir().join(format!("chainmate-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let real = std::fs::read(format!("{TABLES}/KRvK.rtbw")).unwrap();
    // Cut short, wrong magic, and a table whose blocks are overwritten with noise.
    std::fs::write(dir.join("KRvK.rtbw"), &real[..real.len() / 2]).unwrap();
    let mut bad_magic = real.clone();
    bad_magic[0] ^= 0xFF;
    std::fs::write(dir.join("KQvK.rtbw"), &bad_magic).unwrap();
    let mut noisy = std::fs::read(format!("{TABLES}/KRvKN.rtbw")).unwrap();
    let len = noisy.len();
    for (i, b) in noisy[len / 4..len - 16].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(151).wrapping_add(7);
    }
    std::fs::write(dir.join("KRvKN.rtbw"), &noisy).unwrap();
    let tb = Tablebase::open(dir.to_str().unwrap());
    for fen in [
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        "Q7/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/RN2K3 w - - 0 1",
        "8/8/8/4k3/8/n7/8/R3K3 b - - 0 1",
        "8/8/8/4k3/8/8/8/1B2K3 w - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        // Whatever the noise decodes to, the probe returns (an error or a value).
        let _ = tb.probe_wdl(&board);
    }
    let short = Board::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
    assert!(matches!(tb.probe_wdl(&short), Err(ProbeError::Table(..))));
    let magic = Board::from_fen("Q7/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(matches!(tb.probe_wdl(&magic), Err(ProbeError::Table(..))));
    let missing = Board::from_fen("8/8/8/4k3/8/8/8/1B2K3 w - - 0 1").unwrap();
    assert!(matches!(
        tb.probe_wdl(&missing),
        Err(ProbeError::Missing(..))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The `--ignored` tests' data check: a missing file is named, with what it is and how to
/// make it, and the test fails on it; present data lets it run.
#[test]
fn a_test_without_its_data_fails_saying_what_it_needs() {
    let why = common::missing_data(
        &[TABLES, "/no/such/chainmate/probes.csv"],
        "test data",
        "make it",
    )
    .expect("a missing file is found");
    assert_eq!(
        why,
        "cannot run: needs test data; /no/such/chainmate/probes.csv is missing. make it"
    );
    assert_eq!(
        common::missing_data(&[TABLES], "test data", "make it"),
        None
    );
    let failed =
        std::panic::catch_unwind(|| common::require_data(&["/no/such/chainmate/file"], "x", "y"));
    assert!(failed.is_err(), "a test without its data passed");
}

/// A DTZ file whose piece list names a piece the table has not (byte 8 of KRvK.rtbz, White's
/// rook, made a black rook: found by the parser fuzz) is an error naming the table, not an
/// index past the list of squares.
#[test]
fn a_piece_list_that_does_not_match_the_name_is_an_error() {
    let dir = std::env::temp_dir().join(format!("chainmate-tb-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut dtz = std::fs::read(format!("{TABLES}/KRvK.rtbz")).unwrap();
    assert_eq!(dtz[8], 0x04, "White's rook");
    dtz[8] = 0x2d;
    std::fs::write(dir.join("KRvK.rtbz"), &dtz).unwrap();
    std::fs::copy(format!("{TABLES}/KRvK.rtbw"), dir.join("KRvK.rtbw")).unwrap();
    let tb = Tablebase::open(dir.to_str().unwrap());
    let board = Board::from_fen("8/8/8/4k3/8/8/3K4/7R w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&board), Ok(Wdl::Win));
    let e = tb.probe_dtz(&board).unwrap_err();
    assert!(
        e.to_string().contains("KRvK") && e.to_string().contains("piece list"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
