// Pieces, moves and results in words of the page's language, for the guide boards'
// announcements: the page's words (piece, side.*) and the guide's sentences (guide.say.*,
// guide.reason.*). The squares' labels are the board's own (board/square-buttons.js).

import { capitalize, t } from '../page/i18n.js';
import { pieceName } from '../page/pieces.js';

/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */

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
