# Het gedrukte notatieformulier (FIDE-reglement, artikel 8, appendix C).
scoresheet-title = Notatieformulier
white = Wit
black = Zwart
event = Toernooi
site = Plaats
date = Datum
round = Ronde
result = Uitslag
result-unknown = partij niet beëindigd
draw-offer-legend = (=) remiseaanbod bij deze zet
clock-legend = tussen vierkante haken: resterende bedenktijd na de zet
claim = claim: { $what }
claim-threefold = drievoudige zetherhaling
claim-fifty-moves = vijftigzettenregel
# Een onterechte claim op het afgedrukte notatieformulier, met de straf (artikel 9.5.2).
claim-rejected = claim van { $side } afgewezen: +2 min voor { $other }
# A note on a move of a converted record: the written move fitted several legal moves, and only one let the rest of the game be read.
read-note-settled = { $written } gelezen als { $chosen }: de enige lezing waarmee de rest van de partij tot het einde te lezen is (niet { $others })
# Kop van de tabel, einde van de partij en handtekeningen (artikel 8.7).
sheet-move-number = Nr.
sheet-ending = Hoe de partij eindigde
sheet-signatures = Handtekeningen
sheet-signed = getekend, uitslag { $result }
sheet-unsigned = niet getekend
