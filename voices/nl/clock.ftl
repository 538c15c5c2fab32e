# Klokstand (appendix D), in woorden, nooit "1:12:00".
hours = { $n ->
        [1] een uur
       *[other] { $n } uur
    }
minutes = { $n ->
        [1] een minuut
       *[other] { $n } minuten
    }
seconds = { $n ->
        [1] een seconde
       *[other] { $n } seconden
    }
no-time = geen tijd meer
duration-two = { $first }, { $second }
clock-readout = Wit: { $white }. Zwart: { $black }. { $moves ->
        [0] Nog geen zet gespeeld.
        [1] Eén zet gespeeld.
       *[other] { $moves } zetten gespeeld.
    }
clock-used = Verbruikte tijd: Wit { $white }, Zwart { $black }.
