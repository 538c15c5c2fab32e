# La planilla impresa (Reglamento FIDE, artículo 8, apéndice C).
scoresheet-title = Planilla
white = Blancas
black = Negras
event = Torneo
site = Lugar
date = Fecha
round = Ronda
result = Resultado
result-unknown = partida sin terminar
draw-offer-legend = (=) oferta de tablas con esta jugada
clock-legend = entre corchetes, el tiempo que queda en el reloj tras la jugada
claim = reclamación: { $what }
claim-threefold = triple repetición
claim-fifty-moves = cincuenta jugadas
# Una reclamación errónea en la planilla impresa, con su penalización (artículo 9.5.2).
claim-rejected = reclamación de { $side ->
        [Blancas] las blancas
       *[other] las negras
    } rechazada: +2 min para { $other ->
        [Blancas] las blancas
       *[other] las negras
    }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } leído como { $chosen }: la única lectura con la que el resto de la partida se lee hasta el final (no { $others })
# Cabecera de la tabla, final de la partida y firmas (artículo 8.7).
sheet-move-number = Núm.
sheet-ending = Cómo terminó la partida
sheet-signatures = Firmas
sheet-signed = firmada, resultado { $result }
sheet-unsigned = sin firmar
