//! Syzygy endgame tablebases: win/draw/loss probing of positions with few pieces.
//!
//! What is here: WDL probing (`.rtbw`) and DTZ probing (`.rtbz`) of any position whose
//! tables are found, with captures and en passant resolved by a small search as the format
//! requires, the results python-chess's prober gives. Directories are listed when opened;
//! each file is memory-mapped ([`mapped`]) and its header parsed the first time a position
//! of its material is probed; a missing, short or corrupt file is an error, never a panic.
//! A probe finds its table by a material key (piece counts packed in an integer), without
//! building a name. The search's use is in [`crate::search::syzygy`].
//!
//! The format is public (Ronald de Man's generator and probers); this reader was written
//! from a description of it (docs/syzygy.md), checked against python-chess's independent
//! prober on thousands of positions (`tests/syzygy.rs`).

mod file;
mod mapped;
mod tables;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::core::{Board, Color, GenType, MoveList, Piece};
pub use file::TableError;
use file::{Encoding, Material, TableFile, DTZ_LOSS_PLIES, DTZ_MAPPED, DTZ_STM, DTZ_WIN_PLIES};
use tables::{
    above_diagonal, binomial, edge_file, flap, kk_index, lower, on_diagonal, pawn_index, ptwist,
    triangle,
};

/// A win/draw/loss result for the side to move, with the fifty-move rule's two middle cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost, even with the fifty-move rule.
    Loss = -2,
    /// Lost without the fifty-move rule, drawn with it.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won without the fifty-move rule, drawn with it.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl Wdl {
    fn from_i8(v: i8) -> Wdl {
        match v {
            i8::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            _ => Wdl::Win,
        }
    }
}

/// Why a position could not be probed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeError {
    /// More pieces than the largest table found holds: no table holds the position.
    TooManyPieces {
        /// The position's pieces, kings included.
        pieces: u32,
        /// The most any table found holds.
        max: usize,
    },
    /// Castling rights remain: no table holds the position.
    Castling,
    /// No table of this material (or of one a capture leads to) was found.
    Missing(MaterialKey),
    /// A table file exists but could not be read.
    Table(String, TableError),
}

impl std::fmt::Display for ProbeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProbeError::TooManyPieces { pieces, max } => write!(
                f,
                "{pieces} pieces, more than the tables' {max}: no table holds the position"
            ),
            ProbeError::Castling => write!(f, "castling rights remain: no table holds them"),
            ProbeError::Missing(name) => write!(f, "no table {name}"),
            ProbeError::Table(name, e) => write!(f, "table {name}: {e}"),
        }
    }
}

/// A set of Syzygy tables found in one or more directories, each file mapped the first time
/// it is probed.
pub struct Tablebase {
    /// One entry per material (both colour orders of a table share it).
    tables: Vec<Table>,
    /// Material key (white's counts, black's) to the table and whether its colours are
    /// swapped (the table names black's material first).
    by_key: HashMap<u64, (usize, bool), BuildHasherDefault<KeyHasher>>,
    max_pieces: usize,
    wdl_count: usize,
}

/// The WDL and DTZ files of one material.
struct Table {
    name: String,
    material: Material,
    wdl: Option<Lazy>,
    dtz: Option<Lazy>,
}

/// A table file found on disk, mapped the first time it is probed.
type Lazy = (PathBuf, OnceLock<Result<TableFile, TableError>>);

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tablebase({} WDL and {} DTZ tables, up to {} pieces)",
            self.wdl_count,
            self.dtz_count(),
            self.max_pieces
        )
    }
}

impl Tablebase {
    /// The tables in the directories of `paths` (separated by `:`, or `;` on Windows).
    /// Directories that cannot be read are skipped; files are not opened yet. A table found
    /// in two directories is taken from the first.
    pub fn open(paths: &str) -> Tablebase {
        let separator = if cfg!(windows) { ';' } else { ':' };
        let mut by_name: HashMap<String, Table> = HashMap::new();
        for dir in paths.split(separator).filter(|d| !d.trim().is_empty()) {
            let Ok(entries) = std::fs::read_dir(dir.trim()) else {
                continue;
            };
            let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            for path in paths {
                for dtz in [false, true] {
                    let Some(name) = table_name(&path, if dtz { "rtbz" } else { "rtbw" }) else {
                        continue;
                    };
                    let Some(material) = Material::from_name(&name) else {
                        continue;
                    };
                    let table = by_name.entry(name.clone()).or_insert_with(|| Table {
                        name,
                        material,
                        wdl: None,
                        dtz: None,
                    });
                    let slot = if dtz { &mut table.dtz } else { &mut table.wdl };
                    slot.get_or_insert_with(|| (path.clone(), OnceLock::new()));
                }
            }
        }
        let mut tables: Vec<Table> = by_name.into_values().collect();
        tables.sort_by(|a, b| a.name.cmp(&b.name));
        let mut by_key = HashMap::default();
        for (i, table) in tables.iter().enumerate() {
            let (first, second) = table.name.split_once('v').expect("checked by from_name");
            let (first, second) = (side_key(first), side_key(second));
            by_key.insert(first | second << 32, (i, false));
            by_key.entry(second | first << 32).or_insert((i, true));
        }
        Tablebase {
            max_pieces: tables
                .iter()
                .filter(|t| t.wdl.is_some())
                .map(|t| t.material.pieces)
                .max()
                .unwrap_or(0),
            wdl_count: tables.iter().filter(|t| t.wdl.is_some()).count(),
            tables,
            by_key,
        }
    }

    /// The number of DTZ tables found.
    pub fn dtz_count(&self) -> usize {
        self.tables.iter().filter(|t| t.dtz.is_some()).count()
    }

    /// The names of the tables found (a WDL file, a DTZ file or both), in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.tables.iter().map(|t| t.name.as_str())
    }

    /// Whether every file opened so far is memory-mapped (not read into memory).
    pub fn files_mapped(&self) -> bool {
        self.tables
            .iter()
            .flat_map(|t| [&t.wdl, &t.dtz])
            .flatten()
            .filter_map(|(_, cell)| cell.get())
            .flatten()
            .all(TableFile::is_mapped)
    }

    /// The number of WDL tables found.
    pub fn len(&self) -> usize {
        self.wdl_count
    }

    /// Whether no WDL table was found.
    pub fn is_empty(&self) -> bool {
        self.wdl_count == 0
    }

    /// The most pieces any table found holds.
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// Why no table can hold `board`, if none can: more pieces than the largest table's
    /// (the first reason a position is not in the tables), or castling rights.
    fn holds(&self, board: &Board) -> Result<(), ProbeError> {
        let pieces = board.occupied().popcount();
        if pieces as usize > self.max_pieces {
            return Err(ProbeError::TooManyPieces {
                pieces,
                max: self.max_pieces,
            });
        }
        if board.castling_rights().bits() != 0 {
            return Err(ProbeError::Castling);
        }
        Ok(())
    }

    /// The position's result with best play, for the side to move (the fifty-move counter
    /// taken as zero).
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl, ProbeError> {
        self.holds(board)?;
        let mut v = self.probe_ab(board, -2, 2)?.0;
        // En passant: the tables hold no en-passant rights, so the captures are searched.
        if board.ep_square().is_some() {
            let mut best_ep = -3;
            let mut list = MoveList::new();
            board.generate(GenType::Noisy, &mut list);
            for &mv in list.iter().filter(|mv| mv.is_en_passant()) {
                let mut child = *board;
                child.play_unchecked(mv);
                best_ep = best_ep.max(-self.probe_ab(&child, -2, 2)?.0);
            }
            if best_ep > -3 {
                if best_ep >= v {
                    v = best_ep;
                } else if v == 0 && board.legal_moves().iter().all(|m| m.is_en_passant()) {
                    // Without the capture the side would be stalemated, which the table
                    // records as a draw.
                    v = best_ep;
                }
            }
        }
        Ok(Wdl::from_i8(v))
    }

    /// The distance to zeroing (a capture or pawn move) with best play, in plies, signed
    /// by the result for the side to move: 1..=100 a win, above 100 a win the fifty-move
    /// rule spoils, 0 a draw, and the negatives alike. As python-chess reports it, the
    /// magnitude may be one ply too large where a table stores moves.
    pub fn probe_dtz(&self, board: &Board) -> Result<i32, ProbeError> {
        self.holds(board)?;
        let v = self.probe_dtz_no_ep(board)?;
        if board.ep_square().is_none() {
            return Ok(v);
        }
        let mut best_ep = -3;
        for mv in board.legal_moves().iter().filter(|mv| mv.is_en_passant()) {
            let mut child = *board;
            child.play_unchecked(*mv);
            best_ep = best_ep.max(-self.probe_ab(&child, -2, 2)?.0);
        }
        if best_ep == -3 {
            return Ok(v);
        }
        const WDL_TO_DTZ: [i32; 5] = [-1, -101, 0, 101, 1];
        let v1 = WDL_TO_DTZ[(best_ep + 2) as usize];
        let replace = if v < -100 {
            v1 >= 0
        } else if v < 0 {
            !(-100..0).contains(&v1)
        } else if v > 100 {
            v1 > 0
        } else if v > 0 {
            v1 == 1
        } else {
            v1 >= 0 || board.legal_moves().iter().all(|m| m.is_en_passant())
        };
        Ok(if replace { v1 } else { v })
    }

    /// [`Tablebase::probe_dtz`] ignoring en-passant rights.
    fn probe_dtz_no_ep(&self, board: &Board) -> Result<i32, ProbeError> {
        let (wdl, success) = self.probe_ab(board, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        let before_zeroing = |wdl: i8| match wdl {
            2 => 1,
            1 => 101,
            -1 => -101,
            _ => -1,
        };
        if success == 2 {
            // The best move is a winning capture: it zeroes at once.
            return Ok(before_zeroing(wdl));
        }
        let moves = board.legal_moves();
        let is_pawn = |mv: &crate::core::Move| board.piece_on(mv.from()) == Some(Piece::Pawn);
        if wdl > 0 {
            // A pawn move that keeps the win zeroes at once.
            for mv in moves.iter().filter(|mv| is_pawn(mv) && !mv.is_capture()) {
                let mut child = *board;
                child.play_unchecked(*mv);
                if -(self.probe_wdl(&child)? as i8) == wdl {
                    return Ok(before_zeroing(wdl));
                }
            }
        }
        if let Some(dtz) = self.probe_dtz_table(board, wdl)? {
            return Ok(dtz);
        }
        // The file stores the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xFFFF;
            for mv in moves.iter().filter(|mv| !is_pawn(mv) && !mv.is_capture()) {
                let mut child = *board;
                child.play_unchecked(*mv);
                let v = -self.probe_dtz(&child)?;
                if v == 1 && child.is_check() && !child.has_legal_move() {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for mv in moves.iter() {
                let mut child = *board;
                child.play_unchecked(*mv);
                let v = if is_pawn(mv) || mv.is_capture() {
                    if wdl == -2 {
                        -1
                    } else if self.probe_ab(&child, 1, 2)?.0 == 2 {
                        0
                    } else {
                        -101
                    }
                } else {
                    -self.probe_dtz(&child)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// Alpha-beta over captures, then the table: a capture's result can beat the stored
    /// value, which the generator leaves free ("don't care") where a capture is best.
    /// Returns the value and 2 when a capture is at least as good as the table and wins.
    fn probe_ab(&self, board: &Board, mut alpha: i8, beta: i8) -> Result<(i8, u8), ProbeError> {
        let mut list = MoveList::new();
        board.generate(GenType::Noisy, &mut list);
        for &mv in list.iter() {
            if !mv.is_capture() || mv.is_en_passant() {
                continue;
            }
            let mut child = *board;
            child.play_unchecked(mv);
            let v = -self.probe_ab(&child, -beta, -alpha)?.0;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.probe_table(board)?;
        Ok(if alpha >= v {
            (alpha, if alpha > 0 { 2 } else { 1 })
        } else {
            (v, 1)
        })
    }

    /// The stored WDL value of the position (no capture search), −2..=2.
    fn probe_table(&self, board: &Board) -> Result<i8, ProbeError> {
        match self.lookup(board, false)? {
            None => Ok(0),
            Some(found) => Ok(found.value()? as i8 - 2),
        }
    }

    /// The stored DTZ of the position whose WDL value is `wdl` (not 0), signed and in plies
    /// as python-chess reports it, or `None` when the file stores the other side to move.
    fn probe_dtz_table(&self, board: &Board, wdl: i8) -> Result<Option<i32>, ProbeError> {
        let Some(found) = self.lookup(board, true)? else {
            return Ok(Some(0));
        };
        let flags = found.file.dtz_flags(found.group);
        if usize::from(flags & DTZ_STM) != found.side && !found.symmetric {
            return Ok(None);
        }
        let mut raw = found.value()?;
        if flags & DTZ_MAPPED != 0 {
            const WDL_TO_MAP: [usize; 5] = [1, 3, 0, 2, 0];
            raw = found
                .file
                .map_value(found.group, WDL_TO_MAP[(wdl + 2) as usize], raw)
                .map_err(|e| ProbeError::Table(found.name.to_string(), e))?;
        }
        let plies =
            (wdl == 2 && flags & DTZ_WIN_PLIES != 0) || (wdl == -2 && flags & DTZ_LOSS_PLIES != 0);
        let raw = i32::from(raw) * if plies { 1 } else { 2 };
        Ok(Some(match wdl {
            2 => 1 + raw,
            1 => 101 + raw,
            -1 => -101 - raw,
            _ => -1 - raw,
        }))
    }

    /// The table, sub-table and index of the position (`dtz`: in the DTZ file), or `None`
    /// for bare kings.
    fn lookup(&self, board: &Board, dtz: bool) -> Result<Option<Found<'_>>, ProbeError> {
        let (white, black) = (
            material_of(board, Color::White),
            material_of(board, Color::Black),
        );
        if white == 0 && black == 0 {
            return Ok(None);
        }
        let key = MaterialKey(white | black << 32);
        let &(i, swapped) = self.by_key.get(&key.0).ok_or(ProbeError::Missing(key))?;
        let table = &self.tables[i];
        let (path, cell) = if dtz { &table.dtz } else { &table.wdl }
            .as_ref()
            .ok_or(ProbeError::Missing(key))?;
        let (name, material) = (table.name.as_str(), table.material);
        let file = cell
            .get_or_init(|| load(path, material, dtz))
            .as_ref()
            .map_err(|e| ProbeError::Table(name.to_string(), e.clone()))?;

        let white_to_move = board.side_to_move() == Color::White;
        let symmetric = white == black;
        let (cmirror, mirror, side) = if symmetric {
            if white_to_move {
                (0, 0, 0)
            } else {
                (8, 0x38, 0)
            }
        } else if swapped {
            (8, 0x38, usize::from(white_to_move))
        } else {
            (0, 0, usize::from(!white_to_move))
        };
        // A DTZ file has one sub-table per file group, whichever side it stores.
        let sub_side = if dtz { 0 } else { side };

        // A file whose piece list does not name the table's pieces (a damaged header) finds
        // fewer or more squares than the board holds: an error, not an index past the list.
        let misread = |squares: &Squares| {
            (squares.len != material.pieces).then(|| {
                let e = TableError::Corrupt("its piece list does not match its name".into());
                ProbeError::Table(name.to_string(), e)
            })
        };
        let mut squares = Squares::default();
        let (group, sub, index) = if material.pawns == [0, 0] {
            let sub = file.sub_table(0, sub_side);
            fill_squares(board, &sub.enc.pieces, 0, cmirror, 0, &mut squares);
            if let Some(e) = misread(&squares) {
                return Err(e);
            }
            let index = encode_pieces(&sub.enc, squares.slice(), material.three_unique);
            (0, sub, index)
        } else {
            // The leading pawns come first in every list of the file; the one on the file
            // nearest the edge (then the earliest) chooses the file group.
            let lead_code = file.sub_table(0, 0).enc.pieces[0];
            let lead_color = if (lead_code ^ cmirror) >> 3 == 0 {
                Color::White
            } else {
                Color::Black
            };
            for sq in board.colored(lead_color, Piece::Pawn) {
                squares.push(sq as usize ^ mirror);
            }
            let lead = squares.len;
            let best = (0..lead)
                .min_by_key(|&i| (flap(squares.sq[i]), i))
                .expect("the leading side has a pawn");
            squares.sq.swap(0, best);
            let group = edge_file(squares.sq[0]);
            let sub = file.sub_table(group, sub_side);
            fill_squares(board, &sub.enc.pieces, lead, cmirror, mirror, &mut squares);
            if let Some(e) = misread(&squares) {
                return Err(e);
            }
            (
                group,
                sub,
                encode_pawns(&sub.enc, squares.slice(), material),
            )
        };
        Ok(Some(Found {
            name,
            file,
            sub,
            group,
            index,
            side,
            symmetric,
        }))
    }
}

impl Found<'_> {
    /// The stored value.
    fn value(&self) -> Result<u16, ProbeError> {
        self.file
            .value(self.sub, self.index)
            .map_err(|e| ProbeError::Table(self.name.to_string(), e))
    }
}

/// Where a position stands in a table ([`Tablebase::lookup`]).
struct Found<'a> {
    name: &'a str,
    file: &'a TableFile,
    sub: &'a file::SubTable,
    /// The leading pawn's file group (0 for pawnless tables).
    group: usize,
    index: u64,
    /// The side to move in the table's colours (0: its first-named side).
    side: usize,
    symmetric: bool,
}

/// The table name a file stands for, if its extension is `ext`.
fn table_name(path: &Path, ext: &str) -> Option<String> {
    if path.extension()?.to_str()? != ext {
        return None;
    }
    Some(path.file_stem()?.to_str()?.to_string())
}

fn load(path: &Path, material: Material, dtz: bool) -> Result<TableFile, TableError> {
    let bytes = mapped::FileBytes::open(path)
        .map_err(|e| TableError::Io(format!("{}: {e}", path.display())))?;
    TableFile::parse(bytes, material, dtz)
}

/// The pieces besides the king that count in a material key, in a table name's order.
const KEY_PIECES: [(Piece, char); 5] = [
    (Piece::Queen, 'Q'),
    (Piece::Rook, 'R'),
    (Piece::Bishop, 'B'),
    (Piece::Knight, 'N'),
    (Piece::Pawn, 'P'),
];

/// A position's material as the tables key it: white's piece counts in the low 32 bits,
/// black's in the high, four bits per kind (queens lowest). Shown as a table name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialKey(u64);

impl std::fmt::Display for MaterialKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (side, shift) in [(0, 0), (1, 32)] {
            if side == 1 {
                write!(f, "v")?;
            }
            write!(f, "K")?;
            for (i, (_, letter)) in KEY_PIECES.iter().enumerate() {
                for _ in 0..(self.0 >> (shift + 4 * i)) & 15 {
                    write!(f, "{letter}")?;
                }
            }
        }
        Ok(())
    }
}

/// `color`'s half of the material key.
fn material_of(board: &Board, color: Color) -> u64 {
    KEY_PIECES
        .iter()
        .enumerate()
        .fold(0, |key, (i, &(piece, _))| {
            key | u64::from(board.colored(color, piece).popcount()).min(15) << (4 * i)
        })
}

/// The half key of one side of a table name (`KRP`).
fn side_key(name: &str) -> u64 {
    KEY_PIECES
        .iter()
        .enumerate()
        .fold(0, |key, (i, &(_, letter))| {
            key | (name.matches(letter).count() as u64).min(15) << (4 * i)
        })
}

/// Hashes a material key (already well spread over few bits) with one multiplication.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The squares of a position's pieces in a table's order (at most eight pieces).
#[derive(Default)]
struct Squares {
    sq: [usize; 8],
    len: usize,
}

impl Squares {
    /// Appends `sq`; past eight (only a damaged piece list asks for more) it counts without
    /// storing, and the count's mismatch with the table's pieces reports the damage.
    fn push(&mut self, sq: usize) {
        if let Some(slot) = self.sq.get_mut(self.len) {
            *slot = sq;
        }
        self.len += 1;
    }
    fn slice(&mut self) -> &mut [usize] {
        &mut self.sq[..self.len]
    }
}

/// Appends, from list position `from`, the squares of each piece code of `pieces` (like
/// pieces stand together in the list; their squares ascending), the colours read through
/// `cmirror` and every square XORed with `mirror`.
fn fill_squares(
    board: &Board,
    pieces: &[u8],
    from: usize,
    cmirror: u8,
    mirror: usize,
    squares: &mut Squares,
) {
    let mut i = from;
    while i < pieces.len() {
        let code = pieces[i] ^ cmirror;
        let color = if code >> 3 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let piece = Piece::ALL[usize::from(code & 7) - 1];
        let before = squares.len;
        for sq in board.colored(color, piece) {
            squares.push(sq as usize ^ mirror);
        }
        i += (squares.len - before).max(1);
    }
}

/// The index of a pawnless position (squares in list order), after bringing the first
/// piece into the a1–d1–d4 triangle by the board's symmetries.
fn encode_pieces(enc: &Encoding, p: &mut [usize], three_unique: bool) -> u64 {
    if p[0] & 4 != 0 {
        p.iter_mut().for_each(|s| *s ^= 7);
    }
    if p[0] & 0x20 != 0 {
        p.iter_mut().for_each(|s| *s ^= 0x38);
    }
    let lead = if three_unique { 3 } else { 2 };
    if let Some(i) = (0..lead).find(|&i| !on_diagonal(p[i])) {
        if above_diagonal(p[i]) {
            p.iter_mut().for_each(|s| *s = ((*s >> 3) | (*s << 3)) & 63);
        }
    }
    let mut index = if three_unique {
        let (s0, s1, s2) = (p[0], p[1], p[2]);
        let a1 = usize::from(s1 > s0);
        let a2 = usize::from(s2 > s0) + usize::from(s2 > s1);
        let tri = triangle(s0).expect("normalised into the triangle");
        let rank = |s: usize| s >> 3;
        (if !on_diagonal(s0) {
            tri * 63 * 62 + (s1 - a1) * 62 + (s2 - a2)
        } else if !on_diagonal(s1) {
            6 * 63 * 62 + rank(s0) * 28 * 62 + lower(s1) * 62 + (s2 - a2)
        } else if !on_diagonal(s2) {
            6 * 63 * 62 + 4 * 28 * 62 + rank(s0) * 7 * 28 + (rank(s1) - a1) * 28 + lower(s2)
        } else {
            6 * 63 * 62
                + 4 * 28 * 62
                + 4 * 7 * 28
                + rank(s0) * 7 * 6
                + (rank(s1) - a1) * 6
                + (rank(s2) - a2)
        }) as u64
    } else {
        u64::from(kk_index(
            triangle(p[0]).expect("normalised into the triangle"),
            p[1],
        ))
    };
    index *= enc.factor[0];
    index + encode_rest(enc, p, enc.norm[0])
}

/// The index of a position with pawns (leading pawn first).
fn encode_pawns(enc: &Encoding, p: &mut [usize], material: Material) -> u64 {
    if p[0] & 4 != 0 {
        p.iter_mut().for_each(|s| *s ^= 7);
    }
    let lead = enc.norm[0];
    p[1..lead].sort_by_key(|&s| std::cmp::Reverse(ptwist(s)));
    let mut index = pawn_index(lead - 1, flap(p[0]));
    for (i, &sq) in p.iter().enumerate().take(lead).skip(1) {
        index += binomial(ptwist(sq) as i64, lead - i);
    }
    index *= enc.factor[0];
    let mut next = lead;
    if material.pawns[0] > 0 && material.pawns[1] > 0 {
        let second = enc.norm[lead];
        // The other side's pawns, on the 48 squares of ranks 2-7.
        index += group_index(p, lead, second, 8) * enc.factor[lead];
        next += second;
    }
    index + encode_rest(enc, p, next)
}

/// The groups of like pieces from list position `from` on: each group's squares as a
/// combination of the squares left free by the earlier groups.
fn encode_rest(enc: &Encoding, p: &mut [usize], from: usize) -> u64 {
    let mut index = 0;
    let mut i = from;
    while i < p.len() {
        let t = enc.norm[i];
        index += group_index(p, i, t, 0) * enc.factor[i];
        i += t;
    }
    index
}

/// The index of the group of `t` like pieces at list positions `i..i + t` as a combination
/// of the squares the earlier positions leave free (squares counted from `first`).
fn group_index(p: &mut [usize], i: usize, t: usize, first: usize) -> u64 {
    p[i..i + t].sort_unstable();
    (0..t)
        .map(|m| {
            let sq = p[i + m];
            let below = p[..i].iter().filter(|&&s| s < sq).count();
            binomial((sq - first - below) as i64, m + 1)
        })
        .sum()
}
