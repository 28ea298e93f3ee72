// Offline: after one visit the service worker has precached the app, the worker, the wasm
// and the built-in models, so with the network gone the app still loads, still trains (and
// draws the loss curve), and a built-in model still answers.
import { curvePixels, jobCard, reloadOffline, startCorpusRun, test, expect, waitForServiceWorker } from './fixtures.ts';

test('after one visit the app loads, trains and answers offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForServiceWorker(page);
  await expect(page.getByText('Works offline', { exact: true })).toBeVisible();

  await reloadOffline(page);
  await expect(page.getByRole('heading', { name: 'Tiny language models, trained in your browser' })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Train', exact: true }).click();
  await startCorpusRun(page, { steps: 50, name: 'offline run' });
  await expect(jobCard(page, 'offline run')).toHaveAttribute('data-status', 'done');
  // the chart library is a chunk of its own, loaded with the first chart: from the precache here
  await expect(jobCard(page, 'offline run').locator('.uplot canvas')).toBeVisible();
  await expect.poll(() => curvePixels(jobCard(page, 'offline run'))).toBeGreaterThan(200);

  await page.goto('/#/ask/built-in%3Atictactoe-player');
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('xx.oo....|p=w2,b5|b=');
  await prompt.press('Enter');
  await expect(page.getByTestId('ask-answer-text')).toHaveText('2');
  await context.setOffline(false);
});
