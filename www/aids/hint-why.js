// A hint's one line of why, in the page's words, from the reason the engine read in its search
// (ai_worker.rs `why`: {kind, animal, by, moves}, animals as uppercase FEN letters).

import { t } from '../page/i18n.js';

/** @typedef {import('../game/types.js').HintWhy} HintWhy */

/** The message key of each kind of reason. */
const KEYS = {
  den: 'hint.why.den',
  wins: 'hint.why.wins',
  'wins-den': 'hint.why.winsDen',
  takes: 'hint.why.takes',
  blocks: 'hint.why.blocks',
  saves: 'hint.why.saves',
  threatens: 'hint.why.threatens',
  prepares: 'hint.why.prepares',
  'heads-for-den': 'hint.why.headsForDen',
  best: 'hint.why.best',
};

/**
 * "Why: takes the wolf" for `why`, the hint moving the animal `mover` (a FEN letter), with the
 * animals of its game; null for a reason this page does not know.
 * @param {HintWhy} why
 * @param {string} mover
 * @param {import('../page/pieces.js').AnimalTable} animals
 * @returns {string | null}
 */
export function whyText(why, mover, animals) {
  const key = KEYS[/** @type {keyof typeof KEYS} */ (why.kind)];
  if (!key) return null;
  /** @param {string | null | undefined} letter */
  const name = (letter) => {
    const animal = letter ? animals[letter.toUpperCase()] : undefined;
    return animal ? t(`animal.${animal.name}`) : '';
  };
  const reason = t(key, { mover: name(mover), animal: name(why.animal), by: name(why.by), n: why.moves ?? 0 });
  return t('hint.why', { reason });
}
