# Leitura do relógio (Apêndice D: o assistente informa os tempos e o número
# de lances completados só quando pedido). Em palavras, nunca "1:12:00".
hours = { $n ->
        [1] uma hora
       *[other] { $n } horas
    }
minutes = { $n ->
        [1] um minuto
       *[other] { $n } minutos
    }
seconds = { $n ->
        [1] um segundo
       *[other] { $n } segundos
    }
no-time = sem tempo
duration-two = { $first }, { $second }
clock-readout = Brancas: { $white }. Pretas: { $black }. { $moves ->
        [0] Nenhum lance completado.
        [1] Um lance completado.
       *[other] { $moves } lances completados.
    }
clock-used = Tempo usado: Brancas { $white }, Pretas { $black }.
