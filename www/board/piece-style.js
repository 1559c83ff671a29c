// How pieces are drawn, chosen by the player: 'pictures' (the animal, its character and its
// rank) or 'characters' (the character and the rank only). Read by piece-drawing.js; whoever
// changes it draws the pieces again (App.relabel makes a new animal table, which clears the
// board's sprite cache).

let style = 'pictures';

export function pieceStyle() {
  return style;
}

/** @param {string} next 'characters' or 'pictures' */
export function setPieceStyle(next) {
  style = next === 'characters' ? 'characters' : 'pictures';
}
