# Lettura dell'orologio (appendice D), a parole, mai "1:12:00".
hours = { $n ->
        [1] un'ora
       *[other] { $n } ore
    }
minutes = { $n ->
        [1] un minuto
       *[other] { $n } minuti
    }
seconds = { $n ->
        [1] un secondo
       *[other] { $n } secondi
    }
no-time = tempo esaurito
duration-two = { $first }, { $second }
clock-readout = Bianco: { $white }. Nero: { $black }. { $moves ->
        [0] Nessuna mossa completata.
        [1] Una mossa completata.
       *[other] { $moves } mosse completate.
    }
clock-used = Tempo usato: Bianco { $white }, Nero { $black }.
