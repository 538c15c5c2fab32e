# The assistant's page on the hall's network: pairing phones. Typed
# commands, what the player hears, and the server's own answers (the page
# fills in { $seconds } and { $number } itself).
cmd-page = page, phone
word-devices = devices, phones, list
word-revoke = revoke, unpair, forget
command-need-page = Type page devices, to hear which phones are paired, or page revoke and a phone's number. Page revoke alone unpairs every phone.
page-off = The assistant's page is not on the hall's network: no phone is paired.
page-paired = Phone { $number } is now paired with the assistant's page, from { $address }.
page-locked-out = A device at { $address } has typed wrong pairing codes: it cannot pair for { $seconds } seconds.
page-pairing-paused = Wrong pairing codes from several devices: no phone can pair for { $seconds } seconds. Paired phones keep working.
page-devices-none = No phone is paired with the assistant's page.
page-device = Phone { $number }, from { $address }, paired { $minutes ->
    [0] just now
    [1] one minute ago
   *[other] { $minutes } minutes ago
}.
page-revoked-all = Every phone is unpaired. The new pairing code is { $code }.
page-revoked-one = Phone { $number } is unpaired. The new pairing code is { $code }.
page-revoke-unknown = No phone { $number } is paired. Type page devices to hear which are.
page-need-pairing = Type the pairing code that tiflo told the player, to see the game and enter moves.
page-stale = The game has changed since this page last showed it, so nothing was changed. The page now shows the game as it is: try again.
page-paused = Too many wrong pairing codes from several devices: pairing waits { $seconds } seconds. Phones already paired keep working.
page-bad-body = The page's request could not be read, so nothing was changed. Reload the page.
page-busy = Too many pages are open on this game: close one, then reload this one.
page-paired-here = Paired: this is phone { $number }.
page-no-pairing = This page needs no pairing code.
