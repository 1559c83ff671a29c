// The words of the game server's refusals (www/server/online-words.js): a code with its
// parameters in the page's language, an engine's typed cause worded by the engine's words,
// and the server's English reason for what no table knows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerError } from '../../www/server/online-client.js';
import { errorWords, refusalText } from '../../www/server/online-words.js';
import { laterWords } from '../../www/page/i18n.js';

// Online play's words come with the words of the parts loaded after the first board.
await laterWords();

test('a refusal is worded from its code and parameters', () => {
  assert.equal(refusalText({ code: 'not_a_player', message: 'spectators cannot act in the game' }),
    'Only the two players can do that; you are watching.');
  const tooLarge = { code: 'too_large', message: 'messages are limited to 1024 bytes', params: { limit: 1024 } };
  assert.equal(refusalText(tooLarge), 'That request is too long for the server (1024 bytes at most).');
});

test('an illegal move carries the engine’s reason, worded by the engine’s words', () => {
  const syntax = { code: 'illegal_move', message: '`zz99` is not a move', params: { cause: 'move.syntax', text: 'zz99' } };
  assert.equal(refusalText(syntax), 'The server refused that move. (`zz99` is not a move: write moves like a3a4)');
  const rules = new ServerError('bad_field', 'rules: `maybe` is not a value of `dog-swims`', {
    field: 'rules', cause: 'rules.bad-value', option: 'dog-swims', value: 'maybe',
  });
  assert.equal(errorWords(rules), 'The server cannot accept a value of that request. (`maybe` is not a value of `dog-swims`)');
});

test('a code or a cause no table knows gives the server’s English reason', () => {
  assert.equal(refusalText({ code: 'something_new', message: 'a new reason' }), 'The server refused: a new reason');
  const cause = { code: 'illegal_move', message: 'a new rule', params: { cause: 'move.something-new' } };
  assert.equal(refusalText(cause), 'The server refused that move. (a new rule)');
  assert.equal(errorWords(new Error('offline')), 'The server refused: offline');
  const unknownWithCause = { code: 'something_new', message: 'new', params: { cause: 'move.illegal', move: 'a3a5' } };
  assert.equal(refusalText(unknownWithCause), 'The server refused: new');
});
