# Notações: porque não se consegue ler um lance escrito (o pormenor de
# why-move-syntax), os nomes das notações e os avisos de
# `tiflo convert` sobre o texto que lê.

why-syntax-empty = está vazio
why-syntax-empty-move = o lance está vazio
why-syntax-only-marks = só há sinais, nenhum lance
why-syntax-unknown-promotion = peça de promoção desconhecida
why-syntax-promotes-to-king = um peão não pode promover a rei nem a peão
why-syntax-pawn-capture-file = uma captura de peão muda de coluna
why-syntax-no-destination = falta a casa de destino
why-syntax-unreadable-before = há caracteres ilegíveis antes do destino
why-syntax-dash-without-origin = um hífen precisa da casa de origem antes dele
why-syntax-pawn-starts-with-rank = um lance de peão não pode começar por uma fila
why-syntax-too-long = é demasiado longo para ser um lance
why-syntax-space-inside = há um espaço ou um carácter de controlo dentro do lance
why-syntax-stray-character = há um carácter que não faz parte de nenhum lance
why-syntax-castling-mark = está marcado como roque mas é outro lance
why-syntax-fifth-digit = o quinto algarismo não nomeia nenhuma peça (1=D 2=T 3=B 4=C)
why-syntax-numeric-length = um lance numérico tem quatro algarismos, ou cinco se promove
why-syntax-numeric-origin = a origem não é uma casa (algarismos de 1 a 8)
why-syntax-numeric-destination = o destino não é uma casa (algarismos de 1 a 8)
why-syntax-gringmuth-syllables = um lance Gringmuth tem duas sílabas
why-syntax-gringmuth-first = a primeira sílaba não é uma casa Gringmuth
why-syntax-gringmuth-second = a segunda sílaba não é uma casa Gringmuth
why-syntax-gringmuth-letter = há uma letra desconhecida depois das duas sílabas
why-syntax-descriptive-language = a notação descritiva só se lê em inglês ou em espanhol
why-syntax-descriptive-too-long = é mais longo do que qualquer lance descritivo
why-syntax-descriptive-stray-any = há um carácter que não faz parte de nenhum lance descritivo
why-syntax-descriptive-stray = há um carácter que não faz parte de um lance descritivo
why-syntax-castling-form = o roque escreve-se O-O ou O-O-O
why-syntax-castling-side = roque para um lado desconhecido
why-syntax-descriptive-start-en = um lance descritivo inglês começa por uma peça (K Q R B N P) ou uma coluna (QN, KB...)
why-syntax-descriptive-start-es = um lance descritivo espanhol começa por uma peça (R D T A C P)
why-syntax-nested-parentheses = há parênteses dentro de parênteses
why-syntax-empty-parentheses = os parênteses estão vazios
why-syntax-unopened-parenthesis = fecha-se um parêntese que não foi aberto
why-syntax-unclosed-parenthesis = fica um parêntese aberto
why-syntax-equals-without-piece = depois de `=` tem de vir a peça de promoção
why-syntax-rank-out-of-range = as filas numeram-se de 1 a 8
why-syntax-no-destination-no-capture = não há casa de destino nem captura
why-syntax-letter-en = não é uma letra de peça inglesa (K Q R B N)
why-syntax-letter-es = não é uma letra de peça espanhola (R D T A C)
why-syntax-letter-pt = não é uma letra de peça portuguesa (R D T B C)
why-syntax-letter-fr = não é uma letra de peça francesa (R D T F C)
why-syntax-letter-de = não é uma letra de peça alemã (K D T L S)
why-syntax-letter-it = não é uma letra de peça italiana (R D T A C)
why-syntax-letter-nl = não é uma letra de peça neerlandesa (K D T L P)
why-syntax-figurine-expected = há uma letra onde se esperava uma figura

# As notações, tal como são nomeadas nos erros de leitura.
dialect-san = algébrica ({ $pieces })
dialect-lan = algébrica longa ({ $pieces })
dialect-descriptive = descritiva ({ $pieces })
dialect-uci = coordenadas UCI
dialect-koch = notação Koch
dialect-iccf = notação numérica ICCF
dialect-gringmuth = código Gringmuth
pieces-en = inglês
pieces-es = espanhol
pieces-pt = português
pieces-pt-br = português do Brasil
pieces-fr = francês
pieces-de = alemão
pieces-it = italiano
pieces-nl = neerlandês
pieces-figurines = figuras

# Linhas da entrada que não são UTF-8.
convert-latin1 = { $file }: { $lines ->
    [1] uma linha não é UTF-8; é lida
   *[other] { $lines } linhas não são UTF-8; são lidas
} como Latin-1
convert-latin1-first = { $file }: { $lines ->
    [1] uma linha não é UTF-8 (a { $first }); é lida
   *[other] { $lines } linhas não são UTF-8 (a primeira: a { $first }); são lidas
} como Latin-1

convert-note = partida { $game }: { $note }
read-note-move-number = número de lance `{ $written }` lido como { $expected }: uma gralha; sem ele, o resto da partida lê-se até ao fim e cada número de lance seguinte coincide
convert-cannot-read = não é possível ler { $file }: { $why }
convert-cannot-read-stdin = não é possível ler a entrada padrão: { $why }
convert-stopped = a conversão parou: { $why }
