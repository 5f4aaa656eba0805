// A move built step by step on the library's legal list.  Each legal move is
// split into steps by its game's module (a step: { key, kind, label, ... });
// the partial move is the set of legal moves that contain the steps chosen so
// far: in order (a prefix), or in any order for a backgammon move, whose
// checkers may be moved in any order.  No rule is decided here: the steps
// offered next are those of the legal moves still possible.
export class Picker {
  // moves: [{ text, steps }], the legal moves with their steps.
  constructor(moves, { unordered = false } = {}) {
    this.moves = moves;
    this.unordered = unordered;
    this.chosen = [];
  }

  // the steps of m not yet matched by the chosen ones, or null if m is out
  rest(m) {
    if (!this.unordered) {
      if (m.steps.length < this.chosen.length) return null;
      for (let i = 0; i < this.chosen.length; i++) if (m.steps[i].key !== this.chosen[i].key) return null;
      return m.steps.slice(this.chosen.length);
    }
    const left = [...m.steps];
    for (const c of this.chosen) {
      const i = left.findIndex((s) => s.key === c.key);
      if (i < 0) return null;
      left.splice(i, 1);
    }
    return left;
  }

  // the legal moves the partial move can still become
  candidates() {
    return this.moves.filter((m) => this.rest(m) !== null);
  }

  // the distinct steps that may come next (one per key), in list order
  next() {
    const seen = new Map();
    for (const m of this.moves) {
      const r = this.rest(m);
      if (!r || !r.length) continue;
      for (const s of this.unordered ? r : r.slice(0, 1)) if (!seen.has(s.key)) seen.set(s.key, s);
    }
    return [...seen.values()];
  }

  // the legal move the chosen steps make, if they make one
  complete() {
    if (!this.chosen.length) return null;
    return this.moves.find((m) => { const r = this.rest(m); return r && r.length === 0; }) || null;
  }

  choose(step) {
    this.chosen.push(step);
    // a step that leaves only one way on is taken at once (e.g. Plateau's level)
    for (;;) {
      const n = this.next();
      if (this.complete() || n.length !== 1 || !n[0].auto) break;
      this.chosen.push(n[0]);
    }
  }

  undo() {
    // auto steps go with the step that brought them
    while (this.chosen.length && this.chosen[this.chosen.length - 1].auto) this.chosen.pop();
    this.chosen.pop();
  }

  clear() {
    this.chosen = [];
  }
}
