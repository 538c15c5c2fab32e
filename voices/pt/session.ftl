# O que o tiflo diz durante a partida. Argumentos: $side e $other são
# side-white / side-black; $move, um lance na notação do jogador; $winner
# (white, black, none) escolhe result-words: resultados ditos em palavras, nunca 1-0 nem ½-½.
side-white = Brancas
side-black = Pretas
list-separator = {", "}

game-new = Partida nova. Jogas com as { $color ->
        [white] brancas
       *[black] pretas
    }. Ritmo de jogo: { $control }. Escreve ajuda para os comandos.
game-resumed = Partida retomada a partir do diário: { $moves ->
        [1] um lance recuperado.
       *[other] { $moves } lances recuperados.
    }
game-resumed-charged = Partida retomada a partir do diário: { $moves ->
        [1] um lance recuperado.
       *[other] { $moves } lances recuperados.
    } O tiflo esteve parado { $down }; esse tempo foi descontado do relógio das { $side }.
journal-torn = O último registo do diário estava incompleto, escrito quando o tiflo parou; foi descartado.
to-move = Lance { $number }, jogam as { $side }.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } lances em { $time }
    }{ $bonus ->
        [increment] , mais { $extra } por lance
        [delay] , com { $extra } de atraso
        [bronstein] , com atraso Bronstein de { $extra }
       *[none] {""}
    }
control-then = { $first }; depois, { $rest }

move-said = { $number }. { $side }: { $move }
move-confirm = { $side }: { $move }? Sim ou não.
move-choose = { $text } pode ser: { $choices }. Escreve o número ou o lance.
choice-item = { $n }: { $move }
choice-out-of-range = Esse número não é nenhuma das opções.
answer-no = Não anotado.
nothing-asked = Não há nenhuma pergunta para responder.
choice-need-number = Qual deles? Responde com o número.
answer-late = Essa resposta chegou muito tempo depois da pergunta e não conta.
move-unreadable = Não entendo { $text } como lance nem como comando. Escreve ajuda para os comandos.
move-illegal = { $text } não é um lance legal das { $side }. { $count ->
        [0] {""}
       *[other] Lances legais parecidos: { $candidates }.
    }
move-ambiguous = { $text } é ambíguo: { $candidates }. Diz o lance completo.
move-promotion-missing = { $text } promove um peão: diz a peça, por exemplo { $candidates }.
move-not-capture = { $text } está escrito como captura, mas não captura nada. { $count ->
        [0] {""}
       *[other] Querias dizer { $candidates }?
    }
move-not-en-passant = { $text } está escrito en passant, mas não é uma captura en passant.
move-not-promotion = { $text } diz uma peça de promoção, mas não promove.
move-other-promotion = { $text }: o peão pode promover, mas não a essa peça. { $count ->
        [0] {""}
       *[other] Possíveis: { $candidates }.
    }
game-over = A partida terminou. { result-words }. Nada foi anotado.

corrected = Corrigido: { $old } passa a ser { $new }.
correct-too-late = Já não se pode corrigir: o relógio do adversário está em marcha. Só o árbitro pode anular um lance.
correct-nothing = Não há nenhum lance para corrigir.
correct-same = Esse é o lance já anotado.
correct-confirm = { $side }: corrijo o último lance para { $move }? Sim ou não.
correct-choose = Corrijo o último lance para { $choices }? Diz o número, ou não.
takeback-confirm = Árbitro: anular { $move }? Sim ou não.
takeback-nothing = Não há nenhum lance para anular.
taken-back = O árbitro anulou { $move }.
pressed = Em marcha o relógio das { $side }.
press-nothing = Não há nenhum lance à espera do relógio.
clock-started = Relógios em marcha. Jogam as { $side }.
clock-already-started = Os relógios já estão em marcha.

draw-offered = As { $side } propõem empate.
draw-declined = Proposta de empate recusada.
draw-lapsed = A proposta de empate caducou: jogou-se um lance em seu lugar.
no-offer = Não há nenhuma proposta de empate.
claimable-threefold = Esta posição apareceu três vezes: as { $side } podem reclamar o empate.
claimable-fifty = Cinquenta lances sem captura nem movimento de peão: as { $side } podem reclamar o empate.
claim-invalid = A reclamação não é válida: nem tripla repetição nem cinquenta lances. Acrescentam-se dois minutos ao relógio das { $side }, e a partida continua.
claim-move-stands = O lance anunciado fica feito.
resign-confirm = As { $side } abandonam? Sim ou não.
result-confirm = { result-words }: os dois jogadores estão de acordo? Sim ou não.
flag-confirm = Caiu a bandeira das { $side } no relógio real? Sim ou não.
flag-own-clock = O tiflo marca o tempo: a bandeira das { $side } não caiu. Escreve relógio para os tempos.

result-words = { $winner ->
        [white] Ganham as brancas, um a zero
        [black] Ganham as pretas, zero a um
       *[none] Empate, meio ponto para cada um
    }
end-checkmate = Xeque-mate. { result-words }.
end-stalemate = Rei afogado. { result-words }.
end-insufficient = Nenhum dos lados pode dar mate. { result-words }.
end-fivefold = A mesma posição pela quinta vez: a partida está empatada, meio ponto para cada um.
end-seventy-five = Setenta e cinco lances sem captura nem movimento de peão: a partida está empatada, meio ponto para cada um.
end-claim-threefold = Empate reclamado por tripla repetição: meio ponto para cada um.
end-claim-fifty = Empate reclamado pela regra dos cinquenta lances: meio ponto para cada um.
end-resigned = As { $side } abandonam. { result-words }.
end-flag = Caiu a bandeira das { $side }. { result-words }.
end-flag-draw = Caiu a bandeira das { $side }, mas as { $other } não podem dar mate. { result-words }.
end-agreed = Empate de comum acordo: meio ponto para cada um.
end-declared = Resultado: { result-words }.
flag-estimate = Pela conta do tiflo, as { $side } ficaram sem tempo. Verifica o relógio real; se a bandeira caiu, escreve bandeira.
signed = As { $side } assinam o resultado. { result-words }.
sign-already = As { $side } já assinaram.
sign-not-over = A partida não terminou; não há resultado para assinar.

low-time = { $side }: restam { $time }.
exempt = As { $side } têm menos de cinco minutos e nenhum incremento de 30 segundos: não são obrigadas a anotar (artigo 8.4).
last-move = Último lance: { $move }.
no-moves = Ainda não há lances.
sheet = Folha de registo: { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , propõe empate
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , propõe empate
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , propõe empate
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] rei branco
            [queen] dama branca
            [rook] torre branca
            [bishop] bispo branco
            [knight] cavalo branco
           *[pawn] peão branco
        }
       *[black] { $role ->
            [king] rei preto
            [queen] dama preta
            [rook] torre preta
            [bishop] bispo preto
            [knight] cavalo preto
           *[pawn] peão preto
        }
    }
piece-on = { $piece } em { $square }
board-rank = Fila { $rank }: { $count ->
        [0] vazia
       *[other] { $pieces }
    }.
board-file = Coluna { $file }: { $count ->
        [0] vazia
       *[other] { $pieces }
    }.
square-piece = { $square }: { $piece }.
square-empty = { $square }: vazia.
pieces-found = { $count ->
        [0] Nenhuma.
       *[other] { $pieces }.
    }

last-moves = Os últimos { $count } lances: { $moves }.
last-moves-all = { $count ->
        [1] Só há um lance
       *[other] Só há { $count } lances
    }: { $moves }.
legal-piece = { $piece }: { $count ->
        [0] nenhum lance legal
       *[other] { $moves }
    }.
legal-no-piece = Não há { $piece } no tabuleiro.
legal-other-side = { $square }: { $piece }. Jogam as { $side }.
legal-over = A partida terminou: já não há lances.

command-need-square = { $command } precisa de uma casa, por exemplo e4.
command-need-piece = { $command } precisa de uma peça ou de uma cor, por exemplo cavalo branco.
command-need-move = { $command } precisa do lance que querias dizer, por exemplo Cc3.
command-need-result = { $command } precisa de 1-0, 0-1 ou 1/2.
command-need-times = { $command } precisa dos tempos, primeiro brancas e depois pretas, por exemplo 1:05:00 58:10, ou de uma cor e um tempo.
command-need-rank = { $command } precisa de uma fila de 1 a 8, por exemplo { $command } 4.
command-need-file = { $command } precisa de uma coluna de a a h, por exemplo { $command } e.
command-need-square-or-piece = { $command } precisa de uma casa ou de uma peça, por exemplo { $command } e2 ou { $command } cavalo.
command-need-count = { $command } leva um número de lances, 1 ou mais, por exemplo { $command } 5.
command-extra = { $command } não leva essas palavras.
help = Escreve um lance em qualquer notação, do lado que joga. Comandos: relógio; tempo gasto; último, ou últimos 5 para os cinco últimos lances; lances; tabuleiro; casa e4; peças cavalo branco, ou peças meus cavalos; fila 4; coluna e; legais e2, ou legais cavalo, para os lances legais; empate, ou um lance e empate (Cf3 empate); aceito; recuso; reclamo, ou reclamo com um lance; abandono; corrijo e o lance que querias dizer; anular, para o árbitro; resultado 1-0; assino; começar; acionado, quando arranca o relógio do adversário; acertar e os tempos; bandeira; transferências; feito, quando um lance já está no outro tabuleiro; tocada; seguinte e atrás, comentário e variantes, num estudo; nova, para uma partida nova quando esta terminar; repete; ajuda; sair. Em voz alta: para de ouvir, e volta a ouvir.
quit = Até logo. A partida fica guardada e continua quando o tiflo voltar a arrancar.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = Ouvi «{ $text }», que não é um lance legal. Nada foi anotado; repete o lance.
heard-no-words = Não percebi nenhuma palavra. Nada foi anotado; repete.
heard-choose = Disseste { $choices }? Diz o número, ou não.
# confirm = "echo": um lance ouvido com segurança, anotado e repetido em
# poucas palavras; um «não» anula-o enquanto ainda se pode corrigir.
move-echo = { $move }.
move-undone = Anulado o lance { $move }.
echo-too-late = Já não se pode anular { $move }: acabou o tempo para o corrigir. Só o árbitro pode anular um lance.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Escuta em pausa. Diz { $phrase } para voltar a ouvir.
listening-resumed = Voltei a ouvir.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = Há muita conversa à volta: agora não aceito um sim, um não nem um número ditos em voz alta, e um lance só se for dito de forma breve. Escreve a resposta ou mantém premida a tecla de falar.
hearing-quieter = Há menos ruído: volto a aceitar as respostas e as frases longas ditas em voz alta.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move }: falta fazê-lo no tabuleiro do torneio
transfer-special = { $move }: falta fazê-lo no teu tabuleiro
transfers-pending = Transferências pendentes: { $list }.
transfers-none = Não há transferências pendentes.
transfer-reminder = Lembrete. Transferências pendentes: { $list }.
transfer-done-tournament = No tabuleiro do torneio: { $move }.
transfer-done-special = No teu tabuleiro: { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] o rei branco
             [queen] a dama branca
             [rook] a torre branca
             [bishop] o bispo branco
             [knight] o cavalo branco
            *[pawn] o peão branco
        }
       *[black] { $role ->
             [king] o rei preto
             [queen] a dama preta
             [rook] a torre preta
             [bishop] o bispo preto
             [knight] o cavalo preto
            *[pawn] o peão preto
        }
    }
fix-move = tira { $piece } de { $from } e { $role ->
        [queen] põe-na
        [rook] põe-na
       *[other] põe-no
    } em { $to }
fix-remove = tira { $piece } de { $from }
fix-put = põe { $piece } em { $on }
fix-separator = {"; "}
fix-board = O tabuleiro do torneio não coincide com a partida. { $steps }.
# A piece an electronic board saw lifted.
touched = O teu adversário tocou: { $piece } em { $square }.
touched-none = Ninguém tocou em nenhuma peça desde o último lance.
# Study mode: a game replayed move by move.
study-begin = Estudo: { $count } lances. Seguinte e atrás percorrem-nos; um lance escrito tenta adivinhar o seguinte.
study-not-this = { $move } não é o lance da partida. Tenta outra vez, ou diz seguinte.
study-end = Fim da partida.
study-back = Atrás, antes de { $move }.
study-start = No início da partida.
study-only = Seguinte e atrás servem para estudar uma partida: tiflo daemon --study PARTIDA.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = Ouvi: { $command }. Está certo? Sim ou não.
heard-command-dropped = Não faço nada.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } não é um lance.

# The tournament board reported on the assistant's page is right.
board-right = O tabuleiro do torneio coincide com a partida.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = É longo demais para ler: no máximo { $most } caracteres. Nada foi anotado.
# Um lance lido de volta com a proposta de empate escrita a seguir ("Cf3 empate").
move-confirm-offer = { $side }: { $move }, com proposta de empate? Sim ou não.
# Um lance que só as letras de outra língua leem no texto (uma letra
# inglesa escrita em português): pergunta-se, nunca se regista sem um sim.
move-foreign-confirm = { $text } não é um lance legal das { $side }. Querias dizer { $move }? Sim ou não.
move-foreign-confirm-offer = { $text } não é um lance legal das { $side }. Querias dizer { $move }, com proposta de empate? Sim ou não.
# "tocada" sem tabuleiro eletrónico que veja as peças levantadas: nada o pode saber.
touched-no-sensor = Não há tabuleiro eletrónico ligado: nada pode dizer se uma peça foi tocada.
# Prática: corrigir o lance do motor (só os do jogador são lapsos).
correct-engine = Os lances do motor não se corrigem, só os teus. Escreve anular para anular um.
# Uma partida terminada retomada antes de ser assinada (artigo 8.7).
game-unsigned = A folha de registo ainda não está assinada: escreve assino para a assinar, ou nova para uma partida nova.
new-not-over = A partida não terminou: uma partida nova começa quando esta tiver terminado.
# Modo estudo: o que é próprio de uma partida em jogo, os comentários e
# variantes da partida onde está o estudo, e o seu fim com o resultado.
study-not-here = { $command } não tem sentido num estudo: não há relógio, nem adversário, nem árbitro. Seguinte e atrás percorrem a partida.
study-comment = Comentário: { $text }
study-no-comment = Aqui não há comentário.
study-variations = Em vez de { $move }: { $lines }.
study-no-variations = Aqui não há variantes.
study-line-separator = {"; "}
study-end-result = Fim da partida. { result-words }.
