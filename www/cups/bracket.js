// The bracket drawn as a picture (SVG): the rounds as columns, each match a box of two lines
// (seed, name, score), the winner's line filled and marked, a match that went to its
// tie-break marked, lines joining each match to the one its winner plays next. A bye is a
// faint line. Beside it, for screen readers, the same as a list. Wider than a phone: it sits
// in a box that scrolls sideways, so that the current round shows (`scrollToRound`).

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { nameOf, roundName } from './cup-types.js';

/** @typedef {import('./cup-types.js').Cup} Cup @typedef {import('./cup-types.js').CupMatch} CupMatch */

const SVG = 'http://www.w3.org/2000/svg';
/** A column's width, the gap between columns, a line's height, the room of a round-1 match. */
const COLUMN = 144;
const GAP = 24;
const LINE = 20;
const ROOM = 52;
const HEAD = 26;
/** The characters of a name that fit a line beside its seed and score. */
const NAME_CHARS = 13;

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {(Element | string)[]} [children]
 */
function svg(tag, attributes, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/**
 * `name` cut to fit a line.
 * @param {string} name
 */
function fitted(name) {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name;
}

/**
 * The score of a side, as "1", "½", "1½" (none before a game ended).
 * @param {number} points
 */
function scoreText(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
}

/**
 * The two lines of `match` at (`x`, `y`), its top line first.
 * @param {Cup} cup
 * @param {CupMatch} match
 * @param {number} x
 * @param {number} y
 */
function matchBox(cup, match, x, y) {
  // A score shows only for games that decided it (not a desk's decision, a withdrawal, a deadline).
  const played = match.games.some((g) => g.result !== null) && (match.decided_by ?? 'games') === 'games';
  const line = (/** @type {'top' | 'bottom'} */ side, /** @type {number} */ row) => {
    const seed = side === 'top' ? match.top : match.bottom;
    const won = seed !== null && match.winner === seed && match.bottom !== null;
    const top = y + row * LINE;
    // Seed 0: a match whose players are not known yet.
    const name = seed === null ? t('cup.bye') : seed === 0 ? '' : nameOf(cup, seed);
    return svg('g', { class: `cup-line${won ? ' cup-won' : ''}${seed === null ? ' cup-bye' : ''}` }, [
      svg('rect', { x, y: top, width: COLUMN, height: LINE }),
      svg('text', { x: x + 4, y: top + 14, class: 'cup-seed' }, [seed === null || seed === 0 ? '' : String(seed)]),
      svg('text', { x: x + 24, y: top + 14, class: 'cup-name' }, [svg('title', {}, [name]), `${fitted(name)}${won ? ' ✓' : ''}`]),
      svg('text', { x: x + COLUMN - 6, y: top + 14, class: 'cup-score', 'text-anchor': 'end' },
        [played && seed !== null ? scoreText(match.score[side]) : '']),
    ]);
  };
  const mark = match.tie_break
    ? svg('text', { x: x + COLUMN, y: y - 3, class: 'cup-mark', 'text-anchor': 'end' }, [t('cup.tieBreakMark')])
    : null;
  return svg('g', { class: 'cup-match', 'data-round': match.round, 'data-slot': match.slot },
    [line('top', 0), line('bottom', 1), ...(mark ? [mark] : [])]);
}

/**
 * A match not paired yet: two empty lines.
 * @param {number} round
 * @param {number} slot
 * @returns {CupMatch}
 */
function waiting(round, slot) {
  return { round, slot, top: 0, bottom: 0, winner: null, decided_by: null, deadline: 0, score: { top: 0, bottom: 0 }, tie_break: false, next_red: null, games: [] };
}

/**
 * The centre of match `slot` of `round` (1 first): the rooms of the round-1 matches it joins.
 * @param {number} round
 * @param {number} slot
 */
function centre(round, slot) {
  const room = ROOM * 2 ** (round - 1);
  return HEAD + room * (slot + 0.5);
}

/**
 * The bracket of a started `cup` as a picture, with its list for screen readers.
 * @param {Cup} cup
 */
export function bracketView(cup) {
  const rounds = cup.rounds;
  const width = rounds * COLUMN + (rounds - 1) * GAP + 2;
  const height = HEAD + ROOM * 2 ** (rounds - 1) + 4;
  const parts = [];
  for (let round = 1; round <= rounds; round++) {
    const x = 1 + (round - 1) * (COLUMN + GAP);
    parts.push(svg('text', { x, y: 14, class: 'cup-round' }, [roundName(round, rounds)]));
    for (let slot = 0; slot < 2 ** (rounds - round); slot++) {
      const match = cup.matches.find((m) => m.round === round && m.slot === slot) ?? waiting(round, slot);
      const middle = centre(round, match.slot);
      parts.push(matchBox(cup, match, x, middle - LINE));
      if (round < rounds) {
        const next = centre(round + 1, Math.floor(match.slot / 2));
        const right = x + COLUMN;
        parts.push(svg('path', { class: 'cup-join', d: `M${right} ${middle}H${right + GAP / 2}V${next}H${right + GAP}` }));
      }
    }
  }
  const picture = svg('svg', { class: 'cup-bracket', width, height, viewBox: `0 0 ${width} ${height}`, 'aria-hidden': 'true' }, parts);
  const scroller = el('div', { className: 'cup-scroll', tabIndex: 0, role: 'region', 'aria-label': t('cup.bracket') });
  scroller.append(picture, bracketList(cup));
  return scroller;
}

/**
 * The bracket as a list, for screen readers: each round's matches, who won.
 * @param {Cup} cup
 */
function bracketList(cup) {
  const rounds = [];
  for (let round = 1; round <= cup.rounds; round++) {
    const matches = cup.matches.filter((m) => m.round === round).map((m) => {
      const top = `${m.top} ${nameOf(cup, m.top)}`;
      const words = m.bottom === null ? t('cup.listBye', { top }) : t('cup.listMatch', { top, bottom: `${m.bottom} ${nameOf(cup, m.bottom)}`, score: `${scoreText(m.score.top)}–${scoreText(m.score.bottom)}` });
      const winner = m.winner !== null && m.bottom !== null ? ` ${t('cup.listWinner', { name: nameOf(cup, m.winner) })}` : '';
      return el('li', {}, `${words}${winner}${m.tie_break ? ` ${t('cup.tieBreakMark')}` : ''}`);
    });
    rounds.push(el('li', {}, roundName(round, cup.rounds), el('ul', {}, matches)));
  }
  return el('ol', { className: 'visually-hidden' }, rounds);
}

/**
 * Scrolls the bracket's box (in the page) so that the current round's column shows: from the
 * start when it fits so, else from that column.
 * @param {HTMLElement} scroller
 * @param {Cup} cup
 */
export function scrollToRound(scroller, cup) {
  const open = cup.matches.filter((m) => m.winner === null).map((m) => m.round);
  const round = open.length > 0 ? Math.min(...open) : cup.rounds;
  const left = (round - 1) * (COLUMN + GAP);
  // The column starts at the box's left edge, the lines from the round before just showing.
  scroller.scrollLeft = left + COLUMN <= scroller.clientWidth ? 0 : Math.max(0, left - GAP / 2);
}
