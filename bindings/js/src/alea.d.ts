// TypeScript declarations of the alea ES module (bindings/js/src/alea.js).
// Actions are uint64_t values in C: BigInt here.

/** alea_state_current_player(): dice (or another chance event) must be thrown. */
export const PLAYER_CHANCE: -1;
/** alea_state_current_player(): the game is over. */
export const PLAYER_TERMINAL: -2;
/** alea_state_current_player(): a corrupt state. */
export const PLAYER_INVALID: -3;
/** The spectator's seat for observations. */
export const OBSERVER_PUBLIC: -4;

export type Action = bigint;
/** A seat: 0-based player index, or PLAYER_CHANCE for the host's dice. */
export type Seat = number;

export type StatusName =
  | 'INVALID_ARGUMENT' | 'ILLEGAL_ACTION' | 'PARSE_ERROR' | 'BUFFER_TOO_SMALL' | 'WRONG_PHASE'
  | 'OUT_OF_MEMORY' | 'NOT_FOUND' | 'BAD_OPTION' | 'INVALID_STATE' | 'ABI_MISMATCH'
  | 'UNSUPPORTED' | 'WRONG_PLAYER';

/** Base class of every error the library reports. */
export class AleaError extends Error {
  /** The status constant's name without ALEA_, e.g. "ILLEGAL_ACTION". */
  readonly status: StatusName | string;
  /** The numeric alea_status. */
  readonly code: number;
  /** The library's reason, citing the rule broken ("" if none). */
  readonly reason: string;
  /** Byte offset in the parsed text, or -1. */
  readonly offset: number;
  /** 1-based line of a record, or 0. */
  readonly line: number;
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

export interface InitOptions {
  /** The .wasm bytes (otherwise read from disk in node, fetched in a browser). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from in a browser. */
  wasmUrl?: string | URL;
}
/** Loads the WebAssembly module; call once before anything else. */
export function init(options?: InitOptions): Promise<void>;
/** The library's version string, e.g. "1.0.0". */
export function version(): string;

export interface OptionInfo {
  name: string;
  help: string;
  kind: 'int' | 'bool' | 'choice' | string;
  min: number;
  max: number;
  default: number;
  /** For 'choice': the names in value order. */
  choices: string[] | null;
}
export interface GameInfo {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  maxActions: number;
  maxChanceOutcomes: number;
  stateSize: number;
  options: OptionInfo[];
}
/** Every registered game. */
export function games(): GameInfo[];
/** One game by id; throws NotFound. */
export function game(id: string): GameInfo;

/** The library's generator: same seed, same game in C, Python and JavaScript. */
export class Rng {
  constructor(seed?: bigint | number);
  next(): bigint;
  below(bound: bigint | number): bigint;
  die(sides?: number): number;
  /** Advances by 2^128 outputs; returns this. */
  jump(): this;
  clone(): Rng;
  /** A copy of the generator's bytes; assigning takes bytes of the same size only. */
  bytes: Uint8Array;
  /** Releases its wasm memory now; later use throws InvalidArgument.  Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
}

export type BotKind = 'random' | 'greedy' | 'expectimax' | 'mcts' | 'heuristic' | 'ply';
/** Backgammon's levels of play, weakest first (botLevels('backgammon')). */
export type BackgammonLevel =
  | 'beginner' | 'casual' | 'intermediate' | 'advanced' | 'expert';
/** The bot kinds by name, in kind-number order. */
export function bots(): string[];
/** A legal action for the seat to act, chosen by a bot (the kind's quick settings). */
export function botChoose(state: State, kind: BotKind | string | number, rng: Rng): Action;
/** The game's named levels of play, weakest first; [] for a game without levels.
    `game`: a game id, a spec or a State. */
export function botLevels(game: string | State): string[];

/** Parameters of a Bot (alea_bot_options); each kind reads its own, the library
    range-checks them all. */
export interface BotParams {
  /** Expectimax: decisions searched, 1..8 (default 2). */
  depth?: number;
  /** MCTS: iterations, 1..10 000 000 (default 1000). */
  playouts?: number;
  /** MCTS: the UCB1 constant, 0..100 (default 1). */
  exploration?: number;
  /** MCTS: tree nodes the workspace holds, 0 = automatic. */
  maxNodes?: number;
  /** MCTS: plies a playout may last, 0 = to the end. */
  playoutPlies?: number;
  /** Expectimax and MCTS: nodes one decision may take, 0 = a million. */
  nodeBudget?: number | bigint;
  /** Ply: how deep the game's search looks, 0..3 (default 1). */
  plies?: number;
  /** Ply: standard deviation of the noise on each action's value, 0..10 (default 0). */
  noise?: number;
  /** Ply: at most this many actions go on to the next ply, 0 = the game's default, else 1..32. */
  filterKeep?: number;
  /** Ply: only actions within this value of the best go on, 0 = the game's default. */
  filterMargin?: number;
}
export interface BotOptionValues extends Required<Omit<BotParams, 'nodeBudget'>> {
  kind: BotKind | string;
  nodeBudget: number;
}
/** A legal action with its value, as Bot.rank() gives it (alea_ranked_action). */
export interface RankedAction {
  action: Action;
  /** The action in the game's notation. */
  text: string;
  /** Its value for the seat to act, larger is better (backgammon: cubeless equity). */
  value: number;
  /** The depth that valued it (the move filters value weaker actions shallower). */
  plies: number;
  /** The game's figures.  Backgammon moves: the chances to win, win a gammon, win a
      backgammon, lose a gammon, lose a backgammon, then the equity. */
  details: number[];
}
export interface SeatOnly {
  /** Only if this seat is to act (WrongPlayer otherwise; InvalidArgument if no such seat). */
  seat?: Seat;
}

/**
 * A bot with parameters and its own workspace in wasm memory, for one game.
 * `kind`: a kind name or number, or one of the game's levels (botLevels()).
 * Throws InvalidArgument for an unknown kind, level or parameter, or a value out
 * of range.  Call free() when done (a FinalizationRegistry frees a forgotten one).
 */
export class Bot {
  constructor(kind: BotKind | BackgammonLevel | string | number, game: string | State,
              params?: BotParams);
  /** The level this bot was made from, or null. */
  readonly level: string | null;
  /** The game's id. */
  readonly game: string;
  /** Bytes of workspace. */
  readonly workspaceSize: number;
  /** The kind's name ('ply' for backgammon's levels). */
  readonly kind: BotKind | string;
  /** Every option's value. */
  readonly options: BotOptionValues;
  /** A legal action for the seat to act (alea_bot_choose_with); the state is unchanged. */
  choose(state: State, rng: Rng, options?: SeatOnly): Action;
  /** Every legal action of the seat to act with its value, best first (alea_bot_rank:
      kinds ply and heuristic, and the levels).  Deterministic. */
  rank(state: State, options?: SeatOnly): RankedAction[];
  /** Releases the workspace; the bot cannot be used afterwards.  Idempotent. */
  free(): void;
}

export interface Outcome {
  action: Action;
  /** Exact probability num/den. */
  num: number;
  den: number;
  prob: number;
}
export interface Result {
  terminal: boolean;
  players: number;
  /** The seat alone in first place, or -1. */
  winner: number;
  draw: boolean;
  rank: number[];
  score: number[];
  returns: number[];
}
export interface SeatOption {
  /** Only if this seat (or PLAYER_CHANCE for the host's dice) must act now. */
  seat?: Seat;
}

/** A game state, its bytes in wasm memory of its own: free() (or `using`) releases
    them at once, a FinalizationRegistry when the State is collected; a freed State
    throws InvalidArgument. */
export class State {
  /** The initial state of a spec, e.g. "backgammon match=7". */
  constructor(spec: string);
  /** Reads a one-line state text; throws ParseError or InvalidState. */
  static fromText(text: string): State;
  /** A backgammon state from GNU Backgammon's Position ID and Match ID. */
  static fromGnubg(spec: string, positionId: string, matchId: string): State;
  /** Replays a game record; throws at the first bad line (error.line). */
  static replay(record: string): State;

  /** A copy of the state's bytes; assigning takes bytes of the state's size only. */
  bytes: Uint8Array;
  clone(): State;
  /** Releases its wasm memory now; later use throws InvalidArgument.  Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
  readonly game: string;
  readonly spec: string;
  readonly currentPlayer: number;
  readonly isChance: boolean;
  readonly isTerminal: boolean;
  readonly numPlayers: number;

  /** Ascending; a typed array (index it, or Array.from() it). */
  legalActions(): BigUint64Array;
  /** The legal actions as a view of wasm memory, no copy: valid until the next call into
      the library, read-only.  For play loops. */
  legalActionsView(): BigUint64Array;
  /** The length of legalActions(), without the list. */
  readonly legalCount: number;
  /** apply(legalActions()[index]) without a BigInt: the fastest play-loop step. */
  applyLegal(index: number): this;
  legalMoves(): string[];
  chanceOutcomes(): Outcome[];
  /** Throws unless the action (or move text) may be applied now; never changes the state. */
  check(action: Action | number | string, options?: SeatOption): void;
  /** Validates, then applies; on error the state is unchanged.  Returns this. */
  apply(action: Action | number | string, options?: SeatOption): this;
  /** Throws the dice; returns the outcome applied. */
  roll(rng: Rng): Action;
  /** Draws an outcome without applying it. */
  sample(rng: Rng): Action;
  actionToText(action: Action | number): string;
  actionFromText(text: string): Action;
  /** A legal action as `seat` (OBSERVER_PUBLIC: a spectator) may know it once played:
      the notation, with the faces the seat does not see as "?" (Plateau, R11). */
  actionObservation(action: Action | number, seat: number): string;

  toText(): string;
  toBoard(): string;
  /** The host's full view (hidden faces included). */
  toJSON(): Record<string, unknown>;
  toJSONString(): string;
  /** What `seat` may know (OBSERVER_PUBLIC: a spectator). */
  observationText(seat: number): string;
  observation(seat: number): Record<string, unknown>;

  /** The observation tensor of what `seat` may know (alea/tensor.h). */
  observationTensor(seat: number): Float32Array;
  /** For each legal action: row i of `tensors` (size floats) is the tensor after actions[i]. */
  afterstateTensors(seat: number): { actions: BigUint64Array; size: number; tensors: Float32Array };

  /** The game's typed view (alea_<game>_get_view()): the C struct's field names, arrays
      for its arrays. */
  view(): Record<string, unknown>;

  result(): Result;
  equals(other: State): boolean;
  hash(): bigint;

  /** Backgammon: GNU Backgammon's Position ID. */
  positionId(): string;
  /** Backgammon: GNU Backgammon's Match ID. */
  matchId(): string;
}

/** States and Rngs whose wasm memory is not yet freed: to find leaks. */
export function heapBlocks(): number;

/** What playouts() returns: row g (game first + g) of returns and scores at g * players. */
export interface PlayoutResults {
  players: number;
  returns: Float64Array;
  scores: Int32Array;
  plies: Uint32Array;
}
/** `n` whole games played in the library (alea_playouts): bots null (random), one for
    every seat, or one per seat (kind names or numbers, or Bots). */
export function playouts(start: State | string, n: number,
  bots?: null | BotKind | string | number | Bot | Array<BotKind | string | number | Bot>,
  seed?: bigint | number, options?: { first?: bigint | number }): PlayoutResults;
