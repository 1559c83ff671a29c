// A tournament table that is never cut off, whatever the width of its place (a phone, a narrow
// frame, German headers): its columns marked as folding (the tie-breaks) fold away when the
// table does not fit, behind a "Show tie-breaks" button under it, and whatever is still too
// wide scrolls sideways in a region that is labelled by the table's caption, reached by the
// keyboard, with the caption and the players' names kept in view (tournaments.css). It is
// measured whenever its place changes size, a frame after (a change of its own size then waits
// for the next frame instead of looping); drawn again, it starts folded as it was.

import { el } from '../page/dom.js';
import { t } from '../page/i18n.js';

/** The class of a column's cells that fold away when the table does not fit. */
export const FOLDS = 'table-folds';

/** The tables (by id) whose folding columns the reader asked to see. */
const shownByReader = new Set();

/** The tables (by id) that were too wide with their folding columns when last fitted. */
const tooWideBefore = new Set();

/** @type {WeakMap<Element, number>} the width each table's place was last fitted to */
const fittedWidth = new WeakMap();

/** @type {ResizeObserver | null} */
let observer = null;

/**
 * Whether the region's content is wider than the region.
 * @param {HTMLElement} region
 */
function overflows(region) {
  return region.scrollWidth > region.clientWidth + 1;
}

/**
 * Folds or unfolds the columns of the table in `fit` as its place allows, and lets the reader
 * scroll what is still too wide.
 * @param {HTMLElement} fit
 */
function refit(fit) {
  const region = /** @type {HTMLElement} */ (fit.querySelector('.table-scroll'));
  const table = /** @type {HTMLTableElement} */ (region.querySelector('table'));
  fit.classList.remove('table-folded');
  const tooWide = fit.querySelector('.table-fold-toggle') !== null && overflows(region);
  if (tooWide) tooWideBefore.add(table.id);
  else tooWideBefore.delete(table.id);
  fold(fit, table.id);
  // A region that scrolls is reached by Tab, so that the arrow keys scroll it.
  if (overflows(region)) region.tabIndex = 0;
  else region.removeAttribute('tabindex');
}

/**
 * Folds the columns of table `id` in `fit` if it was too wide with them when last fitted
 * (and the reader did not ask to see them), and says so on its button.
 * @param {HTMLElement} fit
 * @param {string} id
 */
function fold(fit, id) {
  const toggle = /** @type {HTMLButtonElement | null} */ (fit.querySelector('.table-fold-toggle'));
  if (!toggle) return;
  const tooWide = tooWideBefore.has(id);
  const shown = shownByReader.has(id);
  fit.classList.toggle('table-folded', tooWide && !shown);
  toggle.hidden = !tooWide;
  toggle.setAttribute('aria-expanded', String(shown));
  toggle.textContent = t(shown ? 'tournament.hideTieBreaks' : 'tournament.showTieBreaks');
}

/** @param {ResizeObserverEntry[]} entries */
function resized(entries) {
  for (const { target, contentRect } of entries) {
    if (!target.isConnected) {
      observer?.unobserve(target);
      continue;
    }
    if (fittedWidth.get(target) === contentRect.width) continue;
    fittedWidth.set(target, contentRect.width);
    requestAnimationFrame(() => refit(/** @type {HTMLElement} */ (target)));
  }
}

/**
 * `table` (with an id and a caption) in a place that fits it: the cells of class {@link FOLDS}
 * fold away behind a button when it is too wide (`foldable`), the rest scrolls sideways.
 * `after` goes below the table (a note on it).
 * @param {HTMLTableElement} table
 * @param {{foldable?: boolean, after?: HTMLElement | null}} [options]
 */
export function fitted(table, { foldable = false, after = null } = {}) {
  const caption = table.caption;
  if (caption) caption.id = `${table.id}-caption`;
  const region = el('div', { className: 'table-scroll', role: 'region', 'aria-labelledby': caption ? caption.id : null }, table);
  const toggle = foldable ? el('button', {
    type: 'button', id: `${table.id}-folds`, className: 'table-fold-toggle', hidden: true, 'aria-controls': table.id,
    onclick: () => {
      if (shownByReader.has(table.id)) shownByReader.delete(table.id);
      else shownByReader.add(table.id);
      refit(fit);
    },
  }) : null;
  const fit = el('div', { className: 'table-fit' }, region, toggle, after);
  // Drawn again (a live change), it starts as it was, and is measured a frame later.
  fold(fit, table.id);
  observer ??= new ResizeObserver(resized);
  observer.observe(fit);
  return fit;
}
