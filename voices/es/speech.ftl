# Palabras solo para el sintetizador de voz. Antes de decir una frase, tiflo
# cambia lo que los sintetizadores leen mal: casillas y columnas sueltas ("a"
# sería la preposición), jugadas tecleadas ("Cf3", "O-O"), tiempos de reloj
# ("1:12:00" sería una hora del día) y resultados. El texto escrito conserva
# los signos. Las letras se escriben como se deletrean; "ah" y "eh" llevan
# hache para que se digan acentuadas, como letras, y no como "a" y "e".
letter-name = { $letter ->
        [a] ah
        [b] be
        [c] ce
        [d] de
        [e] eh
        [f] efe
        [g] ge
        [h] hache
        [i] i
        [j] jota
        [k] ka
        [l] ele
        [m] eme
        [n] ene
        [o] o
        [p] pe
        [q] cu
        [r] erre
        [s] ese
        [t] te
        [u] u
        [v] uve
        [w] uve doble
        [x] equis
        [y] i griega
        [z] zeta
       *[other] { $letter }
    }
# Las letras de la a a la h que también son palabras: sola, una de ellas es
# una columna solo si la sigue una casilla, una jugada, la palabra de captura
# o un signo ("e toma", "torre a e1"; no "pasa a ser").
letter-words = a e
number-word = { $n ->
        [0] cero
        [1] uno
        [2] dos
        [3] tres
        [4] cuatro
        [5] cinco
        [6] seis
        [7] siete
        [8] ocho
        [9] nueve
       *[other] { $n }
    }
capture-word = toma
check-word = jaque
mate-word = jaque mate
castle-short = enroque corto
castle-long = enroque largo
result-white = uno a cero
result-black = cero a uno
result-draw = tablas
