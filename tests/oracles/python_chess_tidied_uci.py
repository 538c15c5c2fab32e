"""Prints the UCI moves of a game published in German, Spanish, Italian or
English algebraic, read by python-chess from a tidied copy: its piece letters
are mapped to English (German S L T D, Spanish and Italian C A T D R), en
dashes and `…` made ASCII, `1:0` written `1-0`. Used as the independent
reading the web games are checked against."""
import io
import sys

import chess.pgn

LETTERS = {
    "de": {"S": "N", "L": "B", "T": "R", "D": "Q", "K": "K"},
    "es": {"C": "N", "A": "B", "T": "R", "D": "Q", "R": "K"},
    "it": {"C": "N", "A": "B", "T": "R", "D": "Q", "R": "K"},
    "en": {},
}

lang, path = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
text = text.replace("–", "-").replace("…", "...").replace("1:0", "1-0").replace("0:1", "0-1")
table = LETTERS[lang]
text = "".join(table.get(c, c) for c in text)
game = chess.pgn.read_game(io.StringIO(text))
if game.errors:
    print("ERROR", game.errors[0])
else:
    print(" ".join(m.uci() for m in game.mainline_moves()))
