// An arrow over the board (a part of board.js) from one square to another (the suggested move,
// a review's better move): an SVG layer laid over the squares, one unit per square, that lets
// every pointer event through. Every layer has the class `arrow-layer` (its place over the squares);
// each kind of arrow has its own classes (`hint-layer`, …).

import { svgEl as svg } from '../page/dom.js';
import { screenCell } from './squares.js';


export class ArrowLayer {
  /**
   * Adds the layer to `board` (the element around the canvas); `kind` names its classes.
   * @param {HTMLElement} board
   * @param {string} [kind]
   */
  constructor(board, kind = 'hint') {
    this.layer = svg('svg', { class: `arrow-layer ${kind}-layer`, viewBox: '0 0 7 9', 'aria-hidden': 'true' });
    const head = svg('marker', { id: `${kind}-head`, viewBox: '0 0 4 4', refX: 2, refY: 2, markerWidth: 2.6, markerHeight: 2.6, orient: 'auto' });
    head.append(svg('path', { d: 'M0,0 L4,2 L0,4 z', class: `${kind}-head` }));
    const defs = svg('defs', {});
    defs.append(head);
    this.ring = svg('circle', { r: 0.44, class: `${kind}-ring` });
    this.target = svg('circle', { r: 0.4, class: `${kind}-target` });
    this.line = svg('line', { class: `${kind}-arrow`, 'marker-end': `url(#${kind}-head)` });
    this.layer.append(defs, this.ring, this.target, this.line);
    this.layer.toggleAttribute('hidden', true);
    board.append(this.layer);
    /** @type {{from: number, to: number} | null} */
    this.move = null;
  }

  /** Takes the layer out of the page. */
  remove() {
    this.layer.remove();
  }

  /**
   * Shows an arrow for `move` ({from, to} square indices) on a board seen `flipped`, or hides it with null.
   * @param {{from: number, to: number} | null} move
   * @param {boolean} [flipped]
   */
  show(move, flipped = false) {
    this.move = move;
    this.layer.toggleAttribute('hidden', !move);
    if (!move) return;
    const centre = (/** @type {number} */ index) => {
      const { column, row } = screenCell(index, flipped);
      return { x: column + 0.5, y: row + 0.5 };
    };
    const from = centre(move.from);
    const to = centre(move.to);
    // From the ring's edge to short of the centre, so that the head does not cover the piece to take.
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    const start = 0.44 / length;
    const stop = Math.max(0, length - 0.3) / length;
    /** @type {[SVGElement, Record<string, number>][]} */
    const places = [
      [this.ring, { cx: from.x, cy: from.y }],
      [this.target, { cx: to.x, cy: to.y }],
      [this.line, {
        x1: from.x + (to.x - from.x) * start,
        y1: from.y + (to.y - from.y) * start,
        x2: from.x + (to.x - from.x) * stop,
        y2: from.y + (to.y - from.y) * stop,
      }],
    ];
    for (const [node, attributes] of places) {
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    }
  }
}
