// One style sheet for the page: the sheets index.html links are joined, in their order, into
// one file beside them, so the page's start waits for one request instead of several (each
// request costs the main thread of a small machine time of its own). The sheets stay separate
// in www/ for reading and editing.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const LINK = /^[ \t]*<link rel="stylesheet" href="([^"]+)">\n/gm;

/**
 * Joins the style sheets `page` (relative to `dist`) links into `joined` (a path in the same
 * folder as the sheets), links that instead, and removes the sheets it joined.
 * Returns how many sheets were joined.
 */
export function joinStyles(dist, page, joined) {
  const html = readFileSync(join(dist, page), 'utf8');
  const sheets = [...html.matchAll(LINK)].map((match) => match[1]);
  if (sheets.length < 2) return sheets.length;
  for (const sheet of sheets) {
    // url(…) in a sheet is relative to its folder: it must stay the joined file's folder.
    if (dirname(sheet) !== dirname(joined)) throw new Error(`styles: ${sheet} is not in ${dirname(joined)}/`);
  }
  const css = sheets.map((sheet) => readFileSync(join(dist, sheet), 'utf8').trim()).join('\n');
  writeFileSync(join(dist, joined), `${css}\n`);
  let first = true;
  writeFileSync(join(dist, page), html.replace(LINK, (tag) => {
    if (!first) return '';
    first = false;
    return tag.replace(/href="[^"]+"/, `href="${joined}"`);
  }));
  for (const sheet of sheets) rmSync(join(dist, sheet));
  return sheets.length;
}
