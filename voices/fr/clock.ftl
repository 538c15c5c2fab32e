# Lecture de la pendule (annexe D), en mots, jamais « 1:12:00 ».
hours = { $n ->
        [one] une heure
       *[other] { $n } heures
    }
minutes = { $n ->
        [one] une minute
       *[other] { $n } minutes
    }
seconds = { $n ->
        [one] une seconde
       *[other] { $n } secondes
    }
no-time = plus de temps
duration-two = { $first }, { $second }
clock-readout = Blancs : { $white }. Noirs : { $black }. { $moves ->
        [one] Un coup joué.
       *[other] { $moves } coups joués.
    }
clock-used = Temps utilisé : Blancs { $white }, Noirs { $black }.
