# Uhrzeitansage (Anhang D), in Worten, nie „1:12:00“.
hours = { $n ->
        [one] eine Stunde
       *[other] { $n } Stunden
    }
minutes = { $n ->
        [one] eine Minute
       *[other] { $n } Minuten
    }
seconds = { $n ->
        [one] eine Sekunde
       *[other] { $n } Sekunden
    }
no-time = keine Zeit mehr
duration-two = { $first }, { $second }
clock-readout = Weiß: { $white }. Schwarz: { $black }. { $moves ->
        [one] Ein Zug gespielt.
       *[other] { $moves } Züge gespielt.
    }
clock-used = Verbrauchte Zeit: Weiß { $white }, Schwarz { $black }.
