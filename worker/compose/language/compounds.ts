// Language data by family (session 55): a reduction said as an adjective of what the values
// are, one noun phrase for two or three steps ("the biggest change in the prices" is
// diff_forward|maximum, "the average squared value" square|mean, "the largest absolute second
// difference" second_difference|abs_values|maximum, "the max absolute error between a and b"
// vec_sub|abs_values|maximum). People say a statistic of derived values this way more than as
// a chain of two clauses; the corpus's `compound` family (corpus/compose-families.ts) says them.
//
// Written from the primitive table alone (names, summaries) and the author's knowledge of how
// people name these quantities; no test intent was read for it. Singular nouns: the adjective
// picks one value ("the largest change") or sums them up ("the average change").

/** The reductions said as an adjective before the values' noun, by primitive. */
export const REDUCTION_ADJECTIVES: Readonly<Record<string, readonly string[]>> = {
  maximum: ['largest', 'biggest', 'highest', 'greatest', 'max', 'maximum', 'peak'],
  minimum: ['smallest', 'lowest', 'least', 'min', 'minimum'],
  mean: ['average', 'mean', 'typical'],
  median: ['median'],
  total: ['total', 'summed'],
};

/** What the values of a step are called, one at a time: `{xy}` the two inputs of a binary step. */
export const VALUE_NOUNS: Readonly<Record<string, readonly string[]>> = {
  diff_forward: ['change', 'jump', 'step-to-step change', 'change from one sample to the next', 'difference between neighbouring values', 'increase'],
  diff_central: ['slope', 'gradient', 'rate of change'],
  second_difference: ['second difference', 'curvature'],
  abs_values: ['absolute value', 'magnitude', 'absolute amplitude'],
  square: ['squared value', 'square'],
  zscore: ['z-score', 'standardized value'],
  cumsum: ['running total', 'cumulative sum'],
  rolling_mean: ['moving average', 'rolling mean'],
  dft_magnitude: ['spectral magnitude', 'fourier magnitude'],
  power_spectrum: ['spectral power'],
  vec_sub: ['difference between {xy}', 'error between {xy}', 'gap between {xy}'],
  vec_add: ['elementwise sum of {xy}', 'pointwise sum of {xy}'],
  vec_mul: ['elementwise product of {xy}', 'pointwise product of {xy}'],
};

/** Steps said as a second adjective between the reduction and the noun ("the largest absolute change"). */
export const VALUE_MODIFIERS: Readonly<Record<string, readonly string[]>> = {
  abs_values: ['absolute'],
  square: ['squared'],
};
