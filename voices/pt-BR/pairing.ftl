# A página do assistente na rede da sala: emparelhar celulares. Comandos
# escritos, o que o jogador ouve e as respostas do servidor (a página
# preenche { $seconds } e { $number } sozinha).
cmd-page = página, celular, telemóvel
word-devices = dispositivos, celulares, lista
word-revoke = revogar, desemparelhar, esquecer
command-need-page = Escreva página dispositivos, para ouvir que celulares estão emparelhados, ou página revogar e o número de um celular. Página revogar sozinho desemparelha todos os celulares.
page-off = A página do assistente não está na rede da sala: não há nenhum celular emparelhado.
page-paired = O celular { $number } ficou emparelhado com a página do assistente, a partir de { $address }.
page-locked-out = Um dispositivo em { $address } escreveu códigos de emparelhamento errados: não pode emparelhar durante { $seconds } segundos.
page-pairing-paused = Códigos de emparelhamento errados de vários dispositivos: nenhum celular pode emparelhar durante { $seconds } segundos. Os celulares emparelhados continuam a funcionar.
page-devices-none = Não há nenhum celular emparelhado com a página do assistente.
page-device = Celular { $number }, a partir de { $address }, emparelhado { $minutes ->
    [0] agora mesmo
    [1] há um minuto
   *[other] há { $minutes } minutos
}.
page-revoked-all = Todos os celulares foram desemparelhados. O novo código de emparelhamento é { $code }.
page-revoked-one = O celular { $number } foi desemparelhado. O novo código de emparelhamento é { $code }.
page-revoke-unknown = Não há nenhum celular { $number } emparelhado. Escreva página dispositivos para ouvir quais há.
page-need-pairing = Escreva o código de emparelhamento que o tiflo disse ao jogador, para ver a partida e introduzir lances.
page-stale = A partida mudou desde que esta página a mostrou, por isso nada foi alterado. A página já mostra a partida como está: tente de novo.
page-paused = Demasiados códigos de emparelhamento errados de vários dispositivos: o emparelhamento espera { $seconds } segundos. Os celulares já emparelhados continuam a funcionar.
page-bad-body = Não foi possível ler o pedido da página, por isso nada foi alterado. Recarregue a página.
page-busy = Há demasiadas páginas abertas com esta partida: feche uma e recarregue esta.
page-paired-here = Emparelhado: este é o celular { $number }.
page-no-pairing = Esta página não precisa de código de emparelhamento.
