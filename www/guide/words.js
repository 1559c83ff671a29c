// Pieces, squares, moves and results in words of the page's language, for the boards'
// button labels and announcements.

import { sideOf } from '../pieces.js';
import { squareName } from '../squares.js';
import { capitalize, fill } from './texts.js';

const PLACES = { '~': 'water', T: 'trap', t: 'trap', D: 'den', d: 'den' };

export class Words {
  /** `text` is one language's texts (texts.js); `animals` the table of pieces.js's animalTable. */
  constructor(text, animals) {
    this.text = text;
    this.animals = animals;
  }

  /** 'red lion' for 'L', in this language. */
  piece(letter) {
    const { name } = this.animals[letter.toUpperCase()];
    return fill(this.text.piece, { side: this.text.sides[sideOf(letter)], animal: this.text.names[name] });
  }

  /** The special ground of a square (terrain code of JungleGame.terrain), or null for plain land. */
  place(kind) {
    const place = PLACES[kind];
    if (!place) return null;
    if (place === 'water') return this.text.squares.water;
    return this.text.squares[place][kind === kind.toUpperCase() ? 'red' : 'blue'];
  }

  /** The label of square button `index`: "c3, red lion", "c5, water", "c1, blue lion on the red trap, can capture". */
  square(index, piece, kind, { selected, target }) {
    const words = this.text.squares;
    const place = this.place(kind);
    let what;
    if (piece === '.') what = place ?? words.empty;
    else if (!place) what = this.piece(piece);
    else what = fill(kind === '~' ? words.inWater : words.onPlace, { piece: this.piece(piece), place });
    const parts = [squareName(index), what];
    if (selected) parts.push(words.selected);
    if (target) parts.push(piece === '.' ? words.canMove : words.canCapture);
    return parts.join(words.separator);
  }

  /** "Red to move" for the side `color` ('red' or 'blue'). */
  toMove(color) {
    return fill(this.text.ui.toMove, { Side: this.text.Sides[color] });
  }

  /** Fills announcement `key` of the texts, with `Piece` from the FEN letter `piece` if given. */
  say(key, values = {}) {
    const all = { ...values };
    if (values.piece) all.Piece = capitalize(this.piece(values.piece));
    if (values.taken) all.taken = this.piece(values.taken);
    if (values.side) all.Side = this.text.Sides[values.side];
    if (values.list) all.list = values.list.join(this.text.say.listJoin);
    return fill(this.text.say[key], all);
  }

  /** The sentence for an outcome of JungleGame.outcome(). */
  outcome({ winner, reason }) {
    const because = this.text.say.reasons[reason] ?? reason;
    return winner ? this.say('wins', { side: winner, reason: because }) : this.say('draw', { reason: because });
  }
}
