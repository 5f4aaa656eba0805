// Random playouts per second through the JavaScript API, the same loop and
// the same seeds as `alea-bench --games N --seed S` (examples/bench.c): the
// actions per game must come out equal to the C figures, which shows that the
// games are the same.
//   node bindings/js/bench.mjs [--games N] [--seed S] [--dist DIR]
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = { games: 200, seed: 1, dist: path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist') };
for (let i = 0; i < args.length; i += 2) {
  const key = args[i].replace(/^--/, '');
  if (!(key in opt) || i + 1 >= args.length) {
    console.error('usage: node bench.mjs [--games N] [--seed S] [--dist DIR]');
    process.exit(2);
  }
  opt[key] = key === 'dist' ? args[i + 1] : Number(args[i + 1]);
}
const alea = await import(path.join(path.resolve(opt.dist), 'alea.js'));
await alea.init();

console.log(`alea ${alea.version()} (WebAssembly, node ${process.versions.node}), seed ${opt.seed}, ${opt.games} games each`);
for (const g of alea.games()) {
  const start = new alea.State(g.id);
  const rng = new alea.Rng(opt.seed);
  let actions = 0;
  const t0 = process.hrtime.bigint();
  for (let n = 0; n < opt.games; n++) {
    const st = start.clone();
    while (!st.isTerminal) {
      if (st.isChance) {
        st.roll(rng);
      } else {
        const legal = st.legalActions();
        st.apply(legal[Number(rng.below(legal.length))]);
      }
      actions++;
    }
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`${g.id.padEnd(11)} random playouts ${opt.games} games in ${s.toFixed(3)} s: `
    + `${(opt.games / s).toFixed(1)} games/s, ${(actions / opt.games).toFixed(1)} actions/game, `
    + `${(s * 1e9 / actions).toFixed(0)} ns/action`);
}
