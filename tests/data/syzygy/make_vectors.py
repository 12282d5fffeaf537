#!/usr/bin/env python3
"""Generate Syzygy WDL/DTZ test vectors for chainmate's tablebase prober.

Regenerate (from the repository's root, with ../shared beside it; single-threaded, about
10 s; needs `pip install chess`):

    python3 tests/data/syzygy/make_vectors.py

Optional arguments: --tables DIR (default ../shared/data/syzygy)
                    --out DIR    (default: the directory of this script)

probes_small.csv and probes_34.csv are committed (`cargo test --release` reads them);
probes.csv, the full set, is checked by `cargo test --release --test engine syzygy:: -- --ignored`
when it has been made.

Generated with python-chess 1.11.2 (chess.__version__) on Python 3.11.7.
A different python-chess version prints a warning; the output should be the
same unless python-chess's prober or FEN output changed.

Outputs (CSV, header line first, columns `table,fen,wdl,dtz`):

  probes.csv        every generated position
  probes_34.csv     the rows of probes.csv whose table has 3 or 4 pieces (8,010)
  probes_small.csv  about 300 rows sampled from probes.csv, every table present

Columns:
  table  canonical table name as in the file name (e.g. KRPvKR); rows for the
         mirrored material (stronger side is Black) carry the same name.
  fen    full FEN; no castling rights; halfmove clock 0, fullmove 1. The ep
         field is set only when a legal en-passant capture exists
         (python-chess's default FEN output).
  wdl    chess.syzygy.Tablebase.probe_wdl(board), -2..2, side to move's view.
  dtz    chess.syzygy.Tablebase.probe_dtz(board), signed, side to move's view.

What is generated, per table found as <name>.rtbw (with a matching .rtbz):
  * orientation 0: material as named (first side = White); orientation 1: the
    colours swapped (first side = Black). Symmetric tables (e.g. KRvKR) get
    both batches anyway (distinct random positions).
  * N uniformly random legal placements per orientation (N = 100 for 3-4
    pieces, 40 for 5 pieces), alternating White / Black to move.
    Pawns on ranks 2-7. Positions failing board.is_valid() (side not to move
    in check, adjacent kings, impossible checks, ...) are rejected.
  * For pawnless tables, extra "diagonal-biased" placements (20 per
    orientation for 3-4 pieces, 10 for 5 pieces) where each piece lands on a
    long diagonal (a1-h8 / a8-h1) with probability 1/2 - these exercise the
    diagonal branches of the pawnless index (rare in uniform sampling).
  * For KRBvKR (the only present table whose DTZ file has cursed-win /
    blessed-loss maps), 15 cursed wins + 15 blessed losses found by random
    search plus a walk over quiet moves and one-piece relocations, and their
    colour mirrors (see add_cursed) - the only rows with wdl = +-1 and
    |dtz| > 100.
  * For KPvKP (the only present table with a pawn on each side), extra
    positions with a legal en-passant capture: 25 per side to move, of which
    up to 12 are chosen so that the ep capture changes the WDL or DTZ result
    compared with the same position without the ep right.

Expected result of a run (2026-11-26): probes.csv 8550 data rows
(md5 a1759c886ee2fc594089391884acc116), probes_small.csv 286 data rows
(md5 063e8e25ff5c23799635fe2838c8f3a5), ~10 s on this machine.

Related files in this directory: FORMAT.md (format notes), spec_check.py
(independent re-implementation of FORMAT.md, replays probes.csv),
dump_headers.py (header summary used in FORMAT.md appendix A).
"""

import argparse
import csv
import os
import random
import sys
import time

import chess
import chess.syzygy

SEED = 20261126
EXPECTED_PYTHON_CHESS = "1.11.2"

PIECE_LETTERS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK,
                 "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}

DIAG_SQUARES = sorted(set(chess.square(i, i) for i in range(8)) |
                      set(chess.square(i, 7 - i) for i in range(8)))
PAWN_SQUARES = [sq for sq in chess.SQUARES if 1 <= chess.square_rank(sq) <= 6]


def material(name, orientation):
    """List of (colour, piece type) for table `name`; orientation 1 swaps colours."""
    first, second = name.split("v")
    c1, c2 = (chess.WHITE, chess.BLACK) if orientation == 0 else (chess.BLACK, chess.WHITE)
    return ([(c1, PIECE_LETTERS[ch]) for ch in first] +
            [(c2, PIECE_LETTERS[ch]) for ch in second])


def random_board(rng, mat, turn, diag_bias=False):
    """One random placement of `mat`; returns a valid Board or None."""
    board = chess.Board(None)
    used = set()
    for colour, pt in mat:
        if pt == chess.PAWN:
            pool = PAWN_SQUARES
        elif diag_bias and rng.random() < 0.5:
            pool = DIAG_SQUARES
        else:
            pool = chess.SQUARES
        free = [sq for sq in pool if sq not in used]
        if not free:
            return None
        sq = rng.choice(free)
        used.add(sq)
        board.set_piece_at(sq, chess.Piece(pt, colour))
    board.turn = turn
    board.castling_rights = chess.BB_EMPTY
    board.ep_square = None
    board.halfmove_clock = 0
    board.fullmove_number = 1
    if not board.is_valid():
        return None
    return board


def random_ep_board(rng, turn):
    """KPvKP position where `turn` has a legal en-passant capture."""
    board = chess.Board(None)
    them = not turn
    # Rank (0-based) the double-pushed enemy pawn stands on, and its direction.
    pawn_rank = 4 if turn == chess.WHITE else 3
    step = 1 if turn == chess.WHITE else -1  # from pawn square towards its origin
    f = rng.randrange(8)
    side = rng.choice([-1, 1])
    if not 0 <= f + side < 8:
        side = -side
    their_pawn = chess.square(f, pawn_rank)
    our_pawn = chess.square(f + side, pawn_rank)
    ep_sq = chess.square(f, pawn_rank + step)
    origin = chess.square(f, pawn_rank + 2 * step)
    board.set_piece_at(their_pawn, chess.Piece(chess.PAWN, them))
    board.set_piece_at(our_pawn, chess.Piece(chess.PAWN, turn))
    used = {their_pawn, our_pawn, ep_sq, origin}
    for colour in (chess.WHITE, chess.BLACK):
        free = [sq for sq in chess.SQUARES if sq not in used]
        sq = rng.choice(free)
        used.add(sq)
        board.set_piece_at(sq, chess.Piece(chess.KING, colour))
    board.turn = turn
    board.castling_rights = chess.BB_EMPTY
    board.ep_square = ep_sq
    board.halfmove_clock = 0
    board.fullmove_number = 1
    if not board.is_valid() or not board.has_legal_en_passant():
        return None
    return board


# Tables whose DTZ file has non-empty cursed-win / blessed-loss maps (checked
# with python-chess's DtzTable internals). Uniform sampling almost never hits
# those positions (about 2 in 100000 for KRBvKR), so they are searched for.
CURSED_TABLES = ["KRBvKR"]
CURSED_PER_KIND = 15      # cursed wins and blessed losses, per orientation
CURSED_MAX_SAMPLES = 300000


def add_cursed(tb, rng, name, add):
    """Find cursed-win / blessed-loss positions of `name` and add them.

    Seeds: uniformly random legal positions (orientation 0) with |wdl| == 1,
    stop after 2 seeds. Then a breadth-first walk over "neighbours" - the
    children by legal non-capture non-pawn moves (python-chess move order),
    the same position with the other side to move, and every placement obtained by
    relocating one piece to another empty square (squares in ascending order,
    pieces in ascending square order) - keeping only valid positions with
    wdl = +-1, until CURSED_PER_KIND cursed wins and CURSED_PER_KIND blessed
    losses are collected. Their colour mirrors (board.mirror()) are added
    too, for orientation 1.
    """
    mat = material(name, 0)
    seeds, tries = [], 0
    while len(seeds) < 2 and tries < CURSED_MAX_SAMPLES:
        board = random_board(rng, mat, rng.choice([chess.WHITE, chess.BLACK]))
        if board is None:
            continue
        tries += 1
        if tb.probe_wdl(board) in (1, -1):
            seeds.append(board)

    def neighbours(board):
        for move in board.legal_moves:
            if board.is_capture(move) or board.piece_type_at(move.from_square) == chess.PAWN:
                continue
            child = board.copy(stack=False)
            child.push(move)
            child.halfmove_clock = 0
            child.fullmove_number = 1
            yield child
        other = board.copy(stack=False)
        other.turn = not board.turn
        yield other
        for frm in sorted(board.piece_map()):
            piece = board.piece_at(frm)
            for to in chess.SQUARES:
                if board.piece_at(to) is not None:
                    continue
                b = board.copy(stack=False)
                b.remove_piece_at(frm)
                b.set_piece_at(to, piece)
                yield b

    queue = list(seeds)
    got = {1: [], -1: []}
    seen = set(b.fen() for b in seeds)
    while queue and (len(got[1]) < CURSED_PER_KIND or len(got[-1]) < CURSED_PER_KIND):
        board = queue.pop(0)
        wdl = tb.probe_wdl(board)
        if len(got[wdl]) < CURSED_PER_KIND:
            got[wdl].append(board)
        for nb in neighbours(board):
            if not nb.is_valid():
                continue
            fen = nb.fen()
            if fen in seen:
                continue
            seen.add(fen)
            if tb.probe_wdl(nb) in (1, -1):
                queue.append(nb)
    n = 0
    for wdl in (1, -1):
        for board in got[wdl]:
            n += add(name, board)
            n += add(name, board.mirror())
    print(f"  {name} cursed/blessed: {tries} samples, {len(seeds)} seeds, "
          f"{len(got[1])} cursed wins + {len(got[-1])} blessed losses, {n} rows "
          f"(with mirrors)", file=sys.stderr)


def orientation(table, fen):
    """0 if White has the material of the first side of `table`, else 1."""
    board = chess.Board(fen)
    first = table.split("v")[0]
    white = "".join(sorted((p.symbol() for p in board.piece_map().values() if p.color),
                           key="KQRBNP".index))
    return 0 if white == "".join(sorted(first, key="KQRBNP".index)) else 1


def row_class(row, key):
    """True if `row` has side to move `key` ('w'/'b') or orientation `key` (0/1)."""
    if isinstance(key, str):
        return row[1].split()[1] == key
    return orientation(row[0], row[1]) == key


def probe(tb, board):
    return tb.probe_wdl(board), tb.probe_dtz(board)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", default="../shared/data/syzygy")
    ap.add_argument("--out", default=here)
    args = ap.parse_args()

    if chess.__version__ != EXPECTED_PYTHON_CHESS:
        print(f"warning: python-chess {chess.__version__}, vectors were made with "
              f"{EXPECTED_PYTHON_CHESS}", file=sys.stderr)

    t0 = time.perf_counter()
    rng = random.Random(SEED)

    names = sorted(fn[:-5] for fn in os.listdir(args.tables) if fn.endswith(".rtbw"))
    names.sort(key=lambda n: (len(n), n))
    missing_dtz = [n for n in names if not os.path.exists(os.path.join(args.tables, n + ".rtbz"))]
    if missing_dtz:
        sys.exit(f"missing .rtbz for: {missing_dtz}")

    tb = chess.syzygy.open_tablebase(args.tables)
    rows = []  # (table, fen, wdl, dtz)
    seen = set()

    def add(name, board):
        fen = board.fen()
        if fen in seen:
            return False
        wdl, dtz = probe(tb, board)
        seen.add(fen)
        rows.append((name, fen, wdl, dtz))
        return True

    for name in names:
        t_table = time.perf_counter()
        pieces = len(name) - 1
        n_random = 100 if pieces <= 4 else 40
        n_diag = 0 if "P" in name else (20 if pieces <= 4 else 10)
        before = len(rows)
        for orientation in (0, 1):
            mat = material(name, orientation)
            for count, bias in ((n_random, False), (n_diag, True)):
                made = 0
                attempts = 0
                while made < count:
                    attempts += 1
                    if attempts > 100000:
                        sys.exit(f"{name}: could not place positions")
                    turn = chess.WHITE if made % 2 == 0 else chess.BLACK
                    board = random_board(rng, mat, turn, diag_bias=bias)
                    if board is not None and add(name, board):
                        made += 1

        if name == "KPvKP":
            for turn in (chess.WHITE, chess.BLACK):
                special, plain, attempts = 0, 0, 0
                while special + plain < 25 and attempts < 20000:
                    attempts += 1
                    board = random_ep_board(rng, turn)
                    if board is None:
                        continue
                    no_ep = board.copy()
                    no_ep.ep_square = None
                    differs = probe(tb, board) != probe(tb, no_ep)
                    if differs and special < 12:
                        if add(name, board):
                            special += 1
                    elif plain < 25 - 12 or (attempts > 5000 and plain + special < 25):
                        if add(name, board):
                            plain += 1
                print(f"  KPvKP ep, {'white' if turn else 'black'} to move: "
                      f"{special} ep-changes-result + {plain} other", file=sys.stderr)

        if name in CURSED_TABLES:
            add_cursed(tb, rng, name, add)

        print(f"{name:8s} {len(rows) - before:4d} rows  {time.perf_counter() - t_table:6.1f}s",
              file=sys.stderr)

    tb.close()

    header = ["table", "fen", "wdl", "dtz"]
    with open(os.path.join(args.out, "probes.csv"), "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    with open(os.path.join(args.out, "probes_34.csv"), "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        w.writerows(r for r in rows if len(r[0]) <= 5)

    # Small sample: per table 7 rows, first one row per distinct wdl value
    # (3 for wdl +-1), so every outcome a table has in the sample shows up, then
    # both sides to move and both orientations (material as named / colours
    # swapped; the same thing for symmetric tables), then random fill; plus up
    # to 4 ep rows.
    srng = random.Random(SEED + 1)
    small = []
    for name in names:
        tab = [r for r in rows if r[0] == name]
        normal = [r for r in tab if r[1].split()[3] == "-"]
        eps = [r for r in tab if r[1].split()[3] != "-"]
        srng.shuffle(normal)
        pick = []
        for wdl in (-2, -1, 0, 1, 2):
            want = 3 if wdl in (-1, 1) else 1  # cursed rows are rare: take 3
            for r in normal:
                if want and r[2] == wdl and r not in pick:
                    pick.append(r)
                    want -= 1
        for key in ("w", "b", 0, 1):  # both sides to move, both orientations
            if not any(row_class(r, key) for r in pick):
                for r in normal:
                    if row_class(r, key):
                        pick.append(r)
                        break
        for r in normal:
            if len(pick) >= 7:
                break
            if r not in pick:
                pick.append(r)
        srng.shuffle(eps)
        pick.extend(eps[:4])
        small.extend(sorted(pick, key=tab.index))

    with open(os.path.join(args.out, "probes_small.csv"), "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        w.writerows(small)

    print(f"tables: {len(names)}  probes.csv rows: {len(rows)}  "
          f"probes_small.csv rows: {len(small)}  time: {time.perf_counter() - t0:.1f}s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
