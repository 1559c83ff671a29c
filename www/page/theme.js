// The page's colours: `data-theme` on <html> is `contrast`, `dark`, or absent (light). The
// player's choices win: high contrast ('on', 'off', or 'auto': when the system asks for more
// contrast, `prefers-contrast: more`, or the page's link asked for it), then the colours
// ('light', 'dark', or 'auto': the link's theme, else the system's `prefers-color-scheme`).
// The board takes its colours from the same attribute (board-canvas.js).

const moreContrast = matchMedia('(prefers-contrast: more)');
const darkScheme = matchMedia('(prefers-color-scheme: dark)');
const choice = { contrast: 'auto', colors: 'auto' };
/** @type {string | null} the theme the page's link gave (page-look.js), read once */
let linked = null;

/** The theme the choices, the link and the system ask for ('' for light). */
function wanted() {
  const { contrast, colors } = choice;
  if (contrast === 'on' || (contrast === 'auto' && (moreContrast.matches || linked === 'contrast'))) return 'contrast';
  if (colors !== 'auto') return colors === 'dark' ? 'dark' : '';
  if (linked === 'dark' || linked === 'light') return linked === 'dark' ? 'dark' : '';
  return darkScheme.matches ? 'dark' : '';
}

function apply() {
  const root = document.documentElement;
  if (linked === null) linked = root.dataset.theme ?? '';
  const theme = wanted();
  if (theme) root.dataset.theme = theme;
  else delete root.dataset.theme;
}

/**
 * Follows the preference `contrast` ('auto', 'on' or 'off'); call again when it changes.
 * @param {string} contrast
 */
export function applyContrast(contrast) {
  choice.contrast = contrast;
  apply();
}

/**
 * Follows the preference `colors` ('auto', 'light' or 'dark'); call again when it changes.
 * @param {string} colors
 */
export function applyColors(colors) {
  choice.colors = colors;
  apply();
}

moreContrast.addEventListener('change', apply);
darkScheme.addEventListener('change', apply);
