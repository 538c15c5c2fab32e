# Porque algo falhou: os motivos ditos dentro das frases do programa
# ("Não há linha braille: { $why }."). Os dados (um caminho, uma porta,
# as palavras de outro programa) são citados tal como estão.

why-and = { $first }; { $then }

why-os-not-found = não existe
why-os-permission = não há permissão para usá-lo
why-os-busy = outro programa está usando
why-os-timed-out = não respondeu a tempo
why-os-refused = a conexão foi recusada
why-os-lost = a conexão caiu
why-os-full = o disco está cheio
why-os-read-only = está num disco só de leitura
why-os-other = erro do sistema: { $detail }

why-braille-none = não foi encontrada nenhuma linha braille
why-braille-port = a porta { $port }: { $why }
why-braille-failed = a linha braille falhou: { $why }
why-braille-no-answer = nenhuma linha braille { $protocol } respondeu em { $seconds } segundos
why-braille-unknown-model = o modelo { $model } da linha HandyTech é desconhecido
why-braille-no-key-table = a linha braille { $name } não tem tabela de teclas
why-braille-baum-modular = a linha braille é uma Baum Vario Pro modular ({ $cells } células), que o controlador próprio do tiflo não suporta: compartilhe-a por meio do BRLTTY (braille = brlapi)
why-braille-unknown-protocol = o protocolo braille { $name } é desconhecido (conhecidos: baum, handytech)

why-brlapi-address = não é possível usar o endereço BrlAPI { $address }
why-brlapi-unreachable = nenhum BRLTTY responde em { $address }
why-brlapi-forbidden = o socket { $path } do BRLTTY existe, mas o tiflo não tem permissão para se conectar
why-brlapi-timeout = o BRLTTY em { $address } não respondeu a tempo
why-brlapi-closed = o BRLTTY fechou a conexão
why-brlapi-version = o BRLTTY fala a versão { $version } do BrlAPI; o tiflo precisa da versão 8 ou posterior
why-brlapi-key-empty = o BRLTTY pede a sua chave, e o arquivo de chave { $path } está vazio
why-brlapi-key-permission = o BRLTTY pede a sua chave, e o tiflo não tem permissão para ler o arquivo de chave { $path }: este usuário está no grupo do arquivo (brlapi no Debian)?
why-brlapi-key-file = o BRLTTY pede a sua chave, e não é possível ler o arquivo de chave { $path }: { $why }
why-brlapi-authentication = o BRLTTY recusou a chave do tiflo
why-brlapi-no-auth-method = o BRLTTY pede um tipo de autenticação que o tiflo não conhece
why-brlapi-no-display = o BRLTTY não tem linha braille
why-brlapi-refused = o BRLTTY recusou um pedido (erro { $code })
why-brlapi-ended = o BRLTTY terminou a conexão (erro { $code })
why-brlapi-protocol = não foi possível entender a resposta do BRLTTY
why-brlapi-not-ready = a conexão com o BRLTTY não está pronta
why-brlapi-io = a conexão com o BRLTTY falhou: { $why }

why-board-same-cell = com estas letras, dois tipos de casa teriam a mesma célula; escolha outras casas vazias
why-board-broken = as tabelas braille desta versão estão danificadas

why-dgt-port = a porta { $port }: { $why }
why-dgt-silent = nenhum tabuleiro DGT responde em { $port }
why-dgt-lost = a conexão com o tabuleiro caiu: { $why }
why-dgt-stopped = o tabuleiro deixou de responder
why-dgt-closed = a porta foi fechada

why-engine-start = não é possível iniciar o motor { $command }: { $why }
why-engine-stopped = o motor parou
why-engine-silent = o motor não respondeu em { $seconds } segundos
why-engine-no-move = o motor respondeu { $answer }, que não é um lance

why-no-random = a fonte de aleatoriedade do sistema falhou

why-speech-bad-choice = a saída de voz { $choice } é desconhecida (tts, wav:PASTA ou text)
why-speech-no-voice-for = o motor de voz não tem voz para a língua { $lang }
why-speech-no-voice-named = o motor de voz não tem nenhuma voz chamada { $name }
why-speech-bad-setting = a configuração { $setting } tem de ser um número de 0 a 1, não { $value }
why-speech-no-answer = o speech-dispatcher não respondeu em { $seconds } segundos
why-speech-silent = o speech-dispatcher recebeu uma frase mas não a terminou em { $seconds } segundos (não há saída de som?)
why-speech-crashed = o speech-dispatcher parou ao iniciar
why-speech-stopped = a voz parou
why-speech-dispatcher = não é possível contactar o speech-dispatcher: { $why }
why-speech-dispatcher-refused = o speech-dispatcher recusou o pedido
why-speech-folder = não é possível criar a pasta { $path }: { $why }
why-speech-espeak-missing = não é possível executar o espeak-ng: { $why }
why-speech-espeak-failed = o espeak-ng falhou ({ $status })

why-hear-unavailable = não é possível usar o reconhecedor { $engine }: { $why }
why-hear-empty-grammar = o reconhecedor { $engine } não conhece nenhuma das palavras a ouvir
why-hear-failed = o reconhecedor { $engine } deixou de funcionar
why-hear-missing-package = falta { $path } (instale o pacote { $package })
why-hear-adapted-missing = falta { $path } (execute de novo tiflo adapt)
why-hear-missing-script = falta { $path } (execute { $script })
why-hear-config-refused = suas configurações foram recusadas
why-hear-english-only = só ouve inglês, e a língua é { $lang }
why-hear-no-words = não há palavras a ouvir em { $lang }
why-model-not-a-folder = { $dir } não é uma pasta
why-model-lacks = { $dir } não é uma pasta de modelo vosk (não tem { $files })
why-model-compiled = o modelo vosk { $dir } tem um grafo compilado ({ $file }), que não ouve palavras escolhidas; use um modelo pequeno
why-model-not-loaded = não foi possível carregar o modelo em { $dir }
why-model-path-not-utf8 = não é possível usar o caminho do modelo { $dir } (não é UTF-8)
why-mic-none = não há nenhum microfone conectado
why-mic-no-input-named = nenhuma entrada se chama { $name }; as entradas são: { $inputs }
why-mic-format = o formato de amostras { $format } do microfone não é suportado
why-mic-unplugged = o microfone foi desconectado
why-mic-system = o sistema de som disse: { $detail }
why-wav-read = não é possível ler o arquivo de som { $path }: { $why }
why-wav-format = { $path } não é um arquivo WAV que o tiflo saiba ler
why-stdin-audio = não é possível ler o som da entrada padrão: { $why }
why-audio-file = não é possível ler a entrada de som { $path }: { $why }

why-journal-create-dir = não é possível criar a pasta { $path } do diário: { $why }
why-journal-create = não é possível criar o diário { $path }: { $why }
why-journal-open = não é possível abrir o diário { $path }: { $why }
why-journal-read = não é possível ler o diário { $path }: { $why }
why-journal-write = não é possível escrever no diário { $path }: { $why }
why-journal-sync = não é possível salvar no disco o diário { $path }: { $why }
why-journal-encode = não é possível escrever o registro no diário
why-journal-poisoned = uma escrita anterior no diário { $path } falhou; é preciso abri-lo de novo
why-journal-damaged = o diário { $path } está danificado na linha { $line }, após { $records } registros bons

# Adaptar o reconhecedor à voz do jogador (tiflo adapt).
why-tool-exit = terminou com o código { $code }
why-tool-killed = foi interrompido antes de terminar
why-tool-said = disse: { $log }
why-take-too-short = tem menos de uma décima de segundo de som
why-take-silent = nada foi ouvido
why-model-file = não é possível ler seu arquivo { $file }: { $why }
why-weights-short = seu arquivo { $file } acaba antes do tempo
why-weights-header = seu arquivo { $file } tem um cabeçalho que o tiflo não sabe ler
why-weights-clustered = seu arquivo { $file } tem pesos agrupados, que o tiflo não sabe ler
why-weights-size = seu arquivo { $file } tem { $found } bytes de pesos onde se esperavam { $expected }
why-mic-stopped = o microfone deixou de enviar som

## Ler uma partida (tiflo convert): onde, e porquê.
why-read-game = partida { $game }, lance { $move } ({ $side }), linha { $line }:{ $column }: { $why }; posição: { $fen }
why-read-game-candidates = partida { $game }, lance { $move } ({ $side }), linha { $line }:{ $column }: { $why }; posição: { $fen }; candidatos: { $candidates }
why-read-white = brancas
why-read-black = pretas
why-read-move = não é possível ler `{ $token }` como { $dialect }: { $why }
why-read-move-number = o número de lance `{ $token }` ({ $found }) onde se esperava o lance { $expected }
why-read-mark = o sinal `{ $token }` não segue nenhum lance
why-read-unopened-variation = `)` não fecha nenhuma variante
why-read-bad-variation = uma variante que nunca se fecha, ou que não tem lance a substituir
why-read-unclosed-comment = um comentário `{"{"}` que nunca se fecha
why-read-bad-tag = `{ $token }` não é uma etiqueta: uma etiqueta é fechada em sua própria linha, antes dos lances
why-read-bad-fen = a etiqueta FEN não é uma posição legal: { $detail }
why-read-variant = a partida é de { $variant }, não de xadrez normal
why-read-incomplete-announced = a partida está incompleta: seus lances param depois de `{ $token }`, antes do resultado { $announced } que sua etiqueta Result anuncia
why-read-incomplete = a partida está incompleta: o texto termina depois de `{ $token }`, sem resultado, em uma posição que não termina a partida
why-read-null-move = o lance nulo `{ $token }` não pode ser jogado aqui (em xeque, ou em uma saída sem lances nulos)
why-read-ambiguous-notation = a notação é ambígua; o texto é lido inteiro como { $readings }
why-read-reading = { $dialect } (primeira diferença: { $first })
why-read-reading-more = { $first } e como { $then }
why-move-syntax = não é um lance: { $detail }
why-move-no-legal = nenhum lance legal corresponde
why-move-ambiguous = corresponde mais de um lance legal
why-move-promotion-missing = o peão promove mas nenhuma peça é nomeada
why-move-capture-mark = está marcado como captura mas não captura nada
why-move-en-passant-mark = está marcado en passant mas não é uma captura en passant
why-move-promotion-mark = nomeia uma peça de promoção mas não promove
why-move-other-promotion = o peão pode promover, mas não à peça nomeada
