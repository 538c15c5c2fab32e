# De woorden van de commando's, getypt op het toetsenbord (later ook
# uitgesproken of in braille ingetoetst). Elk bericht geeft de woorden van één
# commando, gescheiden door komma's; hoofdletters en accenten maken niet uit.
# De Engelse woorden werken altijd, dus geen woord hier mag iets anders
# betekenen.
cmd-clock = klok, tijd
cmd-last = laatste
cmd-moves = zetten, notatie
cmd-board = bord
cmd-square = veld
cmd-pieces = stukken, waar
cmd-rank = rij
cmd-file = lijn
cmd-legal = legaal, mogelijk, mogelijke
cmd-draw = remise, aanbieden
cmd-accept = accepteer, accepteren
cmd-decline = weiger, weigeren
cmd-claim = claim, claimen
cmd-resign = opgeven
cmd-correct = corrigeer, corrigeren
cmd-takeback = terugnemen
cmd-result = uitslag
cmd-sign = teken, tekenen
cmd-start = start, starten
cmd-press = ingedrukt, drukken
cmd-set = instellen
cmd-flag = vlag
cmd-transfers = overzettingen, openstaand
cmd-done = gedaan, klaar
cmd-touched = aangeraakt
cmd-next = volgende, verder
cmd-back = terug, vorige
cmd-repeat = herhaal, herhalen
cmd-help = help, hulp
cmd-quit = stoppen, afsluiten
cmd-yes = ja, j
cmd-no = nee
# Woorden in de argumenten van "stukken", "remise", "opgeven", "instellen",
# "vlag" en "teken".
word-white = wit, witte
word-black = zwart, zwarte
word-mine = mijn, mijne
word-theirs = tegenstander, tegenstanders
word-king = koning, koningen
word-queen = dame, dames
word-rook = toren, torens
word-bishop = loper, lopers
word-knight = paard, paarden
word-pawn = pion, pionnen
# Gezegd, niet getypt (src/hearing/grammar.rs): zinnen die het luisteren pauzeren
# en hervatten (gepauzeerd telt alleen een zin om te hervatten), en de
# getallen vanaf negen voor "laatste tien zetten" (een tot acht zijn de
# woorden van de rijen in moves.ftl).
hear-pause = stop met luisteren, microfoon uit
hear-resume = luister weer, microfoon aan
hear-numbers = negen, tien, elf, twaalf, dertien, veertien, vijftien, zestien
# Een nieuwe partij, als deze afgelopen is.
cmd-new = nieuw, nieuwe
# Studiemodus: het commentaar bij de partij, en de varianten.
cmd-comment = commentaar, opmerking
cmd-variations = varianten, variant
# The thinking time each side has used, asked on its own ("verbruikt" alone, or after the clock word).
cmd-used = verbruikt, gebruikt
