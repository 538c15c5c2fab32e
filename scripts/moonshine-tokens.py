#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes tests/data/moonshine-tokens.tsv: English texts written as the
Moonshine recogniser writes the grammar's phrases, each with its tokens as
Hugging Face's `tokenizers` library (the reference) gives them for
Moonshine's tokenizer.json. src/hearing/moonshine.rs's tests compare
tiflo's own encoder with these.

    python3 -m venv /tmp/tok && /tmp/tok/bin/pip install tokenizers==0.23.3
    bash scripts/moonshine-model.sh
    /tmp/tok/bin/python scripts/moonshine-tokens.py \
        /usr/local/share/tiflo/models/moonshine-tiny-en/tokenizer.json > tests/data/moonshine-tokens.tsv
"""
import random
import sys

import tokenizers

tok = tokenizers.Tokenizer.from_file(sys.argv[1])
pieces = "pawn knight bishop rook queen king night nite knights".split()
alphabets = ("alpha bravo charlie delta echo foxtrot golf hotel alfa anna bella cesar david eva felix "
             "gustav hector able baker dog easy fox george how").split()
ranks = "one two three four five six seven eight for fore to too ate won".split()
words = ("takes take captures capture x ray ex by to on check mate checkmate castles castle castling "
         "short long kingside queenside king side queen side o promotes promote becomes equals equal "
         "promotion yes no y clock time last moves scoresheet board square pieces where rank row file "
         "column legal draw offer accept decline claim resign correct takeback undo result sign agree "
         "start press pressed set flag transfers pending done finished copied touched next forward back "
         "previous repeat again help quit exit stop listening pause resume nine ten eleven twelve "
         "thirteen fourteen fifteen sixteen new comment comments variations variation used spent page "
         "phone the and uh um er ah be bee see sea cee dee ee ef eff gee aitch").split()
squares = [f + r for f in "ABCDEFGH" for r in "12345678"]
texts = set()
for w in pieces + alphabets + ranks + words + squares + list("ABCDEFGH"):
    texts.add(w.capitalize() + ".")
    texts.add(f"Pawn {w} E4.")
    texts.add(f"E2 {w}.")
rng = random.Random(7)
pool = pieces + alphabets + ranks + words + squares * 3
for _ in range(600):
    n = rng.randint(2, 7)
    t = " ".join(rng.choice(pool) for _ in range(n))
    texts.add(t[0].upper() + t[1:] + ".")
print("# text\ttokens (Hugging Face tokenizers " + tokenizers.__version__ + ", Moonshine's tokenizer.json)")
for t in sorted(texts):
    ids = tok.encode(t, add_special_tokens=False).ids
    print(t + "\t" + " ".join(map(str, ids)))
