# Palavras dos comandos, escritas no teclado (mais tarde também ditas ou
# tecladas em braille). Cada mensagem dá as palavras de um comando,
# separadas por vírgulas; maiúsculas e acentos não importam. As palavras
# inglesas funcionam sempre, por isso nenhuma palavra aqui pode nomear outra
# coisa.
cmd-clock = relógio, tempo
cmd-last = último, última, últimos, últimas
cmd-moves = lances, planilha
cmd-board = tabuleiro
cmd-square = casa
cmd-pieces = peças, onde
cmd-rank = fila, linha
cmd-file = coluna
cmd-legal = legais, possíveis
cmd-draw = empate, proponho
cmd-accept = aceito, aceitar
cmd-decline = recuso, recusar
cmd-claim = reclamo, reclamar
cmd-resign = abandono, abandonar
cmd-correct = corrijo, corrigir
cmd-takeback = anular, desfazer
cmd-result = resultado
cmd-sign = assino, assinar
cmd-start = começar, iniciar
cmd-press = acionado, acionar
cmd-set = acertar, ajustar
cmd-flag = bandeira
cmd-transfers = transferências, pendentes
cmd-done = feito, pronto
cmd-touched = tocada, tocado
cmd-next = seguinte, próximo
cmd-back = atrás, anterior
cmd-repeat = repete, repetir
cmd-help = ajuda
cmd-quit = sair
cmd-yes = sim, s
cmd-no = não
# Palavras dos argumentos de "peças", "empate", "abandono", "acertar",
# "bandeira" e "assino".
word-white = brancas, branca, branco, brancos
word-black = pretas, preta, preto, pretos, negras
word-mine = minhas, meus, minha, meu
word-theirs = adversário, adversárias, adversários, rival
word-king = rei, reis
word-queen = dama, damas, rainha
word-rook = torre, torres
word-bishop = bispo, bispos
word-knight = cavalo, cavalos
word-pawn = peão, peões
# Ditas, não digitadas (src/hearing/grammar.rs): frases que pausam e retomam a
# escuta (em pausa só uma frase de retomar é atendida), e os números a partir
# do nove para "últimos dez lances" (de um a oito são as palavras das
# filas de moves.ftl).
hear-pause = para de ouvir, pare de ouvir
hear-resume = volta a ouvir, volte a ouvir
hear-numbers = nove, dez, onze, doze, treze, catorze, quinze, dezesseis
# Uma partida nova, depois de terminada esta.
cmd-new = nova, novo
# Modo estudo: os comentários da partida, e as suas variantes.
cmd-comment = comentário, comentários
cmd-variations = variantes, variante
# The thinking time each side has used, asked on its own ("usado" alone, or after the clock word).
cmd-used = usado, gasto
