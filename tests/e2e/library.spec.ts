// The model library in the browser: a corrupt, truncated or foreign file is refused with
// the engine's message naming the failed check and the library stays as it was; an
// exported model deleted and imported again is listed again. The built-in models (listed
// after the visitor's own) are left out of the counts.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { capture, jobCard, seriousViolations, startCorpusRun, test, expect } from './fixtures.ts';

test('import refuses broken files, keeps the library, and accepts an exported model', async ({ page }) => {
  await page.goto('/#/train');
  await startCorpusRun(page, { steps: 60, name: 'keeper' });
  await expect(jobCard(page, 'keeper')).toHaveAttribute('data-status', 'done');

  await page.getByRole('link', { name: 'Library', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Model library', level: 1 })).toBeFocused();
  const models = page.locator('article.model:not([data-origin="built-in"])');
  await expect(models).toHaveCount(1);
  await expect(page.getByTestId('persistence')).toBeVisible();
  await expect(models.first().getByRole('link', { name: /with it/ })).toHaveCount(0); // a corpus model runs in no game

  const download = page.waitForEvent('download');
  await models.first().getByRole('button', { name: 'Export keeper' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('keeper.organelle');
  const good = await readFile(await saved.path());

  const notice = page.getByTestId('library-notice');
  const picker = page.getByLabel('Model file (.organelle)');
  const flipped = Buffer.from(good);
  flipped[flipped.length - 9] ^= 0x5a;
  const broken = [
    { name: 'flipped.organelle', buffer: flipped, check: 'checksum', says: 'Model file is corrupted: checksum mismatch' },
    { name: 'cut.organelle', buffer: good.subarray(0, good.length - 1000), check: 'truncated', says: 'Model file is truncated' },
    { name: 'icon.organelle', buffer: await readFile('public/icons/icon-192.png'), check: 'magic', says: 'Not an .organelle model file' },
  ];
  for (const file of broken) {
    await picker.setInputFiles({ name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer });
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText(`“${file.name}” was not imported. ${file.says}`);
    await expect(notice).toContainText(`Failed check: ${file.check}. Your library is unchanged.`);
    await expect(models).toHaveCount(1);
  }

  await models.first().getByRole('button', { name: 'Delete keeper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “keeper”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete model' }).click();
  await expect(dialog).toBeHidden();
  await expect(models).toHaveCount(0);
  await expect(notice).toContainText('Deleted “keeper”.');

  await picker.setInputFiles({ name: 'keeper.organelle', mimeType: 'application/octet-stream', buffer: good });
  await expect(notice).toContainText('Imported “keeper”.');
  await expect(models).toHaveCount(1);
  await expect(models.first()).toHaveAttribute('data-origin', 'imported');

  // renamed, in its file too: an export carries the new name (and Cancel changes nothing)
  const rename = page.getByRole('dialog', { name: 'Rename “keeper”' });
  await models.first().getByRole('button', { name: 'Rename keeper' }).click();
  await rename.getByLabel('New name').fill('not this');
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toBeHidden();
  await expect(models.first().getByRole('heading', { name: 'keeper' })).toBeVisible();
  await models.first().getByRole('button', { name: 'Rename keeper' }).click();
  const field = rename.getByLabel('New name');
  await expect(field).toHaveValue('keeper');
  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'library-rename');
  await field.fill('   ');
  await expect(rename.getByRole('button', { name: 'Rename' })).toHaveAttribute('aria-disabled', 'true');
  await field.press('Enter');
  await expect(rename).toContainText('Give the model a name.'); // an empty name is not taken
  await expect(rename).toBeVisible();
  await field.fill('keeper, renamed');
  await field.press('Enter');
  await expect(rename).toBeHidden();
  await expect(notice).toContainText('Renamed “keeper” to “keeper, renamed”.');
  const renamedDownload = page.waitForEvent('download');
  await models.first().getByRole('button', { name: 'Export keeper, renamed' }).click();
  const renamedFile = await renamedDownload;
  expect(renamedFile.suggestedFilename()).toBe('keeper-renamed.organelle');
  const renamedBytes = await readFile(await renamedFile.path());
  expect(renamedBytes.includes(Buffer.from('"keeper, renamed"'))).toBe(true);
  expect(renamedBytes.includes(Buffer.from('"keeper"'))).toBe(false);

  // the library lives in IndexedDB: it is all still there after a reload
  await page.reload();
  await expect(models).toHaveCount(1);
  await expect(models.first().getByRole('heading', { name: 'keeper, renamed' })).toBeVisible();
});

test('a game model goes from its library card to work in its game, chosen for its role, in this tab or a new one', async ({ page, context }) => {
  await page.goto('/#/play');
  await expect(page.getByRole('radio', { name: 'Tic-tac-toe' })).toBeChecked();
  await expect(page).toHaveURL(/#\/play\/tictactoe\?you=first$/); // the view writes its setup into the address
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  const playWithIt = page.getByRole('link', { name: 'Play with it Connect-4 Player' });
  await playWithIt.click();
  await expect(page).toHaveURL(/#\/play\/connect4\?player=built-in%3Aconnect4-player&you=first$/);
  await expect(page.getByRole('radio', { name: 'Connect four' })).toBeChecked();
  await expect(page.getByLabel('Player', { exact: true })).toHaveValue('built-in:connect4-player');
  // a reload keeps the game
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Connect four' })).toBeChecked();
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByRole('link', { name: 'Solve with it 8-puzzle Mover' }).click();
  await expect(page).toHaveURL(/#\/solve\?mover=built-in%3Apuzzle8-mover$/);
  await expect(page.getByLabel('Mover', { exact: true })).toHaveValue('built-in:puzzle8-mover');
  // "open in a new tab" works as well: the link itself says what to choose
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  const tab = await context.newPage();
  await tab.goto(new URL((await playWithIt.getAttribute('href'))!, page.url()).href);
  await expect(tab.getByRole('radio', { name: 'Connect four' })).toBeChecked();
  await expect(tab.getByLabel('Player', { exact: true })).toHaveValue('built-in:connect4-player');
  await tab.close();
  // the home page's links open each game's view with the game chosen
  await page.goto('/#/');
  await page.getByRole('link', { name: 'Play connect four' }).click();
  await expect(page.getByRole('radio', { name: 'Connect four' })).toBeChecked();
  await page.goto('/#/');
  await page.getByRole('link', { name: 'Play tic-tac-toe' }).click();
  await expect(page.getByRole('radio', { name: 'Tic-tac-toe' })).toBeChecked();
});

test("a game model's Train address trains it again, and the library says the two have the same weights", async ({ page }) => {
  // the address sets the form, whole, once the recipes are known
  await page.goto('/#/train/tictactoe/planner?steps=60&seed=5');
  await expect(page.getByLabel('Organelle', { exact: true })).toHaveValue('tictactoe/planner');
  await expect(page.getByLabel('Steps')).toHaveValue('60');
  await expect(page.getByLabel('Seed')).toHaveValue('5');
  await expect(page.getByLabel('Block (positions)')).toHaveValue('24'); // the recipe's own
  await expect(page).toHaveURL(/#\/train\/tictactoe\/planner\?shape=92k&block=24&steps=60&seed=5$/);
  await page.getByRole('button', { name: 'Start training' }).click();
  await expect(jobCard(page, 'tictactoe/planner')).toHaveAttribute('data-status', 'done');
  await expect(jobCard(page, 'tictactoe/planner').getByRole('link', { name: 'Saved to the library' })).toBeVisible();
  await expect(page.getByTestId('model-twins')).toHaveCount(0); // nothing else has its weights yet
  await page.getByRole('button', { name: 'Clear finished' }).click();

  // its library card links back to those very settings
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByRole('link', { name: 'Train again tictactoe/planner' }).click();
  await expect(page).toHaveURL(/#\/train\/tictactoe\/planner\?shape=92k&block=24&steps=60&seed=5$/);
  await expect(page.getByLabel('Steps')).toHaveValue('60');
  await page.getByRole('button', { name: 'Start training' }).click();
  await expect(jobCard(page, 'tictactoe/planner')).toHaveAttribute('data-status', 'done');
  // the run's own card says so as soon as it is saved
  await expect(jobCard(page, 'tictactoe/planner').getByTestId('model-twins')).toHaveText('Same weights as “tictactoe/planner”, bit for bit.');
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('model-twins')).toHaveText(Array(2).fill('Same weights as “tictactoe/planner”, bit for bit.'));
  // a built-in model's card offers its recipe's run; it has no twin here
  await expect(page.getByRole('link', { name: 'Train again Connect-4 Planner' })).toHaveAttribute(
    'href', '#/train/connect4/planner?shape=64k&block=32&steps=80000&seed=31',
  );

  // an address the form cannot take whole says which parts it left as they were
  await page.goto('/#/train/chess/king?shape=1m&steps=lots&seed=8');
  await expect(page.getByTestId('train-address-problems')).toHaveText(
    'The address asked for settings the form could not take: no game organelle has the recipe “chess/king”; “1m” is not a model size the form offers; “lots” is not a number of steps from 1 to 1,000,000. Those are left as they were.',
  );
  await expect(page.getByLabel('Seed')).toHaveValue('8');
  await page.getByLabel('Steps').fill('100');
  await expect(page.getByTestId('train-address-problems')).toHaveCount(0);
  // the navigation's bare #/train leaves the form as it was, and the address says so: from
  // another view, and from the Train view itself
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Train', exact: true }).click();
  await expect(page).toHaveURL(/#\/train\/tictactoe\/planner\?shape=92k&block=24&steps=100&seed=8$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Train', exact: true }).click();
  await expect(page.getByLabel('Steps')).toHaveValue('100');
  await expect(page).toHaveURL(/#\/train\/tictactoe\/planner\?shape=92k&block=24&steps=100&seed=8$/);
});

test('the library cards of a row are one height, their actions along the foot', async ({ page }) => {
  // the built-in models are the shipped files the manifest lists (a listed file not there is left out)
  const manifest = JSON.parse(await readFile('public/models/index.json', 'utf8')) as { models: { file: string }[] };
  const builtIn = manifest.models.filter((m) => existsSync(`public/models/${m.file}`)).length;
  await page.goto('/#/train');
  await startCorpusRun(page, { steps: 300, name: 'tall card' }); // its losses and answer rates make it the tallest
  await expect(jobCard(page, 'tall card')).toHaveAttribute('data-status', 'done');
  for (const size of [{ label: 'desktop', width: 1280, height: 800 }, { label: 'phone', width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.goto('/#/library');
    await expect(page.locator('article.model')).toHaveCount(builtIn + 1);
    // each card's parts follow one another (no gap wider than the card's own 0.6 rem) down to
    // its actions, which end at its padding: a shorter card's spare room is above its actions
    const cards = await page.locator('article.model').evaluateAll((articles) =>
      articles.map((card) => {
        const box = card.getBoundingClientRect();
        const parts = [...card.children].map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
        const gaps = parts.slice(1, -1).map((r, i) => r.top - parts[i]!.bottom);
        const style = getComputedStyle(card);
        const foot = box.bottom - parts.at(-1)!.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
        return {
          name: card.querySelector('h3')!.textContent, top: Math.round(box.top), left: Math.round(box.left), height: Math.round(box.height),
          widestGap: Math.max(0, ...gaps), foot, actionsLast: card.lastElementChild!.classList.contains('actions'),
        };
      }),
    );
    for (const c of cards) {
      expect(c.widestGap, `${c.name} at ${size.label}: ${JSON.stringify(c)}`).toBeLessThanOrEqual(12);
      expect(Math.abs(c.foot), `${c.name} at ${size.label}: ${JSON.stringify(c)}`).toBeLessThanOrEqual(1);
      expect(c.actionsLast, `${c.name}: its actions come last`).toBe(true);
    }
    // one height per row
    const rows = new Map<number, typeof cards>();
    for (const c of cards) rows.set(c.top, [...(rows.get(c.top) ?? []), c]);
    for (const [top, row] of rows) {
      expect(new Set(row.map((c) => c.height)).size, `the row at ${top} px at ${size.label}: ${JSON.stringify(row)}`).toBe(1);
    }
    if (size.label === 'desktop') expect(rows.size).toBeLessThan(cards.length); // several cards a row there
    // row by row, left to right on screen: the order a keyboard and a screen reader take them in
    const onScreen = [...cards].sort((a, b) => a.top - b.top || a.left - b.left);
    expect(onScreen.map((c) => c.name)).toEqual(cards.map((c) => c.name));
    expect(await seriousViolations(page)).toEqual([]);
    await capture(page, `library-cards-${size.label}`);
  }
});
