# A planilha impressa (Leis do Xadrez da FIDE, artigo 8, apêndice C).
scoresheet-title = Planilha
white = Brancas
black = Pretas
event = Torneio
site = Local
date = Data
round = Rodada
result = Resultado
result-unknown = partida não terminada
draw-offer-legend = (=) oferta de empate com este lance
clock-legend = entre colchetes, o tempo que resta no relógio após o lance
claim = reivindicação: { $what }
claim-threefold = tripla repetição
claim-fifty-moves = cinquenta lances
# Uma reclamação errada na planilha impressa, com a sua penalização (artigo 9.5.2).
claim-rejected = reivindicação das { $side } rejeitada: +2 min para as { $other }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } lido como { $chosen }: a única leitura com a qual o resto da partida se lê até o fim (não { $others })

sheet-move-number = N.º
sheet-ending = Como terminou a partida
sheet-signatures = Assinaturas
sheet-signed = assinada, resultado { $result }
sheet-unsigned = não assinada
