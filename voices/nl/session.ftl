# Wat tiflo tijdens de partij zegt. Argumenten: $side en $other zijn
# side-white / side-black; $move een zet in de notatie van de speler;
# $winner (white, black, none) selects result-words: results are said in words, never as 1-0 or ½-½.
side-white = Wit
side-black = Zwart
list-separator = {", "}

game-new = Nieuwe partij. Je speelt met { $color ->
        [white] Wit
       *[black] Zwart
    }. Bedenktijd: { $control }. Typ help voor de commando's.
game-resumed = Partij hervat uit het logboek: { $moves ->
        [1] één zet hersteld.
       *[other] { $moves } zetten hersteld.
    }
game-resumed-charged = Partij hervat uit het logboek: { $moves ->
        [1] één zet hersteld.
       *[other] { $moves } zetten hersteld.
    } tiflo heeft { $down } stilgestaan; die tijd is van de klok van { $side } afgegaan.
journal-torn = De laatste regel van het logboek was onvolledig, geschreven toen tiflo stopte; die is weggelaten.
to-move = Zet { $number }, { $side } aan zet.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } zetten in { $time }
    }{ $bonus ->
        [increment] , plus { $extra } per zet
        [delay] , met een vertraging van { $extra }
        [bronstein] , met een Bronstein-vertraging van { $extra }
       *[none] {""}
    }
control-then = { $first }; daarna { $rest }

move-said = { $number }. { $side }: { $move }
move-confirm = { $side }: { $move }? Ja of nee.
move-choose = { $text } kan zijn: { $choices }. Typ het nummer of de zet.
choice-item = { $n }: { $move }
choice-out-of-range = Dat nummer is geen van de keuzes.
answer-no = Niet genoteerd.
nothing-asked = Er is geen vraag om te beantwoorden.
choice-need-number = Welke? Antwoord met het nummer.
answer-late = Dat antwoord kwam te lang na de vraag en telt niet.
move-unreadable = Ik begrijp { $text } niet als zet of als commando. Typ help voor de commando's.
move-illegal = { $text } is geen reglementaire zet voor { $side }. { $count ->
        [0] {""}
       *[other] Vergelijkbare reglementaire zetten: { $candidates }.
    }
move-ambiguous = { $text } is dubbelzinnig: { $candidates }. Noem de zet volledig.
move-promotion-missing = { $text } promoveert een pion: noem het stuk, bijvoorbeeld { $candidates }.
move-not-capture = { $text } is als slagzet geschreven, maar slaat niets. { $count ->
        [0] {""}
       *[other] Bedoelde je { $candidates }?
    }
move-not-en-passant = { $text } is als en passant geschreven, maar is geen slag en passant.
move-not-promotion = { $text } noemt een promotiestuk, maar is geen promotie.
move-other-promotion = { $text }: de pion kan promoveren, maar niet tot dat stuk. { $count ->
        [0] {""}
       *[other] Mogelijk: { $candidates }.
    }
game-over = De partij is afgelopen. { result-words }. Er is niets genoteerd.

corrected = Gecorrigeerd: { $old } wordt { $new }.
correct-too-late = Te laat om te corrigeren: de klok van de tegenstander loopt al. Alleen de arbiter kan een zet terugnemen.
correct-nothing = Er is geen zet om te corrigeren.
correct-same = Dat is al de genoteerde zet.
correct-confirm = { $side }: de laatste zet verbeteren in { $move }? Ja of nee.
correct-choose = De laatste zet verbeteren in { $choices }? Zeg het nummer, of nee.
takeback-confirm = Arbiter: { $move } terugnemen? Ja of nee.
takeback-nothing = Er is geen zet om terug te nemen.
taken-back = { $move } is door de arbiter teruggenomen.
pressed = De klok van { $side } loopt.
press-nothing = Er wacht geen zet op de klok.
clock-started = Klok gestart. { $side } aan zet.
clock-already-started = De klok loopt al.

draw-offered = { $side } biedt remise aan.
draw-declined = Remiseaanbod afgewezen.
draw-lapsed = Het remiseaanbod is vervallen: in plaats daarvan is er een zet gespeeld.
no-offer = Er is geen remiseaanbod.
claimable-threefold = Deze stelling is drie keer voorgekomen: { $side } kan remise claimen.
claimable-fifty = Vijftig zetten zonder slagzet of pionzet: { $side } kan remise claimen.
claim-invalid = De claim is niet terecht: geen drievoudige zetherhaling en geen vijftig zetten. De klok van { $side } krijgt twee minuten erbij, en de partij gaat verder.
claim-move-stands = De aangekondigde zet blijft staan.
resign-confirm = Geeft { $side } op? Ja of nee.
result-confirm = { result-words }: zijn beide spelers het eens? Ja of nee.
flag-confirm = Is de vlag van { $side } gevallen op de echte klok? Ja of nee.
flag-own-clock = tiflo houdt de tijd bij: de vlag van { $side } is niet gevallen. Typ klok voor de tijden.

result-words = { $winner ->
        [white] Wit wint, één-nul
        [black] Zwart wint, nul-één
       *[none] Remise, ieder een half punt
    }
end-checkmate = Schaakmat. { result-words }.
end-stalemate = Pat. { result-words }.
end-insufficient = Geen van beide partijen kan mat zetten. { result-words }.
end-fivefold = Voor de vijfde keer dezelfde stelling: de partij is remise, ieder een half punt.
end-seventy-five = Vijfenzeventig zetten zonder slagzet of pionzet: de partij is remise, ieder een half punt.
end-claim-threefold = Remise geclaimd door drievoudige zetherhaling: ieder een half punt.
end-claim-fifty = Remise geclaimd volgens de vijftigzettenregel: ieder een half punt.
end-resigned = { $side } geeft op. { result-words }.
end-flag = De vlag van { $side } is gevallen. { result-words }.
end-flag-draw = De vlag van { $side } is gevallen, maar { $other } kan niet mat zetten. { result-words }.
end-agreed = Remise overeengekomen: ieder een half punt.
end-declared = Uitslag: { result-words }.
flag-estimate = Volgens de telling van tiflo heeft { $side } geen tijd meer. Controleer de echte klok; als de vlag gevallen is, typ dan vlag.
signed = { $side } tekent de uitslag. { result-words }.
sign-already = { $side } heeft al getekend.
sign-not-over = De partij is niet afgelopen; er is geen uitslag om te tekenen.

low-time = { $side }: nog { $time }.
exempt = { $side } heeft minder dan vijf minuten en geen increment van 30 seconden: noteren is niet meer verplicht (artikel 8.4).
last-move = Laatste zet: { $move }.
no-moves = Nog geen zetten.
sheet = Notatieformulier: { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , remise aangeboden
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , remise aangeboden
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , remise aangeboden
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] witte koning
            [queen] witte dame
            [rook] witte toren
            [bishop] witte loper
            [knight] wit paard
           *[pawn] witte pion
        }
       *[black] { $role ->
            [king] zwarte koning
            [queen] zwarte dame
            [rook] zwarte toren
            [bishop] zwarte loper
            [knight] zwart paard
           *[pawn] zwarte pion
        }
    }
piece-on = { $piece } op { $square }
board-rank = Rij { $rank }: { $count ->
        [0] leeg
       *[other] { $pieces }
    }.
board-file = Lijn { $file }: { $count ->
        [0] leeg
       *[other] { $pieces }
    }.
square-piece = { $square }: { $piece }.
square-empty = { $square }: leeg.
pieces-found = { $count ->
        [0] Geen.
       *[other] { $pieces }.
    }

last-moves = De laatste { $count } zetten: { $moves }.
last-moves-all = { $count ->
        [1] Nog maar één zet
       *[other] Nog maar { $count } zetten
    }: { $moves }.
legal-piece = { $piece }: { $count ->
        [0] geen geldige zetten
       *[other] { $moves }
    }.
legal-no-piece = Geen { $piece } op het bord.
legal-other-side = { $square }: { $piece }. { $side } is aan zet.
legal-over = De partij is afgelopen: er zijn geen zetten meer.

command-need-square = { $command } heeft een veld nodig, bijvoorbeeld e4.
command-need-piece = { $command } heeft een stuk of een kleur nodig, bijvoorbeeld wit paard.
command-need-move = { $command } heeft de bedoelde zet nodig, bijvoorbeeld Pc3.
command-need-result = { $command } heeft 1-0, 0-1 of 1/2 nodig.
command-need-times = { $command } heeft de kloktijden nodig, eerst Wit en dan Zwart, bijvoorbeeld 1:05:00 58:10, of een kleur en een tijd.
command-need-rank = { $command } heeft een rij van 1 tot 8 nodig, bijvoorbeeld { $command } 4.
command-need-file = { $command } heeft een lijn van a tot h nodig, bijvoorbeeld { $command } e.
command-need-square-or-piece = { $command } heeft een veld of een stuk nodig, bijvoorbeeld { $command } e2 of { $command } paard.
command-need-count = { $command } heeft een aantal zetten nodig, 1 of meer, bijvoorbeeld { $command } 5.
command-extra = Bij { $command } horen die woorden niet.
help = Typ een zet in elke notatie, voor de kant die aan zet is. Commando's: klok; tijd verbruikt; laatste, of laatste 5 voor de laatste vijf zetten; zetten; bord; veld e4; stukken wit paard, of stukken mijn paard; rij 4; lijn e; legaal e2, of legaal paard, voor de geldige zetten; remise, of een zet en remise (Pf3 remise); accepteer; weiger; claim, of claim met een zet; opgeven; corrigeer en de bedoelde zet; terugnemen, voor de arbiter; uitslag 1-0; teken; start; ingedrukt, als de klok van de tegenstander loopt; instellen en de tijden; vlag; overzettingen; gedaan, als een zet op het andere bord staat; aangeraakt; volgende en terug, commentaar en varianten, in een studie; nieuw, voor een nieuwe partij als deze afgelopen is; herhaal; help; stoppen. Hardop: stop met luisteren, en luister weer.
quit = Tot ziens. De partij is opgeslagen en gaat verder als tiflo weer start.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = Ik hoorde "{ $text }", dat is geen geldige zet. Er is niets genoteerd; zeg de zet opnieuw.
heard-no-words = Ik heb geen woord herkend. Er is niets genoteerd; zeg het opnieuw.
heard-choose = Zei je { $choices }? Zeg het nummer, of nee.
# confirm = "echo": een zeker gehoorde zet, genoteerd en in een paar woorden
# herhaald; een "nee" neemt hem terug zolang hij nog gecorrigeerd kan worden.
move-echo = { $move }.
move-undone = Zet { $move } teruggenomen.
echo-too-late = Te laat om { $move } terug te nemen: de tijd om te corrigeren is voorbij. Alleen de arbiter kan een zet terugnemen.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Luisteren gepauzeerd. Zeg { $phrase } om weer te luisteren.
listening-resumed = Ik luister weer.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = Er wordt veel gepraat om me heen: een gesproken ja, nee of nummer neem ik nu niet aan, en een zet alleen als hij kort wordt gezegd. Typ het antwoord, of houd de spreektoets ingedrukt terwijl u spreekt.
hearing-quieter = Het is rustiger: gesproken antwoorden en langere zinnen neem ik weer aan.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move }: nog op het toernooibord te doen
transfer-special = { $move }: nog op jouw bord te zetten
transfers-pending = Openstaande overzettingen: { $list }.
transfers-none = Geen openstaande overzettingen.
transfer-reminder = Herinnering. Openstaande overzettingen: { $list }.
transfer-done-tournament = Op het toernooibord: { $move }.
transfer-done-special = Op jouw bord: { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] de witte koning
             [queen] de witte dame
             [rook] de witte toren
             [bishop] de witte loper
             [knight] het witte paard
            *[pawn] de witte pion
        }
       *[black] { $role ->
             [king] de zwarte koning
             [queen] de zwarte dame
             [rook] de zwarte toren
             [bishop] de zwarte loper
             [knight] het zwarte paard
            *[pawn] de zwarte pion
        }
    }
fix-move = haal { $piece } van { $from } en zet { $role ->
        [knight] het
       *[other] hem
    } op { $to }
fix-remove = haal { $piece } van { $from } weg
fix-put = zet { $piece } op { $on }
fix-separator = {"; "}
fix-board = Het toernooibord klopt niet met de partij. { $steps }.
# A piece an electronic board saw lifted.
touched = Je tegenstander heeft aangeraakt: { $piece } op { $square }.
touched-none = Sinds de laatste zet is geen stuk aangeraakt.
# Study mode: a game replayed move by move.
study-begin = Studie: { $count } zetten. Volgende en terug gaan erdoor; een getypte zet raadt de volgende.
study-not-this = { $move } is niet de zet uit de partij. Probeer opnieuw, of zeg volgende.
study-end = Einde van de partij.
study-back = Terug tot voor { $move }.
study-start = Aan het begin van de partij.
study-only = Volgende en terug zijn om een partij te bestuderen: tiflo daemon --study PARTIJ.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = Ik hoorde: { $command }. Klopt dat? Ja of nee.
heard-command-dropped = Niets gedaan.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } is geen zet.

# The tournament board reported on the assistant's page is right.
board-right = Het toernooibord klopt met de partij.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = Dat is te lang om te lezen: hoogstens { $most } tekens. Er is niets genoteerd.
# Een zet teruggelezen met het remiseaanbod erachter geschreven ("Pf3 remise").
move-confirm-offer = { $side }: { $move }, met remiseaanbod? Ja of nee.
# Een zet die alleen de stukletters van een andere taal in de tekst lezen
# (een Engelse letter in het Nederlands): gevraagd, nooit genoteerd zonder ja.
move-foreign-confirm = { $text } is geen reglementaire zet voor { $side }. Bedoelde je { $move }? Ja of nee.
move-foreign-confirm-offer = { $text } is geen reglementaire zet voor { $side }. Bedoelde je { $move }, met remiseaanbod? Ja of nee.
# "aangeraakt" zonder elektronisch bord dat opgetilde stukken ziet: niets kan het weten.
touched-no-sensor = Er is geen elektronisch bord aangesloten: niets kan zeggen of een stuk is aangeraakt.
# Oefenen: de zet van de engine corrigeren (alleen die van de speler zijn versprekingen).
correct-engine = De zetten van de engine worden niet gecorrigeerd, alleen die van jou. Typ terugnemen om er een terug te nemen.
# Een beëindigde partij, hervat voordat ze ondertekend is (artikel 8.7).
game-unsigned = Het notatieformulier is nog niet ondertekend: typ teken om het te ondertekenen, of nieuw voor een nieuwe partij.
new-not-over = De partij is niet afgelopen: een nieuwe partij begint zodra deze beëindigd is.
# Studiemodus: wat bij een lopende partij hoort, het commentaar en de
# varianten van de partij waar de studie staat, en het einde met de uitslag.
study-not-here = { $command } heeft in een studie geen zin: er is geen klok, geen tegenstander en geen arbiter. Volgende en terug gaan door de partij.
study-comment = Commentaar: { $text }
study-no-comment = Hier is geen commentaar.
study-variations = In plaats van { $move }: { $lines }.
study-no-variations = Hier zijn geen varianten.
study-line-separator = {"; "}
study-end-result = Einde van de partij. { result-words }.
