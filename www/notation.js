// Moves and results in words, for the move list, the banner and screen readers.

import { capitalize, pieceName } from './pieces.js';

const DASH = '–';

/** "Rat g3–g4" or "Lion c4–c8 × Tiger" for a history entry of JungleGame.history(). */
export function moveText(entry, animals) {
  const mover = capitalize(animals[entry.piece.toUpperCase()].name);
  const taken = entry.captured ? ` × ${capitalize(animals[entry.captured.toUpperCase()].name)}` : '';
  return `${mover} ${entry.from}${DASH}${entry.to}${taken}`;
}

/** "Red rat from g3 to g4, takes blue cat." */
export function moveSentence(entry, animals) {
  const taken = entry.captured ? `, takes ${pieceName(entry.captured, animals)}` : '';
  return `${capitalize(pieceName(entry.piece, animals))} from ${entry.from} to ${entry.to}${taken}.`;
}

/**
 * The banner's title and explanation for an outcome of JungleGame.outcome().
 * `lastMove` is the final history entry; `you` is the player's side against the computer, or null.
 */
export function outcomeText(outcome, lastMove, animals, you) {
  const { winner, reason } = outcome;
  const loser = winner === 'red' ? 'blue' : 'red';
  let title = winner ? `${capitalize(winner)} wins` : 'Draw';
  if (you && winner) title = winner === you ? 'You win!' : 'The computer wins';
  const reasons = {
    den: () => `The ${lastMove ? pieceName(lastMove.piece, animals) : winner + ' piece'} entered the ${loser} den.`,
    'all-captured': () => `${capitalize(winner)} captured every ${loser} piece.`,
    'no-moves': () => `${capitalize(loser)} has no legal move left.`,
    repetition: () => 'The same position came up three times.',
    'no-capture-limit': () => 'Too many moves in a row without a capture.',
  };
  return { title, reason: (reasons[reason] ?? (() => outcome.text))() };
}

/** "Blue +0.35" or "Red wins in 3" from a progress report, for the side `turn` that is thinking. */
export function scoreText(info, turn) {
  const other = turn === 'red' ? 'blue' : 'red';
  if (info.mate != null) {
    const side = info.mate > 0 ? turn : other;
    return `${capitalize(side)} wins in ${Math.abs(info.mate)}`;
  }
  const cp = info.cp ?? 0;
  if (cp === 0) return 'even';
  return `${capitalize(cp > 0 ? turn : other)} +${(Math.abs(cp) / 100).toFixed(2)}`;
}
