// Dice poker: tap dice to hold them (held dice look held), then throw the
// others again; or tap a row of the card to write it (or strike it).  What a
// row would score is the library's: each legal scoring action is applied to a
// copy of the state and the cell it fills is read back.
import { html, dieIcon } from '../boards.js';

export const unordered = false;
export const seatName = (i) => `Player ${i + 1}`;

const ROW_NAMES = {
  'school-1': 'School 1', 'school-2': 'School 2', 'school-3': 'School 3', 'school-4': 'School 4',
  'school-5': 'School 5', 'school-6': 'School 6', pair: 'Pair', three: 'Three of a kind',
  'two-pairs': 'Two pairs', full: 'Full house', four: 'Four of a kind', poker: 'Poker (five alike)',
  'small-straight': 'Small straight', 'large-straight': 'Large straight', sum: 'Sum',
};

const cellText = (c) => ({
  empty: '·', scored: String(c.value), struck: '✗', zero: '0 (−200)',
  closed: c.value ? `closed, reserve ${c.value > 0 ? '+' : ''}${c.value}` : 'closed',
  'closed-reserve': `closed, reserve ${c.value}`,
}[c.mark] ?? c.mark);

// Every legal scoring action with the cell it fills (row, column) and the cell
// as it would be; the holds are the dice row's business.
export function moves(state) {
  const out = { moves: [], buttons: [], cells: [] };
  const seat = state.currentPlayer;
  const before = state.toJSON().state.cards[seat].rows;
  for (const text of state.legalMoves()) {
    if (text.startsWith('hold')) continue;
    const copy = state.clone();
    try {
      copy.apply(text);
      const after = copy.toJSON().state.cards[seat].rows;
      for (const [row, cells] of Object.entries(after)) {
        cells.forEach((c, col) => {
          const b = before[row][col];
          if (b.mark !== c.mark || b.value !== c.value) out.cells.push({ text, row, col, cell: c, strike: text.startsWith('strike') });
        });
      }
    } finally {
      copy.free();
    }
  }
  return out;
}

export function draw(ctx) {
  const s = ctx.json.state;
  const box = html('div', { class: 'dice-poker' });
  const ui = ctx.ui;
  ui.hold = ui.hold || new Set();
  const deciding = ctx.active && s.phase === 'decide';
  box.appendChild(html('p', { class: 'board-info' },
    `${seatName(s.seat)} to play · throw ${s.throws} of 3${s.all_five ? ' · all five at once: a combination counts double' : ''}`));
  const row = html('div', { class: 'dice', role: 'group', 'aria-label': 'dice: tap to hold' });
  const dice = s.phase === 'decide' ? s.dice : [...(s.held || []), ...(s.dice || [])];
  dice.forEach((d, i) => {
    const held = deciding ? ui.hold.has(i) : s.phase !== 'decide' && i < (s.held || []).length;
    const b = html('button', { type: 'button', class: `die-btn${held ? ' held' : ''}`, 'aria-pressed': String(held),
      'aria-label': `die ${d}${held ? ', held' : ''}` });
    b.appendChild(dieIcon(d, 44, held ? { fill: '#ffe08a' } : {}));
    b.disabled = !deciding || s.throws >= 3;
    b.addEventListener('click', () => {
      if (ui.hold.has(i)) ui.hold.delete(i);
      else ui.hold.add(i);
      ctx.redraw();
    });
    row.appendChild(b);
  });
  box.appendChild(row);
  if (deciding && s.throws < 3) {
    const kept = [...ui.hold].map((i) => s.dice[i]).sort((a, b) => a - b);
    const text = kept.length ? `hold ${kept.join(',')}` : 'hold none';
    const b = html('button', { type: 'button', class: 'throw' },
      kept.length ? `Keep ${kept.join(' ')}, throw ${5 - kept.length} again` : 'Throw all five again');
    b.disabled = kept.length === 5;
    b.addEventListener('click', () => ctx.play(text));
    box.appendChild(b);
  }
  const cells = deciding ? ctx.moves.cells : [];
  const cards = html('div', { class: 'cards' });
  box.appendChild(cards);
  for (const card of s.cards) {
    const mine = card.seat === s.seat && deciding;
    const t = html('table', { class: `card${mine ? ' mine' : ''}`, 'data-seat': card.seat });
    t.appendChild(html('caption', {}, `${seatName(card.seat)}: ${card.score} points, reserve ${card.reserve}`));
    const head = html('tr');
    head.appendChild(html('th', {}, 'row'));
    for (let c = 0; c < s.columns; c++) head.appendChild(html('th', {}, s.columns > 1 ? `col ${c + 1}` : 'cell'));
    t.appendChild(head);
    for (const [row, cs] of Object.entries(card.rows)) {
      const tr = html('tr');
      tr.appendChild(html('th', {}, ROW_NAMES[row] || row));
      cs.forEach((cell, col) => {
        const td = html('td', { class: cell.mark }, cellText(cell));
        if (mine) {
          const opts = cells.filter((x) => x.row === row && x.col === col);
          const write = opts.find((x) => !x.strike);
          const strike = opts.find((x) => x.strike);
          if (write) {
            td.textContent = '';
            const b = html('button', { type: 'button', class: 'cell-btn' }, `${cellText(write.cell)}`);
            b.setAttribute('aria-label', `${ROW_NAMES[row]}: ${write.text} scores ${cellText(write.cell)}`);
            b.addEventListener('click', () => ctx.play(write.text));
            td.appendChild(b);
          }
          if (strike) {
            if (!write) td.textContent = '';
            const b = html('button', { type: 'button', class: 'cell-btn strike', title: strike.text }, '✗');
            b.setAttribute('aria-label', `${ROW_NAMES[row]}: strike it (scores nothing)`);
            b.addEventListener('click', () => ctx.play(strike.text));
            td.appendChild(b);
          }
        }
        tr.appendChild(td);
      });
      t.appendChild(tr);
    }
    cards.appendChild(t);
  }
  return box;
}

export function explain(json, result) {
  const s = json.state;
  const lines = s.cards.map((c) => `${seatName(c.seat)} ${c.score}`);
  const who = result.winner >= 0 ? `${seatName(result.winner)} wins` : result.draw ? 'A draw' : 'Game over';
  return `${who}: ${lines.join(', ')}. A card's score is its written cells plus the bonuses of ` +
    'full rows and columns, less 200 for each School zero.';
}

