// The move list shows every move whole, within its panel, on a desktop and on a phone held
// either way: a capture goes to a line of its own rather than being cut ("Leopard g8–g7" /
// "× Leopard"), nothing is wider than the panel, and no row shows cut in half under the
// sticky header.
const { test, expect, openGame, expectPly, snapshot } = require('./helpers');

// Each side's lion, tiger, elephant and leopard face their equals: four captures with long
// names, then both dogs walk up the board's edges and back.
const FEN = '7/e1l1t1p/E1L1T1P/7/7/7/7/7/D5d w';
const MOVES = ['a7a8', 'c8c7', 'e7e8', 'g8g7',
  'a1a2', 'g1g2', 'a2a3', 'g2g3', 'a3a4', 'g3g4', 'a4a5', 'g4g5', 'a5a6', 'g5g6',
  'a6a5', 'g6g5', 'a5a4', 'g5g4', 'a4a3', 'g4g3', 'a3a2', 'g3g2', 'a2a1', 'g2g1'];

/** What sticks out: the panel's overflow, moves cut or beyond the panel, parts of a move broken over two lines. */
function overflow(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('.moves');
    const inner = panel.getBoundingClientRect();
    const style = getComputedStyle(panel);
    const right = inner.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    const cut = [...panel.querySelectorAll('.move-button, .move-part')]
      .filter((node) => node.scrollWidth > node.clientWidth + 1 || node.getBoundingClientRect().right > right + 1)
      .map((node) => node.textContent);
    const broken = [...panel.querySelectorAll('.move-part')]
      .filter((node) => node.offsetHeight > 1.6 * parseFloat(getComputedStyle(node).fontSize))
      .map((node) => node.textContent);
    return { panel: panel.scrollWidth - panel.clientWidth, cut, broken };
  });
}

for (const [shape, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }], ['phone-sideways', { width: 844, height: 390 }]]) {
  test(`${shape}: every move is shown whole, within the panel`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openGame(page, `?lang=en&mode=people&fen=${encodeURIComponent(FEN)}&moves=${MOVES.join(',')}`);
    await expectPly(page, MOVES.length);
    const capture = page.locator('#move-list .move-button[data-ply="4"]');
    await expect(capture).toHaveText('Leopard g8–g7 × Leopard');
    expect(await overflow(page)).toEqual({ panel: 0, cut: [], broken: [] });
    await page.locator('.moves').scrollIntoViewIfNeeded();
    await snapshot(page, `move-list-${shape}`);
    // In French, with longer names, too.
    await page.click('#settings-toggle');
    await page.selectOption('#language', 'fr');
    await page.click('#settings-toggle');
    await expect(capture).toHaveText('Léopard g8–g7 × Léopard');
    expect(await overflow(page)).toEqual({ panel: 0, cut: [], broken: [] });
  });
}

/** Where the rows stand against the list's sticky header: any cut by it, and whether the move shown is in sight. */
function rowsUnderHeader(page) {
  return page.evaluate(() => {
    const list = document.querySelector('.moves');
    const box = list.getBoundingClientRect();
    const head = list.querySelector('thead th').getBoundingClientRect();
    const cut = [...list.querySelectorAll('tbody tr')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top < head.bottom - 0.5 && r.bottom > head.bottom + 0.5;
    }).map((row) => row.textContent);
    const current = list.querySelector('[aria-current]').getBoundingClientRect();
    const bottom = box.top + list.clientTop + list.clientHeight;
    return { scrolled: list.scrollTop > 0, cut, shown: current.top >= head.bottom - 0.5 && current.bottom <= bottom + 0.5 };
  });
}

test('no row shows cut in half under the sticky header, at the last move or one looked at', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await openGame(page, `?lang=en&mode=people&fen=${encodeURIComponent(FEN)}&moves=${MOVES.join(',')}`);
  await expectPly(page, MOVES.length);
  expect(await rowsUnderHeader(page)).toEqual({ scrolled: true, cut: [], shown: true });
  // The window as it is (a full-page picture would make it taller, and the list with it).
  await page.screenshot({ path: 'test-results/screens/move-list-scrolled.png' });
  // A move looked at in a review is brought to the middle, a whole row under the header.
  for (const ply of [9, 3, 20]) {
    await page.locator(`#move-list .move-button[data-ply="${ply}"]`).click();
    await expect(page.locator('#review')).toHaveAttribute('data-ply', String(ply));
    const seen = await rowsUnderHeader(page);
    expect(seen.cut, `move ${ply}`).toEqual([]);
    expect(seen.shown, `move ${ply}`).toBe(true);
  }
  await page.click('#review-close');
  expect(await rowsUnderHeader(page)).toEqual({ scrolled: true, cut: [], shown: true });
});
