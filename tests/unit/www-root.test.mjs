// www/ is arranged in folders by part (board/, game/, computer/, panels/, aids/, saved/, tools/,
// page/, online/, puzzles/, guide/, i18n/): its root keeps only the pages, their entry scripts,
// the service worker, the manifest, the icons and the style sheets, so that a newcomer sees
// the parts at a glance. A file that belongs to a part goes into its folder.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';

const MOST = 20;

test(`www/'s root holds at most ${MOST} files`, () => {
  const files = readdirSync(new URL('../../www/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isFile()).map((entry) => entry.name);
  assert.ok(files.length <= MOST, `${files.length} files at www/'s root: ${files.join(', ')}`);
});
