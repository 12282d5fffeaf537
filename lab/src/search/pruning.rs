//! Paper 000's rule-based forward pruning ("Pruning the Search Space", third attempt): at a
//! node, only moves that satisfy broad playing principles are searched.
//!
//! For the side to move at the root (the paper's "max" player) a move is kept when
//!
//! 1. it moves a threatened piece, or
//! 2. it raises the moving piece's activity (the squares it attacks), or
//! 3. it captures (promotions count as captures here),
//!
//! and, of those, it is dropped when
//!
//! 4. it loses material by static exchange.
//!
//! The opponent's nodes use a relaxed version, "in case the assumption [that the same rules
//! apply to both players] is incorrect": there a move is kept when it satisfies any of rules
//! 1–3 *or gives check*, and rule 4 is not applied — the opponent may sacrifice, and may answer
//! with checks, so the search does not assume it plays by our principles.
//!
//! Never pruned: positions in check (every evasion is searched), and lists the rules would
//! empty (then every move is searched). The rules are named predicates in [`KEEP_RULES`] and
//! [`DROP_RULES`]: a fifth rule is one function added to a list.
//!
//! **Threatened** (rule 1) means attacked by the opponent with gain: by a less valuable piece,
//! or at all when undefended — the ordinary meaning of a piece being "en prise"; a piece that
//! is merely attacked but adequately defended is not threatened. **Activity** (rule 2) is the
//! number of squares the piece attacks, before the move from its square and after the move from
//! its new square with the occupancy the move leaves; a pawn's activity is its two capture
//! squares (its pushes are not attacks), so quiet pawn moves are kept only by rules 1 and 3.

use super::see::{see_ge, see_value};
use chainmate::core::attacks::piece_attacks;
use chainmate::core::{Board, Move, Piece};

/// A rule: a named predicate over a move in a position.
pub struct Rule {
    /// What the rule is called in reports.
    pub name: &'static str,
    /// Whether the move satisfies it.
    pub test: fn(&Board, Move) -> bool,
}

/// A move is kept if it satisfies any of these (rules 1–3).
pub const KEEP_RULES: [Rule; 3] = [
    Rule {
        name: "moves a threatened piece",
        test: moves_threatened_piece,
    },
    Rule {
        name: "raises the piece's activity",
        test: raises_activity,
    },
    Rule {
        name: "captures or promotes",
        test: captures,
    },
];

/// A kept move is dropped if it satisfies any of these (rule 4; not at the opponent's nodes).
pub const DROP_RULES: [Rule; 1] = [Rule {
    name: "loses material by exchange",
    test: loses_exchange,
}];

/// Rule 1: the moving piece stands attacked by the opponent with gain.
pub fn moves_threatened_piece(board: &Board, mv: Move) -> bool {
    let from = mv.from();
    let us = board.side_to_move();
    let Some(piece) = board.piece_on(from) else {
        return false;
    };
    if piece == Piece::King {
        return board.is_check();
    }
    let occupied = board.occupied();
    let attackers = board.attackers_to(from, occupied);
    let theirs = attackers & board.color(!us);
    if theirs.is_empty() {
        return false;
    }
    let defended = (attackers & board.color(us)).any();
    let cheapest = theirs
        .into_iter()
        .filter_map(|sq| board.piece_on(sq))
        .map(see_value)
        .min()
        .unwrap_or(i32::MAX);
    !defended || cheapest < see_value(piece)
}

/// Rule 2: the piece attacks more squares after the move than before.
pub fn raises_activity(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let Some(piece) = board.piece_on(mv.from()) else {
        return false;
    };
    let before = piece_attacks(piece, us, mv.from(), board.occupied()).popcount();
    let landed = mv.promotion().unwrap_or(piece);
    let occupied_after = (board.occupied() ^ mv.from()) | mv.dest();
    let after = piece_attacks(landed, us, mv.dest(), occupied_after).popcount();
    after > before
}

/// Rule 3: the move captures or promotes.
pub fn captures(_board: &Board, mv: Move) -> bool {
    mv.is_noisy()
}

/// Rule 4: the exchange the move starts loses material.
pub fn loses_exchange(board: &Board, mv: Move) -> bool {
    !see_ge(board, mv, 0)
}

/// Whether paper 000's rules keep `mv`. `relaxed` selects the opponent's version.
pub fn keeps(board: &Board, mv: Move, relaxed: bool) -> bool {
    let wanted = KEEP_RULES.iter().any(|r| (r.test)(board, mv));
    if relaxed {
        wanted || board.gives_check(mv)
    } else {
        wanted && !DROP_RULES.iter().any(|r| (r.test)(board, mv))
    }
}

/// Whether the rules let the search try `mv` before the node's moves are generated (the hash
/// move): always in check, otherwise if [`keeps`] it.
pub fn allows(board: &Board, mv: Move, relaxed: bool) -> bool {
    board.is_check() || keeps(board, mv, relaxed)
}

/// The rules applied to a node's moves: filters `moves` in place, unless the side to move is
/// in check or the rules would leave nothing (then every move stays). Returns whether
/// anything was removed. The search calls this (through [`super::Lab`]) once per node it
/// prunes (and once for the root moves), and [`allows`] for the hash move before generation.
pub fn apply(board: &Board, moves: &mut chainmate::core::MoveList, relaxed: bool) -> bool {
    if board.is_check() {
        return false;
    }
    let before = moves.len();
    let kept = moves.iter().filter(|&&m| keeps(board, m, relaxed)).count();
    if kept == 0 || kept == before {
        return false;
    }
    moves.retain(|m| keeps(board, m, relaxed));
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(fen: &str, relaxed: bool) -> Vec<String> {
        let board = Board::from_fen(fen).unwrap();
        let mut moves = board.legal_moves();
        apply(&board, &mut moves, relaxed);
        let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn keeps_the_winning_capture_and_drops_the_losing_one() {
        // White rooks on b1 and e1: Rxe5 wins an undefended pawn, Rxb7 loses the rook to the
        // king (b8). Both are captures (rule 3); rule 4 drops Rxb7.
        let moves = kept("1k6/1p6/8/4p3/8/8/8/1R2R1K1 w - - 0 1", false);
        assert!(moves.contains(&"e1e5".to_string()));
        assert!(!moves.contains(&"b1b7".to_string()));
    }

    #[test]
    fn the_opponent_keeps_sacrifices_and_checks() {
        // The same position with the relaxed rules: the losing capture stays.
        let moves = kept("1k6/1p6/8/4p3/8/8/8/1R2R1K1 w - - 0 1", true);
        assert!(moves.contains(&"b1b7".to_string()));
    }

    #[test]
    fn a_threatened_piece_may_move_and_a_passive_move_is_pruned() {
        // The knight on d4 is attacked by the e5 pawn: its retreat Nd4-b3 is kept (rule 1)
        // although from b3 it attacks 6 squares instead of 8; Kf1-g1 (5 attacked squares
        // before and after) is pruned.
        let fen = "4k3/8/8/4p3/3N4/8/8/5K2 w - - 0 1";
        let moves = kept(fen, false);
        assert!(moves.contains(&"d4b3".to_string()));
        assert!(!moves.contains(&"f1g1".to_string()));
        // Every rule is a named predicate.
        let board = Board::from_fen(fen).unwrap();
        let nb3 = board.parse_uci("d4b3").unwrap();
        assert!(moves_threatened_piece(&board, nb3));
        assert!(!raises_activity(&board, nb3));
    }

    #[test]
    fn never_prunes_in_check_or_to_nothing() {
        // In check: all evasions stay.
        let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(kept(fen, false).len(), board.legal_moves().len());
        // White can only push the g- or h-pawn (g1 is covered by the black king): no push
        // raises a pawn's attack count, none captures, the pawns are not threatened (g2 is
        // defended): the rules would keep nothing, so all four pushes stay.
        let fen = "8/8/8/8/8/8/5kPP/7K w - - 0 1";
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(kept(fen, false).len(), board.legal_moves().len());
    }
}
