// The analysis board's moves in the move list's words (www/analysis/move-words.js): the animal
// read from the squares of the position each move is played in, side lines starting from the
// position before the move they replace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardLetters, lineWords, treeWords } from '../../www/analysis/move-words.js';
import { animalTable } from '../../www/page/pieces.js';

const ANIMALS = animalTable([
  { letter: 'E', name: 'elephant', rank: 8 }, { letter: 'L', name: 'lion', rank: 7 },
  { letter: 'T', name: 'tiger', rank: 6 }, { letter: 'P', name: 'leopard', rank: 5 },
  { letter: 'W', name: 'wolf', rank: 4 }, { letter: 'D', name: 'dog', rank: 3 },
  { letter: 'C', name: 'cat', rank: 2 }, { letter: 'R', name: 'rat', rank: 1 },
]);
const START = 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w';

test('a FEN is read into the 63 squares, a1 first', () => {
  const squares = boardLetters(START);
  assert.equal(squares.length, 63);
  assert.deepEqual([squares[0], squares[6], squares[20], squares[56], squares[62]], ['T', 'L', 'R', 'l', 't']);
  assert.equal(squares.filter((letter) => letter !== '.').length, 16);
});

test('a line is written move by move, with what each move takes', () => {
  const moves = ['g3g4', 'a7a6', 'g4g5', 'a6a5', 'g5g6', 'g7f7', 'g6g7', 'b8b7', 'g7f7'];
  assert.deepEqual(lineWords(moves, START, ANIMALS).slice(-3), ['Rat g6–g7', 'Dog b8–b7', 'Rat g7–f7 × Elephant']);
  // A move from an empty square is not this position's: left as it is.
  assert.deepEqual(lineWords(['d5d6'], START, ANIMALS), ['d5d6']);
});

test('a side line starts from the position before the move it replaces', () => {
  // 1. g3g4 a7a6 2. g4g5 (2. a3a4 (2. e3d3) a6a5) 2... a6a5
  const move = (node, text) => ({ kind: 'move', node, move: text, number: null, depth: 0 });
  const open = { kind: 'open', node: null, move: null, number: null, depth: 0 };
  const close = { kind: 'close', node: null, move: null, number: null, depth: 0 };
  const words = [move(1, 'g3g4'), move(2, 'a7a6'), move(3, 'g4g5'), open, move(5, 'a3a4'), open, move(7, 'e3d3'), close,
    move(6, 'a6a5'), close, move(4, 'a6a5')];
  const said = treeWords(words, START, ANIMALS);
  assert.deepEqual([1, 2, 3, 5, 7, 6, 4].map((node) => said.get(node)),
    ['Rat g3–g4', 'Rat a7–a6', 'Rat g4–g5', 'Elephant a3–a4', 'Leopard e3–d3', 'Rat a6–a5', 'Rat a6–a5']);
});
