# Lo que el daemon dice de su archivo de diario.
journal-finished-aside = La partida del diario había terminado; se guarda como { $file }. Empieza una partida nueva.
journal-damaged = El diario está dañado en la línea { $line }, después de { $records } registros correctos. Se guarda intacto como { $file } para el árbitro, y empieza una partida nueva.
journal-write-failed = Atención: el último registro no se ha podido guardar en el diario: { $error }. No ha quedado anotado: vuelve a darlo.
speech-unavailable = No hay motor de voz: { $why }. Las frases se muestran como texto.
speech-failed = El motor de voz ha fallado: { $error }. Las frases se muestran como texto.
