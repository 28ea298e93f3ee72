// What every shipped model file must be (public/models/<game>/<role>.organelle): its
// registered recipe's output on the current corpus, with no optimizer state, at most 200K
// parameters. A model trained on an older corpus is stale: retrain with `organelle train <game>`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { decodeModelFile } from '../../worker/model/model-file.ts';
import { corpusFingerprint } from '../../worker/corpus/documents.ts';
import { findRecipe } from '../../worker/recipes/index.ts';
import { SHIPPED_MODELS_DIR } from '../../cli/models.ts';

export async function expectShippedMatchesRecipe(game: string, role: string): Promise<void> {
  const model = decodeModelFile(await readFile(join(SHIPPED_MODELS_DIR, game, `${role}.organelle`)));
  const recipe = findRecipe(`${game}/${role}`);
  expect(model.optimizer).toBeUndefined();
  expect(model.recipe.corpusId).toBe(recipe.id);
  expect(model.recipe.seed).toBe(recipe.seed);
  expect(model.recipe.stepsDone).toBe(model.recipe.config.steps);
  expect(model.recipe.config).toMatchObject(recipe.config);
  expect({ ...model.shape, vocabSize: undefined }).toEqual({ ...recipe.architecture, vocabSize: undefined });
  expect(model.params.length).toBeLessThanOrEqual(200_000);
  expect(model.recipe.corpusVersion).toBe(corpusFingerprint(recipe.buildCorpus()));
}
