// How pieces are named and shown, for every part of the page (the board, the panels, the
// notation, the guide): presentation only. Ranks and names under the current rules come from
// the engine (JungleGame.animals()); the words from i18n.js.

import { t } from './i18n.js';

/**
 * The traditional character of each animal, by uppercase FEN letter.
 * @type {Record<string, string>}
 */
export const CHARACTERS = {
  E: '象', L: '獅', T: '虎', P: '豹', W: '狼', D: '狗', C: '貓', R: '鼠',
};

/** The fox's character, for `ranks=fox`, where the Wolf is shown as a Fox. */
export const FOX_CHARACTER = '狐';

/** The colours of each side, used on the board and in the panels. */
export const SIDE_COLORS = {
  red: { main: '#d1402c', dark: '#8e2216', light: '#f7c9bd' },
  blue: { main: '#2b68c4', dark: '#173f7f', light: '#c3d7f5' },
};

/**
 * 'red' for an uppercase FEN letter, 'blue' for a lowercase one.
 * @param {string} letter
 * @returns {'red' | 'blue'}
 */
export function sideOf(letter) {
  return letter === letter.toUpperCase() ? 'red' : 'blue';
}

/**
 * Whether piece `letter` has lost its strength standing on a square whose weakening code is
 * `code` (JungleGame.weakening: `r` Red's pieces, `b` Blue's, `*` both, `.` neither).
 * @param {string} letter a FEN letter, or `.`
 * @param {string | undefined} code
 */
export function isTrapped(letter, code) {
  if (letter === '.' || !code || code === '.') return false;
  return code === '*' || code === (sideOf(letter) === 'red' ? 'r' : 'b');
}

/**
 * Capitalises the first letter: 'red' → 'Red'.
 * @param {string} word
 */
export function capitalize(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** @typedef {import('../game/types.js').AnimalTable} AnimalTable */

/**
 * What the engine says about each animal of the current game, by uppercase FEN letter:
 * `{E: {name: 'elephant', rank: 8, character: '象'}, …}`; `characters` (by letter) gives the
 * script of the characters (i18n.js's characters() for the page's language).
 * @param {readonly {letter: string, name: string, rank: number}[]} engineAnimals
 * @param {Record<string, string>} [characters]
 * @returns {AnimalTable}
 */
export function animalTable(engineAnimals, characters = CHARACTERS) {
  /** @type {AnimalTable} */
  const table = {};
  for (const { letter, name, rank } of engineAnimals) {
    const character = name === 'fox' ? FOX_CHARACTER : characters[letter];
    table[letter] = { name, rank, character };
  }
  return table;
}

/**
 * "red elephant" for 'E' with the given animal table, in the page's language.
 * @param {string} letter
 * @param {AnimalTable} animals
 */
export function pieceName(letter, animals) {
  return t('piece', { side: t(`side.${sideOf(letter)}`), animal: t(`animal.${animals[letter.toUpperCase()].name}`) });
}
