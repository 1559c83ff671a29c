// A hint's line of why (www/aids/hint-why.js): each kind of reason the engine gives
// (ai_worker.rs `why`) in English words, with the game's names of the animals.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { whyText } from '../../www/aids/hint-why.js';
import { laterWords } from '../../www/page/i18n.js';
import { animalTable } from '../../www/page/pieces.js';

// The hint's words come with the words of the parts loaded after the first board.
await laterWords();

const ANIMALS = animalTable([
  { letter: 'E', name: 'elephant', rank: 8 }, { letter: 'L', name: 'lion', rank: 7 },
  { letter: 'W', name: 'fox', rank: 4 }, { letter: 'R', name: 'rat', rank: 1 },
]);

/** The why line of `kind` with its fields, for a hint moving `mover`. */
const why = (mover, kind, { animal = null, by = null, moves = null } = {}) => whyText({ kind, animal, by, moves }, mover, ANIMALS);

test('each kind of reason has its line, naming the animals as the game does', () => {
  assert.equal(why('R', 'den'), 'Why: enters the den and wins');
  assert.equal(why('E', 'wins', { moves: 4 }), 'Why: a forced win in 4');
  assert.equal(why('r', 'wins-den', { moves: 5 }), 'Why: the rat heads for the den: wins in 5');
  assert.equal(why('E', 'takes', { animal: 'W' }), 'Why: takes the fox');
  assert.equal(why('R', 'blocks', { animal: 'L' }), 'Why: blocks the lion’s jump');
  assert.equal(why('E', 'saves', { animal: 'E', by: 'R' }), 'Why: saves your elephant from the rat');
  assert.equal(why('L', 'threatens', { animal: 'E' }), 'Why: threatens the elephant');
  assert.equal(why('L', 'prepares', { animal: 'W' }), 'Why: prepares to take the fox');
  assert.equal(why('l', 'heads-for-den'), 'Why: the lion heads for the den');
  assert.equal(why('L', 'best'), 'Why: the strongest move the search found');
});

test('a reason this page does not know gives no line', () => {
  assert.equal(why('R', 'sings'), null);
});
