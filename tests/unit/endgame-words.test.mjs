// What the endgame tables say, in words (www/analysis/endgame-words.js): the winner from the
// side to move's result, distances in plies, a sign for each move's value — in English, German
// and Japanese, from their own tables; and every language has every word of the tables' part.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { moveValueWords, valueSign, verdictWords } from '../../www/analysis/endgame-words.js';
import { fill } from '../../www/page/i18n.js';
import en from '../../www/i18n/later/en.js';
import de from '../../www/i18n/later/de.js';
import ja from '../../www/i18n/later/ja.js';

/** @param {Record<string, string>} table */
const wordsOf = (table) => (/** @type {string} */ key, /** @type {Record<string, number>} */ params) => {
  assert.ok(key in table, key);
  return fill(table[key], params);
};

/** @param {'win' | 'draw' | 'loss'} result @param {number} plies @param {'red' | 'blue'} turn */
const verdict = (result, plies, turn) => ({ result, plies, turn, moves: [], pastLimit: false });

test('the winner is the side to move on a win, the other side on a loss', () => {
  assert.equal(verdictWords(verdict('win', 17, 'red'), wordsOf(en)), 'Red wins in 17 plies');
  assert.equal(verdictWords(verdict('loss', 12, 'red'), wordsOf(en)), 'Blue wins in 12 plies');
  assert.equal(verdictWords(verdict('win', 3, 'blue'), wordsOf(en)), 'Blue wins in 3 plies');
  assert.equal(verdictWords(verdict('loss', 4, 'blue'), wordsOf(en)), 'Red wins in 4 plies');
  assert.equal(verdictWords(verdict('draw', 0, 'blue'), wordsOf(en)), 'Draw');
  assert.equal(verdictWords(verdict('loss', 12, 'red'), wordsOf(de)), 'Blau gewinnt in 12 Halbzügen');
  assert.equal(verdictWords(verdict('win', 17, 'red'), wordsOf(ja)), '赤の勝ち（17手）');
});

test('each move reads as a win, a draw or a loss for the side that plays it, with a sign', () => {
  assert.equal(moveValueWords({ result: 'win', plies: 5 }, wordsOf(en)), 'wins in 5 plies');
  assert.equal(moveValueWords({ result: 'draw', plies: 0 }, wordsOf(en)), 'draws');
  assert.equal(moveValueWords({ result: 'loss', plies: 6 }, wordsOf(de)), 'verliert in 6 Halbzügen');
  assert.deepEqual(['win', 'draw', 'loss'].map((result) => valueSign({ result, plies: 1 })), ['+', '=', '−']);
});

test('every language has every word of the endgame tables', async () => {
  const keys = Object.keys(en).filter((key) => key.startsWith('endgame.'));
  assert.ok(keys.length >= 16);
  for (const file of readdirSync(new URL('../../www/i18n/later/', import.meta.url))) {
    const table = (await import(`../../www/i18n/later/${file}`)).default;
    for (const key of keys) assert.ok(table[key], `${file}: ${key}`);
  }
});
