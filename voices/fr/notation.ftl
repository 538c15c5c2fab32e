# Notations : pourquoi un coup écrit ne peut pas être lu (le détail de
# why-move-syntax), les noms des notations et les avis de
# `tiflo convert` sur le texte qu'il lit.

why-syntax-empty = c'est vide
why-syntax-empty-move = le coup est vide
why-syntax-only-marks = rien que des signes, aucun coup
why-syntax-unknown-promotion = pièce de promotion inconnue
why-syntax-promotes-to-king = un pion ne peut pas être promu en roi ni en pion
why-syntax-pawn-capture-file = une prise de pion change de colonne
why-syntax-no-destination = il manque la case d'arrivée
why-syntax-unreadable-before = des caractères illisibles avant la case d'arrivée
why-syntax-dash-without-origin = un tiret doit suivre la case de départ
why-syntax-pawn-starts-with-rank = un coup de pion ne peut pas commencer par une rangée
why-syntax-too-long = trop long pour un coup
why-syntax-space-inside = une espace ou un caractère de contrôle dans le coup
why-syntax-stray-character = un caractère qui n'appartient à aucun coup
why-syntax-castling-mark = noté comme un roque mais c'est un autre coup
why-syntax-fifth-digit = le cinquième chiffre ne nomme aucune pièce (1=D 2=T 3=F 4=C)
why-syntax-numeric-length = un coup numérique a quatre chiffres, ou cinq avec une promotion
why-syntax-numeric-origin = le départ n'est pas une case (chiffres de 1 à 8)
why-syntax-numeric-destination = l'arrivée n'est pas une case (chiffres de 1 à 8)
why-syntax-gringmuth-syllables = un coup Gringmuth a deux syllabes
why-syntax-gringmuth-first = la première syllabe n'est pas une case Gringmuth
why-syntax-gringmuth-second = la deuxième syllabe n'est pas une case Gringmuth
why-syntax-gringmuth-letter = une lettre inconnue après les deux syllabes
why-syntax-descriptive-language = la notation descriptive se lit en anglais ou en espagnol seulement
why-syntax-descriptive-too-long = plus long que tout coup descriptif
why-syntax-descriptive-stray-any = un caractère qui n'appartient à aucun coup descriptif
why-syntax-descriptive-stray = un caractère qui n'appartient pas à un coup descriptif
why-syntax-castling-form = le roque s'écrit O-O ou O-O-O
why-syntax-castling-side = roque vers un côté inconnu
why-syntax-descriptive-start-en = un coup descriptif anglais commence par une pièce (K Q R B N P) ou une colonne (QN, KB...)
why-syntax-descriptive-start-es = un coup descriptif espagnol commence par une pièce (R D T A C P)
why-syntax-nested-parentheses = des parenthèses dans des parenthèses
why-syntax-empty-parentheses = des parenthèses vides
why-syntax-unopened-parenthesis = une parenthèse fermante sans parenthèse ouvrante
why-syntax-unclosed-parenthesis = une parenthèse restée ouverte
why-syntax-equals-without-piece = `=` doit être suivi de la pièce de promotion
why-syntax-rank-out-of-range = les rangées sont numérotées de 1 à 8
why-syntax-no-destination-no-capture = ni case d'arrivée ni prise
why-syntax-letter-en = pas une lettre de pièce anglaise (K Q R B N)
why-syntax-letter-es = pas une lettre de pièce espagnole (R D T A C)
why-syntax-letter-pt = pas une lettre de pièce portugaise (R D T B C)
why-syntax-letter-fr = pas une lettre de pièce française (R D T F C)
why-syntax-letter-de = pas une lettre de pièce allemande (K D T L S)
why-syntax-letter-it = pas une lettre de pièce italienne (R D T A C)
why-syntax-letter-nl = pas une lettre de pièce néerlandaise (K D T L P)
why-syntax-figurine-expected = une lettre là où une figurine était attendue

# Les notations, telles que les nomment les erreurs de lecture.
dialect-san = notation algébrique ({ $pieces })
dialect-lan = notation algébrique longue ({ $pieces })
dialect-descriptive = notation descriptive ({ $pieces })
dialect-uci = coordonnées UCI
dialect-koch = notation Koch
dialect-iccf = notation numérique ICCF
dialect-gringmuth = code Gringmuth
pieces-en = anglais
pieces-es = espagnol
pieces-pt = portugais
pieces-pt-br = portugais du Brésil
pieces-fr = français
pieces-de = allemand
pieces-it = italien
pieces-nl = néerlandais
pieces-figurines = figurines

# Lignes de l'entrée qui ne sont pas en UTF-8.
convert-latin1 = { $file } : { $lines ->
    [1] une ligne n'est pas en UTF-8 ; elle est lue
   *[other] { $lines } lignes ne sont pas en UTF-8 ; elles sont lues
} en Latin-1
convert-latin1-first = { $file } : { $lines ->
    [1] une ligne n'est pas en UTF-8 (la ligne { $first }) ; elle est lue
   *[other] { $lines } lignes ne sont pas en UTF-8 (la première : ligne { $first }) ; elles sont lues
} en Latin-1

convert-note = partie { $game } : { $note }
read-note-move-number = numéro de coup `{ $written }` lu comme { $expected } : une coquille ; sans lui, la suite de la partie se lit jusqu'au bout et chaque numéro de coup suivant concorde
convert-cannot-read = { $file } ne peut pas être lu : { $why }
convert-cannot-read-stdin = l'entrée standard ne peut pas être lue : { $why }
convert-stopped = la réécriture s'est arrêtée : { $why }
