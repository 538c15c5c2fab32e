# Il formulario stampato (Regolamento FIDE, articolo 8, appendice C).
scoresheet-title = Formulario
white = Bianco
black = Nero
event = Torneo
site = Luogo
date = Data
round = Turno
result = Risultato
result-unknown = partita non finita
draw-offer-legend = (=) offerta di patta con questa mossa
clock-legend = tra parentesi quadre, il tempo rimasto dopo la mossa
claim = reclamo: { $what }
claim-threefold = triplice ripetizione
claim-fifty-moves = cinquanta mosse
# Un reclamo errato sul formulario stampato, con la sua penalità (articolo 9.5.2).
claim-rejected = reclamo del { $side } respinto: +2 min al { $other }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } letto come { $chosen }: l'unica lettura con cui il resto della partita si legge fino alla fine (non { $others })
# Intestazione della tabella, fine della partita e firme (articolo 8.7).
sheet-move-number = N.
sheet-ending = Come è finita la partita
sheet-signatures = Firme
sheet-signed = firmato, risultato { $result }
sheet-unsigned = non firmato
