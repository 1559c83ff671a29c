// Rule variants: the rules screen lists every option of the engine, presets set them, the
// summary shows the rules in force, and the game (and the computer) plays by them.
const { test, expect, openGame, square, expectPly, move, snapshot } = require('./helpers');

test('the rules screen shows every option of the engine, with words for each', async ({ page }) => {
  const errors = await openGame(page);
  await expect(page.locator('#rules-summary')).toHaveText('Standard rules');
  await page.click('#open-rules');
  await expect(page.locator('#rules-dialog')).toBeVisible();
  const names = await page.evaluate(async () => {
    // The module the page loaded, by the name the build gave it (named after its content).
    const wasm = await import(document.querySelector('link[rel="modulepreload"][href*="jungle-page"]').href);
    return wasm.ruleOptions().map((o) => o.name);
  });
  expect(names).toEqual(['game', 'first', 'elephant-takes-rat', 'rat-edge-capture', 'rat-water-takes-elephant',
    'dog-swims', 'ranks', 'lion-tiger', 'lion-jumps', 'tiger-jumps', 'leopard-jumps', 'traps',
    'trapped-attacker', 'chase-rules', 'repetition', 'no-capture-limit']);
  await expect(page.locator('#rules-form .rule-row')).toHaveCount(names.length);
  for (const name of names) {
    const label = await page.locator(`label[for="rule-${name}"]`).innerText();
    expect(label.length).toBeGreaterThan(3);
    expect(label).not.toBe(name);
  }
  await expect(page.locator('#rules-preset')).toHaveValue('standard');
  await expect(page.locator('#rules-preview')).toHaveText('Standard rules');
  await snapshot(page, 'rules-screen');
  // A bad number is refused with the engine's reason.
  await page.fill('#rule-no-capture-limit', '-5');
  await expect(page.locator('#rules-error')).toContainText('no-capture-limit');
  await expect(page.locator('#rules-apply')).toBeDisabled();
  await page.fill('#rule-no-capture-limit', '0');
  await expect(page.locator('#rules-preview')).toHaveText('No move limit');
  expect(errors).toEqual([]);
});

test('presets set the rules of each source sheet', async ({ page }) => {
  await openGame(page);
  await page.click('#open-rules');
  const expected = {
    standard: 'Standard rules',
    competition: 'Anti-chasing rules',
    grenoble: 'Elephant takes rat · Dog > Wolf',
    'french-encyclopedia': 'Elephant takes rat',
    'blue-first': 'Blue moves first · Elephant takes rat · Dog > Wolf',
    'english-blog': 'No rat capture from the water',
    'print-and-play': 'Standard rules',
    'animal-checkers': 'Animal Checkers',
  };
  const ids = await page.locator('#rules-preset option').evaluateAll((options) => options.map((o) => o.value));
  expect(ids).toEqual([...Object.keys(expected), 'custom']);
  for (const [id, summary] of Object.entries(expected)) {
    await page.selectOption('#rules-preset', id);
    await expect(page.locator('#rules-preview')).toHaveText(summary);
    await expect(page.locator('#rules-preset')).toHaveValue(id); // even when two sheets agree
  }
  await page.selectOption('#rules-preset', 'grenoble');
  await expect(page.locator('#rule-elephant-takes-rat')).toHaveValue('yes');
  await expect(page.locator('#rule-ranks')).toHaveValue('dog-over-wolf');
  // Changing one option makes the rules custom.
  await page.selectOption('#rule-traps', 'universal');
  await expect(page.locator('#rules-preset')).toHaveValue('custom');
  await expect(page.locator('#rules-preview')).toHaveText('Elephant takes rat · Dog > Wolf · Universal traps');
});

test('dog-swims lets the dog enter the water; changing rules mid-game asks first', async ({ page }) => {
  const errors = await openGame(page, '?mode=local');
  await move(page, 'f2', 'f3');
  await move(page, 'a7', 'a6');
  await square(page, 'f3').click();
  await expect(square(page, 'f4')).not.toHaveAttribute('aria-label', /can move here/);
  await square(page, 'f3').click();

  await page.click('#open-rules');
  await page.selectOption('#rule-dog-swims', 'yes');
  await expect(page.locator('#rules-preview')).toHaveText('Dog swims');
  await page.click('#rules-apply');
  // A game is in progress: keeping it changes nothing.
  await expect(page.locator('#rules-confirm')).toBeVisible();
  await snapshot(page, 'rules-confirm');
  await page.click('#rules-confirm-no');
  await expectPly(page, 2);
  await expect(page.locator('#rules-summary')).toHaveText('Standard rules');
  // Confirmed: a new game under the new rules.
  await page.click('#open-rules');
  await page.selectOption('#rule-dog-swims', 'yes');
  await page.click('#rules-apply');
  await page.click('#rules-confirm-yes');
  await expectPly(page, 0);
  await expect(page.locator('#rules-summary')).toHaveText('Dog swims');
  await move(page, 'f2', 'f3');
  await move(page, 'a7', 'a6');
  await square(page, 'f3').click();
  await expect(square(page, 'f4')).toHaveAttribute('aria-label', /can move here/);
  await square(page, 'f4').click();
  await expect(square(page, 'f4')).toHaveAttribute('aria-label', 'f4, red dog in water');
  expect(errors).toEqual([]);
});

test('Blue moves first under the French sheet preset, and the computer plays it', async ({ page }) => {
  const errors = await openGame(page);
  await page.click('#open-rules');
  await page.selectOption('#rules-preset', 'blue-first');
  await page.click('#rules-apply');
  await expect(page.locator('#rules-summary')).toHaveText('Blue moves first · Elephant takes rat · Dog > Wolf');
  // You play Red: the computer (Blue) opens.
  await expectPly(page, 1);
  expect(await page.evaluate(() => window.jungle.snapshot.history[0].color)).toBe('blue');
  expect(errors).toEqual([]);
});

test('Animal Checkers has 4 animals a side, no water, and the computer plays it', async ({ page }) => {
  const errors = await openGame(page);
  await page.click('#open-rules');
  await page.selectOption('#rules-preset', 'animal-checkers');
  await page.click('#rules-apply');
  await expect(page.locator('#rules-summary')).toHaveText('Animal Checkers');
  const pieces = await page.locator('#squares button').evaluateAll((buttons) => buttons.map((b) => b.dataset.piece).filter(Boolean).sort());
  expect(pieces).toEqual(['D', 'E', 'R', 'T', 'd', 'e', 'r', 't']);
  await expect(square(page, 'b5')).toHaveAttribute('aria-label', 'b5, empty');
  await snapshot(page, 'animal-checkers');
  await move(page, 'g3', 'g4');
  await expectPly(page, 2);
  expect(errors).toEqual([]);
});

for (const lang of ['fr', 'zh-Hans', 'zh-Hant']) {
  test(`the rules screen is in ${lang}, down to every option and value`, async ({ page }) => {
    const errors = await openGame(page, `?lang=${lang}`);
    await page.click('#open-rules');
    const english = await page.evaluate(async () => {
      const wasm = await import(document.querySelector('link[rel="modulepreload"][href*="jungle-page"]').href);
      const options = wasm.ruleOptions();
      return [...options.map((o) => o.label), ...options.flatMap((o) => o.values.map((v) => v.label)),
        ...wasm.rulePresets().map((p) => p.name)];
    });
    const shown = await page.locator('#rules-dialog').evaluate((dialog) =>
      [...dialog.querySelectorAll('label, option')].map((node) => node.textContent.trim()));
    const untranslated = shown.filter((text) => english.includes(text) && text !== 'Jungle' && text !== 'Standard');
    expect(untranslated).toEqual([]);
    await page.selectOption('#rules-preset', 'blue-first');
    await expect(page.locator('#rules-preview')).not.toContainText('Blue');
    await page.fill('#rule-no-capture-limit', '100');
    await expect(page.locator('#rules-preview')).toContainText('100');
    await expect(page.locator('#rules-preview')).not.toContainText('plies');
    if (lang === 'fr') await snapshot(page, 'rules-screen-fr');
    expect(errors).toEqual([]);
  });
}
