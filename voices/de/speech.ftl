# Wörter nur für die Sprachausgabe. Bevor ein Satz gesprochen wird, ersetzt
# tiflo, was Sprachausgaben falsch lesen: Felder und einzelne Linien, getippte
# Züge („Sf3“, „O-O“), Uhrzeiten der Schachuhr („1:12:00“ wäre eine
# Tageszeit) und Ergebnisse. Der geschriebene Text behält die Zeichen. Die
# Buchstaben stehen so da, wie man sie buchstabiert („zeh“, „eff“: die
# Sprachausgabe liest „ce“ und „ef“ anders, „ix“ als römische Zahl).
letter-name = { $letter ->
        [a] a
        [b] be
        [c] zeh
        [d] de
        [e] e
        [f] eff
        [g] ge
        [h] ha
        [i] i
        [j] jott
        [k] ka
        [l] el
        [m] em
        [n] en
        [o] o
        [p] pe
        [q] ku
        [r] er
        [s] es
        [t] te
        [u] u
        [v] vau
        [w] we
        [x] iks
        [y] ypsilon
        [z] zett
       *[other] { $letter }
    }
# Die Buchstaben a bis h, die auch Wörter sind: allein ist ein solcher
# Buchstabe nur dann eine Linie, wenn ein Feld, ein Zug, das Schlagwort oder
# ein Satzzeichen folgt. Im Deutschen gibt es keine.
letter-words = {""}
number-word = { $n ->
        [0] null
        [1] eins
        [2] zwei
        [3] drei
        [4] vier
        [5] fünf
        [6] sechs
        [7] sieben
        [8] acht
        [9] neun
       *[other] { $n }
    }
capture-word = schlägt
check-word = Schach
mate-word = Schachmatt
castle-short = kurze Rochade
castle-long = lange Rochade
result-white = eins zu null
result-black = null zu eins
result-draw = remis
