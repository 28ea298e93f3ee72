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

/**
 * What the values of a step are called, one and many: `{xy}` the two inputs of a binary step.
 * The many are what another step is taken of ("the standard deviation of the changes in x").
 */
export const VALUE_NOUNS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  diff_forward: [
    ['change', 'changes'], ['jump', 'jumps'], ['step-to-step change', 'step-to-step changes'], ['increase', 'increases'],
    ['change from one sample to the next', 'changes from one sample to the next'], ['difference between neighbouring values', 'differences between neighbouring values'],
  ],
  diff_central: [['slope', 'slopes'], ['gradient', 'gradients'], ['rate of change', 'rates of change']],
  second_difference: [['second difference', 'second differences'], ['curvature', 'curvatures']],
  abs_values: [['absolute value', 'absolute values'], ['magnitude', 'magnitudes'], ['absolute amplitude', 'absolute amplitudes']],
  square: [['squared value', 'squared values'], ['square', 'squares']],
  zscore: [['z-score', 'z-scores'], ['standardized value', 'standardized values']],
  cumsum: [['running total', 'running totals'], ['cumulative sum', 'cumulative sums']],
  rolling_mean: [['moving average', 'moving averages'], ['rolling mean', 'rolling means']],
  dft_magnitude: [['spectral magnitude', 'spectral magnitudes'], ['fourier magnitude', 'fourier magnitudes']],
  power_spectrum: [['spectral power', 'spectral powers']],
  vec_sub: [['difference between {xy}', 'differences between {xy}'], ['error between {xy}', 'errors between {xy}'], ['gap between {xy}', 'gaps between {xy}']],
  vec_add: [['elementwise sum of {xy}', 'elementwise sums of {xy}'], ['pointwise sum of {xy}', 'pointwise sums of {xy}']],
  vec_mul: [['elementwise product of {xy}', 'elementwise products of {xy}'], ['pointwise product of {xy}', 'pointwise products of {xy}']],
};

/** Steps said as a second adjective between the reduction and the noun ("the largest absolute change"). */
export const VALUE_MODIFIERS: Readonly<Record<string, readonly string[]>> = {
  abs_values: ['absolute'],
  square: ['squared'],
};
