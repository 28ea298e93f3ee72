// Cross-engine determinism: the fixed recipe (worker/recipes/determinism.ts) trained in a
// Web Worker in Chromium must match, bit for bit, the same recipe trained in this Node
// process: the parameter hash, every step's loss, the sampled text and its probabilities.
import { expect, test } from '@playwright/test';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { runDeterminismRecipe, type DeterminismResult } from '../../worker/recipes/determinism.ts';

test('Chromium and Node train bit-identical weights from the same seed and recipe', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));

  const node = await runDeterminismRecipe(await nodeWasmModule());

  await page.goto('/engine-check.html');
  await expect(page.locator('body')).toHaveAttribute('data-status', /^(done|error)$/);
  expect(await page.locator('#status').textContent()).not.toMatch(/^Error/);
  await expect(page.locator('body')).toHaveAttribute('data-status', 'done');
  const browser = JSON.parse((await page.locator('#result').textContent()) ?? '') as DeterminismResult;

  expect(browser.paramCount).toBe(node.paramCount);
  expect(browser.paramsHash).toBe(node.paramsHash);
  expect(browser.losses).toHaveLength(node.losses.length);
  // JSON keeps every double exactly, so each loss must be the same float, not a close one
  browser.losses.forEach((loss, i) => expect(loss, `loss at step ${i + 1}`).toBe(node.losses[i]));
  expect(browser.sample).toBe(node.sample);
  expect(browser.probsHash).toBe(node.probsHash);
  expect(consoleErrors).toEqual([]);
});
