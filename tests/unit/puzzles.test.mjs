// The puzzle files' reader, the choice of puzzles and the daily puzzle (www/puzzles/puzzle-data.js),
// and the puzzle rating's maths and storage (www/puzzles/puzzle-rating.js).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PUZZLE_FOLDER, PUZZLE_SETS, THEMES, choose, dailyPuzzle, localDate, parsePuzzles, pickNext } from '../../www/puzzles/puzzle-data.js';
import { expectedScore, freshState, loadState, puzzleRating, rate, ratedBefore, saveState, START_RATING } from '../../www/puzzles/puzzle-rating.js';

const TEXT = [
  '# a comment',
  'aaaaaa\t-\t1c5/2R4/7/7/7/7/7/7/7 w\tc8d8 b9a9 d8d9\tden,endgame\t2',
  'bbbbbb\telephant-takes-rat=yes\t7/7/7/7/7/7/7/7/l6 b\ta1a2\t-\t1',
  'cccccc\t-\tx w\tc8d8 b9a9\tden\t2', // ends with the defender's move
  'dddddd\t-\tx w\tc8z8\tden\t2', // not a move
  'eeeeee\t-\tx w\tc8d8\tden\t7', // no such difficulty
  'ffffff\t-\t6r/7/7/7/L2w3/7/7/7/7 w\ta5d5 g9f9 d5d6\tjump,endgame\t3\tgain=300',
  'gggggg\t-\tx w\ta5d5\tjump\t3\tgain=0', // no such goal
  'hhhhhh\t-\tx w\ta5d5\tjump\t3\tden', // no such goal
  'iiiiii\t-\tx w\ta5d5\tjump\t3\tgain=300\textra', // eight fields
  'short line',
  '',
].join('\n');

test('lines are read; comments and broken lines are left out', () => {
  const puzzles = parsePuzzles(TEXT, 'standard');
  assert.deepEqual(puzzles.map((p) => p.id), ['aaaaaa', 'bbbbbb', 'ffffff']);
  assert.deepEqual(puzzles[0], {
    id: 'aaaaaa', set: 'standard', rules: '', fen: '1c5/2R4/7/7/7/7/7/7/7 w',
    solution: ['c8d8', 'b9a9', 'd8d9'], themes: ['den', 'endgame'], difficulty: 2, goal: 'win',
  });
  assert.equal(puzzles[2].goal, 'gain', 'a seventh field names a material goal');
  assert.equal(puzzles[1].rules, 'elephant-takes-rat=yes');
  assert.deepEqual(puzzles[1].themes, []);
});

test('puzzles are chosen by theme, difficulty and goal', () => {
  const puzzles = parsePuzzles(TEXT, 'standard');
  assert.equal(choose(puzzles, { theme: '', difficulty: 0 }).length, 3);
  assert.deepEqual(choose(puzzles, { theme: '', difficulty: 0, goal: 'gain' }).map((p) => p.id), ['ffffff']);
  assert.deepEqual(choose(puzzles, { theme: '', difficulty: 0, goal: 'win' }).map((p) => p.id), ['aaaaaa', 'bbbbbb']);
  assert.deepEqual(choose(puzzles, { theme: 'jump', difficulty: 3, goal: 'win' }), []);
  assert.deepEqual(choose(puzzles, { theme: 'den', difficulty: 0 }).map((p) => p.id), ['aaaaaa']);
  assert.deepEqual(choose(puzzles, { theme: '', difficulty: 1 }).map((p) => p.id), ['bbbbbb']);
  assert.deepEqual(choose(puzzles, { theme: 'den', difficulty: 1 }), []);
});

test('the next puzzle is one not played yet, while any is left', () => {
  const puzzles = parsePuzzles(TEXT, 'standard');
  assert.equal(pickNext(puzzles, new Set(['aaaaaa']), () => 0)?.id, 'bbbbbb');
  assert.equal(pickNext(puzzles, new Set(['aaaaaa', 'bbbbbb', 'ffffff']), () => 0.99)?.id, 'ffffff');
  assert.equal(pickNext([], new Set(), () => 0), null);
});

test('the daily puzzle depends on the date only', () => {
  const puzzles = parsePuzzles(readFileSync(new URL('../../www/puzzles/standard.txt', import.meta.url), 'utf8'), 'standard');
  const day = dailyPuzzle(puzzles, '2026-11-23');
  assert.equal(dailyPuzzle(puzzles, '2026-11-23'), day);
  const week = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((d) => dailyPuzzle(puzzles, d)?.id);
  assert.ok(new Set([day?.id, ...week]).size >= 4, 'different days give different puzzles');
  assert.equal(dailyPuzzle([], '2026-11-23'), null);
  assert.equal(localDate(new Date(2026, 0, 5)), '2026-01-05');
});

test('every shipped set is a file of readable puzzles under its rules', () => {
  for (const set of PUZZLE_SETS) {
    const text = readFileSync(new URL(`../../${PUZZLE_FOLDER}${set.file}`, import.meta.url), 'utf8');
    const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
    const puzzles = parsePuzzles(text, set.id);
    assert.equal(puzzles.length, lines.length, `${set.id}: every line reads`);
    assert.ok(puzzles.every((p) => p.rules === set.rules), `${set.id}: its rules`);
    assert.ok(puzzles.every((p) => p.themes.every((theme) => THEMES.includes(theme))), `${set.id}: known themes`);
  }
});

test('the rating rises with a solved puzzle and falls with a failed one', () => {
  const start = freshState();
  assert.equal(start.rating, START_RATING);
  const won = rate(start, 'aaaaaa', 3, true);
  const lost = rate(start, 'aaaaaa', 3, false);
  // Against an equal rating (difficulty 3 = 1300 vs 1200: the puzzle is a little stronger).
  assert.ok(won.rating > START_RATING && lost.rating < START_RATING);
  assert.equal(won.rating - START_RATING, Math.round(40 * (1 - expectedScore(1200, 1300))));
  assert.deepEqual([won.solved, won.failed, lost.solved, lost.failed], [1, 0, 0, 1]);
  // Solving an easier puzzle earns less than solving a harder one.
  assert.ok(rate(start, 'x', 1, true).rating < rate(start, 'x', 5, true).rating);
  // Once settled, the steps are smaller.
  let settled = start;
  for (let i = 0; i < 20; i += 1) settled = rate(settled, `p${i}`, 3, i % 2 === 0);
  const step = rate(settled, 'y', 3, true).rating - settled.rating;
  assert.equal(step, Math.round(settled.rating + 20 * (1 - expectedScore(settled.rating, 1300))) - settled.rating);
});

test('a puzzle is rated once: solved or missed again, it changes nothing', () => {
  const once = rate(freshState(), 'a', 1, true);
  assert.equal(ratedBefore(once, 'a'), true);
  assert.equal(ratedBefore(once, 'b'), false);
  assert.deepEqual(rate(once, 'a', 5, true), once);
  assert.deepEqual(rate(once, 'a', 1, false), once);
  const missed = rate(freshState(), 'b', 3, false);
  assert.deepEqual(rate(missed, 'b', 3, true), missed);
  assert.deepEqual(rate(once, 'b', 3, true).played, ['a', 'b']);
});

test('expected scores and puzzle ratings', () => {
  assert.equal(expectedScore(1500, 1500), 0.5);
  assert.ok(Math.abs(expectedScore(1900, 1500) - 10 / 11) < 1e-12);
  assert.deepEqual([1, 2, 3, 4, 5].map(puzzleRating), [900, 1100, 1300, 1500, 1700]);
});

test('the state is kept, and unreadable data gives a fresh start', () => {
  const items = new Map();
  const storage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => { items.set(k, v); } };
  assert.deepEqual(loadState(storage), freshState());
  const state = rate(freshState(), 'abcdef', 2, true);
  assert.equal(saveState(storage, state), true);
  assert.deepEqual(loadState(storage), state);
  items.set('jungle.puzzles', '{"rating": "high"}');
  assert.deepEqual(loadState(storage), freshState());
  items.set('jungle.puzzles', 'not json');
  assert.deepEqual(loadState(storage), freshState());
  const full = { setItem: () => { throw new Error('QuotaExceededError'); } };
  assert.equal(saveState(full, state), false);
  assert.equal(saveState(null, state), false);
});
