# La página del asistente en la red de la sala: emparejar móviles. Órdenes
# escritas, lo que oye el jugador y las respuestas del servidor (la página
# rellena { $seconds } y { $number } por sí misma).
cmd-page = página, móvil
word-devices = dispositivos, móviles, lista
word-revoke = revocar, desemparejar, olvidar
command-need-page = Escribe página dispositivos, para oír qué móviles están emparejados, o página revocar y el número de un móvil. Página revocar sola desempareja todos los móviles.
page-off = La página del asistente no está en la red de la sala: no hay ningún móvil emparejado.
page-paired = El móvil { $number } está emparejado con la página del asistente, desde { $address }.
page-locked-out = Un dispositivo en { $address } ha escrito códigos de emparejamiento equivocados: no puede emparejarse durante { $seconds } segundos.
page-pairing-paused = Códigos de emparejamiento equivocados desde varios dispositivos: ningún móvil puede emparejarse durante { $seconds } segundos. Los móviles emparejados siguen funcionando.
page-devices-none = No hay ningún móvil emparejado con la página del asistente.
page-device = Móvil { $number }, desde { $address }, emparejado { $minutes ->
    [0] ahora mismo
    [1] hace un minuto
   *[other] hace { $minutes } minutos
}.
page-revoked-all = Todos los móviles están desemparejados. El nuevo código de emparejamiento es { $code }.
page-revoked-one = El móvil { $number } está desemparejado. El nuevo código de emparejamiento es { $code }.
page-revoke-unknown = No hay ningún móvil { $number } emparejado. Escribe página dispositivos para oír cuáles hay.
page-need-pairing = Escribe el código de emparejamiento que tiflo dijo al jugador, para ver la partida e introducir jugadas.
page-stale = La partida ha cambiado desde que esta página la mostró, así que no se ha cambiado nada. La página ya muestra la partida como está: inténtalo de nuevo.
page-paused = Demasiados códigos de emparejamiento equivocados desde varios dispositivos: el emparejamiento espera { $seconds } segundos. Los móviles ya emparejados siguen funcionando.
page-bad-body = No se ha podido leer la petición de la página, así que no se ha cambiado nada. Recarga la página.
page-busy = Hay demasiadas páginas abiertas con esta partida: cierra una y recarga esta.
page-paired-here = Emparejado: este es el móvil { $number }.
page-no-pairing = Esta página no necesita código de emparejamiento.
