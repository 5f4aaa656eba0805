// Random playouts per second through the JavaScript API, the same loop and
// the same seeds as `alea-bench --games N --seed S` (examples/bench.c): the
// actions per game must come out equal to the C figures, which shows that the
// games are the same.
//   node bindings/js/bench.mjs [--games N] [--seed S] [--repeat R] [--dist DIR] [--c-bench PATH]
// Times are CPU seconds of this process (process.cpuUsage(): a loaded machine
// slows the wall clock, not the CPU time), the least of R runs (the others
// were slowed by other processes).  The loop applies its choice by index,
// applyLegal(rng.die(legalCount) - 1), no BigInt (with an older package:
// legalActionsView(), or legalActions()).
// With --c-bench PATH (alea-bench),
// each game is also played by `alea-bench --game ID --games N --seed S
// --iterations 1 --positions 1` in a child process timed by the shell's `times`
// (CPU seconds of the whole child: its start and one sampled position included),
// R times too, each C run just before a JavaScript run, and the ratio JavaScript / C
// per game is printed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = {
  games: 200, seed: 1, repeat: 1, dist: path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist'),
  'c-bench': '',
};
for (let i = 0; i < args.length; i += 2) {
  const key = args[i].replace(/^--/, '');
  if (!(key in opt) || i + 1 >= args.length) {
    console.error('usage: node bench.mjs [--games N] [--seed S] [--repeat R] [--dist DIR] [--c-bench PATH]');
    process.exit(2);
  }
  opt[key] = typeof opt[key] === 'number' ? Number(args[i + 1]) : args[i + 1];
}
const alea = await import(path.join(path.resolve(opt.dist), 'alea.js'));
await alea.init();

function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

// The child's CPU seconds (user + system) from the shell's `times`, and its output.
function cBench(id) {
  const cmd = `"$0" --game "$1" --games "$2" --seed "$3" --iterations 1 --positions 1 && times`;
  const r = spawnSync('sh', ['-c', cmd, opt['c-bench'], id, String(opt.games), String(opt.seed)],
    { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`alea-bench failed: ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  const child = lines[lines.length - 1].match(/([\d.]+)m([\d.]+)s\s+([\d.]+)m([\d.]+)s/);
  const m = r.stdout.match(/random playouts .*?([\d.]+) actions\/game/);
  return { cpu: 60 * child[1] + Number(child[2]) + 60 * child[3] + Number(child[4]),
    actions: m ? Number(m[1]) : NaN };
}

console.log(`alea ${alea.version()} (WebAssembly, node ${process.versions.node}), seed ${opt.seed}, `
  + `${opt.games} games each, CPU seconds`);
const view = typeof alea.State.prototype.legalActionsView === 'function';
const byIndex = typeof alea.State.prototype.applyLegal === 'function';

// One run: opt.games random games from the start; returns [CPU seconds, actions].
function run(id) {
  const start = new alea.State(id);
  const rng = new alea.Rng(opt.seed);
  let actions = 0;
  const t0 = cpuSeconds();
  for (let n = 0; n < opt.games; n++) {
    const st = start.clone();
    while (!st.isTerminal) {
      if (st.isChance) {
        st.roll(rng);
      } else if (byIndex) { // the same draw: die(n) is 1 + below(n)
        st.applyLegal(rng.die(st.legalCount) - 1);
      } else {
        const legal = view ? st.legalActionsView() : st.legalActions();
        st.apply(legal[Number(rng.below(legal.length))]);
      }
      actions++;
    }
    if (st.free) st.free(); // wasm memory back at once (older packages have no free())
  }
  return [cpuSeconds() - t0, actions];
}

// With --c-bench, each of the R rounds runs C, then JavaScript (interleaved, so that
// both meet the same load on a shared machine).
for (const g of alea.games()) {
  let s = Infinity;
  let actions = 0;
  let c = null;
  for (let r = 0; r < opt.repeat; r++) {
    if (opt['c-bench']) {
      const one = cBench(g.id);
      if (!c || one.cpu < c.cpu) c = one;
    }
    const [t, n] = run(g.id);
    s = Math.min(s, t);
    actions = n;
  }
  let line = `${g.id.padEnd(11)} random playouts ${opt.games} games in ${s.toFixed(3)} s: `
    + `${(opt.games / s).toFixed(1)} games/s, ${(actions / opt.games).toFixed(1)} actions/game, `
    + `${(s * 1e9 / actions).toFixed(0)} ns/action`;
  if (opt['c-bench']) {
    const same = c.actions.toFixed(1) === (actions / opt.games).toFixed(1) ? 'same games' : 'OTHER GAMES';
    line += `; C ${c.cpu.toFixed(2)} s (${same}): JS/C ${(s / c.cpu).toFixed(2)}`;
  }
  console.log(line);
}
