// Wise dice: tap a pawn, then one of its highlighted targets (a square, or
// the edge for an exit); where several legal moves take that pawn there (other
// dice for the score), a button for each.  The targets are the library's: each
// legal move is applied to a copy of the state and the pawn's square read back.
import { el, svg, html, target, svgDie } from '../boards.js';

export const unordered = false;
export const confirm = false;
export const seatName = (i) => ['South', 'North'][i] ?? `seat ${i}`;
const C = 8, R = 12, S = 34, M = 22;

export function moves(state) {
  const out = { moves: [], buttons: [] };
  const seat = state.currentPlayer;
  const before = state.toJSON().state.scores[seat];
  for (const text of state.legalMoves()) {
    const place = /^place ([A-H]\d+)$/i.exec(text);
    if (place) {
      out.moves.push({ text, steps: [{ key: place[1], kind: 'square', square: place[1], label: `place on ${place[1]}` }] });
      continue;
    }
    const pip = /^(\d)\//.exec(text);
    if (!pip) {
      out.buttons.push({ text, label: text === 'pass' ? 'Pass (no move is legal)' : text });
      continue;
    }
    const copy = state.clone();
    try {
      copy.apply(text);
      const after = copy.toJSON().state;
      const pawn = after.pawns[seat][Number(pip[1]) - 1];
      const dest = pawn.state === 'exited' || !pawn.square ? 'exit' : pawn.square;
      const gain = after.scores[seat] - before;
      out.moves.push({ text, steps: [
        { key: `pawn${pip[1]}`, kind: 'pawn', pip: Number(pip[1]), label: `pawn ${pip[1]}` },
        { key: dest, kind: 'square', square: dest, label: dest === 'exit' ? 'exit the board' : `to ${dest}` },
        { key: text, kind: 'option', auto: true, button: true, label: `${text}: ${gain >= 0 ? '+' : ''}${gain} points` },
      ] });
    } finally {
      copy.free();
    }
  }
  return out;
}

export function draw(ctx) {
  const s = ctx.json.state;
  const mover = s.player;
  const next = ctx.picker ? ctx.picker.next() : [];
  const chosenPawn = ctx.picker && ctx.picker.chosen.find((x) => x.kind === 'pawn');
  const pawnSquare = (pip) => s.pawns[mover][pip - 1].square;
  const tapSquare = new Map(); // square -> steps
  for (const st of next) {
    const sq = st.kind === 'pawn' ? pawnSquare(st.pip) : st.kind === 'square' ? st.square : null;
    if (sq) tapSquare.set(sq, [...(tapSquare.get(sq) || []), st]);
  }
  const g = svg(C * S + 2 * M, R * S + 2 * M + 30, `wise dice board, ${seatName(mover)} to play`);
  const stacks = new Map((s.stacks || []).map((st) => [st.square, st.pawns]));
  for (let row = 1; row <= R; row++) {
    for (let col = 0; col < C; col++) {
      const sq = String.fromCharCode(65 + col) + row;
      const x = M + col * S, y = M + (R - row) * S;
      const cell = el('g', { 'data-square': sq });
      cell.appendChild(el('rect', { x, y, width: S, height: S, fill: (row + col) % 2 ? '#e8e2d0' : '#fbf8ef', stroke: '#999' }));
      const pawns = stacks.get(sq) || [];
      pawns.forEach((p, k) => {
        const south = p[0] === 'S';
        const cy = y + S - 9 - k * 7;
        cell.appendChild(el('rect', { x: x + 5, y: cy - 6, width: S - 10, height: 12, rx: 4, fill: south ? '#2b59c3' : '#c33b2b', stroke: '#111', class: `pawn ${south ? 'south' : 'north'}` }));
        if (k === pawns.length - 1) cell.appendChild(el('text', { x: x + S / 2, y: cy + 4, 'text-anchor': 'middle', 'font-size': 10, fill: '#fff' }, p.slice(1)));
      });
      if (pawns.length > 1) cell.appendChild(el('text', { x: x + S - 3, y: y + 10, 'text-anchor': 'end', 'font-size': 8 }, `×${pawns.length}`));
      const steps = tapSquare.get(sq);
      if (steps) {
        const st = steps[0];
        target(cell, st.kind === 'pawn' ? `${seatName(mover)} pawn ${st.pip} on ${sq}` : `${chosenPawn ? `pawn ${chosenPawn.pip} ` : ''}to ${sq}`,
          () => ctx.tapSteps(steps), { kind: st.kind === 'pawn' ? 'target' : 'dest' });
      } else if (chosenPawn && pawnSquare(chosenPawn.pip) === sq) {
        cell.classList.add('selected');
      }
      g.appendChild(cell);
    }
  }
  for (let col = 0; col < C; col++) g.appendChild(el('text', { x: M + col * S + S / 2, y: M - 6, 'text-anchor': 'middle', 'font-size': 10 }, String.fromCharCode(65 + col)));
  for (let row = 1; row <= R; row++) g.appendChild(el('text', { x: 4, y: M + (R - row) * S + S / 2 + 3, 'font-size': 10 }, String(row)));
  // an exit: a target beyond the opponent's edge
  const exit = next.find((st) => st.kind === 'square' && st.square === 'exit');
  if (exit) {
    const y = mover === 0 ? 2 : M + R * S + 2;
    const e = el('g', {});
    e.appendChild(el('rect', { x: M, y, width: C * S, height: 16, fill: '#cfe8c4', stroke: '#176b17' }));
    e.appendChild(el('text', { x: M + C * S / 2, y: y + 12, 'text-anchor': 'middle', 'font-size': 11 }, 'exit the board'));
    target(e, `pawn ${chosenPawn ? chosenPawn.pip : ''} exits the board`, () => ctx.tapSteps([exit]), { kind: 'dest' });
    g.appendChild(e);
  }
  // the four dice of the roll, drawn as dice
  (s.roll || []).forEach((d, i) => g.appendChild(svgDie(M + i * 30, M + R * S + 20, 24, d)));
  const box = html('div', { class: 'wd-board' });
  box.appendChild(g);
  box.appendChild(html('p', { class: 'board-info' },
    `${seatName(0)} (blue) ${s.scores[0]} – ${seatName(1)} (red) ${s.scores[1]} · moves ${s.moves}${s.final_turn ? ' · final turn' : ''}`));
  return box;
}

export function explain(json, result) {
  const s = json.state;
  const who = result.winner >= 0 ? `${seatName(result.winner)} wins` : 'A draw';
  return `${who}, ${s.scores[0]} to ${s.scores[1]}. Every move scores its scoring die, +10 for crossing the middle ` +
    'forwards and +20 for an exit; the first exit ends the game after the other side\'s last turn.';
}
