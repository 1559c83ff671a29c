// The moves played, in a table of numbered rows (Red, Blue), and the pieces each side took.

import { capitalize, pieceName } from './pieces.js';
import { drawPiece } from './piece-drawing.js';
import { moveText } from './notation.js';

/** The size of a taken piece's picture, in CSS pixels. */
const TOKEN_PX = 30;

function cell(text, current) {
  const td = document.createElement('td');
  td.textContent = text;
  if (current) td.setAttribute('aria-current', 'step');
  return td;
}

/** A small picture of a taken piece. */
function capturedToken(letter, animals) {
  const ratio = window.devicePixelRatio || 1;
  const token = document.createElement('canvas');
  token.className = 'token';
  token.width = Math.round(TOKEN_PX * ratio);
  token.height = Math.round(TOKEN_PX * ratio);
  const ctx = token.getContext('2d');
  ctx.scale(ratio, ratio);
  drawPiece(ctx, letter, animals, TOKEN_PX / 2, TOKEN_PX / 2, TOKEN_PX / 0.9);
  token.title = capitalize(pieceName(letter, animals));
  token.setAttribute('role', 'img');
  token.setAttribute('aria-label', pieceName(letter, animals));
  return token;
}

export class MoveList {
  constructor({ body, takenByRed, takenByBlue }) {
    this.body = body;
    this.taken = { red: takenByRed, blue: takenByBlue };
  }

  /** Shows `history` (JungleGame.history()) with `animals` (pieces.js animalTable). */
  update(history, animals) {
    const rows = [];
    let row = null;
    history.forEach((entry, i) => {
      if (!row || row.number !== entry.number || entry.color === 'red') {
        row = { number: entry.number, red: null, blue: null, redLast: false, blueLast: false };
        rows.push(row);
      }
      row[entry.color] = moveText(entry, animals);
      row[`${entry.color}Last`] = i === history.length - 1;
    });
    this.body.replaceChildren(...rows.map((r) => {
      const tr = document.createElement('tr');
      const number = document.createElement('th');
      number.scope = 'row';
      number.textContent = `${r.number}.`;
      tr.append(number, cell(r.red ?? '…', r.redLast), cell(r.blue ?? '', r.blueLast));
      return tr;
    }));
    // Keep the latest move in sight (without scrolling the page itself).
    const list = this.body.closest('.moves');
    list.scrollTop = list.scrollHeight;

    for (const side of ['red', 'blue']) {
      const tokens = history
        .filter((entry) => entry.captured && entry.color === side)
        .map((entry) => capturedToken(entry.captured, animals));
      this.taken[side].replaceChildren(...tokens);
    }
  }
}
