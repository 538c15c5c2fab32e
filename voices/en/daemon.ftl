# What the daemon says about its journal file.
journal-finished-aside = The game in the journal was finished; it is kept as { $file }. A new game begins.
journal-damaged = The journal is damaged at line { $line }, after { $records } good entries. It is kept untouched as { $file } for the arbiter, and a new game begins.
journal-write-failed = Warning: the last entry could not be saved to the journal: { $error }. It is not recorded: enter it again.
speech-unavailable = No speech engine: { $why }. Sentences are shown as text.
speech-failed = The speech engine failed: { $error }. Sentences are shown as text.
