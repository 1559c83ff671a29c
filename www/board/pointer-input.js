// Mouse, pen and touch on the board (a part of board.js): a press that picks a piece up, a
// drag, a drop, or a tap. What a press or tap means is decided by the caller.

const DRAG_THRESHOLD = 6;

/**
 * Listens on `surface` (the layer over the canvas). `view.squareAt` maps points to squares.
 * handlers.pick(index) → true if the press picked up a piece (then it may be dragged);
 * handlers.drop(from, to) when a dragged piece is released over square `to` (-1 off the board);
 * handlers.tap(index) when a press that picked nothing up is released on the same square.
 * It listens until `signal` is aborted.
 * @param {HTMLElement} surface
 * @param {import('./board-canvas.js').BoardCanvas} view
 * @param {{pick: (index: number) => boolean, drop: (from: number, to: number) => void, tap: (index: number) => void}} handlers
 * @param {AbortSignal} signal
 */
export function listenToPointer(surface, view, handlers, signal) {
  /** @type {{index: number, x: number, y: number, picked: boolean, dragging: boolean} | null} */
  let press = null;

  surface.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    const index = view.squareAt(event.clientX, event.clientY);
    if (index < 0) return;
    press = { index, x: event.clientX, y: event.clientY, picked: handlers.pick(index), dragging: false };
    surface.setPointerCapture(event.pointerId);
    event.preventDefault();
  }, { signal });

  surface.addEventListener('pointermove', (event) => {
    if (!press || !press.picked) return;
    const moved = Math.hypot(event.clientX - press.x, event.clientY - press.y);
    if (!press.dragging && moved < DRAG_THRESHOLD) return;
    press.dragging = true;
    view.setDrag({ from: press.index, x: event.clientX, y: event.clientY });
  }, { signal });

  const release = (/** @type {PointerEvent} */ event, /** @type {boolean} */ cancelled) => {
    if (!press) return;
    const { index, picked, dragging } = press;
    press = null;
    if (dragging) {
      view.setDrag(null);
      handlers.drop(index, cancelled ? -1 : view.squareAt(event.clientX, event.clientY));
    } else if (!picked && !cancelled && view.squareAt(event.clientX, event.clientY) === index) {
      handlers.tap(index);
    }
  };
  surface.addEventListener('pointerup', (event) => release(event, false), { signal });
  surface.addEventListener('pointercancel', (event) => release(event, true), { signal });
}
