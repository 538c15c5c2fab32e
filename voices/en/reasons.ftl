# Why something failed: the reasons said inside the daemon's sentences
# ("No braille display: { $why }."). Data such as a path, a port or a
# program's own words is quoted as it is; everything else is words of the
# pack. Each error type's reasons are in src/ next to the type (Reason).

why-and = { $first }; { $then }

# What the operating system said (io::ErrorKind), for files, devices and connections.
why-os-not-found = it does not exist
why-os-permission = permission denied
why-os-busy = another program is using it
why-os-timed-out = it did not answer in time
why-os-refused = the connection was refused
why-os-lost = the connection was lost
why-os-full = the disk is full
why-os-read-only = it is on a read-only disk
why-os-other = system error: { $detail }

# Braille displays on tiflo's own serial driver.
why-braille-none = no braille display was found
why-braille-port = the port { $port }: { $why }
why-braille-failed = the braille display failed: { $why }
why-braille-no-answer = no { $protocol } braille display answered within { $seconds } seconds
why-braille-unknown-model = the HandyTech display's model { $model } is unknown
why-braille-no-key-table = the braille display { $name } has no key table
why-braille-baum-modular = the braille display is a modular Baum Vario Pro ({ $cells } cells), which tiflo's own driver does not drive: share it through BRLTTY (braille = brlapi)
why-braille-unknown-protocol = the braille protocol { $name } is unknown (known: baum, handytech)

# Braille displays shared with BRLTTY through BrlAPI.
why-brlapi-address = the BrlAPI address { $address } cannot be used
why-brlapi-unreachable = no BRLTTY answers at { $address }
why-brlapi-forbidden = BRLTTY's socket { $path } is there, but tiflo may not connect to it
why-brlapi-timeout = BRLTTY at { $address } did not answer in time
why-brlapi-closed = BRLTTY closed the connection
why-brlapi-version = BRLTTY speaks BrlAPI version { $version }; tiflo needs version 8 or later
why-brlapi-key-empty = BRLTTY asks for its key, and the key file { $path } is empty
why-brlapi-key-permission = BRLTTY asks for its key, and tiflo may not read the key file { $path }: is this user in the key file's group (brlapi on Debian)?
why-brlapi-key-file = BRLTTY asks for its key, and the key file { $path } cannot be read: { $why }
why-brlapi-authentication = BRLTTY refused tiflo's key
why-brlapi-no-auth-method = BRLTTY asks for a kind of authentication tiflo does not know
why-brlapi-no-display = BRLTTY has no braille display
why-brlapi-refused = BRLTTY refused a request (error { $code })
why-brlapi-ended = BRLTTY ended the connection (error { $code })
why-brlapi-protocol = BRLTTY's answer could not be understood
why-brlapi-not-ready = the connection to BRLTTY is not ready
why-brlapi-io = the connection to BRLTTY failed: { $why }

# The braille board's empty squares.
why-board-same-cell = with these letters, two kinds of square would have the same cell; choose other empty squares
why-board-broken = the braille tables of this build are damaged

# The DGT board.
why-dgt-port = the port { $port }: { $why }
why-dgt-silent = no DGT board answers on { $port }
why-dgt-lost = the connection to the board was lost: { $why }
why-dgt-stopped = the board stopped answering
why-dgt-closed = the port was closed

# The chess engine.
why-engine-start = the engine { $command } cannot be started: { $why }
why-engine-stopped = the engine stopped
why-engine-silent = the engine did not answer within { $seconds } seconds
why-engine-no-move = the engine answered { $answer }, which is not a move

# The assistant's page.
why-no-random = the system's random source failed

# The speech engine.
why-speech-bad-choice = the speech output { $choice } is unknown (tts, wav:FOLDER or text)
why-speech-no-voice-for = the speech engine has no voice for the language { $lang }
why-speech-no-voice-named = the speech engine has no voice named { $name }
why-speech-bad-setting = the setting { $setting } must be a number from 0 to 1, not { $value }
why-speech-no-answer = speech-dispatcher did not answer within { $seconds } seconds
why-speech-silent = speech-dispatcher took a sentence but did not finish it within { $seconds } seconds (no sound output?)
why-speech-crashed = speech-dispatcher stopped while starting
why-speech-stopped = the voice stopped
why-speech-dispatcher = speech-dispatcher cannot be reached: { $why }
why-speech-dispatcher-refused = speech-dispatcher refused the request
why-speech-folder = cannot create the folder { $path }: { $why }
why-speech-espeak-missing = espeak-ng cannot be run: { $why }
why-speech-espeak-failed = espeak-ng failed ({ $status })

# Hearing: the recognisers, the microphone and sound files.
why-hear-unavailable = the { $engine } recogniser cannot be used: { $why }
why-hear-empty-grammar = the { $engine } recogniser knows none of the words to hear
why-hear-failed = the { $engine } recogniser stopped working
why-hear-missing-package = { $path } is missing (install the package { $package })
why-hear-adapted-missing = { $path } is missing (run tiflo adapt again)
why-hear-missing-script = { $path } is missing (run { $script })
why-hear-config-refused = its settings were refused
why-hear-english-only = it hears English only, and the language is { $lang }
why-hear-no-words = there are no words to hear in { $lang }
why-model-not-a-folder = { $dir } is not a folder
why-model-lacks = { $dir } is not a vosk model folder (it has no { $files })
why-model-compiled = the vosk model { $dir } has a compiled graph ({ $file }), which hears no chosen words; use a small model
why-model-not-loaded = the model in { $dir } could not be loaded
why-model-path-not-utf8 = the model's path { $dir } cannot be used (it is not UTF-8)
why-mic-none = no microphone is connected
why-mic-no-input-named = no input is named { $name }; the inputs are: { $inputs }
why-mic-format = the microphone's sample format { $format } is not supported
why-mic-unplugged = the microphone was unplugged
why-mic-system = the sound system said: { $detail }
why-wav-read = the sound file { $path } cannot be read: { $why }
why-wav-format = { $path } is not a WAV file tiflo can read
why-stdin-audio = the sound from standard input cannot be read: { $why }
why-audio-file = the sound input { $path } cannot be read: { $why }

# The journal.
why-journal-create-dir = the folder { $path } for the journal cannot be created: { $why }
why-journal-create = the journal { $path } cannot be created: { $why }
why-journal-open = the journal { $path } cannot be opened: { $why }
why-journal-read = the journal { $path } cannot be read: { $why }
why-journal-write = the journal { $path } cannot be written: { $why }
why-journal-sync = the journal { $path } cannot be saved to the disk: { $why }
why-journal-encode = the entry cannot be written as a journal record
why-journal-poisoned = an earlier write to the journal { $path } failed; it must be opened again
why-journal-damaged = the journal { $path } is damaged at line { $line }, after { $records } good entries

# Adapting the recogniser to the player's voice (tiflo adapt).
why-tool-exit = it ended with code { $code }
why-tool-killed = it was stopped before it finished
why-tool-said = it reported: { $log }
why-take-too-short = it holds less than a tenth of a second of sound
why-take-silent = nothing was heard
why-model-file = its file { $file } cannot be read: { $why }
why-weights-short = its file { $file } ends early
why-weights-header = its file { $file } has a header tiflo cannot read
why-weights-clustered = its file { $file } holds clustered weights, which tiflo cannot read
why-weights-size = its file { $file } holds { $found } bytes of weights where { $expected } are expected
why-mic-stopped = the microphone stopped sending sound

## Reading a game (tiflo convert): where, then why.
why-read-game = game { $game }, move { $move } ({ $side }), line { $line }:{ $column }: { $why }; position: { $fen }
why-read-game-candidates = game { $game }, move { $move } ({ $side }), line { $line }:{ $column }: { $why }; position: { $fen }; candidates: { $candidates }
why-read-white = White
why-read-black = Black
why-read-move = cannot read `{ $token }` as { $dialect }: { $why }
why-read-move-number = move number `{ $token }` ({ $found }) where move { $expected } was expected
why-read-mark = the mark `{ $token }` follows no move
why-read-unopened-variation = `)` closes no variation
why-read-bad-variation = a variation that is never closed, or that has no move to replace
why-read-unclosed-comment = a comment `{"{"}` that is never closed
why-read-bad-tag = `{ $token }` is not a tag: a tag is closed on its own line, before the moves
why-read-bad-fen = the FEN tag is not a legal position: { $detail }
why-read-variant = the game is { $variant }, not standard chess
why-read-incomplete-announced = the game is incomplete: its moves stop after `{ $token }`, before the result { $announced } its Result tag announces
why-read-incomplete = the game is incomplete: the input ends after `{ $token }`, with no result, in a position that does not end the game
why-read-null-move = the null move `{ $token }` cannot be played here (in check, or in an output without null moves)
why-read-ambiguous-notation = the notation is ambiguous; the text reads completely as { $readings }
why-read-reading = { $dialect } (first difference: { $first })
why-read-reading-more = { $first } and as { $then }
why-move-syntax = not a move: { $detail }
why-move-no-legal = no legal move fits it
why-move-ambiguous = more than one legal move fits it
why-move-promotion-missing = the pawn promotes but no piece is named
why-move-capture-mark = it is marked as a capture but captures nothing
why-move-en-passant-mark = it is marked en passant but is not an en passant capture
why-move-promotion-mark = it names a promotion piece but does not promote
why-move-other-promotion = the pawn can promote, but not to the piece named
