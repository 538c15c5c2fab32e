# Ciò che il demone dice del suo file di diario.
journal-finished-aside = La partita nel diario era finita; è conservata come { $file }. Comincia una nuova partita.
journal-damaged = Il diario è danneggiato alla riga { $line }, dopo { $records } voci corrette. È conservato intatto come { $file } per l'arbitro, e comincia una nuova partita.
journal-write-failed = Attenzione: l'ultima voce non è stata salvata nel diario: { $error }. Non è registrato: dallo di nuovo.
speech-unavailable = Nessun motore vocale: { $why }. Le frasi sono mostrate come testo.
speech-failed = Il motore vocale si è guastato: { $error }. Le frasi sono mostrate come testo.
