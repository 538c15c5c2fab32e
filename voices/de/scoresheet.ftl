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
