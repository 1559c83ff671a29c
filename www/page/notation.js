// Moves and results in words, for the move list, the banner and screen readers.

import { capitalize, t } from './i18n.js';
import { pieceName } from './pieces.js';

/** @typedef {import('./pieces.js').AnimalTable} AnimalTable */
/**
 * @typedef {{from: string, to: string, piece: string, captured?: string | null}} HistoryEntry
 * A move of JungleGame.history(): squares, and the FEN letters of the piece and of what it took.
 */

/**
 * The animal's name of FEN letter `letter`, with a capital: "Rat".
 * @param {string} letter
 * @param {AnimalTable} animals
 */
function animalName(letter, animals) {
  return capitalize(t(`animal.${animals[letter.toUpperCase()].name}`));
}

/**
 * A move in its two parts: ["Lion c4–c8", "× Tiger"], or ["Rat g3–g4"] without a capture (the
 * move list breaks a line between them, never inside one).
 * @param {HistoryEntry} entry
 * @param {AnimalTable} animals
 * @returns {string[]}
 */
export function moveParts(entry, animals) {
  const move = t('move.text', { Animal: animalName(entry.piece, animals), from: entry.from, to: entry.to });
  return entry.captured ? [move, t('move.taken', { Taken: animalName(entry.captured, animals) })] : [move];
}

/**
 * "Rat g3–g4" or "Lion c4–c8 × Tiger" for a history entry of JungleGame.history().
 * @param {HistoryEntry} entry
 * @param {AnimalTable} animals
 */
export function moveText(entry, animals) {
  return moveParts(entry, animals).join(' ');
}

/**
 * "12. Rat g3–g4" (Red's move 12) or "12… Cat b7–b6" (Blue's), numbered as the move list
 * numbers them.
 * @param {import('../game/types.js').HistoryEntry} entry
 * @param {AnimalTable} animals
 */
export function numberedMove(entry, animals) {
  return `${entry.number}${entry.color === 'red' ? '.' : '…'} ${moveText(entry, animals)}`;
}

/**
 * "Red rat from g3 to g4, takes blue cat."
 * @param {HistoryEntry} entry
 * @param {AnimalTable} animals
 */
export function moveSentence(entry, animals) {
  const words = { Piece: capitalize(pieceName(entry.piece, animals)), from: entry.from, to: entry.to };
  if (!entry.captured) return t('move.sentence', words);
  return t('move.sentenceTakes', { ...words, taken: pieceName(entry.captured, animals) });
}

/**
 * The banner's title and explanation for an outcome of JungleGame.outcome().
 * `lastMove` is the final history entry; `you` is the player's side (against the computer, or
 * an online seat), or null when the page plays for nobody in particular (two people, watching).
 * @param {{winner?: string | null, reason: string, text?: string}} outcome
 * @param {HistoryEntry | null | undefined} lastMove
 * @param {AnimalTable} animals
 * @param {string | null} you
 */
export function outcomeText(outcome, lastMove, animals, you) {
  const { winner, reason } = outcome;
  const loser = winner === 'red' ? 'blue' : 'red';
  const Side = winner && t(`Side.${winner}`);
  let title = winner ? t(reason === 'time' ? 'outcome.winsOnTime' : 'outcome.wins', { Side }) : t('outcome.draw');
  if (you && winner) title = t(winner === you ? 'outcome.youWin' : 'outcome.youLost');
  if (reason === 'aborted') title = t('online.aborted');
  if (reason === 'double-forfeit') title = t('online.doubleForfeit');
  /** @type {Record<string, () => string>} */
  const reasons = {
    den: () => (lastMove
      ? t('reason.den', { piece: pieceName(lastMove.piece, animals), den: t(`square.den.${loser}`) })
      : t(`reason.denPiece.${winner}`)),
    'all-captured': () => t(`reason.allCaptured.${winner}`),
    'no-moves': () => t(`reason.noMoves.${winner}`),
    time: () => t(`reason.time.${winner}`),
    resignation: () => t(`reason.resignation.${winner}`),
    agreement: () => t('reason.agreement'),
    repetition: () => t('reason.repetition'),
    'no-capture-limit': () => t('reason.noCaptureLimit'),
    // Decided only by the server of an online game.
    aborted: () => t('online.reason.aborted'),
    abandoned: () => t(`online.reason.abandoned.${winner}`),
    withdrawn: () => t(`online.reason.withdrawn.${winner}`),
    'move-limit': () => t('online.reason.moveLimit'),
    'over-the-board': () => t('online.reason.overTheBoard'),
    // Decided by a tournament's director.
    adjudicated: () => t('online.reason.adjudicated'),
    forfeit: () => t(`online.reason.forfeit.${winner}`),
    'double-forfeit': () => t('online.reason.doubleForfeit'),
  };
  return { title, reason: (reasons[reason] ?? (() => outcome.text))() };
}

/**
 * "Blue +0.35" or "Red wins in 3" from a progress report, for the side `turn` that is thinking.
 * @param {{mate?: number | null, cp?: number | null}} info
 * @param {string} turn
 */
export function scoreText(info, turn) {
  const other = turn === 'red' ? 'blue' : 'red';
  if (info.mate != null) {
    const side = info.mate > 0 ? turn : other;
    return t('score.mate', { Side: t(`Side.${side}`), n: Math.abs(info.mate) });
  }
  const cp = info.cp ?? 0;
  if (cp === 0) return t('score.even');
  return t('score.ahead', { Side: t(`Side.${cp > 0 ? turn : other}`), value: (Math.abs(cp) / 100).toFixed(2) });
}
