// The moves played, in a table of numbered rows (Red, Blue), and the pieces each side took.

import { capitalize, pieceName } from './pieces.js';
import { drawPiece } from './piece-drawing.js';
import { moveText } from './notation.js';
import { el } from './dom.js';

/** @typedef {import('./types.js').HistoryEntry} HistoryEntry */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./pieces.js').AnimalTable} AnimalTable */
/**
 * A row of the table: a move number, Red's move and Blue's (null if not played), and whether
 * each is the last move of the game.
 * @typedef {{number: number, red: string | null, blue: string | null, redLast: boolean, blueLast: boolean}} Row
 */

/** The size of a taken piece's picture, in CSS pixels. */
const TOKEN_PX = 30;

/**
 * A move's cell; `current` marks the last move of the game.
 * @param {string} text
 * @param {boolean} current
 */
function cell(text, current) {
  return el('td', { 'aria-current': current && 'step' }, text);
}

/**
 * A small picture of a taken piece.
 * @param {string} letter
 * @param {AnimalTable} animals
 */
function capturedToken(letter, animals) {
  const ratio = window.devicePixelRatio || 1;
  const token = el('canvas', {
    className: 'token',
    width: Math.round(TOKEN_PX * ratio),
    height: Math.round(TOKEN_PX * ratio),
    title: capitalize(pieceName(letter, animals)),
    role: 'img',
    'aria-label': pieceName(letter, animals),
  });
  const ctx = token.getContext('2d');
  if (ctx) {
    ctx.scale(ratio, ratio);
    drawPiece(ctx, letter, animals, TOKEN_PX / 2, TOKEN_PX / 2, TOKEN_PX / 0.9);
  }
  return token;
}

export class MoveList {
  /** @param {{body: HTMLElement, takenByRed: HTMLElement, takenByBlue: HTMLElement}} els */
  constructor({ body, takenByRed, takenByBlue }) {
    this.body = body;
    this.taken = { red: takenByRed, blue: takenByBlue };
  }

  /**
   * Shows `history` (the snapshot's) with `animals` (pieces.js animalTable).
   * @param {readonly HistoryEntry[]} history
   * @param {AnimalTable} animals
   */
  update(history, animals) {
    /** @type {Row[]} */
    const rows = [];
    /** @type {Row | null} */
    let row = null;
    history.forEach((entry, i) => {
      if (!row || row.number !== entry.number || entry.color === 'red') {
        row = { number: entry.number, red: null, blue: null, redLast: false, blueLast: false };
        rows.push(row);
      }
      const last = i === history.length - 1;
      if (entry.color === 'red') Object.assign(row, { red: moveText(entry, animals), redLast: last });
      else Object.assign(row, { blue: moveText(entry, animals), blueLast: last });
    });
    this.body.replaceChildren(...rows.map((r) => el('tr', {},
      el('th', { scope: 'row' }, `${r.number}.`),
      cell(r.red ?? '…', r.redLast),
      cell(r.blue ?? '', r.blueLast))));
    // Keep the latest move in sight (without scrolling the page itself).
    const list = this.body.closest('.moves');
    if (list) list.scrollTop = list.scrollHeight;

    for (const side of /** @type {Side[]} */ (['red', 'blue'])) {
      const tokens = history
        .filter((entry) => entry.captured && entry.color === side)
        .map((entry) => capturedToken(/** @type {string} */ (entry.captured), animals));
      this.taken[side].replaceChildren(...tokens);
    }
  }
}
