// A trained model's evaluation numbers as the Train view and the Library show them
// (web/src/lib/evaluation-rows.ts): rates in percent, counts folded into the labels, the
// built-in pair's figure beside the model's, and metrics from another build shown by name.
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it } from 'vitest';
import { answersSentence, evaluationRows, measuredAfterTraining, pairMeasureSentence } from '../../web/src/lib/evaluation-rows.ts';
import EvaluationList from '../../web/src/train/EvaluationList.svelte';

const connect4Planner = {
  finalLoss: 0.91234, trainLoss: 0.8876,
  vsRandomFirstWinRate: 1, vsRandomFirstLossRate: 0, vsRandomSecondWinRate: 0.98, vsRandomSecondLossRate: 0.02,
  pipelineModelMoveShare: 1, pipelineParseErrors: 0, pipelineErrorGames: 0, pipelineGamesPerSide: 50,
  strengthGamesPerSide: 100, strengthOpening: 4, strengthWins: 64, strengthDraws: 15, strengthLosses: 121, strengthErrorGames: 0,
  builtInStrengthWins: 72, builtInStrengthDraws: 13, builtInStrengthLosses: 115, builtInStrengthErrorGames: 0,
};

const byKey = (rows: ReturnType<typeof evaluationRows>) => Object.fromEntries(rows.map((r) => [r.key, r]));

describe('evaluationRows', () => {
  it('says what a game organelle played, against whom, how many games, and the built-in pair beside it', () => {
    const rows = byKey(evaluationRows(connect4Planner, { game: 'connect4', organelle: 'planner' }));
    expect(Object.keys(rows)).toEqual(['finalLoss', 'trainLoss', 'vsRandomFirstWinRate', 'pipelineModelMoveShare', 'pipelineParseErrors', 'strengthWins']);
    expect(rows.trainLoss.value).toBe('0.888');
    expect(rows.vsRandomFirstWinRate).toMatchObject({
      label: 'Against random moves, 50 games a side (with the built-in Player)',
      value: 'won 100% moving first; won 98%, lost 2% moving second',
    });
    expect(rows.strengthWins).toEqual({
      key: 'strengthWins',
      label: 'Against the alpha-beta search (2 moves deep) after 4 random moves, 100 games a side (with the built-in Player)',
      value: '64 won · 15 drawn · 121 lost',
      builtIn: '72 won · 13 drawn · 115 lost',
    });
    expect(rows.pipelineModelMoveShare.value).toBe('100%');
  });

  it('names tic-tac-toe\'s perfect opponent, a Player\'s partner, and games an error stopped', () => {
    const rows = byKey(evaluationRows(
      { strengthGamesPerSide: 10, strengthOpening: 0, strengthWins: 0, strengthDraws: 0, strengthLosses: 0, strengthErrorGames: 20, pipelineErrorGames: 6 },
      { game: 'tictactoe', organelle: 'player' },
    ));
    expect(rows.strengthWins.label).toBe('Against the minimax opponent, 10 games a side (with the built-in Planner)');
    expect(rows.strengthWins.value).toBe('0 won · 0 drawn · 0 lost · 20 stopped by an error');
    expect(rows.strengthWins.builtIn).toBeUndefined();
    expect(rows.pipelineErrorGames.value).toBe('6');
  });

  it('gives the 8-puzzle its solve rate and path length beside the built-in pair\'s', () => {
    const rows = byKey(evaluationRows({
      heldOutOptimalMoveRate: 0.85, heldOutInvalidRate: 0, heldOutBoards: 200, pipelineBoards: 100, pipelineSolveRate: 0.96,
      pipelineMovesOverOptimal: 1.5052, pipelineModelMoveShare: 0.998, builtInSolveRate: 1, builtInMovesOverOptimal: 1.3017,
    }, { game: 'puzzle8', organelle: 'planner' }));
    expect(rows.heldOutOptimalMoveRate).toMatchObject({ label: 'Optimal first moves, 200 held-out boards', value: '85%' });
    expect(rows.pipelineSolveRate).toMatchObject({ label: 'Solved, 100 held-out boards (with the built-in Mover)', value: '96%', builtIn: '100%' });
    expect(rows.pipelineMovesOverOptimal).toMatchObject({ value: '1.51x', builtIn: '1.30x' });
    expect(rows.pipelineModelMoveShare.value).toBe('99.8%');
  });

  it('reads files from before the comparison, and shows unknown metrics by name', () => {
    const rows = byKey(evaluationRows({ pipelineSolveRate: 0.9, pipelineBoards: 30, someOtherBuildsMetric: 0.12345, steps: 4000 }, {}));
    expect(rows.pipelineSolveRate).toEqual({ key: 'pipelineSolveRate', label: 'Solved, 30 held-out boards', value: '90%' });
    expect(rows.someOtherBuildsMetric).toMatchObject({ label: 'someOtherBuildsMetric', value: '0.123' });
    expect(rows.steps.value).toBe('4,000');
  });

  it('folds the counts of documents and prompts into the labels', () => {
    const rows = evaluationRows({
      trainLoss: 1.2, validationLoss: 1.456, validationDocs: 256, trainAnswerRate: 0.75, trainAnswerPrompts: 256,
      validationAnswerRate: 0.5, validationAnswerPrompts: 1,
    });
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Training loss', '1.200'],
      ['Validation loss, 256 held-out documents', '1.456'],
      ['Answered as the corpus says, 256 training prompts', '75%'],
      ['Answered as the corpus says, 1 held-out prompt', '50%'],
    ]);
  });
});

const composeWiring = {
  trainLoss: 0.21, composeIntents: 50, composePassed: 38, composeRefused: 12, composeWrongCode: 0,
  builtInComposePassed: 44, builtInComposeRefused: 10, builtInComposeWrongCode: 1,
};

describe('evaluationRows for code composition', () => {
  it('says how many held-out intents a compose organelle passed with the built-in partners, the built-in set beside it', () => {
    const rows = byKey(evaluationRows(composeWiring, { game: 'compose', organelle: 'wiring' }));
    expect(Object.keys(rows)).toEqual(['trainLoss', 'composePassed', 'composeRefused', 'composeWrongCode']);
    expect(rows.composePassed).toEqual({
      key: 'composePassed', label: 'Passed, 50 held-out intents (with the built-in Planner, Second Planner and Code)',
      value: '38 of 50', builtIn: '44 of 50', builtInName: 'built-in set',
    });
    expect(rows.composeRefused).toMatchObject({ value: '12', builtIn: '10', builtInName: 'built-in set' });
    expect(rows.composeWrongCode).toMatchObject({ label: 'Wrong code handed over', value: '0', builtIn: '1' });
    expect(byKey(evaluationRows(composeWiring, { game: 'compose', organelle: 'planner' })).composePassed.label).toContain('(with the built-in Second Planner, Wiring and Code)');
    expect(byKey(evaluationRows(composeWiring, { game: 'compose', organelle: 'planner2' })).composePassed.label).toContain('(with the built-in Planner, Wiring and Code)');
    expect(byKey(evaluationRows(composeWiring, { game: 'compose', organelle: 'code' })).composePassed.label).toContain('(with the built-in Planner, Second Planner and Wiring)');
  });

  it('is quoted by the Compose view beside the built-in partners it was measured with', () => {
    const own = { name: 'compose/wiring', origin: 'trained', game: 'compose', organelle: 'wiring', evaluation: composeWiring };
    const builtIn = (organelle: string) => ({ name: organelle, origin: 'built-in', game: 'compose', organelle, evaluation: {} });
    expect(measuredAfterTraining([builtIn('planner'), builtIn('planner2'), own, builtIn('code')])).toBe(
      '“compose/wiring” was measured after training with the built-in Planner, Second Planner and Code: 38 of 50 held-out intents passed, 12 refused, 0 with wrong code (the built-in set: 44 of 50 held-out intents passed, 10 refused, 1 with wrong code), under the shipped thresholds.',
    );
  });

  it('shows the measure alone when the built-in set could not be had', () => {
    const rows = byKey(evaluationRows({ composeIntents: 50, composePassed: 7, composeRefused: 43, composeWrongCode: 0 }, { game: 'compose', organelle: 'code' }));
    expect(rows.composePassed).toEqual({ key: 'composePassed', label: 'Passed, 50 held-out intents (with the built-in Planner, Second Planner and Wiring)', value: '7 of 50' });
  });
});

describe('measuredAfterTraining', () => {
  const own = { name: 'mine', origin: 'trained', game: 'connect4', organelle: 'planner', evaluation: connect4Planner };
  const builtIn = { name: 'Connect-4 Player', origin: 'built-in', game: 'connect4', organelle: 'player', evaluation: {} };

  it('quotes the strength test of a model of one\'s own beside the built-in pair\'s', () => {
    expect(measuredAfterTraining([own, builtIn])).toBe(
      '“mine” was measured after training with the built-in Player: against the alpha-beta search (2 moves deep) after 4 random moves, 100 games a side, 64 won · 15 drawn · 121 lost (the built-in pair: 72 won · 13 drawn · 115 lost).',
    );
  });

  it('says nothing of built-in models, two of one\'s own, a missing role, or a file measured before the strength test', () => {
    expect(measuredAfterTraining([{ ...own, origin: 'built-in' }, builtIn])).toBeNull();
    expect(measuredAfterTraining([own, { ...builtIn, origin: 'imported' }])).toBeNull();
    expect(measuredAfterTraining([own, undefined])).toBeNull();
    expect(measuredAfterTraining([{ ...own, evaluation: { vsRandomFirstWinRate: 1 } }, builtIn])).toBeNull();
  });

  it('quotes the model alone when the built-in pair could not be measured beside it', () => {
    const { builtInStrengthWins, builtInStrengthDraws, builtInStrengthLosses, builtInStrengthErrorGames, ...alone } = connect4Planner;
    void [builtInStrengthWins, builtInStrengthDraws, builtInStrengthLosses, builtInStrengthErrorGames];
    expect(measuredAfterTraining([{ ...own, evaluation: alone }, builtIn])).toBe(
      '“mine” was measured after training with the built-in Player: against the alpha-beta search (2 moves deep) after 4 random moves, 100 games a side, 64 won · 15 drawn · 121 lost.',
    );
    expect(pairMeasureSentence({ pipelineBoards: 100, pipelineSolveRate: 0.5, pipelineMovesOverOptimal: 2 }, 'puzzle8')).toBe(
      'Measured just now, these models together: solved 50% of 100 held-out boards in 2.00x the moves of the shortest solutions.',
    );
    expect(pairMeasureSentence({ trainLoss: 1 }, 'puzzle8')).toBeNull();
  });
});

describe('the share of moves a model chose', () => {
  const shares = { ...connect4Planner, strengthModelMoveShare: 0.995, builtInStrengthModelMoveShare: 1 };

  it('has a row beside the strength test, the built-in pair\'s under it, and a place in the quoted sentences', () => {
    const row = evaluationRows(shares, { game: 'connect4', organelle: 'planner' }).find((r) => r.key === 'strengthModelMoveShare');
    expect(row).toEqual({ key: 'strengthModelMoveShare', label: 'Moves chosen by a model in those games', value: '99.5%', builtIn: '100%' });
    expect(pairMeasureSentence(shares, 'connect4')).toBe(
      'Measured just now, these models together: against the alpha-beta search (2 moves deep) after 4 random moves, 100 games a side, 64 won · 15 drawn · 121 lost, 99.5% of the moves by a model (the built-in pair: 72 won · 13 drawn · 115 lost).',
    );
    expect(pairMeasureSentence({ pipelineBoards: 100, pipelineSolveRate: 1, pipelineMovesOverOptimal: 1.3, pipelineModelMoveShare: 0.998 }, 'puzzle8')).toBe(
      'Measured just now, these models together: solved 100% of 100 held-out boards in 1.30x the moves of the shortest solutions, 99.8% of the moves by a model.',
    );
  });
});

describe('answersSentence', () => {
  it('says what to expect of a model before asking it, held-out prompts when there were any', () => {
    expect(answersSentence({ trainAnswerRate: 1, trainAnswerPrompts: 33, validationAnswerRate: 1 / 3, validationAnswerPrompts: 3 })).toBe(
      'After training it answered 100% of 33 training prompts and 33% of 3 held-out prompts as its corpus does.',
    );
    expect(answersSentence({ trainAnswerRate: 0.5, trainAnswerPrompts: 1 })).toBe('After training it answered 50% of 1 training prompt as its corpus does.');
    expect(answersSentence({ trainLoss: 0.4 })).toBeNull(); // a file from before answers were counted
  });
});

describe('EvaluationList', () => {
  it('shows each row, with the built-in pair\'s figure under the model\'s', () => {
    const view = mount(EvaluationList, { target: document.body, props: { evaluation: connect4Planner, model: { game: 'connect4', organelle: 'planner' } } });
    flushSync();
    expect(document.querySelector('[data-metric="strengthWins"]')!.textContent).toBe('64 won · 15 drawn · 121 lostbuilt-in pair: 72 won · 13 drawn · 115 lost');
    expect(document.querySelector('[data-testid="built-in-strengthWins"]')!.textContent).toBe('built-in pair: 72 won · 13 drawn · 115 lost');
    expect(document.body.textContent).toMatch(/The built-in pair played the same boards or games/);
    unmount(view);
  });

  it("labels a compose organelle's figures as the built-in set's, and says the shipped thresholds were used", () => {
    const view = mount(EvaluationList, { target: document.body, props: { evaluation: composeWiring, model: { game: 'compose', organelle: 'wiring' } } });
    flushSync();
    expect(document.querySelector('[data-testid="built-in-composePassed"]')!.textContent).toBe('built-in set: 44 of 50');
    expect(document.body.textContent).not.toMatch(/built-in pair/);
    expect(document.body.textContent).toMatch(/The built-in set composed the same intents beside it\. Both under the shipped confidence thresholds, which were chosen on the validation set for the built-in models, not for this one\./);
    unmount(view);
  });
});
