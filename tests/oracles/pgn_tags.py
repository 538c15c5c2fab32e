"""Prints the tags of every game of a PGN file as JSON, in order and with
repeats: {"python-chess": [[[name, value], ...], ...], "moves": [...],
"errors": [...]}, read by python-chess; or, with --json FILE, the tags of
pgn-extract's JSON output (`pgn-extract --json`) the same way.

python-chess keeps a tag's string as written between its quotes; its value
is taken here as the PGN standard (8.1.1) says: a backslash followed by a
quote or a backslash stands for that character."""
import json
import re
import sys

import chess.pgn


def unescape(raw):
    return re.sub(r'\\(["\\])', r"\1", raw)


class Tags(chess.pgn.BaseVisitor):
    """Every tag visited, repeats included (python-chess's headers keep the
    last of a name only)."""

    def begin_game(self):
        self.tags = []
        self.moves = []
        self.errors = []

    def visit_header(self, name, value):
        self.tags.append([name, unescape(value)])

    def visit_move(self, board, move):
        self.moves.append(move.uci())

    def handle_error(self, error):
        self.errors.append(str(error))

    def result(self):
        return {"tags": self.tags, "moves": self.moves, "errors": self.errors}


if sys.argv[1] == "--json":
    with open(sys.argv[2], encoding="utf-8") as f:
        games = json.load(f, object_pairs_hook=lambda pairs: pairs)
    out = [[[k, v] for k, v in game if k != "Moves"] for game in games]
    print(json.dumps(out))
else:
    games = []
    with open(sys.argv[1], encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f, Visitor=Tags)
            if game is None:
                break
            games.append(game)
    print(json.dumps(games))
