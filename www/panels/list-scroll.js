// Scrolling a table whose header sticks at the top of its scrolling panel (the move list) so a
// row is in sight, with the first row shown starting right under the header: never a row cut
// in half beneath it. Where the panel must scroll further than its rows allow for that (near
// the end), it gets just that much more room below its last row.

/**
 * Scrolls `list` so that `row` of its table is in sight: at the foot (`foot`, the last move)
 * or in the middle. Nothing happens where the panel does not scroll by itself.
 * @param {HTMLElement} list the scrolling panel
 * @param {HTMLElement} row
 * @param {boolean} foot
 */
export function showRow(list, row, foot) {
  list.style.paddingBottom = '';
  if (list.scrollHeight <= list.clientHeight) return;
  const head = list.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  // Where a scroll of 0 puts the top of the panel's content, and each row's top from there.
  const origin = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
  const top = (/** @type {Element} */ element) => element.getBoundingClientRect().top - origin;
  const height = row.getBoundingClientRect().height;
  const room = list.clientHeight - head;
  const wanted = foot ? top(row) + height - list.clientHeight : top(row) - head - (room - height) / 2;
  // The first row from there on starts right under the header (it is `row` itself at the
  // latest, so `row` stays in sight).
  const rows = [...list.querySelectorAll('tbody tr')];
  const first = rows.find((r) => top(r) - head >= wanted - 0.5) ?? row;
  const scroll = Math.max(0, Math.round(top(first) - head));
  const short = scroll - (list.scrollHeight - list.clientHeight);
  if (short > 0) list.style.paddingBottom = `${parseFloat(getComputedStyle(list).paddingBottom) + short}px`;
  list.scrollTop = scroll;
}
