// Backgammon on the board: tap (or drag) a checker, then one of its
// highlighted destinations; a move of two or four steps is built checker by
// checker, shown on the board and undoable until it is played.  The steps are
// the chains of the legal moves' texts ("13/7", "bar/22*", "8/5(2)" = two
// "8/5"), so the board offers exactly the library's legal moves, in any order.
// The cube's and the roll's decisions are buttons.
import { el, svg, html, target, svgDie } from '../boards.js';

export const unordered = true;
const COLOURS = ['#f4f1e8', '#7a2a1d']; // seat 0 white, seat 1 red
export const seatName = (i) => ['White', 'Red'][i] ?? `seat ${i}`;

// a point of the mover's numbering ("bar", "off", "1".."25") as an index of
// the JSON's points array (0 = borne off, 25 = the bar)
const index = (p) => (p === 'bar' ? 25 : p === 'off' ? 0 : Number(p));

function chainSteps(chain) {
  const m = /^(.*?)(?:\((\d)\))?$/.exec(chain);
  const path = m[1].split('/');
  const hits = path.slice(1).filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));
  const step = { key: m[1], kind: 'checker', from: path[0], to: path[path.length - 1].replace('*', ''), hits,
    label: m[1] };
  return Array(Number(m[2] || 1)).fill(step);
}

export function moves(state) {
  const out = { moves: [], buttons: [] };
  for (const text of state.legalMoves()) {
    if (/^(bar|\d)/.test(text)) out.moves.push({ text, steps: text.split(' ').flatMap(chainSteps) });
    else out.buttons.push({ text, label: text[0].toUpperCase() + text.slice(1) });
  }
  return out;
}

// the board point (seat 0's numbering) of a mover's point, or 'bar'/'off'
const boardPoint = (mover, p) => (p === 'bar' || p === 'off' ? p : mover === 0 ? Number(p) : 25 - Number(p));

export function draw(ctx) {
  const s = ctx.json.state;
  const mover = s.to_act;
  const pts = s.points.map((a) => [...a]);
  const chosen = ctx.picker ? ctx.picker.chosen : [];
  // the partial move on the board: what its notation says (from, to, hits)
  for (const st of chosen) {
    pts[mover][index(st.from)]--;
    pts[mover][index(st.to)]++;
    for (const h of st.hits) {
      pts[1 - mover][25 - Number(h)]--;
      pts[1 - mover][25]++;
    }
  }
  const next = ctx.picker ? ctx.picker.next() : [];
  const froms = new Map(); // board point -> mover's point
  for (const st of next) froms.set(boardPoint(mover, st.from), st.from);
  const ui = ctx.ui;
  if (ui.from && !next.some((st) => st.from === ui.from)) ui.from = null;
  const dests = new Map(); // board point -> step
  if (ui.from) for (const st of next) if (st.from === ui.from) dests.set(boardPoint(mover, st.to), st);

  last = { mover, next, pick: (st) => { ui.from = null; ctx.pick(st); } };
  const W = 640, H = 420, M = 20, BAR = 40, TRAY = 50;
  const pw = (W - 2 * M - BAR - TRAY) / 12;
  const g = svg(W, H, `backgammon board, ${seatName(mover)} to play`);
  g.appendChild(el('rect', { x: M, y: M, width: W - 2 * M - TRAY, height: H - 2 * M, fill: '#d9c08f', stroke: '#5b4636' }));
  const barX = M + 6 * pw;
  const trayX = W - M - TRAY + 8;
  const geom = (n) => {
    const bottom = n <= 12;
    const i = bottom ? 12 - n : n - 13;
    return { x: M + i * pw + (i >= 6 ? BAR : 0), bottom };
  };
  const r = Math.min(pw / 2 - 2, 15);
  const own = (seat, n) => (seat === 0 ? n : 25 - n);
  const onTapFrom = (p) => () => {
    ui.from = ui.from === p ? null : p;
    ctx.redraw();
  };
  const onTapDest = (st) => () => {
    ui.from = null;
    ctx.pick(st);
  };
  const mark = (node, n) => {
    // a point (or bar/tray) as a target: a checker to lift, or a destination
    if (dests.has(n)) {
      target(node, `move to ${n === 'off' ? 'off the board' : `point ${own(mover, n)}`}`, onTapDest(dests.get(n)), { kind: 'dest' });
      node.dataset.dest = String(n);
    } else if (froms.has(n)) {
      const p = froms.get(n);
      target(node, `checker on ${p === 'bar' ? 'the bar' : `point ${p}`}`, onTapFrom(p), { selected: ui.from === p });
      node.dataset.from = p;
    }
  };
  const bar = el('rect', { x: barX, y: M, width: BAR, height: H - 2 * M, fill: '#8b6b4a', class: 'bar' });
  g.appendChild(bar);
  const tray = el('rect', { x: trayX, y: M, width: TRAY - 8, height: H - 2 * M, fill: '#c9b07f', stroke: '#5b4636', class: 'tray' });
  g.appendChild(tray);
  tray.dataset.bp = 'off';
  mark(tray, 'off');
  for (let n = 1; n <= 24; n++) {
    const { x, bottom } = geom(n);
    const tipY = bottom ? H - M - 160 : M + 160;
    const baseY = bottom ? H - M : M;
    const tri = el('polygon', { points: `${x},${baseY} ${x + pw},${baseY} ${x + pw / 2},${tipY}`,
      fill: n % 2 ? '#3d5a80' : '#e0c9a6', stroke: '#5b4636', 'data-point': n });
    const grp = el('g', {});
    grp.appendChild(tri);
    const label = mover === 1 ? 25 - n : n; // the numbers of the seat to move
    g.appendChild(el('text', { x: x + pw / 2, y: bottom ? H - 5 : 15, 'text-anchor': 'middle', 'font-size': 11 }, String(label)));
    for (const seat of [0, 1]) {
      const count = pts[seat][own(seat, n)];
      for (let k = 0; k < Math.min(count, 5); k++) {
        const cy = bottom ? baseY - r - 1 - k * (2 * r + 1) : baseY + r + 1 + k * (2 * r + 1);
        grp.appendChild(el('circle', { cx: x + pw / 2, cy, r, fill: COLOURS[seat], stroke: '#222', class: `checker seat${seat}` }));
      }
      if (count > 5) {
        const cy = bottom ? baseY - r - 1 - 4 * (2 * r + 1) : baseY + r + 1 + 4 * (2 * r + 1);
        grp.appendChild(el('text', { x: x + pw / 2, y: cy + 5, 'text-anchor': 'middle', 'font-size': 13, fill: seat ? '#fff' : '#000' }, String(count)));
      }
    }
    grp.dataset.bp = String(n);
    mark(grp, n);
    g.appendChild(grp);
  }
  // the bar (index 25) and borne-off checkers (index 0)
  const barGroups = {};
  for (const seat of [0, 1]) {
    const gb = el('g', {});
    gb.appendChild(el('rect', { x: barX, y: seat === 0 ? H / 2 : M, width: BAR, height: H / 2 - M, fill: 'transparent' }));
    for (let k = 0; k < pts[seat][25]; k++) {
      const cy = seat === 0 ? H / 2 + 40 + k * (2 * r + 1) : H / 2 - 40 - k * (2 * r + 1);
      gb.appendChild(el('circle', { cx: barX + BAR / 2, cy, r, fill: COLOURS[seat], stroke: '#222', class: `checker bar seat${seat}` }));
    }
    barGroups[seat] = gb;
    g.appendChild(gb);
    for (let k = 0; k < pts[seat][0]; k++) {
      const y = seat === 0 ? H - M - 8 - k * 8 : M + 2 + k * 8;
      g.appendChild(el('rect', { x: trayX + 4, y, width: TRAY - 16, height: 6, fill: COLOURS[seat], stroke: '#222', class: `off seat${seat}` }));
    }
  }
  if (froms.has('bar')) mark(barGroups[mover], 'bar');
  // the dice (drawn as dice) and the cube
  (s.dice || []).forEach((d, i) => {
    const x = (mover === 1 ? M + 3 * pw : M + 9 * pw + BAR) - 34 + i * 38;
    g.appendChild(svgDie(x, H / 2 - 16, 32, d));
  });
  if (s.cube && s.cube.enabled) {
    const y = s.cube.owner === 0 ? H - M - 40 : s.cube.owner === 1 ? M + 6 : H / 2 - 17;
    const cube = el('g', { class: 'cube', 'aria-label': `cube ${s.cube.value}` });
    cube.appendChild(el('rect', { x: barX + 4, y, width: BAR - 8, height: 34, fill: '#fff', stroke: '#000' }));
    cube.appendChild(el('text', { x: barX + BAR / 2, y: y + 22, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700 },
      String(s.cube.value === 1 ? 64 : s.cube.value)));
    g.appendChild(cube);
  }
  const box = html('div', { class: 'bg-board' });
  box.appendChild(g);
  box.appendChild(html('p', { class: 'board-info' },
    `${seatName(0)} (light) ${s.pips[0]} pips · ${seatName(1)} (dark) ${s.pips[1]} pips` +
    (s.mode === 'match' ? ` · match to ${s.match_length}: ${ctx.json.scores.join('–')}` : '') +
    (s.cube && s.cube.enabled ? ` · cube ${s.cube.value}${s.cube.owner === null ? ' (centre)' : ` (${seatName(s.cube.owner)})`}` : '') +
    (ctx.positionId ? ` · gnubg ${ctx.positionId}` : '')));
  return box;
}

// Drag: press on a checker, release on a destination.  The release's point
// is matched against the steps of the last drawing (never a rule here).
let last = null; // { mover, next, pick }
export function attachDrag(boardBox) {
  let down = null;
  boardBox.addEventListener('pointerdown', (ev) => {
    const t = ev.target.closest && ev.target.closest('[data-from]');
    down = t ? { x: ev.clientX, y: ev.clientY, from: t.dataset.from } : null;
  });
  boardBox.addEventListener('pointerup', (ev) => {
    const d = down;
    down = null;
    if (!d || !last || Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 12) return; // a tap: click does it
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const spot = under && under.closest('[data-bp]');
    if (!spot) return;
    const st = last.next.find((x) => x.from === d.from && String(boardPoint(last.mover, x.to)) === spot.dataset.bp);
    if (st) last.pick(st);
  });
}

export function explain(json, result) {
  const s = json.state;
  const who = result.winner >= 0 ? seatName(result.winner) : null;
  const kind = s.mode === 'match' ? `the match to ${s.match_length}` : 'the game';
  return `${who ? `${who} wins ${kind}` : 'No winner'}: ${seatName(0)} ${result.score[0]}, ${seatName(1)} ${result.score[1]} ` +
    `${s.mode === 'match' ? 'match points' : 'points'}. A game is worth the cube's value, twice that for a gammon ` +
    '(the loser has borne off no checker), three times for a backgammon (and a checker still in the winner\'s home board or on the bar).';
}
