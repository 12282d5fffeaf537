//! A slow, obviously correct move generator written only for the tests.
//!
//! It shares nothing with the engine's generator but the square geometry oracle
//! (`geometry::slow_*_attacks`, `geometry::leaper_attacks`, `geometry::pawn_attacks`), which the
//! table tests check on their own. The board is a plain mailbox; moves are generated
//! pseudo-legally piece by piece and kept when the mover's king is not attacked after the move
//! is made on a copy. Castling rights and the en-passant square come from the FEN text and
//! from the moves this board itself has played, never from the engine's `Board`.

use chainmate::core::geometry::{
    self, leaper_attacks, offset, slow_bishop_attacks, slow_rook_attacks, KING_STEPS, KNIGHT_STEPS,
};
use chainmate::core::{Board, Color, Piece, Square};

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
    /// UCI text (castling as the king's two-square move).
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
    /// Indexed like [`RIGHT_CHARS`].
    pub castling: [bool; 4],
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
            castling: RIGHT_CHARS.map(|c| fields[2].contains(c)),
            ep: (fields[3] != "-").then(|| index(fields[3])),
        }
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
            castling: [false; 4],
            ep: None,
        }
    }

    /// Castling rights in FEN notation.
    pub fn castling_text(&self) -> String {
        let s: String = RIGHT_CHARS
            .iter()
            .zip(self.castling)
            .filter(|(_, has)| *has)
            .map(|(c, _)| *c)
            .collect();
        if s.is_empty() {
            "-".to_string()
        } else {
            s
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
        let (home, first_right) = match us {
            Color::White => (4, 0),
            Color::Black => (60, 2),
        };
        if king != home {
            return;
        }
        // (right, rook square, squares that must be empty, squares the king crosses or lands on)
        let sides = [
            (first_right, home + 3, vec![home + 1, home + 2], home + 2),
            (
                first_right + 1,
                home - 4,
                vec![home - 1, home - 2, home - 3],
                home - 2,
            ),
        ];
        for (right, rook, empty, king_to) in sides {
            let path_clear = empty.iter().all(|&s| self.squares[s].is_none());
            let rook_home = self.squares[rook] == Some((us, Piece::Rook));
            let crossed = [home, (home + king_to) / 2, king_to];
            let safe = crossed.iter().all(|&s| !self.attacked(s, !us));
            if self.castling[right] && rook_home && path_clear && safe {
                moves.push(RefMove {
                    from: home,
                    to: king_to,
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
        if piece == Piece::King && file_change.abs() == 2 {
            let (rook_from, rook_to) = if file_change > 0 {
                (mv.from + 3, mv.from + 1)
            } else {
                (mv.from - 4, mv.from - 1)
            };
            next.squares[rook_to] = next.squares[rook_from].take();
        }
        next.squares[mv.from] = None;
        next.squares[mv.to] = Some((color, mv.promotion.unwrap_or(piece)));
        // A right is lost when its king or rook square is left or captured on.
        let lost = [
            (4, [0, 1]),
            (7, [0, 0]),
            (0, [1, 1]),
            (60, [2, 3]),
            (63, [2, 2]),
            (56, [3, 3]),
        ];
        for (sq, rights) in lost {
            if mv.from == sq || mv.to == sq {
                for r in rights {
                    next.castling[r] = false;
                }
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
        let rights = board.castling_rights().to_string();
        if self.castling_text() != rights {
            diffs.push(format!(
                "castling: reference {}, engine {rights}",
                self.castling_text()
            ));
        }
        (!diffs.is_empty()).then(|| diffs.join("; "))
    }
}
