# Palavras só para o sintetizador de voz. Antes de dizer uma frase, o tiflo
# troca o que os sintetizadores leem mal: casas e colunas soltas ("a" seria o
# artigo, "e" a conjunção), lances digitados ("Cf3", "O-O"), tempos de relógio
# ("1:12:00" seria uma hora do dia) e resultados. O texto escrito conserva os
# sinais. As letras escrevem-se como se soletram.
letter-name = { $letter ->
        [a] á
        [b] bê
        [c] cê
        [d] dê
        [e] é
        [f] efe
        [g] gê
        [h] agá
        [i] i
        [j] jota
        [k] cá
        [l] ele
        [m] eme
        [n] ene
        [o] ó
        [p] pê
        [q] quê
        [r] erre
        [s] esse
        [t] tê
        [u] u
        [v] vê
        [w] dáblio
        [x] xis
        [y] ípsilon
        [z] zê
       *[other] { $letter }
    }
# As letras de a a h que também são palavras: sozinha, uma delas é uma
# coluna só quando a segue uma casa, um lance, a palavra de captura ou um
# sinal ("e toma", "torre a e1"; não "a partida", "brancas e pretas").
letter-words = a e
number-word = { $n ->
        [0] zero
        [1] um
        [2] dois
        [3] três
        [4] quatro
        [5] cinco
        [6] seis
        [7] sete
        [8] oito
        [9] nove
       *[other] { $n }
    }
capture-word = toma
check-word = xeque
mate-word = xeque-mate
castle-short = roque menor
castle-long = roque maior
result-white = um a zero
result-black = zero a um
result-draw = empate
