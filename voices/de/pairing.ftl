# Die Seite des Assistenten im Netz des Turniersaals: Telefone koppeln.
# Getippte Befehle, was der Spieler hört, und die Antworten des Servers
# (die Seite setzt { $seconds } und { $number } selbst ein).
cmd-page = seite, telefon
word-devices = geräte, telefone, liste
word-revoke = widerrufen, entkoppeln, vergessen
command-need-page = Geben Sie seite geräte ein, um zu hören, welche Telefone gekoppelt sind, oder seite widerrufen und die Nummer eines Telefons. Seite widerrufen allein entkoppelt alle Telefone.
page-off = Die Seite des Assistenten ist nicht im Netz des Saals: Kein Telefon ist gekoppelt.
page-paired = Telefon { $number } ist jetzt mit der Seite des Assistenten gekoppelt, von { $address }.
page-locked-out = Ein Gerät unter { $address } hat falsche Kopplungscodes eingegeben: Es kann sich { $seconds } Sekunden lang nicht koppeln.
page-pairing-paused = Falsche Kopplungscodes von mehreren Geräten: { $seconds } Sekunden lang kann sich kein Telefon koppeln. Gekoppelte Telefone funktionieren weiter.
page-devices-none = Kein Telefon ist mit der Seite des Assistenten gekoppelt.
page-device = Telefon { $number }, von { $address }, gekoppelt { $minutes ->
    [0] gerade eben
    [1] vor einer Minute
   *[other] vor { $minutes } Minuten
}.
page-revoked-all = Alle Telefone sind entkoppelt. Der neue Kopplungscode ist { $code }.
page-revoked-one = Telefon { $number } ist entkoppelt. Der neue Kopplungscode ist { $code }.
page-revoke-unknown = Kein Telefon { $number } ist gekoppelt. Geben Sie seite geräte ein, um zu hören, welche es sind.
page-need-pairing = Geben Sie den Kopplungscode ein, den tiflo dem Spieler gesagt hat, um die Partie zu sehen und Züge einzugeben.
page-stale = Die Partie hat sich geändert, seit diese Seite sie gezeigt hat, darum wurde nichts geändert. Die Seite zeigt die Partie jetzt, wie sie ist: Versuchen Sie es noch einmal.
page-paused = Zu viele falsche Kopplungscodes von mehreren Geräten: Das Koppeln wartet { $seconds } Sekunden. Schon gekoppelte Telefone funktionieren weiter.
page-bad-body = Die Anfrage der Seite war nicht lesbar, darum wurde nichts geändert. Laden Sie die Seite neu.
page-busy = Zu viele Seiten sind für diese Partie offen: Schließen Sie eine und laden Sie diese neu.
page-paired-here = Gekoppelt: Dies ist Telefon { $number }.
page-no-pairing = Diese Seite braucht keinen Kopplungscode.
