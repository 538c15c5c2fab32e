# Mots des commandes, tapés au clavier (plus tard aussi dits ou saisis en
# braille). Chaque message donne les mots d'une commande, séparés par des
# virgules ; majuscules et accents sont indifférents. Les mots anglais
# marchent toujours, donc aucun mot ici ne peut désigner autre chose.
cmd-clock = pendule, temps
cmd-last = dernier, dernière, derniers, dernières
cmd-moves = coups, feuille
cmd-board = échiquier, plateau
cmd-square = case
cmd-pieces = pièces, où
cmd-rank = rangée, rang
cmd-file = colonne
cmd-legal = légaux, possibles
cmd-draw = nulle, remise, propose
cmd-accept = accepte, accepter
cmd-decline = refuse, refuser
cmd-claim = réclame, réclamer
cmd-resign = abandonne, abandonner
cmd-correct = corrige, corriger
cmd-takeback = annuler, annule
cmd-result = résultat
cmd-sign = signe, signer
cmd-start = démarrer, commencer
cmd-press = appuyé, appuyer
cmd-set = régler, règle
cmd-flag = drapeau
cmd-transfers = transferts
cmd-done = fait
cmd-touched = touché, touchée
cmd-next = suivant, avance
cmd-back = précédent, recule
cmd-repeat = répète, répéter
cmd-help = aide
cmd-quit = quitter, sortir
cmd-yes = oui, o
cmd-no = non
# Mots des arguments de « pièces », « nulle », « abandonne », « régler »,
# « drapeau » et « signe ».
word-white = blancs, blanc, blanche, blanches
word-black = noirs, noir, noire, noires
word-mine = mes, mon, ma
word-theirs = adverses, adversaire, adverse
word-king = roi, rois
word-queen = dame, dames
word-rook = tour, tours
word-bishop = fou, fous
word-knight = cavalier, cavaliers
word-pawn = pion, pions
# Dites, non tapées (src/hearing/grammar.rs) : les phrases qui suspendent et
# reprennent l'écoute (en pause seule une phrase de reprise est suivie), et
# les nombres à partir de neuf pour « derniers dix coups » (de un à huit, ce
# sont les mots des rangées de moves.ftl).
hear-pause = coupe le micro, arrête le micro
hear-resume = ouvre le micro, rouvre le micro
hear-numbers = neuf, dix, onze, douze, treize, quatorze, quinze, seize
# Une nouvelle partie, une fois celle-ci finie.
cmd-new = nouvelle, nouveau
# Mode étude : les commentaires de la partie, et ses variantes.
cmd-comment = commentaire, commentaires
cmd-variations = variantes, variante
# The thinking time each side has used, asked on its own ("utilisé" alone, or after the clock word).
cmd-used = utilisé, écoulé
