# Lectura del reloj (Apéndice D: el asistente da los tiempos y el número de
# jugadas completadas solo cuando se le piden). En palabras, nunca "1:12:00".
hours = { $n ->
        [1] una hora
       *[other] { $n } horas
    }
minutes = { $n ->
        [1] un minuto
       *[other] { $n } minutos
    }
seconds = { $n ->
        [1] un segundo
       *[other] { $n } segundos
    }
no-time = sin tiempo
duration-two = { $first } y { $second }
clock-readout = Blancas: { $white }. Negras: { $black }. { $moves ->
        [0] Ninguna jugada completada.
        [1] Una jugada completada.
       *[other] { $moves } jugadas completadas.
    }
clock-used = Tiempo usado: Blancas { $white }, Negras { $black }.
