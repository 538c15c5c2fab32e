// The assistant's page: the live game from /api/events, moves and
// transfers sent to /api/move and /api/transfer, what the tournament board
// shows to /api/board.
"use strict";
const FILES = "abcdefgh";
const GLYPHS = { P: "♙", N: "♘", B: "♗", R: "♖", Q: "♕", K: "♔", p: "♟", n: "♞", b: "♝", r: "♜", q: "♛", k: "♚" };
let state = null;
let words = {};
// What the board and the lists were last drawn from: they are drawn again
// only when that changes, so that the clocks ticking never take the focus
// away from a square or a button.
let drawnBoard = null;
let drawnLists = null;
// The last sentence of the state shown in the status line: shown again only
// when it changes, so that an answer the page was given (the tournament
// board matches) stays until tiflo says something new.
let shownSaid = null;
let from = null;
let focus = 56; // a1, White at the bottom
const $ = (id) => document.getElementById(id);

// A word of the page in the player's language, its {arguments} filled in.
function t(id, args) {
  let text = words[id] || id;
  for (const [k, v] of Object.entries(args || {})) text = text.split("{" + k + "}").join(v);
  return text;
}

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

function drawBoard() {
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  drawnBoard = state.fen + (from || "");
  const at = pieces(state.fen);
  board.replaceChildren();
  for (let i = 0; i < 64; i++) {
    const sq = FILES[i % 8] + (8 - Math.floor(i / 8));
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "gridcell");
    b.dataset.square = sq;
    b.className = ((i % 8) + Math.floor(i / 8)) % 2 === 0 ? "light" : "dark";
    if (sq === from) { b.classList.add("from"); b.setAttribute("aria-pressed", "true"); }
    b.textContent = at[sq] ? GLYPHS[at[sq]] : "";
    b.setAttribute("aria-label", sq + ", " + describe(at[sq]) + (sq === from ? ", " + t("page-chosen") : ""));
    b.tabIndex = i === focus ? 0 : -1;
    b.addEventListener("click", () => tap(sq, i));
    b.addEventListener("keydown", (e) => arrows(e, i));
    board.appendChild(b);
  }
  if (hadFocus) board.children[focus].focus();
}

function arrows(e, i) {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[e.key];
  if (step === undefined) return;
  e.preventDefault();
  const next = i + step;
  if (next < 0 || next > 63 || (Math.abs(step) === 1 && Math.floor(next / 8) !== Math.floor(i / 8))) return;
  focus = next;
  drawBoard();
  $("board").children[focus].focus();
}

function tap(sq, i) {
  focus = i;
  if (promoting) { promoting = null; $("promotion").hidden = true; }
  if (from === null) {
    from = sq;
    drawBoard();
    $("board").children[focus].focus();
    return;
  }
  if (from === sq) { from = null; drawBoard(); return; }
  const at = pieces(state.fen);
  const piece = at[from] || "";
  const last = (piece === "P" && sq[1] === "8") || (piece === "p" && sq[1] === "1");
  if (last) { choosePromotion(from + sq); return; }
  const text = from + sq;
  from = null;
  send("/api/move", { move: text });
}

// A pawn tapped onto its last rank: the chooser of the new piece, the
// focus on its first button; Escape or Cancel leaves the move unsent.
let promoting = null;
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
  $("board").children[focus].focus();
  if (move && piece) send("/api/move", { move: move + piece });
}

for (const b of $("promotion").querySelectorAll("button[data-piece]")) {
  b.addEventListener("click", () => endPromotion(b.dataset.piece));
}
$("promotion-cancel").addEventListener("click", () => endPromotion(null));
$("promotion").addEventListener("keydown", (e) => {
  if (e.key === "Escape") { e.preventDefault(); endPromotion(null); }
});

function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  return (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(r).padStart(2, "0");
}

function render() {
  const tag = (name) => (state.tags.find(([k]) => k === name) || [, ""])[1];
  const side = (c) => t(c === "white" ? "page-white" : "page-black");
  $("players").textContent = (tag("White") || side("white")) + " – " + (tag("Black") || side("black")) + (tag("Event") ? ", " + tag("Event") : "");
  $("turn").textContent = state.result ? t("page-game-over", { result: state.result }) : t("page-to-move", { side: side(state.turn) });
  for (const c of ["white", "black"]) {
    $("clock-" + c).textContent = side(c) + " " + clock(state[c + "_ms"]) + (state.running === c ? " " + t("page-running") : "");
  }
  if (state.said !== shownSaid) { shownSaid = state.said; $("said").textContent = state.said; }
  if (state.fen + (from || "") !== drawnBoard) drawBoard();
  const lists = JSON.stringify([state.moves, state.pending, state.result]);
  if (lists === drawnLists) return;
  drawnLists = lists;
  const moves = $("moves");
  moves.replaceChildren();
  for (let i = 0; i < state.moves.length; i += 1) {
    const m = state.moves[i];
    if (m.side === "black" && i > 0) continue;
    const li = document.createElement("li");
    li.value = m.number;
    const black = m.side === "white" ? state.moves[i + 1] : m;
    li.textContent = (m.side === "white" ? m.san : "…") + (black && black !== m || m.side === "black" ? " " + black.san : "");
    moves.appendChild(li);
  }
  $("result").textContent = state.result ? t("page-result", { result: state.result }) : "";
  const pending = $("pending");
  pending.replaceChildren();
  for (const ply of state.pending) {
    const m = state.moves[ply];
    const li = document.createElement("li");
    const what = m.number + (m.side === "white" ? ". " : "… ") + m.san;
    const where = t(m.transfer === "tournament" ? "page-onto-tournament" : "page-onto-special", { move: what });
    const span = document.createElement("span");
    span.textContent = where;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("page-done");
    b.setAttribute("aria-label", t("page-done") + ": " + where);
    b.dataset.ply = String(ply);
    b.addEventListener("click", () => send("/api/transfer", { ply }));
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
    li.append(b);
    pending.appendChild(li);
  }
  if (!state.pending.length) {
    const li = document.createElement("li");
    li.textContent = t("page-none");
    pending.appendChild(li);
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

// Shows the pairing code's field: on the hall's network nothing of the game
// is shown or changed until this browser is paired.
function askCode() {
  $("code-box").hidden = false;
  $("code").focus();
}

async function send(path, body) {
  $("error").textContent = "";
  // Every change names the version of the state it was made against.
  body.version = state ? state.version : "";
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await r.json().catch(() => ({}));
  if (r.status === 401 && answer.pair) askCode();
  if (!r.ok) $("error").textContent = answer.error || t("page-refused", { status: r.status });
  else if (answer.said) announce(answer.said);
  if (answer.version && state) state.version = answer.version;
  if (answer.stale) await load();
  if (state) drawBoard();
}

// The code typed (Enter) is exchanged for this browser's own pairing.
$("code").addEventListener("keydown", async (e) => {
  if (e.key !== "Enter") return;
  e.preventDefault();
  const code = $("code").value.trim();
  if (!code) return;
  const r = await fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  const answer = await r.json().catch(() => ({}));
  $("code").value = "";
  if (!r.ok) { $("error").textContent = answer.error || t("page-refused", { status: r.status }); return; }
  $("error").textContent = "";
  $("code-box").hidden = true;
  if (answer.said) announce(answer.said);
  start();
});

$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move-text").value.trim();
  if (!text) return;
  send("/api/move", { move: text }).then(() => { if (!$("error").textContent) $("move-text").value = ""; });
});

// Shown in the status line, unless the state's events showed it already
// (a screen reader would read it twice).
function announce(text) {
  if ($("said").textContent !== text) $("said").textContent = text;
}

// What the tournament board shows, typed or pasted (a FEN or its piece
// placement), checked against the game: the answer is that it matches or
// how to fix it. The text stays in the field, to be edited and checked again.
$("board-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("board-text").value.trim();
  if (!text) { $("board-text").focus(); return; }
  // Emptied first, so that the same answer again is read again.
  $("said").textContent = "";
  send("/api/board", { fen: text });
});

// The game's board copied into the field, to be edited into what the
// tournament board shows; the focus goes to the field.
$("board-copy").addEventListener("click", () => {
  if (!state) return;
  $("board-text").value = state.fen.split(" ")[0];
  $("board-text").focus();
});

let events = null;
function listen() {
  if (events) return;
  events = new EventSource("/api/events");
  events.addEventListener("state", (e) => { state = JSON.parse(e.data); render(); });
}

// The state as it is now; false when this browser must pair first.
async function load() {
  const r = await fetch("/api/state");
  if (r.status === 401) { askCode(); return false; }
  if (!r.ok) return false;
  state = await r.json();
  render();
  return true;
}

async function start() {
  if (await load()) listen();
}

fetch("/api/words")
  .then((r) => r.json())
  .then((w) => { words = w; start(); });
