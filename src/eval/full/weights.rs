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
//
// Then (docs/strength-log.md #87) with two passed-pawn terms added at zero
// (`passed_safe_path`, `passed_rook_behind`), every weight refitted again from those values
// with a tenth of the hold (docs/tuning.md, *The evaluation error*: at 1e-7 a weight that
// fewer than about a tenth of the positions use stays at its start), on the 3,043,010
// positions of chunk 0 of the four self-play streams (the startpos stream's now among them),
// the data as committed at 8bf6453:
//   chainmate-lab tune --method gradient --viri data/README.md --teacher sf11-d8 \
//     --blend 0.5 --teacher-blend 0.5 --rounds 500 --l2 1e-8
// (held-out error against the results 0.091876 -> 0.091418; the evaluation error against
// the teacher 0.016524 -> 0.015976).
//
// Then (docs/strength-log.md #88) every weight refitted again from those values, without any
// hold (`--l2 0`: at 1e-8 and 1e-9 the fits were worse on both held-out measures), on every
// labelled self-play chunk as committed at d39cc1a: chunk 0 of the four streams and chunk 1
// of the 8moves stream, 6,108,084 positions of which 3,739,734 are quiet enough to fit:
//   chainmate-lab tune --method gradient --viri data/README.md --teacher sf11-d8 \
//     --blend 0.5 --teacher-blend 0.5 --rounds 500 --l2 0
// (held-out error against the results 0.091504 -> 0.090805; the evaluation error against
// the teacher 0.015966 -> 0.015435).

full_params! {
    /// Material: pawn, knight, bishop, rook, queen.
    material: 5 = Tapered([[73, 139], [305, 424], [357, 442], [431, 755], [901, 1466]]),
    /// Paper 004's grading by pawn structure: knight, bishop, rook, queen (rows) in a closed (13-16
    /// pawns), semi-closed (9-12), semi-open (5-8), open (0-4) position.
    grading: 16 = Tapered([
        [   1, 172], [ -26, 131], [ -15,  74], [-134,  62],
        [ -22, 162], [ -42, 141], [ -42, 105], [-135,  83],
        [ -18, 142], [ -34, 141], [ -40, 120], [ -92, 110],
        [  30, 507], [  -5, 363], [  40, 238], [ -78,  41],
    ]),
    /// Pawn by square (White's view, mirrored for Black).
    psqt_pawn: 64 = Tapered::from_diagrams(
        // middlegame
        [
              0,   0,   0,   0,   0,   0,   0,   0,
            148, 138,  97,  55,  75, 106,  -3, 125,
             11,   5,   2,  -9,   0,  26,  10,   3,
              8,   9,   1,  -2,   3,  19,   0,   1,
             -4,  -8,   2,   6,  13,   5,  -4,  -8,
            -12,  -9,  -4,   0,  -6,  -3,   5,  -3,
             -8,   6,   4,   6, -12,  24,  27,  -5,
              0,   0,   0,   0,   0,   0,   0,   0,
        ],
        // endgame
        [
              0,   0,   0,   0,   0,   0,   0,   0,
            -38,   8,  86,  80, 108,  65,  99, -56,
             26,  28,  37,  37,  45,  28,  41,  16,
             23,   8,   9,  -4,  10,   4,  18,  10,
             17,   6,   8,   1,   1,   4,  -2,   3,
              5,  -1,   5,  12,  13,   6,  -9, -10,
              9,   1,  16,   6,  33,  13,  -7, -16,
              0,   0,   0,   0,   0,   0,   0,   0,
        ],
    ),
    /// Knight by square.
    psqt_knight: 64 = Tapered::from_diagrams(
        // middlegame
        [
            -77, -28, -16,  53,  56, -73, -79, -67,
             12,  23,  49,  71,  55,  66, -14,  31,
             23,  50,  51,  72,  75,  56,  42,  41,
             46,  52,  51,  76,  65,  73,  55,  56,
             25,  35,  54,  51,  60,  62,  59,  41,
             11,  27,  21,  34,  33,  24,  34,  13,
              6,   2,  35,  15,  19,  27,  12,  17,
            -27,  -6,  -4,   3,  21,  12, -11,  16,
        ],
        // endgame
        [
            -56,  37,  28,  24,  26,  53,  73, -17,
             44,  46,  26,  35,  14,  13,  71,  30,
             19,  20,  53,  46,  32,  60,  35,  26,
             51,  41,  49,  54,  74,  45,  59,  41,
             37,  39,  52,  64,  49,  41,  51,  39,
             17,  21,  21,  47,  50,  20,  14,  41,
             12,  50,  -2,  32,  23,  11,  24,  50,
             40,  16,  39,  20,  20,  17,   8, -23,
        ],
    ),
    /// Bishop by square.
    psqt_bishop: 64 = Tapered::from_diagrams(
        // middlegame
        [
             -5, -19, -41, -47, -29, -52,  31, -43,
            -18, -17,  12,  18,   8,  51, -54, -16,
             13,  26,   7,  21,  36,  57,  50,  31,
             22,  31,  40,  29,  56,  54,  32,  26,
             21,  23,  28,  50,  48,  28,  37,  50,
             22,  38,  23,  25,  25,  17,  35,  29,
             17,  30,  34,  18,  15,  43,  31,  34,
             37,  31,   9,   8,  17,  -9, -19,  -6,
        ],
        // endgame
        [
             27,  39,  25,  68,  52,  52,   3,  23,
             41,  22,  36,  31,  42,  30,  36,  28,
             24,  43,  18,  42,  28,  20,   1,  29,
             15,  29,  28,  57,  39,  20,  61,  23,
             15,  32,  34,  40,  23,  44,   2, -18,
             12,  26,   4,  34,  46,  11,  28,   2,
             16, -13,  -7,  21,  16,   0, -17,   3,
            -28,  -2,  18,  13,  -2,  22,  13,  18,
        ],
    ),
    /// Rook by square.
    psqt_rook: 64 = Tapered::from_diagrams(
        // middlegame
        [
              7,  18,  40,  44,  25,  31,  24,  45,
             -2,   4,  15,  29,  14,  54,  25,  23,
             13,  54,  52,  72,  81,  88,  78,  41,
             21,  24,  39,  54,  30,  48,  62,  22,
              2,   0,   8,  29,  -2,   2,  20,   4,
             -4,  13,  21,  25,  40,  30,  44,  19,
              6,  13,  22,  24,  19,  32,  30,   9,
             16,  25,  25,  38,  43,  44,  37,  43,
        ],
        // endgame
        [
            103, 104, 107,  92, 102, 112, 115,  97,
             50,  50,  44,  40,  40,  35,  46,  43,
            104,  79,  84,  75,  70,  84,  81,  91,
             97,  97,  92,  78,  92,  94,  81,  83,
             97,  98,  98,  73,  87,  95,  80,  85,
             80,  63,  62,  65,  53,  64,  55,  66,
             45,  54,  56,  50,  49,  38,  40,  43,
             39,  38,  48,  31,  25,  30,  34,  13,
        ],
    ),
    /// Queen by square.
    psqt_queen: 64 = Tapered::from_diagrams(
        // middlegame
        [
            -15,  25,  32, -29,  16,  48,   4,  15,
            -11, -14,  22, -11,  -7,  19,  -7,  21,
            -17,  30,   4,   6,  24,  56,  -8,  15,
              4,  14,  13, -18,  10,  17, -10,  -1,
              1,   5,  10,  -2,   1,   2,   5,  11,
             10,   8,   8,   6,  24,   4,  25,  15,
             11,  21,  20,  16,  19,  38,  43,  24,
             10,  19,  14,  15,  25,  17,  21,  21,
        ],
        // endgame
        [
            121,  97,  86, 144, 116, 101, 132, 119,
             91, 113, 106, 137, 155, 119, 120,  98,
            104,  96, 123, 154, 133,  85, 136, 104,
             94, 101, 108, 147, 148, 119, 141, 109,
             75,  97,  90, 137, 108, 120,  97, 102,
             64,  64,  84,  86,  71, 100,  56,  65,
             38,  23,  32,  54,  51,   1, -16,  44,
            -18,  15,  24,  15,  -3, -32, -54,  -8,
        ],
    ),
    /// King by square.
    psqt_king: 64 = Tapered::from_diagrams(
        // middlegame
        [
             -61,   57,   25,   67,   43,   24,   52,  -99,
              -6,   53,   25,  -11,   12,   27,  -18,   -5,
             -26,   82,  -28,   16,  -10,   44,   47,    6,
             -29,   58,    3,  -19,    4,    5,   20,   -5,
             -25,   -8,   -4,   -9,   21,   -4,   -3,  -94,
             -18,   18,  -27,  -45,  -35,  -29,  -12,   -5,
              64,   27,    0,  -23,  -37,   -2,   37,   69,
             -25,   88,   46,   -6,   22,   23,   81,   75,
        ],
        // endgame
        [
            -101,  105,  105,  101,   93,  111,   57,  -73,
             -31,  104,  129,  123,  106,  108,  111,    3,
              73,   58,  126,  103,  116,   94,   66,   20,
              44,   55,   97,   90,   83,   87,   65,   17,
              35,   52,   63,   68,   58,   64,   45,   51,
              24,   35,   51,   63,   60,   57,   49,   16,
             -18,   26,   25,   38,   42,   35,   21,  -18,
              38,  -16,    9,    2,   -8,    8,  -10,  -44,
        ],
    ),
    /// Opening (npm >= 45): each centre square attacked by a knight, bishop, rook or queen.
    centre_control: 1 = Tapered([[-3, 13]]),
    /// Opening: knight before bishop, queen out early, rook out early, pieces moved twice.
    development: 4 = Tapered([[-3, 31], [0, -8], [7, -8], [-10, 15]]),
    /// Knight by number of squares in its mobility area.
    mobility_knight: 9 = Tapered([
        [15, -165], [32,  -49], [46,   -9], [55,    9],
        [61,   22], [66,   35], [69,   42], [74,   44],
        [74,   34],
    ]),
    /// Bishop by mobility.
    mobility_bishop: 14 = Tapered([
        [33, -96], [40, -38], [55, -12], [60,   5], [66,  16], [71,  28], [73,  35], [75,  37],
        [78,  37], [80,  38], [88,  29], [83,  30], [72,  24], [86,  24],
    ]),
    /// Rook by mobility.
    mobility_rook: 15 = Tapered([
        [-5, -120], [39,   -9], [51,   21], [55,   33],
        [57,   40], [58,   52], [59,   60], [66,   63],
        [65,   73], [69,   78], [72,   84], [71,   94],
        [70,  103], [69,  104], [88,   99],
    ]),
    /// Queen by mobility.
    mobility_queen: 28 = Tapered([
        [-182,  -77], [  25,  -20], [  20,  -30], [  25,   -2],
        [  31,   52], [  31,   72], [  39,   78], [  40,  100],
        [  42,  120], [  46,  138], [  50,  139], [  51,  141],
        [  55,  149], [  57,  158], [  62,  160], [  63,  164],
        [  66,  167], [  68,  171], [  77,  170], [  72,  175],
        [ 110,  144], [ 100,  140], [ 112,  116], [ 131,   81],
        [ 120,   79], [ 187,  -25], [ 119,  -41], [ 171, -177],
    ]),
    /// Enemy pawn, knight, bishop, rook, queen attacked by a pawn.
    threat_by_pawn: 5 = Tapered([[-17, 5], [79, 41], [70, 59], [95, 14], [71, 13]]),
    /// Enemy pieces (by type) attacked by a knight or bishop.
    threat_by_minor: 5 = Tapered([[-1, 17], [26, 44], [43, 32], [70, 11], [65, 6]]),
    /// Enemy pieces (by type) attacked by a rook.
    threat_by_rook: 5 = Tapered([[-7, 19], [17, 30], [28, 17], [-30, -11], [60, 18]]),
    /// Enemy pieces (by type) attacked by a queen.
    threat_by_queen: 5 = Tapered([[4, 5], [11, 10], [9, 33], [2, 16], [-3, -1]]),
    /// Undefended enemy pieces the king attacks.
    threat_by_king: 1 = Tapered([[41, 5]]),
    /// Enemy non-king pieces attacked and not defended.
    hanging: 1 = Tapered([[15, 22]]),
    /// Own pawn, knight, bishop, rook, queen defended by an own piece or pawn.
    defended: 5 = Tapered([[4, 3], [8, 2], [5, 11], [-1, 11], [0, 20]]),
    /// Own pawn in the king's immediate, cross, diagonal, sinuous shelter zone.
    shelter_pawn: 4 = Tapered([[26, 10], [8, 16], [13, 3], [13, 10]]),
    /// Own knight, bishop, rook, queen in the king's shelter.
    shelter_piece: 4 = Tapered([[2, 15], [9, 8], [-7, 8], [5, -10]]),
    /// King zone squares attacked by an enemy knight, bishop, rook, queen (per attack).
    king_zone_attacks: 4 = Tapered([[8, -2], [0, -9], [7, -7], [12, 9]]),
    /// Number of enemy pieces attacking the king zone (0..7).
    king_attackers: 8 = Tapered([
        [  2,    0], [ -2,   13], [  4,   19], [  9,  -10],
        [ 36,  -93], [114, -358], [  0,    0], [  0,    0],
    ]),
    /// Safe checks available to an enemy knight, bishop, rook, queen.
    safe_check: 4 = Tapered([[-47, -2], [-20, -24], [-33, -10], [-28, -25]]),
    /// No own pawn on the king's file.
    king_open_file: 1 = Tapered([[17, -10]]),
    /// Empty squares next to the king that the enemy does not attack.
    king_free_squares: 1 = Tapered([[0, 2]]),
    /// Passed pawn by relative rank.
    passed: 8 = Tapered([
        [  0,   0], [ 37,  16], [-30,  39], [-26,  55],
        [ -9,  63], [102,  33], [260, -77], [  0,   0],
    ]),
    /// Pawn with no own pawn on a neighbouring file.
    isolated: 1 = Tapered([[-2, -7]]),
    /// Pawn with an own pawn in front of it on its file.
    doubled: 1 = Tapered([[-4, -21]]),
    /// Pawn that no neighbour can support and whose stop square an enemy pawn attacks.
    backward: 1 = Tapered([[-18, 0]]),
    /// Pawn with an own pawn beside it, by relative rank.
    phalanx: 8 = Tapered([
        [ 0,   0], [ 6,  -2], [ 8,   2], [12,  11], [20,  35], [33, 136], [45, 446], [ 0,   0],
    ]),
    /// Pawn defended by an own pawn, by relative rank.
    supported: 8 = Tapered([
        [ 0,   0], [ 0,   0], [16,  13], [14,   8], [16,  25], [34,  71], [51, 164], [ 0,   0],
    ]),
    /// Passed pawn with nothing between it and its promotion square, by rank.
    passed_free: 8 = Tapered([
        [ 0,  0], [-5,  7], [-3,  4], [-5, 16], [ 1, 32], [13, 73], [84, 91], [ 0,  0],
    ]),
    /// Passed pawn: distance of the own king to the square in front, by rank (per square).
    passed_own_king: 8 = Tapered([
        [  0,   0], [ -6,   4], [  4,  -4], [  6, -12],
        [ 10, -18], [ -3, -20], [-23, -14], [  0,   0],
    ]),
    /// Passed pawn: distance of the enemy king to the square in front, by rank (per square).
    passed_enemy_king: 8 = Tapered([
        [  0,  0], [ -6, -3], [ -1, -2], [ -2, 11], [ -6, 27], [ -9, 50], [-32, 88], [  0,  0],
    ]),
    /// Two bishops.
    bishop_pair: 1 = Tapered([[31, 74]]),
    /// Knight on an outpost.
    knight_outpost: 1 = Tapered([[32, 31]]),
    /// Bishop on an outpost.
    bishop_outpost: 1 = Tapered([[28, 20]]),
    /// Rook on a file without pawns.
    rook_open_file: 1 = Tapered([[42, -7]]),
    /// Rook on a file without own pawns but with enemy pawns.
    rook_semi_open_file: 1 = Tapered([[23, -6]]),
    /// Rook on the seventh rank.
    rook_seventh: 1 = Tapered([[33, 44]]),
    /// Own pawns on the bishop's square colour (per pawn and bishop).
    bad_bishop: 1 = Tapered([[-5, -7]]),
    /// Knight or bishop with an own pawn right in front of it.
    minor_behind_pawn: 1 = Tapered([[7, 5]]),
    /// The side to move.
    tempo: 1 = Tapered([[40, 25]]),
    /// Pawn shelter, on each file from the king's left to its right: the nearest own pawn level
    /// with or in front of the king, by its distance in ranks (0–6; 7 = none), on the king's file
    /// (8–15) or beside it (0–7).
    shelter_distance: 16 = Tapered([
        [ 14, -13], [  2, -16], [  4, -18], [ 11, -19],
        [  7, -24], [ -6,  -4], [-54,  37], [-12,  -7],
        [  0,   0], [ 14,  -6], [ 15, -14], [  2,  -7],
        [  3, -17], [-28,  -2], [-61,  63], [-31,  17],
    ]),
    /// Pawn storm, on the same files: the nearest enemy pawn level with or in front of the king, by
    /// its distance in ranks (0–6; 7 = none), blocked by an own pawn right in front of it (8–15) or
    /// free (0–7).
    storm_distance: 16 = Tapered([
        [ 26,  27], [ 48,   0], [-24,  -8], [ -2, -13],
        [  5, -13], [ 12, -14], [  8, -13], [ -6,  -2],
        [-52,  64], [  0,   0], [ -6, -31], [ 16, -24],
        [ 13,  -9], [ 14, -12], [ 18,  -3], [  0,   0],
    ]),
    /// Passed pawn whose stop square the enemy does not attack, by relative rank.
    passed_safe_stop: 8 = Tapered([
        [ 0,   0], [13,  -3], [ 1,   7], [-2,   6], [ 1,   8], [-6,  25], [41, -14], [ 0,   0],
    ]),
    /// Enemy knights, bishops, rooks and queens a pawn would attack after a safe push (to an empty
    /// square no enemy pawn attacks and the enemy does not attack or we defend).
    pawn_push_threat: 1 = Tapered([[21, 26]]),
    /// King danger (the quadratic term, see `KING_DANGER_MG_DIVISOR`): per attack of an enemy
    /// knight, bishop, rook, queen on a square next to the king.
    danger_zone_attacks: 4 = Tapered([[49, -49], [38, -72], [42, -54], [34, 130]]),
    /// King danger: per enemy piece attacking the squares next to the king.
    danger_attackers: 1 = Tapered([[10, 406]]),
    /// King danger: per safe check of an enemy knight, bishop, rook, queen.
    danger_safe_check: 4 = Tapered([[92, -71], [74, 62], [113, 177], [41, -68]]),
    /// King danger: per square next to the king that the enemy attacks and that only the king or
    /// the queen defends, or nothing.
    danger_weak_square: 1 = Tapered([[23, -13]]),
    /// King danger: once when the enemy has no queen.
    danger_no_queen: 1 = Tapered([[-408, -551]]),
    /// King danger: once (an offset, typically negative, that a few attacks must overcome).
    danger_base: 1 = Tapered([[34, 117]]),
    /// Space, while `npm` ≥ `SPACE_PHASE`: the safe squares on files c–f of the own second to
    /// fourth ranks (no own pawn, no enemy pawn attack), those up to three squares behind an own
    /// pawn and unattacked counted twice, times `w² / 64` with `w` the side's pieces (pawns and
    /// king included) − 3 + the blocked pawns (at most 9): Stockfish's shape (its `/ 16` is in
    /// units a quarter of a centipawn; with whole-centipawn weights `/ 16` left the fitted weight
    /// below one half, rounded to nothing).
    space: 1 = Tapered([[2, -5]]),
    /// Complexity (Ethereal's term; endgame weights only): the endgame sum moves towards zero or
    /// away from it by `Σ weight × count` over the pawns, the passed pawns, pawns on both wings, a
    /// pawn ending (no other piece), the kings' outflanking (file distance − rank distance) and
    /// once — never past zero (`complexity_adjustment`).
    complexity: 6 = Tapered([[0, 6], [0, 3], [0, 65], [0, 113], [0, 2], [0, -124]]),
    /// Candidate passed pawn (not passed, but every enemy pawn that could stop it is one that
    /// attacks it or its stop square, and the stop square has at least as many own pawn defenders
    /// as enemy pawn attackers), by relative rank; 8–15 when the pawn itself is also defended at
    /// least as often as attacked (Ethereal's two kinds).
    candidate_passer: 16 = Tapered([
        [  0,   0], [-45,  16], [-31,  13], [-10,  23],
        [ 15,  80], [ 53,  95], [  0,   0], [  0,   0],
        [  0,   0], [-14, -15], [ -9,   2], [-11,  32],
        [ 26,  48], [ 77, 107], [  0,   0], [  0,   0],
    ]),
    /// The king's distance in files to the nearest file that holds a pawn of either side (0–7; not
    /// counted without pawns): a king far from every pawn is out of play in an ending.
    king_pawn_proximity: 8 = Tapered([
        [ 14,   96], [-19,   95], [ 33,   52], [ 68,  -23],
        [ 73,  -92], [ 39, -105], [ 14, -112], [-23, -146],
    ]),
    /// Knight far from both kings: its distance to the nearer king, 4, 5, 6 or 7 squares (nearer is
    /// not counted) — a knight on the far wing ("in Siberia") defends and attacks nothing that
    /// matters.
    knight_far_from_kings: 4 = Tapered([[-7, -5], [-5, -21], [-3, -35], [8, -114]]),
    /// Bishop on a long diagonal (a1–h8 or h1–a8, off the four centre squares) that sees both
    /// centre squares of its diagonal through the pawns.
    bishop_long_diagonal: 1 = Tapered([[16, 22]]),
    /// Rook with at most three squares of mobility, between its king and the near corner (the king
    /// on the queen's side and the rook nearer the a-file, or the other way): Stockfish's trapped
    /// rook; 0 while the side may still castle, 1 when it may not.
    rook_trapped: 2 = Tapered([[8, 18], [-39, 0]]),
    /// Rook on a file that holds a queen of either side.
    rook_queen_file: 1 = Tapered([[6, 19]]),
    /// Squares both sides attack that the enemy does not hold strongly (no enemy pawn attacks them
    /// and the enemy does not attack them twice where we attack only once): Stockfish's restricted
    /// pieces and squares.
    restricted: 1 = Tapered([[6, 4]]),
    /// With one enemy queen: safe squares (in the mobility area, not strongly held by the enemy)
    /// from which a knight (0) or, attacked twice, a bishop or rook (1) of ours would attack it:
    /// Stockfish's knight and slider on queen.
    queen_attack_square: 2 = Tapered([[10, -4], [18, 11]]),
    /// Own knight, bishop, rook or queen attacked by exactly one enemy piece and defended by
    /// exactly one of ours: Ethereal's overloaded pieces.
    overloaded: 1 = Tapered([[-1, -8]]),
    /// King danger: per square from which an enemy piece could give a check that is not safe,
    /// counted for the kinds with no safe check (Stockfish's unsafe checks).
    danger_unsafe_check: 1 = Tapered([[9, 132]]),
    /// King danger: per piece of either side that alone stands between the king and an enemy slider
    /// on its line (Stockfish's blockers for the king).
    danger_blockers: 1 = Tapered([[58, 407]]),
    /// King danger: the enemy's attacks on the king's flank (its file and the neighbours, three or
    /// four files) in the own first five ranks, squares attacked twice counted twice (Stockfish's
    /// flank attack).
    danger_flank_attack: 1 = Tapered([[12, 31]]),
    /// King danger: the own attacks on the same squares (Stockfish's flank defence).
    danger_flank_defense: 1 = Tapered([[-11, -26]]),
    /// The same count of enemy flank attacks as `danger_flank_attack`, as a linear term.
    flank_attack: 1 = Tapered([[-4, 5]]),
    /// Isolated or backward pawn with no enemy pawn in front of it on its file (a target down an
    /// open file): Stockfish's weak unopposed pawn.
    weak_unopposed: 1 = Tapered([[-8, -22]]),
    /// Pawn attacked by two enemy pawns and defended by none of its own (Stockfish's weak lever).
    weak_lever: 1 = Tapered([[4, -3]]),
    /// Passed pawn by file, the edge files (a, h) to the centre files (d, e): 0–3.
    passed_file: 4 = Tapered([[12, -3], [-12, 19], [-9, -7], [-6, -12]]),
    /// The endgame scale out of 64 (endgame weights only; `ScaleCase`), by the case of the side
    /// ahead: without pawns and at most a minor piece (0), without pawns and at most a minor piece
    /// ahead (1); then a base and a slope per own pawn, clamped to 0–64, with opposite-coloured
    /// bishops as the only pieces (2, 3), with opposite-coloured bishops and more pieces (4, 5),
    /// and in every other position (6, 7).
    endgame_scale: 8 = Tapered([[0, 0], [0, 0], [0, 4], [0, 5], [0, 28], [0, 5], [0, 20], [0, 19]]),
    /// Knight (0) or bishop (1) not on an outpost that attacks an outpost square holding no own
    /// piece: Stockfish's reachable outpost (knights only there).
    reachable_outpost: 2 = Tapered([[20, 20], [3, 21]]),
    /// Passed pawn by relative rank whose whole path to promotion holds no enemy piece and no
    /// square the enemy attacks (Ethereal's safe promotion path).
    passed_safe_path: 8 = Tapered([
        [  0,   0], [-25,   5], [-24,  13], [-46,  38],
        [-41,  56], [  2,  70], [ 54, 136], [  0,   0],
    ]),
    /// Passed pawn with a rook or queen behind it on its file, nothing between: our own (0), the
    /// enemy's (1).
    passed_rook_behind: 2 = Tapered([[2, 32], [5, -80]]),
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
