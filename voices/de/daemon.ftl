# Was der Dienst über seine Journaldatei sagt.
journal-finished-aside = Die Partie im Journal war beendet; sie wird als { $file } aufbewahrt. Eine neue Partie beginnt.
journal-damaged = Das Journal ist in Zeile { $line } beschädigt, nach { $records } gültigen Einträgen. Es wird unverändert als { $file } für den Schiedsrichter aufbewahrt, und eine neue Partie beginnt.
journal-write-failed = Achtung: Der letzte Eintrag konnte nicht im Journal gespeichert werden: { $error }. Es ist nicht erfasst: Bitte erneut eingeben.
speech-unavailable = Keine Sprachausgabe: { $why }. Die Sätze werden als Text gezeigt.
speech-failed = Die Sprachausgabe ist ausgefallen: { $error }. Die Sätze werden als Text gezeigt.
