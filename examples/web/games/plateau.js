// Plateau: a set-up or an onboard move is a reserve piece (with the face up of
// your choice) and a square; a stack's move is the stack, a count to lift and
// a target (with stops on the way, if you like).  The steps are read from the
// legal moves' texts, so only legal pieces, counts and squares are offered.
// Unseen faces (R11) come from the library's observation as null: drawn "?".
import { el, svg, html, target } from '../boards.js';

export const unordered = false;
export const confirm = true;
export const seatName = (i) => ['Black', 'White'][i] ?? `seat ${i}`;
const FACE_NAME = { x: 'blank', r: 'red', b: 'blue', o: 'orange' };
const FACE = { red: '#c62828', blue: '#1e4fb5', orange: '#f08a00', blank: '#eeeeee' };
const pieceLabel = (f) => `${FACE_NAME[f[0]]} up, ${FACE_NAME[f[1]]} down`;

function piece(faces, role) {
  return { key: `${role}:${faces}`, kind: 'piece', faces, button: true, prompt: `${role} (up face first):`,
    label: `${FACE_NAME[faces[0]]}/${FACE_NAME[faces[1]]}`, aria: `${role}: ${pieceLabel(faces)}` };
}
const square = (sq, label) => ({ key: sq, kind: 'square', square: sq.replace(/[^a-d1-4]/g, '').slice(0, 2), label });

export function moves(state) {
  const out = { moves: [], buttons: [] };
  for (const text of state.legalMoves()) {
    let m;
    if ((m = /^setup ([a-d][1-4]) ([xrbo]{2}) ([xrbo]{2})$/.exec(text))) {
      out.moves.push({ text, steps: [piece(m[2], 'Bottom piece'), piece(m[3], 'Top piece'), square(m[1], `set up on ${m[1]}`)] });
    } else if ((m = /^on ([xrbo]{2}) ([a-d][1-4]):(\d+)$/.exec(text))) {
      out.moves.push({ text, steps: [piece(m[1], 'Piece to bring on'), square(m[2], `onboard on ${m[2]}`),
        { key: `:${m[3]}`, kind: 'level', auto: true, button: true, prompt: 'Into the stack at level:', label: `level ${m[3]}` }] });
    } else if ((m = /^(!?)([a-d][1-4])(?:\/(\d+))?(.*)$/.exec(text)) && m[4] !== undefined && /^((-[a-d][1-4]:\d+)*-[a-d][1-4]|\*)$/.test(m[4])) {
      const steps = [{ ...square(m[1] + m[2], m[1] ? `flip the top of ${m[2]} and move from it` : `move from ${m[2]}`), square: m[2] }];
      if (m[3]) steps.push({ key: `/${m[3]}`, kind: 'count', auto: true, button: true, prompt: 'Pieces to lift:', label: `lift ${m[3]}` });
      if (m[4] === '*') steps.push({ key: '*', kind: 'stomp', button: true, label: 'stomp (capture below, no move)' });
      for (const stop of m[4].matchAll(/-([a-d][1-4])(?::(\d+))?/g)) {
        steps.push({ ...square(stop[0], stop[2] !== undefined ? `stop on ${stop[1]}, keep ${stop[2]}` : `land on ${stop[1]}`), square: stop[1] });
      }
      out.moves.push({ text, steps });
    } else {
      out.buttons.push({ text, label: text[0].toUpperCase() + text.slice(1) });
    }
  }
  return out;
}

export function draw(ctx) {
  const s = ctx.json.state;
  const next = ctx.picker ? ctx.picker.next() : [];
  const bySquare = new Map();
  for (const st of next) if (st.kind === 'square') bySquare.set(st.square, [...(bySquare.get(st.square) || []), st]);
  const chosenSquares = new Set((ctx.picker ? ctx.picker.chosen : []).filter((x) => x.kind === 'square').map((x) => x.square));
  const SZ = 110, M = 24;
  const g = svg(4 * SZ + 2 * M, 4 * SZ + 2 * M, `Plateau board, ${s.to_act === null ? 'game over' : `${seatName(s.to_act)} to play`}`);
  for (let row = 1; row <= 4; row++) {
    for (let col = 0; col < 4; col++) {
      const sq = String.fromCharCode(97 + col) + row;
      const x = M + col * SZ, y = M + (4 - row) * SZ;
      const cell = el('g', { 'data-square': sq });
      cell.appendChild(el('rect', { x, y, width: SZ, height: SZ, fill: chosenSquares.has(sq) ? '#fff3c4' : '#f2ead8', stroke: '#777' }));
      cell.appendChild(el('text', { x: x + 4, y: y + 12, 'font-size': 10, fill: '#777' }, sq));
      const stack = (s.board && s.board[sq]) || [];
      const h = Math.min(14, (SZ - 18) / Math.max(stack.length, 1));
      stack.forEach((p, k) => {
        const py = y + SZ - 4 - (k + 1) * h;
        cell.appendChild(el('rect', { x: x + 8, y: py, width: SZ - 16, height: h - 1, fill: p.owner === 0 ? '#222' : '#fafafa', stroke: '#555', class: `piece owner${p.owner}` }));
        for (const [i, face] of [[0, p.up ?? null], [1, p.down ?? null]]) {
          const fx = x + 14 + i * ((SZ - 28) / 2);
          const hidden = face === null;
          cell.appendChild(el('rect', { x: fx, y: py + 2, width: (SZ - 28) / 2 - 4, height: Math.max(h - 5, 2), fill: hidden ? '#999' : FACE[face] || '#ccc', class: hidden ? 'face hidden' : 'face' }));
          if (hidden && h >= 10) cell.appendChild(el('text', { x: fx + (SZ - 28) / 4 - 2, y: py + h - 3, 'text-anchor': 'middle', 'font-size': 9, fill: '#fff', class: 'hidden-mark' }, '?'));
        }
      });
      const steps = bySquare.get(sq);
      if (steps) target(cell, steps.map((x) => x.label).join(' or '), () => ctx.tapSteps(steps), { kind: ctx.picker.chosen.length ? 'dest' : 'target' });
      cell.setAttribute('aria-label', cell.getAttribute('aria-label') || `${sq}: ${stack.length ? `${stack.length} pieces` : 'empty'}`);
      g.appendChild(cell);
    }
  }
  const box = html('div', { class: 'pl-board' });
  box.appendChild(g);
  const reserve = (r) => (typeof r === 'number' ? `${r} pieces (hidden)` : (r || []).join(' ') || '–');
  const prisoners = (p) => (p || []).join(' ') || '–';
  for (const seat of [0, 1]) {
    box.appendChild(html('p', { class: 'board-info' },
      `${seatName(seat)} reserve: ${reserve(s.reserve && s.reserve[seat])} · prisoners held: ${prisoners(s.prisoners && s.prisoners[seat])}`));
  }
  if (s.offer && s.offer.length) box.appendChild(html('p', { class: 'board-info' }, `Offer on the table: ${s.offer.join('+')} (worth ${s.offer_value})`));
  box.appendChild(html('p', { class: 'legend' },
    `Faces: red, blue, orange, blank; grey "?" = a face ${ctx.viewer === null ? 'not shown' : 'you have not seen'}. ` +
    'Pieces: M mute, BL blue, R red, BM blue mask, RM red mask, T twister, A ace.'));
  return box;
}

// a piece step as a button's face: two colour swatches (up, down)
export function decorate(button, step) {
  if (step.kind !== 'piece') return;
  const sw = html('span', { class: 'swatch', 'aria-hidden': 'true' });
  for (const f of step.faces) sw.appendChild(html('span', { style: `background:${FACE[FACE_NAME[f]]}` }));
  button.prepend(sw);
}

export function explain(json, result) {
  const s = json.state;
  const who = result.winner >= 0 ? `${seatName(result.winner)} wins` : result.draw ? 'A draw' : 'Game over';
  return `${who} (${seatName(0)} ${result.score[0]}, ${seatName(1)} ${result.score[1]}). A unit of six of one's own ` +
    'pieces in a stack, or six prisoners held, wins: the winner scores 6 and the loser the prisoners he held; two passes in a row ' +
    'or the ply cap draw (0 each). ' +
  `Prisoners held: ${seatName(0)} ${(s.prisoners[0] || []).join(' ') || 'none'}, ${seatName(1)} ${(s.prisoners[1] || []).join(' ') || 'none'}.`;
}
