# Notaties: waarom een geschreven zet niet te lezen is (het detail van
# why-move-syntax), de namen van de notaties en de meldingen van
# `tiflo convert` over de tekst die het leest.

why-syntax-empty = leeg
why-syntax-empty-move = de zet is leeg
why-syntax-only-marks = alleen tekens, geen zet
why-syntax-unknown-promotion = onbekend promotiestuk
why-syntax-promotes-to-king = een pion kan niet promoveren tot koning of pion
why-syntax-pawn-capture-file = een pionslag verandert van lijn
why-syntax-no-destination = het doelveld ontbreekt
why-syntax-unreadable-before = onleesbare tekens voor het doelveld
why-syntax-dash-without-origin = voor een streepje hoort het vertrekveld
why-syntax-pawn-starts-with-rank = een pionzet kan niet met een rij beginnen
why-syntax-too-long = te lang voor een zet
why-syntax-space-inside = een spatie of stuurteken in de zet
why-syntax-stray-character = een teken dat bij geen enkele zet hoort
why-syntax-castling-mark = als rokade aangeduid maar het is een andere zet
why-syntax-fifth-digit = het vijfde cijfer noemt geen stuk (1=D 2=T 3=L 4=P)
why-syntax-numeric-length = een numerieke zet heeft vier cijfers, of vijf bij promotie
why-syntax-numeric-origin = het vertrek is geen veld (cijfers 1 tot 8)
why-syntax-numeric-destination = het doel is geen veld (cijfers 1 tot 8)
why-syntax-gringmuth-syllables = een Gringmuth-zet heeft twee lettergrepen
why-syntax-gringmuth-first = de eerste lettergreep is geen Gringmuth-veld
why-syntax-gringmuth-second = de tweede lettergreep is geen Gringmuth-veld
why-syntax-gringmuth-letter = een onbekende letter na de twee lettergrepen
why-syntax-descriptive-language = de beschrijvende notatie wordt alleen in het Engels of het Spaans gelezen
why-syntax-descriptive-too-long = langer dan elke beschrijvende zet
why-syntax-descriptive-stray-any = een teken dat bij geen enkele beschrijvende zet hoort
why-syntax-descriptive-stray = een teken dat niet bij een beschrijvende zet hoort
why-syntax-castling-form = rokade schrijf je O-O of O-O-O
why-syntax-castling-side = rokade naar een onbekende kant
why-syntax-descriptive-start-en = een Engelse beschrijvende zet begint met een stuk (K Q R B N P) of een lijn (QN, KB...)
why-syntax-descriptive-start-es = een Spaanse beschrijvende zet begint met een stuk (R D T A C P)
why-syntax-nested-parentheses = haakjes binnen haakjes
why-syntax-empty-parentheses = lege haakjes
why-syntax-unopened-parenthesis = een sluithaakje zonder openingshaakje
why-syntax-unclosed-parenthesis = een haakje dat open blijft
why-syntax-equals-without-piece = na `=` moet het promotiestuk volgen
why-syntax-rank-out-of-range = de rijen zijn genummerd van 1 tot 8
why-syntax-no-destination-no-capture = geen doelveld en geen slag
why-syntax-letter-en = geen Engelse stukletter (K Q R B N)
why-syntax-letter-es = geen Spaanse stukletter (R D T A C)
why-syntax-letter-pt = geen Portugese stukletter (R D T B C)
why-syntax-letter-fr = geen Franse stukletter (R D T F C)
why-syntax-letter-de = geen Duitse stukletter (K D T L S)
why-syntax-letter-it = geen Italiaanse stukletter (R D T A C)
why-syntax-letter-nl = geen Nederlandse stukletter (K D T L P)
why-syntax-figurine-expected = een letter waar een stuksymbool werd verwacht

# De notaties, zoals de leesfouten ze noemen.
dialect-san = algebraïsche notatie ({ $pieces })
dialect-lan = lange algebraïsche notatie ({ $pieces })
dialect-descriptive = beschrijvende notatie ({ $pieces })
dialect-uci = UCI-coördinaten
dialect-koch = Koch-notatie
dialect-iccf = numerieke ICCF-notatie
dialect-gringmuth = Gringmuth-code
pieces-en = Engels
pieces-es = Spaans
pieces-pt = Portugees
pieces-pt-br = Braziliaans Portugees
pieces-fr = Frans
pieces-de = Duits
pieces-it = Italiaans
pieces-nl = Nederlands
pieces-figurines = stuksymbolen

# Regels van de invoer die geen UTF-8 zijn.
convert-latin1 = { $file }: { $lines ->
    [1] een regel is geen UTF-8; die wordt
   *[other] { $lines } regels zijn geen UTF-8; die worden
} als Latin-1 gelezen
convert-latin1-first = { $file }: { $lines ->
    [1] een regel is geen UTF-8 (regel { $first }); die wordt
   *[other] { $lines } regels zijn geen UTF-8 (de eerste: regel { $first }); die worden
} als Latin-1 gelezen

convert-note = partij { $game }: { $note }
read-note-move-number = zetnummer `{ $written }` gelezen als { $expected }: een drukfout; zonder dat nummer is de rest van de partij tot het einde te lezen en klopt elk volgend zetnummer
convert-cannot-read = { $file } kan niet gelezen worden: { $why }
convert-cannot-read-stdin = de standaardinvoer kan niet gelezen worden: { $why }
convert-stopped = de omzetting is gestopt: { $why }
