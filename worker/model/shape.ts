// Model shapes, presets and the parameter layout shared by the WASM core, the TypeScript
// reference and the model file. Dimension letters: V vocab, E embedding, H heads,
// L layers, F mlp width, B block size (max positions), hd = E / H.

export interface ModelShape {
  vocabSize: number; // V: distinct corpus characters + 1 BOS (the last id)
  embd: number; // E
  heads: number; // H
  layers: number; // L
  mlp: number; // F
  block: number; // B: longest sequence (positions) a document may use
  /**
   * ALiBi: each head's attention scores also fall off linearly with distance (slopes
   * 2^(-8(h+1)/H)), besides the learned positions. For models of free text, whose words may
   * stand anywhere; absent (false) for the games, whose prompts have a fixed layout.
   */
  alibi?: boolean;
}

/** Architecture presets without the vocabulary, which comes from the corpus. */
export type ShapePreset = Omit<ModelShape, 'vocabSize'>;

export const SHAPE_PRESETS = {
  '30k': { embd: 32, heads: 4, layers: 2, mlp: 128, block: 128 },
  '64k': { embd: 48, heads: 4, layers: 2, mlp: 192, block: 128 },
  '92k': { embd: 48, heads: 4, layers: 3, mlp: 192, block: 128 },
  '160k': { embd: 64, heads: 4, layers: 3, mlp: 256, block: 128 },
  '460k': { embd: 96, heads: 8, layers: 4, mlp: 384, block: 128 },
} as const satisfies Record<string, ShapePreset>;

export type ShapePresetName = keyof typeof SHAPE_PRESETS;

export function isShapePresetName(name: string): name is ShapePresetName {
  return Object.hasOwn(SHAPE_PRESETS, name);
}

/** Whether two architectures have the same widths (embedding, heads, layers, MLP), whatever their blocks. */
export function sameWidths(a: ShapePreset, b: ShapePreset): boolean {
  return a.embd === b.embd && a.heads === b.heads && a.layers === b.layers && a.mlp === b.mlp && !a.alibi === !b.alibi;
}

/** The preset whose widths match `a`, if any. */
export function presetOf(a: ShapePreset): ShapePresetName | undefined {
  return (Object.keys(SHAPE_PRESETS) as ShapePresetName[]).find((name) => sameWidths(SHAPE_PRESETS[name], a));
}

/** Throws a message naming the first dimension the kernels cannot take. */
export function validateShape(s: ModelShape): void {
  const positive = (name: string, v: number) => {
    if (!Number.isInteger(v) || v <= 0) throw new Error(`shape: ${name} must be a positive integer, got ${v}`);
  };
  positive('vocabSize', s.vocabSize);
  positive('embd', s.embd);
  positive('heads', s.heads);
  positive('layers', s.layers);
  positive('mlp', s.mlp);
  positive('block', s.block);
  if (s.vocabSize < 2) throw new Error('shape: vocabSize must be at least 2 (one character and BOS)');
  if (s.embd % s.heads !== 0) throw new Error(`shape: embd ${s.embd} is not divisible by heads ${s.heads}`);
  // The SIMD kernels work on 4 floats at a time along E, hd and F.
  if ((s.embd / s.heads) % 4 !== 0) throw new Error(`shape: head size ${s.embd / s.heads} must be a multiple of 4`);
  if (s.mlp % 4 !== 0) throw new Error(`shape: mlp ${s.mlp} must be a multiple of 4`);
  if (s.block > 1024) throw new Error(`shape: block ${s.block} exceeds 1024`);
  if (s.alibi !== undefined && typeof s.alibi !== 'boolean') throw new Error('shape: alibi must be true or false');
  if (s.alibi && ![1, 2, 4, 8].includes(s.heads)) throw new Error(`shape: ALiBi needs 1, 2, 4 or 8 heads, got ${s.heads}`);
}

/** One tensor of the flat parameter array, row-major (rows, cols); matrices are (in, out). */
export interface TensorSpec {
  name: string;
  rows: number;
  cols: number;
  offset: number; // in floats
}

/**
 * The parameter layout, in order:
 *   wte (V, E), wpe (B, E),
 *   per layer l: l.wqkv (E, 3E) columns [q | k | v], head h owning columns h*hd..(h+1)*hd of each,
 *                l.wo (E, E), l.fc1 (E, F), l.fc2 (F, E),
 *   lm_head (E, V).
 * Weight decay applies to every tensor after wpe.
 */
export function parameterLayout(s: ModelShape): TensorSpec[] {
  const specs: TensorSpec[] = [];
  let offset = 0;
  const add = (name: string, rows: number, cols: number) => {
    specs.push({ name, rows, cols, offset });
    offset += rows * cols;
  };
  add('wte', s.vocabSize, s.embd);
  add('wpe', s.block, s.embd);
  for (let l = 0; l < s.layers; l++) {
    add(`${l}.wqkv`, s.embd, 3 * s.embd);
    add(`${l}.wo`, s.embd, s.embd);
    add(`${l}.fc1`, s.embd, s.mlp);
    add(`${l}.fc2`, s.mlp, s.embd);
  }
  add('lm_head', s.embd, s.vocabSize);
  return specs;
}

/** Params = 2*V*E + B*E + L*(4*E^2 + 2*E*F), as in the reference project. */
export function parameterCount(s: ModelShape): number {
  return 2 * s.vocabSize * s.embd + s.block * s.embd + s.layers * (4 * s.embd * s.embd + 2 * s.embd * s.mlp);
}

/** Index of the first parameter that takes weight decay (everything after wte and wpe). */
export function decayStart(s: ModelShape): number {
  return (s.vocabSize + s.block) * s.embd;
}
