// Text offered as a file download (game records): a link to a Blob, clicked and let go.

import { el } from './dom.js';

/**
 * Offers `text` as a download named `name`.
 * @param {string} text
 * @param {string} name
 */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = el('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A record's file name stamped with the time now: `jungle-20260127-0512.txt`. */
export function recordFileName() {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `jungle-${stamp}.txt`;
}
