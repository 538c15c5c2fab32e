# La page de l'assistant sur le réseau de la salle : appairer des
# téléphones. Commandes tapées, ce que le joueur entend et les réponses du
# serveur (la page remplit { $seconds } et { $number } elle-même).
cmd-page = page, téléphone
word-devices = appareils, téléphones, liste
word-revoke = révoquer, désappairer, oublier
command-need-page = Tapez page appareils, pour entendre quels téléphones sont appairés, ou page révoquer et le numéro d'un téléphone. Page révoquer seul désappaire tous les téléphones.
page-off = La page de l'assistant n'est pas sur le réseau de la salle : aucun téléphone n'est appairé.
page-paired = Le téléphone { $number } est maintenant appairé à la page de l'assistant, depuis { $address }.
page-locked-out = Un appareil à { $address } a tapé de mauvais codes d'appairage : il ne peut pas s'appairer pendant { $seconds } secondes.
page-pairing-paused = De mauvais codes d'appairage viennent de plusieurs appareils : aucun téléphone ne peut s'appairer pendant { $seconds } secondes. Les téléphones appairés continuent de fonctionner.
page-devices-none = Aucun téléphone n'est appairé à la page de l'assistant.
page-device = Téléphone { $number }, depuis { $address }, appairé { $minutes ->
    [0] à l'instant
    [1] il y a une minute
   *[other] il y a { $minutes } minutes
}.
page-revoked-all = Tous les téléphones sont désappairés. Le nouveau code d'appairage est { $code }.
page-revoked-one = Le téléphone { $number } est désappairé. Le nouveau code d'appairage est { $code }.
page-revoke-unknown = Aucun téléphone { $number } n'est appairé. Tapez page appareils pour entendre lesquels le sont.
page-need-pairing = Tapez le code d'appairage que tiflo a dit au joueur, pour voir la partie et entrer des coups.
page-stale = La partie a changé depuis que cette page l'a montrée, donc rien n'a été changé. La page montre maintenant la partie telle qu'elle est : réessayez.
page-paused = Trop de mauvais codes d'appairage depuis plusieurs appareils : l'appairage attend { $seconds } secondes. Les téléphones déjà appairés continuent de fonctionner.
page-bad-body = La demande de la page n'a pas pu être lue, donc rien n'a été changé. Rechargez la page.
page-busy = Trop de pages sont ouvertes sur cette partie : fermez-en une, puis rechargez celle-ci.
page-paired-here = Appairé : ceci est le téléphone { $number }.
page-no-pairing = Cette page n'a pas besoin de code d'appairage.
