"""Prints each game of a PGN file as one line of UCI moves, read by
python-chess (the oracle tiflo's reader is compared with)."""
import sys

import chess.pgn

with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        if game.errors:
            print("ERROR", game.errors[0])
            continue
        print(" ".join(m.uci() for m in game.mainline_moves()))
