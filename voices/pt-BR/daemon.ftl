# O que o daemon diz sobre o seu arquivo de diário.
journal-finished-aside = A partida do diário tinha terminado; fica guardada como { $file }. Começa uma partida nova.
journal-damaged = O diário está danificado na linha { $line }, depois de { $records } registros corretos. Fica guardado intacto como { $file } para o árbitro, e começa uma partida nova.
journal-write-failed = Atenção: o último registro não pôde ser guardado no diário: { $error }. Não ficou anotado: repita-o.
speech-unavailable = Não há motor de voz: { $why }. As frases aparecem como texto.
speech-failed = O motor de voz falhou: { $error }. As frases aparecem como texto.

# Modelos do reconhecedor de voz (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] espanhol
        [pt] português
        [en] inglês
        [de] alemão
        [fr] francês
        [it] italiano
        [nl] neerlandês
        [ko] coreano
       *[other] { $lang }
    }
models-no-connection = Não é possível baixar o modelo de { $language }: sem conexão com { $host }. Copie em vez disso uma pasta de modelo do vosk para { $dir }.
models-download-failed = Não é possível baixar o modelo de { $language } de { $host }: { $error }. Copie em vez disso uma pasta de modelo do vosk para { $dir }.
models-unpack-failed = O modelo de { $language } foi baixado, mas não pôde ser descompactado em { $dir }: { $error }.
models-checksum-mismatch = O modelo de { $language } baixado de { $host } não é o arquivo que o tiflo espera (o seu SHA-256 é { $got }, não { $expected }), por isso não foi instalado. Copie em vez disso uma pasta de modelo do vosk para { $dir }.
models-checksum-unknown = O tiflo não conhece nenhuma soma de verificação para conferir o modelo de { $language }, por isso não o baixou. O comando tiflo models fetch { $lang } --unverified instala-o sem verificação; ou copie uma pasta de modelo do vosk para { $dir }.
models-unverified = O modelo de { $language } foi instalado sem soma de verificação para o conferir; o SHA-256 do seu arquivo é { $sha256 }.
models-no-download = O tiflo não tem modelo de { $language } para baixar; copie uma pasta de modelo do vosk para { $dir }. Há modelos para baixar em { $langs }.
models-not-installed = Nenhum modelo de voz de { $language } está instalado em { $dir }. O comando tiflo models fetch { $lang } baixa um.
models-folder-failed = A pasta de modelos { $dir } não pode ser usada: { $error }.
not-built-in = Este tiflo foi compilado sem { $feature ->
        [vosk] o reconhecedor vosk
        [pocketsphinx] o reconhecedor pocketsphinx
        [tts] a voz do speech-dispatcher
        [mic] o microfone
        [page] a página do assistente
        [serial] as linhas braille e os tabuleiros DGT por porta serial
       *[other] essa parte
    } (a opção de compilação { $feature })
models-installed = O modelo de { $language } está instalado em { $dir }.
models-none = Nenhum modelo de voz está instalado em { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = Ouvindo com { $engine }. Diga os seus lances.
listen-ready-adapted = Ouvindo com { $engine }, adaptado à sua voz. Diga os seus lances.
listen-narrowband-plain = O som chega como de um fone de ouvido em modo de chamada e o modelo feito para ele não está instalado: os seus lances serão ouvidos pior. Quem instalou este computador pode instalá-lo.
listen-unavailable = Não consigo ouvir: { $why }. Escreva os seus lances.
listen-no-microphone = Não foi possível abrir nenhum microfone. Escreva os seus lances.
listen-failed = O reconhecedor falhou: { $error }. Parei de ouvir; escreva os seus lances.
listen-mic-failed = O microfone falhou: { $error }. Parei de ouvir; escreva os seus lances.
listen-ended = A gravação terminou. Escreva os seus lances.

# A linha braille (src/daemon/mod.rs, --braille).
braille-ready = Linha braille { $name } pronta, com { $cells } celas.
braille-back = A linha braille { $name } voltou.
braille-gone = A linha braille { $name } foi desligada. Volto a usá-la assim que voltar.
braille-missing = Não há linha braille: { $why }. Continuo procurando-a.
braille-unreadable = O que você escreveu em braille não é um lance legal nem um comando. Escreva-o outra vez; um lance, também depois de corrigir ou reivindicar, é escrito com os sinais de xadrez.
braille-ambiguous = O que você escreveu em braille pode ser mais de um lance legal; nada foi anotado. Escreva-o outra vez com todos os sinais, como a linha braille os escreve.
braille-held = O BRLTTY tem a linha braille, mas não consigo compartilhá-la: { $why }. Deixo a porta serial com o BRLTTY; o braille aparece na tela.
braille-talk-no-release = Pelo BRLTTY não sei quando uma tecla de { $name } é solta, por isso você não pode manter uma tecla pressionada para falar. Pressione o ponto 8 sozinho e depois fale: ouço uma frase.
braille-talk-no-key = { $name } não tem nenhuma tecla chamada { $key } para você manter pressionada enquanto fala. Pressione Enter no teclado e depois fale: ouço uma frase.
braille-squares-refused = Não posso usar as casas vazias das definições braille-light e braille-dark: { $why }. O tabuleiro mostra as de costume.

# Practice against a chess engine.
engine-ready = Você joga contra { $name }, força { $strength }. Ele responde aos seus lances quando já não podem ser corrigidos; escreva acionado para que responda já.
engine-failed = O motor não pode jogar: { $why }. Escreva os lances do adversário.

# The assistant's and arbiter's page.
page-ready = A página do assistente está em { $address }.
page-ready-lan = A página do assistente está em { $address }. Código de emparelhamento: { $code }.
page-failed = A página do assistente não pode iniciar: { $why }.

# The DGT electronic board.
dgt-ready = Tabuleiro DGT pronto.
dgt-back = O tabuleiro DGT voltou.
dgt-gone = O tabuleiro DGT foi desligado: { $why }. Continuo procurando-o.
dgt-missing = Não há tabuleiro DGT: { $why }. Continuo procurando-o.

# Adaptar o reconhecedor inglês à voz do jogador (tiflo adapt).
adapt-start = Vou dizer { $count } frases curtas em inglês, uma de cada vez. Depois de cada uma, repita-a com clareza, como você diz os seus lances.
adapt-say = Frase { $n } de { $count }. Diga: { $prompt }
adapt-say-again = Não ouvi nada. De novo a frase { $n } de { $count }. Diga: { $prompt }
hear-nothing = Não foi ouvida fala em { $file }: nenhum lance, nenhuma palavra.
adapt-working = Adaptando o reconhecedor à sua voz com { $count } gravações. Demora alguns segundos.
adapt-done = Pronto. O reconhecedor inglês usa agora a sua voz, guardada em { $dir }.
adapt-no-voice = Não há motor de voz ({ $error }); as frases são mostradas como texto.
adapt-tool-missing = A adaptação precisa do programa { $tool }, que não está instalado. Está no pacote Debian { $package }; bash scripts/setup.sh instala-o. O reconhecedor continua com a voz que tinha.
adapt-tool-failed = A adaptação falhou em { $tool }: { $error }. O reconhecedor continua com a voz que tinha.
adapt-take-failed = A gravação { $file } da frase "{ $prompt }" não serve: { $error }. O reconhecedor continua com a voz que tinha.
adapt-model-failed = O modelo do reconhecedor em { $dir } não pode ser adaptado: { $error }. O reconhecedor continua com a voz que tinha.
adapt-folder-failed = Não é possível escrever em { $dir }: { $error }. O reconhecedor continua com a voz que tinha.
adapt-mic-failed = O microfone não funciona: { $error }. O reconhecedor continua com a voz que tinha.
dgt-clock-gone = O relógio DGT não dá tempos: está desligado ou sem conexão. Até voltar, os tempos são a conta do tiflo.
dgt-clock-back = O relógio DGT volta a dar tempos.
dgt-turned = O tabuleiro DGT está virado ao contrário, com o conector à direita das brancas; eu o leio assim.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = O diário { $file } é { $kind ->
        [folder] uma pasta
        [device] um dispositivo
        [pipe] um pipe com nome
        [socket] um socket
       *[other] outra coisa
    }, não um arquivo: uma partida só pode ser guardada num arquivo.

braille-table-chess = { $uses ->
        [english] A tabela de texto do BRLTTY, { $table }, escreve o bispo e o cavalo como b e n
        [other] A tabela de texto do BRLTTY, { $table }, escreve as peças com as letras de { $other }
       *[none] A tabela de texto do BRLTTY, { $table }, não tem peças de xadrez
    }. { $board ->
        [brltty] O tabuleiro escreve o bispo e o cavalo como b e n, tal como a tabela de xadrez do BRLTTY.
       *[code] O tabuleiro escreve o bispo e o cavalo como l e s, segundo o código braille de xadrez; com a configuração braille-board-letters em brltty, eles são escritos como b e n.
    }

