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

full_params! {
    /// Material: pawn, knight, bishop, rook, queen.
    material: 5 = Tapered([[69, 140], [281, 438], [302, 456], [351, 732], [732, 1355]]),
    /// Paper 004's grading by pawn structure: knight, bishop, rook, queen (rows) in a closed (13-16
    /// pawns), semi-closed (9-12), semi-open (5-8), open (0-4) position.
    grading: 16 = Tapered([
        [  -8,  214], [ -14,  154], [  -4,   73], [-328,   -3],
        [  27,  202], [  27,  164], [  41,   92], [-372,   48],
        [  35,  180], [   9,  228], [  -6,  169], [-315,   19],
        [ -22,  711], [   8,  655], [ 134,  397], [-303, -215],
    ]),
    /// Pawn by square (White's view, mirrored for Black).
    psqt_pawn: 64 = Tapered::from_diagrams(
        // middlegame
        [
              0,   0,   0,   0,   0,   0,   0,   0,
             74,  79,  11, 111, 159, 106,  48,  49,
             18,   8,  15,  31,  28,  60,  21,  14,
              0,   7,   3,   4,   9,  28,   5,   1,
             -7,  -8,   6,  10,  17,   8,  -3,  -7,
            -16, -13,  -7,   0,  -8,  -4,   4,  -5,
            -14,   0,  -1,   3, -15,  20,  21,  -9,
              0,   0,   0,   0,   0,   0,   0,   0,
        ],
        // endgame
        [
              0,   0,   0,   0,   0,   0,   0,   0,
             21,  78, 123,  48,  24,  53,  64,  31,
             27,  33,  40,  14,  20,  15,  37,  17,
             30,  14,   9,  -9,   2,  -5,  13,  11,
             18,   8,   0,  -8,  -6,  -4,  -6,   1,
              8,  -2,   5,  10,  10,   1, -13, -11,
             16,   5,  19,  10,  30,  12,  -7, -14,
              0,   0,   0,   0,   0,   0,   0,   0,
        ],
    ),
    /// Knight by square.
    psqt_knight: 64 = Tapered::from_diagrams(
        // middlegame
        [
             -50, -103,  -97,   18,   61,  -95,  -36, -144,
               9,    2,   27,   84,   -1,   35,   40,  -23,
             -19,   28,   45,   43,   66,   84,   37,  -12,
              63,   53,   48,   72,   61,   63,   52,   50,
              39,   34,   51,   48,   57,   58,   59,   43,
              11,   21,   12,   26,   29,   18,   32,   13,
               6,    3,   27,    8,   11,   22,   22,   16,
              29,  -11,    7,    2,   14,    9,  -13,   35,
        ],
        // endgame
        [
            -103,   92,   71,   42,   25,   57,  102,   73,
              29,   41,   50,   22,   97,   48,   25,   51,
              49,   39,   36,   55,   45,   25,   53,   71,
              27,   27,   49,   50,   60,   47,   49,   73,
              19,   45,   37,   59,   44,   41,   39,   44,
              12,   24,   20,   38,   40,   12,    9,   34,
              24,   51,   -5,   25,   20,   -2,   22,   20,
               7,   42,   27,   48,   26,  -11,    9,  -18,
        ],
    ),
    /// Bishop by square.
    psqt_bishop: 64 = Tapered::from_diagrams(
        // middlegame
        [
             -55,   -9,  -25,  -86,  -68, -173,   56,  -82,
             -24,  -21,    6,  -16,  -23,   -2,  -54,  -41,
               8,   31,   -5,   23,   28,   38,   22,   20,
              18,    8,   22,   31,   44,   35,   19,    2,
               6,   15,   11,   39,   25,   14,   18,   22,
              11,   28,   10,    9,   11,    9,   35,   13,
               7,   14,   17,    2,   -1,   35,   14,   21,
              -3,   28,   -6,   -9,   18,  -24,   -3,  -36,
        ],
        // endgame
        [
              21,   36,   45,   83,   77,   82,   16,    3,
              46,   10,   40,   56,   75,   43,   23,   50,
              16,   26,   11,   35,   37,   27,   42,   30,
              27,   46,   35,   39,   40,   32,   52,   27,
              12,   33,   37,   40,   33,   46,   20,    5,
               4,   23,    0,   37,   45,   -4,    6,   13,
              14,  -16,   13,   29,   16,   -6,  -23,   18,
               7,   -8,   33,   21,    1,   16,    8,   17,
        ],
    ),
    /// Rook by square.
    psqt_rook: 64 = Tapered::from_diagrams(
        // middlegame
        [
             57,  99,  33,  37,  80,  24,  11,  84,
             -2,  -5,  22,  48,  38,  61,   7,   9,
             30,  53,  38,  74,  81, 113,  87,  29,
              4,  27,  20,  56,  48,  66,  63,  11,
             -7,   6,   3,  11,   4,   9,  43,  12,
             -8,   4,   2,  17,  25,  29,  48,   6,
            -16,  -2,   9,  -1,  16,  22,  31, -18,
              3,  11,  14,  24,  35,  32,  21,  27,
        ],
        // endgame
        [
             88,  72, 106,  93,  76, 105, 110,  78,
             49,  50,  44,  30,  29,  24,  46,  40,
             90,  78,  88,  68,  67,  64,  79,  89,
             99,  86, 101,  71,  73,  75,  72,  85,
             91,  88,  91,  85,  77,  90,  69,  72,
             71,  63,  75,  67,  59,  51,  37,  50,
             66,  51,  64,  67,  42,  37,  27,  45,
             49,  42,  53,  41,  29,  38,  43,  30,
        ],
    ),
    /// Queen by square.
    psqt_queen: 64 = Tapered::from_diagrams(
        // middlegame
        [
            -58,  -7,   6,  28,  23,  53, -70,  -6,
            -14, -44, -50, -17, -29,   1, -53,  28,
            -27,   4, -62, -24,  -7,  37,  39,  -6,
             -6,  -4,   1, -25, -10,  24,   9,   8,
             -3,   7,  -3, -19, -16,   5,   5,  26,
              1,   0,  -8,  -9,   6, -10,  24,  28,
             14,  12,   4,   4,   0,  32,  33,  22,
             21,  -2,   5,   1,  19,  -3, -14,  51,
        ],
        // endgame
        [
            128, 107, 114, 110, 103,  95, 191, 138,
             55, 100, 153, 132, 153, 125, 169,  82,
             66,  83, 156, 147, 133, 102,  88,  99,
             57,  76, 101, 140, 149,  97, 101,  79,
             35,  58,  82, 140, 112,  85,  75,  44,
             33,  39,  83,  84,  78,  93,  36,  10,
              4,   6,  39,  49,  64, -11, -27, -15,
            -63,   8,   1,  26, -32, -43, -53, -42,
        ],
    ),
    /// King by square.
    psqt_king: 64 = Tapered::from_diagrams(
        // middlegame
        [
            -127,  103,   68,  -37,  -10,  -77,   -8, -153,
             124,   49,  -43,   94,   81,   46,   50,   41,
              50,  -60,   44,   30,   23,  117,   24,   30,
              88,   43,   45,  -23,   -9,   36,   61,  -46,
              77,  110,  -11,   -4,   -7,   -9,   -3, -145,
              12,   45,  -21,  -67,  -66,  -35,   -4,  -38,
              58,   23,  -11,  -28,  -51,  -18,   27,   53,
              -7,   68,   32,  -38,    1,   -3,   62,   60,
        ],
        // endgame
        [
            -132,   33,    6,   22,   -1,   77,   94, -131,
              -2,   76,   93,   80,   53,   63,  112,   27,
              31,  100,   95,   92,   80,   77,   99,   56,
              -2,   68,   80,   92,   84,   75,   74,   49,
               3,   27,   77,   80,   75,   74,   59,   54,
               3,   41,   61,   79,   81,   71,   58,   25,
             -11,   40,   50,   51,   61,   56,   40,  -10,
             -18,    5,   20,   27,   13,   29,   13,  -48,
        ],
    ),
    /// Opening (npm >= 45): each centre square attacked by a knight, bishop, rook or queen.
    centre_control: 1 = Tapered([[-2, 11]]),
    /// Opening: knight before bishop, queen out early, rook out early, pieces moved twice.
    development: 4 = Tapered([[-5, 59], [1, -8], [20, -97], [-13, 19]]),
    /// Knight by number of squares in its mobility area.
    mobility_knight: 9 = Tapered([
        [-34, -94], [ 17, -69], [ 30, -10], [ 41,  11],
        [ 48,  30], [ 54,  47], [ 58,  55], [ 65,  59],
        [ 71,  49],
    ]),
    /// Bishop by mobility.
    mobility_bishop: 14 = Tapered([
        [-6, -83], [ 6, -40], [21, -11], [26,   8], [32,  22], [36,  32], [39,  42], [40,  46],
        [45,  49], [47,  49], [48,  52], [63,  42], [70,  53], [47,  53],
    ]),
    /// Rook by mobility.
    mobility_rook: 15 = Tapered([
        [-34, -183], [ 34,  -33], [ 46,   12], [ 48,   30],
        [ 51,   40], [ 51,   55], [ 53,   62], [ 59,   67],
        [ 59,   75], [ 63,   80], [ 65,   86], [ 65,   95],
        [ 72,  100], [ 81,   95], [ 77,   95],
    ]),
    /// Queen by mobility.
    mobility_queen: 28 = Tapered([
        [-182,  -77], [ -65,  -37], [ -24,  -60], [ -19,   45],
        [  -9,   95], [  -8,   96], [   1,   99], [   0,  137],
        [   4,  147], [   8,  165], [  11,  175], [  11,  179],
        [  18,  177], [  20,  189], [  24,  193], [  25,  197],
        [  28,  196], [  33,  191], [  48,  182], [  51,  179],
        [  51,  179], [ 193,   29], [ 143,   89], [ 317, -123],
        [ 267,  -61], [ 281, -190], [ 145,  -94], [ 181, -262],
    ]),
    /// Enemy pawn, knight, bishop, rook, queen attacked by a pawn.
    threat_by_pawn: 5 = Tapered([[-8, -10], [78, 46], [66, 70], [79, 31], [60, 10]]),
    /// Enemy pieces (by type) attacked by a knight or bishop.
    threat_by_minor: 5 = Tapered([[0, 15], [26, 46], [40, 37], [71, 11], [56, 41]]),
    /// Enemy pieces (by type) attacked by a rook.
    threat_by_rook: 5 = Tapered([[-9, 20], [13, 34], [23, 24], [-70, 21], [84, 6]]),
    /// Enemy pieces (by type) attacked by a queen.
    threat_by_queen: 5 = Tapered([[3, 9], [10, 14], [6, 47], [16, -1], [-3, -1]]),
    /// Undefended enemy pieces the king attacks.
    threat_by_king: 1 = Tapered([[32, 9]]),
    /// Enemy non-king pieces attacked and not defended.
    hanging: 1 = Tapered([[14, 21]]),
    /// Own pawn, knight, bishop, rook, queen defended by an own piece or pawn.
    defended: 5 = Tapered([[6, 3], [10, 1], [7, 11], [0, 8], [0, 20]]),
    /// Own pawn in the king's immediate, cross, diagonal, sinuous shelter zone.
    shelter_pawn: 4 = Tapered([[29, 0], [6, 15], [14, 3], [13, 9]]),
    /// Own knight, bishop, rook, queen in the king's shelter.
    shelter_piece: 4 = Tapered([[3, 12], [9, 9], [-7, 6], [8, -15]]),
    /// King zone squares attacked by an enemy knight, bishop, rook, queen (per attack).
    king_zone_attacks: 4 = Tapered([[1, 1], [-4, -6], [7, -8], [17, 7]]),
    /// Number of enemy pieces attacking the king zone (0..7).
    king_attackers: 8 = Tapered([
        [ 2,    1], [-2,   13], [ 4,   23], [ 7,  -13],
        [55, -171], [75, -382], [ 0,    0], [ 0,    0],
    ]),
    /// Safe checks available to an enemy knight, bishop, rook, queen.
    safe_check: 4 = Tapered([[-57, 4], [-21, -24], [-30, -10], [-30, -27]]),
    /// No own pawn on the king's file.
    king_open_file: 1 = Tapered([[24, -7]]),
    /// Empty squares next to the king that the enemy does not attack.
    king_free_squares: 1 = Tapered([[-1, 0]]),
    /// Passed pawn by relative rank.
    passed: 8 = Tapered([
        [  0,  0], [ 43, 23], [-13, 33], [-27, 45], [  9, 39], [106, 29], [144, 10], [  0,  0],
    ]),
    /// Pawn with no own pawn on a neighbouring file.
    isolated: 1 = Tapered([[-2, -8]]),
    /// Pawn with an own pawn in front of it on its file.
    doubled: 1 = Tapered([[-3, -16]]),
    /// Pawn that no neighbour can support and whose stop square an enemy pawn attacks.
    backward: 1 = Tapered([[-13, -5]]),
    /// Pawn with an own pawn beside it, by relative rank.
    phalanx: 8 = Tapered([
        [  0,   0], [  8,  -3], [  9,   1], [ 10,  13],
        [ 17,  43], [ 73,  99], [-93, 374], [  0,   0],
    ]),
    /// Pawn defended by an own pawn, by relative rank.
    supported: 8 = Tapered([
        [  0,  0], [  0,  0], [ 18, 13], [ 13, 10], [ 12, 26], [ 23, 69], [212, 52], [  0,  0],
    ]),
    /// Passed pawn with nothing between it and its promotion square, by rank.
    passed_free: 8 = Tapered([
        [  0,   0], [  7,   0], [ -4,   1], [-11,  20],
        [ -8,  39], [ 17,  64], [ 71, 124], [  0,   0],
    ]),
    /// Passed pawn: distance of the own king to the square in front, by rank (per square).
    passed_own_king: 8 = Tapered([
        [  0,   0], [ -5,   3], [  2,  -3], [  9, -12],
        [  8, -14], [ -8, -17], [-14, -23], [  0,   0],
    ]),
    /// Passed pawn: distance of the enemy king to the square in front, by rank (per square).
    passed_enemy_king: 8 = Tapered([
        [ 0,  0], [-7, -4], [-3,  0], [-3, 13], [-6, 27], [-8, 48], [-2, 59], [ 0,  0],
    ]),
    /// Two bishops.
    bishop_pair: 1 = Tapered([[36, 71]]),
    /// Knight on an outpost.
    knight_outpost: 1 = Tapered([[32, 26]]),
    /// Bishop on an outpost.
    bishop_outpost: 1 = Tapered([[33, 13]]),
    /// Rook on a file without pawns.
    rook_open_file: 1 = Tapered([[43, -8]]),
    /// Rook on a file without own pawns but with enemy pawns.
    rook_semi_open_file: 1 = Tapered([[22, 0]]),
    /// Rook on the seventh rank.
    rook_seventh: 1 = Tapered([[38, 38]]),
    /// Own pawns on the bishop's square colour (per pawn and bishop).
    bad_bishop: 1 = Tapered([[-4, -8]]),
    /// Knight or bishop with an own pawn right in front of it.
    minor_behind_pawn: 1 = Tapered([[7, 8]]),
    /// The side to move.
    tempo: 1 = Tapered([[40, 24]]),
    /// Pawn shelter, on each file from the king's left to its right: the nearest own pawn level
    /// with or in front of the king, by its distance in ranks (0–6; 7 = none), on the king's file
    /// (8–15) or beside it (0–7).
    shelter_distance: 16 = Tapered([
        [   9,  -9], [  -1, -13], [   3, -23], [  10, -24],
        [   1, -25], [ -10, -12], [-102,  30], [ -12,  -9],
        [   0,   0], [  13,   0], [  19, -17], [   3,  -7],
        [  -1,  -9], [ -30,  -9], [ -67,  14], [ -38,  17],
    ]),
    /// Pawn storm, on the same files: the nearest enemy pawn level with or in front of the king, by
    /// its distance in ranks (0–6; 7 = none), blocked by an own pawn right in front of it (8–15) or
    /// free (0–7).
    storm_distance: 16 = Tapered([
        [ 15,  24], [ 37,   3], [-29,  -7], [ -6,  -9],
        [  3, -13], [ 10, -16], [  7, -16], [ -9,  -2],
        [-77,  78], [  0,   0], [ -6, -28], [ 13, -18],
        [ 13, -12], [ 16, -24], [ 12,   6], [  0,   0],
    ]),
    /// Passed pawn whose stop square the enemy does not attack, by relative rank.
    passed_safe_stop: 8 = Tapered([
        [  0,  0], [  3, -1], [  8,  1], [-13, 14], [-16, 26], [ -8, 45], [ 28, 57], [  0,  0],
    ]),
    /// Enemy knights, bishops, rooks and queens a pawn would attack after a safe push (to an empty
    /// square no enemy pawn attacks and the enemy does not attack or we defend).
    pawn_push_threat: 1 = Tapered([[21, 26]]),
    /// King danger (the quadratic term, see `KING_DANGER_MG_DIVISOR`): per attack of an enemy
    /// knight, bishop, rook, queen on a square next to the king.
    danger_zone_attacks: 4 = Tapered([[32, -59], [22, -112], [32, 12], [39, 129]]),
    /// King danger: per enemy piece attacking the squares next to the king.
    danger_attackers: 1 = Tapered([[29, 412]]),
    /// King danger: per safe check of an enemy knight, bishop, rook, queen.
    danger_safe_check: 4 = Tapered([[78, 4], [45, 11], [105, 130], [45, -134]]),
    /// King danger: per square next to the king that the enemy attacks and that only the king or
    /// the queen defends, or nothing.
    danger_weak_square: 1 = Tapered([[28, -4]]),
    /// King danger: once when the enemy has no queen.
    danger_no_queen: 1 = Tapered([[-350, -613]]),
    /// King danger: once (an offset, typically negative, that a few attacks must overcome).
    danger_base: 1 = Tapered([[-3, 144]]),
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
    complexity: 6 = Tapered([[0, 5], [0, 2], [0, 35], [0, 39], [0, 3], [0, -69]]),
    /// Candidate passed pawn (not passed, but every enemy pawn that could stop it is one that
    /// attacks it or its stop square, and the stop square has at least as many own pawn defenders
    /// as enemy pawn attackers), by relative rank; 8–15 when the pawn itself is also defended at
    /// least as often as attacked (Ethereal's two kinds).
    candidate_passer: 16 = Tapered([
        [  0,   0], [-53,   9], [-26,  16], [ -6,  37],
        [ 29,  49], [ 22,  98], [  0,   0], [  0,   0],
        [  0,   0], [-26,   7], [-11,   5], [ -6,  28],
        [ 15,  44], [ 36, 133], [  0,   0], [  0,   0],
    ]),
    /// The king's distance in files to the nearest file that holds a pawn of either side (0–7; not
    /// counted without pawns): a king far from every pawn is out of play in an ending.
    king_pawn_proximity: 8 = Tapered([
        [ -71,   98], [-100,   94], [ -38,   52], [ 106,  -31],
        [ 185,  -90], [ 212, -123], [ 145, -116], [  51, -112],
    ]),
    /// Knight far from both kings: its distance to the nearer king, 4, 5, 6 or 7 squares (nearer is
    /// not counted) — a knight on the far wing ("in Siberia") defends and attacks nothing that
    /// matters.
    knight_far_from_kings: 4 = Tapered([[-9, -4], [-8, -19], [-17, -13], [-50, -29]]),
    /// Bishop on a long diagonal (a1–h8 or h1–a8, off the four centre squares) that sees both
    /// centre squares of its diagonal through the pawns.
    bishop_long_diagonal: 1 = Tapered([[16, 29]]),
    /// Rook with at most three squares of mobility, between its king and the near corner (the king
    /// on the queen's side and the rook nearer the a-file, or the other way): Stockfish's trapped
    /// rook; 0 while the side may still castle, 1 when it may not.
    rook_trapped: 2 = Tapered([[10, 37], [-30, -5]]),
    /// Rook on a file that holds a queen of either side.
    rook_queen_file: 1 = Tapered([[5, 23]]),
    /// Squares both sides attack that the enemy does not hold strongly (no enemy pawn attacks them
    /// and the enemy does not attack them twice where we attack only once): Stockfish's restricted
    /// pieces and squares.
    restricted: 1 = Tapered([[5, 3]]),
    /// With one enemy queen: safe squares (in the mobility area, not strongly held by the enemy)
    /// from which a knight (0) or, attacked twice, a bishop or rook (1) of ours would attack it:
    /// Stockfish's knight and slider on queen.
    queen_attack_square: 2 = Tapered([[10, -7], [16, 12]]),
    /// Own knight, bishop, rook or queen attacked by exactly one enemy piece and defended by
    /// exactly one of ours: Ethereal's overloaded pieces.
    overloaded: 1 = Tapered([[-2, -6]]),
    /// King danger: per square from which an enemy piece could give a check that is not safe,
    /// counted for the kinds with no safe check (Stockfish's unsafe checks).
    danger_unsafe_check: 1 = Tapered([[8, 139]]),
    /// King danger: per piece of either side that alone stands between the king and an enemy slider
    /// on its line (Stockfish's blockers for the king).
    danger_blockers: 1 = Tapered([[52, 227]]),
    /// King danger: the enemy's attacks on the king's flank (its file and the neighbours, three or
    /// four files) in the own first five ranks, squares attacked twice counted twice (Stockfish's
    /// flank attack).
    danger_flank_attack: 1 = Tapered([[10, 49]]),
    /// King danger: the own attacks on the same squares (Stockfish's flank defence).
    danger_flank_defense: 1 = Tapered([[-8, -37]]),
    /// The same count of enemy flank attacks as `danger_flank_attack`, as a linear term.
    flank_attack: 1 = Tapered([[-3, 4]]),
    /// Isolated or backward pawn with no enemy pawn in front of it on its file (a target down an
    /// open file): Stockfish's weak unopposed pawn.
    weak_unopposed: 1 = Tapered([[-9, -21]]),
    /// Pawn attacked by two enemy pawns and defended by none of its own (Stockfish's weak lever).
    weak_lever: 1 = Tapered([[-28, 52]]),
    /// Passed pawn by file, the edge files (a, h) to the centre files (d, e): 0–3.
    passed_file: 4 = Tapered([[17, -15], [-5, 4], [-10, -9], [-13, -3]]),
    /// The endgame scale out of 64 (endgame weights only; `ScaleCase`), by the case of the side
    /// ahead: without pawns and at most a minor piece (0), without pawns and at most a minor piece
    /// ahead (1); then a base and a slope per own pawn, clamped to 0–64, with opposite-coloured
    /// bishops as the only pieces (2, 3), with opposite-coloured bishops and more pieces (4, 5),
    /// and in every other position (6, 7).
    endgame_scale: 8 = Tapered([[0, 2], [0, 6], [0, 6], [0, 4], [0, 36], [0, 4], [0, 26], [0, 17]]),
    /// Knight (0) or bishop (1) not on an outpost that attacks an outpost square holding no own
    /// piece: Stockfish's reachable outpost (knights only there).
    reachable_outpost: 2 = Tapered([[21, 12], [5, 11]]),
    /// Passed pawn by relative rank whose whole path to promotion holds no enemy piece and no
    /// square the enemy attacks (Ethereal's safe promotion path).
    passed_safe_path: 8 = Tapered([
        [ 0,  0], [-1, -1], [-1,  2], [-1,  7], [ 1, 10], [ 3, 13], [ 4, 12], [ 0,  0],
    ]),
    /// Passed pawn with a rook or queen behind it on its file, nothing between: our own (0), the
    /// enemy's (1).
    passed_rook_behind: 2 = Tapered([[8, 16], [-12, -31]]),
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
