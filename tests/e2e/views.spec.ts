// Every view, empty and with content: no serious or critical accessibility violations
// (axe-core), no horizontal scrolling at 360 px, keyboard navigation with visible focus,
// and a screenshot at desktop and phone width in test-results/screenshots/ for review.
import type { Page } from '@playwright/test';
import { capture, jobCard, seriousViolations, startCorpusRun, test, expect } from './fixtures.ts';

const VIEWS = [
  { hash: '#/', name: 'home', heading: 'Tiny language models, trained in your browser' },
  { hash: '#/train', name: 'train', heading: 'Train organelles' },
  { hash: '#/library', name: 'library', heading: 'Model library' },
  { hash: '#/solve', name: 'solve', heading: 'Solve an 8-puzzle' },
  { hash: '#/play', name: 'play', heading: 'Play against the organelles' },
  { hash: '#/compose', name: 'compose', heading: 'Compose a function' },
  { hash: '#/ask/built-in%3Atictactoe-player', name: 'ask-empty', heading: 'Ask a model' },
  { hash: '#/engine', name: 'engine', heading: 'Engine check' },
  { hash: '#/r/demo-payload', name: 'shared', heading: 'Shared run' },
  { hash: '#/c/demo-payload', name: 'shared-compose', heading: 'Shared composition' },
  { hash: '#/nowhere', name: 'not-found', heading: 'Page not found' },
];

const WIDTHS = [
  { label: 'desktop', width: 1280, height: 800, scheme: 'light' },
  { label: 'phone', width: 390, height: 844, scheme: 'light' },
  { label: 'desktop-dark', width: 1280, height: 800, scheme: 'dark' },
] as const;

async function check(page: Page, view: (typeof VIEWS)[number], suffix = ''): Promise<void> {
  for (const size of WIDTHS) {
    await page.emulateMedia({ colorScheme: size.scheme });
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(`/${view.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: view.heading })).toBeVisible();
    await page.waitForTimeout(150); // let charts lay out
    expect(await seriousViolations(page), `${view.name}${suffix} at ${size.label}`).toEqual([]);
    await capture(page, `${view.name}${suffix}-${size.label}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${view.name}${suffix} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
}

// every view, a test each: with the views in one test, that test was the last to end (84 s)
for (const view of VIEWS) {
  test(`every view is accessible, fits a phone, and is captured for review: ${view.name}`, async ({ page }) => {
    await check(page, view);
  });
}

test('the home page and the Solve view quote what the built-in organelles were measured to do', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByTestId('measured-puzzle8')).toContainText(/Solved [\d,]+ of [\d,]+ random boards held out of training/);
  await expect(page.getByTestId('measured-tictactoe')).toContainText(/Against perfect play \(minimax\): drew [\d,]+ of/);
  await expect(page.getByTestId('measured-connect4')).toContainText(/Against the tactical opponent: won [\d,]+ of/);
  await page.goto('/#/solve'); // the built-in pair is chosen by default
  await expect(page.getByTestId('picker-measured')).toContainText(/^Measured with these models: Solved [\d,]+ of/);
});

test('the accessibility check itself reports a nameless button and unreadable text', async ({ page }) => {
  await page.goto('/#/');
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML('beforeend', '<button id="nameless"></button><p style="color:#eee;background:#fff">faint</p>');
  });
  const found = (await seriousViolations(page)).join('\n');
  expect(found).toContain('button-name (critical)');
  expect(found).toContain('color-contrast (serious)');
});

test('views with a training run and a model are accessible too', async ({ page }) => {
  await page.goto('/#/train');
  await startCorpusRun(page, { steps: 300, name: 'sample run' });
  await expect(jobCard(page, 'sample run')).toHaveAttribute('data-status', 'done');
  for (const view of VIEWS.slice(0, 3)) await check(page, view, '-with-model');
});

test('the navigation works from the keyboard with a visible focus ring', async ({ page }) => {
  await page.goto('/#/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Tab'); // brand
  await page.keyboard.press('Tab'); // Home
  await page.keyboard.press('Tab'); // Train
  const train = page.getByRole('link', { name: 'Train', exact: true });
  await expect(train).toBeFocused();
  const outline = await train.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/train(\/|$)/); // the view then writes its form's setup into the address
  await expect(page.getByRole('heading', { level: 1, name: 'Train organelles' })).toBeFocused();
  await expect(train).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Train · Organelle Lab');
});

test("home's own-corpus card opens the corpus form, and the navigation reaches the Ask view", async ({ page }) => {
  await page.goto('/#/');
  await page.getByRole('region', { name: 'Your own corpora' }).getByRole('link', { name: 'Train on your corpus' }).click();
  await expect(page).toHaveURL(/#\/train\/corpus(\?|$)/);
  await expect(page.getByRole('radio', { name: 'My own corpus' })).toBeChecked();
  const ask = page.getByRole('navigation').getByRole('link', { name: 'Ask', exact: true });
  await ask.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask a model' })).toBeFocused();
  await expect(ask).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true })).not.toHaveAttribute('aria-current');
  await expect(page.getByLabel('Model to ask')).not.toHaveValue(''); // the newest model of the library
});
