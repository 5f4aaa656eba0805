// Hints: the library's ranking of the human's legal moves (alea_bot_rank by
// the game's strongest level), best first, each playable with a tap.
import * as alea from '../../bindings/js/dist/alea.js';

const $ = (id) => document.getElementById(id);
const HINTS_SHOWN = 10;
const pct = (p) => `${(100 * p).toFixed(1)}%`;
const signed = (v) => (v >= 0 ? '+' : '\u2212') + Math.abs(v).toFixed(3);

export function hideHints() {
  $('hints').hidden = true;
  $('hintlist').textContent = '';
}

// One ranked move: its text and value; backgammon adds the chances after it
// and the equity, wise dice the chance to win and the expected margin.
function hintItem(game, r, best, play) {
  const li = document.createElement('li');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'hint-move';
  b.textContent = r.text;
  b.title = 'play this move';
  b.addEventListener('click', () => play(r.text));
  const val = document.createElement('span');
  val.className = 'hint-value';
  const loss = r === best || r.plies !== best.plies ? '' : ` (${signed(r.value - best.value)})`;
  val.textContent = `${game === 'backgammon' && r.details.length >= 6 ? 'equity ' : 'value '}${signed(r.value)}${loss}`;
  li.append(b, ' ', val);
  const d = document.createElement('span');
  d.className = 'hint-details';
  if (r.details.length >= 6) {
    const [win, wg, wbg, lg, lbg] = r.details;
    d.textContent = `win ${pct(win)} · gammon ${pct(wg)} / ${pct(lg)} · backgammon ${pct(wbg)} / ${pct(lbg)} · ${r.plies}-ply`;
    li.append(' ', d);
  } else if (game === 'wise-dice' && r.details.length === 2) {
    const [win, margin] = r.details;
    d.textContent = `win ${pct(win)} · margin ${margin >= 0 ? '+' : '\u2212'}${Math.abs(margin).toFixed(1)} points · ${r.plies}-ply`;
    li.append(' ', d);
  }
  return li;
}

// Shows the ranking of `seat`'s moves in `state` by `bot`; play(text) plays one.
export function showHints(state, seat, bot, play, say) {
  let ranked;
  try {
    ranked = bot.rank(state, { seat });
  } catch (e) {
    say(e instanceof alea.AleaError ? `no hint: ${e.status}: ${e.reason || e.message}` : String(e));
    return;
  }
  const ol = $('hintlist');
  ol.textContent = '';
  $('hinthead').textContent = `Best ${Math.min(HINTS_SHOWN, ranked.length)} of ${ranked.length}, ` +
    `by ${bot.level ? `the ${bot.level} level` : `the ${bot.kind} bot`}:`;
  for (const r of ranked.slice(0, HINTS_SHOWN)) ol.appendChild(hintItem(state.game, r, ranked[0], play));
  $('hints').hidden = false;
}
