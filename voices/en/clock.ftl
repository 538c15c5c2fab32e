# Clock readouts (FIDE Appendix D: the assistant gives the times and the
# number of moves completed, only when asked). Times are said in words,
# never as "1:12:00".
hours = { $n ->
        [1] one hour
       *[other] { $n } hours
    }
minutes = { $n ->
        [1] one minute
       *[other] { $n } minutes
    }
seconds = { $n ->
        [1] one second
       *[other] { $n } seconds
    }
no-time = no time left
duration-two = { $first }, { $second }
clock-readout = White: { $white }. Black: { $black }. { $moves ->
        [0] No moves completed.
        [1] One move completed.
       *[other] { $moves } moves completed.
    }
clock-used = Time used: White { $white }, Black { $black }.
