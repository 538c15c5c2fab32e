# Lectura del reloj (Apéndice D: el asistente da los tiempos y el número de
# jugadas completadas solo cuando se le piden). En palabras, nunca "1:12:00".
hours = { $n ->
        [one] una hora
       *[other] { $n } horas
    }
minutes = { $n ->
        [one] un minuto
       *[other] { $n } minutos
    }
seconds = { $n ->
        [one] un segundo
       *[other] { $n } segundos
    }
no-time = sin tiempo
duration-two = { $first }, { $second }
clock-readout = Blancas: { $white }. Negras: { $black }. { $moves ->
        [one] Una jugada completada.
       *[other] { $moves } jugadas completadas.
    }
clock-used = Tiempo usado: Blancas { $white }, Negras { $black }.
