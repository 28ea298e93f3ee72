// Cross-engine determinism: the fixed recipe (worker/recipes/determinism.ts) trained by the
// Engine check view in a Web Worker in Chromium must match, bit for bit, the same recipe
// trained in this Node process: the parameter hash, every step's loss, the sampled text and
// its probabilities; and so must its ALiBi variant (the compose organelles' attention) and its
// subword variant (byte-pair units learned from the corpus in the page, then trained). The
// view says so itself, against the references recorded from Node, and then measures this
// device's speed.
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { runDeterminismRecipe, type DeterminismResult } from '../../worker/recipes/determinism.ts';
import type { Page } from '@playwright/test';
import { cancelRun, capture, jobCard, seriousViolations, startCorpusRun, test, expect } from './fixtures.ts';

/** The page's run of one variant, read from its JSON, against the same variant trained here in Node. */
async function sameAsNode(page: Page, variant: { alibi: boolean; subword?: boolean; json: string; summary: string }): Promise<void> {
  const node = await runDeterminismRecipe(await nodeWasmModule(), { alibi: variant.alibi, subword: variant.subword ?? false });
  await page.getByText(variant.summary, { exact: true }).click();
  const browser = JSON.parse((await page.getByTestId(variant.json).textContent()) ?? '') as DeterminismResult;
  expect(browser.alibi).toBe(variant.alibi);
  expect(browser.subword).toBe(variant.subword ?? false);
  expect(browser.paramCount).toBe(node.paramCount);
  expect(browser.paramsHash).toBe(node.paramsHash);
  expect(browser.losses).toHaveLength(node.losses.length);
  // JSON keeps every double exactly, so each loss must be the same float, not a close one
  browser.losses.forEach((loss, i) => expect(loss, `loss at step ${i + 1}`).toBe(node.losses[i]));
  expect(browser.sample).toBe(node.sample);
  expect(browser.probsHash).toBe(node.probsHash);
}

// One test, not two: the footer's way in and "Run the check again" were a second test that ran
// the whole check once more only to reach the button (about 20 s, alone on the machine).
test('Chromium and Node train bit-identical weights from the same seed and recipe, with ALiBi and without, on characters and on subword units; the footer links to the engine check, which can run again', { tag: '@timed' }, async ({ page }) => {
  // the footer's link leads to it
  await page.goto('/');
  await page.getByRole('link', { name: 'Engine check' }).click();
  await expect(page).toHaveURL(/#\/engine$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Engine check' })).toBeVisible();
  await expect(page.getByTestId('has-simd')).toHaveText('Available');
  await expect(page.getByTestId('determinism-verdict')).toContainText('Bit-identical', { timeout: 60_000 });
  await sameAsNode(page, { alibi: false, json: 'determinism-json', summary: 'The run as JSON' });
  await expect(page.getByTestId('determinism-alibi-verdict')).toContainText('Bit-identical', { timeout: 60_000 });
  await expect(page.getByTestId('determinism-alibi-verdict')).toContainText('with ALiBi on');
  await sameAsNode(page, { alibi: true, json: 'determinism-alibi-json', summary: 'The ALiBi run as JSON' });
  await expect(page.getByTestId('determinism-subword-verdict')).toContainText('Bit-identical', { timeout: 60_000 });
  await expect(page.getByTestId('determinism-subword-verdict')).toContainText('64 subword units learned from its corpus');
  await sameAsNode(page, { alibi: false, subword: true, json: 'determinism-subword-json', summary: 'The subword run as JSON' });
  // the two variants are different arithmetic: their weights differ
  const [plain, alibi] = await Promise.all(['determinism-json', 'determinism-alibi-json'].map(async (id) => JSON.parse((await page.getByTestId(id).textContent())!) as DeterminismResult));
  expect(alibi.paramsHash).not.toBe(plain.paramsHash);

  // the page is cross-origin isolated (the preview server's headers), so the recipe also trains
  // on every core, sharing one model, with the same bits as Node's one thread
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  if (cores > 1) {
    await expect(page.getByTestId('determinism-threads-verdict')).toContainText('Bit-identical', { timeout: 60_000 });
    await expect(page.getByTestId('determinism-threads-verdict')).toContainText(`trained by ${cores} threads sharing one model`);
    await sameAsNode(page, { alibi: false, json: 'determinism-threads-json', summary: 'The threads run as JSON' });
    const threads = JSON.parse((await page.getByTestId('determinism-threads-json').textContent())!) as DeterminismResult;
    expect(threads.threads).toBe(cores);
  } else await expect(page.getByTestId('determinism-threads-verdict')).toContainText('One thread');

  // then the speed check: figures, not a verdict (this machine's speed is the benchmark's business)
  await expect(page.getByTestId('speed-train')).toHaveText(/^[\d,]+ tokens\/s$/, { timeout: 60_000 });
  await expect(page.getByTestId('speed-generate')).toHaveText(/^\d+\.\d+ ms$/);
  await expect(page.getByTestId('engine-status')).toHaveText('Done.', { timeout: 30_000 });
  const tokens = Number((await page.getByTestId('speed-train').textContent())!.replace(/\D/g, ''));
  expect(tokens).toBeGreaterThan(1000);
  // beside the project's own run, on the machine that ran it (tests/web/engine-figures.spec.ts
  // checks the figures against the recorded run and docs/speed.md)
  const hint = page.getByTestId('project-speed').locator('..');
  await expect(hint).toContainText("On the project's 2-core AMD EPYC in Chromium 156 (26 November 2026)");
  await expect(page.getByTestId('project-speed')).toHaveText(/^[\d,]+00 tokens\/s and 0\.\d+ ms$/);
  // one model on every core, timed in turns with one thread
  if (cores > 1) await expect(page.getByTestId('speed-threads')).toHaveText(new RegExp(`^[\\d,]+ tokens/s, \\d\\.\\d\\dx one thread$`));
  // then as many runs at once as the device has cores for, each in a worker of its own
  const sideBySide = page.getByTestId('speed-side-by-side');
  if (cores > 1) {
    await expect(sideBySide).toHaveText(/^[\d,]+ tokens\/s in all, \d+\.\d\dx one alone$/);
    const [all, ratio] = (await sideBySide.textContent())!.match(/^([\d,]+) tokens\/s in all, (\d+\.\d\d)x one alone$/)!.slice(1);
    const alone = Number((await page.getByTestId('speed-alone').textContent())!.replace(/\D/g, ''));
    expect(Number(ratio)).toBeCloseTo(Number(all.replace(/,/g, '')) / alone, 1);
  } else await expect(sideBySide).toHaveCount(0);
  console.log(`engine check in Chromium: ${await page.getByTestId('speed-train').textContent()}, ${await page.getByTestId('speed-generate').textContent()}, one model on ${cores} threads: ${await page.getByTestId('speed-threads').textContent()}, ${cores} runs at once: ${await sideBySide.textContent()}`);
  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'engine-done');

  // it can run again
  await expect(page.getByTestId('engine-status')).toHaveText('Done.', { timeout: 60_000 });
  const first = await page.getByTestId('speed-train').textContent();
  await page.getByRole('button', { name: 'Run the check again' }).click();
  await expect(page.getByTestId('engine-status')).not.toHaveText('Done.');
  await expect(page.getByTestId('engine-status')).toHaveText('Done.', { timeout: 60_000 });
  await expect(page.getByTestId('determinism-verdict')).toContainText('Bit-identical');
  await expect(page.getByTestId('determinism-alibi-verdict')).toContainText('Bit-identical');
  expect(first).toMatch(/tokens\/s$/);
  // and it offers the same proof on a whole model: a built-in one's recipe, in the Train form
  await page.getByRole('link', { name: 'train the built-in Tic-tac-toe Planner again' }).click();
  await expect(page.getByLabel('Organelle', { exact: true })).toHaveValue('tictactoe/planner');
  await expect(page).toHaveURL(/#\/train\/tictactoe\/planner\?shape=92k&block=24&steps=12000&seed=21$/);
});

test('with a training run going, the speed check says it shares the cores', { tag: '@timed' }, async ({ page }) => {
  await page.goto('/#/train');
  await startCorpusRun(page, { steps: 1_000_000, name: 'long run' });
  await expect(jobCard(page, 'long run')).toHaveAttribute('data-status', 'running');
  await page.getByRole('link', { name: 'Engine check' }).click();
  await expect(page.getByTestId('speed-shared')).toHaveText(/^1 training run is going on this device: they share its cores/);
  await expect(page.getByTestId('engine-status')).toHaveText('Done.');
  await page.getByRole('navigation').getByRole('link', { name: /^Train/ }).click(); // it names the runs going
  await cancelRun(page, 'long run');
  await page.getByRole('link', { name: 'Engine check' }).click();
  await expect(page.getByTestId('speed-shared')).toHaveCount(0);
});
