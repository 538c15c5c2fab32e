# Ce que le démon dit de son fichier journal.
journal-finished-aside = La partie du journal était terminée ; elle est conservée sous { $file }. Une nouvelle partie commence.
journal-damaged = Le journal est endommagé à la ligne { $line }, après { $records } entrées correctes. Il est conservé intact sous { $file } pour l'arbitre, et une nouvelle partie commence.
journal-write-failed = Attention : la dernière entrée n'a pas pu être enregistrée dans le journal : { $error }. Il n'est pas enregistré : donnez-le à nouveau.
speech-unavailable = Aucun moteur de synthèse vocale : { $why }. Les phrases sont affichées en texte.
speech-failed = Le moteur de synthèse vocale a échoué : { $error }. Les phrases sont affichées en texte.

# Modèles de la reconnaissance vocale (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] espagnol
        [pt] portugais
        [en] anglais
        [de] allemand
        [fr] français
        [it] italien
        [nl] néerlandais
        [ko] coréen
       *[other] { $lang }
    }
models-no-connection = Impossible de télécharger le modèle { $language } : pas de connexion à { $host }. Copiez plutôt un dossier de modèle vosk dans { $dir }.
models-download-failed = Impossible de télécharger le modèle { $language } depuis { $host } : { $error }. Copiez plutôt un dossier de modèle vosk dans { $dir }.
models-unpack-failed = Le modèle { $language } a été téléchargé mais n'a pas pu être décompressé dans { $dir } : { $error }.
models-checksum-mismatch = Le modèle { $language } téléchargé depuis { $host } n'est pas l'archive attendue par tiflo (son SHA-256 est { $got }, et non { $expected }) : il n'a pas été installé. Copiez plutôt un dossier de modèle vosk dans { $dir }.
models-checksum-unknown = tiflo ne connaît aucune somme de contrôle pour vérifier le modèle { $language } : il ne l'a pas téléchargé. La commande tiflo models fetch { $lang } --unverified l'installe sans vérification ; ou copiez un dossier de modèle vosk dans { $dir }.
models-unverified = Le modèle { $language } a été installé sans somme de contrôle pour le vérifier ; le SHA-256 de son archive est { $sha256 }.
models-no-download = tiflo n'a pas de modèle { $language } à télécharger ; copiez un dossier de modèle vosk dans { $dir }. Des modèles sont téléchargeables pour { $langs }.
models-not-installed = Aucun modèle vocal { $language } n'est installé dans { $dir }. La commande tiflo models fetch { $lang } en télécharge un.
models-folder-failed = Le dossier des modèles { $dir } est inutilisable : { $error }.
not-built-in = Ce tiflo a été compilé sans { $feature ->
        [vosk] le reconnaisseur vosk
        [pocketsphinx] le reconnaisseur pocketsphinx
        [tts] la voix de speech-dispatcher
        [mic] le microphone
        [page] la page de l'assistant
        [serial] les afficheurs braille et les échiquiers DGT sur port série
       *[other] cette partie
    } (l'option de compilation { $feature })
models-installed = Le modèle { $language } est installé dans { $dir }.
models-none = Aucun modèle vocal n'est installé dans { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = J'écoute avec { $engine }. Dites vos coups.
listen-ready-adapted = J'écoute avec { $engine }, adapté à votre voix. Dites vos coups.
listen-narrowband-plain = Le son arrive comme d'un casque en mode appel, et le modèle fait pour lui n'est pas installé : vos coups seront moins bien entendus. La personne qui a installé cette machine peut l'installer.
listen-unavailable = Impossible d'écouter : { $why }. Tapez vos coups.
listen-no-microphone = Aucun microphone n'a pu être ouvert. Tapez vos coups.
listen-failed = Le reconnaisseur a échoué : { $error }. J'arrête d'écouter ; tapez vos coups.
listen-mic-failed = Le microphone a cessé de fonctionner : { $error }. J'arrête d'écouter ; tapez vos coups.
listen-ended = L'enregistrement est terminé. Tapez vos coups.

# La plage braille (src/daemon/mod.rs, --braille).
braille-ready = Plage braille { $name } prête, { $cells } cellules.
braille-back = La plage braille { $name } est revenue.
braille-gone = La plage braille { $name } est débranchée. Je la reprendrai dès qu'elle reviendra.
braille-missing = Pas de plage braille : { $why }. Je continue à la chercher.
braille-unreadable = Ce que vous avez tapé en braille n'est ni un coup légal ni une commande. Tapez-le à nouveau ; un coup, même après corriger ou réclamer, s'écrit avec les signes d'échecs.
braille-ambiguous = Ce que vous avez tapé en braille peut être plus d'un coup légal ; rien n'a été noté. Tapez-le à nouveau avec tous les signes, comme l'afficheur les écrit.
braille-held = BRLTTY tient l'afficheur braille, mais je ne peux pas le partager : { $why }. Je laisse son port série à BRLTTY ; le braille s'affiche à l'écran.
braille-talk-no-release = Par BRLTTY, je ne sais pas quand une touche de { $name } est relâchée : aucune touche ne peut être maintenue pour parler. Appuyez sur le point 8 seul, puis parlez : j'écoute une phrase.
braille-talk-no-key = { $name } n'a pas de touche nommée { $key } à maintenir pendant que vous parlez. Appuyez sur Entrée au clavier, puis parlez : j'écoute une phrase.
braille-squares-refused = Je ne peux pas utiliser les cases vides des réglages braille-light et braille-dark : { $why }. L'échiquier montre les cases habituelles.
braille-table-chess = { $uses ->
        [english] La table de texte de BRLTTY, { $table }, écrit le fou et le cavalier avec b et n
        [other] La table de texte de BRLTTY, { $table }, écrit les pièces avec les lettres de { $other }
       *[none] La table de texte de BRLTTY, { $table }, n'a pas de pièces d'échecs
    }. { $board ->
        [brltty] L'échiquier écrit le fou et le cavalier avec b et n, comme la table d'échecs de BRLTTY.
       *[code] L'échiquier écrit le fou et le cavalier avec l et s, selon le code braille des échecs ; avec le réglage braille-board-letters à brltty, il les écrit avec b et n.
    }

# Practice against a chess engine.
engine-ready = Vous jouez contre { $name }, force { $strength }. Il répond à vos coups quand ils ne peuvent plus être corrigés ; tapez appuyé pour qu'il réponde tout de suite.
engine-failed = Le moteur ne peut pas jouer : { $why }. Tapez les coups de l'adversaire.

# The assistant's and arbiter's page.
page-ready = La page de l'assistant est à { $address }.
page-ready-lan = La page de l'assistant est à { $address }. Code d'appairage : { $code }.
page-failed = La page de l'assistant ne peut pas démarrer : { $why }.

# The DGT electronic board.
dgt-ready = Échiquier DGT prêt.
dgt-back = L'échiquier DGT est revenu.
dgt-gone = L'échiquier DGT est parti : { $why }. Je continue à le chercher.
dgt-missing = Pas d'échiquier DGT : { $why }. Je continue à le chercher.

# Adapter le reconnaisseur anglais à la voix du joueur (tiflo adapt).
adapt-start = Je vais dire { $count } phrases courtes en anglais, une à une. Après chacune, répétez-la clairement, comme vous annoncez vos coups.
adapt-say = Phrase { $n } sur { $count }. Dites : { $prompt }
adapt-say-again = Je n'ai rien entendu. Encore la phrase { $n } sur { $count }. Dites : { $prompt }
hear-nothing = Aucune parole entendue dans { $file } : aucun coup, aucun mot.
adapt-working = J'adapte le reconnaisseur à votre voix avec { $count } enregistrements. Cela prend quelques secondes.
adapt-done = C'est fait. Le reconnaisseur anglais utilise maintenant votre voix, gardée dans { $dir }.
adapt-no-voice = Pas de moteur de parole ({ $error }) ; les phrases sont affichées en texte.
adapt-tool-missing = L'adaptation a besoin du programme { $tool }, qui n'est pas installé. Il est dans le paquet Debian { $package } ; bash scripts/setup.sh l'installe. Le reconnaisseur garde la voix qu'il avait.
adapt-tool-failed = L'adaptation a échoué dans { $tool } : { $error }. Le reconnaisseur garde la voix qu'il avait.
adapt-take-failed = L'enregistrement { $file } de la phrase "{ $prompt }" est inutilisable : { $error }. Le reconnaisseur garde la voix qu'il avait.
adapt-model-failed = Le modèle du reconnaisseur dans { $dir } ne peut pas être adapté : { $error }. Le reconnaisseur garde la voix qu'il avait.
adapt-folder-failed = Impossible d'écrire dans { $dir } : { $error }. Le reconnaisseur garde la voix qu'il avait.
adapt-mic-failed = Le microphone ne fonctionne pas : { $error }. Le reconnaisseur garde la voix qu'il avait.
dgt-clock-gone = La pendule DGT ne donne pas de temps : elle est débranchée ou éteinte. Jusqu'à son retour, les temps sont le décompte de tiflo.
dgt-clock-back = La pendule DGT donne de nouveau les temps.
dgt-turned = L'échiquier DGT est tourné, son connecteur à la droite des Blancs ; je le lis ainsi.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = Le journal { $file } est { $kind ->
        [folder] un dossier
        [device] un périphérique
        [pipe] un tube nommé
        [socket] une socket
       *[other] autre chose
    }, pas un fichier : une partie ne peut être conservée que dans un fichier.
