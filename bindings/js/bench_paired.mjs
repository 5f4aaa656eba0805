// Paired node-vs-C ratios for a loaded machine: in each of R rounds, `alea-bench`
// plays N random games of a game in a child process (CPU seconds by the shell's
// `times`), then each package given plays bench.mjs's loop on the same games; per
// game, the median over the rounds of JS/C (and its range) is printed, so that a
// burst of load on either side moves one round, not the figure.
//   node bindings/js/bench_paired.mjs ALEA_BENCH GAMES ROUNDS IDS DIST [DIST...]
// e.g. node bindings/js/bench_paired.mjs build/examples/alea-bench 5000 9 \
//        dice-poker,wise-dice,plateau,backgammon OLD bindings/js/dist
import path from 'node:path';
import { spawnSync } from 'node:child_process';
const cb = process.argv[2], games = Number(process.argv[3]), R = Number(process.argv[4]);
const ids = process.argv[5].split(','), dists = process.argv.slice(6);
const libs = [];
for (const d of dists) { const a = await import(path.resolve(d, 'alea.js')); await a.init(); libs.push(a); }
function js(alea, id) {
  const start = new alea.State(id); const rng = new alea.Rng(1);
  const t0 = process.cpuUsage();
  for (let n = 0; n < games; n++) { const st = start.clone();
    while (!st.isTerminal) { if (st.isChance) st.roll(rng); else st.applyLegal(rng.die(st.legalCount) - 1); }
    st.free(); }
  const u = process.cpuUsage(t0); start.free(); rng.free(); return (u.user + u.system) / 1e6;
}
function c(id) {
  const r = spawnSync('sh', ['-c', `"$0" --game "$1" --games "$2" --seed 1 --iterations 1 --positions 1 >/dev/null && times`, cb, id, String(games)], { encoding: 'utf8' });
  const l = r.stdout.trim().split('\n').pop().match(/([\d.]+)m([\d.]+)s\s+([\d.]+)m([\d.]+)s/);
  return 60 * l[1] + Number(l[2]) + 60 * l[3] + Number(l[4]);
}
const med = (q) => { q.sort((x, y) => x - y); return q[q.length >> 1]; };
for (const id of ids) {
  const q = dists.map(() => []);
  for (let r = 0; r < R; r++) { const tc = c(id); libs.forEach((a, i) => q[i].push(js(a, id) / tc)); }
  console.log(id.padEnd(11), dists.map((d, i) => `${path.basename(d)} JS/C median ${med(q[i]).toFixed(2)} (${Math.min(...q[i]).toFixed(2)}-${Math.max(...q[i]).toFixed(2)})`).join('   '));
}
