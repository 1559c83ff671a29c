// Moves, results and scores in words (www/page/notation.js), in English: the words come from
// www/i18n/en.js, the animals from a table like the engine's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveSentence, moveText, outcomeText, scoreText } from '../../www/page/notation.js';
import { animalTable } from '../../www/page/pieces.js';

const ANIMALS = animalTable([
  { letter: 'E', name: 'elephant', rank: 8 }, { letter: 'L', name: 'lion', rank: 7 },
  { letter: 'T', name: 'tiger', rank: 6 }, { letter: 'P', name: 'leopard', rank: 5 },
  { letter: 'W', name: 'wolf', rank: 4 }, { letter: 'D', name: 'dog', rank: 3 },
  { letter: 'C', name: 'cat', rank: 2 }, { letter: 'R', name: 'rat', rank: 1 },
]);
/** Under `ranks=fox` the engine names the W piece a fox. */
const WITH_FOX = animalTable([{ letter: 'W', name: 'fox', rank: 2 }, { letter: 'R', name: 'rat', rank: 1 }]);

test('a move is written with its animal and squares, and what it took', () => {
  assert.equal(moveText({ from: 'g3', to: 'g4', piece: 'R', captured: null }, ANIMALS), 'Rat g3–g4');
  assert.equal(moveText({ from: 'c4', to: 'c8', piece: 'L', captured: 't' }, ANIMALS), 'Lion c4–c8 × Tiger');
  assert.equal(moveText({ from: 'a7', to: 'a6', piece: 'w', captured: null }, WITH_FOX), 'Fox a7–a6');
});

test('a move is said as a sentence with both sides', () => {
  assert.equal(moveSentence({ from: 'g3', to: 'g4', piece: 'R' }, ANIMALS), 'Red rat from g3 to g4.');
  assert.equal(moveSentence({ from: 'b5', to: 'c5', piece: 'r', captured: 'C' }, ANIMALS),
    'Blue rat from b5 to c5, takes red cat.');
});

test('an outcome has a title and the reason, from the winner’s side', () => {
  const lastMove = { from: 'd8', to: 'd9', piece: 'R' };
  assert.deepEqual(outcomeText({ winner: 'red', reason: 'den' }, lastMove, ANIMALS, null),
    { title: 'Red wins', reason: 'The red rat entered the blue den.' });
  assert.deepEqual(outcomeText({ winner: 'blue', reason: 'den' }, null, ANIMALS, null),
    { title: 'Blue wins', reason: 'A blue piece entered the red den.' });
  assert.deepEqual(outcomeText({ winner: 'blue', reason: 'no-moves' }, lastMove, ANIMALS, null),
    { title: 'Blue wins', reason: 'Red has no legal move left.' });
  assert.deepEqual(outcomeText({ winner: null, reason: 'repetition' }, lastMove, ANIMALS, null),
    { title: 'Draw', reason: 'The same position came up three times.' });
});

test('a resignation and a draw agreed are said with who resigned', () => {
  assert.deepEqual(outcomeText({ winner: 'red', reason: 'resignation' }, null, ANIMALS, null),
    { title: 'Red wins', reason: 'Blue resigned.' });
  assert.deepEqual(outcomeText({ winner: 'blue', reason: 'resignation' }, null, ANIMALS, null),
    { title: 'Blue wins', reason: 'Red resigned.' });
  assert.deepEqual(outcomeText({ winner: null, reason: 'agreement' }, null, ANIMALS, null),
    { title: 'Draw', reason: 'The players agreed to a draw.' });
});

test('on time, and for the player (against the computer, an online seat), the title says so', () => {
  assert.equal(outcomeText({ winner: 'red', reason: 'time' }, null, ANIMALS, null).title, 'Red wins on time');
  assert.equal(outcomeText({ winner: 'red', reason: 'time' }, null, ANIMALS, null).reason, 'Blue ran out of time.');
  assert.equal(outcomeText({ winner: 'red', reason: 'all-captured' }, null, ANIMALS, 'red').title, 'You win!');
  assert.equal(outcomeText({ winner: 'red', reason: 'all-captured' }, null, ANIMALS, 'blue').title, 'You lost');
  // The loser of a resignation hears it as plainly as the winner, with the reason.
  assert.deepEqual(outcomeText({ winner: 'blue', reason: 'resignation' }, null, ANIMALS, 'red'),
    { title: 'You lost', reason: 'Red resigned.' });
  // A draw is a draw for the player too.
  assert.equal(outcomeText({ winner: null, reason: 'no-capture-limit' }, null, ANIMALS, 'red').title, 'Draw');
});

test('a reason the page has no words for is the engine’s text', () => {
  const { reason } = outcomeText({ winner: 'red', reason: 'something-new', text: 'engine words' }, null, ANIMALS, null);
  assert.equal(reason, 'engine words');
});

test('scores are given for the side ahead, from the thinking side’s view', () => {
  assert.equal(scoreText({ cp: 0 }, 'red'), 'even');
  assert.equal(scoreText({}, 'blue'), 'even');
  assert.equal(scoreText({ cp: 35 }, 'red'), 'Red +0.35');
  assert.equal(scoreText({ cp: 35 }, 'blue'), 'Blue +0.35');
  assert.equal(scoreText({ cp: -120 }, 'red'), 'Blue +1.20');
  assert.equal(scoreText({ mate: 3, cp: 0 }, 'blue'), 'Blue wins in 3');
  assert.equal(scoreText({ mate: -2 }, 'blue'), 'Red wins in 2');
});
