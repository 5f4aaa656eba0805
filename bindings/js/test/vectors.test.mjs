// Rule vectors of the rule files, the same ones the Python tests check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alea } from './helpers.mjs';

test('backgammon: the start and its gnubg IDs (§9, §10.1)', () => {
  const st = new alea.State('backgammon');
  assert.equal(st.positionId(), '4HPwATDgc/ABMA');
  assert.ok(st.isChance);
  const outs = st.chanceOutcomes();
  assert.equal(outs.length, 30); // the opening roll: no doubles (§3)
  assert.ok(outs.every((o) => o.num === 1 && o.den === 30));
});

test('backgammon: opening 6-5 from gnubg IDs gives 7 moves (§10.1)', () => {
  const st = alea.State.fromGnubg('backgammon money=on jacoby=on', '4HPwATDgc/ABMA', 'cAkXAAAAAAAA');
  assert.equal(st.currentPlayer, 1);
  const moves = st.legalMoves();
  assert.equal(moves.length, 7);
  assert.ok(moves.includes('13/2') && moves.includes('24/13'));
  assert.equal(st.matchId(), 'cAkXAAAAAAAA');
});

test('backgammon: a double and a take, through the Match ID (§7)', () => {
  const st = alea.State.fromGnubg('backgammon', '4HPwATDgc/ABMA', 'MIGlABAACAAE');
  st.apply('8/5 6/5');
  assert.equal(st.positionId(), 'sGfwATDgc/ABMA');
  assert.equal(st.matchId(), 'cAmgABAACAAE');
  st.apply('double');
  assert.equal(st.matchId(), 'cBGgABAACAAE');
  st.apply('take');
  assert.equal(st.matchId(), 'QQmgABAACAAE');
});

test('dice poker: a pair of ones thrown at once scores double (P-3.1)', () => {
  const st = new alea.State('dice-poker players=2');
  st.apply('roll 1,1,3,5,6');
  st.apply('hold 1,1,5');
  st.apply('roll 5,5');
  assert.ok(st.legalMoves().length > 0);
  const st2 = new alea.State('dice-poker players=2');
  st2.apply('roll 1,1,3,5,6');
  st2.apply('write pair');
  assert.deepEqual(st2.result().score, [4, 0]);
  assert.equal(st2.currentPlayer, alea.PLAYER_CHANCE);
});

const P1 = 'wise-dice max-moves=1000 | move S roll=1236 final=0 moves=1 score=0,0 board=B1:S2 C1:S3 '
  + 'D1:S1 E1:S4 F1:S5 G1:S6 A12:N1 B12:N2 C12:N3 D12:N4 E12:N5 F12:N6';

test('wise dice: TV-3 has 35 legal moves, and 2/3:L/1/6 scores 6', () => {
  const st = alea.State.fromText(P1);
  assert.equal(st.legalActions().length, 35);
  st.apply('2/3:L/1/6');
  assert.deepEqual(st.result().score, [6, 0]);
});

test('wise dice: the exit spellings collapse to one action (action identity)', () => {
  const st = alea.State.fromText('wise-dice max-moves=1000 | move S roll=1246 final=0 moves=1 '
    + 'score=0,0 board=E3:S3 H5:S5 A7:S4 D7:S6 C9:N3 H10:N6 D11:S1 G11:N5 A12:N1 B12:N2 F12:N4 H12:S2');
  const canonical = st.actionFromText('1/6:F/4/2');
  assert.equal(st.actionFromText('1/4:F/6/2'), canonical);
  assert.equal(st.actionToText(canonical), '1/6:F/4/2');
  st.apply('1/6:FR/4/2');
  assert.deepEqual(st.result().score, [22, 0]);
});

test('wise dice: an illegal move names the rule (W-7.4)', () => {
  const st = alea.State.fromText(P1);
  assert.throws(() => st.apply('6/1:R/2/3'), (e) => e instanceof alea.IllegalAction && /W-7\.4/.test(e.reason));
});

const TV26 = 'plateau | play white passes=0 plies=11 min=0 offer=- '
  + 'reserve=M+M+M+BL+R+BM+RM+T+A/- prisoners=R+BM+RM+T+A/- '
  + 'a1=WxxWxxWxxBxx b1=WrrBbb a2=WxxWbbWbbBrr';

test('Plateau: TV-26, a pass then a stomp wins', () => {
  const st = alea.State.fromText(TV26);
  assert.deepEqual(st.legalMoves(), ['pass']);
  st.apply('pass');
  st.apply('a2*');
  assert.ok(st.isTerminal);
  assert.equal(st.result().winner, 0);
});
