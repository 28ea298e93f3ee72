// Library metadata read from a decoded model file, and plain wording for storage errors.
import { modelFingerprint, type OrganelleModel } from '../../../worker/model/model-file.ts';
import { parameterCount, presetOf } from '../../../worker/model/shape.ts';
import type { GameId } from '../../../worker/recipes/registry.ts';
import { bytes as formatBytes, dateTime, grouped } from '../lib/format.ts';
import { trainHref } from '../lib/routes.ts';
import type { ModelMeta, ModelOrigin } from './model-store.ts';

const GAME_IDS: readonly string[] = ['puzzle8', 'tictactoe', 'connect4', 'compose'];

/** "puzzle8/mover" -> game puzzle8, organelle mover ("compose/wiring" likewise); anything else names no game. */
export function splitRecipeId(recipeId: string): { game?: GameId; organelle?: string } {
  const [game, organelle, ...rest] = recipeId.split('/');
  if (rest.length === 0 && organelle && GAME_IDS.includes(game)) return { game: game as GameId, organelle };
  return {};
}

export function metaFromModel(
  model: OrganelleModel,
  size: number,
  extra: { id: string; origin: ModelOrigin; addedAt: string; name?: string },
): ModelMeta {
  const recipeId = model.recipe.corpusId;
  return {
    id: extra.id,
    name: extra.name ?? model.name ?? recipeId,
    recipeId,
    ...splitRecipeId(recipeId),
    shape: { ...model.shape },
    params: parameterCount(model.shape),
    tokenizer: tokenizerKind(model),
    size,
    steps: model.recipe.stepsDone,
    stepsPlanned: model.recipe.config.steps,
    seed: model.recipe.seed,
    ...(model.createdAt ? { createdAt: model.createdAt } : {}),
    addedAt: extra.addedAt,
    evaluation: { ...(model.evaluation ?? {}) },
    origin: extra.origin,
    fingerprint: modelFingerprint(model),
    resumable: model.optimizer !== undefined,
  };
}

/** What a model's text is cut into: a file without a tokenizer field is a character model. */
export function tokenizerKind(model: Pick<OrganelleModel, 'tokenizer'>): 'char' | 'subword' {
  return model.tokenizer ? 'subword' : 'char';
}

/**
 * Which tokenizer a model reads with, as the Library and Ask say it: "characters", or
 * "subword units (V)" with V its vocabulary size (BOS included, the N of `--vocab N`).
 */
export function tokenizerText(kind: 'char' | 'subword' | undefined, vocabSize: number): string {
  return kind === 'subword' ? `subword units (${grouped(vocabSize)})` : 'characters';
}

/**
 * Whether a model's run stopped before its planned steps (a cancelled or diverged run's
 * checkpoint, saved to the library): its file's recipe says stepsDone < config.steps.
 */
export function partlyTrained(meta: Pick<ModelMeta, 'steps' | 'stepsPlanned'>): boolean {
  return meta.stepsPlanned !== undefined && meta.steps < meta.stepsPlanned;
}

/**
 * When a model was trained, as its library card says. The shipped models' files carry no date
 * (they are rebuilt bit for bit from their recipes), and a file from elsewhere may lack one.
 */
export function trainedOn(meta: ModelMeta): string {
  if (meta.createdAt) return dateTime(meta.createdAt);
  return meta.origin === 'built-in' ? 'Shipped with the site' : '—';
}

/**
 * The Train address that trains a game organelle's model again from its recipe, at its size,
 * block, steps and seed; null for a model of a corpus no address can carry. While the recipe
 * is unchanged, the run gives the same weights, bit for bit.
 */
export function retrainHref(meta: ModelMeta): string | null {
  if (!meta.game || !meta.organelle) return null;
  const { shape } = meta;
  return trainHref({
    source: meta.recipeId,
    shape: presetOf(shape) ?? 'recipe',
    block: String(shape.block),
    steps: String(meta.stepsPlanned ?? meta.steps), // the whole run, for a partly trained model too
    seed: String(meta.seed),
  });
}

/**
 * A model as a picker lists it: "8-puzzle Mover · built-in", or its name and when it was added
 * ("· partly trained" between them for a run stopped before its end).
 */
export function pickerLabel(meta: ModelMeta): string {
  const partly = partlyTrained(meta) ? ' · partly trained' : '';
  return `${meta.name}${partly} · ${meta.origin === 'built-in' ? 'built-in' : dateTime(meta.addedAt)}`;
}

export function isQuotaError(err: unknown): boolean {
  if (!(err instanceof Error || (typeof DOMException !== 'undefined' && err instanceof DOMException))) return false;
  const e = err as Error;
  return e.name === 'QuotaExceededError' || /quota/i.test(e.message);
}

/** What to tell the visitor when storing `size` bytes failed. */
export function storageErrorText(err: unknown, what: string, size: number): string {
  if (isQuotaError(err)) {
    return `Not enough storage space to save ${what} (${formatBytes(size)}). The browser refused the write, so nothing in your library changed. Export or delete models you no longer need, then try again.`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return `Could not save ${what}: ${message}. Nothing in your library changed.`;
}
