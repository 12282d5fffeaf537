//! Mutated inputs for the parser fuzz tests (`tests/parser_fuzz.rs`, the lab's
//! `lab/tests/parser_fuzz.rs`): a real input (a sample) with edits a careless program or a
//! damaged disk makes — bytes flipped or set, cuts, insertions of text, of huge numbers and of
//! arbitrary bytes, a piece repeated.

use quickcheck::{Arbitrary, Gen, QuickCheck, Testable};

/// Random cases per property in the normal test run (a tenth in debug builds).
pub const CASES: u64 = 1_000;

/// Random cases per property under `--ignored`.
pub const SOAK: u64 = 100_000;

/// Runs `property` on `cases` random cases (`CASES` or `SOAK`) and says how many ran.
pub fn check<P: Testable>(name: &str, cases: u64, property: P) {
    QuickCheck::new()
        .tests(cases)
        .max_tests(cases * 10)
        .quickcheck(property);
    eprintln!("{name}: {cases} cases");
}

/// Tokens worth inserting: huge and odd numbers, separators, words of the formats.
const TOKENS: [&str; 24] = [
    "99999999999999999999999",
    "-9223372036854775809",
    "18446744073709551616",
    "4294967296",
    "-1",
    "0",
    "1e309",
    "NaN",
    "-0",
    " ",
    "\n",
    "\r\n",
    ";",
    "\"",
    "{",
    "}",
    "[",
    "]",
    "=",
    "#",
    "/",
    "bm",
    "1-0",
    "\u{feff}",
];

/// One edit of a byte string.
#[derive(Clone, Debug)]
pub enum Edit {
    /// XOR the byte at (position modulo the length) with a mask.
    Flip(usize, u8),
    /// Replace the byte there.
    Set(usize, u8),
    /// Cut the input there.
    Cut(usize),
    /// Insert a token of [`TOKENS`] there.
    Token(usize, usize),
    /// Insert arbitrary bytes there.
    Bytes(usize, Vec<u8>),
    /// Repeat the `n` bytes from there.
    Repeat(usize, usize),
    /// Delete `n` bytes from there.
    Delete(usize, usize),
}

impl Arbitrary for Edit {
    fn arbitrary(g: &mut Gen) -> Edit {
        let at = usize::arbitrary(g);
        match u8::arbitrary(g) % 8 {
            0 | 1 => Edit::Flip(at, u8::arbitrary(g) | 1),
            2 => Edit::Set(at, u8::arbitrary(g)),
            3 => Edit::Cut(at),
            4 => Edit::Token(at, usize::arbitrary(g)),
            5 => Edit::Bytes(at, Vec::<u8>::arbitrary(g).into_iter().take(8).collect()),
            6 => Edit::Repeat(at, usize::arbitrary(g) % 64),
            _ => Edit::Delete(at, usize::arbitrary(g) % 16),
        }
    }
}

/// A sample (by index, modulo the number of samples) and the edits to make of it.
#[derive(Clone, Debug)]
pub struct Mutation {
    /// Which sample.
    pub sample: usize,
    /// The edits, in order (one to eight).
    pub edits: Vec<Edit>,
}

impl Arbitrary for Mutation {
    fn arbitrary(g: &mut Gen) -> Mutation {
        let count = 1 + usize::arbitrary(g) % 8;
        Mutation {
            sample: usize::arbitrary(g),
            edits: (0..count).map(|_| Edit::arbitrary(g)).collect(),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Mutation>> {
        let sample = self.sample;
        Box::new(
            self.edits
                .shrink()
                .map(move |edits| Mutation { sample, edits }),
        )
    }
}

impl Mutation {
    /// The edited bytes of the chosen one of `samples`.
    pub fn apply(&self, samples: &[&[u8]]) -> Vec<u8> {
        let mut bytes = samples[self.sample % samples.len()].to_vec();
        for edit in &self.edits {
            let at = |i: usize| i % (bytes.len() + 1);
            match edit {
                Edit::Flip(i, mask) if !bytes.is_empty() => {
                    let i = i % bytes.len();
                    bytes[i] ^= mask;
                }
                Edit::Set(i, b) if !bytes.is_empty() => {
                    let i = i % bytes.len();
                    bytes[i] = *b;
                }
                Edit::Cut(i) => bytes.truncate(at(*i)),
                Edit::Token(i, t) => {
                    let i = at(*i);
                    bytes.splice(i..i, TOKENS[t % TOKENS.len()].bytes());
                }
                Edit::Bytes(i, extra) => {
                    let i = at(*i);
                    bytes.splice(i..i, extra.iter().copied());
                }
                Edit::Repeat(i, n) => {
                    let i = at(*i);
                    let piece = bytes[i..(i + n).min(bytes.len())].to_vec();
                    bytes.splice(i..i, piece);
                }
                Edit::Delete(i, n) => {
                    let i = at(*i);
                    bytes.drain(i..(i + n).min(bytes.len()));
                }
                _ => {}
            }
        }
        bytes
    }

    /// [`Mutation::apply`] as text: UTF-8 where it is, replacement characters elsewhere.
    pub fn apply_text(&self, samples: &[&str]) -> String {
        let samples: Vec<&[u8]> = samples.iter().map(|s| s.as_bytes()).collect();
        String::from_utf8_lossy(&self.apply(&samples)).into_owned()
    }
}
