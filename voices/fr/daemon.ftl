# Ce que le démon dit de son fichier journal.
journal-finished-aside = La partie du journal était terminée ; elle est conservée sous { $file }. Une nouvelle partie commence.
journal-damaged = Le journal est endommagé à la ligne { $line }, après { $records } entrées correctes. Il est conservé intact sous { $file } pour l'arbitre, et une nouvelle partie commence.
journal-write-failed = Attention : la dernière entrée n'a pas pu être enregistrée dans le journal : { $error }. Il n'est pas enregistré : donnez-le à nouveau.
speech-unavailable = Aucun moteur de synthèse vocale : { $why }. Les phrases sont affichées en texte.
speech-failed = Le moteur de synthèse vocale a échoué : { $error }. Les phrases sont affichées en texte.
