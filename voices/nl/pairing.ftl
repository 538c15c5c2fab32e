# De pagina van de assistent op het netwerk van de zaal: telefoons koppelen.
# Getypte commando's, wat de speler hoort en de antwoorden van de server (de
# pagina vult { $seconds } en { $number } zelf in).
cmd-page = pagina, telefoon
word-devices = apparaten, telefoons, lijst
word-revoke = intrekken, ontkoppelen, vergeten
command-need-page = Typ pagina apparaten, om te horen welke telefoons gekoppeld zijn, of pagina intrekken en het nummer van een telefoon. Pagina intrekken alleen ontkoppelt alle telefoons.
page-off = De pagina van de assistent staat niet op het netwerk van de zaal: er is geen telefoon gekoppeld.
page-paired = Telefoon { $number } is nu gekoppeld met de pagina van de assistent, vanaf { $address }.
page-locked-out = Een apparaat op { $address } typte verkeerde koppelcodes: het kan { $seconds } seconden niet koppelen.
page-pairing-paused = Verkeerde koppelcodes van meerdere apparaten: { $seconds } seconden lang kan geen telefoon koppelen. Gekoppelde telefoons blijven werken.
page-devices-none = Er is geen telefoon gekoppeld met de pagina van de assistent.
page-device = Telefoon { $number }, vanaf { $address }, gekoppeld { $minutes ->
    [0] zojuist
    [1] een minuut geleden
   *[other] { $minutes } minuten geleden
}.
page-revoked-all = Alle telefoons zijn ontkoppeld. De nieuwe koppelcode is { $code }.
page-revoked-one = Telefoon { $number } is ontkoppeld. De nieuwe koppelcode is { $code }.
page-revoke-unknown = Er is geen telefoon { $number } gekoppeld. Typ pagina apparaten om te horen welke er zijn.
page-need-pairing = Typ de koppelcode die tiflo de speler noemde, om de partij te zien en zetten in te voeren.
page-stale = De partij is veranderd sinds deze pagina haar liet zien, dus er is niets veranderd. De pagina toont de partij nu zoals ze is: probeer het opnieuw.
page-paused = Te veel verkeerde koppelcodes van meerdere apparaten: koppelen wacht { $seconds } seconden. Al gekoppelde telefoons blijven werken.
page-bad-body = Het verzoek van de pagina kon niet gelezen worden, dus er is niets veranderd. Laad de pagina opnieuw.
page-busy = Er zijn te veel pagina's open op deze partij: sluit er een en laad deze opnieuw.
page-paired-here = Gekoppeld: dit is telefoon { $number }.
page-no-pairing = Deze pagina heeft geen koppelcode nodig.
