// The web page: play any alea game on its board, against bots or hot seat.
// Every rule is the library's (bindings/js): the boards (games/*.js) offer
// the steps of the legal moves, a move is applied with apply(text, {seat}),
// and a refusal shows the library's reason.  The game is kept in this module
// (nothing on window).  The game loop hands each seat's turn to its mode:
// 'human' (this page's board), a bot level or kind.  "Play online" (online.js)
// is a game refereed by a server: drawView() draws its views on the same
// boards and builds this seat's moves with the same pickers.
import * as alea from '../../bindings/js/dist/alea.js';
import { Picker } from './picker.js';
import { html } from './boards.js';
import { RULES } from './rules.js';
import { showHints, hideHints } from './hints.js';
import * as backgammon from './games/backgammon.js';
import * as dicePoker from './games/dice-poker.js';
import * as wiseDice from './games/wise-dice.js';
import * as plateau from './games/plateau.js';
import { mountOnline } from './online.js';

const GAMES = { backgammon, 'dice-poker': dicePoker, 'wise-dice': wiseDice, plateau };
const $ = (id) => document.getElementById(id);
// ?fast: the bots answer at once (the browser tests)
const BOT_DELAY_MS = new URLSearchParams(location.search).has('fast') ? 0 : 400;

// The game in play.
const g = {
  state: null,
  seats: [], // per seat: 'human', a level of play or a bot kind
  seatBots: [], // per seat: an alea.Bot for a level, else null (a kind's quick settings)
  hintBot: null,
  rng: null, // the dice
  botRng: null, // the bots' choices
  timer: null,
  history: [], // { seat, texts: { full, public, 0, 1, ... } }: each move as each reader may see it
  snapshots: [], // undo: the state and generators before each human move
  secret: false, // two humans share a game with hidden information (hand-over between turns)
  eyes: null, // then: the seat the screen is shown to now
  turn: null, // the human's move in progress: { key, moves, picker, ui, choices }
};
const mod = () => GAMES[g.state.game];
const humans = () => g.seats.map((k, i) => (k === 'human' ? i : -1)).filter((i) => i >= 0);

function say(text, ok = false) {
  $('message').textContent = text;
  $('message').className = ok ? 'ok' : '';
}
const errorText = (e) => (e instanceof alea.AleaError ? `${e.status}: ${e.reason || e.message}` : String(e.message || e));

// ---- the setup form ----------------------------------------------------------

function specText() {
  const opts = $('options').value.trim();
  return opts ? `${$('game').value} ${opts}` : $('game').value;
}

// The bots a seat may choose, by name: the game's levels, else the bot kinds.
function botChoices(spec) {
  let levels = [];
  try {
    levels = alea.botLevels(spec);
  } catch {
    levels = [];
  }
  if (levels.length) return { names: levels, initial: levels.includes('intermediate') ? 'intermediate' : levels[0] };
  return { names: alea.bots(), initial: 'heuristic' };
}

function renderSeats() {
  let n = 2;
  try {
    n = new alea.State(specText()).numPlayers;
  } catch (e) {
    say(`Options refused: ${errorText(e)}`);
  }
  const { names, initial } = botChoices(specText());
  const box = $('seats');
  const selects = [...box.querySelectorAll('select')];
  const game = GAMES[$('game').value];
  const same = selects.length === n && selects.every((s) =>
    [...s.options].map((o) => o.value).join() === ['human', ...names].join()) && box.dataset.game === $('game').value;
  if (same) return;
  const old = selects.map((s) => s.value);
  box.textContent = '';
  box.dataset.game = $('game').value;
  for (let i = 0; i < n; i++) {
    const label = html('label', {}, `${game.seatName(i)} `);
    const sel = html('select', { id: `seat${i}` });
    for (const name of ['human', ...names]) sel.appendChild(html('option', { value: name }, name));
    const keep = old[i] !== undefined && ['human', ...names].includes(old[i]);
    sel.value = keep ? old[i] : i === 0 ? 'human' : initial;
    label.appendChild(sel);
    box.appendChild(label);
  }
}

// The seed field as a BigInt, or null (and a message) when it is not a seed.
function seedValue() {
  const text = $('seed').value.trim() || '1';
  if (!/^[0-9]{1,20}$/.test(text) || BigInt(text) >= 2n ** 64n) {
    say(`The seed must be a whole number from 0 to ${2n ** 64n - 1n}, not "${text}".`);
    return null;
  }
  return BigInt(text);
}

function newGame() {
  clearTimeout(g.timer);
  const seed = seedValue();
  if (seed === null) return;
  let next;
  try {
    next = new alea.State(specText());
  } catch (e) {
    say(`Options refused: ${errorText(e)}`);
    return;
  }
  renderSeats();
  if (g.state) g.state.free();
  g.state = next;
  g.seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  for (const b of [...g.seatBots, g.hintBot]) if (b) b.free();
  const levels = alea.botLevels(g.state);
  g.seatBots = g.seats.map((s) => (levels.includes(s) ? new alea.Bot(s, g.state) : null));
  g.hintBot = new alea.Bot(levels.length ? levels[levels.length - 1] : 'ply', g.state);
  g.rng = new alea.Rng(seed);
  g.botRng = g.rng.clone().jump();
  g.history = [];
  $('history').textContent = '';
  g.snapshots = [];
  g.secret = false;
  g.eyes = null;
  g.turn = null;
  hideHints();
  $('moves').hidden = true;
  const opts = $('options').value.trim();
  say(`New game of ${$('game').selectedOptions[0].textContent}${opts ? ` (${opts})` : ''}, seed ${seed}.`, true);
  advance();
}

// ---- moves: applied by the library, recorded in every reader's view -------

function record(before, action, seat) {
  const texts = { full: before.actionToText(action) };
  for (const w of [alea.OBSERVER_PUBLIC, ...g.seats.keys()]) {
    try {
      texts[w === alea.OBSERVER_PUBLIC ? 'public' : w] = before.actionObservation(action, w);
    } catch {
      texts[w === alea.OBSERVER_PUBLIC ? 'public' : w] = texts.full;
    }
  }
  g.history.push({ seat, texts });
}

function applyAction(action, seat) {
  const before = g.state.clone();
  try {
    g.state.apply(action, { seat });
    record(before, action, seat);
  } finally {
    before.free();
  }
}

// A move typed or built on the board, as `seat`: the library checks the
// seat, the phase and the rules.  Throws the library's error.
function applyMove(text, seat) {
  g.state.check(text, { seat });
  applyAction(g.state.actionFromText(text), seat);
}

// How a move of this page's human is submitted: applied here at once.  (Play
// online's moves go to the server instead: drawView() below.)
const submitMove = applyMove;

function playHuman(text) {
  const who = g.state.currentPlayer;
  if (who < 0 || g.seats[who] !== 'human') return false;
  const snap = { bytes: g.state.bytes, rng: g.rng.bytes, botRng: g.botRng.bytes, history: g.history.length };
  try {
    submitMove(text, who);
  } catch (e) {
    say(errorText(e));
    return false;
  }
  g.snapshots.push(snap);
  g.turn = null;
  say('');
  hideHints();
  advance();
  return true;
}

function undo() {
  const snap = g.snapshots.pop();
  if (!snap) return;
  clearTimeout(g.timer);
  g.state.bytes = snap.bytes;
  g.rng.bytes = snap.rng; // the same dice come again
  g.botRng.bytes = snap.botRng;
  g.history.length = snap.history;
  $('history').textContent = '';
  g.turn = null;
  hideHints();
  say('Move taken back.', true);
  advance();
}

// One step of the seat to act when it is not a human: the dice, or a bot.
function autoStep() {
  const s = g.state;
  const who = s.currentPlayer;
  if (who === alea.PLAYER_CHANCE) {
    const before = s.clone();
    try {
      record(before, s.roll(g.rng), alea.PLAYER_CHANCE);
    } finally {
      before.free();
    }
  } else {
    // a bot seat
    const bot = g.seatBots[who];
    applyAction(bot ? bot.choose(s, g.botRng, { seat: who }) : alea.botChoose(s, g.seats[who], g.botRng), who);
  }
}

const waiting = () => g.state.isTerminal || g.seats[g.state.currentPlayer] === 'human';

// Throws the dice and plays the bots until a human must act or the game ends:
// a step every BOT_DELAY_MS, drawn; with ?fast all at once.
function advance() {
  clearTimeout(g.timer);
  if (BOT_DELAY_MS === 0) while (!waiting()) autoStep();
  render();
  if (waiting() || $('play').hidden) return;
  g.timer = setTimeout(() => {
    autoStep();
    advance();
  }, BOT_DELAY_MS);
}

// ---- what each reader may see -----------------------------------------------

// Two humans and hidden information: observations of their seats differ.
function secretNow() {
  const hs = humans();
  if (hs.length < 2) return false;
  const o = hs.map((h) => JSON.stringify(g.state.observation(h).state));
  return o.some((x) => x !== o[0]);
}

// Whose eyes the board and the history are for: null = everything (bots only,
// or the game is over), else a seat or OBSERVER_PUBLIC.
function viewer() {
  const hs = humans();
  if (hs.length === 0 || g.state.isTerminal) return null;
  if (g.secret) return g.eyes === null ? alea.OBSERVER_PUBLIC : g.eyes;
  if (hs.length === 1) return hs[0];
  return hs.includes(g.state.currentPlayer) ? g.state.currentPlayer : alea.OBSERVER_PUBLIC;
}

function historyText(entry, v) {
  const text = v === null ? entry.texts.full : entry.texts[v === alea.OBSERVER_PUBLIC ? 'public' : v];
  return entry.seat === alea.PLAYER_CHANCE ? text : `${mod().seatName(entry.seat)}: ${text}`;
}

// ---- drawing the page ---------------------------------------------------------

function currentTurn() {
  const s = g.state;
  const key = s.toText();
  if (!g.turn || g.turn.key !== key) {
    const moves = mod().moves(s);
    g.turn = { key, moves, picker: new Picker(moves.moves, { unordered: mod().unordered }), ui: {}, choices: null };
  }
  return g.turn;
}

function pick(step) {
  const t = g.turn;
  t.picker.choose(step);
  t.choices = null;
  const done = t.picker.complete();
  if (done && mod().confirm === false && t.picker.next().length === 0) playHuman(done.text);
  else render();
}

function tapSteps(steps) {
  if (steps.length === 1) pick(steps[0]);
  else {
    g.turn.choices = steps;
    render();
  }
}

function button(label, onClick, cls) {
  const b = html('button', { type: 'button', class: cls }, label);
  b.addEventListener('click', onClick);
  return b;
}

function render() {
  const s = g.state;
  const game = mod();
  const focused = document.activeElement;
  const hadFocus = focused && focused !== document.body && ($('board').contains(focused) || $('turn').contains(focused) || $('handover').contains(focused));
  const over = s.isTerminal;
  const who = s.currentPlayer;
  const humanTurn = !over && who >= 0 && g.seats[who] === 'human';
  g.secret = g.secret || secretNow();
  const handover = g.secret && humanTurn && g.eyes !== who;
  const v = viewer();
  const turn = humanTurn && !handover ? currentTurn() : null;
  if (!turn) g.turn = null;

  // the board, as the viewer may see it (replaced in one step: no scroll jump)
  let boardEl;
  if (handover) {
    boardEl = html('div', { class: 'board-hidden' }, `The board is hidden until ${game.seatName(who)} takes the device.`);
  } else {
    const json = v === null ? s.toJSON() : s.observation(v);
    boardEl = game.draw({
      state: s, json, viewer: v, active: !!turn, picker: turn && turn.picker, ui: turn ? turn.ui : {}, moves: turn && turn.moves,
      positionId: s.game === 'backgammon' ? `${s.positionId()}:${s.matchId()}` : null,
      pick, tapSteps, play: playHuman, redraw: render,
    });
  }
  $('board').replaceChildren(boardEl);
  $('board').dataset.game = s.game;

  // the status line
  let status;
  if (over) status = 'Game over';
  else if (who === alea.PLAYER_CHANCE) status = 'Dice to throw…';
  else if (handover) status = `${game.seatName(who)} to play: hand over the device`;
  else status = `${game.seatName(who)} to play${humanTurn ? (humans().length > 1 ? ' (you)' : ' — your turn') : ` (${g.seats[who]} bot)`}`;
  $('status').textContent = status;
  document.body.dataset.phase = over ? 'over' : handover ? 'handover' : who === alea.PLAYER_CHANCE ? 'chance' : humanTurn ? 'human' : 'bot';

  // the move in progress: steps chosen, choices, actions, commit
  const picker = turn && turn.picker;
  const done = picker && picker.complete();
  const chosen = picker ? picker.chosen : [];
  $('partial').textContent = chosen.length ? `Your move so far: ${chosen.filter((x) => !x.auto || x.button).map((x) => x.label).join(' · ')}` : '';
  const choices = turn ? (turn.choices || picker.next().filter((x) => x.button)) : [];
  const prompt = choices.length && choices[0].prompt && choices.every((x) => x.prompt === choices[0].prompt)
    ? [html('span', { class: 'prompt' }, choices[0].prompt)] : [];
  $('choices').replaceChildren(...prompt, ...choices.map((st) => {
    const b = button(st.label, () => pick(st), 'choice');
    if (st.aria) b.setAttribute('aria-label', st.aria);
    if (game.decorate) game.decorate(b, st);
    return b;
  }));
  const actions = turn && !chosen.length ? turn.moves.buttons : [];
  $('actions').replaceChildren(...actions.map((a) => {
    const b = button(a.label, () => playHuman(a.text), 'action');
    b.dataset.move = a.text;
    return b;
  }));
  $('commit').hidden = !done;
  if (done) {
    $('commit').textContent = `Play ${done.text}`;
    $('commit').dataset.move = done.text;
  }
  $('stepback').hidden = !chosen.length;
  $('undo').hidden = g.secret || humans().length === 0;
  $('undo').disabled = !g.snapshots.length || handover;
  $('hint').disabled = !turn;
  $('move').disabled = $('apply').disabled = !turn;

  // the hand-over screen between two humans' turns (hidden information)
  $('handover').hidden = !handover;
  if (handover) {
    $('handoverhead').textContent = `Pass the device to ${game.seatName(who)}`;
    $('reveal').textContent = `I am ${game.seatName(who)}: show my view`;
  }
  $('secrecy').hidden = !g.secret;

  // the game over panel, explaining the score
  $('over').hidden = !over;
  if (over) $('overtext').textContent = game.explain(s.toJSON(), s.result());

  // the history, in the viewer's own view (hidden during a hand-over)
  const hist = $('history');
  const reader = handover ? 'nobody' : String(v);
  if (hist.dataset.reader !== reader || hist.children.length > g.history.length) {
    hist.textContent = '';
    hist.dataset.reader = reader;
  }
  if (!handover) {
    const start = hist.children.length;
    if (start < g.history.length) {
      hist.append(...g.history.slice(start).map((e) => html('li', {}, historyText(e, v))));
      hist.scrollTop = hist.scrollHeight; // the list scrolls, never the page
    }
  }
  if (!$('moves').hidden) listMoves();

  // keyboard play: focus stays in the game (without scrolling the page)
  if (hadFocus && !focused.isConnected) {
    const next = [...document.querySelectorAll('#reveal, #commit, #choices button, #board .dest, #board .target, #board button:not(:disabled), #actions button')]
      .find((e) => e.getClientRects().length > 0);
    if (next) next.focus({ preventScroll: true });
  }
}

function listMoves() {
  const ol = $('moves');
  ol.textContent = '';
  if (!g.turn) return;
  for (const m of g.state.legalMoves()) {
    const li = html('li');
    li.appendChild(button(m, () => playHuman(m), 'legal'));
    ol.appendChild(li);
  }
}

function showRules() {
  const id = $('game').value;
  $('ruleshead').textContent = `Rules: ${$('game').selectedOptions[0].textContent}`;
  $('rulestext').replaceChildren(...RULES[id].map((p) => html('p', {}, p)));
  $('rulesbox').showModal();
}

// ---- Play online (online.js): a seat's view on the same boards ------------
// The server's referee decides everything there: the page draws the view it
// sends (the referee's JSON observation, the shape of state.observation(seat))
// with the game's board and, on this seat's turn, offers the steps of the
// legal moves the server sent, built with a Picker as a human's move here; a
// finished move is sent to the server, which refuses it or sends the next view.
const online = { key: null, turn: null, state: null };

// What the game's moves() reads: the view's own text read back by the library
// when it gives the very legal moves the server sent (a game without hidden
// information), else only the legal list (enough for the boards whose steps
// are the moves' texts: backgammon, Plateau).
function onlineState(view, legal, seat) {
  try {
    const s = alea.State.fromText(view.text);
    if (s.currentPlayer === seat && s.legalMoves().join('\n') === legal.join('\n')) return s;
    s.free();
  } catch {
    // not a state's text: a seat's observation of hidden information
  }
  return { legalMoves: () => [...legal], currentPlayer: seat, toJSON: () => view, free() {} };
}

function onlineTurn(game, view, seat, legal) {
  if (online.state) online.state.free();
  online.state = onlineState(view, legal, seat);
  try {
    const moves = GAMES[game].moves(online.state);
    return { moves, picker: new Picker(moves.moves, { unordered: GAMES[game].unordered }), ui: {}, choices: null };
  } catch {
    return null; // this board needs the whole state: the listed legal moves still play
  }
}

// drawBoard for mountOnline(): the board of `seat`'s view; `turn` ({legal,
// send}) on this seat's turn makes the board's targets and the move's buttons
// live.  The element redraws itself on each tap.
function drawView(game, view, seat, turn = null) {
  const mod = GAMES[game];
  if (!mod || !view || !view.state) return null;
  const legal = turn ? turn.legal : [];
  const key = JSON.stringify([game, seat, view.text, legal]);
  if (online.key !== key) {
    online.key = key;
    online.turn = legal.length ? onlineTurn(game, view, seat, legal) : null;
  }
  const t = online.turn;
  const box = html('div', { class: 'online-view' });
  const send = (text) => {
    if (t) {
      t.picker.clear();
      t.choices = null;
      t.ui = {};
    }
    turn.send(text);
    redraw();
  };
  const pickStep = (step) => {
    t.picker.choose(step);
    t.choices = null;
    const done = t.picker.complete();
    if (done && mod.confirm === false && t.picker.next().length === 0) send(done.text);
    else redraw();
  };
  const tapSteps = (steps) => {
    if (steps.length === 1) pickStep(steps[0]);
    else {
      t.choices = steps;
      redraw();
    }
  };
  function redraw() {
    const board = mod.draw({
      state: null, json: view, viewer: seat, active: !!t, picker: t && t.picker, ui: t ? t.ui : {}, moves: t && t.moves,
      positionId: null, pick: pickStep, tapSteps, play: send, redraw,
    });
    if (!t) {
      box.replaceChildren(board);
      return;
    }
    const { picker } = t;
    const done = picker.complete();
    const chosen = picker.chosen;
    const bar = html('div', { class: 'online-turn', role: 'group', 'aria-label': 'Your move' });
    if (chosen.length) {
      bar.appendChild(html('p', { class: 'online-partial' },
        `Your move so far: ${chosen.filter((x) => !x.auto || x.button).map((x) => x.label).join(' · ')}`));
    }
    const choices = t.choices || picker.next().filter((x) => x.button);
    if (choices.length && choices[0].prompt && choices.every((x) => x.prompt === choices[0].prompt)) {
      bar.appendChild(html('span', { class: 'prompt' }, choices[0].prompt));
    }
    for (const st of choices) {
      const b = button(st.label, () => pickStep(st), 'choice');
      if (st.aria) b.setAttribute('aria-label', st.aria);
      if (mod.decorate) mod.decorate(b, st);
      bar.appendChild(b);
    }
    for (const a of chosen.length ? [] : t.moves.buttons) {
      const b = button(a.label, () => send(a.text), 'action');
      b.dataset.move = a.text;
      bar.appendChild(b);
    }
    if (done) {
      const b = button(`Play ${done.text}`, () => send(done.text), 'online-commit');
      b.dataset.move = done.text;
      bar.appendChild(b);
    }
    if (chosen.length) {
      bar.appendChild(button('Undo step', () => {
        picker.undo();
        t.choices = null;
        redraw();
      }, 'online-stepback'));
    }
    box.replaceChildren(board, bar);
  }
  redraw();
  return box;
}

async function main() {
  await alea.init();
  $('version').textContent = `alea ${alea.version()}`;
  renderSeats();
  $('game').addEventListener('change', renderSeats);
  $('options').addEventListener('change', renderSeats);
  $('new').addEventListener('click', newGame);
  $('again').addEventListener('click', newGame);
  $('rules').addEventListener('click', showRules);
  $('commit').addEventListener('click', () => {
    const done = g.turn && g.turn.picker.complete();
    if (done) playHuman(done.text);
  });
  $('stepback').addEventListener('click', () => {
    if (!g.turn) return;
    g.turn.picker.undo();
    g.turn.choices = null;
    render();
  });
  $('undo').addEventListener('click', undo);
  $('reveal').addEventListener('click', () => {
    g.eyes = g.state.currentPlayer;
    render();
  });
  $('moveform').addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (playHuman($('move').value.trim())) $('move').value = '';
  });
  $('hint').addEventListener('click', () => {
    if (!$('hints').hidden) {
      hideHints();
      return;
    }
    say('Thinking…', true);
    // let the page paint the message before the (synchronous) search
    setTimeout(() => {
      say('');
      if (g.turn) showHints(g.state, g.state.currentPlayer, g.hintBot, playHuman, say);
    }, 20);
  });
  $('showmoves').addEventListener('click', () => {
    $('moves').hidden = !$('moves').hidden;
    if (!$('moves').hidden) listMoves();
  });
  backgammon.attachDrag($('board'));
  newGame();
  // Play online: the local game waits while the online section is shown
  backgammon.attachDrag($('online'));
  mountOnline({ container: $('online'), openButton: $('playonline'), spec: specText, drawBoard: drawView,
    onShow: (shown) => {
      $('play').hidden = shown;
      if (shown) clearTimeout(g.timer);
      else if (g.state) advance();
    } });
  $('boot').hidden = true;
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  $('boot').hidden = false;
  $('boot').textContent = `alea could not start: ${e.message}`;
  throw e;
});
