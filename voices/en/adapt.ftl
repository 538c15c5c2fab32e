# The phrases a player reads aloud once so that the English recogniser
# (pocketsphinx) learns their voice (`tiflo adapt`, src/hearing/adapt.rs). They are
# English because pocketsphinx hears English only; the sentences around them
# (what to do, progress, errors) are in the player's language, in daemon.ftl.
#
# What they hold: every square of the board (the letters b, c, d, e, g and
# the numbers are what the recogniser confuses most), each piece, the
# capture, castling, promotion and en passant words, the NATO and FIDE file
# words, and the commands said most. Phrases are separated by semicolons;
# every word must be in pocketsphinx's dictionary.
adapt-prompts =
    a one c one e one g one;
    b one d one f one h one;
    a two c two e two g two;
    b two d two f two h two;
    a three c three e three g three;
    b three d three f three h three;
    a four c four e four g four;
    b four d four f four h four;
    a five c five e five g five;
    b five d five f five h five;
    a six c six e six g six;
    b six d six f six h six;
    a seven c seven e seven g seven;
    b seven d seven f seven h seven;
    a eight c eight e eight g eight;
    b eight d eight f eight h eight;
    knight b one c three;
    bishop f one takes pawn on b five;
    rook a one d one;
    queen d eight h four check;
    king e one g one;
    pawn e seven e eight promotes to queen;
    castles short;
    castles long;
    alpha bravo charlie delta echo foxtrot golf hotel;
    anna bella cesar david eva felix gustav hector;
    pawn g two takes knight on f three;
    knight d two e four;
    bishop c eight g four;
    e five takes pawn on d six;
    yes;
    no;
    clock;
    repeat the last move;
    square e four;
    pieces black bishop
