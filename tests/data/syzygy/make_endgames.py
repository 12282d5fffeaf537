#!/usr/bin/env python3
"""Writes endgames.epd: the first position with five or six pieces (kings included) and no
castling rights of each of the first 200 games of ../shared/data/games/gm_classical_2600plus.pgn
that reach one, with the grandmaster's move as `bm` (python-chess 1.11.2). It is the endgame
suite of docs/tablebases.md's figures (nps with and without tables)."""
import os
import chess.pgn

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.join(here, "..", "..", "..", "..", "shared", "data", "games", "gm_classical_2600plus.pgn")
out = []
with open(source, encoding="utf-8", errors="replace") as f:
    while len(out) < 200:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        board = game.board()
        for move in game.mainline_moves():
            n = chess.popcount(board.occupied)
            if n in (5, 6) and not board.castling_rights and board.is_valid():
                out.append(f'{board.epd()} bm {board.san(move)}; id "eg.{len(out) + 1:03d}";')
                break
            board.push(move)
with open(os.path.join(here, "endgames.epd"), "w") as f:
    f.write("\n".join(out) + "\n")
print(len(out), "positions")
