// The moves played, in a table of numbered rows (Red, Blue), and the pieces each side took.
// Each move is a button that goes to it (a review); the move shown (the last one, or the one
// a review looks at) is marked, with the pieces taken until then, and moves a review judged
// carry their sign (?? blunder, ? mistake, ?! inaccuracy).

import { capitalize, pieceName } from '../page/pieces.js';
import { drawPiece } from '../board/piece-drawing.js';
import { moveParts } from '../page/notation.js';
import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';
import { SYMBOLS } from '../computer/move-grades.js';
import { showRow } from './list-scroll.js';

/** @typedef {import('../game/types.js').HistoryEntry} HistoryEntry */
/** @typedef {import('../game/types.js').Side} Side */
/** @typedef {import('../page/pieces.js').AnimalTable} AnimalTable */
/** @typedef {import('../computer/move-grades.js').Grade} Grade */
/**
 * A row of the table: a move number, and Red's and Blue's moves as the ply each leads to
 * (0 if not played).
 * @typedef {{number: number, red: number, blue: number}} Row
 */

/** The size of a taken piece's picture, in CSS pixels. */
const TOKEN_PX = 30;

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
  /**
   * `onPick(ply)` goes to the position after move `ply` (a click or Enter on a move).
   * @param {{body: HTMLElement, takenByRed: HTMLElement, takenByBlue: HTMLElement, onPick: (ply: number) => void}} els
   */
  constructor({ body, takenByRed, takenByBlue, onPick }) {
    this.body = body;
    this.taken = { red: takenByRed, blue: takenByBlue };
    this.onPick = onPick;
    /** @type {readonly HistoryEntry[]} */
    this.history = [];
    /** @type {AnimalTable} */
    this.animals = {};
    this.shown = 0;
    /** @type {readonly (Grade | null)[]} the grade of each move (by ply − 1), if judged */
    this.grades = [];
  }

  /**
   * Shows `history` (the snapshot's) with `animals` (pieces.js animalTable), the position
   * after `shown` moves marked (the last move unless a review looks at another).
   * @param {readonly HistoryEntry[]} history
   * @param {AnimalTable} animals
   * @param {number} [shown]
   */
  update(history, animals, shown = history.length) {
    this.history = history;
    this.animals = animals;
    this.shown = shown;
    this.render();
  }

  /**
   * Shows the grades a review gave the moves (by ply − 1; empty to remove them).
   * @param {readonly (Grade | null)[]} grades
   */
  setGrades(grades) {
    this.grades = grades;
    this.render();
  }

  render() {
    const { history, animals, shown } = this;
    /** @type {Row[]} */
    const rows = [];
    /** @type {Row | null} */
    let row = null;
    history.forEach((entry, i) => {
      if (!row || row.number !== entry.number || entry.color === 'red') {
        row = { number: entry.number, red: 0, blue: 0 };
        rows.push(row);
      }
      row[entry.color] = i + 1;
    });
    this.body.replaceChildren(...rows.map((r) => el('tr', {},
      el('th', { scope: 'row' }, `${r.number}.`),
      r.red ? this.cell(r.red) : el('td', {}, '…'),
      r.blue ? this.cell(r.blue) : el('td', {}))));
    // Keep the move shown in sight (without scrolling the page itself).
    const list = this.body.closest('.moves');
    const current = this.body.querySelector('[aria-current]')?.closest('tr');
    if (list instanceof HTMLElement && current) showRow(list, current, shown === history.length);

    for (const side of /** @type {Side[]} */ (['red', 'blue'])) {
      const tokens = history.slice(0, shown)
        .filter((entry) => entry.captured && entry.color === side)
        .map((entry) => capturedToken(/** @type {string} */ (entry.captured), animals));
      this.taken[side].replaceChildren(...tokens);
    }
  }

  /**
   * The cell of the move that leads to `ply`: a button going there, with the move's grade.
   * @param {number} ply
   */
  cell(ply) {
    const parts = moveParts(this.history[ply - 1], this.animals);
    const text = parts.join(' ');
    const grade = this.grades[ply - 1];
    const symbol = grade ? SYMBOLS[grade] : '';
    // Each part on one line: a capture wraps as a whole ("× Leopard") where the column is narrow.
    const button = el('button', {
      type: 'button',
      className: 'move-button',
      dataset: { ply: String(ply) },
      onclick: () => this.onPick(ply),
    }, parts.flatMap((part, i) => [i ? ' ' : null, el('span', { className: 'move-part' }, part)]));
    if (symbol) {
      button.dataset.grade = /** @type {string} */ (grade);
      button.append(' ', el('span', { className: 'move-mark', title: t(`grade.${grade}`) }, symbol));
      button.setAttribute('aria-label', `${text}, ${t(`grade.${grade}`)}`);
    }
    return el('td', { 'aria-current': ply === this.shown && 'step' }, button);
  }
}
