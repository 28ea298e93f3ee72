// The Train view's form: what to train on (a registered recipe, or an uploaded corpus),
// the model shape, steps and seed. Validation is derived, so the view shows each field's
// problem as it is typed, and the form turns into job specs only when it is valid.
import { SHAPE_PRESETS, isShapePresetName, parameterCount, presetOf, type ShapePreset, type ShapePresetName } from '../../../worker/model/shape.ts';
import type { RecipeInfo, TrainSource, TrainTimingRequest } from '../../../worker/browser/messages.ts';
import { TRAIN_LIMITS } from '../../../worker/model/recipe.ts';
import { countWord, grouped } from '../lib/format.ts';
import { CORPUS_SOURCE, type TrainSetup } from '../lib/routes.ts';
import { analyseCorpus, MAX_CORPUS_BYTES, type CorpusAnalysis } from './corpus.ts';
import type { JobSpec } from './job-store.ts';
import { inPipeline } from '../../../worker/compose/roles.ts';

export type SourceMode = 'recipe' | 'corpus';
export type PresetChoice = ShapePresetName | 'recipe';

export const BLOCK_SIZES = [32, 64, 128, 256, 512] as const;
// the command line's limits too (worker/model/recipe.ts)
export const MAX_STEPS = TRAIN_LIMITS.steps.max;
export const MAX_SEED = TRAIN_LIMITS.seed.max;

/** A whole number as an address writes it (digits only, ten at most), or null. */
function wholeNumber(text: string): number | null {
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/** Block sizes the form offers: the usual ones, plus a recipe's own. */
export function blockSizes(recipe: RecipeInfo | null): number[] {
  return [...new Set([...BLOCK_SIZES, recipe?.architecture.block ?? 128])].sort((x, y) => x - y);
}

interface Settings {
  preset: PresetChoice;
  block: number;
  steps: number;
  seed: number;
}

export interface TextFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

export class TrainForm {
  mode = $state<SourceMode>('corpus');
  recipeId = $state('');
  name = $state('');
  preset = $state<PresetChoice>('30k');
  block = $state(128);
  steps = $state(2000);
  seed = $state(1);
  holdOut = $state(true);
  #recipe = $state.raw<RecipeInfo | null>(null);
  #corpus = $state.raw<{ name: string; text: string } | null>(null);
  #fileError = $state<string | null>(null);
  #touched = $state(false);
  // each source keeps its own shape, steps and seed while the visitor switches between them
  #saved: Partial<Record<SourceMode, Settings>> = {};

  #analysis = $derived(this.#corpus ? analyseCorpus(this.#corpus.text, this.holdOut) : null);

  #architecture = $derived.by((): ShapePreset => {
    const own = this.preset === 'recipe' && this.#recipe ? this.#recipe.architecture : null;
    const widths = own ?? SHAPE_PRESETS[this.preset === 'recipe' ? '30k' : this.preset];
    // the recipe's own shape keeps its ALiBi (the compose organelles'); a preset has none
    return { embd: widths.embd, heads: widths.heads, layers: widths.layers, mlp: widths.mlp, block: this.block, ...(own?.alibi ? { alibi: true } : {}) };
  });

  #errors = $derived.by(() => {
    const e: Partial<Record<'source' | 'name' | 'block' | 'steps' | 'seed', string>> = {};
    const a = this.#analysis;
    if (this.mode === 'recipe') {
      if (!this.#recipe) e.source = 'Choose an organelle to train.';
    } else if (this.#fileError) {
      e.source = this.#fileError;
    } else if (!a) {
      e.source = 'Choose a corpus file, or use the sample corpus.';
    } else if ('error' in a) {
      e.source = a.error;
    } else if (a.longest > this.block) {
      const fits = BLOCK_SIZES.find((b) => b >= a.longest);
      e.block = `The longest document needs ${a.longest} positions; ${fits ? `choose a block of ${fits} or more` : 'shorten it to 512 or fewer'}.`;
    }
    if (this.mode === 'corpus' && !this.name.trim()) e.name = 'Give the model a name.';
    if (!Number.isInteger(this.steps) || this.steps < 1 || this.steps > MAX_STEPS) e.steps = `Steps must be a whole number from 1 to ${grouped(MAX_STEPS)}.`;
    if (!Number.isInteger(this.seed) || this.seed < 0 || this.seed > MAX_SEED) e.seed = `The seed must be a whole number from 0 to ${grouped(MAX_SEED)}.`;
    return e;
  });

  get recipe(): RecipeInfo | null { return this.#recipe; }
  get corpusName(): string | null { return this.#corpus?.name ?? null; }
  get analysis(): CorpusAnalysis | { error: string } | null { return this.#analysis; }
  get architecture(): ShapePreset { return this.#architecture; }
  get errors() { return this.#errors; }
  get valid(): boolean { return Object.keys(this.#errors).length === 0; }

  /** Parameters of the model the form describes, when the vocabulary is known. */
  get params(): number | null {
    const a = this.#analysis;
    if (this.mode !== 'corpus' || !a || 'error' in a) return null;
    return parameterCount({ ...this.#architecture, vocabSize: a.vocabSize });
  }

  /** Whether the visitor has chosen a source yet (offers to pick one for them stop then). */
  get touched(): boolean { return this.#touched; }

  /**
   * The form as a Train address (routes.ts): its source, shape, block, and the steps and seed
   * when they are valid. The corpus itself stays out: no address can carry it.
   */
  get setup(): TrainSetup {
    const source = this.mode === 'recipe' ? this.#recipe?.id : CORPUS_SOURCE;
    const e = this.#errors;
    return {
      ...(source ? { source } : {}),
      shape: this.preset,
      block: String(this.block),
      ...(e.steps ? {} : { steps: String(this.steps) }),
      ...(e.seed ? {} : { seed: String(this.seed) }),
    };
  }

  /**
   * Takes a Train address's setup (parts left out stay as they were): first its source, whose
   * recipe brings its own settings, then the shape, block, steps and seed it names. Returns
   * what it could not take, in words, each part then left as it was.
   */
  applySetup(setup: TrainSetup, findRecipe: (id: string) => RecipeInfo | undefined): string[] {
    const problems: string[] = [];
    if (setup.source === CORPUS_SOURCE) this.switchMode('corpus');
    else if (setup.source !== undefined) {
      const recipe = findRecipe(setup.source);
      if (recipe) {
        this.switchMode('recipe');
        this.chooseRecipe(recipe);
      } else problems.push(`no game organelle has the recipe “${setup.source}”`);
    }
    const shape = setup.shape;
    if (shape !== undefined) {
      if (isShapePresetName(shape) || (shape === 'recipe' && this.mode === 'recipe' && this.#recipe)) this.preset = shape;
      else problems.push(`“${shape}” is not a model size the form offers`);
    }
    const takeNumber = (text: string | undefined, ok: (n: number) => boolean, set: (n: number) => void, what: string) => {
      if (text === undefined) return;
      const n = wholeNumber(text);
      if (n !== null && ok(n)) set(n);
      else problems.push(`“${text}” is not ${what}`);
    };
    takeNumber(setup.block, (n) => blockSizes(this.#recipe).includes(n), (n) => (this.block = n), 'a block size the form offers');
    takeNumber(setup.steps, (n) => n >= 1 && n <= MAX_STEPS, (n) => (this.steps = n), `a number of steps from 1 to ${grouped(MAX_STEPS)}`);
    takeNumber(setup.seed, (n) => n <= MAX_SEED, (n) => (this.seed = n), `a seed from 0 to ${grouped(MAX_SEED)}`);
    return problems;
  }

  /** Switches between recipe and corpus, each keeping its own settings. */
  switchMode(mode: SourceMode, byVisitor = true): void {
    this.#touched ||= byVisitor;
    if (mode === this.mode) return;
    this.#saved[this.mode] = { preset: this.preset, block: this.block, steps: this.steps, seed: this.seed };
    this.mode = mode;
    const back = this.#saved[mode];
    if (back) Object.assign(this, back);
    else if (mode === 'recipe' && this.#recipe) this.chooseRecipe(this.#recipe);
  }

  /** Picks a recipe and takes its architecture, steps and seed as the starting values. */
  chooseRecipe(recipe: RecipeInfo | null): void {
    this.#recipe = recipe;
    this.recipeId = recipe?.id ?? '';
    if (!recipe) return;
    this.preset = presetOf(recipe.architecture) ?? 'recipe';
    this.block = recipe.architecture.block;
    this.steps = recipe.steps;
    this.seed = recipe.seed;
  }

  async chooseFile(file: TextFile): Promise<void> {
    this.#fileError = null;
    this.#corpus = null;
    if (file.size > MAX_CORPUS_BYTES) {
      this.#fileError = `“${file.name}” is too large (over 64 MB) to train on in the browser.`;
      return;
    }
    try {
      this.useText(file.name, await file.text());
    } catch (err) {
      this.#fileError = `“${file.name}” could not be read: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  useText(fileName: string, text: string): void {
    this.#fileError = null;
    this.#corpus = { name: fileName, text };
    this.name = fileName.replace(/\.[^.]*$/, '');
    this.switchMode('corpus');
  }

  /** The job for the form as filled in; null while it has errors. */
  spec(): JobSpec | null {
    if (!this.valid) return null;
    const base = { architecture: { ...this.#architecture }, steps: this.steps, seed: this.seed, source: this.#source() };
    if (this.mode === 'recipe') {
      const r = this.#recipe!;
      return { ...base, name: r.id, game: r.game, organelle: r.organelle };
    }
    return { ...base, name: this.name.trim() };
  }

  /**
   * The run to time before it starts, once its source, block and seed are usable; the name and
   * the steps do not change how fast it trains. Null until then.
   */
  timingRequest(): TrainTimingRequest | null {
    const e = this.#errors;
    if (e.source || e.block || e.seed) return null;
    return { source: this.#source(), architecture: { ...this.#architecture }, seed: this.seed };
  }

  /** What to train on, for a form whose source has no error. */
  #source(): TrainSource {
    if (this.mode === 'recipe') return { kind: 'recipe', recipeId: this.#recipe!.id };
    const a = this.#analysis as CorpusAnalysis;
    return {
      kind: 'corpus',
      corpusId: this.#corpus!.name,
      corpusText: a.trainingText,
      ...(a.validationDocuments > 0 ? { validationText: a.validationText } : {}),
    };
  }
}

/** The start of the button that trains all of a game's organelles: "Train both", "Train all four". */
export function trainAllLabel(count: number): string {
  return `Train ${allOf(count)}`;
}

/** "both", "all three", "all 6". */
export function allOf(count: number): string {
  return count === 2 ? 'both' : `all ${countWord(count)}`;
}

/**
 * The organelles "Train both" or "Train all four" starts for a game: those of its pipeline.
 * Code composition's single-model baseline is measured beside the pipeline, not part of it: it
 * trains on its own, from the form.
 */
export function pipelineRecipes(recipes: readonly RecipeInfo[]): RecipeInfo[] {
  return recipes.filter(inPipeline);
}

/** What to time of a job before it starts: its source, shape and seed. */
export function timingRequestOf(spec: JobSpec): TrainTimingRequest {
  return { source: spec.source, architecture: spec.architecture, seed: spec.seed };
}

/**
 * One job per recipe, each with the recipe's own architecture, steps and seed; `set` marks them
 * as trained together (a compose set, measured together once all are trained).
 */
export function recipeSpecs(recipes: readonly RecipeInfo[], set?: string): JobSpec[] {
  return recipes.map((r) => ({
    name: r.id,
    source: { kind: 'recipe', recipeId: r.id },
    architecture: { ...r.architecture },
    steps: r.steps,
    seed: r.seed,
    game: r.game,
    organelle: r.organelle,
    ...(set !== undefined ? { set } : {}),
  }));
}
