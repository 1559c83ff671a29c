// The eight animals as cards: the piece as drawn on the board, the name, the rank, the
// character in traditional and simplified writing, its pinyin, and what the animal can do.

import { el } from '../page/dom.js';
import { capitalize, t } from '../page/i18n.js';
import { drawPiece } from '../board/piece-drawing.js';
import { CHARACTERS } from '../page/pieces.js';

const SIMPLIFIED = /** @type {Record<string, string>} */ ({ E: '象', L: '狮', T: '虎', P: '豹', W: '狼', D: '狗', C: '猫', R: '鼠' });
const PINYIN = /** @type {Record<string, string>} */ ({ E: 'xiàng', L: 'shī', T: 'hǔ', P: 'bào', W: 'láng', D: 'gǒu', C: 'māo', R: 'shǔ' });
const PIECE_PX = 64;

/**
 * The piece `letter` drawn on a canvas at the screen's pixel density.
 * @param {string} letter
 * @param {import('../page/pieces.js').AnimalTable} animals
 */
function pieceCanvas(letter, animals) {
  const canvas = el('canvas', { className: 'card-piece', 'aria-hidden': 'true' });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = canvas.height = Math.round(PIECE_PX * ratio);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.scale(ratio, ratio);
  drawPiece(ctx, letter, animals, PIECE_PX / 2, PIECE_PX / 2, PIECE_PX);
  return canvas;
}

/**
 * The characters of the animal `letter`, traditional then simplified when they differ.
 * @param {string} letter
 */
function characters(letter) {
  const simplified = SIMPLIFIED[letter] !== CHARACTERS[letter]
    ? [' · ', el('span', { lang: 'zh-Hans' }, SIMPLIFIED[letter])] : [];
  return el('p', { className: 'card-characters' },
    el('span', { lang: 'zh-Hant' }, CHARACTERS[letter]), ...simplified,
    ' ', el('span', { className: 'card-pinyin', lang: 'zh-Latn-pinyin' }, PINYIN[letter]));
}

/**
 * The list of cards, strongest first, for the `animals` table of pieces.js (default rules).
 * @param {import('../page/pieces.js').AnimalTable} animals
 */
export function animalCards(animals) {
  return el('ul', { className: 'animal-cards' }, Object.entries(animals).map(([letter, { name, rank }]) =>
    el('li', { className: 'animal-card', dataset: { animal: name } },
      pieceCanvas(letter, animals),
      el('h3', { className: 'card-name' }, capitalize(t(`animal.${name}`))),
      el('p', { className: 'card-rank' }, t('guide.rank', { rank })),
      characters(letter),
      el('p', { className: 'card-does' }, t(`guide.animal.${name}`)))));
}
