import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterMove } from '../../www/online/tournament-game.js';

const board = { id: 't7kq2m9xw4ab', name: 'Club night', round: 2, board: 1, no_show_ms: 180_000, no_show_left: 12_000 };

test('a tournament game’s no-show time starts again for the second mover, and ends with the second move', () => {
  assert.deepEqual(afterMove(board, 0, 'playing'), { ...board, no_show_left: 180_000 }, 'the first move: the second mover has it all');
  assert.equal(afterMove(board, 1, 'playing').no_show_left, null, 'the second move: both have come');
  assert.equal(afterMove(board, 0, 'over').no_show_left, null, 'a first move that ends the game');
  assert.equal(board.no_show_left, 12_000, 'the board heard is not changed');
});
