# Notationen: warum ein geschriebener Zug nicht lesbar ist (die Einzelheit
# von why-move-syntax), die Namen der Notationen und die Hinweise von
# `tiflo convert` zum gelesenen Text.

why-syntax-empty = leer
why-syntax-empty-move = der Zug ist leer
why-syntax-only-marks = nur Zeichen, kein Zug
why-syntax-unknown-promotion = unbekannte Umwandlungsfigur
why-syntax-promotes-to-king = ein Bauer kann sich weder in einen König noch in einen Bauern umwandeln
why-syntax-pawn-capture-file = ein Bauer schlägt und wechselt dabei die Linie
why-syntax-no-destination = das Zielfeld fehlt
why-syntax-unreadable-before = unlesbare Zeichen vor dem Zielfeld
why-syntax-dash-without-origin = vor einem Strich muss das Ausgangsfeld stehen
why-syntax-pawn-starts-with-rank = ein Bauernzug kann nicht mit einer Reihe beginnen
why-syntax-too-long = zu lang für einen Zug
why-syntax-space-inside = Leerzeichen oder Steuerzeichen im Zug
why-syntax-stray-character = ein Zeichen, das zu keinem Zug gehört
why-syntax-castling-mark = als Rochade bezeichnet, aber ein anderer Zug
why-syntax-fifth-digit = die fünfte Ziffer nennt keine Figur (1=D 2=T 3=L 4=S)
why-syntax-numeric-length = ein numerischer Zug hat vier Ziffern, bei Umwandlung fünf
why-syntax-numeric-origin = der Ausgang ist kein Feld (Ziffern 1 bis 8)
why-syntax-numeric-destination = das Ziel ist kein Feld (Ziffern 1 bis 8)
why-syntax-gringmuth-syllables = ein Gringmuth-Zug hat zwei Silben
why-syntax-gringmuth-first = die erste Silbe ist kein Gringmuth-Feld
why-syntax-gringmuth-second = die zweite Silbe ist kein Gringmuth-Feld
why-syntax-gringmuth-letter = ein unbekannter Buchstabe nach den zwei Silben
why-syntax-descriptive-language = die beschreibende Notation wird nur auf Englisch oder Spanisch gelesen
why-syntax-descriptive-too-long = länger als jeder beschreibende Zug
why-syntax-descriptive-stray-any = ein Zeichen, das zu keinem beschreibenden Zug gehört
why-syntax-descriptive-stray = ein Zeichen, das nicht zu einem beschreibenden Zug gehört
why-syntax-castling-form = die Rochade schreibt sich O-O oder O-O-O
why-syntax-castling-side = Rochade zu einer unbekannten Seite
why-syntax-descriptive-start-en = ein englischer beschreibender Zug beginnt mit einer Figur (K Q R B N P) oder einer Linie (QN, KB...)
why-syntax-descriptive-start-es = ein spanischer beschreibender Zug beginnt mit einer Figur (R D T A C P)
why-syntax-nested-parentheses = Klammern in Klammern
why-syntax-empty-parentheses = leere Klammern
why-syntax-unopened-parenthesis = eine schließende Klammer ohne öffnende
why-syntax-unclosed-parenthesis = eine Klammer bleibt offen
why-syntax-equals-without-piece = nach `=` muss die Umwandlungsfigur folgen
why-syntax-rank-out-of-range = die Reihen sind von 1 bis 8 nummeriert
why-syntax-no-destination-no-capture = weder Zielfeld noch Schlagen
why-syntax-letter-en = kein englischer Figurenbuchstabe (K Q R B N)
why-syntax-letter-es = kein spanischer Figurenbuchstabe (R D T A C)
why-syntax-letter-pt = kein portugiesischer Figurenbuchstabe (R D T B C)
why-syntax-letter-fr = kein französischer Figurenbuchstabe (R D T F C)
why-syntax-letter-de = kein deutscher Figurenbuchstabe (K D T L S)
why-syntax-letter-it = kein italienischer Figurenbuchstabe (R D T A C)
why-syntax-letter-nl = kein niederländischer Figurenbuchstabe (K D T L P)
why-syntax-figurine-expected = ein Buchstabe, wo ein Figurensymbol erwartet wurde

# Die Notationen, wie die Lesefehler sie nennen.
dialect-san = algebraische Notation ({ $pieces })
dialect-lan = lange algebraische Notation ({ $pieces })
dialect-descriptive = beschreibende Notation ({ $pieces })
dialect-uci = UCI-Koordinaten
dialect-koch = Koch-Notation
dialect-iccf = numerische ICCF-Notation
dialect-gringmuth = Gringmuth-Code
pieces-en = Englisch
pieces-es = Spanisch
pieces-pt = Portugiesisch
pieces-pt-br = brasilianisches Portugiesisch
pieces-fr = Französisch
pieces-de = Deutsch
pieces-it = Italienisch
pieces-nl = Niederländisch
pieces-figurines = Figurensymbole

# Zeilen der Eingabe, die nicht UTF-8 sind.
convert-latin1 = { $file }: { $lines ->
    [1] eine Zeile ist nicht UTF-8; sie wird
   *[other] { $lines } Zeilen sind nicht UTF-8; sie werden
} als Latin-1 gelesen
convert-latin1-first = { $file }: { $lines ->
    [1] eine Zeile ist nicht UTF-8 (Zeile { $first }); sie wird
   *[other] { $lines } Zeilen sind nicht UTF-8 (die erste: Zeile { $first }); sie werden
} als Latin-1 gelesen

convert-note = Partie { $game }: { $note }
read-note-move-number = Zugnummer `{ $written }` gelesen als { $expected }: ein Druckfehler; ohne sie lässt sich der Rest der Partie bis zum Ende lesen, und jede spätere Zugnummer stimmt
convert-cannot-read = { $file } kann nicht gelesen werden: { $why }
convert-cannot-read-stdin = die Standardeingabe kann nicht gelesen werden: { $why }
convert-stopped = die Umwandlung wurde abgebrochen: { $why }
