// The analysis board's moves in the page's notation ("Rat g3–g4", "Lion c4–c8 × Tiger", as the
// move list writes them: notation.js), for the moves the engine gives as squares alone: the
// tree's words and the engine's lines. Which animal moves and which it takes is read from the
// squares of a position, the moves already checked by the engine (a move in Jungle only ever
// carries the piece on its first square to its second).

import { SQUARE_COUNT, squareIndex } from '../board/squares.js';
import { moveText } from '../page/notation.js';

/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */
/** @typedef {import('../game/types.js').TreeWord} TreeWord */

/**
 * The 63 squares of `fen` by index (a1 = 0), each a FEN letter or `.`.
 * @param {string} fen
 * @returns {string[]}
 */
export function boardLetters(fen) {
  const placement = fen.split(' ')[0];
  const squares = new Array(SQUARE_COUNT).fill('.');
  placement.split('/').forEach((row, rank) => {
    let file = 0;
    for (const char of row) {
      if (/\d/.test(char)) file += Number(char);
      else squares[(8 - rank) * 7 + file++] = char;
    }
  });
  return squares;
}

/**
 * Plays `move` (like `g3g4`) on `squares` and says it in words.
 * @param {string[]} squares changed in place
 * @param {string} move
 * @param {AnimalTable} animals
 */
function say(squares, move, animals) {
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  const piece = squares[squareIndex(from)];
  const target = squares[squareIndex(to)];
  squares[squareIndex(to)] = piece;
  squares[squareIndex(from)] = '.';
  if (piece === '.' || !animals[piece.toUpperCase()]) return move; // not a position's move: as it is
  return moveText({ from, to, piece, captured: target === '.' ? null : target }, animals);
}

/**
 * The moves of a line from the position `fen`, in words.
 * @param {string[]} moves
 * @param {string} fen
 * @param {AnimalTable} animals
 */
export function lineWords(moves, fen, animals) {
  const squares = boardLetters(fen);
  return moves.map((move) => say(squares, move, animals));
}

/**
 * The words of each move of a tree (AnalysisTree's words, from the root `fen`), by node. A
 * side line `( … )` after a move is another move in its place: it starts from the position
 * before that move, and the line goes on after it from where it was.
 * @param {TreeWord[]} words
 * @param {string} fen
 * @param {AnimalTable} animals
 * @returns {Map<number, string>}
 */
export function treeWords(words, fen, animals) {
  const said = new Map();
  let after = boardLetters(fen);
  let before = after;
  /** @type {{before: string[], after: string[]}[]} */
  const stack = [];
  for (const word of words) {
    if (word.kind === 'open') {
      stack.push({ before, after });
      after = [...before];
    } else if (word.kind === 'close') {
      ({ before, after } = stack.pop() ?? { before, after });
    } else if (word.move && word.node !== null) {
      before = after;
      after = [...before];
      said.set(word.node, say(after, word.move, animals));
    }
  }
  return said;
}
