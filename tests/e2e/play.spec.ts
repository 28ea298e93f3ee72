// The Play view in real Chromium with the built-in models: a person plays a full game of
// tic-tac-toe and of connect four against the organelles (mouse and keyboard), sees the
// kanban and the event log, and the game's share link replays the same moves in a fresh
// browser, offline too; a watched game against a scripted opponent plays back and shares
// the same way. Plus axe checks and screenshots with content. The organelle turn time the
// page reports is printed: the issue's <= 5 ms per move is read from here.
import type { Locator, Page } from '@playwright/test';
import { capture, expect, guard, seriousViolations, test, waitForServiceWorker } from './fixtures.ts';

const board = (page: Page) => page.getByRole('group', { name: /^Board / });
const turn = (page: Page) => page.getByTestId('turn');
const eventLog = (page: Page) => page.getByRole('region', { name: 'Event log entries' });

/** The moves (cells or columns) the person may play now, from the board's own labels. */
async function openMoves(page: Page, game: 'tictactoe' | 'connect4'): Promise<string[]> {
  const attr = game === 'tictactoe' ? 'data-cell' : 'data-column';
  return board(page).locator(`button[aria-disabled="false"]`).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)!), attr);
}

async function startGame(page: Page, game: 'Tic-tac-toe' | 'Connect four', mode: 'human' | 'watch'): Promise<void> {
  await page.goto('/#/play');
  await expect(page.getByRole('heading', { level: 1, name: 'Play against the organelles' })).toBeVisible();
  await page.getByRole('radio', { name: game }).check();
  await page.getByRole('radio', { name: mode === 'human' ? 'I play the organelles' : 'Watch them play an opponent' }).check();
  const id = game === 'Tic-tac-toe' ? 'tictactoe' : 'connect4';
  await expect(page.getByLabel('Planner', { exact: true })).toHaveValue(`built-in:${id}-planner`);
  await expect(page.getByLabel('Player', { exact: true })).toHaveValue(`built-in:${id}-player`);
}

/**
 * Plays the person's side to the end: odd turns by clicking, even turns by the keyboard (a
 * digit names the move), always the first open move. Returns the moves the person played.
 */
async function playToTheEnd(page: Page, game: 'tictactoe' | 'connect4'): Promise<string[]> {
  const played: string[] = [];
  for (let i = 0; i < 30; i++) {
    await expect(turn(page)).toContainText(/Your move|Game over/);
    if ((await turn(page).textContent())!.includes('Game over')) return played;
    const open = await openMoves(page, game);
    expect(open.length).toBeGreaterThan(0);
    const move = open[0];
    const before = (await board(page).getAttribute('data-state'))!;
    const target: Locator = board(page).locator(game === 'tictactoe' ? `[data-cell="${move}"]` : `[data-column="${move}"]`);
    if (i % 2 === 0) {
      await target.click();
    } else {
      await target.focus();
      await page.keyboard.press(move);
    }
    played.push(move);
    // the person's move is on the board before the next turn is read
    await expect(board(page)).not.toHaveAttribute('data-state', before);
  }
  throw new Error('the game did not end in 30 turns');
}

async function sharedUrl(page: Page): Promise<string> {
  const url = (await page.getByTestId('share-url').textContent())!;
  expect(url).toMatch(/#\/r\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('share-length')).toHaveText(`${url.length} characters`);
  return url;
}

for (const game of [
  { title: 'Tic-tac-toe', id: 'tictactoe', unit: 'cell' },
  { title: 'Connect four', id: 'connect4', unit: 'column' },
] as const) {
  test(`a person plays a full game of ${game.title.toLowerCase()} against the organelles, and its link replays elsewhere`, async ({
    page, browser, baseURL, problems,
  }) => {
    let moves: string[] = [];
    let outcome = '';
    let fingerprint = '';
    await test.step('the person plays X by mouse and keyboard; the organelles answer every move', async () => {
      await startGame(page, game.title, 'human');
      await page.getByRole('radio', { name: 'X, first' }).check();
      await page.getByRole('button', { name: 'New game' }).click();
      await expect(turn(page)).toContainText('Your move');
      await expect(eventLog(page)).toContainText('New game: the organelles play O (second) against you');
      moves = await playToTheEnd(page, game.id);
      outcome = (await page.getByTestId('game-outcome').textContent())!;
      expect(outcome).toMatch(/^(Draw|Organelles win \(O\)|You win \(X\))$/);
      await expect(eventLog(page)).toContainText('chosen by the Player');
      await expect(eventLog(page)).toContainText(/Move 1: X (takes the|drops into)/);
      const share = (await page.getByTestId('game-model-share').textContent())!;
      const [, model, turns] = /^(\d+) of (\d+)/.exec(share)!;
      expect(Number(turns)).toBeGreaterThanOrEqual(moves.length - 1);
      console.log(`${game.id}: ${moves.length} moves by the person, organelles: ${share}; outcome ${outcome}`);
      expect(Number(model)).toBeGreaterThan(0);
      const mean = (await page.getByTestId('ms-per-move').textContent())!;
      const each = (await page.getByTestId('ms-per-move').getAttribute('title'))!;
      console.log(`${game.id}: organelle turn in the browser worker: mean ${mean}; ${each}`);
      fingerprint = (await page.getByTestId('fingerprint').textContent())!;
      expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
      // the kanban and the prompts of the last organelle move are on screen
      await expect(page.getByTestId('kanban-string')).toHaveText(/^todo=.*\|stalls=\d+\|replans=\d+$/);
      await expect(page.getByTestId('player-prompt')).toHaveText(/\|p=[^|]*\|b=/);
    });

    const url = await sharedUrl(page);
    const fresh = await browser.newContext({ baseURL });
    guard(fresh, baseURL!, problems);
    const viewer = await fresh.newPage();
    await test.step('a fresh browser replays the link: the same moves and the same result', async () => {
      await viewer.goto(url);
      await expect(viewer.getByRole('heading', { level: 1, name: 'Shared game' })).toBeVisible();
      await expect(viewer.getByTestId('shared-game')).toHaveText(game.title);
      await expect(viewer.getByTestId('shared-opponent')).toHaveText('a person');
      await expect(viewer.getByTestId('shared-fingerprint')).toHaveText(fingerprint);
      await viewer.getByRole('button', { name: 'Skip to the end' }).click();
      await expect(viewer.getByTestId('game-outcome')).toHaveText(outcome.replace('You win', 'Person wins'));
      await expect(viewer.getByTestId('model-match')).toContainText('Same models');
      await expect(viewer.getByRole('link', { name: 'Ask it yourself: this prompt, to the Player' })).toHaveAttribute(
        'href',
        new RegExp(`^#/ask/built-in%3A${game.id}-player/.`),
      );
      const replayed = await eventLog(viewer).locator('[data-kind="opponent"]').allTextContents();
      expect(replayed).toHaveLength(moves.length);
      replayed.forEach((text, i) => expect(text).toContain(`${game.unit === 'cell' ? `(cell ${moves[i]})` : `column ${moves[i]}`}`));
    });

    await test.step('offline, the link still opens and replays, and a new game can be played', async () => {
      await waitForServiceWorker(viewer);
      await fresh.setOffline(true);
      await viewer.reload();
      await expect(viewer.getByRole('heading', { level: 1, name: 'Shared game' })).toBeVisible();
      await viewer.getByRole('button', { name: 'Skip to the end' }).click();
      await expect(viewer.getByTestId('game-outcome')).toHaveText(outcome.replace('You win', 'Person wins'));
      await viewer.getByRole('button', { name: `Play ${game.title.toLowerCase()} yourself` }).click();
      // with the very models, which this library has
      await expect(viewer).toHaveURL(new RegExp(`#/play/${game.id}\\?planner=built-in%3A${game.id}-planner&player=built-in%3A${game.id}-player&you=first$`));
      await expect(viewer.getByRole('radio', { name: game.title })).toBeChecked();
      // and a new game against the built-in models, still offline
      await viewer.getByRole('radio', { name: 'X, first' }).check();
      await viewer.getByRole('button', { name: 'New game' }).click();
      await expect(turn(viewer)).toContainText('Your move');
      await fresh.setOffline(false);
    });
    await fresh.close();
  });
}

test('the organelles play a scripted opponent while the page watches, and the game shares', async ({ page }) => {
  await startGame(page, 'Connect four', 'watch');
  await page.getByRole('radio', { name: 'X, first' }).check();
  // the built-in models' figure against the opponent chosen
  await page.getByLabel('Opponent', { exact: true }).selectOption('random');
  await expect(page.getByTestId('picker-measured')).toContainText(/^Measured with these models: Against random moves: won [\d,]+ of 1,000 games moving first/);
  await page.getByLabel('Opponent', { exact: true }).selectOption('tactical');
  await expect(page.getByTestId('picker-measured')).toContainText(/^Measured with these models: Against the tactical opponent: won [\d,]+ of 1,000 games moving first/);
  await page.getByRole('button', { name: 'Watch a game' }).click();
  await expect(page.getByTestId('game-stage')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible(); // it plays from the start
  await page.getByRole('button', { name: 'Skip to the end' }).click();
  await expect(page.getByTestId('game-outcome')).toHaveText(/^(Draw|Organelles win \(X\)|Opponent wins \(O\))$/);
  await expect(eventLog(page)).toContainText('against the tactical opponent');
  await expect(page.getByTestId('playback-status')).toContainText(/^Move (\d+) of \1/);
  // stepping back to move 1 shows the organelles' first move and what they were asked
  await page.getByRole('button', { name: 'Back to the start' }).click();
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByTestId('playback-status')).toContainText(/^Move 1 of \d+: X drops into column \d · (Player|fallback)/);
  // the prompts' board is decoded beside them: before move 1 every column is empty
  await expect(page.getByTestId('calls-legend')).toContainText('x = X (the organelles, to move), o = O');
  await expect(page.getByTestId('calls-legend')).toContainText('This board, column by column: 0 –, 1 –, 2 –, 3 –, 4 –, 5 –, 6 –.');
  const url = await sharedUrl(page);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Shared game' })).toBeVisible();
  await expect(page.getByTestId('shared-opponent')).toHaveText('the tactical opponent');

  // the setup was in the address: back to it, and a reload, watch the same opponent from the same side
  await page.goBack();
  await expect(page).toHaveURL(/#\/play\/connect4\?watch=tactical&as=first$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Watch them play an opponent' })).toBeChecked();
  await expect(page.getByLabel('Opponent', { exact: true })).toHaveValue('tactical');
  await expect(page.getByRole('radio', { name: 'X, first' })).toBeChecked();
  // a link to watch another opponent
  await page.goto('/#/play/tictactoe?watch=minimax&as=second');
  await expect(page.getByRole('radio', { name: 'Tic-tac-toe' })).toBeChecked();
  await expect(page.getByLabel('Opponent', { exact: true })).toHaveValue('minimax');
  await expect(page.getByRole('radio', { name: 'O, second' })).toBeChecked();
});

test('the board is played from the keyboard alone, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startGame(page, 'Tic-tac-toe', 'human');
  await page.getByRole('radio', { name: 'X, first' }).check();
  await page.getByRole('button', { name: 'New game' }).focus();
  await page.keyboard.press('Enter');
  await expect(turn(page)).toContainText('Your move');
  await expect(page.getByRole('heading', { level: 2, name: 'Your game of tic-tac-toe: you play X' })).toBeVisible();
  // the new game takes the focus, on the board's one tab stop: the centre cell; arrows move, Enter plays
  await expect(board(page).locator('[data-cell="4"]')).toBeFocused();
  await expect(board(page)).toBeInViewport({ ratio: 1 }); // scrolled to, below the setup
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(board(page).locator('[data-cell="0"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(eventLog(page)).toContainText('Move 1: X takes the top left (cell 0)');
  await expect(turn(page)).toContainText('Your move');
  // the status line (a live region) says where the organelles answered
  await expect(turn(page)).toContainText(/^The organelles: O takes the .+ \(cell [1-8]\)\. Your move \(X\)/);
  // the focus left the taken cell for an empty one beside it, so Enter plays again
  const focused = board(page).locator(':focus');
  await expect(focused).toHaveAttribute('aria-disabled', 'false');
  await expect(focused).toHaveAttribute('data-cell', /^[13]$/);
  // an occupied cell is not played, and the page says why
  const events = await eventLog(page).locator('li').count();
  await page.keyboard.press('0');
  await expect(page.getByRole('alert')).toHaveText('Cell 0, top left, is taken (X): pick an empty cell.');
  await expect(turn(page)).toContainText('Your move');
  expect(await eventLog(page).locator('li').count()).toBe(events);
});

test('a link that names who plays starts the game on arrival; Tab and Enter alone play it', async ({ page }) => {
  await page.goto('/#/play/tictactoe?you=first');
  await expect(page.getByRole('heading', { level: 2, name: 'Your game of tic-tac-toe: you play X' })).toBeVisible();
  await expect(turn(page)).toContainText('Your move (X)');
  // the new game has the focus on the board's tab stop, the centre: Enter plays it
  await expect(board(page).locator('[data-cell="4"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(eventLog(page)).toContainText('Move 1: X takes the centre (cell 4)');
  await expect(turn(page)).toContainText(/^The organelles: O takes the .+\. Your move \(X\)/);
  // the centre is taken: the focus is on an empty cell one step from it, and Enter plays that
  const focused = board(page).locator(':focus');
  await expect(focused).toHaveAttribute('aria-disabled', 'false');
  const cell = (await focused.getAttribute('data-cell'))!;
  expect(['1', '3', '5', '7']).toContain(cell);
  await page.keyboard.press('Enter');
  await expect(eventLog(page)).toContainText(new RegExp(`Move 3: X takes the .+ \\(cell ${cell}\\)`));
  // Shift+Tab out and Tab back: the tab stop is a cell that can be played
  await expect(turn(page)).toContainText('Your move (X)');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(board(page).locator(':focus')).toHaveAttribute('aria-disabled', 'false');

  // connect four, the organelles first: they have dropped their disc when the game shows
  await page.goto('/#/play/connect4?you=second');
  await expect(page.getByRole('heading', { level: 2, name: 'Your game of connect four: you play O' })).toBeVisible();
  await expect(turn(page)).toContainText('Your move (O)');
  await expect(eventLog(page)).toContainText(/Move 1: X drops into column \d/);
  // and a link to watch plays the watched game
  await page.goto('/#/play/connect4?watch=tactical&as=first');
  await expect(page.getByRole('heading', { level: 2, name: /^Connect four: the organelles \(X\) against the tactical opponent/ })).toBeVisible();
  await expect(page.getByTestId('game-stage')).toBeVisible();
});

const SIZES = [
  { label: 'desktop', width: 1280, height: 800, scheme: 'light' },
  { label: 'phone', width: 390, height: 844, scheme: 'light' },
  { label: 'desktop-dark', width: 1280, height: 800, scheme: 'dark' },
] as const;

test('the Play view with a game is accessible and captured for review', async ({ page }) => {
  for (const game of ['Tic-tac-toe', 'Connect four'] as const) {
    await startGame(page, game, 'human');
    await page.getByRole('radio', { name: 'O, second' }).check(); // the organelles open
    await page.getByRole('button', { name: 'New game' }).click();
    await expect(turn(page)).toContainText('Your move');
    const id = game === 'Tic-tac-toe' ? 'tictactoe' : 'connect4';
    // two moves each, so the kanban, the prompts and the log have content
    const open = await openMoves(page, id);
    await board(page).locator(id === 'tictactoe' ? `[data-cell="${open.at(-1)}"]` : `[data-column="${open[0]}"]`).click();
    await expect(turn(page)).toContainText('Your move');
    if (id === 'connect4') {
      // a key beside the board says whose discs are whose
      await expect(page.getByRole('list', { name: 'Who plays which disc' }).getByRole('listitem')).toHaveText(['Organelles: X', 'You: O']);
    }
    for (const size of SIZES) {
      await page.emulateMedia({ colorScheme: size.scheme });
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(300);
      expect(await seriousViolations(page), `play ${id} at ${size.label}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `play scrolls sideways at ${size.label}`).toBeLessThanOrEqual(0);
      if (id === 'connect4') {
        // the two sides' discs differ from each other, from the board and from its holes
        const colours = await board(page).evaluate((el) => {
          const style = (selector: string) => getComputedStyle(el.querySelector(selector)!);
          return [style('.disc-X .face').fill, style('.disc-O .face').fill, getComputedStyle(el).backgroundColor, style('.slot').backgroundColor];
        });
        expect(new Set(colours).size, `disc, board and hole colours at ${size.label}: ${colours.join(', ')}`).toBe(4);
      }
      await capture(page, `play-${id}-${size.label}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  }
});
