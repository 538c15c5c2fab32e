# Pourquoi quelque chose a échoué : les motifs dits dans les phrases du
# programme (« Pas de plage braille : { $why }. »). Les données (un chemin,
# un port, les mots d'un autre programme) sont citées telles quelles.

why-and = { $first } ; { $then }

why-os-not-found = il n'existe pas
why-os-permission = l'autorisation est refusée
why-os-busy = un autre programme l'utilise
why-os-timed-out = il n'a pas répondu à temps
why-os-refused = la connexion a été refusée
why-os-lost = la connexion a été perdue
why-os-full = le disque est plein
why-os-read-only = il est sur un disque en lecture seule
why-os-other = erreur du système : { $detail }

why-braille-none = aucune plage braille n'a été trouvée
why-braille-port = le port { $port } : { $why }
why-braille-failed = la plage braille a échoué : { $why }
why-braille-no-answer = aucune plage braille { $protocol } n'a répondu en { $seconds } secondes
why-braille-unknown-model = le modèle { $model } de la plage HandyTech est inconnu
why-braille-no-key-table = la plage braille { $name } n'a pas de table de touches
why-braille-baum-modular = la plage braille est une Baum Vario Pro modulaire ({ $cells } cellules), que le pilote propre de tiflo ne gère pas : partagez-la par BRLTTY (braille = brlapi)
why-braille-unknown-protocol = le protocole braille { $name } est inconnu (connus : baum, handytech)

why-brlapi-address = l'adresse BrlAPI { $address } est inutilisable
why-brlapi-unreachable = aucun BRLTTY ne répond à { $address }
why-brlapi-forbidden = la prise { $path } de BRLTTY existe, mais tiflo n'a pas le droit de s'y connecter
why-brlapi-timeout = BRLTTY à { $address } n'a pas répondu à temps
why-brlapi-closed = BRLTTY a fermé la connexion
why-brlapi-version = BRLTTY parle la version { $version } de BrlAPI ; tiflo a besoin de la version 8 ou plus
why-brlapi-key-empty = BRLTTY demande sa clé, et le fichier de clé { $path } est vide
why-brlapi-key-permission = BRLTTY demande sa clé, et tiflo n'a pas le droit de lire le fichier de clé { $path } : cet utilisateur est-il dans le groupe du fichier (brlapi sous Debian) ?
why-brlapi-key-file = BRLTTY demande sa clé, et le fichier de clé { $path } est illisible : { $why }
why-brlapi-authentication = BRLTTY a refusé la clé de tiflo
why-brlapi-no-auth-method = BRLTTY demande un type d'authentification que tiflo ne connaît pas
why-brlapi-no-display = BRLTTY n'a pas de plage braille
why-brlapi-refused = BRLTTY a refusé une demande (erreur { $code })
why-brlapi-ended = BRLTTY a mis fin à la connexion (erreur { $code })
why-brlapi-protocol = la réponse de BRLTTY est incompréhensible
why-brlapi-not-ready = la connexion à BRLTTY n'est pas prête
why-brlapi-io = la connexion à BRLTTY a échoué : { $why }

why-board-same-cell = avec ces lettres, deux sortes de case auraient la même cellule ; choisissez d'autres cases vides
why-board-broken = les tables braille de cette version sont endommagées

why-dgt-port = le port { $port } : { $why }
why-dgt-silent = aucun échiquier DGT ne répond sur { $port }
why-dgt-lost = la connexion à l'échiquier a été perdue : { $why }
why-dgt-stopped = l'échiquier ne répond plus
why-dgt-closed = le port a été fermé

why-engine-start = le moteur { $command } ne peut pas démarrer : { $why }
why-engine-stopped = le moteur s'est arrêté
why-engine-silent = le moteur n'a pas répondu en { $seconds } secondes
why-engine-no-move = le moteur a répondu { $answer }, qui n'est pas un coup

why-no-random = la source de hasard du système a échoué

why-speech-bad-choice = la sortie vocale { $choice } est inconnue (tts, wav:DOSSIER ou text)
why-speech-no-voice-for = le moteur de synthèse vocale n'a pas de voix pour la langue { $lang }
why-speech-no-voice-named = le moteur de synthèse vocale n'a pas de voix nommée { $name }
why-speech-bad-setting = le réglage { $setting } doit être un nombre de 0 à 1, pas { $value }
why-speech-no-answer = speech-dispatcher n'a pas répondu en { $seconds } secondes
why-speech-silent = speech-dispatcher a reçu une phrase mais ne l'a pas finie en { $seconds } secondes (pas de sortie son ?)
why-speech-crashed = speech-dispatcher s'est arrêté au démarrage
why-speech-stopped = la voix s'est arrêtée
why-speech-dispatcher = speech-dispatcher est injoignable : { $why }
why-speech-dispatcher-refused = speech-dispatcher a refusé la demande
why-speech-folder = impossible de créer le dossier { $path } : { $why }
why-speech-espeak-missing = impossible de lancer espeak-ng : { $why }
why-speech-espeak-failed = espeak-ng a échoué ({ $status })

why-hear-unavailable = le reconnaisseur { $engine } est inutilisable : { $why }
why-hear-empty-grammar = le reconnaisseur { $engine } ne connaît aucun des mots à entendre
why-hear-failed = le reconnaisseur { $engine } ne fonctionne plus
why-hear-missing-package = { $path } manque (installez le paquet { $package })
why-hear-adapted-missing = { $path } manque (relancez tiflo adapt)
why-hear-missing-script = { $path } est absent (lancez { $script })
why-hear-config-refused = ses réglages ont été refusés
why-hear-english-only = il n'entend que l'anglais, et la langue est { $lang }
why-hear-no-words = il n'y a pas de mots à entendre en { $lang }
why-model-not-a-folder = { $dir } n'est pas un dossier
why-model-lacks = { $dir } n'est pas un dossier de modèle vosk (il n'a pas { $files })
why-model-compiled = le modèle vosk { $dir } a un graphe compilé ({ $file }), qui n'entend pas de mots choisis ; utilisez un petit modèle
why-model-not-loaded = le modèle de { $dir } n'a pas pu être chargé
why-model-path-not-utf8 = le chemin du modèle { $dir } est inutilisable (il n'est pas en UTF-8)
why-mic-none = aucun microphone n'est branché
why-mic-no-input-named = aucune entrée ne s'appelle { $name } ; les entrées sont : { $inputs }
why-mic-format = le format d'échantillons { $format } du microphone n'est pas pris en charge
why-mic-unplugged = le microphone a été débranché
why-mic-system = le système audio a dit : { $detail }
why-wav-read = le fichier son { $path } est illisible : { $why }
why-wav-format = { $path } n'est pas un fichier WAV que tiflo sait lire
why-stdin-audio = le son de l'entrée standard est illisible : { $why }
why-audio-file = l'entrée son { $path } est illisible : { $why }

why-journal-create-dir = impossible de créer le dossier { $path } du journal : { $why }
why-journal-create = impossible de créer le journal { $path } : { $why }
why-journal-open = impossible d'ouvrir le journal { $path } : { $why }
why-journal-read = impossible de lire le journal { $path } : { $why }
why-journal-write = impossible d'écrire dans le journal { $path } : { $why }
why-journal-sync = impossible d'enregistrer sur le disque le journal { $path } : { $why }
why-journal-encode = l'entrée ne peut pas être écrite dans le journal
why-journal-poisoned = une écriture précédente dans le journal { $path } a échoué ; il faut le rouvrir
why-journal-damaged = le journal { $path } est endommagé à la ligne { $line }, après { $records } entrées correctes

# Adapter le reconnaisseur à la voix du joueur (tiflo adapt).
why-tool-exit = il s'est terminé avec le code { $code }
why-tool-killed = il a été arrêté avant la fin
why-tool-said = il a signalé : { $log }
why-take-too-short = il contient moins d'un dixième de seconde de son
why-take-silent = rien n'a été entendu
why-model-file = son fichier { $file } ne peut pas être lu : { $why }
why-weights-short = son fichier { $file } s'arrête trop tôt
why-weights-header = son fichier { $file } a un en-tête que tiflo ne sait pas lire
why-weights-clustered = son fichier { $file } contient des poids regroupés, que tiflo ne sait pas lire
why-weights-size = son fichier { $file } contient { $found } octets de poids au lieu des { $expected } attendus
why-mic-stopped = le microphone n'envoie plus de son

## Lire une partie (tiflo convert) : où, puis pourquoi.
why-read-game = partie { $game }, coup { $move } ({ $side }), ligne { $line }:{ $column } : { $why } ; position : { $fen }
why-read-game-candidates = partie { $game }, coup { $move } ({ $side }), ligne { $line }:{ $column } : { $why } ; position : { $fen } ; candidats : { $candidates }
why-read-white = les Blancs
why-read-black = les Noirs
why-read-move = impossible de lire `{ $token }` en { $dialect } : { $why }
why-read-move-number = le numéro de coup `{ $token }` ({ $found }) là où le coup { $expected } était attendu
why-read-mark = le signe `{ $token }` ne suit aucun coup
why-read-unopened-variation = `)` ne ferme aucune variante
why-read-bad-variation = une variante jamais fermée, ou sans coup à remplacer
why-read-unclosed-comment = un commentaire `{"{"}` jamais fermé
why-read-bad-tag = `{ $token }` n'est pas une balise : une balise se ferme sur sa propre ligne, avant les coups
why-read-bad-fen = la balise FEN n'est pas une position légale : { $detail }
why-read-variant = la partie est du { $variant }, pas des échecs ordinaires
why-read-incomplete-announced = la partie est incomplète : ses coups s'arrêtent après `{ $token }`, avant le résultat { $announced } qu'annonce sa balise Result
why-read-incomplete = la partie est incomplète : le texte s'arrête après `{ $token }`, sans résultat, dans une position qui ne termine pas la partie
why-read-null-move = le coup nul `{ $token }` ne peut pas être joué ici (en échec, ou dans une sortie sans coups nuls)
why-read-ambiguous-notation = la notation est ambiguë ; le texte se lit en entier comme { $readings }
why-read-reading = { $dialect } (première différence : { $first })
why-read-reading-more = { $first } et comme { $then }
why-move-syntax = pas un coup : { $detail }
why-move-no-legal = aucun coup légal ne correspond
why-move-ambiguous = plus d'un coup légal correspond
why-move-promotion-missing = le pion est promu mais aucune pièce n'est nommée
why-move-capture-mark = il est marqué comme une prise mais ne prend rien
why-move-en-passant-mark = il est marqué en passant mais n'est pas une prise en passant
why-move-promotion-mark = il nomme une pièce de promotion mais ne promeut pas
why-move-other-promotion = le pion peut être promu, mais pas en la pièce nommée
