# La pagina dell'assistente sulla rete della sala: abbinare i telefoni.
# Comandi scritti, ciò che sente il giocatore e le risposte del server (la
# pagina inserisce { $seconds } e { $number } da sé).
cmd-page = pagina, telefono
word-devices = dispositivi, telefoni, elenco
word-revoke = revoca, dissocia, dimentica
command-need-page = Scrivi pagina dispositivi, per sentire quali telefoni sono abbinati, o pagina revoca e il numero di un telefono. Pagina revoca da solo toglie l'abbinamento a tutti i telefoni.
page-off = La pagina dell'assistente non è sulla rete della sala: nessun telefono è abbinato.
page-paired = Il telefono { $number } ora è abbinato alla pagina dell'assistente, da { $address }.
page-locked-out = Un dispositivo a { $address } ha scritto codici di abbinamento sbagliati: non può abbinarsi per { $seconds } secondi.
page-pairing-paused = Codici di abbinamento sbagliati da più dispositivi: nessun telefono può abbinarsi per { $seconds } secondi. I telefoni abbinati continuano a funzionare.
page-devices-none = Nessun telefono è abbinato alla pagina dell'assistente.
page-device = Telefono { $number }, da { $address }, abbinato { $minutes ->
    [0] proprio ora
    [1] un minuto fa
   *[other] { $minutes } minuti fa
}.
page-revoked-all = Nessun telefono è più abbinato. Il nuovo codice di abbinamento è { $code }.
page-revoked-one = Il telefono { $number } non è più abbinato. Il nuovo codice di abbinamento è { $code }.
page-revoke-unknown = Nessun telefono { $number } è abbinato. Scrivi pagina dispositivi per sentire quali lo sono.
page-need-pairing = Scrivi il codice di abbinamento che tiflo ha detto al giocatore, per vedere la partita e inserire le mosse.
page-stale = La partita è cambiata da quando questa pagina l'ha mostrata, quindi non è stato cambiato nulla. Ora la pagina mostra la partita com'è: riprova.
page-paused = Troppi codici di abbinamento sbagliati da più dispositivi: l'abbinamento attende { $seconds } secondi. I telefoni già abbinati continuano a funzionare.
page-bad-body = Non è stato possibile leggere la richiesta della pagina, quindi non è stato cambiato nulla. Ricarica la pagina.
page-busy = Troppe pagine sono aperte su questa partita: chiudine una, poi ricarica questa.
page-paired-here = Abbinato: questo è il telefono { $number }.
page-no-pairing = Questa pagina non ha bisogno di un codice di abbinamento.
