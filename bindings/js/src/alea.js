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
// A State (and an Rng) keeps its bytes in a block of wasm memory of its own
// while it lives, so that a call passes a pointer and copies nothing; free()
// (or `using`) gives the block back at once, and a FinalizationRegistry frees
// it if the object is collected first.  The legal list is read from one
// reusable buffer in the wasm heap, and text is decoded only when asked for.
// Actions are BigInts (uint64_t).
import createAleaModule from './alea_wasm.js';
import { CONSTANTS as C, STATUS_NAMES, STRUCTS, TYPES } from './alea_api.js';

let M = null; // the emscripten module once init() has run
let scratch = null; // fixed scratch areas in the wasm heap
// The State whose step (player and legal list, scratch.step) is current: set
// by the calls that write the step, cleared by anything else that changes the
// state's bytes.
let stepOwner = null;
let liveBlocks = 0; // blocks of States and Rngs not yet freed (heapBlocks())

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
const STEP = STRUCTS.alea_step;
const STEP_ACTIONS = STEP.fields.actions;

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
    step: at(STEP.size),
    err: at(ERROR.size),
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
  stepPtr = scratch.step;
  errPtr = scratch.err;
  rawFunctions(mod);
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
  heap();
  return H64[p >>> 3];
}

// The play loop's path, kept short: the raw wasm functions (not through the
// module object) and views of the heap, remade when the memory has grown (the
// old views then have length 0).
let H32 = null; // Int32Array over the heap
let H64 = null; // BigUint64Array over the heap
let stepPtr = 0; // scratch.step; its player is H32[stepPtr >> 2], its count the next int
let errPtr = 0; // scratch.err
let fPlayer, fLegal, fApply, fApplyList, fApplyListed, fRoll, fRollList, fBelow, fDie;
function heap() {
  if (H32.length === 0) {
    H32 = M.HEAP32;
    H64 = new BigUint64Array(H32.buffer);
  }
}
// The first call of an emscripten export replaces mod._name by the wasm function
// itself (whose own export name is minified at -O3): one harmless call each first
// (a NULL state is refused), then take the function.
function rawFunctions(mod) {
  const f = (name, ...args) => {
    mod[`_${name}`](...args);
    return mod[`_${name}`];
  };
  fPlayer = f('alea_state_current_player', 0);
  fLegal = f('alea_state_legal_actions', 0, 0, 0, 0);
  fApply = f('alea_state_apply', 0, 0n, 0);
  fApplyList = f('alea_state_apply_and_list', 0, 0, 0n, 0);
  fApplyListed = f('alea_js_apply_listed', 0, 0, 0, 0);
  fRoll = f('alea_state_roll', 0, 0, 0);
  fRollList = f('alea_state_roll_and_list', 0, 0, 0, 0);
  fBelow = f('alea_rng_below', scratch.rng, 1n);
  fDie = f('alea_rng_die', scratch.rng, 1);
  H32 = new Int32Array(0); // made by the first heap()
}
// legalActionsView()'s views of the step's list, by length, made once each (no
// allocation in a play loop), for the heap view H64 they were made from.
let views = [];
let viewsOf = null;
// BigInts of small bounds, made once (rng.below(legal.length) in play loops).
const SMALL = Array.from({ length: 4097 }, (_, i) => BigInt(i));
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
  if (typeof a === 'bigint' && BigInt.asUintN(64, a) === a) return a; // the play loop's case
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

// ---- wasm memory of States and Rngs ---------------------------------------

// Frees the block of a State or Rng whose owner forgot free(): the safety net.
const blockOwners = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((p) => freeBlock(p)) : null;

// A block of `size` bytes for `owner`, holding a copy of `from` (a heap pointer).
function ownBlock(owner, from, size) {
  const p = M._malloc(size);
  if (!p) throw new OutOfMemory(6, `no wasm memory for a block of ${size} bytes`);
  M.HEAPU8.copyWithin(p, from, from + size);
  liveBlocks++;
  if (blockOwners) blockOwners.register(owner, p, owner);
  return p;
}
function freeBlock(p) {
  if (!M || !p) return;
  M._free(p);
  liveBlocks--;
}
function freed(what) {
  throw new InvalidArgument(1, `this ${what} was freed (free() or \`using\`): it cannot be used`);
}

/** The number of States and Rngs whose wasm memory is not yet freed (by free(),
    `using`, or the FinalizationRegistry once they are collected): to find leaks. */
export function heapBlocks() {
  return liveBlocks;
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
    in C, Python and JavaScript.  Its bytes live in wasm memory: free() (or `using`)
    releases them at once, else the garbage collector does. */
export class Rng {
  /** A copy of the generator's bytes (a Uint8Array of RNG_SIZE bytes); assigning
      takes bytes of that size only. */
  get bytes() {
    const p = this._in();
    return M.HEAPU8.slice(p, p + RNG_SIZE);
  }
  set bytes(value) {
    M.HEAPU8.set(checkedBytes(value, RNG_SIZE, 'generator'), this._in());
  }
  constructor(seed = 0n) {
    need();
    if (typeof seed !== 'bigint' && !Number.isSafeInteger(seed)) {
      throw new TypeError(`a seed is a bigint or an integer, got ${typeof seed === 'number' ? seed : typeof seed}`);
    }
    // the seed's low 64 bits, as the C side takes them
    M._alea_rng_seed(scratch.rng, BigInt.asUintN(64, BigInt(seed)));
    this._p = ownBlock(this, scratch.rng, RNG_SIZE);
  }
  // The generator's block (throws once freed).
  _in() {
    return this._p || freed('Rng');
  }
  /** The next 64-bit output. */
  next() {
    return BigInt.asUintN(64, M._alea_rng_next(this._in()));
  }
  /** A uniform integer below `bound` (> 0), unbiased. */
  below(bound) {
    const p = this._p || freed('Rng');
    // A small bound through alea_rng_die() (= 1 + alea_rng_below(), the same draw):
    // no 64-bit value crosses, and the result is a BigInt made once.
    if (typeof bound === 'number' && bound >= 1 && bound <= 4096 && Number.isInteger(bound)) {
      return SMALL[fDie(p, bound) - 1];
    }
    const v = fBelow(p, uint64Arg(bound, 'a bound'));
    return v >= 0n ? v : BigInt.asUintN(64, v);
  }
  /** A fair die with `sides` faces: 1..sides. */
  die(sides = 6) {
    const p = this._p || freed('Rng');
    if ((sides | 0) !== sides) int32Arg(sides, 'sides'); // throws: not a C int
    return fDie(p, sides);
  }
  /** Advances by 2^128 outputs: independent streams from one seed. */
  jump() {
    M._alea_rng_jump(this._in());
    return this;
  }
  clone() {
    const r = Object.create(Rng.prototype);
    r._p = ownBlock(r, this._in(), RNG_SIZE);
    return r;
  }
  /** Releases the wasm memory now; later use throws InvalidArgument.  Idempotent. */
  free() {
    if (!this._p) return;
    if (blockOwners) blockOwners.unregister(this);
    freeBlock(this._p);
    this._p = 0;
  }
}
if (typeof Symbol.dispose === 'symbol') Rng.prototype[Symbol.dispose] = Rng.prototype.free;

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
  if (!(rng instanceof Rng)) throw new TypeError('expected an alea.Rng');
  check(M._alea_bot_choose(scratch.u64, state._in(), k, rng._in()));
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
  const st = new State(game); // a spec; throws NotFound, BadOption
  try {
    return M._alea_state_game(st._in());
  } finally {
    st.free();
  }
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
    check(M._alea_bot_choose_with(scratch.u64, state._in(), mem.opts, mem.ws,
      this.workspaceSize, rng._in(), scratch.err));
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

// Reads a value of C type `type` (a field's type from alea_api.js: a scalar, a
// struct of the API, or an array of them, 'int32_t[2][26]') at heap address p:
// numbers (bigints for 64-bit integers), objects and arrays.
const SCALARS = {
  int8_t: [1, (p) => M.HEAP8[p]], uint8_t: [1, (p) => M.HEAPU8[p]],
  int16_t: [2, (p) => M.HEAP16[p >>> 1]], uint16_t: [2, (p) => M.HEAPU16[p >>> 1]],
  int32_t: [4, i32], uint32_t: [4, u32], int: [4, i32], double: [8, f64],
  int64_t: [8, (p) => BigInt.asIntN(64, u64(p))], uint64_t: [8, u64],
};
function readC(type, p) {
  const dims = [...type.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  const base = type.replace(/\[.*$/, '').trim();
  const [size, read] = SCALARS[base] ??
    [STRUCTS[base].size, (q) => readStruct(base, q)];
  const at = (q, d) => {
    if (d === dims.length) return read(q);
    const step = dims.slice(d + 1).reduce((a, b) => a * b, size);
    return Array.from({ length: dims[d] }, (_, i) => at(q + i * step, d + 1));
  };
  return at(p, 0);
}
function readStruct(name, p) {
  const out = {};
  for (const [field, type] of Object.entries(TYPES[name])) {
    out[field] = readC(type, p + STRUCTS[name].fields[field]);
  }
  return out;
}

// Room for `floats` floats (and 8 bytes over) in a buffer kept between calls, grown
// as needed: the tensors are written there, then copied out.
let tensorBuf = 0;
let tensorCap = 0;
function tensorRoom(floats) {
  if (floats > tensorCap) {
    if (tensorBuf) M._free(tensorBuf);
    tensorBuf = M._malloc(floats * 4 + 8);
    if (!tensorBuf) {
      tensorCap = 0;
      throw new OutOfMemory(6, `no memory for ${floats} floats of tensors`);
    }
    tensorCap = floats;
  }
  return tensorBuf;
}

// ---- many games in one call -----------------------------------------------

/**
 * Plays `n` whole games from a State (or a spec's initial state) entirely in the
 * library (alea_playouts): each seat played by a bot, the dice thrown with exact
 * probabilities.  `bots`: null for random play, one bot for every seat, or an
 * array of one per seat; a bot is a kind name or number (quick settings) or a Bot.
 * Game g of the call is game `first + g` of `seed`'s sequence (doc/rng.md), so a
 * batch split over calls gives the rows of one call.  Returns
 * { players, returns: Float64Array (n x players), scores: Int32Array (n x players),
 *   plies: Uint32Array (n) }, row g of the first two at g * players.
 */
export function playouts(start, n, bots = null, seed = 0n, { first = 0n } = {}) {
  need();
  // the seed's low 64 bits, as new Rng(seed) takes them; `first`, a game's index, must
  // be 0 .. 2^64-1 (a negative one would wrap to the end of the sequence)
  if (typeof seed !== 'bigint' && !Number.isSafeInteger(seed)) {
    throw new TypeError(`a seed is a bigint or an integer, got ${typeof seed === 'number' ? seed : typeof seed}`);
  }
  uint64Arg(first, 'first');
  const st = start instanceof State ? start : new State(start);
  try {
    if (!Number.isSafeInteger(n) || n < 0 || n > 0x7fffffff) {
      throw new RangeError(`n must be an integer 0 .. 2^31-1, got ${n}`);
    }
    const players = st.numPlayers;
    const list = bots === null || bots === undefined ? [] : Array.isArray(bots) ? bots : [bots];
    if (list.length > 1 && list.length !== players) {
      throw new InvalidArgument(1, `${list.length} bots for ${players} seats (give 1 or ${players})`);
    }
    const g = M._alea_state_game(st._in());
    const opts = M._malloc(Math.max(1, list.length) * BOT_OPTIONS_SIZE);
    let ws = 0;
    const out = M._malloc(Math.max(1, n * players * 12 + n * 4));
    try {
      if (!opts || !out) throw new OutOfMemory(6, `no memory for ${n} playouts`);
      list.forEach((b, i) => {
        const p = opts + i * BOT_OPTIONS_SIZE;
        if (b instanceof Bot) {
          if (b._g !== g) throw new InvalidArgument(1, `this bot plays ${b.game}, not ${st.game}`);
          M.HEAPU8.copyWithin(p, b._live().opts, b._live().opts + BOT_OPTIONS_SIZE);
        } else {
          M.HEAPU8.fill(0, p, p + BOT_OPTIONS_SIZE);
          check(M._alea_bot_options_init_version(p, botKind(b), BOT_OPTIONS_VERSION));
        }
      });
      check(M._alea_playouts_workspace_size(scratch.size, opts, list.length, g, scratch.err));
      const size = u32(scratch.size);
      ws = M._malloc(Math.max(1, size));
      if (!ws) throw new OutOfMemory(6, `no memory for a workspace of ${size} bytes`);
      const returns = out; // doubles first: aligned
      const scores = out + n * players * 8;
      const plies = scores + n * players * 4;
      check(M._alea_playouts(returns, scores, plies, st._in(), opts, list.length,
        BigInt.asUintN(64, BigInt(seed)), uint64Arg(first, 'first'), n, ws, size,
        scratch.err));
      return {
        players,
        returns: new Float64Array(M.HEAPU8.buffer.slice(returns, returns + n * players * 8)),
        scores: new Int32Array(M.HEAPU8.buffer.slice(scores, scores + n * players * 4)),
        plies: new Uint32Array(M.HEAPU8.buffer.slice(plies, plies + n * 4)),
      };
    } finally {
      M._free(opts);
      M._free(out);
      if (ws) M._free(ws);
    }
  } finally {
    if (st !== start) st.free();
  }
}

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

/**
 * A game state with the generic API of every game.  Its bytes live in a block of
 * wasm memory of its own, so that calls copy nothing: free() (or `using`) releases
 * the block at once; a FinalizationRegistry releases it if the State is collected
 * first.  A freed State throws InvalidArgument when used.
 */
export class State {
  /** A copy of the state's bytes (a Uint8Array).  Assigning replaces them with bytes
      of the same size only (the state's size); the state then reads those. */
  get bytes() {
    const p = this._in();
    return M.HEAPU8.slice(p, p + this._size);
  }
  set bytes(value) {
    const p = this._in();
    M.HEAPU8.set(checkedBytes(value, this._size, 'state'), p);
    this._changed();
  }

  /** The initial state of a spec, e.g. "backgammon match=7". */
  constructor(spec) {
    need();
    if (spec === undefined) return; // internal: filled by _own()
    const [p, n] = input(spec);
    check(M._alea_state_init_n(scratch.state, p, n, scratch.err));
    this._own(scratch.state);
  }

  /** Reads a one-line state text (toText()); throws ParseError / InvalidState. */
  static fromText(text) {
    need();
    const [p, n] = input(text);
    check(M._alea_state_from_text_n(scratch.state, p, n, scratch.err));
    return new State()._own(scratch.state);
  }

  /** A backgammon state from GNU Backgammon's Position ID and Match ID. */
  static fromGnubg(spec, positionId, matchId) {
    need();
    const [ps] = input(spec, 0);
    const [pp] = input(positionId, 1);
    const [pm] = input(matchId, 2);
    check(M._alea_backgammon_from_gnubg(scratch.state, ps, pp, pm, scratch.err));
    return new State()._own(scratch.state);
  }

  /** Replays a game record (spec line, then one action a line); returns the final
      state.  Throws at the first bad line, with `line` set. */
  static replay(record) {
    need();
    const [p, n] = input(record);
    M.HEAPU8.fill(0, scratch.state, scratch.state + 8);
    check(M._alea_record_replay_n(scratch.state, scratch.size, p, n, scratch.err));
    return new State()._own(scratch.state);
  }

  // Takes a block of its own holding the state at heap address `from`.
  _own(from, size = M._alea_state_size(from)) {
    this._size = size;
    this._player = undefined; // the current player once known (cached: see _changed)
    this._lists = false; // true once the legal list was asked for: apply() lists too
    this._p = ownBlock(this, from, size);
    return this;
  }
  // The state's block (throws once freed).
  _in() {
    return this._p || freed('State');
  }
  // The bytes changed other than through a step call: forget the cached player and list.
  _changed() {
    this._player = undefined;
    if (stepOwner === this) stepOwner = null;
  }
  // After a step call wrote scratch.step for this state.
  _stepped() {
    heap();
    this._player = H32[stepPtr >> 2];
    stepOwner = this;
  }

  /** An independent copy (with a block of its own). */
  clone() {
    const st = new State();
    st._own(this._in(), this._size);
    st._player = this._player;
    return st;
  }

  /** Releases the wasm memory now; later use throws InvalidArgument.  Idempotent.
      (`using st = new State(...)` calls it at the end of the block.) */
  free() {
    if (!this._p) return;
    if (blockOwners) blockOwners.unregister(this);
    if (stepOwner === this) stepOwner = null;
    freeBlock(this._p);
    this._p = 0;
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
    const p = this._p || freed('State'); // first: a freed state throws, cached player or not
    if (this._player === undefined) this._player = fPlayer(p);
    return this._player;
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

  /** The legal actions, ascending, as a BigUint64Array of its own (one allocation: a
      BigInt is made only for the entries read); the chance outcomes at a chance node. */
  legalActions() {
    const i = this._listed();
    return H64.slice(i, i + H32[(stepPtr >> 2) + 1]);
  }

  /** The legal actions as a view into wasm memory, no copy: valid only until the next
      call into the library (any State's), and never to be written. */
  legalActionsView() {
    const i = this._listed();
    const n = H32[(stepPtr >> 2) + 1];
    if (viewsOf !== H64) { // the memory grew: views of the old buffer are empty now
      views = [];
      viewsOf = H64;
    }
    return views[n] ?? (views[n] = H64.subarray(i, i + n));
  }

  // Makes scratch.step hold this state's legal list (the chance outcomes at a chance
  // node) and player; returns the list's index in H64 (fresh).  From now on apply()
  // and roll() list the next state's actions in the same call.
  _listed() {
    const p = this._p || freed('State');
    this._lists = true;
    heap();
    const at = stepPtr >> 2;
    if (stepOwner !== this || H32[at] === PLAYER_CHANCE) {
      check(fLegal(stepPtr + STEP_ACTIONS, MAX_ACTIONS, stepPtr + STEP.fields.count, p));
      H32[at] = this.currentPlayer;
      stepOwner = this;
    }
    return (stepPtr + STEP_ACTIONS) >>> 3;
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

  // Applies a move text (as `seat` if given) to the state at `st`: this state's
  // block, or a scratch copy of it.
  _applyText(text, seat, st) {
    const [p, n] = input(text);
    if (seat === undefined) {
      check(M._alea_state_apply_text_n(st, p, n, scratch.err));
    } else {
      check(M._alea_state_apply_text_as_n(st, seatArg(seat), p, n, scratch.err));
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
      M.HEAPU8.copyWithin(scratch.state, this._in(), this._in() + this._size);
      this._applyText(action, seat, scratch.state); // on the scratch copy only
      return;
    }
    const a = toAction(action);
    const p = this._in();
    check(seat === undefined
      ? M._alea_state_check_action(p, a, scratch.err)
      : M._alea_state_check_as(p, seatArg(seat), a, scratch.err));
  }

  /**
   * Validates, then applies an action (a BigInt, or a move text); with `{seat}` only
   * if that seat must act now (WrongPlayer otherwise).  On any error the state is
   * unchanged.  Returns this state.
   */
  apply(action, options) {
    const p = this._p || freed('State');
    const seat = options === undefined ? undefined : options.seat;
    if (typeof action === 'string') {
      this._applyText(action, seat, p);
    } else if (seat !== undefined) {
      check(M._alea_state_apply_as(p, seatArg(seat), toAction(action), errPtr));
    } else if (this._lists) { // the next legal list in the same call
      check(fApplyList(stepPtr, p, toAction(action), errPtr));
      this._stepped();
      return this;
    } else {
      check(fApply(p, toAction(action), errPtr));
    }
    this._changed();
    return this;
  }

  /** The number of legal actions (of chance outcomes at a chance node): the length of
      legalActions(), without making the list. */
  get legalCount() {
    this._listed();
    return H32[(stepPtr >> 2) + 1];
  }

  /** Applies the `index`-th action of legalActions() (a Number, 0-based; at a chance node
      the index-th outcome): the same as apply(legalActions()[index]), the fastest step of
      a play loop (no BigInt crosses).  RangeError for an index outside the list.  Returns
      this state. */
  applyLegal(index) {
    const p = this._p || freed('State');
    // the list of this state (kept from the last step call, or made now)
    if (stepOwner !== this || H32.length === 0 || H32[stepPtr >> 2] === PLAYER_CHANCE) this._listed();
    const n = H32[(stepPtr >> 2) + 1];
    if (!Number.isInteger(index) || index < 0 || index >= n) {
      throw new RangeError(`index must be an integer from 0 to ${n - 1}, got ${index}`);
    }
    check(fApplyListed(stepPtr, p, index, errPtr));
    this._stepped();
    return this;
  }

  /** Throws the dice with `rng` (exact probabilities); returns the outcome applied. */
  roll(rng) {
    const p = this._p || freed('State');
    if (!(rng instanceof Rng)) throw new TypeError('expected an alea.Rng');
    if (this._lists) {
      check(fRollList(stepPtr, p, rng._in(), errPtr));
      this._stepped();
      return H64[(stepPtr + STEP.fields.outcome) >>> 3];
    }
    check(fRoll(scratch.u64, p, rng._in()));
    this._changed();
    return u64(scratch.u64);
  }

  /** Draws a chance outcome with `rng` without applying it. */
  sample(rng) {
    if (!(rng instanceof Rng)) throw new TypeError('expected an alea.Rng');
    check(M._alea_state_sample(scratch.u64, this._in(), rng._in()));
    return u64(scratch.u64);
  }

  /** The action in the game's notation ("13/7 8/7", "hold 1,1,5", ...). */
  actionToText(action) {
    const a = toAction(action);
    return writeText((b, c, l) => M._alea_state_action_to_text(b, c, l, this._in(), a));
  }

  /** A legal action of this state as `seat` (OBSERVER_PUBLIC: a spectator) may know it once
      played: what to tell the other seats.  The mover and games of perfect information get
      actionToText(); Plateau writes the faces the seat does not see as "?" (R11).  Call it
      before applying the action; throws IllegalAction for one that is not legal now. */
  actionObservation(action, seat) {
    const a = toAction(action);
    const who = seatArg(seat);
    return writeText((b, c, l) => M._alea_state_action_observation_text(b, c, l, this._in(), a, who));
  }

  /** The canonical legal action a move text denotes; throws ParseError, IllegalAction... */
  actionFromText(text) {
    const [p, n] = input(text);
    check(M._alea_state_action_from_text_n(scratch.u64, this._in(), p, n, scratch.err));
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

  /** The observation tensor of what `seat` may know (OBSERVER_PUBLIC: a spectator), as
      a Float32Array of the game's observation size (alea/tensor.h; layouts in
      doc/rules/<game>.md). */
  observationTensor(seat) {
    const size = this._tensorSize();
    const out = tensorRoom(size);
    check(M._alea_state_observation_tensor(out, size, scratch.size, this._in(), seatArg(seat)));
    return new Float32Array(M.HEAPU8.buffer.slice(out, out + size * 4));
  }

  /** For every legal action (the chance outcomes at a chance node), ascending: the
      tensor of the state it leads to as `seat` sees it, in one call.  Returns
      { actions: BigUint64Array, size, tensors: Float32Array } with row i (the state
      after actions[i]) at tensors.subarray(i * size, (i + 1) * size). */
  afterstateTensors(seat) {
    const size = this._tensorSize();
    check(M._alea_game_get_info(scratch.info, M._alea_state_game(this._in())));
    const rows = Math.max(u32(scratch.info + GAME_INFO.fields.max_actions),
      u32(scratch.info + GAME_INFO.fields.max_chance_outcomes), 1);
    const out = tensorRoom(rows * size + rows * 2); // the actions after the rows (8-aligned)
    const acts = out + ((rows * size * 4 + 7) & ~7);
    check(M._alea_state_afterstate_tensors(out, acts, rows, scratch.size, this._in(), seatArg(seat)));
    const n = u32(scratch.size);
    return {
      actions: new BigUint64Array(M.HEAPU8.buffer.slice(acts, acts + n * 8)),
      size,
      tensors: new Float32Array(M.HEAPU8.buffer.slice(out, out + n * size * 4)),
    };
  }

  _tensorSize() {
    check(M._alea_game_observation_size(scratch.size, M._alea_state_game(this._in())));
    return u32(scratch.size);
  }

  /** The game's typed view (alea/<game>.h: alea_backgammon_get_view(), ...): an object
      with the C struct's field names, arrays for its arrays (e.g. backgammon's
      points[player][point], dice poker's card[seat].mark[row][column]).  Plateau's is
      the host's full view. */
  view() {
    const id = this.game.replace(/-/g, '_');
    const name = `alea_${id}_view`;
    const get = M[`_alea_${id}_get_view`];
    if (!get || !STRUCTS[name]) throw new Unsupported(11, `no typed view for ${this.game}`);
    const p = tensorRoom(STRUCTS[name].size / 4 + 1);
    M.HEAPU8.fill(0, p, p + STRUCTS[name].size);
    M.HEAPU32[p >>> 2] = C[`ALEA_${id.toUpperCase()}_VIEW_VERSION`];
    check(get(p, this._in()));
    return readStruct(name, p);
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
    return other instanceof State && M._alea_state_equal(this._in(), other._in()) === 1;
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
if (typeof Symbol.dispose === 'symbol') State.prototype[Symbol.dispose] = State.prototype.free;
