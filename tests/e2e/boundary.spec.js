// Calls across the WebAssembly boundary for one move (a player's move and the computer's
// answer). An init script wraps the exports of every WebAssembly instance the page creates, so
// that each call from JavaScript into wasm is counted, whatever the page's code or bundling;
// the AI worker's requests are counted as they are posted. The figures are printed, and the
// test fails if a move costs more than the page's design allows.
const { test, expect, openGame, square, expectPly } = require('./helpers');

/** Runs in the page before its scripts: counts wasm export calls and AI worker requests. */
function countCalls() {
  const calls = { total: 0, api: 0, byName: {}, requests: 0, movesSent: 0 };
  window.wasmCalls = calls;
  const wrap = (result) => {
    const real = result.instance.exports;
    const exports = {};
    for (const [name, value] of Object.entries(real)) {
      exports[name] = typeof value !== 'function' ? value : (...args) => {
        calls.total++;
        // Exports starting with `__` are wasm-bindgen's plumbing (memory, strings, tables).
        if (!name.startsWith('__')) {
          calls.api++;
          calls.byName[name] = (calls.byName[name] ?? 0) + 1;
        }
        return value(...args);
      };
    }
    return { module: result.module, instance: { exports } };
  };
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (...args) => wrap(await streaming(...args));
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    return result instanceof WebAssembly.Instance ? result : wrap(result);
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.type === 'think') {
      calls.requests++;
      calls.movesSent += message.request.moves?.length ?? 0;
    }
    return post.call(this, message, ...rest);
  };
}

/** The counts so far, then zeroed. */
function take(page) {
  return page.evaluate(() => {
    const now = structuredClone(window.wasmCalls);
    Object.assign(window.wasmCalls, { total: 0, api: 0, byName: {}, requests: 0, movesSent: 0 });
    return now;
  });
}

/** Plays `from`–`to` and waits for the computer's answer to be on the board and saved. */
async function moveAndAnswer(page, from, to, ply) {
  await square(page, from).click();
  await square(page, to).click();
  await expectPly(page, ply);
  await expect(page.locator('#move-now')).toBeHidden();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('jungle.saved'))?.moves.length))
    .toBe(ply);
}

test('a move and the computer’s answer cross the wasm boundary a few times only', async ({ page }, info) => {
  await page.addInitScript(countCalls);
  await openGame(page, '?level=1');
  await take(page);
  const moves = [['g3', 'g4'], ['a3', 'a4'], ['g4', 'g5']];
  const figures = [];
  for (const [i, [from, to]] of moves.entries()) {
    await moveAndAnswer(page, from, to, 2 * (i + 1));
    figures.push(await take(page));
  }
  const line = figures.map((f, i) => `move ${i + 1}: ${f.api} API calls (${f.total} with plumbing), `
    + `${f.requests} AI request(s) carrying ${f.movesSent} move(s) [${Object.entries(f.byName).map(([n, c]) => `${n}×${c}`).join(' ')}]`);
  info.annotations.push({ type: 'calls per move', description: line.join('\n') });
  console.log(line.join('\n'));
  for (const f of figures) {
    // The player's move and the computer's: one engine call each, one request to the AI.
    expect(f.api).toBeLessThanOrEqual(2);
    expect(f.requests).toBe(1);
  }
  // The worker already has the game: it is sent the moves since its last request only.
  expect(figures.at(-1).movesSent).toBeLessThanOrEqual(2);
});
