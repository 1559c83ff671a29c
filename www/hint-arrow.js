// An arrow over the board from one square to another (the suggested move): an SVG layer laid
// over the squares, one unit per square, that lets every pointer event through.

import { screenCell } from './squares.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

export class HintArrow {
  /** Adds the layer to `board` (the element around the canvas). */
  constructor(board) {
    this.layer = svg('svg', { class: 'hint-layer', viewBox: '0 0 7 9', 'aria-hidden': 'true' });
    const head = svg('marker', { id: 'hint-head', viewBox: '0 0 4 4', refX: 2, refY: 2, markerWidth: 2.6, markerHeight: 2.6, orient: 'auto' });
    head.append(svg('path', { d: 'M0,0 L4,2 L0,4 z', class: 'hint-head' }));
    const defs = svg('defs', {});
    defs.append(head);
    this.ring = svg('circle', { r: 0.44, class: 'hint-ring' });
    this.target = svg('circle', { r: 0.4, class: 'hint-target' });
    this.line = svg('line', { class: 'hint-arrow', 'marker-end': 'url(#hint-head)' });
    this.layer.append(defs, this.ring, this.target, this.line);
    this.layer.toggleAttribute('hidden', true);
    board.append(this.layer);
    this.move = null;
  }

  /** Shows an arrow for `move` ({from, to} square indices) on a board seen `flipped`, or hides it with null. */
  show(move, flipped) {
    this.move = move;
    this.layer.toggleAttribute('hidden', !move);
    if (!move) return;
    const centre = (index) => {
      const { column, row } = screenCell(index, flipped);
      return { x: column + 0.5, y: row + 0.5 };
    };
    const from = centre(move.from);
    const to = centre(move.to);
    // From the ring's edge to short of the centre, so that the head does not cover the piece to take.
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    const start = 0.44 / length;
    const stop = Math.max(0, length - 0.3) / length;
    this.ring.setAttribute('cx', from.x);
    this.ring.setAttribute('cy', from.y);
    this.target.setAttribute('cx', to.x);
    this.target.setAttribute('cy', to.y);
    this.line.setAttribute('x1', from.x + (to.x - from.x) * start);
    this.line.setAttribute('y1', from.y + (to.y - from.y) * start);
    this.line.setAttribute('x2', from.x + (to.x - from.x) * stop);
    this.line.setAttribute('y2', from.y + (to.y - from.y) * stop);
  }
}
