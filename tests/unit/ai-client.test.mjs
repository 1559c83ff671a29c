// What the page sends the AI worker (www/computer/ai-client.js delta): the whole game to a fresh worker,
// then only the moves since those it already has.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { delta } from '../../www/computer/ai-client.js';

const game = (moves, extra = {}) => ({ rules: '', startFen: '', moves, level: 3, ...extra });

test('a fresh worker, or another game, is sent the whole game', () => {
  assert.deepEqual(delta(game(['g3g4']), null), game(['g3g4']));
  assert.deepEqual(delta(game(['g3g4'], { rules: 'dog-swims=yes' }), game([])), game(['g3g4'], { rules: 'dog-swims=yes' }));
  assert.deepEqual(delta(game([], { startFen: '7/7 w' }), game([])), game([], { startFen: '7/7 w' }));
});

test('a worker with the game is sent what changed since', () => {
  assert.deepEqual(delta(game(['g3g4', 'a7a6', 'a3a4']), game(['g3g4'])), { level: 3, keep: 1, moves: ['a7a6', 'a3a4'] });
  assert.deepEqual(delta(game(['g3g4']), game(['g3g4', 'a7a6'])), { level: 3, keep: 1, moves: [] }, 'a move taken back');
  assert.deepEqual(delta(game(['a3a4', 'a7a6']), game(['g3g4', 'a7a6'])), { level: 3, keep: 0, moves: ['a3a4', 'a7a6'] });
});
