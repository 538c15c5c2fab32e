# Lecture de la pendule (annexe D), en mots, jamais « 1:12:00 ».
hours = { $n ->
        [1] une heure
       *[other] { $n } heures
    }
minutes = { $n ->
        [1] une minute
       *[other] { $n } minutes
    }
seconds = { $n ->
        [1] une seconde
       *[other] { $n } secondes
    }
no-time = plus de temps
duration-two = { $first }, { $second }
clock-readout = Blancs : { $white }. Noirs : { $black }. { $moves ->
        [0] Aucun coup joué.
        [1] Un coup joué.
       *[other] { $moves } coups joués.
    }
clock-used = Temps utilisé : Blancs { $white }, Noirs { $black }.
