// Drawing helpers shared by the four boards (games/*.js): SVG and HTML
// elements, dice with pips, and tap targets that the keyboard reaches too.
// Pure drawing: no rule is decided here.
const SVG = 'http://www.w3.org/2000/svg';

export function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// An SVG that scales with its box (viewBox; no fixed width): the board fits a
// phone's screen and keeps its proportions.
export function svg(w, h, label) {
  return el('svg', { viewBox: `0 0 ${w} ${h}`, role: 'group', 'aria-label': label, class: 'board-svg',
    preserveAspectRatio: 'xMidYMid meet' });
}

export function html(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Makes an element a tap target: a pointer tap, or Tab then Enter/Space.
export function target(e, label, onTap, { selected = false, kind = 'target' } = {}) {
  e.classList.add(kind);
  if (selected) e.classList.add('selected');
  e.setAttribute('tabindex', '0');
  e.setAttribute('role', 'button');
  e.setAttribute('aria-label', label);
  if (selected) e.setAttribute('aria-pressed', 'true');
  e.addEventListener('click', (ev) => {
    ev.preventDefault();
    onTap(ev);
  });
  e.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onTap(ev);
    }
  });
  return e;
}

// The pips of a die face (1..6) in a square of side s at (x, y).
const PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};
export function svgDie(x, y, s, value, { fill = '#fff', pip = '#111', cls = 'die' } = {}) {
  const g = el('g', { class: cls, 'aria-label': `die ${value}`, role: 'img' });
  g.appendChild(el('rect', { x, y, width: s, height: s, rx: s / 6, fill, stroke: '#111' }));
  for (const [i, j] of PIPS[value] || []) {
    g.appendChild(el('circle', { cx: x + s * (0.22 + 0.28 * i), cy: y + s * (0.22 + 0.28 * j), r: s / 11, fill: pip }));
  }
  return g;
}

// A die as a standalone small SVG (for HTML rows of dice).
export function dieIcon(value, size = 44, opts = {}) {
  const g = el('svg', { viewBox: `0 0 ${size} ${size}`, width: size, height: size, 'aria-hidden': 'true' });
  g.appendChild(svgDie(1, 1, size - 2, value, opts));
  return g;
}
