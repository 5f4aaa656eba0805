// Shared by the tests: the package under test (dist/ by default, or
// $ALEA_JS_DIST) and a seeded game loop written as alea-referee writes it.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.ALEA_JS_DIST || path.join(here, '..', 'dist');
export const alea = await import(path.join(dist, 'alea.js'));
await alea.init();

export const SPECS = ['dice-poker players=2', 'dice-poker players=4 columns=2', 'wise-dice',
  'plateau max-plies=400', 'backgammon', 'backgammon match=5', 'backgammon money=on games=3'];

/**
 * The record of a seeded bot game exactly as `alea-referee --write-demo-record SEED SPEC`
 * writes it: the dice from Rng(seed), the bots from a jumped copy, seat 0 greedy and
 * the other seats random, each action written in the state before it.
 */
export function demoRecord(seed, spec) {
  const st = new alea.State(spec);
  const dice = new alea.Rng(seed);
  const bots = dice.clone().jump();
  const lines = [st.spec];
  while (!st.isTerminal) {
    const before = st.clone();
    let action;
    if (st.isChance) {
      action = st.roll(dice);
    } else {
      action = alea.botChoose(st, st.currentPlayer === 0 ? 'greedy' : 'random', bots);
      st.apply(action);
    }
    lines.push(before.actionToText(action));
  }
  return { record: lines.join('\n') + '\n', state: st };
}
