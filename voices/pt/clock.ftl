# Leitura do relógio (Apêndice D: o assistente informa os tempos e o número
# de lances completados só quando pedido). Em palavras, nunca "1:12:00".
hours = { $n ->
        [one] uma hora
       *[other] { $n } horas
    }
minutes = { $n ->
        [one] um minuto
       *[other] { $n } minutos
    }
seconds = { $n ->
        [one] um segundo
       *[other] { $n } segundos
    }
no-time = sem tempo
duration-two = { $first }, { $second }
clock-readout = Brancas: { $white }. Pretas: { $black }. { $moves ->
        [one] Um lance completado.
       *[other] { $moves } lances completados.
    }
clock-used = Tempo usado: Brancas { $white }, Pretas { $black }.
