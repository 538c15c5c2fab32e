# La feuille de notation imprimée (Règles FIDE, article 8, annexe C).
scoresheet-title = Feuille de notation
white = Blancs
black = Noirs
event = Tournoi
site = Lieu
date = Date
round = Ronde
result = Résultat
result-unknown = partie non terminée
draw-offer-legend = (=) proposition de nulle avec ce coup
clock-legend = entre crochets, le temps restant à la pendule après le coup
claim = réclamation : { $what }
claim-threefold = triple répétition
claim-fifty-moves = cinquante coups
# Une réclamation erronée sur la feuille imprimée, avec sa pénalité (article 9.5.2).
claim-rejected = réclamation des { $side } rejetée : +2 min aux { $other }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } lu comme { $chosen } : la seule lecture avec laquelle la suite de la partie se lit jusqu'au bout (pas { $others })
# En-tête du tableau, fin de la partie et signatures (article 8.7).
sheet-move-number = N°
sheet-ending = Fin de la partie
sheet-signatures = Signatures
sheet-signed = signée, résultat { $result }
sheet-unsigned = non signée
