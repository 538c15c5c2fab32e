# Mots pour la synthèse vocale seulement. Avant de dire une phrase, tiflo
# remplace ce que les synthèses lisent mal : cases et colonnes isolées (« a »
# serait le verbe), coups tapés (« Cf3 », « O-O »), temps de pendule
# (« 1:12:00 » serait une heure de la journée) et résultats. Le texte écrit
# garde les signes. Les lettres s'écrivent comme on les épelle.
letter-name = { $letter ->
        [a] a
        [b] bé
        [c] cé
        [d] dé
        [e] e
        [f] effe
        [g] gé
        [h] ache
        [i] i
        [j] ji
        [k] ka
        [l] elle
        [m] emme
        [n] enne
        [o] o
        [p] pé
        [q] ku
        [r] erre
        [s] esse
        [t] té
        [u] u
        [v] vé
        [w] double vé
        [x] ixe
        [y] i grec
        [z] zède
       *[other] { $letter }
    }
# Les lettres de a à h qui sont aussi des mots : seule, une telle lettre est
# une colonne seulement si une case, un coup, le mot de prise ou un signe la
# suit (« a prend », « tour a e1 » ; pas « il a joué »).
letter-words = a
number-word = { $n ->
        [0] zéro
        [1] un
        [2] deux
        [3] trois
        [4] quatre
        [5] cinq
        [6] six
        [7] sept
        [8] huit
        [9] neuf
       *[other] { $n }
    }
capture-word = prend
check-word = échec
mate-word = échec et mat
castle-short = petit roque
castle-long = grand roque
result-white = un à zéro
result-black = zéro à un
result-draw = nulle
