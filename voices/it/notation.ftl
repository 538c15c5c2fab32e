# Notazioni: perché una mossa scritta non si può leggere (il dettaglio di
# why-move-syntax), i nomi delle notazioni e gli avvisi di
# `tiflo convert` sul testo che legge.

why-syntax-empty = è vuota
why-syntax-empty-move = la mossa è vuota
why-syntax-only-marks = solo segni, nessuna mossa
why-syntax-unknown-promotion = pezzo di promozione sconosciuto
why-syntax-promotes-to-king = un pedone non può essere promosso a re né a pedone
why-syntax-pawn-capture-file = una cattura di pedone cambia colonna
why-syntax-no-destination = manca la casa di arrivo
why-syntax-unreadable-before = caratteri illeggibili prima della casa di arrivo
why-syntax-dash-without-origin = un trattino vuole prima la casa di partenza
why-syntax-pawn-starts-with-rank = una mossa di pedone non può cominciare con una traversa
why-syntax-too-long = troppo lunga per essere una mossa
why-syntax-space-inside = uno spazio o un carattere di controllo dentro la mossa
why-syntax-stray-character = un carattere che non fa parte di nessuna mossa
why-syntax-castling-mark = segnata come arrocco ma è un'altra mossa
why-syntax-fifth-digit = la quinta cifra non nomina nessun pezzo (1=D 2=T 3=A 4=C)
why-syntax-numeric-length = una mossa numerica ha quattro cifre, o cinque con la promozione
why-syntax-numeric-origin = la partenza non è una casa (cifre da 1 a 8)
why-syntax-numeric-destination = l'arrivo non è una casa (cifre da 1 a 8)
why-syntax-gringmuth-syllables = una mossa Gringmuth ha due sillabe
why-syntax-gringmuth-first = la prima sillaba non è una casa Gringmuth
why-syntax-gringmuth-second = la seconda sillaba non è una casa Gringmuth
why-syntax-gringmuth-letter = una lettera sconosciuta dopo le due sillabe
why-syntax-descriptive-language = la notazione descrittiva si legge solo in inglese o in spagnolo
why-syntax-descriptive-too-long = più lunga di qualsiasi mossa descrittiva
why-syntax-descriptive-stray-any = un carattere che non fa parte di nessuna mossa descrittiva
why-syntax-descriptive-stray = un carattere che non fa parte di una mossa descrittiva
why-syntax-castling-form = l'arrocco si scrive O-O o O-O-O
why-syntax-castling-side = arrocco verso un lato sconosciuto
why-syntax-descriptive-start-en = una mossa descrittiva inglese comincia con un pezzo (K Q R B N P) o una colonna (QN, KB...)
why-syntax-descriptive-start-es = una mossa descrittiva spagnola comincia con un pezzo (R D T A C P)
why-syntax-nested-parentheses = parentesi dentro parentesi
why-syntax-empty-parentheses = parentesi vuote
why-syntax-unopened-parenthesis = una parentesi chiusa senza quella aperta
why-syntax-unclosed-parenthesis = una parentesi rimasta aperta
why-syntax-equals-without-piece = dopo `=` deve venire il pezzo di promozione
why-syntax-rank-out-of-range = le traverse sono numerate da 1 a 8
why-syntax-no-destination-no-capture = né casa di arrivo né cattura
why-syntax-letter-en = non è una lettera di pezzo inglese (K Q R B N)
why-syntax-letter-es = non è una lettera di pezzo spagnola (R D T A C)
why-syntax-letter-pt = non è una lettera di pezzo portoghese (R D T B C)
why-syntax-letter-fr = non è una lettera di pezzo francese (R D T F C)
why-syntax-letter-de = non è una lettera di pezzo tedesca (K D T L S)
why-syntax-letter-it = non è una lettera di pezzo italiana (R D T A C)
why-syntax-letter-nl = non è una lettera di pezzo olandese (K D T L P)
why-syntax-figurine-expected = una lettera dove era attesa una figurina

# Le notazioni, come le nominano gli errori di lettura.
dialect-san = notazione algebrica ({ $pieces })
dialect-lan = notazione algebrica lunga ({ $pieces })
dialect-descriptive = notazione descrittiva ({ $pieces })
dialect-uci = coordinate UCI
dialect-koch = notazione Koch
dialect-iccf = notazione numerica ICCF
dialect-gringmuth = codice Gringmuth
pieces-en = inglese
pieces-es = spagnolo
pieces-pt = portoghese
pieces-pt-br = portoghese del Brasile
pieces-fr = francese
pieces-de = tedesco
pieces-it = italiano
pieces-nl = olandese
pieces-figurines = figurine

# Righe dell'ingresso che non sono UTF-8.
convert-latin1 = { $file }: { $lines ->
    [1] una riga non è UTF-8; viene letta
   *[other] { $lines } righe non sono UTF-8; vengono lette
} come Latin-1
convert-latin1-first = { $file }: { $lines ->
    [1] una riga non è UTF-8 (la riga { $first }); viene letta
   *[other] { $lines } righe non sono UTF-8 (la prima: riga { $first }); vengono lette
} come Latin-1

convert-note = partita { $game }: { $note }
read-note-move-number = numero di mossa `{ $written }` letto come { $expected }: un refuso; senza di esso il resto della partita si legge fino alla fine e ogni numero di mossa successivo corrisponde
convert-cannot-read = impossibile leggere { $file }: { $why }
convert-cannot-read-stdin = impossibile leggere i dati in ingresso: { $why }
convert-stopped = la conversione si è interrotta: { $why }
