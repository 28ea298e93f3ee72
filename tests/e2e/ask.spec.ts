// Asking one model in the browser: from the library's card, a built-in model answers a
// prompt greedily and as an ensemble; a character outside its vocabulary is named and the
// answers so far stay; a model trained on one's own corpus is asked from its finished run; a
// subword model's prompt is counted, and refused past its block, in its units.
import { capture, jobCard, seriousViolations, startCorpusRun, test, expect } from './fixtures.ts';
import { encodeModelFile } from '../../worker/model/model-file.ts';
import { makeTrainConfig } from '../../worker/model/recipe.ts';
import { parameterCount, type ModelShape } from '../../worker/model/shape.ts';

// X to move with two in the top row: the corpus teaches cell 2
const WIN_IN_ONE = 'xx.oo....|p=w2,b5|b=';

test('a built-in model answers from the library, greedily and by votes, and names a bad character', async ({ page }) => {
  await page.goto('/#/library');
  await page.getByRole('link', { name: 'Ask Tic-tac-toe Player' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask a model' })).toBeFocused();
  await expect(page.getByLabel('Model to ask')).toHaveValue('built-in:tictactoe-player');
  await expect(page.getByTestId('ask-vocabulary')).toContainText(/Prompts of up to \d+ characters, written with these \d+:/);
  await expect(page.getByTestId('ask-prompt-key')).toContainText('cells 0–8 row by row: x = the side to move, o = the other side');

  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill(WIN_IN_ONE);
  await expect(page.locator('#ask-prompt-length')).toHaveText(new RegExp(`^${WIN_IN_ONE.length} characters of \\d+$`));
  await prompt.press('Enter');
  const answers = page.getByTestId('ask-answer');
  await expect(answers).toHaveCount(1);
  await expect(answers.first().getByTestId('ask-answer-text')).toHaveText('2');
  await expect(answers.first()).toContainText(/1 vote · mean token probability [\d.]+% · greedy/);

  await page.getByLabel('Votes').selectOption('5');
  await page.getByLabel('Temperature').selectOption('1');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(answers).toHaveCount(2);
  await expect(answers.first()).toContainText(/[1-5] of 5 votes · mean token probability [\d.]+% · temperature 1/);
  await expect(answers.first().getByRole('row')).toHaveCount(6); // a header and five votes

  // the examples its file keeps: one press asks it, and the answer is checked against the corpus
  const examples = page.getByRole('list', { name: 'From its corpus' }).getByRole('button');
  await expect(examples).toHaveCount(6);
  await examples.first().click();
  await expect(prompt).toHaveValue('.........|p=0,2,6|b=');
  await expect(answers).toHaveCount(3);
  await expect(answers.first().getByTestId('ask-expected')).toHaveText(/^(Matches its corpus|Its corpus says \S+) a training document$/);

  await prompt.fill('xx.oZ....|p=|b=');
  await prompt.press('Enter');
  await expect(page.getByTestId('ask-error')).toHaveText(
    'This model was trained on no prompt with “Z”, so it cannot read it: its prompts use only the characters listed beside it.',
  );
  await expect(prompt).toHaveAttribute('aria-invalid', 'true');
  await expect(answers).toHaveCount(3);
  await expect(page.getByTestId('ask-fitting')).toBeVisible(); // the models that can read it, or that none can

  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'ask-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(page, 'ask-phone');
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the Ask view scrolls sideways at 360 px').toBeLessThanOrEqual(0);
});

test('a sentence asked of a game model is said not to fit it, and one click asks a model it fits', async ({ page }) => {
  await page.goto('/#/ask/built-in%3Apuzzle8-planner');
  await expect(page.getByTestId('ask-vocabulary')).toBeVisible();
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('smooth the signal');
  await prompt.press('Enter');
  await expect(page.getByTestId('ask-error')).toHaveText(/^This model was trained on no prompt with “s”, .* so it cannot read them/);
  const offered = page.getByTestId('ask-fitting').getByRole('button', { name: /^Ask / });
  await expect(offered.first()).toBeVisible();
  const name = (await offered.first().textContent())!.replace(/^Ask /, '').split(' · ')[0];
  await offered.first().click();
  await expect(page.getByTestId('ask-answer')).toHaveCount(1);
  await expect(page.getByTestId('ask-error')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: `Answers from ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/#\/ask\/built-in%3Acompose-/);
});

test('a model trained on one’s own corpus is asked from its finished run', async ({ page }) => {
  await page.goto('/#/train');
  await startCorpusRun(page, { steps: 300, name: 'asked run' });
  const card = jobCard(page, 'asked run');
  await expect(card).toHaveAttribute('data-status', 'done');
  await card.getByRole('link', { name: 'Ask it asked run' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask a model' })).toBeFocused();
  await expect(page.locator('#ask-model option:checked')).toContainText('asked run');
  await expect(page.getByTestId('ask-prompt-key')).toHaveCount(0); // a corpus of one's own has no known format
  // what to expect of it, from its training run's count of answers
  await expect(page.getByTestId('ask-answers')).toHaveText(
    /^After training it answered \d+(\.\d+)?% of 33 training prompts and \d+(\.\d+)?% of 3 held-out prompts as its corpus does\.$/,
  );
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('m=x,5,x,13|b=0|valid=down,right'); // a training document: its answer is "down"
  await prompt.press('Enter');
  await expect(page.getByTestId('ask-answer-text')).toHaveText('down');
  // the run held out every tenth document; the file keeps three of them as examples
  const heldOut = page.getByRole('list', { name: 'From its corpus' }).getByRole('button', { name: /held out/ });
  await expect(heldOut).toHaveCount(3);
  await heldOut.first().click();
  await expect(page.getByTestId('ask-expected').first()).toContainText('a document held out of training');
});

test('a subword model counts a prompt in its units, and refuses one past its block by that count', async ({ page }) => {
  // alphabet '\nab' and one merge, a+b: 'ab' is one unit; a block of 8 leaves prompts 5 units
  const shape: ModelShape = { vocabSize: 5, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 };
  const file = encodeModelFile({
    shape,
    vocabChars: '\nab',
    tokenizer: { kind: 'subword', protected: [], merges: [[1, 2]], units: ['ab'] },
    recipe: { corpusId: 'ab.txt', corpusVersion: '0badf00d', seed: 1, config: makeTrainConfig({ steps: 10 }), stepsDone: 10 },
    params: new Float32Array(parameterCount(shape)).map((_, i) => Math.sin(i * 0.37)),
    name: 'ab units',
  });
  await page.goto('/#/library');
  await page.getByLabel('Model file (.organelle)').setInputFiles({ name: 'ab.organelle', mimeType: 'application/octet-stream', buffer: Buffer.from(file) });
  await expect(page.getByTestId('library-notice')).toContainText('Imported “ab units”.');
  await page.getByRole('link', { name: 'Ask ab units' }).click();
  await expect(page.getByTestId('ask-vocabulary')).toContainText('Prompts of up to 5 subword units, written with these 2 characters:');
  const prompt = page.getByLabel('Prompt', { exact: true });
  const counter = page.locator('#ask-prompt-length');
  // 10 characters, 5 units: at the limit, and asked
  await prompt.fill('ababababab');
  await expect(counter).toHaveText('5 subword units of 5');
  await prompt.press('Enter');
  await expect(page.getByTestId('ask-answer')).toHaveCount(1);
  await expect(page.getByTestId('ask-error')).toHaveCount(0);
  // one more character is a sixth unit: the counter and the refusal say so alike
  await prompt.fill('abababababa');
  await expect(counter).toHaveText('6 subword units of 5');
  await prompt.press('Enter');
  await expect(page.getByTestId('ask-error')).toHaveText('The prompt has 6 subword units; this model reads 5 at most.');
  await expect(page.getByTestId('ask-answer')).toHaveCount(1);
});

test('a link to a model that is not in the library says so', async ({ page }) => {
  await page.goto('/#/ask/deleted-model');
  await expect(page.getByRole('alert')).toHaveText('There is no model “deleted-model” in your library: it may have been deleted. Choose another.');
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toHaveAttribute('aria-disabled', 'true');
});

test('a prompt the Mover received in a solve is asked again from the run, in the Ask view', async ({ page }) => {
  await page.goto('/#/solve');
  await page.getByRole('button', { name: /^7 moves / }).click();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByTestId('replay')).toBeVisible();
  await page.getByRole('button', { name: 'Skip to the end' }).click(); // the frame, and so the prompt, then stays
  await expect(page.getByTestId('playback-status')).toContainText(/Move (\d+) of \1/);
  const received = (await page.getByTestId('mover-prompt').textContent())!.trim();
  expect(received).toMatch(/^\d{9}\|plan=/);
  await page.getByRole('link', { name: 'Ask it yourself: this prompt, to the Mover' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask a model' })).toBeFocused();
  await expect(page.getByLabel('Model to ask')).toHaveValue('built-in:puzzle8-mover');
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue(received);
  await expect(page.getByTestId('ask-answer-text')).toHaveText(/^[udlr]$/);
});

test('a connect-4 prompt is read back column by column as it is typed', async ({ page }) => {
  await page.goto(`/#/ask/built-in%3Aconnect4-planner/${encodeURIComponent('ĀāĂĀĀĀĀ')}`);
  const key = page.getByTestId('ask-prompt-key');
  await expect(key).toContainText('seven letters, one a column');
  await expect(key).toContainText('This board, column by column: 0 –, 1 x, 2 o, 3 –, 4 –, 5 –, 6 –.');
  await expect(page.getByTestId('ask-answer')).toHaveCount(1); // the linked prompt is asked at once
  await page.getByLabel('Prompt', { exact: true }).fill('ĀāĂ');
  await expect(key).not.toContainText('This board'); // three letters are not a board
});

test("an 8-puzzle model's answer is spelled out as Solve says it, beside the letter it wrote", async ({ page }) => {
  // the Mover's prompt two moves from the goal, asked at once from the address
  const prompt = '123405786|plan=rd|blocked=|last=uld';
  await page.goto(`/#/ask/built-in%3Apuzzle8-mover/${encodeURIComponent(prompt)}`);
  const answer = page.getByTestId('ask-answer').first();
  await expect(answer.getByTestId('ask-answer-text')).toHaveText('r');
  await expect(answer.locator('.text')).toContainText('right');
  expect(await seriousViolations(page)).toEqual([]);
  await capture(page, 'ask-puzzle8-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(page, 'ask-puzzle8-phone');
});
