// How a review judges moves (www/computer/move-grades.js): grades from the expected score each move
// lost, seen from the side that moved, with forced wins and finished games counted as sure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CAP, SCALE, SYMBOLS, THRESHOLDS, gradeOf, judgeMove, redExpectation, sideUnits, summarize,
} from '../../www/computer/move-grades.js';

/** Red's evaluation `units` (negative: Blue ahead) as the analyst gives it. */
const cp = (units) => ({ cp: units });
/** A move by `mover` from `before` to `after` that is not the engine's choice. */
const move = (mover, before, after) => judgeMove({ mover, before, after, played: 'a3a4', best: 'g3g4' });

test('the expected score is a logistic curve of the evaluation, sure at a forced win or a result', () => {
  assert.equal(redExpectation(cp(0)), 0.5);
  assert.ok(Math.abs(redExpectation(cp(SCALE)) - 1 / (1 + Math.exp(-1))) < 1e-12);
  assert.ok(Math.abs(redExpectation(cp(300)) + redExpectation(cp(-300)) - 1) < 1e-12, 'symmetric');
  assert.equal(redExpectation({ mate: 3 }), 1);
  assert.equal(redExpectation({ mate: -1 }), 0);
  assert.equal(redExpectation({ won: 'blue' }), 0);
  assert.equal(redExpectation({ won: 'red' }), 1);
  assert.equal(redExpectation({ draw: true }), 0.5);
});

test('the grades follow the thresholds, worst first, each bound included', () => {
  assert.deepEqual(THRESHOLDS.map(([grade]) => grade), ['blunder', 'mistake', 'inaccuracy']);
  for (const [grade, least] of THRESHOLDS) {
    assert.equal(gradeOf(least), grade);
    assert.notEqual(gradeOf(least - 1e-9), grade);
  }
  assert.equal(gradeOf(0), 'good');
  assert.equal(gradeOf(0.049), 'good');
  assert.deepEqual(SYMBOLS, { blunder: '??', mistake: '?', inaccuracy: '?!', good: '' });
});

test('an elephant lost from an even game is a blunder, whichever side loses it', () => {
  // The reported game: Blue +0.42, then Blue +6.62 after Red's move.
  const red = move('red', cp(-42), cp(-662));
  assert.equal(red.grade, 'blunder');
  assert.equal(red.unitsLost, 620);
  // The same swing is good for Blue: a move that gains loses nothing.
  assert.deepEqual(move('blue', cp(-42), cp(-662)), { grade: 'good', loss: 0, unitsLost: 0 });
  // Mirrored, Blue blunders.
  assert.equal(move('blue', cp(42), cp(662)).grade, 'blunder');
  assert.equal(move('red', cp(42), cp(662)).grade, 'good');
});

test('the same loss matters less in a game already decided', () => {
  // Red +12 → Red +6: still winning, a mistake at worst, not a blunder.
  assert.equal(move('red', cp(1200), cp(600)).grade, 'mistake');
  // Red +20 → Red +14: barely anything.
  assert.equal(move('red', cp(2000), cp(1400)).grade, 'good');
  // Red +0.5 → Blue +5.5: the game turned over.
  assert.equal(move('red', cp(50), cp(-550)).grade, 'blunder');
  // Small slips from an even game.
  assert.equal(move('red', cp(0), cp(-100)).grade, 'inaccuracy');
  assert.equal(move('red', cp(0), cp(-188)).grade, 'mistake', 'a cat given away');
  assert.equal(move('red', cp(0), cp(-50)).grade, 'good');
});

test('forced wins and finished games: throwing a win away is a blunder, a slower win is not', () => {
  assert.equal(move('blue', { mate: -2 }, cp(0)).grade, 'blunder', 'Blue had a forced win and let it go');
  assert.equal(move('blue', { mate: -2 }, { mate: -4 }).grade, 'good', 'still a forced win');
  assert.equal(move('red', { mate: 1 }, { won: 'red' }).grade, 'good');
  assert.equal(move('red', cp(100), { mate: -3 }).grade, 'blunder', 'walks into a forced loss');
  assert.equal(move('red', cp(100), { won: 'blue' }).grade, 'blunder');
  assert.equal(move('red', cp(0), { draw: true }).grade, 'good');
  assert.equal(sideUnits({ mate: -3 }, 'red'), -CAP);
  assert.equal(sideUnits({ mate: -3 }, 'blue'), CAP);
  assert.equal(sideUnits(cp(5000), 'red'), CAP, 'evaluations are capped for the average');
  assert.equal(move('red', { mate: 2 }, { mate: -2 }).unitsLost, 2 * CAP);
});

test('the engine’s own move is good whatever the numbers say', () => {
  const judged = judgeMove({ mover: 'red', before: cp(100), after: cp(-200), played: 'g3g4', best: 'g3g4' });
  assert.deepEqual(judged, { grade: 'good', loss: 0, unitsLost: 0 });
});

test('the summary counts each side’s grades and averages its loss over its judged moves', () => {
  const sums = summarize([
    { mover: 'red', grade: 'good', unitsLost: 0 },
    { mover: 'blue', grade: 'blunder', unitsLost: 600 },
    { mover: 'red', grade: 'inaccuracy', unitsLost: 90 },
    { mover: 'blue', grade: 'mistake', unitsLost: 200 },
    null,
    { mover: 'blue', grade: 'good', unitsLost: 10 },
  ]);
  assert.deepEqual(sums.red, { blunder: 0, mistake: 0, inaccuracy: 1, moves: 2, averageLoss: 45 });
  assert.deepEqual(sums.blue, { blunder: 1, mistake: 1, inaccuracy: 0, moves: 3, averageLoss: 270 });
  assert.deepEqual(summarize([]).red, { blunder: 0, mistake: 0, inaccuracy: 0, moves: 0, averageLoss: 0 });
});
