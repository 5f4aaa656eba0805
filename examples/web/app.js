// The web page: play any alea game against bots or hot-seat.  Every rule is
// the library's (bindings/js): the page shows its legal moves on demand, sends
// what you type to apply(text, {seat}), and shows the reason of a refusal.
import * as alea from '../../bindings/js/dist/alea.js';
import { drawBackgammon, drawDicePoker, drawWiseDice, drawPlateau } from './boards.js';

const $ = (id) => document.getElementById(id);
const BOT_DELAY_MS = 250;

let state = null;
let seats = []; // per seat: 'human' or a bot kind
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

function renderSeats() {
  let n;
  try {
    n = seatCount(specText());
  } catch {
    n = 2;
  }
  const box = $('seats');
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  box.textContent = '';
  for (let i = 0; i < n; i++) {
    const label = document.createElement('label');
    label.textContent = `Seat ${i} `;
    const sel = document.createElement('select');
    sel.id = `seat${i}`;
    for (const kind of ['human', ...alea.bots()]) {
      const o = document.createElement('option');
      o.value = o.textContent = kind;
      sel.appendChild(o);
    }
    sel.value = old[i] ?? (i === 0 ? 'human' : 'heuristic');
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
  $('move').disabled = $('apply').disabled = !humanTurn;
  $('roll').disabled = who !== alea.PLAYER_CHANCE;
  if (!$('moves').hidden) listMoves();
}

function record(text, who) {
  const li = document.createElement('li');
  li.textContent = who === alea.PLAYER_CHANCE ? text : `seat ${who}: ${text}`;
  $('history').appendChild(li);
  li.scrollIntoView({ block: 'nearest' });
}

// Applies a move as `seat` (the library checks the seat, the phase and the
// rules, in that order); records it in the canonical notation.
function play(text, seat) {
  let action;
  try {
    state.check(text, { seat });
    action = state.actionFromText(text);
    const canonical = state.actionToText(action);
    state.apply(action, { seat });
    record(canonical, seat);
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
      const a = alea.botChoose(state, seats[who], botRng);
      // a move's notation may name faces the watching human has not seen (Plateau,
      // R11): then it is announced without it, and the board shows what he may see
      const v = viewer();
      const hidden = v !== null && state.observationText(v) !== state.toText();
      const text = hidden ? 'moved (hidden information)' : state.actionToText(a);
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

function newGame() {
  clearTimeout(timer);
  try {
    state = new alea.State(specText());
  } catch (e) {
    say(`${e.status}: ${e.reason}`);
    return;
  }
  seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  const seed = BigInt($('seed').value.trim() || '1');
  rng = new alea.Rng(seed);
  botRng = rng.clone().jump();
  $('history').textContent = '';
  $('moves').hidden = true;
  say(`New game: ${state.spec}`, true);
  advance();
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
  $('showmoves').addEventListener('click', () => {
    $('moves').hidden = !$('moves').hidden;
    if (!$('moves').hidden) listMoves();
  });
  newGame();
  // for tests and the console: the live state and the module
  window.aleaPage = { alea, get state() { return state; }, get seats() { return seats; } };
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  say(`could not start: ${e.message}`);
  throw e;
});
