# Wat de achtergronddienst over zijn logboekbestand zegt.
journal-finished-aside = De partij in het logboek was afgelopen; ze wordt bewaard als { $file }. Een nieuwe partij begint.
journal-damaged = Het logboek is beschadigd op regel { $line }, na { $records } goede regels. Het wordt onaangeroerd bewaard als { $file } voor de arbiter, en een nieuwe partij begint.
journal-write-failed = Let op: de laatste regel kon niet in het logboek worden opgeslagen: { $error }. Het is niet vastgelegd: geef het opnieuw.
speech-unavailable = Geen spraakuitvoer: { $why }. De zinnen worden als tekst getoond.
speech-failed = De spraakuitvoer is uitgevallen: { $error }. De zinnen worden als tekst getoond.
