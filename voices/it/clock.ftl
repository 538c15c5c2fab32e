# Lettura dell'orologio (appendice D), a parole, mai "1:12:00".
hours = { $n ->
        [one] un'ora
       *[other] { $n } ore
    }
minutes = { $n ->
        [one] un minuto
       *[other] { $n } minuti
    }
seconds = { $n ->
        [one] un secondo
       *[other] { $n } secondi
    }
no-time = tempo esaurito
duration-two = { $first }, { $second }
clock-readout = Bianco: { $white }. Nero: { $black }. { $moves ->
        [one] Una mossa completata.
       *[other] { $moves } mosse completate.
    }
clock-used = Tempo usato: Bianco { $white }, Nero { $black }.
