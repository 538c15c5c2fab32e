# Ce que tiflo dit pendant la partie. Arguments : $side et $other sont
# side-white / side-black ; $move, un coup dans la notation du joueur ;
# $winner (white, black, none) selects result-words: results are said in words, never as 1-0 or ½-½.
side-white = Blancs
side-black = Noirs
list-separator = {", "}

game-new = Nouvelle partie. Vous jouez avec les { $color ->
        [white] Blancs
       *[black] Noirs
    }. Cadence : { $control }. Tapez aide pour la liste des commandes.
game-resumed = Partie reprise depuis le journal : { $moves ->
        [one] { $moves } coup récupéré.
       *[other] { $moves } coups récupérés.
    }
game-resumed-charged = Partie reprise depuis le journal : { $moves ->
        [one] { $moves } coup récupéré.
       *[other] { $moves } coups récupérés.
    } tiflo a été arrêté pendant { $down } ; ce temps a été décompté de la pendule des { $side }.
journal-torn = La dernière entrée du journal était incomplète, écrite à l'arrêt de tiflo ; elle a été supprimée.
to-move = Coup { $number }, trait aux { $side }.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } coups en { $time }
    }{ $bonus ->
        [increment] , plus { $extra } par coup
        [delay] , avec un délai de { $extra }
        [bronstein] , avec un délai Bronstein de { $extra }
       *[none] {""}
    }
control-then = { $first } ; puis { $rest }

move-said = { $number }. { $side } : { $move }
move-confirm = { $side } : { $move } ? Oui ou non.
move-choose = { $text } peut être : { $choices }. Tapez le numéro ou le coup.
choice-item = { $n } : { $move }
choice-out-of-range = Ce numéro ne fait pas partie des choix.
answer-no = Non noté.
nothing-asked = Il n'y a aucune question à laquelle répondre.
choice-need-number = Lequel ? Répondez par son numéro.
answer-late = Cette réponse est arrivée trop longtemps après la question ; elle ne compte pas.
move-unreadable = Je ne comprends { $text } ni comme un coup ni comme une commande. Tapez aide pour la liste des commandes.
move-illegal = { $text } n'est pas un coup légal pour les { $side }. { $count ->
        [0] {""}
       *[other] Coups légaux semblables : { $candidates }.
    }
move-ambiguous = { $text } est ambigu : { $candidates }. Indiquez le coup en entier.
move-promotion-missing = { $text } promeut un pion : indiquez la pièce, par exemple { $candidates }.
move-not-capture = { $text } est noté comme une prise, mais ne prend rien. { $count ->
        [0] {""}
       *[other] Vouliez-vous dire { $candidates } ?
    }
move-not-en-passant = { $text } est noté en passant, mais ce n'est pas une prise en passant.
move-not-promotion = { $text } indique une pièce de promotion, mais ce coup n'est pas une promotion.
move-other-promotion = { $text } : le pion peut être promu, mais pas en cette pièce. { $count ->
        [0] {""}
       *[other] Possibles : { $candidates }.
    }
game-over = La partie est terminée. { result-words }. Rien n'a été noté.

corrected = Corrigé : { $old } devient { $new }.
correct-too-late = Trop tard pour corriger : la pendule de l'adversaire est en marche. Seul l'arbitre peut annuler un coup.
correct-nothing = Il n'y a aucun coup à corriger.
correct-same = C'est déjà le coup noté.
correct-confirm = { $side } : corriger le dernier coup en { $move } ? Oui ou non.
correct-choose = Corriger le dernier coup en { $choices } ? Dites le numéro, ou non.
takeback-confirm = Arbitre : annuler { $move } ? Oui ou non.
takeback-nothing = Il n'y a aucun coup à annuler.
taken-back = { $move } a été annulé par l'arbitre.
pressed = La pendule des { $side } est en marche.
press-nothing = Aucun coup n'attend la pendule.
clock-started = Pendule lancée. Trait aux { $side }.
clock-already-started = La pendule est déjà en marche.

draw-offered = Les { $side } proposent nulle.
draw-declined = Proposition de nulle refusée.
draw-lapsed = La proposition de nulle est caduque : un coup a été joué à la place.
no-offer = Il n'y a aucune proposition de nulle.
claimable-threefold = Cette position est apparue trois fois : les { $side } peuvent réclamer la nulle.
claimable-fifty = Cinquante coups sans prise ni coup de pion : les { $side } peuvent réclamer la nulle.
claim-invalid = La réclamation n'est pas fondée : ni triple répétition ni cinquante coups. Deux minutes sont ajoutées à la pendule des { $side }, et la partie continue.
claim-move-stands = Le coup annoncé est maintenu.
resign-confirm = Les { $side } abandonnent-ils ? Oui ou non.
result-confirm = { result-words } : les deux joueurs sont-ils d'accord ? Oui ou non.
flag-confirm = Le drapeau des { $side } est-il tombé sur la vraie pendule ? Oui ou non.
flag-own-clock = tiflo tient la pendule : le drapeau des { $side } n'est pas tombé. Tapez pendule pour les temps.

result-words = { $winner ->
        [white] Les Blancs gagnent, un à zéro
        [black] Les Noirs gagnent, zéro à un
       *[none] Partie nulle, un demi-point chacun
    }
end-checkmate = Échec et mat. { result-words }.
end-stalemate = Pat. { result-words }.
end-insufficient = Aucun des deux camps ne peut mater. { result-words }.
end-fivefold = La même position pour la cinquième fois : la partie est nulle, un demi-point chacun.
end-seventy-five = Soixante-quinze coups sans prise ni coup de pion : la partie est nulle, un demi-point chacun.
end-claim-threefold = Nulle réclamée par triple répétition : un demi-point chacun.
end-claim-fifty = Nulle réclamée selon la règle des cinquante coups : un demi-point chacun.
end-resigned = Les { $side } abandonnent. { result-words }.
end-flag = Le drapeau des { $side } est tombé. { result-words }.
end-flag-draw = Le drapeau des { $side } est tombé, mais les { $other } ne peuvent pas mater. { result-words }.
end-agreed = Nulle par accord mutuel : un demi-point chacun.
end-declared = Résultat : { result-words }.
flag-estimate = D'après le décompte de tiflo, les { $side } n'ont plus de temps. Vérifiez la vraie pendule ; si le drapeau est tombé, tapez drapeau.
signed = Les { $side } signent le résultat. { result-words }.
sign-already = Les { $side } ont déjà signé.
sign-not-over = La partie n'est pas terminée ; il n'y a aucun résultat à signer.

low-time = { $side } : il reste { $time }.
exempt = Les { $side } ont moins de cinq minutes et pas d'incrément d'au moins 30 secondes : ils ne sont pas tenus de noter les coups (article 8.4).
last-move = Dernier coup : { $move }.
no-moves = Aucun coup pour l'instant.
sheet = Feuille de notation : { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , nulle proposée
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , nulle proposée
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , nulle proposée
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] roi blanc
            [queen] dame blanche
            [rook] tour blanche
            [bishop] fou blanc
            [knight] cavalier blanc
           *[pawn] pion blanc
        }
       *[black] { $role ->
            [king] roi noir
            [queen] dame noire
            [rook] tour noire
            [bishop] fou noir
            [knight] cavalier noir
           *[pawn] pion noir
        }
    }
piece-on = { $piece } en { $square }
board-rank = Rangée { $rank } : { $count ->
        [0] vide
       *[other] { $pieces }
    }.
board-file = Colonne { $file } : { $count ->
        [0] vide
       *[other] { $pieces }
    }.
square-piece = { $square } : { $piece }.
square-empty = { $square } : vide.
pieces-found = { $count ->
        [0] Aucune.
       *[other] { $pieces }.
    }

last-moves = Les { $count } derniers coups : { $moves }.
last-moves-all = { $count ->
        [1] Un seul coup pour l'instant
       *[other] Seulement { $count } coups pour l'instant
    } : { $moves }.
legal-piece = { $piece } : { $count ->
        [0] aucun coup légal
       *[other] { $moves }
    }.
legal-no-piece = Pas de { $piece } sur l'échiquier.
legal-other-side = { $square } : { $piece }. Trait aux { $side }.
legal-over = La partie est terminée : il n'y a plus de coups.

command-need-square = { $command } : il faut une case, par exemple e4.
command-need-piece = { $command } : il faut une pièce ou une couleur, par exemple cavalier blanc.
command-need-move = { $command } : il faut le coup voulu, par exemple Cc3.
command-need-result = { $command } : il faut 1-0, 0-1 ou 1/2.
command-need-times = { $command } : il faut les temps de la pendule, Blancs puis Noirs, par exemple 1:05:00 58:10, ou une couleur et un temps.
command-need-rank = { $command } : il faut une rangée de 1 à 8, par exemple { $command } 4.
command-need-file = { $command } : il faut une colonne de a à h, par exemple { $command } e.
command-need-square-or-piece = { $command } : il faut une case ou une pièce, par exemple { $command } e2 ou { $command } cavalier.
command-need-count = { $command } : il faut un nombre de coups, 1 ou plus, par exemple { $command } 5.
command-extra = { $command } ne prend pas ces mots.
help = Tapez un coup dans n'importe quelle notation, pour le camp qui a le trait. Commandes : pendule ; temps utilisé ; dernier, ou derniers 5 pour les cinq derniers coups ; coups ; échiquier ; case e4 ; pièces cavalier blanc, ou pièces mes cavalier ; rangée 4 ; colonne e ; légaux e2, ou légaux cavalier, pour les coups légaux ; nulle, ou un coup et nulle (Cf3 nulle) ; accepte ; refuse ; réclame, ou réclame avec un coup ; abandonne ; corrige et le coup voulu ; annuler, pour l'arbitre ; résultat 1-0 ; signe ; démarrer ; appuyé, quand la pendule de l'adversaire démarre ; régler et les temps ; drapeau ; transferts ; fait, quand un coup est sur l'autre échiquier ; touché ; suivant et précédent, commentaire et variantes, dans une étude ; nouvelle, pour une nouvelle partie quand celle-ci est finie ; répète ; aide ; quitter. À voix haute : coupe le micro, et ouvre le micro.
quit = Au revoir. La partie est enregistrée et reprendra au prochain démarrage de tiflo.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = J'ai entendu « { $text } », qui n'est pas un coup légal. Rien n'est noté ; répétez le coup.
heard-no-words = Je n'ai reconnu aucun mot. Rien n'est noté ; répétez.
heard-choose = Avez-vous dit { $choices } ? Dites le numéro, ou non.
# confirm = "echo" : un coup entendu avec certitude, noté et répété en
# quelques mots ; un « non » l'annule tant qu'il peut encore être corrigé.
move-echo = { $move }.
move-undone = Coup { $move } annulé.
echo-too-late = Trop tard pour annuler { $move } : le temps pour le corriger est écoulé. Seul l'arbitre peut annuler un coup.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Écoute en pause. Dites { $phrase } pour reprendre l'écoute.
listening-resumed = J'écoute de nouveau.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = On parle beaucoup autour de moi : je ne prends plus un oui, un non ni un numéro dits à voix haute, et un coup seulement s'il est dit brièvement. Tapez la réponse ou maintenez la touche de parole.
hearing-quieter = C'est plus calme : je prends de nouveau les réponses et les phrases longues dites à voix haute.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move } : à jouer sur l'échiquier du tournoi
transfer-special = { $move } : à placer sur ton échiquier
transfers-pending = Transferts en attente : { $list }.
transfers-none = Aucun transfert en attente.
transfer-reminder = Rappel. Transferts en attente : { $list }.
transfer-done-tournament = Sur l'échiquier du tournoi : { $move }.
transfer-done-special = Sur ton échiquier : { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] le roi blanc
             [queen] la dame blanche
             [rook] la tour blanche
             [bishop] le fou blanc
             [knight] le cavalier blanc
            *[pawn] le pion blanc
        }
       *[black] { $role ->
             [king] le roi noir
             [queen] la dame noire
             [rook] la tour noire
             [bishop] le fou noir
             [knight] le cavalier noir
            *[pawn] le pion noir
        }
    }
fix-move = retirez { $piece } de { $from } et posez-{ $role ->
        [queen] la
        [rook] la
       *[other] le
    } en { $to }
fix-remove = retirez { $piece } de { $from }
fix-put = posez { $piece } en { $on }
fix-separator = {" ; "}
fix-board = L'échiquier du tournoi ne correspond pas à la partie. { $steps }.
# A piece an electronic board saw lifted.
touched = Ton adversaire a touché : { $piece } en { $square }.
touched-none = Aucune pièce n'a été touchée depuis le dernier coup.
# Study mode: a game replayed move by move.
study-begin = Étude : { $count } coups. Suivant et précédent les parcourent ; un coup tapé devine le suivant.
study-not-this = { $move } n'est pas le coup de la partie. Essaie encore, ou dis suivant.
study-end = Fin de la partie.
study-back = Retour avant { $move }.
study-start = Au début de la partie.
study-only = Suivant et précédent servent à étudier une partie : tiflo daemon --study PARTIE.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = J'ai entendu : { $command }. Est-ce correct ? Oui ou non.
heard-command-dropped = Rien n'est fait.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } n'est pas un coup.

# The tournament board reported on the assistant's page is right.
board-right = L'échiquier du tournoi correspond à la partie.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = C'est trop long pour être lu : { $most } caractères au plus. Rien n'est noté.
# Un coup relu avec la proposition de nulle écrite après lui (« Cf3 nulle »).
move-confirm-offer = { $side } : { $move }, avec proposition de nulle ? Oui ou non.
# Un coup que seules les lettres d'une autre langue lisent dans le texte
# (une lettre anglaise tapée en français) : demandé, jamais noté sans un oui.
move-foreign-confirm = { $text } n'est pas un coup légal pour les { $side }. Voulais-tu dire { $move } ? Oui ou non.
move-foreign-confirm-offer = { $text } n'est pas un coup légal pour les { $side }. Voulais-tu dire { $move }, avec proposition de nulle ? Oui ou non.
# « touchée » sans échiquier électronique qui voie les pièces soulevées : rien ne peut le savoir.
touched-no-sensor = Aucun échiquier électronique n'est branché : rien ne peut dire si une pièce a été touchée.
# Entraînement : corriger le coup du moteur (seuls ceux du joueur sont des lapsus).
correct-engine = Les coups du moteur ne se corrigent pas, seulement les tiens. Tape annuler pour en annuler un.
# Une partie finie reprise avant d'être signée (article 8.7).
game-unsigned = La feuille de partie n'est pas encore signée : tape signe pour la signer, ou nouvelle pour une nouvelle partie.
new-not-over = La partie n'est pas finie : une nouvelle partie commence quand celle-ci est terminée.
# Mode étude : ce qui est propre à une partie en cours, les commentaires et
# variantes de la partie là où en est l'étude, et sa fin avec le résultat.
study-not-here = { $command } n'a pas de sens dans une étude : il n'y a ni pendule, ni adversaire, ni arbitre. Suivant et précédent parcourent la partie.
study-comment = Commentaire : { $text }
study-no-comment = Pas de commentaire ici.
study-variations = Au lieu de { $move } : { $lines }.
study-no-variations = Pas de variante ici.
study-line-separator = {" ; "}
study-end-result = Fin de la partie. { result-words }.
