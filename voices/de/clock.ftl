# Uhrzeitansage (Anhang D), in Worten, nie „1:12:00“.
hours = { $n ->
        [1] eine Stunde
       *[other] { $n } Stunden
    }
minutes = { $n ->
        [1] eine Minute
       *[other] { $n } Minuten
    }
seconds = { $n ->
        [1] eine Sekunde
       *[other] { $n } Sekunden
    }
no-time = keine Zeit mehr
duration-two = { $first }, { $second }
clock-readout = Weiß: { $white }. Schwarz: { $black }. { $moves ->
        [0] Noch kein Zug gespielt.
        [1] Ein Zug gespielt.
       *[other] { $moves } Züge gespielt.
    }
clock-used = Verbrauchte Zeit: Weiß { $white }, Schwarz { $black }.
