// The build's content names (scripts/postbuild/fingerprint.mjs): files named by a relative
// path get a hash of their content, the files naming them follow, and a hash covers the names
// of the files a file names.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fingerprintDist } from '../../scripts/postbuild/fingerprint.mjs';

const HASHED = (stem, extension) => new RegExp(`^${stem}-[A-Z2-7]{8}\\.${extension}$`);

/** A small dist/: a page, its module, a chunk, a worker with its glue and module. */
function writeDist(chunkText) {
  const dist = mkdtempSync(join(tmpdir(), 'jungle-fingerprint-'));
  mkdirSync(join(dist, 'www'));
  const files = {
    'index.html': '<link rel="stylesheet" href="www/page.css"><script type="module" src="./www/main.js"></script>',
    'www/page.css': 'body{background:url(icon.svg)}',
    'www/main.js': 'import{a}from"./chunk-674M5QO5.js";new Worker(new URL("./worker.js",import.meta.url));navigator.serviceWorker.register(new URL("sw.js",document.baseURI))',
    'www/chunk-674M5QO5.js': chunkText,
    'www/worker.js': 'import g from"../glue.js";',
    'glue.js': 'fetch(new URL("glue_bg.wasm",import.meta.url))',
    'glue_bg.wasm': 'wasm',
    'sw.js': 'self',
    'www/sw.js': 'self',
    'www/online.css': 'loaded by an address the code builds',
  };
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dist, path), text);
  return dist;
}

const names = (dist, dir = '') => readdirSync(join(dist, dir)).sort();

test('named files get their content hash and the files naming them follow', () => {
  const dist = writeDist('export const a=1;');
  try {
    const renamed = fingerprintDist(dist);
    assert.deepEqual([...renamed.keys()].sort(),
      ['glue.js', 'glue_bg.wasm', 'www/chunk-674M5QO5.js', 'www/main.js', 'www/page.css', 'www/worker.js']);
    const www = names(dist, 'www');
    for (const [stem, extension] of [['main', 'js'], ['chunk', 'js'], ['worker', 'js'], ['page', 'css']]) {
      assert.equal(www.filter((name) => HASHED(stem, extension).test(name)).length, 1, `${stem}.${extension}: ${www}`);
    }
    assert.ok(www.includes('sw.js') && www.includes('online.css'), 'files no path names keep their names');
    assert.ok(names(dist).includes('sw.js') && names(dist).includes('index.html'));
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    assert.match(html, /href="www\/page-[A-Z2-7]{8}\.css"/);
    assert.match(html, /src="\.\/www\/main-[A-Z2-7]{8}\.js"/);
    const main = readFileSync(join(dist, renamed.get('www/main.js')), 'utf8');
    assert.match(main, /from"\.\/chunk-[A-Z2-7]{8}\.js"/);
    assert.match(main, /new URL\("\.\/worker-[A-Z2-7]{8}\.js",import\.meta\.url\)/);
    assert.match(main, /new URL\("sw\.js",document\.baseURI\)/, 'an address resolved against the page stays');
    assert.match(readFileSync(join(dist, renamed.get('glue.js')), 'utf8'), /new URL\("glue_bg-[A-Z2-7]{8}\.wasm"/);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test('a changed chunk renames the chunk and the module naming it, not the others', () => {
  const [before, after] = ['export const a=1;', 'export const a=2;'].map((text) => {
    const dist = writeDist(text);
    try {
      return fingerprintDist(dist);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
  for (const path of ['www/chunk-674M5QO5.js', 'www/main.js']) assert.notEqual(before.get(path), after.get(path), path);
  for (const path of ['www/worker.js', 'glue.js', 'glue_bg.wasm', 'www/page.css']) assert.equal(before.get(path), after.get(path), path);
});

test('files that name each other are named together, each pointing at the other’s new name', () => {
  const chunk = (later) => `export const a=1;import("./later.js");${later}`;
  const [first, second] = ['', 'export const b=2;'].map((more) => {
    const dist = writeDist(chunk(more));
    writeFileSync(join(dist, 'www/later.js'), 'import{a}from"./chunk-674M5QO5.js";export const c=a;');
    try {
      const renamed = fingerprintDist(dist);
      const later = readFileSync(join(dist, renamed.get('www/later.js')), 'utf8');
      const shared = readFileSync(join(dist, renamed.get('www/chunk-674M5QO5.js')), 'utf8');
      assert.ok(later.includes(`from"./${renamed.get('www/chunk-674M5QO5.js').slice(4)}"`), later);
      assert.ok(shared.includes(`import("./${renamed.get('www/later.js').slice(4)}")`), shared);
      return renamed;
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
  for (const path of ['www/chunk-674M5QO5.js', 'www/later.js', 'www/main.js']) assert.notEqual(first.get(path), second.get(path), path);
  assert.equal(first.get('www/worker.js'), second.get('www/worker.js'));
});
