// Pieces, squares, moves and results in words of the page's language, for the guide boards'
// button labels and announcements: the page's words (square.*, piece, side.*) and the
// guide's sentences (guide.say.*, guide.reason.*).

import { capitalize, t } from '../page/i18n.js';
import { pieceName } from '../board/pieces.js';
import { squareName } from '../board/squares.js';

/** @typedef {import('../board/pieces.js').AnimalTable} AnimalTable */

/** The words of each special ground, by terrain code (JungleGame.terrain). */
const PLACES = /** @type {Record<string, string>} */ ({
  '~': 'square.water', T: 'square.trap.red', t: 'square.trap.blue', D: 'square.den.red', d: 'square.den.blue',
});

/**
 * The label of square button `index`: "c3, red lion", "c5, water",
 * "c1, blue lion on red trap, can capture".
 * @param {number} index
 * @param {string} piece The FEN letter on the square, '.' for none.
 * @param {string} kind The square's terrain code.
 * @param {AnimalTable} animals
 * @param {{selected: boolean, target: boolean}} marks
 */
export function squareLabel(index, piece, kind, animals, { selected, target }) {
  const place = PLACES[kind] ? t(PLACES[kind]) : null;
  let what;
  if (piece === '.') what = place ?? t('square.empty');
  else if (!place) what = pieceName(piece, animals);
  else if (kind === '~') what = t('square.inWater', { piece: pieceName(piece, animals) });
  else what = t('square.onPlace', { piece: pieceName(piece, animals), place });
  const parts = [what];
  if (selected) parts.push(t('square.selected'));
  if (target) parts.push(t(piece === '.' ? 'square.canMove' : 'square.canCapture'));
  return t('square.label', { square: squareName(index), what: parts.join(t('square.separator')) });
}

/**
 * Announcement `guide.say.<key>`, with `Piece` and `taken` worded from the FEN letters
 * `piece` and `taken`, `Side` from the side `side`, and `list` joined.
 * @param {string} key
 * @param {AnimalTable} animals
 * @param {{piece?: string, taken?: string | null, side?: string, list?: string[], [name: string]: unknown}} [values]
 */
export function say(key, animals, values = {}) {
  /** @type {Record<string, unknown>} */
  const all = { ...values };
  if (values.piece) all.Piece = capitalize(pieceName(values.piece, animals));
  if (values.taken) all.taken = pieceName(values.taken, animals);
  if (values.side) all.Side = t(`Side.${values.side}`);
  if (values.list) all.list = values.list.join(t('guide.say.listJoin'));
  return t(`guide.say.${key}`, all);
}

/**
 * The sentence for an outcome of JungleGame.outcome().
 * @param {{winner?: string | null, reason: string}} outcome
 */
export function outcomeSentence({ winner, reason }) {
  const because = t(`guide.reason.${reason}`);
  return winner
    ? t('guide.say.wins', { Side: t(`Side.${winner}`), reason: because })
    : t('guide.say.draw', { reason: because });
}
