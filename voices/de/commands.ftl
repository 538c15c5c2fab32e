# Die Wörter der Befehle, auf der Tastatur getippt (später auch gesprochen
# oder in Braille eingegeben). Jede Nachricht nennt die Wörter eines Befehls,
# durch Kommas getrennt; Groß- und Kleinschreibung und Akzente spielen keine
# Rolle. Die englischen Wörter gelten immer, daher darf kein Wort hier etwas
# anderes bezeichnen.
cmd-clock = Uhr, Zeit
cmd-last = letzter, letzte
cmd-moves = Züge, Partieformular, Notation
cmd-board = Brett
cmd-square = Feld
cmd-pieces = Figuren, wo
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
cmd-repeat = wiederholen, nochmal
cmd-help = Hilfe
cmd-quit = beenden, Ende
cmd-yes = ja, j
cmd-no = nein
# Wörter in den Argumenten von „Figuren“, „Remis“, „aufgeben“, „stellen“,
# „Fahne“ und „unterschreiben“.
word-white = weiß, weiss, weiße, weisse, weißer, weisser
word-black = schwarz, schwarze, schwarzer
word-king = König, Könige
word-queen = Dame, Damen
word-rook = Turm, Türme
word-bishop = Läufer
word-knight = Springer
word-pawn = Bauer, Bauern
