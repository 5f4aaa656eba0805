// Boards of the four games, drawn from the library's JSON view of a state (or
// of a seat's observation: Plateau's unseen faces come as null and are drawn
// as "?").  Pure drawing: no rule is decided here.
const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function svg(w, h, label) {
  return el('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': label });
}
function html(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// ---- backgammon: points 1..24 from seat 0's side, bar, trays, dice, cube ----
const BG_COLOURS = ['#f4f1e8', '#7a2a1d']; // seat 0 white, seat 1 red
export function drawBackgammon(s) {
  const W = 640, H = 420, M = 20, BAR = 40, TRAY = 50;
  const pw = (W - 2 * M - BAR - TRAY) / 12;
  const g = svg(W, H, 'backgammon board');
  g.appendChild(el('rect', { x: M, y: M, width: W - 2 * M - TRAY, height: H - 2 * M, fill: '#d9c08f', stroke: '#5b4636' }));
  const barX = M + 6 * pw;
  g.appendChild(el('rect', { x: barX, y: M, width: BAR, height: H - 2 * M, fill: '#8b6b4a', class: 'bar' }));
  const trayX = W - M - TRAY + 8;
  g.appendChild(el('rect', { x: trayX, y: M, width: TRAY - 8, height: H - 2 * M, fill: '#c9b07f', stroke: '#5b4636', class: 'tray' }));
  // point n (1..24, seat 0's numbering): x of its left edge and whether at the bottom
  const geom = (n) => {
    const bottom = n <= 12;
    const i = bottom ? 12 - n : n - 13; // column from the left
    const x = M + i * pw + (i >= 6 ? BAR : 0);
    return { x, bottom };
  };
  const r = Math.min(pw / 2 - 2, 15);
  for (let n = 1; n <= 24; n++) {
    const { x, bottom } = geom(n);
    const tipY = bottom ? H - M - 160 : M + 160;
    const baseY = bottom ? H - M : M;
    g.appendChild(el('polygon', {
      points: `${x},${baseY} ${x + pw},${baseY} ${x + pw / 2},${tipY}`,
      fill: n % 2 ? '#3d5a80' : '#e0c9a6', stroke: '#5b4636', 'data-point': n,
    }));
    g.appendChild(el('text', { x: x + pw / 2, y: bottom ? H - 4 : 14, 'text-anchor': 'middle', 'font-size': 10 }, String(n)));
    // checkers: seat 0 on its point n, seat 1 on its point 25-n
    for (const seat of [0, 1]) {
      const count = s.points[seat][seat === 0 ? n : 25 - n];
      for (let k = 0; k < count; k++) {
        const shown = Math.min(k, 4);
        const cy = bottom ? baseY - r - 1 - shown * (2 * r + 1) : baseY + r + 1 + shown * (2 * r + 1);
        if (k < 5) {
          g.appendChild(el('circle', { cx: x + pw / 2, cy, r, fill: BG_COLOURS[seat], stroke: '#222', class: `checker seat${seat}` }));
        }
        if (k === 5) {
          g.appendChild(el('text', { x: x + pw / 2, y: cy + 4, 'text-anchor': 'middle', 'font-size': 12, fill: seat ? '#fff' : '#000' }, String(count)));
        }
      }
    }
  }
  // bar (index 25) and borne off (index 0)
  for (const seat of [0, 1]) {
    const onBar = s.points[seat][25];
    for (let k = 0; k < onBar; k++) {
      const cy = seat === 0 ? H / 2 + 20 + k * (2 * r + 1) : H / 2 - 20 - k * (2 * r + 1);
      g.appendChild(el('circle', { cx: barX + BAR / 2, cy, r, fill: BG_COLOURS[seat], stroke: '#222', class: `checker bar seat${seat}` }));
    }
    const off = s.points[seat][0];
    for (let k = 0; k < off; k++) {
      const y = seat === 0 ? H - M - 6 - k * 8 : M + 2 + k * 8;
      g.appendChild(el('rect', { x: trayX + 4, y, width: TRAY - 16, height: 6, fill: BG_COLOURS[seat], stroke: '#222', class: `off seat${seat}` }));
    }
  }
  // dice and cube
  (s.dice || []).forEach((d, i) => {
    const x = M + 3 * pw - 30 + i * 36 + (s.to_act === 1 ? 0 : 6 * pw + BAR);
    g.appendChild(el('rect', { x, y: H / 2 - 15, width: 30, height: 30, rx: 5, fill: '#fff', stroke: '#000', class: 'die' }));
    g.appendChild(el('text', { x: x + 15, y: H / 2 + 6, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700 }, String(d)));
  });
  if (s.cube && s.cube.enabled) {
    const y = s.cube.owner === 0 ? H - M - 40 : s.cube.owner === 1 ? M + 6 : H / 2 - 17;
    g.appendChild(el('rect', { x: barX + 4, y, width: BAR - 8, height: 34, fill: '#fff', stroke: '#000', class: 'cube' }));
    g.appendChild(el('text', { x: barX + BAR / 2, y: y + 22, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700 },
      String(s.cube.value === 1 ? 64 : s.cube.value)));
  }
  const box = html('div');
  box.appendChild(g);
  const info = html('p', { class: 'bg-info' },
    `pips ${s.pips[0]} (white) – ${s.pips[1]} (red)` +
    (s.mode === 'match' ? ` · match to ${s.match_length}: ${s.score ? s.score.join('–') : ''}` : '') +
    (s.position_id ? ` · gnubg ${s.position_id}:${s.match_id}` : ''));
  box.appendChild(info);
  return box;
}

// ---- dice poker: the dice to hold and every player's score card ----
export function drawDicePoker(s, scores) {
  const box = html('div', { class: 'dice-poker' });
  const dice = html('div', { class: 'dice', 'aria-label': 'dice' });
  for (const d of s.held || []) dice.appendChild(html('span', { class: 'die held', title: 'held' }, String(d)));
  for (const d of s.dice || []) dice.appendChild(html('span', { class: 'die' }, String(d)));
  box.appendChild(html('p', {}, `seat ${s.seat} to play · throw ${s.throws} of 3${s.all_five ? ' (all five at once)' : ''}`));
  box.appendChild(dice);
  for (const card of s.cards) {
    const t = html('table', { class: 'card', 'data-seat': card.seat });
    const cap = html('caption', {}, `seat ${card.seat}: ${card.score} points, reserve ${card.reserve}`);
    t.appendChild(cap);
    const head = html('tr');
    head.appendChild(html('th', {}, 'row'));
    for (let c = 0; c < s.columns; c++) head.appendChild(html('th', {}, `col ${c + 1}`));
    t.appendChild(head);
    for (const [row, cells] of Object.entries(card.rows)) {
      const tr = html('tr');
      tr.appendChild(html('th', {}, row));
      for (const cell of cells) {
        const text = cell.mark === 'empty' ? '·' : cell.mark === 'scored' ? String(cell.value) : cell.mark;
        tr.appendChild(html('td', { class: cell.mark }, text));
      }
      t.appendChild(tr);
    }
    box.appendChild(t);
  }
  box.appendChild(html('p', {}, `scores: ${scores.join(', ')}`));
  return box;
}

// ---- wise dice: the 8x12 board, towers bottom to top ----
export function drawWiseDice(s) {
  const C = 8, R = 12, S = 34, M = 22;
  const g = svg(C * S + 2 * M, R * S + 2 * M, 'wise dice board');
  const stacks = new Map((s.stacks || []).map((st) => [st.square, st.pawns]));
  for (let row = 1; row <= R; row++) {
    for (let col = 0; col < C; col++) {
      const sq = String.fromCharCode(65 + col) + row;
      const x = M + col * S, y = M + (R - row) * S;
      g.appendChild(el('rect', { x, y, width: S, height: S, fill: (row + col) % 2 ? '#e8e2d0' : '#fbf8ef', stroke: '#999', 'data-square': sq }));
      const pawns = stacks.get(sq) || [];
      pawns.forEach((p, k) => {
        const south = p[0] === 'S';
        const top = k === pawns.length - 1;
        const cy = y + S - 9 - k * 7;
        g.appendChild(el('rect', { x: x + 5, y: cy - 6, width: S - 10, height: 12, rx: 4, fill: south ? '#2b59c3' : '#c33b2b', stroke: '#111', class: `pawn ${south ? 'south' : 'north'}` }));
        if (top) g.appendChild(el('text', { x: x + S / 2, y: cy + 4, 'text-anchor': 'middle', 'font-size': 10, fill: '#fff' }, p.slice(1)));
      });
      if (pawns.length > 1) g.appendChild(el('text', { x: x + S - 3, y: y + 10, 'text-anchor': 'end', 'font-size': 8 }, `×${pawns.length}`));
    }
  }
  for (let col = 0; col < C; col++) g.appendChild(el('text', { x: M + col * S + S / 2, y: M - 6, 'text-anchor': 'middle', 'font-size': 10 }, String.fromCharCode(65 + col)));
  for (let row = 1; row <= R; row++) g.appendChild(el('text', { x: 4, y: M + (R - row) * S + S / 2 + 3, 'font-size': 10 }, String(row)));
  const box = html('div');
  box.appendChild(g);
  const roll = (s.roll || []).join(' ');
  box.appendChild(html('p', {}, `South ${s.scores[0]} – North ${s.scores[1]} · moves ${s.moves}${roll ? ` · dice ${roll}` : ''}${s.final_turn ? ' · final turn' : ''}`));
  return box;
}

// ---- Plateau: the 4x4 stacks bottom to top, faces; "?" for an unseen face ----
const FACE = { red: '#c62828', blue: '#1e4fb5', orange: '#f08a00', blank: '#eeeeee' };
export function drawPlateau(s, viewer) {
  const S = 110, M = 24;
  const g = svg(4 * S + 2 * M, 4 * S + 2 * M, 'Plateau board');
  for (let row = 1; row <= 4; row++) {
    for (let col = 0; col < 4; col++) {
      const sq = String.fromCharCode(97 + col) + row;
      const x = M + col * S, y = M + (4 - row) * S;
      g.appendChild(el('rect', { x, y, width: S, height: S, fill: '#f2ead8', stroke: '#777', 'data-square': sq }));
      g.appendChild(el('text', { x: x + 4, y: y + 12, 'font-size': 10, fill: '#777' }, sq));
      const stack = (s.board && s.board[sq]) || [];
      const h = Math.min(14, (S - 18) / Math.max(stack.length, 1));
      stack.forEach((p, k) => {
        const py = y + S - 4 - (k + 1) * h;
        const up = p.up ?? null, down = p.down ?? null;
        g.appendChild(el('rect', { x: x + 8, y: py, width: S - 16, height: h - 1, fill: p.owner === 0 ? '#222' : '#fafafa', stroke: '#555', class: `piece owner${p.owner}` }));
        for (const [i, face] of [[0, up], [1, down]]) {
          const fx = x + 14 + i * ((S - 28) / 2);
          const hidden = face === null;
          g.appendChild(el('rect', { x: fx, y: py + 2, width: (S - 28) / 2 - 4, height: Math.max(h - 5, 2), fill: hidden ? '#999' : FACE[face] || '#ccc', class: hidden ? 'face hidden' : 'face' }));
          if (hidden && h >= 10) g.appendChild(el('text', { x: fx + (S - 28) / 4 - 2, y: py + h - 3, 'text-anchor': 'middle', 'font-size': 9, fill: '#fff', class: 'hidden-mark' }, '?'));
        }
      });
    }
  }
  const box = html('div');
  box.appendChild(g);
  const reserve = (r) => (typeof r === 'number' ? `${r} hidden` : (r || []).join(' ') || '–');
  const prisoners = (p) => (p || []).join(' ') || '–';
  box.appendChild(html('p', {}, `Black reserve: ${reserve(s.reserve && s.reserve[0])} · prisoners: ${prisoners(s.prisoners && s.prisoners[0])}`));
  box.appendChild(html('p', {}, `White reserve: ${reserve(s.reserve && s.reserve[1])} · prisoners: ${prisoners(s.prisoners && s.prisoners[1])}`));
  box.appendChild(html('p', { class: 'legend' },
    `Faces: red, blue, orange, blank; grey "?" = a face ${viewer === null ? 'not shown' : 'you have not seen'}.` +
    ` Piece codes in moves: x blank, r red, b blue, o orange (up face first).`));
  return box;
}
