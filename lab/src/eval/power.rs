//! Paper 003's evaluator: the power of a side as the sum of the powers of its pieces, where a
//! piece's power grows with the pieces that defend it and shrinks with those that attack it,
//! followed along chains of defenders and attackers.
//!
//! ```text
//! Pow(S) = Σ_{P ∈ S} Pow(P)
//! Pow(P) = Pos(P) + Mat(P) + Σ_{D ∈ DL(P)} f(D)·(Pos(D) + Mat(D)) − Σ_{A ∈ AL(P)} f(A)·(Pos(A) + Mat(A))
//! score  = Pow(side to move) − Pow(opponent)
//! ```
//!
//! # The chain lists (the paper's algorithm)
//!
//! For a piece `P` the paper keeps a main list `ML` (starting with `P`), a visited set, and two
//! lists of `piece/square: frequency` entries, the defenders' net chain list `DL` and the
//! attackers' net chain list `AL`. Each piece taken from `ML` is *expanded*: every piece that
//! defends or attacks it is entered in the lists; a piece seen for the first time is pushed on
//! `ML` to be expanded in turn, a piece already visited only has its frequency increased by one
//! (that is what stops mutual defenders such as a rook and a queen on one file from looping
//! forever). When `ML` is exhausted, `f(X)` is the number of times `X` was entered.
//!
//! Because every piece of `ML` is expanded exactly once, `ML` ends as the set of pieces from
//! which `P` can be reached along "attacks or defends" arrows, and `f(X)` is the number of
//! pieces of that set that `X` attacks or defends. The implementation computes exactly that
//! with bitboards — the closure by a breadth-first sweep over precomputed attacker sets, the
//! frequencies by one population count per chain member — which is the paper's result
//! without its lists and maps.
//!
//! # Choices where the paper is vague
//!
//! * **Which list.** The paper's example only shows the first level (the pawn's defender goes
//!   to `DL`, its attacker to `AL`). Deeper in the chain "defender" and "attacker" are taken
//!   relative to `P`: a piece of `P`'s colour anywhere in the chain supports `P` (it defends
//!   `P`, defends a defender, or attacks an attacker) and goes to `DL`; an enemy piece goes to
//!   `AL`. Relative to the piece being expanded instead, a white piece defending the white
//!   knight that attacks a black pawn would count *for* the black pawn, which is nonsense.
//! * **The root.** `P` itself is never entered in its own lists: its own value is already
//!   `Pos(P) + Mat(P)`. Meeting it again (as a defender of its defender) is ignored.
//! * **Frequencies** multiply the contributions, as the paper's tracking of them implies;
//!   [`PowerParams::count_frequency`] = false counts every chain member once.
//! * **No depth limit.** The paper expands until the lists are exhausted, so a chain can
//!   take in most of the board: one defended knight attacking one pawn puts the whole
//!   defending army into the pawn's attacker list, several times over. The chain sums then
//!   dwarf material (after 1.e4 e5 2.Nf3 the score is beyond ±MAX_EVAL and is clamped; 7 of
//!   the 16 bench positions clamp). That is the paper's formula taken at its word and is the
//!   default; [`PowerParams::chain_depth`] cuts the chains a given number of arrows from
//!   their root (1: direct defenders and attackers only) for a usable playing evaluator.
//! * **Mat and Pos.** `Mat` is the material value and `Pos` the piece-square entry of
//!   Michniewski's "Simplified Evaluation Function" (100/320/330/500/900 with the tables in
//!   [`super::pst`], middlegame king table) — a matched, widely used set. The king has no
//!   exchange value, but it does defend and attack; in a chain it counts with a fighting value
//!   of 4 pawns ([`PowerParams::king`]), the figure commonly quoted for the king's strength as
//!   a fighting piece. Its own `Mat` cancels out: each side has one king.
//! * **Attacks** are plain attacks with the current blockers: no x-rays (a rook behind a rook
//!   is not a defender of what the front rook defends), no legality (a pinned piece still
//!   defends). See [`super::attack_map`].

use super::attack_map::piece_attacks;
use super::param_set::{PieceTables, SquareTable};
use super::pst;
use super::score::{white_to_side, Score};
use super::{Evaluator, Explanation, Term};
use chainmate::core::{Bitboard, Board, Color, Piece, Square};

chainmate::params! {
    /// Parameters of the `power` evaluator (paper 003), in centipawns.
    pub struct PowerParams {
        pieces: i32 = [100, 320, 330, 500, 900, 400] ("Mat (the king's: its fighting value in a chain)"),
        /// Pos of each piece (Michniewski's tables; the king's for the middlegame).
        pos: PieceTables = pst::MICHNIEWSKI,
        /// Weight of the defender chains, percent (the paper: 100).
        defender_percent: i32 = 100,
        /// Weight of the attacker chains, percent (the paper: 100).
        attacker_percent: i32 = 100,
        /// Multiply each chain member by its frequency (the paper) or count it once.
        count_frequency: bool = true,
        /// How many arrows away from a piece its chains reach; 0 = no limit (the paper).
        chain_depth: i32 = 0,
    }
}

impl PowerParams {
    /// Mat(`piece`).
    #[inline(always)]
    pub fn material(&self, piece: Piece) -> i32 {
        self.piece_value(piece)
    }

    /// The Pos table of `piece`.
    #[inline(always)]
    pub fn table(&self, piece: Piece) -> &SquareTable {
        self.pos.of(piece)
    }
}

/// One side's power, split the way `explain` prints it (centipawns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SidePower {
    /// Σ Mat(P) over the side's pieces.
    pub material: i64,
    /// Σ Pos(P) over the side's pieces.
    pub position: i64,
    /// Σ over its pieces of the defender-chain sums, weighted.
    pub defenders: i64,
    /// Σ over its pieces of the attacker-chain sums, weighted (subtracted).
    pub attackers: i64,
}

impl SidePower {
    /// Pow(S).
    #[inline(always)]
    pub fn total(&self) -> i64 {
        self.material
            .saturating_add(self.position)
            .saturating_add(self.defenders)
            .saturating_sub(self.attackers)
    }
}

/// The attack graph of a position, indexed by square: for each piece, which pieces it attacks
/// or defends, its `Pos + Mat`, and the summed worth of the pieces attacking or defending it.
struct Graph {
    /// `from[s]`: occupied squares the piece on `s` attacks or defends.
    from: [Bitboard; 64],
    /// `to[s]`: the pieces (of both colours) attacking or defending the piece on `s`.
    to: [Bitboard; 64],
    /// `Pos + Mat` of the piece on each square.
    worth: [i64; 64],
    /// `to_worth[s][c]`: Σ worth over the pieces of colour `c` attacking or defending `s`.
    to_worth: [[i64; 2]; 64],
}

/// The `power` evaluator.
#[derive(Clone, Debug, Default)]
pub struct Power {
    /// Its parameters.
    pub params: PowerParams,
}

impl Power {
    /// Pos(P) of `color`'s `piece` on `sq`.
    #[inline(always)]
    fn pos(&self, piece: Piece, color: Color, sq: Square) -> i32 {
        self.params
            .table(piece)
            .at(color.relative_square(sq).index())
    }

    /// Fills the attack graph: one attack lookup per piece.
    fn fill_graph(&self, board: &Board, g: &mut Graph) {
        let occupied = board.occupied();
        for color in Color::ALL {
            for piece in Piece::ALL {
                let material = self.params.material(piece) as i64;
                for sq in board.colored(color, piece) {
                    let hits = piece_attacks(piece, color, sq, occupied) & occupied;
                    let worth = material + self.pos(piece, color, sq) as i64;
                    g.from[sq.index()] = hits;
                    g.worth[sq.index()] = worth;
                    for target in hits {
                        g.to[target.index()] |= sq;
                        g.to_worth[target.index()][color.index()] += worth;
                    }
                }
            }
        }
    }

    /// For every piece `x`, the pieces it reaches along attack/defence arrows, itself
    /// included: `reach[x] = {x} ∪ ⋃ reach[t]` over the pieces `t` that `x` attacks or
    /// defends. `x ∈ ML(r)` — `x` ends up in `r`'s main list — exactly when `r ∈ reach[x]`.
    /// Each search takes the finished set of any piece it meets whole instead of walking on
    /// through it, so a group of mutually defending pieces is walked about once.
    fn reach(g: &Graph, occupied: Bitboard) -> [Bitboard; 64] {
        let mut reach = [Bitboard::EMPTY; 64];
        let mut done = Bitboard::EMPTY;
        for root in occupied {
            let mut set = Bitboard::from_square(root);
            let mut closed = Bitboard::EMPTY;
            let mut frontier = set;
            while frontier.any() {
                let mut found = Bitboard::EMPTY;
                for x in frontier {
                    if done.contains(x) {
                        found |= reach[x.index()];
                        closed |= reach[x.index()];
                    } else {
                        found |= g.from[x.index()];
                    }
                }
                frontier = (found - set) - closed;
                set |= found;
            }
            reach[root.index()] = set;
            done |= root;
        }
        reach
    }

    /// Σ over each side's pieces of the unweighted defender and attacker sums,
    /// `[(defend, attack); 2]`, with chains cut [`PowerParams::chain_depth`] arrows from
    /// their root (0: no limit, the paper's algorithm).
    fn chains(&self, board: &Board) -> [(i64, i64); 2] {
        let mut g = Graph {
            from: [Bitboard::EMPTY; 64],
            to: [Bitboard::EMPTY; 64],
            worth: [0; 64],
            to_worth: [[0; 2]; 64],
        };
        self.fill_graph(board, &mut g);
        if self.params.chain_depth <= 0 {
            self.unlimited_chains(board, &g)
        } else {
            self.limited_chains(board, &g, self.params.chain_depth as usize)
        }
    }

    /// The chains of every root walked separately, `depth` levels deep: pieces at fewer than
    /// `depth` arrows from the root are expanded, and every piece entered in a list by those
    /// expansions counts (once per entry with frequencies). With `depth` at least the longest
    /// chain this is [`Self::unlimited_chains`].
    fn limited_chains(&self, board: &Board, g: &Graph, depth: usize) -> [(i64, i64); 2] {
        let white = board.color(Color::White);
        let mut raw = [(0i64, 0i64); 2];
        for root in board.occupied() {
            let own = if white.contains(root) {
                white
            } else {
                board.color(Color::Black)
            };
            let mut visited = Bitboard::from_square(root);
            let mut expanded = Bitboard::EMPTY;
            let mut frontier = visited;
            for _ in 0..depth {
                let mut found = Bitboard::EMPTY;
                for x in frontier {
                    found |= g.to[x.index()];
                }
                expanded |= frontier;
                frontier = found - visited;
                visited |= found;
                if frontier.is_empty() {
                    break;
                }
            }
            let side = if own == white { 0 } else { 1 };
            for y in visited.without(root) {
                let entries = if self.params.count_frequency {
                    (g.from[y.index()] & expanded).popcount() as i64
                } else {
                    1
                };
                let amount = entries * g.worth[y.index()];
                if own.contains(y) {
                    raw[side].0 += amount;
                } else {
                    raw[side].1 += amount;
                }
            }
        }
        raw
    }

    /// Σ over each side's pieces of the unweighted defender and attacker sums,
    /// `[(defend, attack); 2]`.
    ///
    /// Summed over all roots the paper's lists collapse: a chain member `y` of root `r` is
    /// entered once per member of `ML(r)` it attacks or defends, so the total over the roots
    /// of one colour `C` is `Σ_x to_worth[x] · |{r ∈ C : x ∈ ML(r)}| = Σ_x to_worth[x] ·
    /// |reach[x] ∩ C|`, minus each root's own entries in its own lists (`r` attacks or defends
    /// `t ∈ ML(r)` exactly when `t` reaches back to `r`). Without frequencies every member
    /// counts once: `Σ_y worth[y] · |reach[y] ∩ C − {y}|`.
    fn unlimited_chains(&self, board: &Board, g: &Graph) -> [(i64, i64); 2] {
        let occupied = board.occupied();
        let reach = Self::reach(g, occupied);
        let sides = [board.color(Color::White), board.color(Color::Black)];
        let mut raw = [(0i64, 0i64); 2];
        for x in occupied {
            let r = reach[x.index()];
            let own_color = if sides[0].contains(x) { 0 } else { 1 };
            if self.params.count_frequency {
                for c in 0..2 {
                    let roots = (r & sides[c]).popcount() as i64;
                    raw[c].0 += g.to_worth[x.index()][c] * roots;
                    raw[c].1 += g.to_worth[x.index()][1 - c] * roots;
                }
                let own_entries = g.from[x.index()]
                    .into_iter()
                    .filter(|t| reach[t.index()].contains(x))
                    .count() as i64;
                raw[own_color].0 -= own_entries * g.worth[x.index()];
            } else {
                let w = g.worth[x.index()];
                raw[own_color].0 += w * ((r & sides[own_color]).popcount() as i64 - 1);
                raw[1 - own_color].1 += w * (r & sides[1 - own_color]).popcount() as i64;
            }
        }
        raw
    }

    /// Both sides' power, `[White, Black]`.
    pub fn sides(&self, board: &Board) -> [SidePower; 2] {
        let raw = self.chains(board);
        let mut out = [SidePower::default(); 2];
        for color in Color::ALL {
            let side = &mut out[color.index()];
            for piece in Piece::ALL {
                for sq in board.colored(color, piece) {
                    side.material += self.params.material(piece) as i64;
                    side.position += self.pos(piece, color, sq) as i64;
                }
            }
            let (d, a) = raw[color.index()];
            // Saturating: absurd percentages clamp instead of overflowing.
            side.defenders = d.saturating_mul(self.params.defender_percent as i64) / 100;
            side.attackers = a.saturating_mul(self.params.attacker_percent as i64) / 100;
        }
        out
    }
}

impl Evaluator for Power {
    fn name(&self) -> &'static str {
        "power"
    }

    #[inline]
    fn evaluate(&self, board: &Board) -> Score {
        let [w, b] = self.sides(board);
        white_to_side(w.total().saturating_sub(b.total()), board.side_to_move())
    }

    fn explain(&self, board: &Board) -> Explanation {
        let [w, b] = self.sides(board);
        let term = |name: &str, get: fn(&SidePower) -> i64| {
            Term::new(name, get(&w) as f64, get(&b) as f64)
        };
        let terms = vec![
            term("material", |s| s.material),
            term("position", |s| s.position),
            term("defender chains", |s| s.defenders),
            term("attacker chains", |s| -s.attackers),
        ];
        let total = w.total().saturating_sub(b.total());
        Explanation::with_total(self.name(), board, terms, total as f64, total)
    }

    chainmate::params_field_access!();
}
