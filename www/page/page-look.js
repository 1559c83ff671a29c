// How the page looks, from its link (parseLink): `embed` shows the board alone, to fill an
// <iframe>; `theme` picks the colours (light, dark or contrast); `size` the board's width in
// CSS pixels (it still shrinks to fit the window). The rules are in embed.css.

/**
 * Applies {embed, theme, size} to the page; values the link did not give change nothing.
 * @param {Pick<import('../game/types.js').Link, 'embed' | 'theme' | 'size'>} look
 */
export function applyLook({ embed, theme, size }) {
  const root = document.documentElement;
  if (embed) root.dataset.embed = 'yes';
  if (theme) root.dataset.theme = theme;
  if (size) {
    root.dataset.sized = 'yes';
    root.style.setProperty('--board-size', `${size}px`);
  }
}
