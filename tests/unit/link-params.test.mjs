// The page's link as text (www/game/link-params.js): the game parameters picked out for the engine,
// the settings a link asks for, and the address tidied once they are read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gameQuery, linkSettings, linkText, tidiedAddress } from '../../www/game/link-params.js';

test('the parameters come from the query, and from the hash when it has some', () => {
  assert.equal(linkText({ search: '?mode=ai', hash: '' }), '?mode=ai');
  assert.equal(linkText({ search: '?lang=fr', hash: '#fen=7/7+w&moves=a1a2' }), 'lang=fr&fen=7/7+w&moves=a1a2');
  assert.equal(linkText({ search: '', hash: '#top' }), '');
});

test('the game parameters are read alone, those given a value', () => {
  assert.equal(gameQuery('?fen=x&level=12&MOVES=a1a9&utm=1&rules=dog-swims%3Dyes'), 'fen=x&MOVES=a1a9&rules=dog-swims%3Dyes');
  assert.equal(gameQuery('?mode=local&level=3'), '');
  assert.equal(gameQuery('fen=&moves'), '', 'empty values name no game');
  assert.equal(gameQuery('%66en=x&%E0=1'), '%66en=x', 'names are decoded; undecodable ones are not game parameters');
});

test('a link’s settings are those the engine read from it', () => {
  assert.deepEqual(linkSettings({ mode: 'people', level: 5, side: 'blue' }), { mode: 'people', level: 5, side: 'blue' });
  assert.deepEqual(linkSettings({ mode: null, level: null, side: null }), {});
});

test('the game parameters leave the address once read; the rest stays', () => {
  assert.equal(tidiedAddress('https://x.org/j/index.html?lang=fr&FEN=7&moves=a1a2&mode=ai#s'), 'https://x.org/j/index.html?lang=fr#s');
  assert.equal(tidiedAddress('https://x.org/index.html#fen=7&theme=dark'), 'https://x.org/index.html#theme=dark');
  assert.equal(tidiedAddress('https://x.org/index.html?lang=fr&embed=1'), null);
});
