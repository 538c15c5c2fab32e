# O que o daemon diz sobre o seu arquivo de diário.
journal-finished-aside = A partida do diário tinha terminado; fica guardada como { $file }. Começa uma partida nova.
journal-damaged = O diário está danificado na linha { $line }, depois de { $records } registros corretos. Fica guardado intacto como { $file } para o árbitro, e começa uma partida nova.
journal-write-failed = Atenção: o último registro não pôde ser guardado no diário: { $error }. Não ficou anotado: dê-o de novo.
speech-unavailable = Não há motor de voz: { $why }. As frases aparecem como texto.
speech-failed = O motor de voz falhou: { $error }. As frases aparecem como texto.
