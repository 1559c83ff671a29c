// The positions of the guide's boards, by name. Each is a FEN and the rule options it is
// played with (empty: the default rules); the engine checks them and plays them.

/** @type {Record<string, {fen: string, rules: string}>} */
export const DEMOS = {
  // The usual start position.
  start: { fen: '', rules: '' },
  // Red Dog b2 beside a blue Dog (equal), a blue Cat (weaker) and a blue Wolf (stronger).
  capture: { fen: '7/7/7/7/7/7/1c5/dDw4/7 w', rules: '' },
  // Red Rat a6 under the blue Elephant a7; red Elephant g3 under the blue Rat g4.
  rat: { fen: '7/7/e6/R6/7/6r/6E/7/7 w', rules: '' },
  // Red Rat swimming on b5 between the blue Elephant a5 and the blue Rat c5; red Dog d5.
  water: { fen: '7/7/7/7/eRrD3/7/7/7/7 w', rules: '' },
  // Red Lion c3 facing the river, blue Leopard c7 on the far bank; red Tiger d5 between the rivers.
  jump: { fen: '7/6r/2p4/7/3T3/7/2L4/7/7 w', rules: '' },
  // The same with the blue Rat swimming on c5, across both jumps' paths.
  blocked: { fen: '7/7/2p4/7/2rT3/7/2L4/7/7 w', rules: '' },
  // Blue Lion on Red's trap c1 beside the red Cat; blue Tiger f2 (no trap) beside the red Dog.
  trap: { fen: '7/7/7/7/7/7/7/5tD/1Cl4 w', rules: '' },
  // Red Wolf on d8 beside Blue's den; red Dog on d2 beside its own den.
  den: { fen: '7/3Wc2/7/7/7/7/7/3D3/7 w', rules: '' },
  // The `rat` position where the Elephant may take the Rat.
  options: { fen: '7/7/e6/R6/7/6r/6E/7/7 w', rules: 'elephant-takes-rat=yes' },
};
