# Was tiflo während der Partie sagt. Argumente: $side und $other sind
# side-white / side-black; $move ein Zug in der Notation des Spielers;
# $winner (white, black, none) selects result-words: results are said in words, never as 1-0 or ½-½.
side-white = Weiß
side-black = Schwarz
list-separator = {", "}

game-new = Neue Partie. Sie spielen mit { $color ->
        [white] Weiß
       *[black] Schwarz
    }. Bedenkzeit: { $control }. Geben Sie Hilfe ein, um die Befehle zu erfahren.
game-resumed = Partie aus dem Protokoll fortgesetzt: { $moves ->
        [1] ein Zug wiederhergestellt.
       *[other] { $moves } Züge wiederhergestellt.
    }
game-resumed-charged = Partie aus dem Protokoll fortgesetzt: { $moves ->
        [1] ein Zug wiederhergestellt.
       *[other] { $moves } Züge wiederhergestellt.
    } tiflo war { $down } angehalten; diese Zeit wurde { $side } von der Bedenkzeit abgezogen.
journal-torn = Der letzte Eintrag im Protokoll war unvollständig, geschrieben beim Anhalten von tiflo; er wurde verworfen.
to-move = Zug { $number }, { $side } am Zug.
control-period = { $moves ->
        [0] { $time }
       *[other] { $moves } Züge in { $time }
    }{ $bonus ->
        [increment] , plus { $extra } pro Zug
        [delay] , mit { $extra } Verzögerung
        [bronstein] , mit Bronstein-Verzögerung von { $extra }
       *[none] {""}
    }
control-then = { $first }; danach { $rest }

move-said = { $number }. { $side }: { $move }
move-confirm = { $side }: { $move }? Ja oder nein.
move-choose = { $text } kann sein: { $choices }. Geben Sie die Nummer oder den Zug ein.
choice-item = { $n }: { $move }
choice-out-of-range = Diese Nummer gehört nicht zur Auswahl.
answer-no = Nicht notiert.
nothing-asked = Es gibt keine Frage zu beantworten.
choice-need-number = Welcher? Antworten Sie mit seiner Nummer.
answer-late = Diese Antwort kam zu lange nach der Frage und zählt nicht.
move-unreadable = { $text } verstehe ich weder als Zug noch als Befehl. Geben Sie Hilfe ein, um die Befehle zu erfahren.
move-illegal = { $text } ist kein regelgemäßer Zug für { $side }. { $count ->
        [0] {""}
       *[other] Ähnliche regelgemäße Züge: { $candidates }.
    }
move-ambiguous = { $text } ist mehrdeutig: { $candidates }. Nennen Sie den Zug vollständig.
move-promotion-missing = { $text } verwandelt einen Bauern: Nennen Sie die Figur, zum Beispiel { $candidates }.
move-not-capture = { $text } ist als Schlagzug geschrieben, schlägt aber nichts. { $count ->
        [0] {""}
       *[other] Meinten Sie { $candidates }?
    }
move-not-en-passant = { $text } ist als en passant geschrieben, ist aber kein Schlagen en passant.
move-not-promotion = { $text } nennt eine Umwandlungsfigur, ist aber keine Umwandlung.
move-other-promotion = { $text }: Der Bauer kann sich umwandeln, aber nicht in diese Figur. { $count ->
        [0] {""}
       *[other] Möglich: { $candidates }.
    }
game-over = Die Partie ist beendet. { result-words }. Es wurde nichts notiert.

corrected = Korrigiert: Aus { $old } wird { $new }.
correct-too-late = Zu spät zum Korrigieren: Die Uhr des Gegners läuft schon. Nur der Schiedsrichter kann einen Zug zurücknehmen.
correct-nothing = Es gibt keinen Zug zu korrigieren.
correct-same = Das ist schon der notierte Zug.
correct-confirm = { $side }: den letzten Zug zu { $move } korrigieren? Ja oder nein.
correct-choose = Den letzten Zug korrigieren zu { $choices }? Sagen Sie die Nummer, oder nein.
takeback-confirm = Schiedsrichter: { $move } zurücknehmen? Ja oder nein.
takeback-nothing = Es gibt keinen Zug zurückzunehmen.
taken-back = { $move } wurde vom Schiedsrichter zurückgenommen.
pressed = Die Uhr von { $side } läuft.
press-nothing = Kein Zug wartet auf die Uhr.
clock-started = Uhr gestartet. { $side } am Zug.
clock-already-started = Die Uhr läuft schon.

draw-offered = { $side } bietet Remis an.
draw-declined = Remisangebot abgelehnt.
draw-lapsed = Das Remisangebot ist erloschen: Stattdessen wurde ein Zug gespielt.
no-offer = Es liegt kein Remisangebot vor.
claimable-threefold = Diese Stellung ist zum dritten Mal entstanden: { $side } kann Remis reklamieren.
claimable-fifty = Fünfzig Züge ohne Schlagen und ohne Bauernzug: { $side } kann Remis reklamieren.
claim-invalid = Die Reklamation ist unberechtigt: weder dreimalige Stellungswiederholung noch fünfzig Züge. Die Uhr von { $side } erhält zwei Minuten dazu, und die Partie geht weiter.
claim-move-stands = Der angesagte Zug gilt.
resign-confirm = Gibt { $side } auf? Ja oder nein.
result-confirm = { result-words }: Sind beide Spieler einverstanden? Ja oder nein.
flag-confirm = Ist die Fahne von { $side } auf der echten Uhr gefallen? Ja oder nein.
flag-own-clock = tiflo führt die Uhr: Die Fahne von { $side } ist nicht gefallen. Geben Sie Uhr ein für die Zeiten.

result-words = { $winner ->
        [white] Weiß gewinnt, eins zu null
        [black] Schwarz gewinnt, null zu eins
       *[none] Remis, ein halber Punkt für jeden
    }
end-checkmate = Schachmatt. { result-words }.
end-stalemate = Patt. { result-words }.
end-insufficient = Keine Seite kann mattsetzen. { result-words }.
end-fivefold = Dieselbe Stellung zum fünften Mal: Die Partie ist remis, ein halber Punkt für jeden.
end-seventy-five = Fünfundsiebzig Züge ohne Schlagen und ohne Bauernzug: Die Partie ist remis, ein halber Punkt für jeden.
end-claim-threefold = Remis durch dreimalige Stellungswiederholung reklamiert: ein halber Punkt für jeden.
end-claim-fifty = Remis nach der Fünfzig-Züge-Regel reklamiert: ein halber Punkt für jeden.
end-resigned = { $side } gibt auf. { result-words }.
end-flag = Die Fahne von { $side } ist gefallen. { result-words }.
end-flag-draw = Die Fahne von { $side } ist gefallen, aber { $other } kann nicht mattsetzen. { result-words }.
end-agreed = Remis vereinbart: ein halber Punkt für jeden.
end-declared = Ergebnis: { result-words }.
flag-estimate = Nach der Rechnung von tiflo hat { $side } keine Zeit mehr. Prüfen Sie die echte Uhr; wenn die Fahne gefallen ist, geben Sie Fahne ein.
signed = { $side } unterschreibt das Ergebnis. { result-words }.
sign-already = { $side } hat schon unterschrieben.
sign-not-over = Die Partie ist nicht beendet; es gibt kein Ergebnis zu unterschreiben.

low-time = { $side }: noch { $time }.
exempt = { $side } hat weniger als fünf Minuten und keinen Zeitzuschlag von 30 Sekunden: Die Züge müssen nicht mehr mitgeschrieben werden (Artikel 8.4).
last-move = Letzter Zug: { $move }.
no-moves = Noch keine Züge.
sheet = Partieformular: { $moves }.
sheet-white = { $number }. { $move }{ $offer ->
        [yes] , Remis angeboten
       *[no] {""}
    }
sheet-black = { $move }{ $offer ->
        [yes] , Remis angeboten
       *[no] {""}
    }
sheet-black-first = { $number }... { $move }{ $offer ->
        [yes] , Remis angeboten
       *[no] {""}
    }
piece = { $color ->
        [white] { $role ->
            [king] weißer König
            [queen] weiße Dame
            [rook] weißer Turm
            [bishop] weißer Läufer
            [knight] weißer Springer
           *[pawn] weißer Bauer
        }
       *[black] { $role ->
            [king] schwarzer König
            [queen] schwarze Dame
            [rook] schwarzer Turm
            [bishop] schwarzer Läufer
            [knight] schwarzer Springer
           *[pawn] schwarzer Bauer
        }
    }
piece-on = { $piece } auf { $square }
board-rank = Reihe { $rank }: { $count ->
        [0] leer
       *[other] { $pieces }
    }.
board-file = Linie { $file }: { $count ->
        [0] leer
       *[other] { $pieces }
    }.
square-piece = { $square }: { $piece }.
square-empty = { $square }: leer.
pieces-found = { $count ->
        [0] Keine.
       *[other] { $pieces }.
    }

last-moves = Die letzten { $count } Züge: { $moves }.
last-moves-all = { $count ->
        [1] Bisher nur ein Zug
       *[other] Bisher nur { $count } Züge
    }: { $moves }.
legal-piece = { $piece }: { $count ->
        [0] keine legalen Züge
       *[other] { $moves }
    }.
legal-no-piece = Nicht auf dem Brett: { $piece }.
legal-other-side = { $square }: { $piece }. { $side } ist am Zug.
legal-over = Die Partie ist beendet: Es gibt keine Züge mehr.

command-need-square = Zu { $command } gehört ein Feld, zum Beispiel e4.
command-need-piece = Zu { $command } gehört eine Figur oder eine Farbe, zum Beispiel weißer Springer.
command-need-move = Zu { $command } gehört der gemeinte Zug, zum Beispiel Sc3.
command-need-result = Zu { $command } gehört 1-0, 0-1 oder 1/2.
command-need-times = Zu { $command } gehören die Zeiten der Uhr, erst Weiß, dann Schwarz, zum Beispiel 1:05:00 58:10, oder eine Farbe und eine Zeit.
command-need-rank = Zu { $command } gehört eine Reihe von 1 bis 8, zum Beispiel { $command } 4.
command-need-file = Zu { $command } gehört eine Linie von a bis h, zum Beispiel { $command } e.
command-need-square-or-piece = Zu { $command } gehört ein Feld oder eine Figur, zum Beispiel { $command } e2 oder { $command } Springer.
command-need-count = Zu { $command } gehört eine Zahl von Zügen, 1 oder mehr, zum Beispiel { $command } 5.
command-extra = Zu { $command } passen diese Wörter nicht.
help = Geben Sie einen Zug in beliebiger Notation ein, für die Seite am Zug. Befehle: Uhr; Zeit verbraucht; letzter, oder letzten 5 für die letzten fünf Züge; Züge; Brett; Feld e4; Figuren weißer Springer, oder Figuren meine Springer; Reihe 4; Linie e; möglich e2, oder möglich Springer, für die legalen Züge; Remis, oder ein Zug und Remis (Sf3 Remis); annehmen; ablehnen; reklamieren, oder reklamieren mit einem Zug; aufgeben; korrigieren und der gemeinte Zug; zurücknehmen, für den Schiedsrichter; Ergebnis 1-0; unterschreiben; starten; gedrückt, wenn die Uhr des Gegners läuft; stellen und die Zeiten; Fahne; Übertragungen; erledigt, wenn ein Zug auf dem anderen Brett steht; berührt; weiter und zurück, Kommentar und Varianten, im Studium; neu, für eine neue Partie, wenn diese beendet ist; wiederholen; Hilfe; beenden. Gesprochen: Mikrofon aus, und Mikrofon an.
quit = Auf Wiedersehen. Die Partie ist gespeichert und wird beim nächsten Start von tiflo fortgesetzt.

# A move said aloud (src/game/session.rs, Event::Heard).
heard-nothing = Ich habe „{ $text }“ gehört, das ist kein legaler Zug. Nichts wurde notiert; bitte wiederholen.
heard-no-words = Ich habe kein Wort erkannt. Nichts wurde notiert; bitte wiederholen.
heard-choose = Haben Sie { $choices } gesagt? Sagen Sie die Nummer, oder nein.
# confirm = "echo": ein sicher gehörter Zug, notiert und in wenigen Worten
# wiederholt; ein „Nein" nimmt ihn zurück, solange er korrigiert werden kann.
move-echo = { $move }.
move-undone = Zug { $move } zurückgenommen.
echo-too-late = Zu spät, um { $move } zurückzunehmen: Die Zeit zum Korrigieren ist vorbei. Nur der Schiedsrichter kann einen Zug zurücknehmen.

# Listening by voice paused and resumed (src/hearing/grammar.rs, Event::Listening);
# $phrase is the first phrase of hear-resume in commands.ftl.
listening-paused = Zuhören angehalten. Sagen Sie { $phrase }, damit ich wieder zuhöre.
listening-resumed = Ich höre wieder zu.
# Hearing always, the listener heard so much talk that it was not spoken to (cut at its longest,
# or too long to be an answer) that answers said aloud are not taken, and later that it is quieter.
hearing-talk-around = Ringsum wird viel gesprochen: Ein gesprochenes Ja, Nein oder eine Nummer nehme ich jetzt nicht an, und einen Zug nur, wenn er kurz gesagt wird. Tippen Sie die Antwort, oder halten Sie beim Sprechen die Sprechtaste.
hearing-quieter = Es ist ruhiger: Gesprochene Antworten und längere Sätze nehme ich wieder an.
# Board transfer (src/game/transfer.rs): moves still to be reproduced on the other
# board, and how to put a tournament board right.
transfer-tournament = { $move }: noch auf dem Turnierbrett auszuführen
transfer-special = { $move }: noch auf Ihr Brett zu stellen
transfers-pending = Offene Übertragungen: { $list }.
transfers-none = Keine offenen Übertragungen.
transfer-reminder = Erinnerung. Offene Übertragungen: { $list }.
transfer-done-tournament = Auf dem Turnierbrett: { $move }.
transfer-done-special = Auf Ihrem Brett: { $move }.
# How to fix a board, as instructions: { $piece } is fix-piece (with its
# article, as the object of the verb), { $role } selects a pronoun.
fix-piece = { $color ->
        [white] { $role ->
             [king] den weißen König
             [queen] die weiße Dame
             [rook] den weißen Turm
             [bishop] den weißen Läufer
             [knight] den weißen Springer
            *[pawn] den weißen Bauern
        }
       *[black] { $role ->
             [king] den schwarzen König
             [queen] die schwarze Dame
             [rook] den schwarzen Turm
             [bishop] den schwarzen Läufer
             [knight] den schwarzen Springer
            *[pawn] den schwarzen Bauern
        }
    }
fix-move = nehmen Sie { $piece } von { $from } und stellen Sie { $role ->
        [queen] sie
       *[other] ihn
    } auf { $to }
fix-remove = nehmen Sie { $piece } von { $from } weg
fix-put = stellen Sie { $piece } auf { $on }
fix-separator = {"; "}
fix-board = Das Turnierbrett stimmt nicht mit der Partie überein. { $steps }.
# A piece an electronic board saw lifted.
touched = Ihr Gegner hat berührt: { $piece } auf { $square }.
touched-none = Seit dem letzten Zug wurde keine Figur berührt.
# Study mode: a game replayed move by move.
study-begin = Studium: { $count } Züge. Weiter und zurück gehen sie durch; ein eingegebener Zug rät den nächsten.
study-not-this = { $move } ist nicht der Zug der Partie. Versuchen Sie es noch einmal, oder sagen Sie weiter.
study-end = Ende der Partie.
study-back = Zurück vor { $move }.
study-start = Am Anfang der Partie.
study-only = Weiter und zurück dienen zum Studium einer Partie: tiflo daemon --study PARTIE.pgn.

# A command heard by voice that changes the game (a draw offer, accepting
# or declining one, a claim) is read back before it is done.
heard-command-confirm = Ich habe gehört: { $command }. Stimmt das? Ja oder nein.
heard-command-dropped = Nichts getan.

# A move entered on the assistant's page that is a command or other words.
typed-not-a-move = { $text } ist kein Zug.

# The tournament board reported on the assistant's page is right.
board-right = Das Turnierbrett stimmt mit der Partie überein.

# A typed line (or one sent from the braille keyboard or the page) longer than tiflo reads.
line-too-long = Das ist zu lang zum Lesen: höchstens { $most } Zeichen. Nichts wurde notiert.
# Ein Zug, vorgelesen mit dem dahinter geschriebenen Remisangebot („Sf3 Remis“).
move-confirm-offer = { $side }: { $move }, mit Remisangebot? Ja oder nein.
# Ein Zug, den nur die Figurenbuchstaben einer anderen Sprache aus dem Text
# lesen (ein englischer Buchstabe auf Deutsch): erfragt, nie ohne Ja notiert.
move-foreign-confirm = { $text } ist kein regelgemäßer Zug für { $side }. Meinten Sie { $move }? Ja oder nein.
move-foreign-confirm-offer = { $text } ist kein regelgemäßer Zug für { $side }. Meinten Sie { $move }, mit Remisangebot? Ja oder nein.
# „berührt“ ohne elektronisches Brett, das angehobene Figuren sieht: nichts kann es wissen.
touched-no-sensor = Kein elektronisches Brett ist angeschlossen: Nichts kann sagen, ob eine Figur berührt wurde.
# Training: den Zug der Engine korrigieren (nur die des Spielers sind Versprecher).
correct-engine = Die Züge der Engine werden nicht korrigiert, nur Ihre. Tippen Sie zurücknehmen, um einen zurückzunehmen.
# Eine beendete Partie, fortgesetzt, bevor sie unterschrieben ist (Artikel 8.7).
game-unsigned = Das Partieformular ist noch nicht unterschrieben: Tippen Sie unterschreiben, um es zu unterschreiben, oder neu für eine neue Partie.
new-not-over = Die Partie ist nicht zu Ende: Eine neue Partie beginnt, wenn diese beendet ist.
# Studienmodus: was zu einer laufenden Partie gehört, die Kommentare und
# Varianten der Partie an der Stelle der Studie, und ihr Ende mit dem Ergebnis.
study-not-here = { $command } hat in einer Studie keinen Sinn: Es gibt keine Uhr, keinen Gegner und keinen Schiedsrichter. Weiter und zurück gehen durch die Partie.
study-comment = Kommentar: { $text }
study-no-comment = Hier gibt es keinen Kommentar.
study-variations = Statt { $move }: { $lines }.
study-no-variations = Hier gibt es keine Varianten.
study-line-separator = {"; "}
study-end-result = Ende der Partie. { result-words }.
