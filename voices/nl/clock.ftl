# Klokstand (appendix D), in woorden, nooit "1:12:00".
hours = { $n ->
        [one] een uur
       *[other] { $n } uur
    }
minutes = { $n ->
        [one] een minuut
       *[other] { $n } minuten
    }
seconds = { $n ->
        [one] een seconde
       *[other] { $n } seconden
    }
no-time = geen tijd meer
duration-two = { $first }, { $second }
clock-readout = Wit: { $white }. Zwart: { $black }. { $moves ->
        [one] Eén zet gespeeld.
       *[other] { $moves } zetten gespeeld.
    }
clock-used = Verbruikte tijd: Wit { $white }, Zwart { $black }.
