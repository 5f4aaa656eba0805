// The web page: play any alea game against bots or hot-seat.  Every rule is
// the library's (bindings/js): the page shows its legal moves on demand, sends
// what you type to apply(text, {seat}), and shows the reason of a refusal.
// The bots are the game's levels of play (backgammon: beginner ... expert)
// or, in a game without levels, the library's bot kinds; the hint ranks the
// human's legal moves by the game's strongest level (alea_bot_rank).
import * as alea from '../../bindings/js/dist/alea.js';
import { drawBackgammon, drawDicePoker, drawWiseDice, drawPlateau } from './boards.js';
import { mountOnline } from './online.js';

const $ = (id) => document.getElementById(id);
const BOT_DELAY_MS = 250;

let state = null;
let seats = []; // per seat: 'human', a level of play or a bot kind
let seatBots = []; // per seat: an alea.Bot for a level, else null (a kind's quick settings)
let hintBot = null; // the game's strongest level (or the ply kind), for hints
let rng = null; // the dice
let botRng = null; // the bots' choices
let timer = null;

function seatCount(spec) {
  // the number of seats of a spec, asked of the library
  return new alea.State(spec).numPlayers;
}

function specText() {
  const opts = $('options').value.trim();
  return opts ? `${$('game').value} ${opts}` : $('game').value;
}

// The bots a seat may choose: the game's levels of play when it has them,
// else the bot kinds; and the one a bot seat starts with.
function botChoices(spec) {
  let levels = [];
  try {
    levels = alea.botLevels(spec);
  } catch {
    levels = [];
  }
  if (levels.length) {
    return { names: levels, initial: levels.includes('intermediate') ? 'intermediate' : levels[0] };
  }
  return { names: alea.bots(), initial: 'heuristic' };
}

function renderSeats() {
  let n;
  try {
    n = seatCount(specText());
  } catch {
    n = 2;
  }
  const { names, initial } = botChoices(specText());
  const box = $('seats');
  const selects = [...box.querySelectorAll('select')];
  // the same seats and choices: leave the selects alone (a redraw would drop the
  // click of a user who leaves the options field for a seat's select)
  const same = selects.length === n && selects.every((s) =>
    [...s.options].map((o) => o.value).join() === ['human', ...names].join());
  if (same) return;
  const old = selects.map((s) => s.value);
  box.textContent = '';
  for (let i = 0; i < n; i++) {
    const label = document.createElement('label');
    label.textContent = `Seat ${i} `;
    const sel = document.createElement('select');
    sel.id = `seat${i}`;
    for (const name of ['human', ...names]) {
      const o = document.createElement('option');
      o.value = o.textContent = name;
      sel.appendChild(o);
    }
    // keep a seat's choice while it is offered (the same game's options changed)
    const keep = old[i] !== undefined && ['human', ...names].includes(old[i]);
    sel.value = keep ? old[i] : i === 0 ? 'human' : initial;
    label.appendChild(sel);
    box.appendChild(label);
  }
}

function say(text, ok = false) {
  $('message').textContent = text;
  $('message').className = ok ? 'ok' : '';
}

function humans() {
  return seats.map((k, i) => (k === 'human' ? i : -1)).filter((i) => i >= 0);
}

// Whose eyes the board is drawn for: the human to act (hot seat), the only
// human, or nobody (bots only: the whole state, to watch them).
function viewer() {
  const hs = humans();
  if (hs.length === 0) return null;
  const who = state.currentPlayer;
  if (hs.includes(who)) return who;
  return hs.length === 1 ? hs[0] : alea.OBSERVER_PUBLIC;
}

// Whose eyes the move history is written for (it stays on the screen between
// turns): the only human, every seat in a hot-seat game (what a spectator
// sees), or, with no human, the host watching bots (everything).
function witness() {
  const hs = humans();
  if (hs.length === 0) return null;
  return hs.length === 1 ? hs[0] : alea.OBSERVER_PUBLIC;
}

// A legal action of the current state as the history's reader may see it: the
// library's move observation (Plateau masks the faces he has not seen, R11).
function told(action) {
  const w = witness();
  return w === null ? state.actionToText(action) : state.actionObservation(action, w);
}

function view() {
  const v = viewer();
  return v === null ? state.toJSON() : state.observation(v);
}

function render() {
  const j = view();
  const s = j.state;
  const board = $('board');
  board.textContent = '';
  const game = state.game;
  if (game === 'backgammon') board.appendChild(drawBackgammon({ ...s, score: j.scores }));
  else if (game === 'dice-poker') board.appendChild(drawDicePoker(s, j.scores));
  else if (game === 'wise-dice') board.appendChild(drawWiseDice(s));
  else if (game === 'plateau') board.appendChild(drawPlateau(s, viewer()));
  board.dataset.game = game;

  const who = state.currentPlayer;
  let status;
  if (state.isTerminal) {
    const r = state.result();
    status = r.winner >= 0 ? `Game over: seat ${r.winner} wins (${r.score.join(' – ')})`
      : r.draw ? `Game over: a draw (${r.score.join(' – ')})` : `Game over (${r.score.join(' – ')})`;
  } else if (who === alea.PLAYER_CHANCE) {
    status = 'Dice to throw';
  } else {
    const n = state.legalActions().length;
    const cube = game === 'backgammon' && state.legalMoves().some((m) => m === 'double');
    status = `Seat ${who} (${seats[who]}) to play: ${n} legal ${n === 1 ? 'action' : 'actions'}` +
      (cube ? ' (roll or double)' : '');
  }
  $('status').textContent = status;
  document.body.dataset.phase = state.isTerminal ? 'over' : who === alea.PLAYER_CHANCE ? 'chance' : seats[who];
  const humanTurn = !state.isTerminal && who >= 0 && seats[who] === 'human';
  $('move').disabled = $('apply').disabled = $('hint').disabled = !humanTurn;
  $('roll').disabled = who !== alea.PLAYER_CHANCE;
  if (!$('moves').hidden) listMoves();
  // a hint is for the position it was asked in
  if (hintFor !== null && hintFor !== state.toText()) hideHints();
}

// ---- hints: the library's ranking of the human's legal moves ---------------

const HINTS_SHOWN = 10;
let hintFor = null; // the state text the shown hints rank

function hideHints() {
  $('hints').hidden = true;
  $('hintlist').textContent = '';
  hintFor = null;
}

const pct = (p) => `${(100 * p).toFixed(1)}%`;
const signed = (v) => (v >= 0 ? '+' : '\u2212') + Math.abs(v).toFixed(3);

// One ranked move as a list item: its text and value; for backgammon the
// chances after it (win, gammons and backgammons won / lost) and the equity,
// for wise dice the chance to win and the expected margin.
function hintItem(r, best) {
  const li = document.createElement('li');
  const move = document.createElement('span');
  move.className = 'hint-move';
  move.textContent = r.text;
  const val = document.createElement('span');
  val.className = 'hint-value';
  // the difference to the best, where both were valued at the same depth
  const loss = r === best || r.plies !== best.plies ? '' : ` (${signed(r.value - best.value)})`;
  val.textContent = `${state.game === 'backgammon' && r.details.length >= 6 ? 'equity ' : 'value '}${signed(r.value)}${loss}`;
  li.append(move, ' ', val);
  if (r.details.length >= 6) {
    const [win, wg, wbg, lg, lbg] = r.details;
    const d = document.createElement('span');
    d.className = 'hint-details';
    d.textContent = `win ${pct(win)} · gammon ${pct(wg)} / ${pct(lg)} · backgammon ${pct(wbg)} / ${pct(lbg)} · ${r.plies}-ply`;
    li.append(' ', d);
  } else if (state.game === 'wise-dice' && r.details.length === 2) {
    // wise dice: the chance to win (a draw half) and the expected final margin
    const [win, margin] = r.details;
    const d = document.createElement('span');
    d.className = 'hint-details';
    d.textContent = `win ${pct(win)} · margin ${margin >= 0 ? '+' : '\u2212'}${Math.abs(margin).toFixed(1)} points · ${r.plies}-ply`;
    li.append(' ', d);
  }
  li.title = 'play this move';
  li.addEventListener('click', () => {
    if (state.currentPlayer >= 0 && seats[state.currentPlayer] === 'human' && play(r.text, state.currentPlayer)) advance();
  });
  return li;
}

function showHints() {
  const who = state.currentPlayer;
  if (state.isTerminal || who < 0 || seats[who] !== 'human') return;
  const ol = $('hintlist');
  ol.textContent = '';
  let ranked;
  try {
    ranked = hintBot.rank(state, { seat: who });
  } catch (e) {
    say(e instanceof alea.AleaError ? `no hint: ${e.status}: ${e.reason || e.message}` : String(e));
    return;
  }
  $('hinthead').textContent = `Best ${Math.min(HINTS_SHOWN, ranked.length)} of ${ranked.length} for seat ${who}, ` +
    `by ${hintBot.level ? `the ${hintBot.level} level` : `the ${hintBot.kind} bot`}:`;
  for (const r of ranked.slice(0, HINTS_SHOWN)) ol.appendChild(hintItem(r, ranked[0]));
  $('hints').hidden = false;
  hintFor = state.toText();
}

function record(text, who) {
  const li = document.createElement('li');
  li.textContent = who === alea.PLAYER_CHANCE ? text : `seat ${who}: ${text}`;
  $('history').appendChild(li);
  li.scrollIntoView({ block: 'nearest' });
}

// Applies a move as `seat` (the library checks the seat, the phase and the
// rules, in that order); records it as the history's reader may see it.
function play(text, seat) {
  let action;
  try {
    state.check(text, { seat });
    action = state.actionFromText(text);
    const seen = told(action);
    state.apply(action, { seat });
    record(seen, seat);
  } catch (e) {
    say(e instanceof alea.AleaError ? `${e.status}: ${e.reason || e.message}` : String(e));
    return false;
  }
  say('');
  return true;
}

function rollDice() {
  const before = state.clone();
  const outcome = state.roll(rng);
  record(before.actionToText(outcome), alea.PLAYER_CHANCE);
}

// Throws the dice and plays the bots until a human must act or the game ends.
function advance() {
  clearTimeout(timer);
  render();
  if (state.isTerminal) return;
  const who = state.currentPlayer;
  if (who === alea.PLAYER_CHANCE) {
    timer = setTimeout(() => {
      rollDice();
      advance();
    }, BOT_DELAY_MS);
    return;
  }
  if (seats[who] !== 'human') {
    timer = setTimeout(() => {
      const a = seatBots[who] ? seatBots[who].choose(state, botRng, { seat: who })
        : alea.botChoose(state, seats[who], botRng);
      const text = told(a); // written before the move, in the state it is played in
      state.apply(a, { seat: who });
      record(text, who);
      advance();
    }, BOT_DELAY_MS);
  }
}

function listMoves() {
  const ol = $('moves');
  ol.textContent = '';
  if (state.isTerminal) return;
  for (const m of state.legalMoves()) {
    const li = document.createElement('li');
    li.textContent = m;
    li.addEventListener('click', () => {
      if (state.currentPlayer >= 0 && seats[state.currentPlayer] === 'human' && play(m, state.currentPlayer)) advance();
    });
    ol.appendChild(li);
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
  clearTimeout(timer);
  const seed = seedValue();
  if (seed === null) return;
  let next;
  try {
    next = new alea.State(specText());
  } catch (e) {
    say(e.status ? `${e.status}: ${e.reason}` : `${e.message}`);
    return;
  }
  if (state) state.free();
  state = next;
  seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  // a Bot (with its wasm workspace) per seat that plays a level, and one for hints
  for (const b of [...seatBots, hintBot]) if (b) b.free();
  const levels = alea.botLevels(state);
  seatBots = seats.map((s) => (levels.includes(s) ? new alea.Bot(s, state) : null));
  hintBot = new alea.Bot(levels.length ? levels[levels.length - 1] : 'ply', state);
  hideHints();
  rng = new alea.Rng(seed);
  botRng = rng.clone().jump();
  $('history').textContent = '';
  $('moves').hidden = true;
  say(`New game: ${state.spec}`, true);
  advance();
}

// Play online (online.js): the board of a seat's view (the referee's JSON
// observation, the same shape as state.observation(seat)).
function drawView(game, j, seat) {
  const s = j.state;
  if (game === 'backgammon') return drawBackgammon({ ...s, score: j.scores });
  if (game === 'dice-poker') return drawDicePoker(s, j.scores);
  if (game === 'wise-dice') return drawWiseDice(s);
  if (game === 'plateau') return drawPlateau(s, seat);
  return null;
}

async function main() {
  await alea.init();
  $('version').textContent = `alea ${alea.version()}`;
  renderSeats();
  $('game').addEventListener('change', renderSeats);
  $('options').addEventListener('change', renderSeats);
  $('new').addEventListener('click', newGame);
  $('moveform').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const who = state.currentPlayer;
    if (play($('move').value.trim(), who >= 0 ? who : 0)) {
      $('move').value = '';
      advance();
    }
  });
  $('roll').addEventListener('click', () => {
    if (state.isChance) {
      rollDice();
      advance();
    }
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
      showHints();
    }, 20);
  });
  $('showmoves').addEventListener('click', () => {
    $('moves').hidden = !$('moves').hidden;
    if (!$('moves').hidden) listMoves();
  });
  newGame();
  mountOnline({ container: $('online'), openButton: $('playonline'), spec: specText, drawBoard: drawView,
    onShow: (shown) => { $('play').hidden = shown; } });
  // for tests and the console: the live state and the module
  window.aleaPage = { alea, get state() { return state; }, get seats() { return seats; } };
  $('boot').hidden = true;
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  $('boot').textContent = `alea could not start: ${e.message}`;
  say(`could not start: ${e.message}`);
  throw e;
});
