// alea for JavaScript: the C library compiled to WebAssembly, with the
// generic API as idiomatic classes.  Every rule lives in the C library; this
// module only moves bytes and text across the boundary.
//
//   import * as alea from 'alea';
//   await alea.init();
//   const state = new alea.State('dice-poker players=2');
//   const rng = new alea.Rng(42);
//   while (!state.isTerminal)
//     state.isChance ? state.roll(rng) : state.apply(alea.botChoose(state, 'greedy', rng));
//
// States are values: a State holds a copy of the C state's bytes in JS memory
// (no pointer into the wasm heap), so nothing needs freeing and a State can be
// cloned, stored or posted to a worker.  Actions are BigInts (uint64_t).
import createAleaModule from './alea_wasm.js';
import { CONSTANTS as C, STATUS_NAMES, STRUCTS } from './alea_api.js';

let M = null; // the emscripten module once init() has run
let scratch = null; // fixed scratch areas in the wasm heap
// The State whose bytes the scratch state holds right now (copying them in
// again is skipped); every write to the scratch state goes through _in/_out.
let occupant = null;

// Sizes and field offsets of the C types on wasm32, and the headers' constants:
// alea_api.js, which bindings/describe_api.py writes from the API description.
const STATE_MAX_SIZE = C.ALEA_STATE_MAX_SIZE;
const MAX_ACTIONS = C.ALEA_MAX_ACTIONS;
const ERROR = STRUCTS.alea_error;
const OUTCOME = STRUCTS.alea_outcome;
const RESULT = STRUCTS.alea_result;
const RNG_SIZE = STRUCTS.alea_rng.size;
const GAME_INFO = STRUCTS.alea_game_info;
const OPTION_INFO = STRUCTS.alea_option_info;
const CHANCE_MAX = 1024;

/** Seat numbers of alea_state_current_player() besides 0..players-1. */
export const PLAYER_CHANCE = C.ALEA_PLAYER_CHANCE;
export const PLAYER_TERMINAL = C.ALEA_PLAYER_TERMINAL;
export const PLAYER_INVALID = C.ALEA_PLAYER_INVALID;
/** The spectator's seat for observations: what everybody may see. */
export const OBSERVER_PUBLIC = C.ALEA_OBSERVER_PUBLIC;

/** Base class of every error the library reports: status name, code, reason, offset, line. */
export class AleaError extends Error {
  constructor(code, reason, offset = -1, line = 0) {
    const name = STATUS_NAMES[code] ?? `STATUS_${code}`;
    super(reason ? `${name}: ${reason}` : name);
    this.name = this.constructor.name;
    /** The status constant's name without the ALEA_ prefix, e.g. "ILLEGAL_ACTION". */
    this.status = name;
    /** The numeric alea_status. */
    this.code = code;
    /** The library's reason in words, citing the rule broken ("" if none). */
    this.reason = reason ?? '';
    /** Byte offset in the parsed text where the problem is, or -1. */
    this.offset = offset;
    /** 1-based line of a record, or 0. */
    this.line = line;
  }
}
export class InvalidArgument extends AleaError {}
export class IllegalAction extends AleaError {}
export class ParseError extends AleaError {}
export class BufferTooSmall extends AleaError {}
export class WrongPhase extends AleaError {}
export class OutOfMemory extends AleaError {}
export class NotFound extends AleaError {}
export class BadOption extends AleaError {}
export class InvalidState extends AleaError {}
export class AbiMismatch extends AleaError {}
export class Unsupported extends AleaError {}
export class WrongPlayer extends AleaError {}
const ERROR_CLASSES = [
  AleaError, InvalidArgument, IllegalAction, ParseError, BufferTooSmall, WrongPhase, OutOfMemory,
  NotFound, BadOption, InvalidState, AbiMismatch, Unsupported, WrongPlayer,
];

function makeError(code, reason, offset, line) {
  const Cls = ERROR_CLASSES[code] ?? AleaError;
  return new Cls(code, reason, offset, line);
}

/**
 * Loads the WebAssembly module (once; later calls return at once).  In node the
 * .wasm file beside this module is read from disk; in a browser it is fetched
 * relative to this module's URL.  `options.wasmBinary` (bytes) or
 * `options.wasmUrl` override that.
 */
export async function init(options = {}) {
  if (M) return;
  const args = {};
  if (options.wasmBinary) {
    args.wasmBinary = options.wasmBinary;
  } else if (options.wasmUrl) {
    args.locateFile = () => String(options.wasmUrl);
  } else if (typeof process !== 'undefined' && process.versions && process.versions.node) {
    const fs = await import('node:fs');
    args.wasmBinary = fs.readFileSync(new URL('./alea_wasm.wasm', import.meta.url));
  }
  const mod = await createAleaModule(args);
  const at = (n) => {
    const p = mod._malloc(n);
    if (!p) throw new OutOfMemory(6, 'could not allocate the wrapper\'s scratch memory');
    mod.HEAPU8.fill(0, p, p + n);
    return p;
  };
  scratch = {
    state: at(STATE_MAX_SIZE),
    state2: at(STATE_MAX_SIZE),
    err: at(ERROR.size),
    actions: at(MAX_ACTIONS * 8),
    outcomes: at(CHANCE_MAX * OUTCOME.size),
    result: at(RESULT.size),
    rng: at(RNG_SIZE),
    u64: at(8),
    size: at(8),
    info: at(GAME_INFO.size),
    option: at(OPTION_INFO.size),
    text: at(1 << 16),
    textCap: 1 << 16,
    input: at(1024),
    inputCap: 1024,
  };
  M = mod;
  checkBotLayout();
}

function need() {
  if (!M) throw new Error('alea: call `await alea.init()` first');
  return M;
}

// ---- memory helpers --------------------------------------------------------

function u32(p) {
  return M.HEAPU32[p >>> 2];
}
function i32(p) {
  return M.HEAP32[p >>> 2];
}
function f64(p) {
  return M.HEAPF64[p >>> 3];
}
function u64(p) {
  return M.HEAPU64 ? M.HEAPU64[p >>> 3] : new BigUint64Array(M.HEAPU8.buffer, p, 1)[0];
}
function cstr(p) {
  return p ? M.UTF8ToString(p) : null;
}

// Writes a JS string as UTF-8 into the input area (grown as needed); returns
// [pointer, byte length].  A string with a NUL inside reaches the library
// whole, through the length-taking entry points, which refuse it.
function input(text, slot = 0) {
  if (typeof text !== 'string') throw new TypeError(`expected a string, got ${typeof text}`);
  const n = M.lengthBytesUTF8(text);
  const key = slot ? `input${slot}` : 'input';
  const capKey = slot ? `inputCap${slot}` : 'inputCap';
  if (!scratch[key] || scratch[capKey] < n + 1) {
    if (scratch[key]) M._free(scratch[key]);
    scratch[capKey] = Math.max(1024, n + 1);
    scratch[key] = M._malloc(scratch[capKey]);
  }
  M.stringToUTF8(text, scratch[key], n + 1);
  return [scratch[key], n];
}

// Throws the error of a failed call.  Functions that take an alea_error fill
// it (status, reason, offset, line); the others only return a status.
function check(status) {
  if (status === 0) return;
  const e = scratch.err;
  const f = ERROR.fields;
  const filled = i32(e + f.status) === status;
  const reason = filled ? M.UTF8ToString(e + f.message) : '';
  const offset = filled ? i32(e + f.offset) : -1;
  const line = filled ? i32(e + f.line) : 0;
  M.HEAP32[e >>> 2] = 0; // consumed: a later status without a reason must not reuse it
  throw makeError(status, reason, offset, line);
}

// Calls a text writer with the snprintf contract, growing the buffer on
// ALEA_BUFFER_TOO_SMALL.  `call(buf, cap, lenOut)` returns a status.
function writeText(call) {
  for (;;) {
    const s = call(scratch.text, scratch.textCap, scratch.size);
    if (s === 4) {
      const want = u32(scratch.size) + 1;
      M._free(scratch.text);
      scratch.textCap = Math.max(want, scratch.textCap * 2);
      scratch.text = M._malloc(scratch.textCap);
      continue;
    }
    check(s);
    return M.UTF8ToString(scratch.text, u32(scratch.size));
  }
}

// A uint64_t: a BigInt or a safe integer in 0 .. 2^64-1; wasm would take a larger
// BigInt modulo 2^64, so it is refused (issue 24 item 5).
function uint64Arg(a, what) {
  if (typeof a === 'bigint') {
    if (a < 0n || a > 0xffffffffffffffffn) throw new RangeError(`${what} ${a} is not a uint64`);
    return a;
  }
  if (typeof a === 'number') {
    if (!Number.isSafeInteger(a) || a < 0) throw new RangeError(`${what} ${a} is not a uint64`);
    return BigInt(a);
  }
  throw new TypeError(`expected ${what} (bigint or number), got ${typeof a}`);
}

// Only a generator's own bytes may go where the C side takes an alea_rng: a State
// there would have its bytes drawn from as a generator (a wasm trap followed).
function rngArg(rng) {
  if (!(rng instanceof Rng)) throw new TypeError('expected an alea.Rng');
  return rng;
}

function toAction(a) {
  return uint64Arg(a, 'an action');
}

// A C int: wasm passes a JS number to an i32 modulo 2^32, so 2**32 + 1 would
// arrive as 1 and -2**32 as 0; anything outside -2^31 .. 2^31-1 is refused
// instead (issue 24 item 5).
function int32Arg(v, what) {
  if (!Number.isInteger(v)) throw new TypeError(`${what} must be an integer, got ${v}`);
  if (v < -2147483648 || v > 2147483647) {
    throw new RangeError(`${what} ${v} is outside the C int range -2^31 .. 2^31-1`);
  }
  return v;
}

function seatArg(seat) {
  return int32Arg(seat, 'seat');
}

// The bytes of a state or generator: a Uint8Array of the size the C side reads
// and writes, so that no other array can stand in for them (issue 24 item 5).
function checkedBytes(value, size, what) {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${what} bytes must be a Uint8Array`);
  if (value.length !== size) {
    throw new RangeError(`${what} bytes: ${value.length} bytes, not ${size}`);
  }
  return value;
}

// ---- games -----------------------------------------------------------------

/** The library's version string, e.g. "1.0.0". */
export function version() {
  return need().UTF8ToString(M._alea_version_string());
}

function gameInfo(g) {
  check(M._alea_game_get_info(scratch.info, g));
  const p = scratch.info;
  const gi = GAME_INFO.fields;
  const of = OPTION_INFO.fields;
  const info = {
    id: cstr(u32(p + gi.id)),
    title: cstr(u32(p + gi.title)),
    summary: cstr(u32(p + gi.summary)),
    minPlayers: i32(p + gi.min_players),
    maxPlayers: i32(p + gi.max_players),
    maxActions: u32(p + gi.max_actions),
    maxChanceOutcomes: u32(p + gi.max_chance_outcomes),
    stateSize: u32(p + gi.state_size),
    options: [],
  };
  const count = u32(p + gi.option_count);
  const kinds = ['int', 'bool', 'choice'];
  for (let i = 0; i < count; i++) {
    check(M._alea_game_option(scratch.option, g, i));
    const o = scratch.option;
    const choices = cstr(u32(o + of.choices));
    info.options.push({
      name: cstr(u32(o + of.name)),
      help: cstr(u32(o + of.help)),
      kind: kinds[i32(o + of.kind)] ?? String(i32(o + of.kind)),
      min: i32(o + of.min),
      max: i32(o + of.max),
      default: i32(o + of.def),
      choices: choices ? choices.split('|') : null,
    });
  }
  return info;
}

/** Every registered game: id, title, summary, seats, bounds and options. */
export function games() {
  need();
  const out = [];
  const n = M._alea_game_count();
  for (let i = 0; i < n; i++) out.push(gameInfo(M._alea_game_at(i)));
  return out;
}

/** One game's info by id; throws NotFound. */
export function game(id) {
  need();
  const [p] = input(id);
  const g = M._alea_game_find(p);
  if (!g) throw new NotFound(7, `no game '${id}'`);
  return gameInfo(g);
}

// ---- random numbers --------------------------------------------------------

/** The library's generator (xoshiro256** seeded by SplitMix64): same seed, same game
    in C, Python and JavaScript. */
export class Rng {
  /** The generator's bytes (a Uint8Array of RNG_SIZE bytes; another size is refused). */
  get bytes() {
    return this._bytes;
  }
  set bytes(value) {
    this._bytes = checkedBytes(value, RNG_SIZE, 'generator');
  }
  constructor(seed = 0n) {
    need();
    if (typeof seed !== 'bigint' && !Number.isSafeInteger(seed)) {
      throw new TypeError(`a seed is a bigint or an integer, got ${typeof seed === 'number' ? seed : typeof seed}`);
    }
    // the seed's low 64 bits, as the C side takes them
    M._alea_rng_seed(scratch.rng, BigInt.asUintN(64, BigInt(seed)));
    this.bytes = M.HEAPU8.slice(scratch.rng, scratch.rng + RNG_SIZE);
  }
  _in() {
    M.HEAPU8.set(this.bytes, scratch.rng);
    return scratch.rng;
  }
  _out() {
    this.bytes = M.HEAPU8.slice(scratch.rng, scratch.rng + RNG_SIZE);
  }
  /** The next 64-bit output. */
  next() {
    const v = M._alea_rng_next(this._in());
    this._out();
    return BigInt.asUintN(64, v);
  }
  /** A uniform integer below `bound` (> 0), unbiased. */
  below(bound) {
    const v = M._alea_rng_below(this._in(), uint64Arg(bound, 'a bound'));
    this._out();
    return BigInt.asUintN(64, v);
  }
  /** A fair die with `sides` faces: 1..sides. */
  die(sides = 6) {
    const v = M._alea_rng_die(this._in(), int32Arg(sides, 'sides'));
    this._out();
    return v;
  }
  /** Advances by 2^128 outputs: independent streams from one seed. */
  jump() {
    M._alea_rng_jump(this._in());
    this._out();
    return this;
  }
  clone() {
    const r = Object.create(Rng.prototype);
    r.bytes = this.bytes.slice();
    return r;
  }
}

// ---- bots ------------------------------------------------------------------

// alea_bot_options (version 3) and alea_ranked_action on wasm32 (include/alea/bot.h);
// init() checks the offsets against the library's own defaults.
const BOT_OPTIONS_VERSION = 3;
const BOT_OPTIONS_SIZE = 80;
const BOT_FIELDS = {
  // name: [byte offset, type]
  depth: [8, 'i32'],
  playouts: [12, 'i32'],
  exploration: [16, 'f64'],
  maxNodes: [24, 'i32'],
  playoutPlies: [28, 'i32'],
  nodeBudget: [32, 'i64'],
  plies: [48, 'i32'],
  noise: [56, 'f64'],
  filterKeep: [64, 'i32'],
  filterMargin: [72, 'f64'],
};
const RANKED_SIZE = 72; // uint64 action, double value, int32 plies, uint32 count, double[6]
const RANK_DETAILS = 6;

/** The bot kinds, by name: random, greedy, expectimax, mcts, heuristic, ply. */
export function bots() {
  need();
  const out = [];
  for (let k = 0; ; k++) {
    const p = M._alea_bot_name(k);
    if (!p) return out;
    out.push(M.UTF8ToString(p));
  }
}

function botKind(kind) {
  if (typeof kind === 'number') {
    int32Arg(kind, 'bot kind'); /* RangeError outside the C int range */
    if (kind < 0 || kind >= bots().length) {
      throw new InvalidArgument(1, `no bot kind ${kind} (kinds 0..${bots().length - 1}: ${bots().join(', ')})`);
    }
    return kind;
  }
  const [p] = input(String(kind));
  const k = M._alea_bot_find(p);
  if (k < 0) throw new InvalidArgument(1, `no bot '${kind}' (bots: ${bots().join(', ')})`);
  return k;
}

/** A legal action for the seat to act, chosen by a bot of this kind (quick settings,
    no allocation), with `rng` for its random choices. */
export function botChoose(state, kind, rng) {
  need();
  if (!(state instanceof State)) throw new TypeError('expected an alea.State');
  rngArg(rng);
  const k = botKind(kind);
  state._in();
  const s = M._alea_bot_choose(scratch.u64, scratch.state, k, rng._in());
  rng._out();
  check(s);
  return u64(scratch.u64);
}

// The C game handle of a game id, a spec ("backgammon match=5") or a State.
function gameHandle(game) {
  if (game instanceof State) return M._alea_state_game(game._in());
  if (typeof game !== 'string') {
    throw new TypeError(`expected a game id, a spec or a State, got ${typeof game}`);
  }
  const [p] = input(game);
  const g = M._alea_game_find(p);
  if (g) return g;
  return M._alea_state_game(new State(game)._in()); // a spec; throws NotFound, BadOption
}

function levelNames(g) {
  const out = [];
  for (;;) {
    const p = M._alea_bot_level_name(g, out.length);
    if (!p) return out;
    out.push(M.UTF8ToString(p));
  }
}

/** The game's named levels of play, weakest first (e.g. backgammon: beginner ...
    expert); empty for a game without levels.  `new Bot(level, game)` plays one. */
export function botLevels(game) {
  need();
  return levelNames(gameHandle(game));
}

function seatToAct(state, seat) {
  if (!(state instanceof State)) throw new TypeError('expected an alea.State');
  if (seat === undefined) return;
  seatArg(seat);
  const n = state.numPlayers;
  if (seat < 0 || seat >= n) {
    throw new InvalidArgument(1, `no seat ${seat} in this ${n}-player game (seats 0..${n - 1})`);
  }
  const who = state.currentPlayer;
  if (who >= 0 && who !== seat) throw new WrongPlayer(12, `seat ${who} is to act, not seat ${seat}`);
}

// Frees a Bot's wasm memory if its owner forgot free(): the safety net.
const botMemory = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((mem) => freeBotMemory(mem)) : null;
function freeBotMemory(mem) {
  if (!M) return;
  for (const key of ['opts', 'ws', 'ranked']) {
    if (mem[key]) M._free(mem[key]);
    mem[key] = 0;
  }
}

/**
 * A bot with parameters and its own workspace in wasm memory, for one game
 * (alea_bot_choose_with, alea_bot_rank).
 *
 *   const bot = new alea.Bot('expert', 'backgammon');     // a level of the game
 *   const bot2 = new alea.Bot('mcts', 'wise-dice', { playouts: 300 });
 *   state.apply(bot.choose(state, rng));
 *   bot.rank(state)  // [{action, text, value, plies, details}, ...] best first
 *   bot.free();
 *
 * `kind` is a kind name (bots()), its number, or one of the game's levels
 * (botLevels(game)); `game` a game id, a spec or a State.  Parameters (all
 * optional, checked by the library): depth (expectimax), playouts, exploration,
 * maxNodes, playoutPlies (mcts), nodeBudget (expectimax and mcts: nodes a
 * decision may take, 0 = a million), plies, noise, filterKeep, filterMargin
 * (ply).  With a level, they change that level's options.
 *
 * The workspace is allocated once, here; free() releases it (a
 * FinalizationRegistry frees it too if the Bot is collected first).
 */
export class Bot {
  constructor(kind, game, params = {}) {
    need();
    const g = gameHandle(game);
    const levels = levelNames(g);
    let level = null;
    if (typeof kind === 'string' && !bots().includes(kind)) {
      if (!levels.includes(kind)) {
        const gameId = M.UTF8ToString(M._alea_game_id(g));
        throw new InvalidArgument(1, `no bot or level '${kind}' for ${gameId} (bots: ${bots().join(', ')}; ` +
          `levels: ${levels.join(', ') || 'none'})`);
      }
      level = kind;
    }
    const k = level === null ? botKind(kind) : -1;
    if (params === null || typeof params !== 'object') throw new TypeError('params must be an object');
    for (const key of Object.keys(params)) {
      if (!(key in BOT_FIELDS)) {
        throw new InvalidArgument(1, `unknown bot parameter '${key}' (${Object.keys(BOT_FIELDS).join(', ')})`);
      }
    }
    const mem = { opts: 0, ws: 0, ranked: 0 };
    try {
      mem.opts = M._malloc(BOT_OPTIONS_SIZE);
      if (!mem.opts) throw new OutOfMemory(6, 'no memory for the bot options');
      M.HEAPU8.fill(0, mem.opts, mem.opts + BOT_OPTIONS_SIZE);
      if (level !== null) {
        const [p] = input(level);
        check(M._alea_bot_options_level(mem.opts, g, p, scratch.err));
      } else {
        check(M._alea_bot_options_init_version(mem.opts, k, BOT_OPTIONS_VERSION));
      }
      for (const [key, value] of Object.entries(params)) setBotField(mem.opts, key, value);
      check(M._alea_bot_workspace_size(scratch.size, mem.opts, g, scratch.err));
      const size = u32(scratch.size);
      mem.ws = M._malloc(Math.max(size, 1));
      if (!mem.ws) throw new OutOfMemory(6, `no memory for a workspace of ${size} bytes`);
      this._g = g;
      this._mem = mem;
      /** The level of play this bot was made from, or null. */
      this.level = level;
      /** The game's id. */
      this.game = M.UTF8ToString(M._alea_game_id(g));
      /** Bytes of workspace (alea_bot_workspace_size). */
      this.workspaceSize = size;
    } catch (e) {
      freeBotMemory(mem);
      throw e;
    }
    if (botMemory) botMemory.register(this, mem, this);
  }

  _live() {
    need();
    if (!this._mem.opts) throw new InvalidArgument(1, 'this Bot was freed');
    return this._mem;
  }
  _forState(state) {
    if (!(state instanceof State)) throw new TypeError('expected an alea.State');
    if (M._alea_state_game(state._in()) !== this._g) {
      throw new InvalidArgument(1, `this bot plays ${this.game}, not ${state.game}`);
    }
  }

  /** The kind's name ("ply" for the backgammon levels). */
  get kind() {
    return bots()[i32(this._live().opts + 4)];
  }
  /** The options as numbers (depth, playouts, ..., plies, noise, filterKeep, filterMargin). */
  get options() {
    const p = this._live().opts;
    const out = { kind: this.kind };
    for (const key of Object.keys(BOT_FIELDS)) out[key] = getBotField(p, key);
    return out;
  }

  /**
   * A legal action (BigInt) for the seat to act; the state is not changed.  With
   * `{seat}`, only if that seat is to act (WrongPlayer otherwise).  Throws WrongPhase
   * at a chance node or the end.
   */
  choose(state, rng, { seat } = {}) {
    const mem = this._live();
    this._forState(state);
    rngArg(rng);
    seatToAct(state, seat);
    const s = M._alea_bot_choose_with(scratch.u64, state._in(), mem.opts, mem.ws,
      this.workspaceSize, rng._in(), scratch.err);
    if (s === 0) rng._out();
    check(s);
    return u64(scratch.u64);
  }

  /**
   * Every legal action of the seat to act with its value, best first
   * (alea_bot_rank; kinds ply and heuristic, and the levels): a hint.  Each entry is
   * {action, text, value, plies, details}: `value` for the seat to act, larger is
   * better (backgammon: cubeless equity); `plies` the depth that valued it;
   * `details` the game's figures (backgammon moves: the chances to win, win a
   * gammon, win a backgammon, lose a gammon, lose a backgammon, then the equity).
   * With `{seat}`, only if that seat is to act.  Deterministic; the state is not
   * changed.
   */
  rank(state, { seat } = {}) {
    const mem = this._live();
    this._forState(state);
    seatToAct(state, seat);
    check(M._alea_game_get_info(scratch.info, this._g));
    const capacity = Math.max(u32(scratch.info + 20), 1);
    if (!mem.ranked) {
      mem.ranked = M._malloc(capacity * RANKED_SIZE);
      if (!mem.ranked) throw new OutOfMemory(6, 'no memory for the ranked actions');
    }
    check(M._alea_bot_rank(mem.ranked, capacity, scratch.size, state._in(), mem.opts, mem.ws,
      this.workspaceSize, scratch.err));
    const n = u32(scratch.size);
    const out = [];
    for (let i = 0; i < n; i++) {
      const p = mem.ranked + i * RANKED_SIZE;
      const count = Math.min(u32(p + 20), RANK_DETAILS);
      out.push({
        action: u64(p),
        value: f64(p + 8),
        plies: i32(p + 16),
        details: Array.from({ length: count }, (_, k) => f64(p + 24 + 8 * k)),
      });
    }
    for (const r of out) r.text = state.actionToText(r.action);
    return out;
  }

  /** Releases the workspace (wasm memory) now; the Bot cannot be used afterwards. */
  free() {
    if (botMemory) botMemory.unregister(this);
    if (this._mem) freeBotMemory(this._mem);
  }
}
if (typeof Symbol.dispose === 'symbol') Bot.prototype[Symbol.dispose] = Bot.prototype.free;

function setBotField(p, key, value) {
  const [off, type] = BOT_FIELDS[key];
  if (type === 'f64') {
    if (typeof value !== 'number') throw new TypeError(`${key} must be a number, got ${typeof value}`);
    M.HEAPF64[(p + off) >>> 3] = value;
  } else if (type === 'i64') {
    if (typeof value !== 'bigint' && !Number.isInteger(value)) {
      throw new TypeError(`${key} must be an integer, got ${value}`);
    }
    const v = BigInt(value);
    if (v < 0n || v > 0x7fffffffffffffffn) throw new InvalidArgument(1, `${key} must be 0..2^63-1, not ${v}`);
    M.HEAP32[(p + off) >>> 2] = Number(v & 0xffffffffn) | 0;
    M.HEAP32[(p + off + 4) >>> 2] = Number(v >> 32n) | 0;
  } else {
    if (!Number.isInteger(value)) throw new TypeError(`${key} must be an integer, got ${value}`);
    if (value < -0x80000000 || value > 0x7fffffff) {
      throw new InvalidArgument(1, `${key} ${value} is out of range`);
    }
    M.HEAP32[(p + off) >>> 2] = value;
  }
}

function getBotField(p, key) {
  const [off, type] = BOT_FIELDS[key];
  if (type === 'f64') return f64(p + off);
  if (type === 'i64') return Number(BigInt.asIntN(64, u64(p + off)));
  return i32(p + off);
}

// Checks BOT_FIELDS against the library: its defaults (ALEA_BOT_OPTIONS_INIT) must
// read back where this file expects them.
function checkBotLayout() {
  const p = scratch.text;
  M.HEAPU8.fill(0xff, p, p + BOT_OPTIONS_SIZE);
  check(M._alea_bot_options_init_version(p, 3, BOT_OPTIONS_VERSION));
  const ok = u32(p) === BOT_OPTIONS_VERSION && i32(p + 4) === 3 && getBotField(p, 'depth') === 2 &&
    getBotField(p, 'playouts') === 1000 && getBotField(p, 'exploration') === 1 &&
    getBotField(p, 'nodeBudget') === 0 && getBotField(p, 'plies') === 1 &&
    getBotField(p, 'noise') === 0 && getBotField(p, 'filterKeep') === 0 &&
    getBotField(p, 'filterMargin') === 0;
  if (!ok) throw new AbiMismatch(10, 'alea_bot_options is not laid out as bindings/js expects');
}

// ---- states ----------------------------------------------------------------

/** A game state: a value with the generic API of every game. */
export class State {
  /** A copy of the state's bytes (a Uint8Array: writing into it changes nothing, so that
      no answer comes from a stale copy in the wasm heap; replacing them takes one of the
      same size as the state's head says, at most the largest state). */
  get bytes() {
    return this._bytes ? this._bytes.slice() : this._bytes;
  }
  set bytes(value) {
    if (!(value instanceof Uint8Array)) throw new TypeError('state bytes must be a Uint8Array');
    const size = value.length >= 8 ? value[6] | (value[7] << 8) : -1; // the head's size field
    checkedBytes(value, this._bytes ? this._bytes.length : size, 'state');
    if (value.length < 8 || value.length > STATE_MAX_SIZE) {
      throw new RangeError(`state bytes: ${value.length} bytes, not a state's size`);
    }
    this._bytes = value.slice(); // the caller's array stays the caller's
    if (occupant === this) occupant = null; // the scratch copy is stale now
  }

  /** The initial state of a spec, e.g. "backgammon match=7". */
  constructor(spec) {
    need();
    if (spec === undefined) return; // internal: filled by the caller
    const [p, n] = input(spec);
    occupant = null;
    check(M._alea_state_init_n(scratch.state, p, n, scratch.err));
    this._out();
  }

  /** Reads a one-line state text (toText()); throws ParseError / InvalidState. */
  static fromText(text) {
    need();
    const [p, n] = input(text);
    occupant = null;
    check(M._alea_state_from_text_n(scratch.state, p, n, scratch.err));
    const st = new State();
    st._out();
    return st;
  }

  /** A backgammon state from GNU Backgammon's Position ID and Match ID. */
  static fromGnubg(spec, positionId, matchId) {
    need();
    const [ps] = input(spec, 0);
    const [pp] = input(positionId, 1);
    const [pm] = input(matchId, 2);
    occupant = null;
    check(M._alea_backgammon_from_gnubg(scratch.state, ps, pp, pm, scratch.err));
    const st = new State();
    st._out();
    return st;
  }

  /** Replays a game record (spec line, then one action a line); returns the final
      state.  Throws at the first bad line, with `line` set. */
  static replay(record) {
    need();
    const [p, n] = input(record);
    occupant = null;
    M.HEAPU8.fill(0, scratch.state, scratch.state + 8);
    check(M._alea_record_replay_n(scratch.state, scratch.size, p, n, scratch.err));
    const st = new State();
    st._out();
    return st;
  }

  _in(slot = scratch.state) {
    if (slot !== scratch.state || occupant !== this) {
      M.HEAPU8.set(this._bytes, slot);
      if (slot === scratch.state) occupant = this;
    }
    return slot;
  }
  // Takes the scratch state's bytes (after a call that wrote them).
  _out() {
    if (this._bytes) {
      // in place: a state keeps its size, and no new buffer means less GC work
      this._bytes.set(M.HEAPU8.subarray(scratch.state, scratch.state + this._bytes.length));
    } else {
      const size = M._alea_state_size(scratch.state);
      this.bytes = M.HEAPU8.slice(scratch.state, scratch.state + size);
    }
    occupant = this;
  }

  /** An independent copy. */
  clone() {
    const st = new State();
    st._bytes = this._bytes.slice(); // bytes this State took already, whatever they hold
    return st;
  }

  /** The game's id, e.g. "backgammon". */
  get game() {
    return M.UTF8ToString(M._alea_game_id(M._alea_state_game(this._in())));
  }
  /** The canonical spec: the game id and every option. */
  get spec() {
    return writeText((b, c, l) => M._alea_state_spec(b, c, l, this._in()));
  }
  /** The seat to act, PLAYER_CHANCE or PLAYER_TERMINAL. */
  get currentPlayer() {
    return M._alea_state_current_player(this._in());
  }
  get isChance() {
    return this.currentPlayer === PLAYER_CHANCE;
  }
  get isTerminal() {
    return this.currentPlayer === PLAYER_TERMINAL;
  }
  get numPlayers() {
    return M._alea_state_num_players(this._in());
  }

  /** The legal actions, ascending, as a BigUint64Array (one allocation: a BigInt is
      made only for the entries read); the chance outcomes at a chance node. */
  legalActions() {
    check(M._alea_state_legal_actions(scratch.actions, MAX_ACTIONS, scratch.size, this._in()));
    const n = u32(scratch.size);
    return new BigUint64Array(M.HEAPU8.buffer, scratch.actions, n).slice();
  }

  /** The legal actions in the game's notation, in the same order. */
  legalMoves() {
    return Array.from(this.legalActions(), (a) => this.actionToText(a));
  }

  /** The chance outcomes with exact probabilities num/den (and `prob` = num/den). */
  chanceOutcomes() {
    check(M._alea_state_chance_outcomes(scratch.outcomes, CHANCE_MAX, scratch.size, this._in()));
    const n = u32(scratch.size);
    const out = [];
    for (let i = 0; i < n; i++) {
      const p = scratch.outcomes + i * OUTCOME.size;
      const f = OUTCOME.fields;
      out.push({ action: u64(p + f.action), num: u32(p + f.num), den: u32(p + f.den),
        prob: f64(p + f.prob) });
    }
    return out;
  }

  // Applies a move text in the scratch state (as `seat` if given); the caller
  // decides whether to keep the result.
  _applyText(text, seat) {
    const [p, n] = input(text);
    this._in();
    if (seat === undefined) {
      check(M._alea_state_apply_text_n(scratch.state, p, n, scratch.err));
    } else {
      check(M._alea_state_apply_text_as_n(scratch.state, seatArg(seat), p, n, scratch.err));
    }
  }

  /**
   * Throws (IllegalAction, WrongPhase, WrongPlayer, ParseError, ...) unless `action`
   * (a BigInt, or a move text in the game's notation) may be applied now; with
   * `{seat}` also unless that seat (PLAYER_CHANCE: the host's dice) must act now.
   * Never changes the state.
   */
  check(action, { seat } = {}) {
    if (typeof action === 'string') {
      try {
        this._applyText(action, seat); // on the scratch copy only
      } finally {
        occupant = null; // the scratch state may now hold the move's result
      }
      return;
    }
    const a = toAction(action);
    this._in();
    check(seat === undefined
      ? M._alea_state_check_action(scratch.state, a, scratch.err)
      : M._alea_state_check_as(scratch.state, seatArg(seat), a, scratch.err));
  }

  /**
   * Validates, then applies an action (a BigInt, or a move text); with `{seat}` only
   * if that seat must act now (WrongPlayer otherwise).  On any error the state is
   * unchanged.  Returns this state.
   */
  apply(action, { seat } = {}) {
    if (typeof action === 'string') {
      this._applyText(action, seat);
    } else {
      const a = toAction(action);
      this._in();
      check(seat === undefined
        ? M._alea_state_apply(scratch.state, a, scratch.err)
        : M._alea_state_apply_as(scratch.state, seatArg(seat), a, scratch.err));
    }
    this._out();
    return this;
  }

  /** Throws the dice with `rng` (exact probabilities); returns the outcome applied. */
  roll(rng) {
    rngArg(rng);
    this._in();
    const s = M._alea_state_roll(scratch.u64, scratch.state, rng._in());
    rng._out();
    check(s);
    this._out();
    return u64(scratch.u64);
  }

  /** Draws a chance outcome with `rng` without applying it. */
  sample(rng) {
    rngArg(rng);
    this._in();
    const s = M._alea_state_sample(scratch.u64, scratch.state, rng._in());
    rng._out();
    check(s);
    return u64(scratch.u64);
  }

  /** The action in the game's notation ("13/7 8/7", "hold 1,1,5", ...). */
  actionToText(action) {
    const a = toAction(action);
    return writeText((b, c, l) => M._alea_state_action_to_text(b, c, l, this._in(), a));
  }

  /** The canonical legal action a move text denotes; throws ParseError, IllegalAction... */
  actionFromText(text) {
    const [p, n] = input(text);
    this._in();
    check(M._alea_state_action_from_text_n(scratch.u64, scratch.state, p, n, scratch.err));
    return u64(scratch.u64);
  }

  /** The one-line state text (State.fromText reads it back). */
  toText() {
    return writeText((b, c, l) => M._alea_state_to_text(b, c, l, this._in()));
  }
  /** The multi-line board picture. */
  toBoard() {
    return writeText((b, c, l) => M._alea_state_to_board(b, c, l, this._in()));
  }
  /** The state as the library's JSON object (the host's full view: every hidden face). */
  toJSON() {
    return JSON.parse(this.toJSONString());
  }
  toJSONString() {
    return writeText((b, c, l) => M._alea_state_to_json(b, c, l, this._in()));
  }
  toString() {
    return this.toText();
  }

  /** What `seat` may know (OBSERVER_PUBLIC: a spectator), as the one-line text. */
  observationText(seat) {
    return writeText((b, c, l) => M._alea_state_observation_text(b, c, l, this._in(), seatArg(seat)));
  }
  /** What `seat` may know, as a JSON object: send this to a player, not toJSON(). */
  observation(seat) {
    return JSON.parse(
      writeText((b, c, l) => M._alea_state_observation_json(b, c, l, this._in(), seatArg(seat))));
  }

  /** Scores, ranks, winner, draw and returns. */
  result() {
    check(M._alea_state_result(scratch.result, this._in()));
    const p = scratch.result;
    const f = RESULT.fields;
    const players = i32(p + f.players);
    const arr = (off, get, step) => Array.from({ length: players }, (_, i) => get(p + off + i * step));
    return {
      terminal: i32(p + f.terminal) !== 0,
      players,
      winner: i32(p + f.winner),
      draw: i32(p + f.draw) !== 0,
      rank: arr(f.rank, i32, 4),
      score: arr(f.score, i32, 4),
      returns: arr(f.returns, f64, 8),
    };
  }

  /** Equal game and bytes. */
  equals(other) {
    return other instanceof State && M._alea_state_equal(this._in(scratch.state),
      other._in(scratch.state2)) === 1;
  }
  /** The library's 64-bit hash (BigInt): equal states hash equally on every platform. */
  hash() {
    return BigInt.asUintN(64, M._alea_state_hash(this._in()));
  }

  /** Backgammon: GNU Backgammon's Position ID (14 characters). */
  positionId() {
    check(M._alea_backgammon_position_id(scratch.text, scratch.textCap, 0, this._in()));
    return M.UTF8ToString(scratch.text);
  }
  /** Backgammon: GNU Backgammon's Match ID (12 characters). */
  matchId() {
    check(M._alea_backgammon_match_id(scratch.text, scratch.textCap, 0, this._in()));
    return M.UTF8ToString(scratch.text);
  }
}
