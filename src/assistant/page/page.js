// The assistant's page: the live game from /api/events, moves and
// transfers sent to /api/move and /api/transfer, what the tournament board
// shows to /api/board. On the hall's network the page first asks for the
// pairing code (/api/pair); the browser then keeps the pairing as a cookie
// the script never sees. Every change carries the version of the state it
// was made against.
"use strict";
const FILES = "abcdefgh";
// Pieces: the outline glyph, with its solid twin under it (page.css) filled
// white for White and black for Black. U+FE0E keeps ♟ from turning into an
// emoji.
const OUTLINE = { k: "♔", q: "♕", r: "♖", b: "♗", n: "♘", p: "♙" };
const SOLID = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟\uFE0E" };
let state = null;
let words = {};
// The version of the state the next change is made against.
let version = null;
let events = null;
// State events taken from the live stream so far. A version that arrived
// in an answer, or in a state read, while an event came is not taken: the
// event may be the newer (the game changed meanwhile).
let heard = 0;
// The board as the assistant sees it: from the sighted opponent's side,
// unless turned round.
let flipped = false;
// What the board and the lists were last drawn from: they are drawn again
// only when that changes, so that the clocks ticking never take the focus
// away from a square or a button.
let drawnBoard = null;
let drawnLists = null;
// The last sentence of the state shown in the status line.
let shownSaid = null;
let from = null;
let focusSquare = null;
let promoting = null;
const $ = (id) => document.getElementById(id);

// A word of the page in the player's language, its {arguments} filled in.
function t(id, args) {
  let text = words[id] || id;
  for (const [k, v] of Object.entries(args || {})) text = text.split("{" + k + "}").join(v);
  return text;
}

const sideName = (c) => t(c === "white" ? "page-white" : "page-black");
const other = (c) => (c === "white" ? "black" : "white");

function pieces(fen) {
  const out = {};
  fen.split(" ")[0].split("/").forEach((row, r) => {
    let f = 0;
    for (const c of row) {
      if (/\d/.test(c)) { f += Number(c); continue; }
      out[FILES[f] + (8 - r)] = c;
      f += 1;
    }
  });
  return out;
}

function describe(piece) {
  if (!piece) return t("page-empty");
  return t("page-" + (piece === piece.toUpperCase() ? "w" : "b") + piece.toLowerCase());
}

// The colour at the bottom of the board: the assistant's seat is the
// sighted opponent's, the colour the blind player does not play.
function bottom() {
  return flipped ? state.player : other(state.player);
}

// The square shown at row r (0 at the top), column c (0 at the left).
function squareAt(r, c) {
  return bottom() === "white" ? FILES[c] + (8 - r) : FILES[7 - c] + (r + 1);
}

function placeOf(sq) {
  const f = FILES.indexOf(sq[0]), n = Number(sq[1]);
  return bottom() === "white" ? [8 - n, f] : [n - 1, 7 - f];
}

// The two squares of a move of the state (`e2e4`, `c7c8q`).
const squaresOf = (m) => [m.uci.slice(0, 2), m.uci.slice(2, 4)];

function marks() {
  const last = state.moves.length ? squaresOf(state.moves[state.moves.length - 1]) : [];
  const pending = new Set();
  for (const ply of state.pending) for (const sq of squaresOf(state.moves[ply])) pending.add(sq);
  return { last: new Set(last), pending };
}

function boardKey() {
  return [state.fen, from, bottom(), JSON.stringify(state.pending), state.moves.length].join("|");
}

function drawBoard() {
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  drawnBoard = boardKey();
  const at = pieces(state.fen);
  const { last, pending } = marks();
  if (focusSquare === null) focusSquare = squareAt(7, 0);
  board.setAttribute("aria-label", t(bottom() === "white" ? "page-board-label" : "page-board-label-black"));
  board.replaceChildren();
  for (let r = 0; r < 8; r += 1) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    for (let c = 0; c < 8; c += 1) {
      const sq = squareAt(r, c);
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.square = sq;
      b.className = (FILES.indexOf(sq[0]) + Number(sq[1])) % 2 === 0 ? "dark" : "light";
      let label = sq + ", " + describe(at[sq]);
      if (last.has(sq)) { b.classList.add("last"); label += ", " + t("page-last-move"); }
      if (pending.has(sq)) { b.classList.add("pending"); label += ", " + t("page-to-set"); }
      if (sq === from) {
        b.classList.add("from");
        b.setAttribute("aria-pressed", "true");
        label += ", " + t("page-chosen");
      }
      b.setAttribute("aria-label", label);
      const piece = at[sq];
      if (piece) {
        const p = document.createElement("span");
        p.className = "piece " + (piece === piece.toUpperCase() ? "white" : "black");
        p.setAttribute("aria-hidden", "true");
        p.dataset.solid = SOLID[piece.toLowerCase()];
        p.textContent = piece === piece.toUpperCase() ? OUTLINE[piece.toLowerCase()] : SOLID[piece];
        b.append(p);
      }
      b.tabIndex = sq === focusSquare ? 0 : -1;
      b.addEventListener("click", () => tap(sq));
      b.addEventListener("keydown", (e) => arrows(e, sq));
      cell.append(b);
      // Coordinates along the left and bottom edges, beside the button
      // (its name is the square's label).
      if (c === 0) cell.append(coordinate("rank", sq[1]));
      if (r === 7) cell.append(coordinate("file", sq[0]));
      row.append(cell);
    }
    board.append(row);
  }
  if (hadFocus) squareButton(focusSquare).focus();
}

function coordinate(kind, text) {
  const s = document.createElement("span");
  s.className = "coord " + kind;
  s.setAttribute("aria-hidden", "true");
  s.textContent = text;
  return s;
}

const squareButton = (sq) => $("board").querySelector("button[data-square='" + sq + "']");

function arrows(e, sq) {
  const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
  if (step === undefined) return;
  e.preventDefault();
  const [r, c] = placeOf(sq);
  const [nr, nc] = [r + step[0], c + step[1]];
  if (nr < 0 || nr > 7 || nc < 0 || nc > 7) return;
  focusSquare = squareAt(nr, nc);
  drawBoard();
  squareButton(focusSquare).focus();
}

function tap(sq) {
  focusSquare = sq;
  if (promoting) endPromotion(null);
  const at = pieces(state.fen);
  if (from === null) {
    if (!at[sq]) return;
    from = sq;
    drawBoard();
    squareButton(sq).focus();
    return;
  }
  if (from === sq) { from = null; drawBoard(); squareButton(sq).focus(); return; }
  const piece = at[from] || "";
  if ((piece === "P" && sq[1] === "8") || (piece === "p" && sq[1] === "1")) {
    choosePromotion(from + sq);
    return;
  }
  const move = from + sq;
  from = null;
  drawBoard();
  squareButton(sq).focus();
  enterMove(move);
}

// A pawn tapped onto its last rank: the chooser of the new piece, the
// focus on its first button; Escape or Cancel leaves the move unsent.
function choosePromotion(move) {
  promoting = move;
  $("promotion").hidden = false;
  $("promotion").querySelector("button").focus();
}

function endPromotion(piece) {
  const move = promoting;
  promoting = null;
  from = null;
  $("promotion").hidden = true;
  drawBoard();
  squareButton(focusSquare).focus();
  if (move && piece) enterMove(move + piece);
}

for (const b of $("promotion").querySelectorAll("button[data-piece]")) {
  b.addEventListener("click", () => endPromotion(b.dataset.piece));
}
$("promotion-cancel").addEventListener("click", () => endPromotion(null));
$("promotion").addEventListener("keydown", (e) => {
  if (e.key === "Escape") { e.preventDefault(); endPromotion(null); }
});

$("flip").addEventListener("click", () => {
  flipped = !flipped;
  if (state) drawBoard();
});

function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  return (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(r).padStart(2, "0");
}

function render() {
  const tag = (name) => (state.tags.find(([k]) => k === name) || [, ""])[1];
  $("players").textContent = (tag("White") || sideName("white")) + " – " + (tag("Black") || sideName("black")) + (tag("Event") ? ", " + tag("Event") : "");
  $("turn").textContent = state.result ? t("page-game-over", { result: state.result }) : t("page-to-move", { side: sideName(state.turn) });
  for (const c of ["white", "black"]) {
    const box = $("clock-" + c);
    box.querySelector(".who").textContent = sideName(c);
    box.querySelector(".time").textContent = clock(state[c + "_ms"]);
    box.querySelector(".state").textContent = state.running === c ? t("page-running") : "";
    box.classList.toggle("running", state.running === c);
  }
  // The answer to a check of the tournament board has its own line there.
  if (state.said !== shownSaid) {
    shownSaid = state.said;
    if (state.said !== $("board-answer").textContent) $("said").textContent = state.said;
  }
  if (boardKey() !== drawnBoard) drawBoard();
  const lists = JSON.stringify([state.moves, state.pending, state.result]);
  if (lists === drawnLists) return;
  drawnLists = lists;
  drawMoves();
  drawPending();
}

function drawMoves() {
  const moves = $("moves");
  moves.replaceChildren();
  const last = state.moves.length - 1;
  let li = null;
  state.moves.forEach((m, i) => {
    if (m.side === "white" || li === null) {
      li = document.createElement("li");
      li.value = m.number;
      moves.append(li);
      if (m.side === "black") li.append(move("…", false), " ");
    } else {
      li.append(" ");
    }
    li.append(move(m.san, i === last));
  });
  $("result").textContent = state.result ? t("page-result", { result: state.result }) : "";
}

function move(text, last) {
  const s = document.createElement("span");
  s.className = "move" + (last ? " last" : "");
  if (last) s.setAttribute("aria-current", "true");
  s.textContent = text;
  return s;
}

function drawPending() {
  const pending = $("pending");
  pending.replaceChildren();
  for (const ply of state.pending) {
    const m = state.moves[ply];
    const li = document.createElement("li");
    li.className = m.transfer;
    const what = m.number + (m.side === "white" ? ". " : "… ") + m.san;
    const where = t(m.transfer === "tournament" ? "page-onto-tournament" : "page-onto-special", { move: what });
    const span = document.createElement("span");
    span.textContent = where;
    li.append(span);
    if (m.transfer === "tournament" && m.words) {
      // The player's move said aloud to the assistant, and shown.
      const say = document.createElement("button");
      say.type = "button";
      say.textContent = t("page-say");
      say.setAttribute("aria-label", t("page-say") + ": " + where);
      say.dataset.say = String(ply);
      say.addEventListener("click", () => speak(t("page-onto-tournament", { move: m.words })));
      li.append(say);
    }
    const done = document.createElement("button");
    done.type = "button";
    done.className = "primary";
    done.textContent = t("page-done");
    done.setAttribute("aria-label", t("page-done") + ": " + where);
    done.dataset.ply = String(ply);
    done.addEventListener("click", () => change("/api/transfer", { ply }).then((a) => a && announce(a.said)));
    li.append(done);
    pending.append(li);
  }
  $("pending-part").classList.toggle("waiting", state.pending.length > 0);
  if (!state.pending.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = t("page-none");
    pending.append(li);
  }
}

// Said by the browser's speech synthesis in the page's language, when it
// has one; always shown (and read by a screen reader) as well.
function speak(text) {
  $("spoken").textContent = text;
  if (!window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = words["page-lang"] || document.documentElement.lang;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}

// Shown in the status line, unless the state's events showed it already
// (a screen reader would read it twice).
function announce(text) {
  if (text && $("said").textContent !== text) $("said").textContent = text;
}

// A change sent with the version it was made against. The answer when it
// was made; else null, the reason shown in `errorLine` (a stale version
// reloads the state; a missing or revoked pairing asks for the code).
async function change(path, body, errorLine) {
  const line = errorLine || $("error");
  line.textContent = "";
  $("error").textContent = "";
  const payload = Object.assign({}, body);
  if (version !== null) payload.version = version;
  const before = heard;
  let r;
  try {
    r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
  } catch (e) {
    line.textContent = t("page-offline");
    return null;
  }
  const answer = await r.json().catch(() => ({}));
  // Refused or not, a change let through names the version the next one
  // must name; when the game changed meanwhile, the state is read again.
  if (answer.version !== undefined) {
    if (heard === before) version = answer.version;
    else reload();
  }
  if (r.ok) return answer;
  const why = answer.error || t("page-refused", { status: r.status });
  if (r.status === 401) { askCode(why); return null; }
  line.textContent = why;
  if (r.status === 409 && answer.stale) reload();
  return null;
}

function enterMove(text) {
  return change("/api/move", { move: text }).then((a) => { if (a) announce(a.said); return a; });
}

$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move-text").value.trim();
  if (!text) { $("move-text").focus(); return; }
  enterMove(text).then((a) => { if (a) $("move-text").value = ""; });
});

// What the tournament board shows, typed or pasted (a FEN or its piece
// placement), checked against the game: the answer (it matches, or how to
// fix it) stays in its line until the next check; the text stays in the
// field, to be edited and checked again.
$("board-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("board-text").value.trim();
  if (!text) { $("board-text").focus(); return; }
  const answer = $("board-answer");
  // Emptied first, so that the same answer again is read again.
  answer.textContent = "";
  answer.classList.remove("bad");
  change("/api/board", { fen: text }, answer).then((a) => {
    if (a) answer.textContent = a.said;
    else answer.classList.add("bad");
  });
});

// The game's board copied into the field, to be edited into what the
// tournament board shows; the focus goes to the field.
$("board-copy").addEventListener("click", () => {
  if (!state) return;
  $("board-text").value = state.fen.split(" ")[0];
  $("board-text").focus();
});

// The pairing code asked for: the game is hidden until it is given.
function askCode(why) {
  if (events) { events.close(); events = null; }
  $("game").hidden = true;
  $("pair-form").hidden = false;
  $("pair-error").textContent = why || "";
  $("code").focus();
}

$("pair-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const code = $("code").value.trim();
  $("pair-error").textContent = "";
  if (!code) { $("code").focus(); return; }
  let r;
  try {
    r = await fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  } catch (err) {
    $("pair-error").textContent = t("page-offline");
    return;
  }
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) {
    $("pair-error").textContent = answer.error || t("page-refused", { status: r.status });
    $("code").select();
    return;
  }
  // Paired: the browser keeps the pairing; the code leaves the page.
  $("code").value = "";
  $("pair-form").hidden = true;
  if (await reload()) {
    if (answer.said) $("said").textContent = answer.said;
    listen();
  }
});

// How many changes the server had let through when it wrote `v` (the
// number after the dot): versions are ordered by it.
function changesIn(v) {
  return v ? Number(v.split(".")[1]) || 0 : -1;
}

function take(s, read) {
  state = s;
  // A state written before a change this page made was let through (its
  // event overtaken by the change's answer) does not set the version back:
  // the state is read again instead.
  if (s.version !== undefined) {
    // A state read on request is the server's as it is now (even a server
    // started again, counting from zero).
    if (read || changesIn(s.version) >= changesIn(version)) version = s.version;
    else reload();
  }
  $("pair-form").hidden = true;
  $("game").hidden = false;
  render();
}

// The state read again; false when it could not be (the code is asked
// for, or the reason shown).
async function reload() {
  const before = heard;
  let r;
  try {
    r = await fetch("/api/state", { cache: "no-store" });
  } catch (e) {
    $("error").textContent = t("page-offline");
    return false;
  }
  const answer = await r.json().catch(() => ({}));
  if (r.status === 401) {
    // The first visit asks quietly; a pairing lost says why.
    askCode(state ? answer.error : "");
    return false;
  }
  if (!r.ok) {
    $("error").textContent = answer.error || t("page-refused", { status: r.status });
    return false;
  }
  if (heard === before || !events) take(answer, true);
  return true;
}

function listen() {
  if (events) events.close();
  const source = new EventSource("/api/events");
  events = source;
  source.addEventListener("state", (e) => {
    if ($("error").textContent === t("page-offline")) $("error").textContent = "";
    heard += 1;
    take(JSON.parse(e.data));
  });
  source.addEventListener("error", () => {
    if (events !== source) return;
    if (source.readyState === EventSource.CLOSED) {
      // Refused (the pairing revoked) or gone: read the state again, which
      // asks for the code when it must.
      events = null;
      setTimeout(() => reload().then((ok) => ok && listen()), 2000);
    }
    $("error").textContent = t("page-offline");
  });
}

fetch("/api/words")
  .then((r) => r.json())
  .then((w) => { words = w; return reload(); })
  .then((ok) => { if (ok) listen(); });
