//! Every weight of `full`, declared through `full_params!`: its name, documentation, size
//! and default.

use super::params::{full_params, Tapered, S};

const Z: S = [0, 0];

full_params! {
    /// Material: pawn, knight, bishop, rook, queen.
    material: 5 = Tapered([[100, 100], [300, 300], [300, 300], [450, 450], [900, 900]]),
    /// Paper 004's grading by pawn structure: knight, bishop, rook, queen (rows) in a closed
    /// (13-16 pawns), semi-closed (9-12), semi-open (5-8), open (0-4) position.
    grading: 16 = Tapered::filled(Z),
    /// Pawn by square (White's view, mirrored for Black).
    psqt_pawn: 64 = Tapered::filled(Z),
    /// Knight by square.
    psqt_knight: 64 = Tapered::filled(Z),
    /// Bishop by square.
    psqt_bishop: 64 = Tapered::filled(Z),
    /// Rook by square.
    psqt_rook: 64 = Tapered::filled(Z),
    /// Queen by square.
    psqt_queen: 64 = Tapered::filled(Z),
    /// King by square.
    psqt_king: 64 = Tapered::filled(Z),
    /// Opening (npm >= 45): each centre square attacked by a knight, bishop, rook or queen.
    centre_control: 1 = Tapered::filled(Z),
    /// Opening: knight before bishop, queen out early, rook out early, pieces moved twice.
    development: 4 = Tapered::filled(Z),
    /// Knight by number of squares in its mobility area.
    mobility_knight: 9 = Tapered::filled(Z),
    /// Bishop by mobility.
    mobility_bishop: 14 = Tapered::filled(Z),
    /// Rook by mobility.
    mobility_rook: 15 = Tapered::filled(Z),
    /// Queen by mobility.
    mobility_queen: 28 = Tapered::filled(Z),
    /// Enemy pawn, knight, bishop, rook, queen attacked by a pawn.
    threat_by_pawn: 5 = Tapered::filled(Z),
    /// Enemy pieces (by type) attacked by a knight or bishop.
    threat_by_minor: 5 = Tapered::filled(Z),
    /// Enemy pieces (by type) attacked by a rook.
    threat_by_rook: 5 = Tapered::filled(Z),
    /// Enemy pieces (by type) attacked by a queen.
    threat_by_queen: 5 = Tapered::filled(Z),
    /// Undefended enemy pieces the king attacks.
    threat_by_king: 1 = Tapered::filled(Z),
    /// Enemy non-king pieces attacked and not defended.
    hanging: 1 = Tapered::filled(Z),
    /// Own pawn, knight, bishop, rook, queen defended by an own piece or pawn.
    defended: 5 = Tapered::filled(Z),
    /// Own pawn in the king's immediate, cross, diagonal, sinuous shelter zone.
    shelter_pawn: 4 = Tapered::filled(Z),
    /// Own knight, bishop, rook, queen in the king's shelter.
    shelter_piece: 4 = Tapered::filled(Z),
    /// King zone squares attacked by an enemy knight, bishop, rook, queen (per attack).
    king_zone_attacks: 4 = Tapered::filled(Z),
    /// Number of enemy pieces attacking the king zone (0..7).
    king_attackers: 8 = Tapered::filled(Z),
    /// Safe checks available to an enemy knight, bishop, rook, queen.
    safe_check: 4 = Tapered::filled(Z),
    /// No own pawn on the king's file.
    king_open_file: 1 = Tapered::filled(Z),
    /// Empty squares next to the king that the enemy does not attack.
    king_free_squares: 1 = Tapered::filled(Z),
    /// Passed pawn by relative rank.
    passed: 8 = Tapered::filled(Z),
    /// Pawn with no own pawn on a neighbouring file.
    isolated: 1 = Tapered::filled(Z),
    /// Pawn with an own pawn in front of it on its file.
    doubled: 1 = Tapered::filled(Z),
    /// Pawn that no neighbour can support and whose stop square an enemy pawn attacks.
    backward: 1 = Tapered::filled(Z),
    /// Pawn with an own pawn beside it, by relative rank.
    phalanx: 8 = Tapered::filled(Z),
    /// Pawn defended by an own pawn, by relative rank.
    supported: 8 = Tapered::filled(Z),
    /// Passed pawn with nothing between it and its promotion square, by rank.
    passed_free: 8 = Tapered::filled(Z),
    /// Passed pawn: distance of the own king to the square in front, by rank (per square).
    passed_own_king: 8 = Tapered::filled(Z),
    /// Passed pawn: distance of the enemy king to the square in front, by rank (per square).
    passed_enemy_king: 8 = Tapered::filled(Z),
    /// Two bishops.
    bishop_pair: 1 = Tapered::filled(Z),
    /// Knight on an outpost.
    knight_outpost: 1 = Tapered::filled(Z),
    /// Bishop on an outpost.
    bishop_outpost: 1 = Tapered::filled(Z),
    /// Rook on a file without pawns.
    rook_open_file: 1 = Tapered::filled(Z),
    /// Rook on a file without own pawns but with enemy pawns.
    rook_semi_open_file: 1 = Tapered::filled(Z),
    /// Rook on the seventh rank.
    rook_seventh: 1 = Tapered::filled(Z),
    /// Own pawns on the bishop's square colour (per pawn and bishop).
    bad_bishop: 1 = Tapered::filled(Z),
    /// Knight or bishop with an own pawn right in front of it.
    minor_behind_pawn: 1 = Tapered::filled(Z),
    /// The side to move.
    tempo: 1 = Tapered::filled(Z),
    /// Pawn shelter, on each file from the king's left to its right: the nearest own pawn
    /// level with or in front of the king, by its distance in ranks (0–6; 7 = none), on the
    /// king's file (8–15) or beside it (0–7).
    shelter_distance: 16 = Tapered::filled(Z),
    /// Pawn storm, on the same files: the nearest enemy pawn level with or in front of the
    /// king, by its distance in ranks (0–6; 7 = none), blocked by an own pawn right in front
    /// of it (8–15) or free (0–7).
    storm_distance: 16 = Tapered::filled(Z),
    /// Passed pawn whose stop square the enemy does not attack, by relative rank.
    passed_safe_stop: 8 = Tapered::filled(Z),
    /// Enemy knights, bishops, rooks and queens a pawn would attack after a safe push (to an
    /// empty square no enemy pawn attacks and the enemy does not attack or we defend).
    pawn_push_threat: 1 = Tapered::filled(Z),
    /// King danger (the quadratic term, see `KING_DANGER_MG_DIVISOR`): per attack of an
    /// enemy knight, bishop, rook, queen on a square next to the king.
    danger_zone_attacks: 4 = Tapered::filled(Z),
    /// King danger: per enemy piece attacking the squares next to the king.
    danger_attackers: 1 = Tapered::filled(Z),
    /// King danger: per safe check of an enemy knight, bishop, rook, queen.
    danger_safe_check: 4 = Tapered::filled(Z),
    /// King danger: per square next to the king that the enemy attacks and that only the
    /// king or the queen defends, or nothing.
    danger_weak_square: 1 = Tapered::filled(Z),
    /// King danger: once when the enemy has no queen.
    danger_no_queen: 1 = Tapered::filled(Z),
    /// King danger: once (an offset, typically negative, that a few attacks must overcome).
    danger_base: 1 = Tapered::filled(Z),
    /// Space, while `npm` ≥ `SPACE_PHASE`: the safe squares on files c–f of the own second
    /// to fourth ranks (no own pawn, no enemy pawn attack), those up to three squares behind
    /// an own pawn and unattacked counted twice, times `w² / 64` with `w` the side's pieces
    /// (pawns and king included) − 3 + the blocked pawns (at most 9): Stockfish's shape (its
    /// `/ 16` is in units a quarter of a centipawn; with whole-centipawn weights `/ 16` left
    /// the fitted weight below one half, rounded to nothing).
    space: 1 = Tapered::filled(Z),
    /// Complexity (Ethereal's term; endgame weights only): the endgame sum moves towards zero
    /// or away from it by `Σ weight × count` over the pawns, the passed pawns, pawns on both
    /// wings, a pawn ending (no other piece), the kings' outflanking (file distance − rank
    /// distance) and once — never past zero (`complexity_adjustment`).
    complexity: 6 = Tapered::filled(Z),
    /// Candidate passed pawn (not passed, but every enemy pawn that could stop it is one
    /// that attacks it or its stop square, and the stop square has at least as many own pawn
    /// defenders as enemy pawn attackers), by relative rank; 8–15 when the pawn itself is
    /// also defended at least as often as attacked (Ethereal's two kinds).
    candidate_passer: 16 = Tapered::filled(Z),
    /// The king's distance in files to the nearest file that holds a pawn of either side
    /// (0–7; not counted without pawns): a king far from every pawn is out of play in an
    /// ending.
    king_pawn_proximity: 8 = Tapered::filled(Z),
    /// Knight far from both kings: its distance to the nearer king, 4, 5, 6 or 7 squares
    /// (nearer is not counted) — a knight on the far wing ("in Siberia") defends and attacks
    /// nothing that matters.
    knight_far_from_kings: 4 = Tapered::filled(Z),
    /// Bishop on a long diagonal (a1–h8 or h1–a8, off the four centre squares) that sees both
    /// centre squares of its diagonal through the pawns.
    bishop_long_diagonal: 1 = Tapered::filled(Z),
}
