// The analysis board's move numbers: from the usual start and from a position with Blue to move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveNumber, numberedLine, turnAfter } from '../../www/analysis/move-numbers.js';

const BLUE_AT_12 = '7/7/7/7/7/7/7/7/7 b - 12';

test('lines are numbered from the side to move and the move number of the position', () => {
  assert.equal(numberedLine(['g3g4', 'a7a6', 'g4g5'], ''), '1. g3g4 a7a6 2. g4g5');
  assert.equal(numberedLine(['a7a6', 'g3g4', 'a6a5'], BLUE_AT_12), '12... a7a6 13. g3g4 a6a5');
  assert.equal(numberedLine([], ''), '');
});

test('each ply has its side and its number', () => {
  assert.deepEqual([0, 1, 2].map((ply) => turnAfter('', ply)), ['red', 'blue', 'red']);
  assert.deepEqual([0, 1, 2].map((ply) => turnAfter(BLUE_AT_12, ply)), ['blue', 'red', 'blue']);
  assert.deepEqual([0, 1, 2, 3].map((ply) => moveNumber('', ply)), ['1.', '1...', '2.', '2...']);
  assert.deepEqual([0, 1, 2].map((ply) => moveNumber(BLUE_AT_12, ply)), ['12...', '13.', '13...']);
});
