// The Solve view and share links in real Chromium, with the built-in 8-puzzle models:
// bad boards are explained; a solve animates move by move to the goal with the Mover's moves
// in the log; its share link replays the same moves in a fresh browser (no IndexedDB, no
// models loaded), still offline once the service worker has the app, and solves again from
// there; a tampered link says what is wrong; an address names a board to solve, and a reload
// shows the same solve. Plus axe checks and screenshots with content.
import type { Page } from '@playwright/test';
import { capture, expect, guard, seriousViolations, test, waitForServiceWorker } from './fixtures.ts';

const BOARD = '102563478'; // an evaluation board, 7 moves from the goal
const GOAL = '123456780';

const stageBoard = (page: Page) => page.getByTestId('replay').getByRole('img', { name: /^Board at/ });
const eventLog = (page: Page) => page.getByRole('region', { name: 'Event log entries' });

/** Solves BOARD from the evaluation picker and waits for the recorded run to appear. */
async function solveEvaluationBoard(page: Page): Promise<void> {
  await page.goto('/#/solve');
  await expect(page.getByRole('heading', { level: 1, name: 'Solve an 8-puzzle' })).toBeVisible();
  await expect(page.getByLabel('Planner', { exact: true })).toHaveValue('built-in:puzzle8-planner');
  await expect(page.getByLabel('Mover', { exact: true })).toHaveValue('built-in:puzzle8-mover');
  await page.getByRole('button', { name: `7 moves ${BOARD}` }).click();
  await expect(page.getByLabel('Start board')).toHaveValue(BOARD);
  await expect(page.getByTestId('board-optimal')).toHaveText('The shortest solution takes 7 moves.');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByTestId('replay')).toBeVisible();
}

test('a solve animates to the goal, and its link replays the same moves elsewhere, offline too', async ({ page, context, browser, baseURL, problems }) => {
  await test.step('bad boards are explained, not solved', async () => {
    await page.goto('/#/solve');
    const field = page.getByLabel('Start board');
    const error = page.getByTestId('board-error');
    await field.fill('213456780');
    await expect(error).toHaveAttribute('data-reason', 'unsolvable');
    await expect(error).toContainText('is unsolvable: it has an odd number of inversions');
    await expect(page.getByText('Swap any two tiles (not the blank)')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('1234567x0');
    await expect(error).toContainText('Board "1234567x0" has "x" as its 8th character; use only the digits 0-8.');
    await field.fill('1123');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect(error).toContainText('Board "1123" has 4 digits, not 9.');
    await expect(page.getByTestId('replay')).toHaveCount(0);
  });

  let moves = '';
  let url = '';
  let fingerprint = '';
  await test.step('the built-in models solve an evaluation board, shown move by move', async () => {
    await solveEvaluationBoard(page);
    // it plays from the start at 1x (700 ms a move: on a busy machine the first look may come after
    // a move or two, so the start board itself is checked below, back at the start), then faster
    await expect(page.getByLabel('Speed')).toHaveValue('1');
    await expect(page.getByTestId('playback-status')).toHaveText(/^(Start · \d+ moves recorded|Move [12] of \d+)/);
    await page.getByLabel('Speed').selectOption('4');
    await expect(stageBoard(page)).toHaveAttribute('data-board', GOAL);
    await expect(page.getByTestId('outcome')).toHaveText('Solved');
    moves = (await page.getByTestId('moves').textContent())!;
    expect(moves).toMatch(/^[udlr]{7,}$/); // at least the optimal 7
    const n = moves.length;
    await expect(page.getByTestId('playback-status')).toContainText(`Move ${n} of ${n}`);
    await expect(eventLog(page)).toContainText('Move 1: blank');
    await expect(eventLog(page)).toContainText('chosen by the Mover');
    await expect(eventLog(page)).toContainText(`Solved in ${n} moves`);
    await expect(page.getByTestId('model-share')).toContainText(`of ${n}`);
    fingerprint = (await page.getByTestId('fingerprint').textContent())!;
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);

    // stepping back shows the board and the kanban of an earlier move
    await page.getByRole('button', { name: 'Back to the start' }).click();
    await expect(stageBoard(page)).toHaveAttribute('data-board', BOARD);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(page.getByTestId('playback-status')).toContainText(`Move 1 of ${moves.length}`);
    await expect(page.getByTestId('mover-prompt')).toHaveText(new RegExp(`^${BOARD}\\|plan=[udlr]*\\|blocked=\\|last=$`));
    await expect(page.getByTestId('calls-legend')).toContainText('nine tiles row by row with 0 the blank');
    await expect(page.getByTestId('kanban-string')).toHaveText(/^todo=[a-z,]*\|doing=(up|down|left|right)\|done=\|blocked=\|last=\|stalls=0\|replans=0$/);

    // from the keyboard, a control that has just reached its end keeps the focus
    const toEnd = page.getByRole('button', { name: 'Skip to the end' });
    await toEnd.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('playback-status')).toContainText(`Move ${moves.length} of ${moves.length}`);
    await expect(toEnd).toBeFocused();
    await page.keyboard.press('Enter'); // already at the end: nothing happens
    await expect(page.getByTestId('playback-status')).toContainText(`Move ${moves.length} of ${moves.length}`);
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Step forward' })).toBeFocused();
    const toStart = page.getByRole('button', { name: 'Back to the start' });
    await toStart.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('playback-status')).toContainText('Start');
    await expect(toStart).toBeFocused();
  });

  await test.step('the share link is shown, measured and copied', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    url = (await page.getByTestId('share-url').textContent())!;
    expect(url).toMatch(/#\/r\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('share-length')).toHaveText(`${url.length} characters`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  const fresh = await browser.newContext({ baseURL });
  guard(fresh, baseURL!, problems);
  const viewer = await fresh.newPage();
  await test.step('a fresh browser replays the link with the same moves', async () => {
    await viewer.goto(url);
    await expect(viewer.getByRole('heading', { level: 1, name: 'Shared run' })).toBeVisible();
    await expect(viewer.getByTestId('shared-start')).toHaveText(BOARD);
    await expect(viewer.getByTestId('shared-fingerprint')).toHaveText(fingerprint);
    await expect(viewer.getByTestId('shared-plans')).toHaveText('by the Planner');
    await expect(viewer.getByTestId('moves')).toHaveText(moves);
    await viewer.getByRole('button', { name: 'Skip to the end' }).click();
    await expect(stageBoard(viewer)).toHaveAttribute('data-board', GOAL);
    await expect(viewer.getByTestId('model-match')).toContainText('Same models');
    // the same models are in this library, so the run's prompts can be asked of them again
    const plannerPrompt = (await viewer.getByTestId('planner-prompt').textContent())!.trim();
    await expect(viewer.getByRole('link', { name: 'Ask it yourself: this prompt, to the Planner' })).toHaveAttribute(
      'href',
      `#/ask/built-in%3Apuzzle8-planner/${encodeURIComponent(plannerPrompt)}`,
    );
    expect(await viewer.evaluate(() => indexedDB.databases().then((dbs) => dbs.map((d) => d.name)))).not.toContain('organelle-lab-jobs');
  });

  await test.step('offline, the link still opens and replays, and solving again works', async () => {
    await waitForServiceWorker(viewer);
    await fresh.setOffline(true);
    await viewer.reload();
    await expect(viewer.getByRole('heading', { level: 1, name: 'Shared run' })).toBeVisible();
    await expect(viewer.getByTestId('moves')).toHaveText(moves);
    await expect(viewer.getByTestId('outcome')).toHaveText('Solved');
    await viewer.getByRole('button', { name: 'Skip to the end' }).click();
    await expect(stageBoard(viewer)).toHaveAttribute('data-board', GOAL);

    await viewer.getByRole('link', { name: 'Solve it again with these models' }).click();
    // the link asks for the same plans (plans=planner); the view then writes its setup back
    await expect(viewer).toHaveURL(new RegExp(`#/solve/${BOARD}\\?planner=built-in%3Apuzzle8-planner&mover=built-in%3Apuzzle8-mover$`));
    await expect(viewer.getByLabel('Start board')).toHaveValue(BOARD);
    await expect(viewer.getByTestId('moves')).toHaveText(moves);
    await expect(viewer.getByTestId('fingerprint')).toHaveText(fingerprint);
    await fresh.setOffline(false);
  });
  await fresh.close();
});

test('a malformed, truncated or tampered link is explained and nothing in it becomes markup', async ({ page }) => {
  await solveEvaluationBoard(page);
  const url = (await page.getByTestId('share-url').textContent())!;
  const payload = url.slice(url.indexOf('#/r/') + 4);
  const i = Math.floor(payload.length / 2);
  const tampered = payload.slice(0, i) + (payload[i] === 'A' ? 'B' : 'A') + payload.slice(i + 1);
  const cases = [
    { payload: tampered, says: 'The link is damaged or was edited: its checksum does not match.' },
    { payload: payload.slice(0, 12), says: 'The link is too short: it was probably cut off.' },
    { payload: payload.slice(0, -4), says: 'The link is damaged or was edited: its checksum does not match.' },
    { payload: '<img src=x onerror=alert(1)>', says: 'The link looks incomplete or changed: it has “<”, which no share link has; copy the whole link again' },
  ];
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  for (const c of cases) {
    await page.goto(`/#/r/${c.payload}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Shared run' })).toBeVisible();
    const error = page.getByTestId('share-error');
    await expect(error.getByRole('heading', { name: 'This link cannot be replayed' })).toBeVisible();
    await expect(error.getByRole('alert')).toContainText(c.says);
    await expect(page.getByTestId('replay')).toHaveCount(0);
  }
  await expect(page.locator('main img')).toHaveCount(0);
  expect(dialogs).toBe(0);
  await page.getByRole('link', { name: 'Solve a board' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solve an 8-puzzle' })).toBeVisible();
});

const SIZES = [
  { label: 'desktop', width: 1280, height: 800, scheme: 'light' },
  { label: 'phone', width: 390, height: 844, scheme: 'light' },
  { label: 'desktop-dark', width: 1280, height: 800, scheme: 'dark' },
] as const;

/** Pauses on move 3 so the kanban, the prompts and the log all have content. */
async function showMove3(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back to the start' }).click();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByTestId('playback-status')).toContainText(/^Move 3 of \d+/);
  await page.waitForTimeout(400); // let the slide finish
}

test('the Solve and shared views with a run are accessible and captured for review', async ({ page }) => {
  await solveEvaluationBoard(page);
  const url = (await page.getByTestId('share-url').textContent())!;
  for (const size of SIZES) {
    await page.emulateMedia({ colorScheme: size.scheme });
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const view of [{ name: 'solve', go: '/#/solve' }, { name: 'shared', go: url }]) {
      await page.goto(view.go);
      if (view.name === 'solve') await expect(page.getByTestId('replay')).toBeVisible();
      await showMove3(page);
      expect(await seriousViolations(page), `${view.name} with a run at ${size.label}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${view.name} scrolls sideways at ${size.label}`).toBeLessThanOrEqual(0);
      await capture(page, `${view.name}-run-${size.label}`);
    }
  }
});

test("a solve ends on the finished kanban, and the Planner's empty answer near the goal reads as no plan", async ({ page }) => {
  await page.goto('/#/solve/806547231'); // solved on arrival, in 33 moves
  await expect(page.getByTestId('replay')).toBeVisible();
  await page.getByRole('button', { name: 'Skip to the end' }).click();
  await expect(page.getByTestId('outcome')).toHaveText('Solved');
  await expect(page.getByTestId('playback-status')).toContainText('Move 33 of 33');
  // nothing left doing, every move done
  await expect(page.getByTestId('replay')).toContainText('As the run ended, after move 33: solved, every move done.');
  await expect(page.getByTestId('kanban-string')).toHaveText(/^todo=\|doing=\|done=[a-z]+(,[a-z]+){32}\|blocked=\|last=[a-z,]+\|stalls=0\|replans=\d+$/);
  // two moves from the goal the Planner wrote no moves: no refusal in red, and the heuristic planned
  await expect(eventLog(page).locator('[data-kind="plan-rejected"]')).toHaveCount(0);
  await expect(eventLog(page).locator('[data-kind="plan-empty"]')).toHaveText([/No plan: wrote no moves\s*$/, /No plan: wrote no moves again \(attempt 2\)\s*$/]);
  await expect(eventLog(page)).toContainText('Heuristic plan: right, down (the Planner wrote none)');
  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'solve-806547231-end-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(page, 'solve-806547231-end-phone');
});

test('without the Planner the Mover works on heuristic plans, and on this board it does not get there', async ({ page }) => {
  await page.goto('/#/solve');
  await page.getByLabel('Start board').fill('847265310'); // 30 moves from the goal
  const usePlanner = page.getByRole('checkbox', { name: 'Use the Planner' });
  await expect(usePlanner).toBeChecked();
  await usePlanner.uncheck();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Your solve of 847265310 without the Planner/ })).toBeVisible();
  await page.getByRole('button', { name: 'Skip to the end' }).click();
  await expect(page.getByTestId('outcome')).toHaveText('Not solved');
  await expect(eventLog(page)).toContainText('Heuristic plan');
  await expect(eventLog(page).locator('[data-kind="plan"]')).toHaveCount(0); // the Planner wrote no plan
  await expect(page.getByTestId('replay')).toContainText('The Planner was not asked (heuristic plans only).');
  await expect(page.getByRole('link', { name: 'Ask it yourself: this prompt, to the Planner' })).toHaveCount(0);
  // its link says so too
  const link = (await page.getByTestId('share-url').textContent())!.trim();
  await page.goto(link);
  await expect(page.getByTestId('shared-plans')).toHaveText('heuristic: the Planner was switched off');
  await page.getByRole('button', { name: 'Skip to the end' }).click();
  await expect(page.getByTestId('outcome')).toHaveText('Not solved');
  await page.goto('/#/solve');
  await expect(page.getByRole('heading', { level: 2, name: /without the Planner/ })).toBeVisible(); // the run is kept

  // the same board with the Planner back: solved
  await usePlanner.check();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your solve of 847265310' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip to the end' }).click();
  await expect(page.getByTestId('outcome')).toHaveText('Solved');
  await expect(eventLog(page).locator('[data-kind="plan"]').first()).toBeVisible();
});

test('an address solves its board on arrival, a reload shows the same solve, and a bad one is explained', async ({ page, context }) => {
  await page.goto(`/#/solve/${BOARD}?mover=built-in%3Apuzzle8-mover`);
  await expect(page.getByRole('heading', { level: 2, name: `Your solve of ${BOARD}` })).toBeVisible();
  await expect(page.getByLabel('Start board')).toHaveValue(BOARD);
  await page.getByRole('button', { name: 'Skip to the end' }).click();
  await expect(page.getByTestId('outcome')).toHaveText('Solved');
  const moves = (await page.getByTestId('moves').textContent())!;

  // the setup goes back into the address as it changes, without a history entry each time
  await page.getByRole('checkbox', { name: 'Use the Planner' }).uncheck();
  await expect(page).toHaveURL(new RegExp(`#/solve/${BOARD}\\?mover=built-in%3Apuzzle8-mover&plans=heuristic$`));
  await page.getByRole('checkbox', { name: 'Use the Planner' }).check();
  await expect(page).toHaveURL(new RegExp(`#/solve/${BOARD}\\?mover=built-in%3Apuzzle8-mover$`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: `Your solve of ${BOARD}` })).toBeVisible();
  await expect(page.getByTestId('moves')).toHaveText(moves);

  // the same address in a new tab: the same solve
  const tab = await context.newPage();
  await tab.goto(page.url());
  await expect(tab.getByTestId('moves')).toHaveText(moves);
  await tab.close();

  // a board the rules refuse is put in the field with what is wrong, and nothing is solved
  await page.goto('/#/solve/213456780');
  await expect(page.getByTestId('board-error')).toHaveAttribute('data-reason', 'unsolvable');
  await expect(page.getByLabel('Start board')).toHaveValue('213456780');
  await expect(page.getByRole('heading', { level: 2, name: `Your solve of ${BOARD}` })).toBeVisible(); // the last solve stays
  // a model the library does not hold is named, and the newest plays instead
  await page.goto('/#/solve?planner=trained%3Afrom-another-browser');
  await expect(page.getByTestId('picker-unknown')).toContainText(
    'The address names a Planner your library does not hold (trained:from-another-browser), so the newest one,',
  );
  await expect(page.getByLabel('Planner', { exact: true })).toHaveValue('built-in:puzzle8-planner');
});
