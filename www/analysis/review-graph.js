// The evaluation graph drawn for the review (aids/review.js) and the analysis board
// (analysis-graph.js): the evaluation after each move as a line (Red up, Blue down), the
// blunders, mistakes and inaccuracies marked, and the move being looked at.

import { svgEl as svg } from '../page/dom.js';
import { valueShare } from '../computer/eval-value.js';

const WIDTH = 300;
const HEIGHT = 80;

export class ReviewGraph {
  /**
   * `onPick(ply)` runs when the graph is clicked (the buttons and keys do the same by keyboard).
   * @param {HTMLElement} root
   * @param {(ply: number) => void} onPick
   */
  constructor(root, onPick) {
    this.svg = svg('svg', { class: 'review-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'img' });
    this.last = 1;
    this.svg.addEventListener('click', (event) => {
      const rect = this.svg.getBoundingClientRect();
      onPick(Math.round(((event.clientX - rect.left) / rect.width) * this.last));
    });
    root.replaceChildren(this.svg);
  }

  /**
   * Draws `values` (per ply, null while unknown) with the moves of `marks` marked by grade
   * and `ply` current.
   * @param {(import('../computer/eval-value.js').Value | null)[]} values
   * @param {{ply: number, grade: string}[]} marks
   * @param {number} ply
   * @param {string} label
   */
  draw(values, marks, ply, label) {
    this.svg.setAttribute('aria-label', label);
    const last = Math.max(1, values.length - 1);
    this.last = last;
    const x = (/** @type {number} */ i) => (i / last) * WIDTH;
    const y = (/** @type {import('../computer/eval-value.js').Value} */ value) => HEIGHT / 2 - valueShare(value) * (HEIGHT / 2 - 4);
    const parts = [
      svg('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT / 2, class: 'graph-red' }),
      svg('rect', { x: 0, y: HEIGHT / 2, width: WIDTH, height: HEIGHT / 2, class: 'graph-blue' }),
      svg('line', { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: 'graph-axis', 'vector-effect': 'non-scaling-stroke' }),
    ];
    for (const mark of marks) {
      const at = x(mark.ply);
      parts.push(svg('line', { x1: at, y1: 0, x2: at, y2: HEIGHT, class: 'graph-mark', 'data-grade': mark.grade, 'vector-effect': 'non-scaling-stroke' }));
    }
    const points = values.map((value, i) => (value ? `${x(i).toFixed(1)},${y(value).toFixed(1)}` : null)).filter(Boolean);
    parts.push(svg('polyline', { points: points.join(' '), class: 'graph-line', 'vector-effect': 'non-scaling-stroke' }));
    parts.push(svg('line', { x1: x(ply), y1: 0, x2: x(ply), y2: HEIGHT, class: 'graph-now', 'vector-effect': 'non-scaling-stroke' }));
    this.svg.replaceChildren(...parts);
  }
}
