# Das gedruckte Partieformular (FIDE-Regeln, Artikel 8, Anhang C).
scoresheet-title = Partieformular
white = Weiß
black = Schwarz
event = Turnier
site = Ort
date = Datum
round = Runde
result = Ergebnis
result-unknown = Partie nicht beendet
draw-offer-legend = (=) Remisangebot mit diesem Zug
clock-legend = in eckigen Klammern: Restbedenkzeit nach dem Zug
claim = Reklamation: { $what }
claim-threefold = dreimalige Stellungswiederholung
claim-fifty-moves = Fünfzig-Züge-Regel
# Eine falsche Reklamation auf dem gedruckten Partieformular, mit ihrer Strafe (Artikel 9.5.2).
claim-rejected = Reklamation von { $side } abgelehnt: +2 Min. für { $other }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } gelesen als { $chosen }: die einzige Lesart, mit der sich der Rest der Partie bis zum Ende lesen lässt (nicht { $others })
# Tabellenkopf, Partieende und Unterschriften (Artikel 8.7).
sheet-move-number = Nr.
sheet-ending = Wie die Partie endete
sheet-signatures = Unterschriften
sheet-signed = unterschrieben, Ergebnis { $result }
sheet-unsigned = nicht unterschrieben
