//! A slow, obviously correct move generator written only for the tests.
//!
//! It shares nothing with the engine's generator but the square geometry oracle
//! (`geometry::slow_*_attacks`, `geometry::leaper_attacks`, `geometry::pawn_attacks`), which the
//! table tests check on their own. The board is a plain mailbox; moves are generated
//! pseudo-legally piece by piece and kept when the mover's king is not attacked after the move
//! is made on a copy. Castling rights and the en-passant square come from the FEN text and
//! from the moves this board itself has played, never from the engine's `Board`.
//!
//! Castling is Chess960's rule, which standard chess is a case of, written out literally: a
//! right names a rook on the back rank; the king and that rook jump to the g/c- and
//! f/d-files; every square either crosses or lands on must be empty but for the two; the king
//! must not be in check nor cross an attacked square (judged on the board as it stands), and
//! — as for every move — not stand in check afterwards. Moves are written king takes rook.

use chainmate::core::geometry::{
    self, leaper_attacks, offset, slow_bishop_attacks, slow_rook_attacks, KING_STEPS, KNIGHT_STEPS,
};
use chainmate::core::{Board, CastleSide, Color, Piece, Square};

/// Castling right indices: White king side, White queen side, Black king side, Black queen side.
const RIGHT_CHARS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// A move of the reference generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: usize,
    pub to: usize,
    pub promotion: Option<Piece>,
}

impl RefMove {
    /// UCI text (castling as king takes rook).
    pub fn uci(&self) -> String {
        let mut s = format!("{}{}", name(self.from), name(self.to));
        if let Some(p) = self.promotion {
            s.push(p.to_char());
        }
        s
    }
}

/// The name of square `sq` ("e4").
pub fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

fn index(text: &str) -> usize {
    let b = text.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

/// A mailbox board with its own castling and en-passant state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub squares: [Option<(Color, Piece)>; 64],
    pub side: Color,
    /// The rook square of each castling right, indexed like [`RIGHT_CHARS`].
    pub castling: [Option<usize>; 4],
    /// The square a pawn skipped over on the last move, if it was a double push (whether or
    /// not a capture there is possible or legal).
    pub ep: Option<usize>,
}

impl RefBoard {
    /// Reads a well-formed FEN (the tests only feed it FENs they trust).
    pub fn from_fen(fen: &str) -> RefBoard {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut squares = [None; 64];
        for (i, rank_text) in fields[0].split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let piece = Piece::from_char(c).expect("piece letter");
                    squares[rank * 8 + file] = Some((color, piece));
                    file += 1;
                }
            }
        }
        RefBoard {
            squares,
            side: if fields[1] == "w" {
                Color::White
            } else {
                Color::Black
            },
            castling: [None; 4],
            ep: (fields[3] != "-").then(|| index(fields[3])),
        }
        .with_rights(fields[2])
    }

    /// Reads a castling field: `KQkq` (the outermost rook on that side of the king) or rook
    /// files (`HAha`), in any mix.
    fn with_rights(mut self, field: &str) -> RefBoard {
        for c in field.chars().filter(|&c| c != '-') {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = if color == Color::White { 0 } else { 56 };
            let king = self.king(color);
            let rook_files: Vec<usize> = (0..8)
                .filter(|&f| self.squares[back + f] == Some((color, Piece::Rook)))
                .collect();
            let (right, file) = match c.to_ascii_lowercase() {
                'k' => (
                    0,
                    *rook_files.iter().filter(|&&f| f > king % 8).max().unwrap(),
                ),
                'q' => (
                    1,
                    *rook_files.iter().filter(|&&f| f < king % 8).min().unwrap(),
                ),
                letter => {
                    let file = (letter as u8 - b'a') as usize;
                    (if file > king % 8 { 0 } else { 1 }, file)
                }
            };
            let index = right + if color == Color::White { 0 } else { 2 };
            self.castling[index] = Some(back + file);
        }
        self
    }

    /// The placement and side to move of an engine board (no castling rights, no en passant):
    /// enough for attack questions.
    pub fn placement_of(board: &Board) -> RefBoard {
        let mut squares = [None; 64];
        for (i, slot) in squares.iter_mut().enumerate() {
            let sq = Square::ALL[i];
            *slot = board.color_on(sq).zip(board.piece_on(sq));
        }
        RefBoard {
            squares,
            side: board.side_to_move(),
            castling: [None; 4],
            ep: None,
        }
    }

    fn occupied(&self) -> u64 {
        (0..64)
            .filter(|&s| self.squares[s].is_some())
            .fold(0, |bb, s| bb | 1 << s)
    }

    fn own(&self, color: Color) -> u64 {
        (0..64)
            .filter(|&s| matches!(self.squares[s], Some((c, _)) if c == color))
            .fold(0, |bb, s| bb | 1 << s)
    }

    /// The squares the piece on `sq` attacks.
    fn attacks_from(&self, sq: usize) -> u64 {
        let Some((color, piece)) = self.squares[sq] else {
            return 0;
        };
        let occupied = self.occupied();
        match piece {
            Piece::Pawn => geometry::pawn_attacks(color == Color::White, sq),
            Piece::Knight => leaper_attacks(sq, &KNIGHT_STEPS),
            Piece::Bishop => slow_bishop_attacks(sq, occupied),
            Piece::Rook => slow_rook_attacks(sq, occupied),
            Piece::Queen => slow_bishop_attacks(sq, occupied) | slow_rook_attacks(sq, occupied),
            Piece::King => leaper_attacks(sq, &KING_STEPS),
        }
    }

    /// The squares of `by`'s pieces that attack `target`.
    pub fn attackers(&self, target: usize, by: Color) -> u64 {
        (0..64)
            .filter(|&s| matches!(self.squares[s], Some((c, _)) if c == by))
            .filter(|&s| self.attacks_from(s) >> target & 1 != 0)
            .fold(0, |bb, s| bb | 1 << s)
    }

    /// Whether any piece of `by` attacks `target`.
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        self.attackers(target, by) != 0
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> usize {
        (0..64)
            .find(|&s| self.squares[s] == Some((color, Piece::King)))
            .expect("each side has a king")
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        self.attackers(self.king(self.side), !self.side)
    }

    /// The side to move's pieces that are the only piece between their king and an enemy
    /// slider: taking one off the board would let that slider attack the king.
    pub fn pinned(&self) -> u64 {
        let us = self.side;
        let king = self.king(us);
        let before = self.checkers();
        let mut pinned = 0;
        for sq in 0..64 {
            if sq == king || !matches!(self.squares[sq], Some((c, _)) if c == us) {
                continue;
            }
            let mut without = *self;
            without.squares[sq] = None;
            let revealed = without.attackers(king, !us) & !before;
            if revealed != 0 {
                pinned |= 1 << sq;
            }
        }
        pinned
    }

    /// Pseudo-legal moves: each piece's moves by the rules of movement, ignoring whether the
    /// mover's king is left in check (castling through check is excluded here).
    pub fn pseudo_legal_moves(&self) -> Vec<RefMove> {
        let us = self.side;
        let mut moves = Vec::new();
        for from in 0..64 {
            match self.squares[from] {
                Some((c, Piece::Pawn)) if c == us => self.pawn_moves(from, &mut moves),
                Some((c, piece)) if c == us => {
                    let targets = self.attacks_from(from) & !self.own(us);
                    for to in (0..64).filter(|&t| targets >> t & 1 != 0) {
                        moves.push(RefMove {
                            from,
                            to,
                            promotion: None,
                        });
                    }
                    if piece == Piece::King {
                        self.castling_moves(from, &mut moves);
                    }
                }
                _ => {}
            }
        }
        moves
    }

    fn pawn_moves(&self, from: usize, moves: &mut Vec<RefMove>) {
        let us = self.side;
        let (dir, start_rank, last_rank) = match us {
            Color::White => (1, 1, 7),
            Color::Black => (-1, 6, 0),
        };
        let mut add = |to: usize| {
            if to / 8 == last_rank {
                for p in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                    moves.push(RefMove {
                        from,
                        to,
                        promotion: Some(p),
                    });
                }
            } else {
                moves.push(RefMove {
                    from,
                    to,
                    promotion: None,
                });
            }
        };
        if let Some(one) = offset(from, 0, dir).filter(|&s| self.squares[s].is_none()) {
            add(one);
            if from / 8 == start_rank {
                if let Some(two) = offset(one, 0, dir).filter(|&s| self.squares[s].is_none()) {
                    add(two);
                }
            }
        }
        for df in [-1, 1] {
            if let Some(to) = offset(from, df, dir) {
                let enemy = matches!(self.squares[to], Some((c, _)) if c != us);
                if enemy || self.ep == Some(to) {
                    add(to);
                }
            }
        }
    }

    fn castling_moves(&self, king: usize, moves: &mut Vec<RefMove>) {
        let us = self.side;
        let (back, first_right) = match us {
            Color::White => (0, 0),
            Color::Black => (56, 2),
        };
        if king / 8 != back / 8 || self.attacked(king, !us) {
            return;
        }
        let span = |a: usize, b: usize| a.min(b)..=a.max(b);
        for (right, (king_file, rook_file)) in [(first_right, (6, 5)), (first_right + 1, (2, 3))] {
            let Some(rook) = self.castling[right] else {
                continue;
            };
            if self.squares[rook] != Some((us, Piece::Rook)) {
                continue;
            }
            let (king_to, rook_to) = (back + king_file, back + rook_file);
            let clear = span(king, king_to)
                .chain(span(rook, rook_to))
                .all(|s| s == king || s == rook || self.squares[s].is_none());
            let safe = span(king, king_to).all(|s| !self.attacked(s, !us));
            if clear && safe {
                moves.push(RefMove {
                    from: king,
                    to: rook,
                    promotion: None,
                });
            }
        }
    }

    /// The board after `mv` (which must be pseudo-legal).
    pub fn make(&self, mv: RefMove) -> RefBoard {
        let mut next = *self;
        let (color, piece) = self.squares[mv.from].expect("a piece moves");
        let file_change = (mv.to % 8) as i32 - (mv.from % 8) as i32;
        let rank_change = (mv.to / 8) as i32 - (mv.from / 8) as i32;
        if piece == Piece::Pawn && file_change != 0 && self.squares[mv.to].is_none() {
            // En passant: the captured pawn stands beside the mover, on the target's file.
            next.squares[mv.from / 8 * 8 + mv.to % 8] = None;
        }
        let own_rook = self.squares[mv.to] == Some((color, Piece::Rook));
        if piece == Piece::King && own_rook {
            // Castling, king takes rook: the rook's side of the king says which.
            let back = mv.from / 8 * 8;
            let (king_file, rook_file) = if mv.to > mv.from { (6, 5) } else { (2, 3) };
            next.squares[mv.from] = None;
            next.squares[mv.to] = None;
            next.squares[back + king_file] = Some((color, Piece::King));
            next.squares[back + rook_file] = Some((color, Piece::Rook));
        } else {
            next.squares[mv.from] = None;
            next.squares[mv.to] = Some((color, mv.promotion.unwrap_or(piece)));
        }
        // A king move loses both of its side's rights; a rook leaving its square, or taken
        // on it, loses that rook's right.
        let own_rights = if color == Color::White {
            [0, 1]
        } else {
            [2, 3]
        };
        for (r, right) in next.castling.iter_mut().enumerate() {
            let king_moved = piece == Piece::King && own_rights.contains(&r);
            if king_moved || *right == Some(mv.from) || *right == Some(mv.to) {
                *right = None;
            }
        }
        next.ep = (piece == Piece::Pawn && rank_change.abs() == 2).then(|| (mv.from + mv.to) / 2);
        next.side = !self.side;
        next
    }

    /// Legal moves: the pseudo-legal moves after which the mover's king is not attacked.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let us = self.side;
        self.pseudo_legal_moves()
            .into_iter()
            .filter(|&mv| {
                let after = self.make(mv);
                !after.attacked(after.king(us), !us)
            })
            .collect()
    }

    /// The legal moves as sorted UCI strings.
    pub fn legal_uci(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal_moves().iter().map(RefMove::uci).collect();
        v.sort();
        v
    }

    /// Finds the legal move with this UCI text.
    pub fn find(&self, uci: &str) -> Option<RefMove> {
        self.legal_moves().into_iter().find(|m| m.uci() == uci)
    }

    /// Differences between this board and an engine board (placement, side, castling rights),
    /// as a message; `None` when they agree.
    pub fn disagreement(&self, board: &Board) -> Option<String> {
        let theirs = RefBoard::placement_of(board);
        let mut diffs = Vec::new();
        for sq in 0..64 {
            if self.squares[sq] != theirs.squares[sq] {
                diffs.push(format!(
                    "{}: reference {:?}, engine {:?}",
                    name(sq),
                    self.squares[sq],
                    theirs.squares[sq]
                ));
            }
        }
        if self.side != board.side_to_move() {
            diffs.push(format!("side to move: reference {:?}", self.side));
        }
        let sides = [
            (Color::White, CastleSide::King),
            (Color::White, CastleSide::Queen),
            (Color::Black, CastleSide::King),
            (Color::Black, CastleSide::Queen),
        ];
        for (i, (color, side)) in sides.into_iter().enumerate() {
            let engine = board.castling_rook(color, side).map(|s| s as usize);
            if engine != self.castling[i] {
                diffs.push(format!(
                    "castling right {}: reference rook {:?}, engine {:?}",
                    RIGHT_CHARS[i],
                    self.castling[i].map(name),
                    engine.map(name)
                ));
            }
        }
        (!diffs.is_empty()).then(|| diffs.join("; "))
    }
}
