// The high-contrast theme: `data-theme="contrast"` on <html> (colours in theme.css), on when
// the player asks for it, or with the 'auto' preference when the system asks for more contrast
// (`prefers-contrast: more`). A theme given by the page's link (page-look.js) is left alone.

const query = matchMedia('(prefers-contrast: more)');
let setting = 'auto';
/** @type {string | null} */
let linked = null;

function apply() {
  const root = document.documentElement;
  const on = setting === 'on' || (setting === 'auto' && query.matches);
  if (on) root.dataset.theme = 'contrast';
  else if (root.dataset.theme === 'contrast') {
    if (linked && linked !== 'contrast') root.dataset.theme = linked;
    else delete root.dataset.theme;
  }
}

/**
 * Follows the preference `contrast` ('auto', 'on' or 'off'); call again when it changes.
 * @param {string} contrast
 */
export function applyContrast(contrast) {
  if (linked === null) linked = document.documentElement.dataset.theme ?? '';
  setting = contrast;
  apply();
}

query.addEventListener('change', apply);
