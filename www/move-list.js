// The moves played, in a table of numbered rows (Red, Blue), and the pieces each side took.

import { CHARACTERS, capitalize, pieceName, sideOf } from './pieces.js';
import { moveText } from './notation.js';

function cell(text, current) {
  const td = document.createElement('td');
  td.textContent = text;
  if (current) td.setAttribute('aria-current', 'step');
  return td;
}

function capturedToken(letter, animals) {
  const token = document.createElement('span');
  const animal = animals[letter.toUpperCase()];
  token.className = `token ${sideOf(letter)}`;
  token.textContent = animal.character ?? CHARACTERS[letter.toUpperCase()];
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
    const last = this.body.lastElementChild;
    if (last) last.scrollIntoView({ block: 'nearest' });

    for (const side of ['red', 'blue']) {
      const tokens = history
        .filter((entry) => entry.captured && entry.color === side)
        .map((entry) => capturedToken(entry.captured, animals));
      this.taken[side].replaceChildren(...tokens);
    }
  }
}
