# Parole solo per la sintesi vocale. Prima di dire una frase, tiflo cambia
# ciò che le sintesi leggono male: case e colonne isolate («a» sarebbe la
# preposizione, «e» la congiunzione), mosse digitate («Cf3», «O-O»), tempi
# dell'orologio («1:12:00» sarebbe un'ora del giorno) e risultati. Il testo
# scritto conserva i segni. Le lettere sono scritte come si compitano; «ah» ed
# «eh» hanno l'acca perché siano accentate, come lettere.
letter-name = { $letter ->
        [a] ah
        [b] bi
        [c] ci
        [d] di
        [e] eh
        [f] effe
        [g] gi
        [h] acca
        [i] i
        [j] i lunga
        [k] cappa
        [l] elle
        [m] emme
        [n] enne
        [o] o
        [p] pi
        [q] cu
        [r] erre
        [s] esse
        [t] ti
        [u] u
        [v] vu
        [w] doppia vu
        [x] ics
        [y] ipsilon
        [z] zeta
       *[other] { $letter }
    }
# Le lettere dalla a alla h che sono anche parole: da sola, una di esse è una
# colonna solo se la segue una casa, una mossa, la parola di presa o un segno
# («e prende», «torre a e1»; non «Bianco e Nero»).
letter-words = a e
number-word = { $n ->
        [0] zero
        [1] uno
        [2] due
        [3] tre
        [4] quattro
        [5] cinque
        [6] sei
        [7] sette
        [8] otto
        [9] nove
       *[other] { $n }
    }
capture-word = prende
check-word = scacco
mate-word = scacco matto
castle-short = arrocco corto
castle-long = arrocco lungo
result-white = uno a zero
result-black = zero a uno
result-draw = patta
