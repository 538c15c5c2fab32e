# What the daemon says about its journal file.
journal-finished-aside = The game in the journal was finished; it is kept as { $file }. A new game begins.
journal-damaged = The journal is damaged at line { $line }, after { $records } good entries. It is kept untouched as { $file } for the arbiter, and a new game begins.
journal-write-failed = Warning: the last entry could not be saved to the journal: { $error }. It is not recorded: enter it again.
speech-unavailable = No speech engine: { $why }. Sentences are shown as text.
speech-failed = The speech engine failed: { $error }. Sentences are shown as text.

# Speech recogniser models (tiflo models, src/hearing/models.rs).
model-language = { $lang ->
        [es] Spanish
        [pt] Portuguese
        [en] English
        [de] German
        [fr] French
        [it] Italian
        [nl] Dutch
        [ko] Korean
       *[other] { $lang }
    }
models-no-connection = Cannot download the { $language } model: no connection to { $host }. Copy a vosk model folder into { $dir } instead.
models-download-failed = Cannot download the { $language } model from { $host }: { $error }. Copy a vosk model folder into { $dir } instead.
models-unpack-failed = The { $language } model was downloaded but could not be unpacked into { $dir }: { $error }.
models-checksum-mismatch = The { $language } model downloaded from { $host } is not the archive tiflo expects (its SHA-256 is { $got }, not { $expected }), so it was not installed. Copy a vosk model folder into { $dir } instead.
models-checksum-unknown = tiflo knows no checksum to check the { $language } model against, so it did not download it. The command tiflo models fetch { $lang } --unverified installs it unchecked; or copy a vosk model folder into { $dir }.
models-unverified = The { $language } model was installed without a checksum to check it against; its archive's SHA-256 is { $sha256 }.
models-no-download = tiflo has no { $language } model to download; copy a vosk model folder into { $dir }. Models can be downloaded for { $langs }.
models-not-installed = No { $language } speech model is installed in { $dir }. The command tiflo models fetch { $lang } downloads one.
models-folder-failed = The models folder { $dir } cannot be used: { $error }.
not-built-in = This tiflo was built without { $feature ->
        [vosk] the vosk recogniser
        [pocketsphinx] the pocketsphinx recogniser
        [tts] speech through speech-dispatcher
        [mic] the microphone
        [page] the assistant's page
        [serial] serial braille displays and DGT boards
       *[other] that part
    } (the build feature { $feature })
models-installed = The { $language } model is installed in { $dir }.
models-none = No speech models are installed in { $dir }.

# Hearing spoken moves (src/daemon/mod.rs, --listen).
listen-ready = Listening with { $engine }. Say your moves.
listen-ready-adapted = Listening with { $engine }, adapted to your voice. Say your moves.
listen-narrowband-plain = The sound comes as from a headset in call mode, and the model made for it is not installed: your moves will be heard less well. Whoever set up this machine can install it.
listen-unavailable = Cannot listen: { $why }. Type your moves.
listen-no-microphone = No microphone could be opened. Type your moves.
listen-failed = The recogniser failed: { $error }. Listening stops; type your moves.
listen-mic-failed = The microphone failed: { $error }. Listening stops; type your moves.
listen-ended = The recording has ended. Type your moves.

# The braille display (src/daemon/mod.rs, --braille).
braille-ready = Braille display { $name } ready, { $cells } cells.
braille-back = The braille display { $name } is back.
braille-gone = The braille display { $name } is gone. I will use it again as soon as it is back.
braille-missing = No braille display: { $why }. I keep looking for it.
braille-unreadable = What you typed in braille is neither a legal move nor a command. Type it again; a move, even after correct or claim, is written with the chess signs.
braille-ambiguous = What you typed in braille could be more than one legal move; nothing was recorded. Type it again with every sign, as the display writes it.
braille-held = BRLTTY holds the braille display, but I cannot share it: { $why }. Its serial port is left to BRLTTY; braille is shown on the screen.
braille-talk-no-release = Through BRLTTY I cannot tell when a key of { $name } is let go, so no key can be held down to talk. Press dot 8 alone, then speak: I hear one utterance.
braille-talk-no-key = { $name } has no key called { $key } to hold down while you speak. Press Enter on the keyboard, then speak: I hear one utterance.
braille-squares-refused = The empty squares of the braille-light and braille-dark settings cannot be used: { $why }. The board shows the usual ones.
braille-table-chess = { $uses ->
        [english] BRLTTY's text table { $table } writes the bishop and the knight as b and n
        [other] BRLTTY's text table { $table } writes the chess pieces with the letters of { $other }
       *[none] BRLTTY's text table { $table } has no chess pieces
    }. { $board ->
        [brltty] The board writes the bishop and the knight as b and n, as BRLTTY's chess table does.
       *[code] The board writes the bishop and the knight as l and s, as the braille chess code does; with the braille-board-letters setting at brltty it writes b and n.
    }

# Practice against a chess engine.
engine-ready = Playing against { $name }, strength { $strength }. It answers your moves once they can no longer be corrected; type press to let it answer at once.
engine-failed = The engine cannot play: { $why }. Type the opponent's moves.

# The assistant's and arbiter's page.
page-ready = The assistant's page is at { $address }.
page-ready-lan = The assistant's page is at { $address }. Pairing code: { $code }.
page-failed = The assistant's page cannot start: { $why }.

# The DGT electronic board.
dgt-ready = DGT board ready.
dgt-back = The DGT board is back.
dgt-gone = The DGT board is gone: { $why }. I keep looking for it.
dgt-missing = No DGT board: { $why }. I keep looking for it.

# Adapting the English recogniser to the player's voice (tiflo adapt,
# src/hearing/adapt.rs). The phrases read are English ($prompt), because the
# recogniser hears English only.
adapt-start = I will say { $count } short English phrases, one at a time. After each one, say it back clearly, as you say your moves.
adapt-say = Phrase { $n } of { $count }. Say: { $prompt }
adapt-say-again = I heard nothing. Phrase { $n } of { $count } again. Say: { $prompt }
hear-nothing = No speech was heard in { $file }: no move, no word.
adapt-working = Adapting the recogniser to your voice from { $count } recordings. This takes a few seconds.
adapt-done = Done. The English recogniser now uses your voice, kept in { $dir }.
adapt-no-voice = No speech engine ({ $error }); the phrases are shown as text.
adapt-tool-missing = The adaptation needs the program { $tool }, which is not installed. It is in the Debian package { $package }; bash scripts/setup.sh installs it. The recogniser keeps the voice it had.
adapt-tool-failed = The adaptation failed in { $tool }: { $error }. The recogniser keeps the voice it had.
adapt-take-failed = The recording { $file } of the phrase "{ $prompt }" cannot be used: { $error }. The recogniser keeps the voice it had.
adapt-model-failed = The recogniser's model in { $dir } cannot be adapted: { $error }. The recogniser keeps the voice it had.
adapt-folder-failed = { $dir } cannot be written: { $error }. The recogniser keeps the voice it had.
adapt-mic-failed = The microphone does not work: { $error }. The recogniser keeps the voice it had.
dgt-clock-gone = The DGT clock gives no times: it is unplugged or switched off. Until it is back, the times are tiflo's own count.
dgt-clock-back = The DGT clock gives times again.
dgt-turned = The DGT board is turned round, its connector on White's right; I read it that way.

# The journal named is a folder, a device or a pipe: refused at start.
journal-not-a-file = The journal { $file } is { $kind ->
        [folder] a folder
        [device] a device
        [pipe] a named pipe
        [socket] a socket
       *[other] something else
    }, not a file: a game can only be kept in a file.
