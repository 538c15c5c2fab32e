# O que o daemon diz sobre o seu ficheiro de diário.
journal-finished-aside = A partida do diário tinha terminado; fica guardada como { $file }. Começa uma partida nova.
journal-damaged = O diário está danificado na linha { $line }, depois de { $records } registos corretos. Fica guardado intacto como { $file } para o árbitro, e começa uma partida nova.
journal-write-failed = Atenção: o último registo não pôde ser guardado no diário: { $error }. Não ficou anotado: dá-o de novo.
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
models-no-connection = Não é possível descarregar o modelo de { $language }: sem ligação a { $host }. Copia em vez disso uma pasta de modelo do vosk para { $dir }.
models-download-failed = Não é possível descarregar o modelo de { $language } de { $host }: { $error }. Copia em vez disso uma pasta de modelo do vosk para { $dir }.
models-unpack-failed = O modelo de { $language } foi descarregado, mas não pôde ser descompactado em { $dir }: { $error }.
models-checksum-mismatch = O modelo de { $language } descarregado de { $host } não é o ficheiro que o tiflo espera (o seu SHA-256 é { $got }, não { $expected }), por isso não foi instalado. Copia em vez disso uma pasta de modelo do vosk para { $dir }.
models-checksum-unknown = O tiflo não conhece nenhuma soma de verificação para conferir o modelo de { $language }, por isso não o descarregou. O comando tiflo models fetch { $lang } --unverified instala-o sem verificação; ou copia uma pasta de modelo do vosk para { $dir }.
models-unverified = O modelo de { $language } foi instalado sem soma de verificação para o conferir; o SHA-256 do seu ficheiro é { $sha256 }.
models-no-download = O tiflo não tem modelo de { $language } para descarregar; copia uma pasta de modelo do vosk para { $dir }. Há modelos para descarregar em { $langs }.
models-not-installed = Nenhum modelo de voz de { $language } está instalado em { $dir }. O comando tiflo models fetch { $lang } descarrega um.
models-folder-failed = A pasta de modelos { $dir } não pode ser usada: { $error }.
not-built-in = Este tiflo foi compilado sem { $feature ->
        [vosk] o reconhecedor vosk
        [pocketsphinx] o reconhecedor pocketsphinx
        [tts] a voz do speech-dispatcher
        [mic] o microfone
        [page] a página do assistente
        [serial] as linhas braille e os tabuleiros DGT por porta série
       *[other] essa parte
    } (a opção de compilação { $feature })
models-installed = O modelo de { $language } está instalado em { $dir }.
models-none = Nenhum modelo de voz está instalado em { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = A ouvir com { $engine }. Diz os teus lances.
listen-ready-adapted = A ouvir com { $engine }, adaptado à tua voz. Diz os teus lances.
listen-narrowband-plain = O som chega como de uns auscultadores em modo de chamada e o modelo feito para ele não está instalado: os teus lances serão ouvidos pior. Quem instalou este computador pode instalá-lo.
listen-unavailable = Não consigo ouvir: { $why }. Escreve os teus lances.
listen-no-microphone = Não foi possível abrir nenhum microfone. Escreve os teus lances.
listen-failed = O reconhecedor falhou: { $error }. Deixo de ouvir; escreve os teus lances.
listen-mic-failed = O microfone falhou: { $error }. Deixo de ouvir; escreve os teus lances.
listen-ended = A gravação terminou. Escreve os teus lances.

# A linha braille (src/daemon/mod.rs, --braille).
braille-ready = Linha braille { $name } pronta, com { $cells } celas.
braille-back = A linha braille { $name } voltou.
braille-gone = A linha braille { $name } foi desligada. Volto a usá-la assim que voltar.
braille-missing = Não há linha braille: { $why }. Continuo a procurá-la.
braille-unreadable = O que escreveste em braille não é um lance legal nem um comando. Escreve-o outra vez; um lance, também depois de corrigir ou reclamar, escreve-se com os sinais de xadrez.
braille-ambiguous = O que escreveste em braille pode ser mais de um lance legal; nada foi anotado. Escreve-o outra vez com todos os sinais, como a linha braille os escreve.
braille-held = O BRLTTY tem a linha braille, mas não a consigo partilhar: { $why }. Deixo a porta série ao BRLTTY; o braille aparece no ecrã.
braille-talk-no-release = Através do BRLTTY não sei quando uma tecla de { $name } é largada, por isso não podes manter uma tecla premida para falar. Prime o ponto 8 sozinho e depois fala: ouço uma frase.
braille-talk-no-key = { $name } não tem nenhuma tecla chamada { $key } para manteres premida enquanto falas. Prime Enter no teclado e depois fala: ouço uma frase.
braille-squares-refused = Não posso usar as casas vazias das definições braille-light e braille-dark: { $why }. O tabuleiro mostra as habituais.
braille-table-chess = { $uses ->
        [english] A tabela de texto do BRLTTY, { $table }, escreve o bispo e o cavalo como b e n
        [other] A tabela de texto do BRLTTY, { $table }, escreve as peças com as letras de { $other }
       *[none] A tabela de texto do BRLTTY, { $table }, não tem peças de xadrez
    }. { $board ->
        [brltty] O tabuleiro escreve o bispo e o cavalo como b e n, tal como a tabela de xadrez do BRLTTY.
       *[code] O tabuleiro escreve o bispo e o cavalo como l e s, segundo o código braille de xadrez; com a definição braille-board-letters em brltty escreve-os como b e n.
    }

# Practice against a chess engine.
engine-ready = Jogas contra { $name }, força { $strength }. Responde aos teus lances quando já não se podem corrigir; escreve acionado para que responda já.
engine-failed = O motor não pode jogar: { $why }. Escreve os lances do adversário.

# The assistant's and arbiter's page.
page-ready = A página do assistente está em { $address }.
page-ready-lan = A página do assistente está em { $address }. Código de emparelhamento: { $code }.
page-failed = A página do assistente não pode arrancar: { $why }.

# The DGT electronic board.
dgt-ready = Tabuleiro DGT pronto.
dgt-back = O tabuleiro DGT voltou.
dgt-gone = O tabuleiro DGT desligou-se: { $why }. Continuo a procurá-lo.
dgt-missing = Não há tabuleiro DGT: { $why }. Continuo a procurá-lo.

# Adaptar o reconhecedor inglês à voz do jogador (tiflo adapt).
adapt-start = Vou dizer { $count } frases curtas em inglês, uma de cada vez. Depois de cada uma, repete-a com clareza, como dizes os teus lances.
adapt-say = Frase { $n } de { $count }. Diz: { $prompt }
adapt-say-again = Não ouvi nada. De novo a frase { $n } de { $count }. Diz: { $prompt }
hear-nothing = Não se ouviu fala em { $file }: nenhum lance, nenhuma palavra.
adapt-working = A adaptar o reconhecedor à tua voz com { $count } gravações. Demora alguns segundos.
adapt-done = Pronto. O reconhecedor inglês usa agora a tua voz, guardada em { $dir }.
adapt-no-voice = Não há motor de voz ({ $error }); as frases são mostradas como texto.
adapt-tool-missing = A adaptação precisa do programa { $tool }, que não está instalado. Está no pacote Debian { $package }; bash scripts/setup.sh instala-o. O reconhecedor continua com a voz que tinha.
adapt-tool-failed = A adaptação falhou em { $tool }: { $error }. O reconhecedor continua com a voz que tinha.
adapt-take-failed = A gravação { $file } da frase "{ $prompt }" não serve: { $error }. O reconhecedor continua com a voz que tinha.
adapt-model-failed = O modelo do reconhecedor em { $dir } não pode ser adaptado: { $error }. O reconhecedor continua com a voz que tinha.
adapt-folder-failed = Não é possível escrever em { $dir }: { $error }. O reconhecedor continua com a voz que tinha.
adapt-mic-failed = O microfone não funciona: { $error }. O reconhecedor continua com a voz que tinha.
dgt-clock-gone = O relógio DGT não dá tempos: está desligado ou sem ligação. Até voltar, os tempos são a conta do tiflo.
dgt-clock-back = O relógio DGT volta a dar tempos.
dgt-turned = O tabuleiro DGT está virado ao contrário, com o conector à direita das brancas; leio-o assim.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = O diário { $file } é { $kind ->
        [folder] uma pasta
        [device] um dispositivo
        [pipe] um pipe com nome
        [socket] um socket
       *[other] outra coisa
    }, não um ficheiro: uma partida só pode ser guardada num ficheiro.
