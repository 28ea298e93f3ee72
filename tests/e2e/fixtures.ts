// The app's end-to-end fixtures: every test fails on a console error, an uncaught page
// error, or a request that leaves the site's origin. Plus small helpers shared by specs.
import AxeBuilder from '@axe-core/playwright';
import { test as base, errors, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';

export const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ context, baseURL }, use) => {
      const problems: string[] = [];
      guard(context, baseURL!, problems);
      await use(problems);
      expect(problems, 'console errors, page errors or off-origin requests').toEqual([]);
    },
    { auto: true },
  ],
});

/** Records console errors, page errors and off-origin requests of every page in `context`. */
export function guard(context: BrowserContext, baseURL: string, problems: string[]): void {
  const origin = new URL(baseURL).origin;
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin) {
      problems.push(`request left the origin: ${request.url()}`);
    }
  });
  context.on('page', (page) => watch(page, problems));
  for (const page of context.pages()) watch(page, problems);
}

/** Serious and critical axe-core violations on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe.run() in this page. The default finishes its run in a blank page of
  // its own, which left this one in the background: hidden, it painted no frames, and the next
  // click waited forever for its element to be "stable" (twice in fresh-clone runs; the traces'
  // frames stop there, and bringToFront() did not bring them back). The site has no
  // cross-origin frames, the one thing legacy mode cannot check.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A full-page screenshot for review, as test-results/screenshots/NAME.png. Taken from the top:
 *  scrolled down, the sticky header would be drawn across the middle of the image. */
export async function capture(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const shot = { path: `test-results/screenshots/${name}.png`, fullPage: true, timeout: 20_000 };
  try {
    await page.screenshot(shot);
  } catch (err) {
    // Headless Chromium once never delivered the frame a screenshot waits for (a CI run on a
    // fresh clone, the Train view in dark mode: "fonts loaded", then nothing for 2 minutes;
    // the same test passed before and 6 times after). The image is for review, not an
    // assertion, so a hang gets one more try; a second one fails the test.
    if (!(err instanceof errors.TimeoutError)) throw err;
    await page.screenshot(shot);
  }
}

function watch(page: Page, problems: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
}

export { expect };

/** The sample corpus as a file the Train view's picker accepts. */
export const TINY_CORPUS = {
  name: 'tiny-moves.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(DETERMINISM_CORPUS),
};

/** Fills the Train view's form for a corpus run and starts it. */
export async function startCorpusRun(page: Page, o: { steps: number; name?: string; block?: number }): Promise<void> {
  await page.getByRole('radio', { name: 'My own corpus' }).check();
  await page.getByLabel('Corpus file').setInputFiles(TINY_CORPUS);
  await expect(page.getByTestId('corpus-summary')).toContainText('33 training documents');
  if (o.name) await page.getByLabel('Model name').fill(o.name);
  await page.getByLabel('Model size').selectOption('30k');
  await page.getByLabel('Block (positions)').selectOption(String(o.block ?? 64));
  await page.getByLabel('Steps').fill(String(o.steps));
  await page.getByLabel('Seed').fill('1');
  await page.getByRole('button', { name: 'Start training' }).click();
}

/**
 * How many pixels of a run's loss chart are the curve's colour: none while the chart shows
 * only its axes and grid, so a chart that never draws its line fails.
 */
export async function curvePixels(card: Locator): Promise<number> {
  return card.locator('.uplot canvas').evaluate((canvas: HTMLCanvasElement) => {
    const hex = getComputedStyle(canvas).getPropertyValue('--chart-line').trim(); // #rrggbb
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - r) < 8 && Math.abs(data[i + 1] - g) < 8 && Math.abs(data[i + 2] - b) < 8 && data[i + 3] > 200) n++;
    }
    return n;
  });
}

/** The job card of the run called `name`. */
export function jobCard(page: Page, name: string) {
  return page.locator('article.job').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * Cancels the run called `name`, confirming when the view asks first (it does once the run
 * has a checkpoint: real progress), and waits until it is cancelled.
 */
export async function cancelRun(page: Page, name: string): Promise<void> {
  const card = jobCard(page, name);
  await card.getByRole('button', { name: `Cancel ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel training “${name}”?` }).getByRole('button', { name: 'Cancel the run' });
  await confirm.waitFor({ timeout: 1000 }).then(() => confirm.click(), () => {});
  await expect(card).toHaveAttribute('data-status', 'cancelled');
}

/** [first loss, last loss] read from the loss chart's description. */
export async function lossEnds(page: Page, name: string): Promise<[number, number]> {
  const label = await jobCard(page, name).getByRole('img').getAttribute('aria-label');
  const m = /loss ([\d.]+) at step [\d,]+, ([\d.]+) at step/.exec(label ?? '');
  if (!m) throw new Error(`no loss curve yet: ${label}`);
  return [Number(m[1]), Number(m[2])];
}

/** Resolves once a service worker controls the page (TOOLCHAIN.md pitfall 9). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/**
 * Takes the network away and reloads the page, as a browser without a network loads it: requests
 * fail and navigator.onLine is false. Playwright's emulation (context.setOffline) does both for
 * the page as it is, but with Debian's Chromium 150 and Playwright 1.65.1 the reloaded document
 * reads navigator.onLine true while its requests fail (with Chromium 156 it read false). The
 * DevTools protocol's own emulation, sent to the page after the reload, sets it as the browser
 * does when the network goes: navigator.onLine false and an 'offline' event.
 */
export async function reloadOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.reload();
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}
