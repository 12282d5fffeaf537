#!/usr/bin/env python3
"""Openings for `chainmate-lab datagen` from real games: one position per game, at a ply
drawn between --min-ply and --max-ply (and at least --tail plies before the game's end),
written as EPD (`board side castling ep`). A development tool: needs python-chess
(`pip install chess`), as ../shared/tools/match.py does.

    python3 tools/game_positions.py ../shared/data/games/gm_classical_2600plus.pgn \
        ../shared/data/games/tcec_top_engines.pgn --seed 34 > gm-positions.epd

The same files and seed give the same positions (the draw is per game, in file order).
"""
import argparse
import random
import sys

import chess.pgn


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+", help="PGN files, read in order")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-ply", type=int, default=12)
    ap.add_argument("--max-ply", type=int, default=40)
    ap.add_argument("--tail", type=int, default=10,
                    help="plies that must follow the position in the game")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen, games, bad = set(), 0, 0
    for path in args.pgn:
        try:
            f = open(path, encoding="utf-8", errors="replace")
        except OSError as e:
            sys.exit(f"error: cannot read {path}: {e.strerror}")
        with f:
            while True:
                try:
                    game = chess.pgn.read_game(f)
                except Exception as e:  # a broken game: report it and go on
                    print(f"warning: {path}: {e}; skipped", file=sys.stderr)
                    bad += 1
                    continue
                if game is None:
                    break
                games += 1
                if game.errors:  # an illegal or unreadable move: the game is not used
                    print(f"warning: {path}: game {games}: {game.errors[0]}; skipped",
                          file=sys.stderr)
                    bad += 1
                    continue
                moves = list(game.mainline_moves())
                high = min(args.max_ply, len(moves) - args.tail)
                # One draw per game, even when the game is too short to use.
                ply = rng.randint(args.min_ply, max(args.min_ply, high))
                if ply > high:
                    continue
                board = game.board()
                for move in moves[:ply]:
                    board.push(move)
                epd = board.epd()
                if board.is_game_over() or epd in seen:
                    continue
                seen.add(epd)
                print(epd)
    print(f"{len(seen)} positions from {games} games ({bad} unreadable)", file=sys.stderr)


if __name__ == "__main__":
    main()
