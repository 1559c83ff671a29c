// The eight animals as cards: the piece as drawn on the board, the name, the rank, the
// character in traditional and simplified writing, its pinyin, and what the animal can do.

import { drawPiece } from '../piece-drawing.js';
import { CHARACTERS } from '../pieces.js';
import { element } from './dom.js';
import { capitalize, fill } from './texts.js';

const SIMPLIFIED = { E: '象', L: '狮', T: '虎', P: '豹', W: '狼', D: '狗', C: '猫', R: '鼠' };
const PINYIN = { E: 'xiàng', L: 'shī', T: 'hǔ', P: 'bào', W: 'láng', D: 'gǒu', C: 'māo', R: 'shǔ' };
const PIECE_PX = 64;

/** The piece `letter` drawn on a canvas at the screen's pixel density. */
function pieceCanvas(letter, animals) {
  const canvas = element('canvas', 'card-piece');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = canvas.height = Math.round(PIECE_PX * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  const ctx = canvas.getContext('2d');
  ctx.scale(ratio, ratio);
  drawPiece(ctx, letter, animals, PIECE_PX / 2, PIECE_PX / 2, PIECE_PX);
  return canvas;
}

/** The characters of the animal `letter`, traditional then simplified when they differ. */
function characters(letter) {
  const line = element('p', 'card-characters');
  const traditional = element('span', '', CHARACTERS[letter]);
  traditional.lang = 'zh-Hant';
  line.append(traditional);
  if (SIMPLIFIED[letter] !== CHARACTERS[letter]) {
    const simplified = element('span', '', SIMPLIFIED[letter]);
    simplified.lang = 'zh-Hans';
    line.append(' · ', simplified);
  }
  const pinyin = element('span', 'card-pinyin', PINYIN[letter]);
  pinyin.lang = 'zh-Latn-pinyin';
  line.append(' ', pinyin);
  return line;
}

/** The list of cards, strongest first, for the `animals` table of pieces.js (default rules). */
export function animalCards(animals, text) {
  const list = element('ul', 'animal-cards');
  for (const [letter, { name, rank }] of Object.entries(animals)) {
    const card = element('li', 'animal-card');
    card.dataset.animal = name;
    const heading = element('h3', 'card-name', capitalize(text.names[name]));
    card.append(
      pieceCanvas(letter, animals),
      heading,
      element('p', 'card-rank', fill(text.rank, { rank })),
      characters(letter),
      element('p', 'card-does', text.animals[name]),
    );
    list.append(card);
  }
  return list;
}
