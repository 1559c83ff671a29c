// A small picture on each button of the page's header, drawn as SVG lines. Where the header is
// narrow (a phone, the side column of a phone held sideways) looks.css shows the pictures
// instead of the words; the words stay the buttons' names for screen readers. A change of
// language writes the buttons' words anew (i18n.js), so the pictures are put back after it.

import { onLanguageChange } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Each button's picture, on a 24 × 24 grid: the paths of its lines. */
const ICONS = {
  'new-game': ['M12 5v14M5 12h14'],
  undo: ['M9 15 4 10l5-5', 'M4 10h10a5 5 0 0 1 0 10h-3'],
  redo: ['M15 15l5-5-5-5', 'M20 10H10a5 5 0 0 0 0 10h3'],
  flip: ['M7 20V4M3 8l4-4 4 4', 'M17 4v16M13 16l4 4 4-4'],
  'move-now': ['M13 2 4 14h7l-1 8 9-12h-7z'],
  'hint-button': ['M9 18h6M10 21h4', 'M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z'],
  'review-toggle': ['M3 3v18h18', 'M7 15l4-4 3 3 6-7'],
  'settings-toggle': ['M4 6h8M16 6h4M4 12h2M10 12h10M4 18h10M18 18h2', 'M12 6a2 2 0 1 0 4 0 2 2 0 1 0-4 0M6 12a2 2 0 1 0 4 0 2 2 0 1 0-4 0M14 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0'],
};

/** Puts its picture first in each header button that has one, now and after each change of language. */
export function addActionIcons() {
  putIcons();
  onLanguageChange(putIcons);
}

function putIcons() {
  for (const [id, paths] of Object.entries(ICONS)) {
    const button = document.getElementById(id);
    if (!button || button.querySelector('.action-icon')) continue;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'action-icon');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    for (const d of paths) {
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', d);
      svg.append(path);
    }
    button.prepend(svg);
  }
}
