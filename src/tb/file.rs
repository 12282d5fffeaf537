//! One Syzygy WDL file (`.rtbw`): its header, the piece order and index factors of each
//! sub-table, and the decompression of the value at an index.
//!
//! The layout (all header and index fields little-endian, the compressed bit stream
//! big-endian): magic, a flag byte (split by side to move, pawns, piece count), the piece
//! blocks of each file group, the "pairs" header of each sub-table (the symbol tree and the
//! code lengths of a canonical prefix code), then the sparse index tables, the block-length
//! tables and the 64-byte-aligned compressed blocks, each section in sub-table order.

use super::mapped::FileBytes;
use super::tables::{binomial, pawn_factor};

/// The first four bytes of a WDL file.
pub(crate) const WDL_MAGIC: [u8; 4] = [0x71, 0xE8, 0x23, 0x5D];
/// The first four bytes of a DTZ file.
pub(crate) const DTZ_MAGIC: [u8; 4] = [0xD7, 0x66, 0x0C, 0xA5];

/// DTZ flag: the sub-table stores the second-named side to move (else the first).
pub(crate) const DTZ_STM: u8 = 0x01;
/// DTZ flag: stored values go through the per-result maps.
pub(crate) const DTZ_MAPPED: u8 = 0x02;
/// DTZ flag: values of won positions are plies (else moves, doubled).
pub(crate) const DTZ_WIN_PLIES: u8 = 0x04;
/// DTZ flag: values of lost positions are plies (else moves, doubled).
pub(crate) const DTZ_LOSS_PLIES: u8 = 0x08;
/// DTZ flag: the maps hold 16-bit values.
const DTZ_WIDE: u8 = 0x10;

/// Why a table file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// The file is missing or unreadable.
    Io(String),
    /// The file is not a table of the expected kind and material, or is cut short.
    Corrupt(String),
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Io(e) => write!(f, "cannot read the table: {e}"),
            TableError::Corrupt(e) => write!(f, "not a valid table: {e}"),
        }
    }
}

/// The prefix code and symbol tree of one sub-table, and where its sections start.
#[derive(Debug, Default)]
struct Pairs {
    /// The header's first byte: 0x80 for a single-valued sub-table; in DTZ files, the
    /// `DTZ_*` flags.
    flags: u8,
    /// The value of a sub-table holding one value throughout (no code, no data).
    single: Option<u8>,
    block_size: u32,
    idx_bits: u32,
    min_len: u32,
    /// The first symbol of each code length, from `min_len`.
    offset: Vec<u16>,
    /// The smallest left-aligned code of each length, from `min_len`.
    base: Vec<u64>,
    /// Each symbol's two halves; `right == 0xFFF` marks a leaf whose value is `left`.
    left: Vec<u16>,
    right: Vec<u16>,
    /// The number of values each symbol stands for, minus one.
    symlen: Vec<u32>,
    real_num_blocks: u32,
    extra: u32,
    index_table: usize,
    size_table: usize,
    data: usize,
}

/// The piece order and index factors of one sub-table.
#[derive(Debug, Default, Clone)]
pub(crate) struct Encoding {
    /// Piece codes in index order: 1 P, 2 N, 3 B, 4 R, 5 Q, 6 K for the table's first-named
    /// side, plus 8 for the other.
    pub(crate) pieces: Vec<u8>,
    /// At the first position of each group of like pieces, the group's length.
    pub(crate) norm: Vec<usize>,
    /// At the first position of each group, its weight in the index.
    pub(crate) factor: Vec<u64>,
    /// The number of indices.
    pub(crate) size: u64,
}

/// One sub-table: a side to move and, for pawn tables, a leading pawn's file group.
#[derive(Debug, Default)]
pub(crate) struct SubTable {
    pub(crate) enc: Encoding,
    pairs: Pairs,
}

/// The sub-tables of one file group, by side to move.
type Group = [Option<SubTable>; 2];

/// A WDL or DTZ table file, its bytes mapped (or read) and its header parsed.
pub(crate) struct TableFile {
    data: FileBytes,
    /// Sub-tables by file group (one group for pawnless tables), then by side to move (the
    /// second absent for a symmetric WDL table and in every DTZ file, which stores one side).
    groups: Vec<Group>,
    /// DTZ files: by file group, where each of the four maps (win, loss, cursed win, blessed
    /// loss) starts, in bytes or (wide maps) 16-bit units from `map_start`.
    map_index: Vec<[usize; 4]>,
    map_start: usize,
}

/// The counts the header is read with, from the table's name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Material {
    pub(crate) pieces: usize,
    /// Pawns of the first-named side and of the other.
    pub(crate) pawns: [usize; 2],
    /// Whether some piece (colour and kind) stands alone on the board beside the kings,
    /// i.e. more than two unique pieces: the pawnless index starts with three unique
    /// pieces, else with the two kings.
    pub(crate) three_unique: bool,
}

impl Material {
    /// The material of a table name such as `KRPvKR`.
    pub(crate) fn from_name(name: &str) -> Option<Material> {
        let (a, b) = name.split_once('v')?;
        let mut pieces = 0;
        let mut pawns = [0; 2];
        let mut unique = 0;
        for (side, text) in [a, b].into_iter().enumerate() {
            if !text.starts_with('K') || !text.chars().all(|c| "KQRBNP".contains(c)) {
                return None;
            }
            pieces += text.len();
            pawns[side] = text.matches('P').count();
            for kind in "KQRBNP".chars() {
                if text.matches(kind).count() == 1 {
                    unique += 1;
                }
            }
        }
        Some(Material {
            pieces,
            pawns,
            three_unique: unique > 2,
        })
    }
}

/// Reads little-endian and big-endian integers from the file, failing on a short file.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn byte(&self, at: usize) -> Result<u8, TableError> {
        self.0
            .get(at)
            .copied()
            .ok_or_else(|| TableError::Corrupt(format!("cut short at byte {at}")))
    }
    fn le_u16(&self, at: usize) -> Result<u16, TableError> {
        Ok(u16::from_le_bytes([self.byte(at)?, self.byte(at + 1)?]))
    }
    fn le_u32(&self, at: usize) -> Result<u32, TableError> {
        Ok(u32::from_le_bytes([
            self.byte(at)?,
            self.byte(at + 1)?,
            self.byte(at + 2)?,
            self.byte(at + 3)?,
        ]))
    }
}

impl TableFile {
    /// Parses a WDL (`dtz` false) or DTZ file of the given material.
    pub(crate) fn parse(
        data: FileBytes,
        material: Material,
        dtz: bool,
    ) -> Result<TableFile, TableError> {
        let r = Reader(&data);
        let magic = if dtz { DTZ_MAGIC } else { WDL_MAGIC };
        if data.len() < 5 || data[..4] != magic {
            return Err(TableError::Corrupt(format!(
                "no {} magic number",
                if dtz { "DTZ" } else { "WDL" }
            )));
        }
        if data.len() % 64 != 16 {
            return Err(TableError::Corrupt(format!(
                "its length {} is not 16 more than a multiple of 64",
                data.len()
            )));
        }
        let flags = r.byte(4)?;
        // DTZ files store one side to move whatever the split bit says.
        let split = flags & 1 != 0 && !dtz;
        let has_pawns = flags & 2 != 0;
        let n = usize::from(flags >> 4);
        if n != material.pieces || has_pawns != (material.pawns[0] + material.pawns[1] > 0) {
            return Err(TableError::Corrupt(
                "its header does not match the material".into(),
            ));
        }
        let files = if has_pawns { 4 } else { 1 };
        let sides = if split { 2 } else { 1 };

        let (mut groups, mut pos) = read_piece_blocks(&r, material, files, sides)?;
        pos += pos & 1;

        // Pairs headers, in sub-table order.
        for sub in groups.iter_mut().flat_map(|g| g.iter_mut().flatten()) {
            pos = sub.pairs.parse_header(&r, pos, sub.enc.size)?;
            if dtz && sub.pairs.single.is_some() {
                // A single-valued DTZ sub-table's byte means nothing: its value is 0.
                sub.pairs.single = Some(0);
            }
        }
        // DTZ: the value maps of each file group that has them.
        let map_start = pos;
        let mut map_index = vec![[0; 4]; groups.len()];
        if dtz {
            for (g, group) in groups.iter().enumerate() {
                let pairs = &group[0].as_ref().expect("first side").pairs;
                if pairs.single.is_some() || pairs.flags & DTZ_MAPPED == 0 {
                    continue;
                }
                if pairs.flags & DTZ_WIDE != 0 {
                    pos += pos & 1;
                    for slot in map_index[g].iter_mut() {
                        *slot = (pos - map_start) / 2 + 1;
                        pos += 2 + 2 * usize::from(r.le_u16(pos)?);
                    }
                } else {
                    for slot in map_index[g].iter_mut() {
                        *slot = pos - map_start + 1;
                        pos += 1 + usize::from(r.byte(pos)?);
                    }
                }
            }
            pos += pos & 1;
        }
        // Index tables, block-length tables, then the 64-byte-aligned data.
        for sub in groups.iter_mut().flat_map(|g| g.iter_mut().flatten()) {
            if sub.pairs.single.is_none() {
                sub.pairs.index_table = pos;
                pos += 6 * sub.enc.size.div_ceil(1u64 << sub.pairs.idx_bits) as usize;
            }
        }
        for sub in groups.iter_mut().flat_map(|g| g.iter_mut().flatten()) {
            if sub.pairs.single.is_none() {
                sub.pairs.size_table = pos;
                pos += 2 * (sub.pairs.real_num_blocks + sub.pairs.extra) as usize;
            }
        }
        for sub in groups.iter_mut().flat_map(|g| g.iter_mut().flatten()) {
            if sub.pairs.single.is_none() {
                pos = (pos + 63) & !63;
                sub.pairs.data = pos;
                pos += (sub.pairs.real_num_blocks as usize) << sub.pairs.block_size;
            }
        }
        // The file ends padded to 64 bytes, then the generator's 16-byte checksum.
        if ((pos + 63) & !63) + 16 != data.len() {
            return Err(TableError::Corrupt(format!(
                "its sections end at byte {pos}, the file at {}",
                data.len()
            )));
        }
        Ok(TableFile {
            data,
            groups,
            map_index,
            map_start,
        })
    }

    /// Whether the file's bytes are memory-mapped.
    pub(crate) fn is_mapped(&self) -> bool {
        self.data.is_mapped()
    }

    /// The DTZ flags of file group `file`.
    pub(crate) fn dtz_flags(&self, file: usize) -> u8 {
        self.sub_table(file, 0).pairs.flags
    }

    /// A DTZ value through map `map` (0 win, 1 loss, 2 cursed win, 3 blessed loss) of file
    /// group `file`.
    pub(crate) fn map_value(&self, file: usize, map: usize, raw: u16) -> Result<u16, TableError> {
        let group = file.min(self.map_index.len() - 1);
        let at = self.map_index[group][map] + usize::from(raw);
        let value = if self.dtz_flags(group) & DTZ_WIDE != 0 {
            let byte = self.map_start + 2 * at;
            self.data
                .get(byte..byte + 2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
        } else {
            self.data.get(self.map_start + at).map(|&b| u16::from(b))
        };
        value.ok_or_else(|| TableError::Corrupt("a DTZ map entry outside the file".into()))
    }

    /// The sub-table of file group `file` (0 for pawnless tables) and side `side`.
    pub(crate) fn sub_table(&self, file: usize, side: usize) -> &SubTable {
        let group = &self.groups[file.min(self.groups.len() - 1)];
        group[side]
            .as_ref()
            .or(group[0].as_ref())
            .expect("every group has its first side")
    }

    /// The stored value at `index` of `sub` (WDL 0..=4; DTZ up to 12 bits).
    pub(crate) fn value(&self, sub: &SubTable, index: u64) -> Result<u16, TableError> {
        if index >= sub.enc.size {
            return Err(TableError::Corrupt(format!("index {index} out of range")));
        }
        sub.pairs
            .decode(&self.data, index)
            .ok_or_else(|| TableError::Corrupt(format!("value {index} leads outside the file")))
    }
}

/// The piece blocks after the flag byte: for each file group the order nibbles and the piece
/// list of each side's sub-table. Returns the sub-tables (codes not yet read) and where the
/// blocks end.
fn read_piece_blocks(
    r: &Reader,
    material: Material,
    files: usize,
    sides: usize,
) -> Result<(Vec<Group>, usize), TableError> {
    let n = material.pieces;
    let both_pawns = material.pawns[0] > 0 && material.pawns[1] > 0;
    let mut pos = 5;
    let mut groups: Vec<Group> = Vec::new();
    for file in 0..files {
        let order = r.byte(pos)?;
        let order2 = if both_pawns { r.byte(pos + 1)? } else { 0xFF };
        pos += 1 + usize::from(both_pawns);
        let mut pieces = [Vec::new(), Vec::new()];
        for i in 0..n {
            let b = r.byte(pos + i)?;
            pieces[0].push(b & 0x0F);
            pieces[1].push(b >> 4);
        }
        pos += n;
        let mut group: [Option<SubTable>; 2] = [None, None];
        for (side, slot) in group.iter_mut().enumerate().take(sides) {
            let shift = 4 * side;
            let enc = Encoding::new(
                std::mem::take(&mut pieces[side]),
                usize::from(order >> shift & 0x0F),
                usize::from(order2 >> shift & 0x0F),
                material,
                file,
            )?;
            *slot = Some(SubTable {
                enc,
                pairs: Pairs::default(),
            });
        }
        groups.push(group);
    }
    Ok((groups, pos))
}

impl Encoding {
    /// The groups and factors of a piece list (`order`, `order2`: where the leading group
    /// and the second pawn group come in the order of weights; 15 for none).
    fn new(
        pieces: Vec<u8>,
        order: usize,
        order2: usize,
        material: Material,
        file: usize,
    ) -> Result<Encoding, TableError> {
        let n = pieces.len();
        if pieces.iter().any(|&c| c & 7 == 0 || c & 7 > 6) {
            return Err(TableError::Corrupt("a piece code out of range".into()));
        }
        let mut norm = vec![0; n];
        let has_pawns = material.pawns[0] + material.pawns[1] > 0;
        let mut i;
        if has_pawns {
            let lead = pieces.iter().take_while(|&&c| c == pieces[0]).count();
            norm[0] = lead;
            i = lead;
            if material.pawns[0] > 0 && material.pawns[1] > 0 {
                let second = pieces[lead..]
                    .iter()
                    .take_while(|&&c| c == pieces[lead])
                    .count();
                norm[lead] = second;
                i += second;
            }
        } else {
            norm[0] = if material.three_unique { 3 } else { 2 };
            i = norm[0];
        }
        while i < n {
            let run = pieces[i..].iter().take_while(|&&c| c == pieces[i]).count();
            norm[i] = run;
            i += run;
        }

        // The weights: the groups in list order, with the leading group (and the second
        // pawn group) inserted at the steps `order` (and `order2`) say.
        let mut factor = vec![0; n];
        let lead = norm[0];
        let second = if material.pawns[0] > 0 && material.pawns[1] > 0 {
            norm[lead]
        } else {
            0
        };
        let lead_size = if has_pawns {
            pawn_factor(lead - 1, file)
        } else if material.three_unique {
            31332
        } else {
            462
        };
        let mut f: u64 = 1;
        let mut i = lead + second;
        let mut free = 64 - i;
        let mut k = 0;
        while i < n || k == order || (second > 0 && k == order2) {
            if k == order {
                factor[0] = f;
                f *= lead_size;
            } else if second > 0 && k == order2 {
                factor[lead] = f;
                f *= binomial(48 - lead as i64, second);
            } else {
                factor[i] = f;
                f *= binomial(free as i64, norm[i]);
                free -= norm[i];
                i += norm[i];
            }
            k += 1;
        }
        Ok(Encoding {
            pieces,
            norm,
            factor,
            size: f,
        })
    }
}

impl Pairs {
    /// Reads the pairs header at `pos` (a sub-table of `size` values); returns where the
    /// next header starts.
    fn parse_header(&mut self, r: &Reader, pos: usize, size: u64) -> Result<usize, TableError> {
        let flags = r.byte(pos)?;
        self.flags = flags;
        if flags & 0x80 != 0 {
            self.single = Some(r.byte(pos + 1)?);
            return Ok(pos + 2);
        }
        self.block_size = u32::from(r.byte(pos + 1)?);
        self.idx_bits = u32::from(r.byte(pos + 2)?);
        self.extra = u32::from(r.byte(pos + 3)?);
        self.real_num_blocks = r.le_u32(pos + 4)?;
        let max_len = u32::from(r.byte(pos + 8)?);
        let min_len = u32::from(r.byte(pos + 9)?);
        if min_len == 0 || max_len < min_len || max_len > 32 || self.idx_bits == 0 {
            return Err(TableError::Corrupt("code lengths out of range".into()));
        }
        if self.idx_bits > 40 || self.block_size > 16 || size == 0 {
            return Err(TableError::Corrupt(
                "block or index sizes out of range".into(),
            ));
        }
        self.min_len = min_len;
        let h = (max_len - min_len + 1) as usize;
        self.offset = (0..h)
            .map(|l| r.le_u16(pos + 10 + 2 * l))
            .collect::<Result<_, _>>()?;
        let num_syms = usize::from(r.le_u16(pos + 10 + 2 * h)?);
        let syms = pos + 12 + 2 * h;
        self.left = Vec::with_capacity(num_syms);
        self.right = Vec::with_capacity(num_syms);
        for s in 0..num_syms {
            let (b0, b1, b2) = (
                u16::from(r.byte(syms + 3 * s)?),
                u16::from(r.byte(syms + 3 * s + 1)?),
                u16::from(r.byte(syms + 3 * s + 2)?),
            );
            self.left.push(b0 | (b1 & 0x0F) << 8);
            self.right.push(b1 >> 4 | b2 << 4);
        }
        self.symlen = vec![u32::MAX; num_syms];
        for s in 0..num_syms {
            self.compute_symlen(s)?;
        }
        // Canonical code: longer codes are numerically smaller; within a length the
        // symbols are consecutive from `offset`.
        let mut base = vec![0i64; h];
        for l in (0..h - 1).rev() {
            base[l] = (base[l + 1] + i64::from(self.offset[l]) - i64::from(self.offset[l + 1])) / 2;
        }
        self.base = base
            .iter()
            .enumerate()
            .map(|(l, &b)| (b as u64) << (64 - (min_len + l as u32)))
            .collect();
        let end = syms + 3 * num_syms;
        Ok(end + (end & 1))
    }

    /// The number of values symbol `s` stands for, minus one (memoised; the tree must not
    /// loop).
    fn compute_symlen(&mut self, s: usize) -> Result<u32, TableError> {
        let mut stack = vec![s];
        while let Some(&top) = stack.last() {
            if self.symlen[top] != u32::MAX {
                stack.pop();
                continue;
            }
            if self.right[top] == 0xFFF {
                self.symlen[top] = 0;
                stack.pop();
                continue;
            }
            let (l, r) = (usize::from(self.left[top]), usize::from(self.right[top]));
            if l >= self.symlen.len() || r >= self.symlen.len() || stack.len() > 4096 {
                return Err(TableError::Corrupt(
                    "a symbol refers outside the tree".into(),
                ));
            }
            match (self.symlen[l], self.symlen[r]) {
                (u32::MAX, _) => stack.push(l),
                (_, u32::MAX) => stack.push(r),
                (a, b) => {
                    self.symlen[top] = a + b + 1;
                    stack.pop();
                }
            }
        }
        Ok(self.symlen[s])
    }

    /// The value at `index`: find its block through the sparse index, walk the prefix
    /// codes of the block to the symbol holding it, then down the symbol's pair tree.
    /// `None` when the file's numbers lead outside it (a corrupt file).
    fn decode(&self, data: &[u8], index: u64) -> Option<u16> {
        if let Some(v) = self.single {
            return Some(u16::from(v));
        }
        let le_u16 = |at: usize| Some(u16::from_le_bytes(data.get(at..at + 2)?.try_into().ok()?));
        let le_u32 = |at: usize| Some(u32::from_le_bytes(data.get(at..at + 4)?.try_into().ok()?));
        let main = (index >> self.idx_bits) as usize;
        let mut lit = (index & ((1 << self.idx_bits) - 1)) as i64 - (1i64 << (self.idx_bits - 1));
        let entry = self.index_table + 6 * main;
        let mut block = le_u32(entry)? as usize;
        lit += i64::from(le_u16(entry + 4)?);
        let blocks = (self.real_num_blocks + self.extra) as usize;
        let block_len = |b: usize| -> Option<i64> {
            (b < blocks).then_some(())?;
            Some(i64::from(le_u16(self.size_table + 2 * b)?))
        };
        while lit < 0 {
            block = block.checked_sub(1)?;
            lit += block_len(block)? + 1;
        }
        while lit > block_len(block)? {
            lit -= block_len(block)? + 1;
            block += 1;
        }
        if block >= self.real_num_blocks as usize {
            return None;
        }

        let start = self.data + (block << self.block_size);
        let end = start + (1usize << self.block_size);
        let word = |at: usize| -> Option<u32> {
            // Reads past the block's end see zeros (the walk stops before using them).
            Some(if at + 4 <= end {
                u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?)
            } else {
                0
            })
        };
        let mut code = u64::from(word(start)?) << 32 | u64::from(word(start + 4)?);
        let mut next = start + 8;
        let mut bits = 0;
        let mut sym;
        loop {
            let mut l = 0;
            while code < self.base[l] {
                l += 1;
                if l == self.base.len() {
                    return None;
                }
            }
            let len = self.min_len + l as u32;
            sym = usize::from(self.offset[l]) + ((code - self.base[l]) >> (64 - len)) as usize;
            let symlen = i64::from(*self.symlen.get(sym)?);
            if lit <= symlen {
                break;
            }
            lit -= symlen + 1;
            code <<= len;
            bits += len;
            if bits >= 32 {
                bits -= 32;
                code |= u64::from(word(next)?) << bits;
                next += 4;
            }
        }
        while self.right[sym] != 0xFFF {
            let left = usize::from(self.left[sym]);
            if lit <= i64::from(self.symlen[left]) {
                sym = left;
            } else {
                lit -= i64::from(self.symlen[left]) + 1;
                sym = usize::from(self.right[sym]);
            }
        }
        Some(self.left[sym])
    }
}
