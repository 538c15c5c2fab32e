# A página do assistente na rede da sala: emparelhar telemóveis. Comandos
# escritos, o que o jogador ouve e as respostas do servidor (a página
# preenche { $seconds } e { $number } sozinha).
cmd-page = página, telemóvel
word-devices = dispositivos, telemóveis, lista
word-revoke = revogar, desemparelhar, esquecer
command-need-page = Escreve página dispositivos, para ouvir que telemóveis estão emparelhados, ou página revogar e o número de um telemóvel. Página revogar sozinho desemparelha todos os telemóveis.
page-off = A página do assistente não está na rede da sala: não há nenhum telemóvel emparelhado.
page-paired = O telemóvel { $number } ficou emparelhado com a página do assistente, a partir de { $address }.
page-locked-out = Um dispositivo em { $address } escreveu códigos de emparelhamento errados: não pode emparelhar durante { $seconds } segundos.
page-pairing-paused = Códigos de emparelhamento errados de vários dispositivos: nenhum telemóvel pode emparelhar durante { $seconds } segundos. Os telemóveis emparelhados continuam a funcionar.
page-devices-none = Não há nenhum telemóvel emparelhado com a página do assistente.
page-device = Telemóvel { $number }, a partir de { $address }, emparelhado { $minutes ->
    [0] agora mesmo
    [1] há um minuto
   *[other] há { $minutes } minutos
}.
page-revoked-all = Todos os telemóveis foram desemparelhados. O novo código de emparelhamento é { $code }.
page-revoked-one = O telemóvel { $number } foi desemparelhado. O novo código de emparelhamento é { $code }.
page-revoke-unknown = Não há nenhum telemóvel { $number } emparelhado. Escreve página dispositivos para ouvir quais há.
page-need-pairing = Escreve o código de emparelhamento que o tiflo disse ao jogador, para ver a partida e introduzir lances.
page-stale = A partida mudou desde que esta página a mostrou, por isso nada foi alterado. A página já mostra a partida como está: tenta de novo.
page-paused = Demasiados códigos de emparelhamento errados de vários dispositivos: o emparelhamento espera { $seconds } segundos. Os telemóveis já emparelhados continuam a funcionar.
page-bad-body = Não foi possível ler o pedido da página, por isso nada foi alterado. Recarrega a página.
page-busy = Há demasiadas páginas abertas com esta partida: fecha uma e recarrega esta.
page-paired-here = Emparelhado: este é o telemóvel { $number }.
page-no-pairing = Esta página não precisa de código de emparelhamento.
