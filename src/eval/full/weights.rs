//! Every weight of `full` with the value the engine ships: the fitted weights, written as
//! literals so that reading a term's weights shows its numbers. `Full::default()` is the
//! evaluator the engine plays with; a parameter file (`EvalFile` in UCI, `--params` on the
//! command line) overrides any of them by name (`passed_eg_6 = 40`).
//!
//! The block below is what `chainmate-lab eval --evaluator full --dump-params --rust` prints
//! (`tapered::rust_block`), and a test keeps it so: to ship a new fit, print the block for the
//! fitted file (`--params fit.txt`), paste it over this one, and say in the comment above it
//! how the fit was made (`docs/evaluators.md`, *Shipping a fit*).

use super::tapered::{full_params, Tapered, S};

// How these values were fitted. Self-play positions:
//   chainmate-lab datagen --out selfplay-5k-s1.epd --positions 5000000 --nodes 5000 \
//     --book 8moves_v3_sample4999.epd --random-plies 2 --seed 1 --concurrency 2
// (all 5,000,043 positions; the last tenth held out), then
//   chainmate-lab tune --method gradient --data selfplay-5k-s1.epd --params start.txt \
//     --rounds 500 --rate 1 --blend 0.75 --exclude 'space*' --exclude 'complexity*'
// where start.txt is the weights fitted before on the same data
// (git show 7a07bff:src/eval/full_tuned.txt), with four terms added at zero: candidate
// passers, the king's file distance to the pawns, knights far from both kings, bishops on long
// diagonals (space and complexity stay at zero: docs/evaluators.md).
//
// The thirteen fields after `bishop_long_diagonal` (trapped rooks ... passed pawns by
// file) were fitted alone, every other weight held at the values above, on new
// self-play positions with the openings' own plies kept:
//   chainmate-lab datagen --out sp2m-s11.epd --positions 1274194 --nodes 5000 \
//     --book 2moves_v1.epd --random-plies 2 --skip-plies 0 --seed 11 --concurrency 2
// (19,676 games; the last tenth of the positions held out), then
//   chainmate-lab tune --method gradient --data sp2m-s11.epd --rounds 500 --rate 1 --blend 0.75 \
//     --exclude 'material_mg*' --exclude 'material_eg*' ... (every older field, both phases)
// (docs/evaluators.md, *Thirteen more terms*).
//
// Then (docs/strength-log.md #72) every weight refitted together, starting from the
// values those two fits gave, held near them by an L2 penalty, on 1,432,452 positions of two
// newer self-play streams (docs/tuning.md, *The 20 M set for issue 47*):
//   chainmate-lab datagen --out sp-8moves-r2-s32.epd --positions 6000000 --nodes 5000 \
//     --book 8moves_v3_sample4999.epd --random-plies 2 --skip-plies 0 --seed 32
//   chainmate-lab datagen --out sp-gm-r0-s34.epd --positions 4000000 --nodes 5000 \
//     --book gm-positions-s34.epd --random-plies 0 --skip-plies 0 --seed 34
//   head -n 596488 sp-8moves-r2-s32.epd > s24-frozen.epd   # the first 596,488 lines
//   cat sp-gm-r0-s34.epd >> s24-frozen.epd                  # its first 835,964 lines
//   chainmate-lab tune --method gradient --data s24-frozen.epd --rounds 500 --rate 1 \
//     --blend 0.75 --l2 1e-7
// (the last tenth held out: error 0.098021 -> 0.096932; 75 weights moved by 3 cp or more).

//
// Then (docs/strength-log.md #86) every weight refitted again from those values, held near
// them by the same L2 penalty, towards a new target: half the game's result and half the
// score of a stronger engine (Stockfish 11 at depth 8), on 2,175,554 positions of the
// committed self-play chunks of `data/` (chunk 0 of the 8moves, 2moves and GM streams; the
// held-out chunk kept out; docs/tuning.md, *Which target*):
//   chainmate-lab tune --method gradient --viri data/README.md --teacher sf11-d8 \
//     --blend 0.5 --teacher-blend 0.5 --rounds 500 --l2 1e-7
// (held-out error against the results 0.092290 -> 0.091619; the evaluation error against
// the teacher on the held-out chunk 0.018319 -> 0.016540).

full_params! {
    /// Material: pawn, knight, bishop, rook, queen.
    material: 5 = Tapered([[65, 144], [271, 445], [281, 466], [335, 731], [715, 1336]]),
    /// Paper 004's grading by pawn structure: knight, bishop, rook, queen (rows) in a closed (13-16
    /// pawns), semi-closed (9-12), semi-open (5-8), open (0-4) position.
    grading: 16 = Tapered([
        [ -13,  216], [ -12,  156], [  -4,   80], [-335,   -7],
        [  21,  207], [  26,  168], [  48,   93], [-392,   48],
        [  30,  177], [   5,  234], [ -10,  179], [-318,    4],
        [ -28,  708], [   4,  655], [ 136,  401], [-311, -235],
    ]),
    /// Pawn by square (White's view, mirrored for Black).
    psqt_pawn: 64 = Tapered::from_diagrams(
        // middlegame
        [
              0,   0,   0,   0,   0,   0,   0,   0,
             75,  80,   8, 113, 159, 105,  49,  49,
             19,   9,  16,  35,  28,  65,  22,  18,
             -9,   3,   2,   4,  16,  33,  11,   6,
            -12,  -8,   7,  13,  23,  13,   1,  -7,
            -21, -14,  -8,  -4, -11,  -6,   3,  -8,
            -15,  -5,  -7,  -5, -18,  20,  19, -11,
              0,   0,   0,   0,   0,   0,   0,   0,
        ],
        // endgame
        [
              0,   0,   0,   0,   0,   0,   0,   0,
             21,  82, 122,  48,  22,  53,  64,  35,
             27,  33,  42,  12,  17,  17,  39,  22,
             33,  14,  10, -10,  -1,  -9,  11,  10,
             18,  10,  -6, -10,  -9,  -1,  -6,  -1,
              9,  -4,   4,   9,   9,   0, -15, -10,
             18,   2,  22,  14,  29,  16,  -4, -13,
              0,   0,   0,   0,   0,   0,   0,   0,
        ],
    ),
    /// Knight by square.
    psqt_knight: 64 = Tapered::from_diagrams(
        // middlegame
        [
             -51, -103,  -98,   18,   61,  -95,  -35, -145,
               8,   -1,   26,   85,    0,   35,   41,  -24,
             -21,   26,   42,   37,   68,   86,   39,  -14,
              64,   52,   48,   73,   59,   62,   51,   53,
              46,   37,   52,   47,   54,   59,   58,   45,
              10,   19,   11,   20,   31,   16,   31,   16,
               5,    4,   22,    5,   10,   19,   26,   13,
              31,  -11,    8,   10,   12,    5,   -8,   37,
        ],
        // endgame
        [
            -104,   92,   71,   42,   25,   57,  103,   73,
              28,   39,   52,   22,  103,   50,   24,   51,
              50,   40,   32,   53,   48,   25,   55,   72,
              25,   23,   49,   52,   55,   50,   48,   77,
              18,   49,   32,   59,   45,   41,   38,   45,
              12,   24,   24,   35,   42,   13,    8,   33,
              24,   52,   -5,   23,   20,   -4,   22,   17,
               7,   45,   27,   55,   26,  -17,    7,  -18,
        ],
    ),
    /// Bishop by square.
    psqt_bishop: 64 = Tapered::from_diagrams(
        // middlegame
        [
             -57,   -9,  -24,  -86,  -68, -174,   57,  -83,
             -24,  -21,    7,  -16,  -23,   -4,  -54,  -42,
               8,   32,   -6,   26,   29,   37,   23,   22,
              22,    2,   22,   34,   44,   35,   17,   -1,
               5,   17,   10,   41,   20,   13,   16,   14,
              10,   27,   14,    9,    7,    8,   40,   12,
               7,   10,   19,    1,   -2,   38,    7,   19,
              -6,   30,   -4,  -10,   22,  -22,   -1,  -40,
        ],
        // endgame
        [
              20,   36,   46,   84,   78,   81,   17,    2,
              47,    9,   41,   58,   77,   42,   23,   50,
              15,   24,   10,   36,   38,   28,   46,   30,
              30,   49,   36,   36,   41,   33,   50,   27,
              11,   33,   38,   40,   35,   46,   21,    5,
               2,   21,    1,   36,   41,   -7,    2,   15,
              14,  -18,   19,   32,   18,   -7,  -27,   18,
               7,   -8,   42,   22,    3,    9,    8,   15,
        ],
    ),
    /// Rook by square.
    psqt_rook: 64 = Tapered::from_diagrams(
        // middlegame
        [
             61, 103,  33,  37,  81,  24,  10,  85,
             -1,  -6,  24,  50,  40,  60,   6,   8,
             34,  53,  38,  74,  81, 114,  88,  28,
              2,  29,  18,  56,  50,  67,  62,  11,
             -9,   8,   3,   9,   6,  13,  48,  18,
             -7,   3,   0,  17,  20,  30,  51,   3,
            -23,  -4,   7,  -5,  15,  20,  33, -23,
              0,   9,  15,  23,  39,  29,  14,  18,
        ],
        // endgame
        [
             91,  73, 106,  94,  76, 105, 109,  78,
             49,  49,  48,  32,  31,  23,  46,  38,
             89,  79,  92,  69,  68,  64,  81,  89,
             99,  86, 105,  70,  73,  74,  72,  84,
             88,  87,  90,  87,  76,  93,  72,  71,
             67,  62,  78,  67,  56,  48,  36,  45,
             68,  49,  63,  69,  40,  35,  25,  42,
             55,  39,  53,  43,  26,  38,  42,  34,
        ],
    ),
    /// Queen by square.
    psqt_queen: 64 = Tapered::from_diagrams(
        // middlegame
        [
            -61,  -8,   7,  30,  24,  53, -70,  -6,
            -16, -50, -54, -17, -29,   1, -53,  30,
            -30,   0, -69, -26,  -9,  38,  45, -10,
             -9,  -7,   1, -24, -11,  28,  14,  18,
             -3,   8,  -5, -21, -18,   7,  11,  34,
             -2,   0, -11, -12,   4, -11,  26,  32,
             17,  10,   0,   3,  -3,  36,  31,  21,
             23,  -6,   2,   0,  22,  -4, -15,  55,
        ],
        // endgame
        [
            126, 107, 115, 112, 104,  95, 191, 138,
             53,  97, 153, 132, 153, 125, 170,  83,
             64,  81, 154, 146, 131, 103,  90,  98,
             54,  74, 101, 140, 149,  98, 102,  81,
             33,  57,  81, 141, 112,  84,  76,  44,
             31,  37,  83,  83,  79,  93,  35,  10,
              4,   5,  41,  48,  68, -10, -28, -16,
            -64,   6,  -1,  28, -34, -44, -53, -41,
        ],
    ),
    /// King by square.
    psqt_king: 64 = Tapered::from_diagrams(
        // middlegame
        [
            -127,  103,   68,  -38,  -11,  -78,   -8, -153,
             125,   49,  -44,   94,   81,   45,   51,   42,
              50,  -60,   44,   30,   22,  117,   25,   31,
              89,   43,   45,  -23,   -9,   35,   63,  -45,
              78,  112,  -11,   -4,   -8,   -9,   -1, -147,
              13,   47,  -21,  -68,  -67,  -35,   -1,  -40,
              61,   24,   -9,  -26,  -50,  -21,   28,   52,
              -8,   65,   37,  -43,    1,   -8,   56,   62,
        ],
        // endgame
        [
            -133,   32,    5,   21,   -3,   76,   95, -131,
               0,   74,   90,   79,   51,   60,  114,   29,
              31,  101,   94,   91,   76,   77,  104,   61,
              -2,   69,   77,   91,   83,   71,   78,   54,
               4,   27,   78,   81,   74,   72,   63,   50,
               2,   43,   63,   79,   83,   70,   57,   23,
              -9,   39,   56,   51,   63,   56,   42,  -11,
             -22,    4,   18,   27,   17,   28,   19,  -56,
        ],
    ),
    /// Opening (npm >= 45): each centre square attacked by a knight, bishop, rook or queen.
    centre_control: 1 = Tapered([[-2, 14]]),
    /// Opening: knight before bishop, queen out early, rook out early, pieces moved twice.
    development: 4 = Tapered([[-7, 62], [-4, -10], [18, -99], [-13, 19]]),
    /// Knight by number of squares in its mobility area.
    mobility_knight: 9 = Tapered([
        [-40, -94], [ 10, -73], [ 28, -12], [ 40,   8],
        [ 47,  32], [ 53,  51], [ 59,  60], [ 66,  60],
        [ 77,  51],
    ]),
    /// Bishop by mobility.
    mobility_bishop: 14 = Tapered([
        [-21, -83], [  6, -42], [ 20, -14], [ 25,   8],
        [ 31,  23], [ 35,  30], [ 39,  42], [ 39,  49],
        [ 45,  52], [ 47,  53], [ 48,  54], [ 63,  45],
        [ 71,  55], [ 46,  54],
    ]),
    /// Rook by mobility.
    mobility_rook: 15 = Tapered([
        [-35, -184], [ 29,  -37], [ 43,   11], [ 44,   31],
        [ 49,   38], [ 48,   56], [ 51,   63], [ 55,   68],
        [ 57,   76], [ 62,   82], [ 65,   87], [ 67,   95],
        [ 76,  100], [ 86,   94], [ 76,   95],
    ]),
    /// Queen by mobility.
    mobility_queen: 28 = Tapered([
        [-182,  -77], [ -69,  -37], [ -27,  -60], [ -22,   45],
        [  -9,   95], [  -6,   95], [   4,   97], [   0,  137],
        [   6,  146], [   8,  163], [  10,  177], [  10,  181],
        [  18,  177], [  19,  188], [  23,  193], [  23,  197],
        [  28,  197], [  31,  190], [  48,  182], [  51,  178],
        [  48,  178], [ 192,   23], [ 144,   89], [ 316, -127],
        [ 267,  -62], [ 280, -192], [ 145,  -94], [ 181, -262],
    ]),
    /// Enemy pawn, knight, bishop, rook, queen attacked by a pawn.
    threat_by_pawn: 5 = Tapered([[-8, -10], [80, 47], [67, 71], [78, 32], [56, 9]]),
    /// Enemy pieces (by type) attacked by a knight or bishop.
    threat_by_minor: 5 = Tapered([[-1, 12], [22, 49], [35, 38], [72, 12], [54, 42]]),
    /// Enemy pieces (by type) attacked by a rook.
    threat_by_rook: 5 = Tapered([[-11, 21], [10, 37], [21, 28], [-70, 21], [89, 8]]),
    /// Enemy pieces (by type) attacked by a queen.
    threat_by_queen: 5 = Tapered([[1, 13], [11, 13], [5, 49], [13, -4], [-3, -1]]),
    /// Undefended enemy pieces the king attacks.
    threat_by_king: 1 = Tapered([[32, 12]]),
    /// Enemy non-king pieces attacked and not defended.
    hanging: 1 = Tapered([[8, 23]]),
    /// Own pawn, knight, bishop, rook, queen defended by an own piece or pawn.
    defended: 5 = Tapered([[8, 1], [9, 1], [7, 10], [1, 10], [1, 19]]),
    /// Own pawn in the king's immediate, cross, diagonal, sinuous shelter zone.
    shelter_pawn: 4 = Tapered([[29, -3], [7, 16], [13, 6], [14, 10]]),
    /// Own knight, bishop, rook, queen in the king's shelter.
    shelter_piece: 4 = Tapered([[4, 9], [9, 9], [-7, 6], [8, -17]]),
    /// King zone squares attacked by an enemy knight, bishop, rook, queen (per attack).
    king_zone_attacks: 4 = Tapered([[0, 0], [-3, -8], [6, -8], [17, 11]]),
    /// Number of enemy pieces attacking the king zone (0..7).
    king_attackers: 8 = Tapered([
        [ 3,    3], [-1,   14], [ 6,   24], [ 3,  -16],
        [55, -172], [75, -382], [ 0,    0], [ 0,    0],
    ]),
    /// Safe checks available to an enemy knight, bishop, rook, queen.
    safe_check: 4 = Tapered([[-58, 3], [-19, -26], [-24, -11], [-37, -10]]),
    /// No own pawn on the king's file.
    king_open_file: 1 = Tapered([[22, -4]]),
    /// Empty squares next to the king that the enemy does not attack.
    king_free_squares: 1 = Tapered([[-2, -1]]),
    /// Passed pawn by relative rank.
    passed: 8 = Tapered([
        [  0,  0], [ 46, 27], [ -9, 35], [-25, 45], [ 13, 37], [108, 31], [145, 15], [  0,  0],
    ]),
    /// Pawn with no own pawn on a neighbouring file.
    isolated: 1 = Tapered([[-1, -12]]),
    /// Pawn with an own pawn in front of it on its file.
    doubled: 1 = Tapered([[-3, -16]]),
    /// Pawn that no neighbour can support and whose stop square an enemy pawn attacks.
    backward: 1 = Tapered([[-11, -7]]),
    /// Pawn with an own pawn beside it, by relative rank.
    phalanx: 8 = Tapered([
        [  0,   0], [  9,  -4], [  7,   4], [  9,  13],
        [ 16,  46], [ 73,  98], [-93, 374], [  0,   0],
    ]),
    /// Pawn defended by an own pawn, by relative rank.
    supported: 8 = Tapered([
        [  0,  0], [  0,  0], [ 19, 15], [ 12, 12], [ 13, 21], [ 24, 71], [213, 52], [  0,  0],
    ]),
    /// Passed pawn with nothing between it and its promotion square, by rank.
    passed_free: 8 = Tapered([
        [  0,   0], [  8,   0], [ -4,   0], [-11,  22],
        [-11,  39], [ 18,  58], [ 70, 121], [  0,   0],
    ]),
    /// Passed pawn: distance of the own king to the square in front, by rank (per square).
    passed_own_king: 8 = Tapered([
        [  0,   0], [ -3,   3], [  1,  -3], [ 12, -13],
        [  6, -15], [ -9, -17], [-16, -18], [  0,   0],
    ]),
    /// Passed pawn: distance of the enemy king to the square in front, by rank (per square).
    passed_enemy_king: 8 = Tapered([
        [ 0,  0], [-8, -5], [-2, -1], [-6, 14], [-3, 27], [-7, 46], [ 4, 48], [ 0,  0],
    ]),
    /// Two bishops.
    bishop_pair: 1 = Tapered([[38, 77]]),
    /// Knight on an outpost.
    knight_outpost: 1 = Tapered([[28, 20]]),
    /// Bishop on an outpost.
    bishop_outpost: 1 = Tapered([[36, 11]]),
    /// Rook on a file without pawns.
    rook_open_file: 1 = Tapered([[40, -10]]),
    /// Rook on a file without own pawns but with enemy pawns.
    rook_semi_open_file: 1 = Tapered([[18, 3]]),
    /// Rook on the seventh rank.
    rook_seventh: 1 = Tapered([[42, 40]]),
    /// Own pawns on the bishop's square colour (per pawn and bishop).
    bad_bishop: 1 = Tapered([[-2, -10]]),
    /// Knight or bishop with an own pawn right in front of it.
    minor_behind_pawn: 1 = Tapered([[7, 10]]),
    /// The side to move.
    tempo: 1 = Tapered([[33, 22]]),
    /// Pawn shelter, on each file from the king's left to its right: the nearest own pawn level
    /// with or in front of the king, by its distance in ranks (0–6; 7 = none), on the king's file
    /// (8–15) or beside it (0–7).
    shelter_distance: 16 = Tapered([
        [   9,  -7], [  -1, -11], [   3, -24], [   8, -22],
        [  -2, -26], [  -9, -13], [-103,  29], [ -13,  -7],
        [   0,   0], [  14,   1], [  22, -21], [   2,  -5],
        [  -2,  -9], [ -30, -10], [ -67,  14], [ -39,  19],
    ]),
    /// Pawn storm, on the same files: the nearest enemy pawn level with or in front of the king, by
    /// its distance in ranks (0–6; 7 = none), blocked by an own pawn right in front of it (8–15) or
    /// free (0–7).
    storm_distance: 16 = Tapered([
        [ 13,  20], [ 37,   1], [-31,  -5], [-10,  -6],
        [  3, -11], [  9, -16], [  6, -14], [-10,  -3],
        [-77,  80], [  0,   0], [ -8, -27], [ 11, -15],
        [ 17, -13], [ 15, -27], [ 15,   7], [  0,   0],
    ]),
    /// Passed pawn whose stop square the enemy does not attack, by relative rank.
    passed_safe_stop: 8 = Tapered([
        [  0,  0], [ -2, -1], [ 12,  1], [-12, 15], [-17, 29], [ -5, 46], [ 28, 58], [  0,  0],
    ]),
    /// Enemy knights, bishops, rooks and queens a pawn would attack after a safe push (to an empty
    /// square no enemy pawn attacks and the enemy does not attack or we defend).
    pawn_push_threat: 1 = Tapered([[20, 25]]),
    /// King danger (the quadratic term, see `KING_DANGER_MG_DIVISOR`): per attack of an enemy
    /// knight, bishop, rook, queen on a square next to the king.
    danger_zone_attacks: 4 = Tapered([[26, -59], [21, -113], [26, 13], [48, 129]]),
    /// King danger: per enemy piece attacking the squares next to the king.
    danger_attackers: 1 = Tapered([[32, 412]]),
    /// King danger: per safe check of an enemy knight, bishop, rook, queen.
    danger_safe_check: 4 = Tapered([[77, 4], [43, 11], [102, 130], [46, -135]]),
    /// King danger: per square next to the king that the enemy attacks and that only the king or
    /// the queen defends, or nothing.
    danger_weak_square: 1 = Tapered([[33, -4]]),
    /// King danger: once when the enemy has no queen.
    danger_no_queen: 1 = Tapered([[-351, -613]]),
    /// King danger: once (an offset, typically negative, that a few attacks must overcome).
    danger_base: 1 = Tapered([[-7, 144]]),
    /// Space, while `npm` ≥ `SPACE_PHASE`: the safe squares on files c–f of the own second to
    /// fourth ranks (no own pawn, no enemy pawn attack), those up to three squares behind an own
    /// pawn and unattacked counted twice, times `w² / 64` with `w` the side's pieces (pawns and
    /// king included) − 3 + the blocked pawns (at most 9): Stockfish's shape (its `/ 16` is in
    /// units a quarter of a centipawn; with whole-centipawn weights `/ 16` left the fitted weight
    /// below one half, rounded to nothing).
    space: 1 = Tapered([[2, -4]]),
    /// Complexity (Ethereal's term; endgame weights only): the endgame sum moves towards zero or
    /// away from it by `Σ weight × count` over the pawns, the passed pawns, pawns on both wings, a
    /// pawn ending (no other piece), the kings' outflanking (file distance − rank distance) and
    /// once — never past zero (`complexity_adjustment`).
    complexity: 6 = Tapered([[0, 3], [0, 0], [0, 14], [0, 8], [0, 3], [0, -24]]),
    /// Candidate passed pawn (not passed, but every enemy pawn that could stop it is one that
    /// attacks it or its stop square, and the stop square has at least as many own pawn defenders
    /// as enemy pawn attackers), by relative rank; 8–15 when the pawn itself is also defended at
    /// least as often as attacked (Ethereal's two kinds).
    candidate_passer: 16 = Tapered([
        [  0,   0], [-53,   9], [-25,  17], [ -4,  38],
        [ 31,  48], [ 21,  98], [  0,   0], [  0,   0],
        [  0,   0], [-27,   8], [-12,   7], [ -4,  28],
        [ 10,  43], [ 36, 133], [  0,   0], [  0,   0],
    ]),
    /// The king's distance in files to the nearest file that holds a pawn of either side (0–7; not
    /// counted without pawns): a king far from every pawn is out of play in an ending.
    king_pawn_proximity: 8 = Tapered([
        [ -74,   97], [-102,   89], [ -40,   49], [ 108,  -28],
        [ 188,  -86], [ 214, -121], [ 146, -116], [  51, -112],
    ]),
    /// Knight far from both kings: its distance to the nearer king, 4, 5, 6 or 7 squares (nearer is
    /// not counted) — a knight on the far wing ("in Siberia") defends and attacks nothing that
    /// matters.
    knight_far_from_kings: 4 = Tapered([[-10, -4], [-9, -18], [-22, -13], [-51, -29]]),
    /// Bishop on a long diagonal (a1–h8 or h1–a8, off the four centre squares) that sees both
    /// centre squares of its diagonal through the pawns.
    bishop_long_diagonal: 1 = Tapered([[18, 28]]),
    /// Rook with at most three squares of mobility, between its king and the near corner (the king
    /// on the queen's side and the rook nearer the a-file, or the other way): Stockfish's trapped
    /// rook; 0 while the side may still castle, 1 when it may not.
    rook_trapped: 2 = Tapered([[16, 42], [-30, -8]]),
    /// Rook on a file that holds a queen of either side.
    rook_queen_file: 1 = Tapered([[5, 25]]),
    /// Squares both sides attack that the enemy does not hold strongly (no enemy pawn attacks them
    /// and the enemy does not attack them twice where we attack only once): Stockfish's restricted
    /// pieces and squares.
    restricted: 1 = Tapered([[5, 3]]),
    /// With one enemy queen: safe squares (in the mobility area, not strongly held by the enemy)
    /// from which a knight (0) or, attacked twice, a bishop or rook (1) of ours would attack it:
    /// Stockfish's knight and slider on queen.
    queen_attack_square: 2 = Tapered([[11, -7], [13, 16]]),
    /// Own knight, bishop, rook or queen attacked by exactly one enemy piece and defended by
    /// exactly one of ours: Ethereal's overloaded pieces.
    overloaded: 1 = Tapered([[0, -7]]),
    /// King danger: per square from which an enemy piece could give a check that is not safe,
    /// counted for the kinds with no safe check (Stockfish's unsafe checks).
    danger_unsafe_check: 1 = Tapered([[3, 139]]),
    /// King danger: per piece of either side that alone stands between the king and an enemy slider
    /// on its line (Stockfish's blockers for the king).
    danger_blockers: 1 = Tapered([[49, 226]]),
    /// King danger: the enemy's attacks on the king's flank (its file and the neighbours, three or
    /// four files) in the own first five ranks, squares attacked twice counted twice (Stockfish's
    /// flank attack).
    danger_flank_attack: 1 = Tapered([[8, 48]]),
    /// King danger: the own attacks on the same squares (Stockfish's flank defence).
    danger_flank_defense: 1 = Tapered([[-6, -43]]),
    /// The same count of enemy flank attacks as `danger_flank_attack`, as a linear term.
    flank_attack: 1 = Tapered([[-2, 4]]),
    /// Isolated or backward pawn with no enemy pawn in front of it on its file (a target down an
    /// open file): Stockfish's weak unopposed pawn.
    weak_unopposed: 1 = Tapered([[-9, -17]]),
    /// Pawn attacked by two enemy pawns and defended by none of its own (Stockfish's weak lever).
    weak_lever: 1 = Tapered([[-29, 52]]),
    /// Passed pawn by file, the edge files (a, h) to the centre files (d, e): 0–3.
    passed_file: 4 = Tapered([[18, -12], [3, 3], [-6, -4], [-10, 2]]),
    /// The endgame scale out of 64 (endgame weights only; `ScaleCase`), by the case of the side
    /// ahead: without pawns and at most a minor piece (0), without pawns and at most a minor piece
    /// ahead (1); then a base and a slope per own pawn, clamped to 0–64, with opposite-coloured
    /// bishops as the only pieces (2, 3), with opposite-coloured bishops and more pieces (4, 5),
    /// and in every other position (6, 7).
    endgame_scale: 8 = Tapered([
        [0,  1], [0,  6], [0, 17], [0,  1], [0, 51], [0,  1], [0, 29], [0, 14],
    ]),
    /// Knight (0) or bishop (1) not on an outpost that attacks an outpost square holding no own
    /// piece: Stockfish's reachable outpost (knights only there).
    reachable_outpost: 2 = Tapered([[13, 5], [5, 4]]),
}

#[cfg(test)]
mod tests {
    use super::super::tapered::rust_block;
    use super::FullParams;

    #[test]
    fn the_source_is_the_block_the_tuner_prints() {
        let source = include_str!("weights.rs");
        let start = source.find("full_params! {\n").expect("the block");
        let end = start + source[start..].find("\n}\n").expect("its end") + 3;
        assert!(
            source[start..end] == rust_block(&FullParams::default()),
            "src/eval/full/weights.rs is not in the form `chainmate-lab eval --evaluator full \
             --dump-params --rust` prints: paste that block over it"
        );
    }
}
