# Die Wörter der Befehle, auf der Tastatur getippt (später auch gesprochen
# oder in Braille eingegeben). Jede Nachricht nennt die Wörter eines Befehls,
# durch Kommas getrennt; Groß- und Kleinschreibung und Akzente spielen keine
# Rolle. Die englischen Wörter gelten immer, daher darf kein Wort hier etwas
# anderes bezeichnen.
cmd-clock = Uhr, Zeit
cmd-last = letzter, letzte, letzten
cmd-moves = Züge, Partieformular, Notation
cmd-board = Brett
cmd-square = Feld
cmd-pieces = Figuren, wo
cmd-rank = Reihe
cmd-file = Linie
cmd-legal = möglich, mögliche, erlaubt
cmd-draw = Remis, anbieten
cmd-accept = annehmen, akzeptiere
cmd-decline = ablehnen
cmd-claim = reklamieren, reklamiere
cmd-resign = aufgeben
cmd-correct = korrigieren, korrigiere
cmd-takeback = zurücknehmen, rückgängig
cmd-result = Ergebnis
cmd-sign = unterschreiben, unterschreibe
cmd-start = starten, beginnen
cmd-press = gedrückt, drücken
cmd-set = stellen, einstellen
cmd-flag = Fahne
cmd-transfers = Übertragungen, offen
cmd-done = erledigt, fertig
cmd-touched = berührt
cmd-next = weiter, vor
cmd-back = zurück
cmd-repeat = wiederholen, nochmal
cmd-help = Hilfe
cmd-quit = beenden, Ende
cmd-yes = ja, j
cmd-no = nein
# Wörter in den Argumenten von „Figuren“, „Remis“, „aufgeben“, „stellen“,
# „Fahne“ und „unterschreiben“.
word-white = weiß, weiss, weiße, weisse, weißer, weisser
word-black = schwarz, schwarze, schwarzer
word-mine = meine, mein, meinen
word-theirs = gegner, gegnerische, gegnerischen
word-king = König, Könige
word-queen = Dame, Damen
word-rook = Turm, Türme
word-bishop = Läufer
word-knight = Springer
word-pawn = Bauer, Bauern
# Gesprochen, nicht getippt (src/hearing/grammar.rs): Sätze, die das Zuhören
# anhalten und fortsetzen (angehalten zählt nur ein Satz zum Fortsetzen),
# und die Zahlen ab neun für "letzten zehn Züge" (eins bis acht sind die
# Wörter der Reihen in moves.ftl).
hear-pause = Mikrofon aus, hör auf zuzuhören
hear-resume = Mikrofon an, hör wieder zu
hear-numbers = neun, zehn, elf, zwölf, dreizehn, vierzehn, fünfzehn, sechzehn
# Eine neue Partie, wenn diese beendet ist.
cmd-new = neu, neue
# Studienmodus: die Kommentare der Partie, und ihre Varianten.
cmd-comment = Kommentar, Kommentare
cmd-variations = Varianten, Variante
# The thinking time each side has used, asked on its own ("verbraucht" alone, or after the clock word).
cmd-used = verbraucht
