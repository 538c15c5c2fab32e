# Woorden alleen voor de spraaksynthese. Voordat een zin wordt uitgesproken,
# vervangt tiflo wat spraaksynthesizers verkeerd lezen: velden en losse lijnen,
# getypte zetten („Pf3”, „O-O”), kloktijden („1:12:00” zou een tijdstip zijn)
# en uitslagen. De geschreven tekst houdt de tekens. De letters staan er zoals
# je ze spelt; één is met accenten geschreven, zodat het niet „een” wordt.
letter-name = { $letter ->
        [a] aa
        [b] bee
        [c] cee
        [d] dee
        [e] ee
        [f] ef
        [g] gee
        [h] ha
        [i] ie
        [j] jee
        [k] ka
        [l] el
        [m] em
        [n] en
        [o] oo
        [p] pee
        [q] kuu
        [r] er
        [s] es
        [t] tee
        [u] uu
        [v] vee
        [w] wee
        [x] iks
        [y] ij
        [z] zet
       *[other] { $letter }
    }
# De letters a tot h die ook woorden zijn: alleen is zo'n letter pas een lijn
# als er een veld, een zet, het slagwoord of een leesteken volgt. In het
# Nederlands zijn er geen.
letter-words = {""}
number-word = { $n ->
        [0] nul
        [1] één
        [2] twee
        [3] drie
        [4] vier
        [5] vijf
        [6] zes
        [7] zeven
        [8] acht
        [9] negen
       *[other] { $n }
    }
capture-word = slaat
check-word = schaak
mate-word = schaakmat
castle-short = korte rokade
castle-long = lange rokade
result-white = één-nul
result-black = nul-één
result-draw = remise
