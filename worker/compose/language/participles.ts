// Language data by family (session 55): a step said as what was done to the data, so a later
// step can be said of it. People nest steps this way more than any other ("the softmax of the
// negated scores", "the energy of the hamming windowed frame", "the max of the 5-point smoothed
// signal", "the std of the prices with the mean removed"); the Planners, taught only chains of
// clauses and nouns of nouns, read the outer step and dropped the inner one (on typed-3 to
// typed-7, 86 first plans right of 425 in-library intents of two or three steps, against 196 of
// 228 of one step; docs/compose.md). The corpus's `participle` family (corpus/compose-families.ts)
// says a chain with these.
//
// Written from the primitive table alone (names, summaries, bodies in worker/compose/primitives/)
// and the author's knowledge of how people name a transformed series; no test intent was read
// for it. Only steps that return an array of the same series, and that people say as done to
// the data, have an entry (no spectra, no binary steps, no peak finding). Slots as the table's:
// `{x}` the data, `{p0}`, `{p1}` the parameters; a form without a parameter's slot means its
// default and is worded to be right for it. No digits, and no number words but one of the step's own
// table phrase ("sum to one").

/** How a step is said as done to the data. */
export interface Participle {
  /** Words before the data's noun ("smoothed": "the smoothed signal"); may hold {p0}, {p1}. */
  pre: readonly string[];
  /** The data with the step said after it ("{x} with the mean removed"). */
  post: readonly string[];
}

export const PARTICIPLES: Readonly<Record<string, Participle>> = {
  // ---- smoothing and filtering
  rolling_mean: {
    pre: ['smoothed', 'moving-averaged', '{p0}-point smoothed', '{p0}-point moving-averaged', 'rolling-averaged'],
    post: ['{x} smoothed over {p0} points', '{x} after a {p0}-point moving average', '{x} smoothed with a moving average'],
  },
  median_filter: {
    pre: ['median-filtered', 'median filtered', '{p0}-point median-filtered'],
    post: ['{x} after a median filter', '{x} median-filtered over {p0} points', '{x} with a {p0}-point median filter applied'],
  },
  rolling_max: { pre: [], post: ['{x} after a rolling max', '{x} after a rolling maximum over {p0} points', '{x} with a {p0}-sample rolling max applied'] },
  rolling_min: { pre: [], post: ['{x} after a rolling min', '{x} after a rolling minimum over {p0} points', '{x} with a {p0}-sample rolling min applied'] },
  rolling_std: { pre: [], post: ['{x} after a rolling standard deviation', '{x} after a {p0}-point rolling std'] },
  ema: {
    pre: ['ema-smoothed', 'exponentially smoothed', 'exponentially averaged'],
    post: ['{x} after an ema with alpha {p0}', '{x} exponentially smoothed with alpha {p0}', '{x} smoothed with an exponential moving average'],
  },
  lowpass: {
    pre: ['low-passed', 'lowpassed', 'low-pass filtered', 'denoised'],
    post: ['{x} low-pass filtered at {p0}', '{x} after a low-pass at {p0}', '{x} with the high frequencies removed'],
  },
  highpass: {
    pre: ['high-passed', 'highpassed', 'high-pass filtered'],
    post: ['{x} high-pass filtered at {p0}', '{x} after a high-pass at {p0}', '{x} with the low frequencies removed'],
  },
  bandpass: {
    pre: ['band-passed', 'bandpassed', 'band-pass filtered'],
    post: ['{x} band-passed between {p0} and {p1}', '{x} after a band-pass from {p0} to {p1}', '{x} in the {p0} to {p1} band'],
  },
  gaussian_smooth: {
    pre: ['gaussian-smoothed', 'gaussian-blurred', 'gaussian smoothed'],
    post: ['{x} blurred with a gaussian of sigma {p0}', '{x} after a gaussian blur', '{x} gaussian-smoothed with sigma {p0}'],
  },
  // ---- differences and sums
  diff_forward: { pre: ['differenced', 'first-differenced'], post: ['{x} after differencing', '{x} after first differences'] },
  diff_central: { pre: ['differentiated'], post: ['{x} after differentiation', '{x} after taking the derivative'] },
  second_difference: { pre: ['twice-differenced', 'second-differenced', 'twice-differentiated'], post: ['{x} differenced twice', '{x} differentiated twice'] },
  cumsum: { pre: ['cumulatively summed', 'cumsummed', 'accumulated'], post: ['{x} summed cumulatively', '{x} after a cumulative sum', '{x} as a running total'] },
  running_max: { pre: [], post: ['{x} after a running max', '{x} as a running maximum'] },
  running_min: { pre: [], post: ['{x} after a running min', '{x} as a running minimum'] },
  cumulative_trapezoid: { pre: ['cumulatively integrated'], post: ['{x} integrated cumulatively', '{x} after a cumulative integral'] },
  // ---- normalising and scaling
  zscore: {
    pre: ['standardized', 'standardised', 'z-scored', 'zscored', 'normalized'],
    post: ['{x} as z-scores', '{x} after standardizing', '{x} standardized to unit variance'],
  },
  minmax_normalize: { pre: ['min-max normalized', 'min-max scaled'], post: ['{x} scaled to the unit interval', '{x} min-max scaled', '{x} rescaled between its min and max'] },
  clamp: { pre: ['clamped', 'clipped'], post: ['{x} clamped between {p0} and {p1}', '{x} clipped to the range {p0} to {p1}'] },
  demean: {
    pre: ['demeaned', 'mean-removed', 'mean-centered', 'centered', 'mean-subtracted'],
    post: ['{x} with the mean removed', '{x} minus its mean', '{x} with its average subtracted'],
  },
  unit_std: { pre: [], post: ['{x} scaled to unit standard deviation', '{x} divided by its standard deviation'] },
  normalize_sum: { pre: ['sum-normalized'], post: ['{x} normalized to sum to one', '{x} divided by its sum', '{x} as fractions of the total'] },
  l2_normalize: { pre: ['l2-normalized', 'unit-length', 'unit-norm'], post: ['{x} divided by its norm', '{x} scaled to unit length'] },
  robust_scale: { pre: ['robust-scaled', 'robustly scaled'], post: ['{x} after robust scaling'] },
  downsample: { pre: ['downsampled', 'decimated'], post: ['{x} downsampled by {p0}', '{x} decimated by a factor of {p0}'] },
  upsample: { pre: ['upsampled'], post: ['{x} upsampled by {p0}', '{x} upsampled by a factor of {p0}'] },
  block_mean: { pre: ['block-averaged'], post: ['{x} averaged in blocks of {p0}', '{x} after block averaging in chunks of {p0}'] },
  reverse: { pre: ['reversed', 'time-reversed'], post: ['{x} in reverse order', '{x} read backwards'] },
  // ---- windows
  hann_window: {
    pre: ['hann-windowed', 'hann windowed', 'hanning-windowed', 'hanning windowed'],
    post: ['{x} with a hann window applied', '{x} after a hann window', '{x} tapered with a hann window'],
  },
  hamming_window: { pre: ['hamming-windowed', 'hamming windowed'], post: ['{x} with a hamming window applied', '{x} after a hamming window', '{x} tapered with a hamming window'] },
  blackman_window: { pre: ['blackman-windowed', 'blackman windowed'], post: ['{x} with a blackman window applied', '{x} after a blackman window', '{x} tapered with a blackman window'] },
  bartlett_window: { pre: ['bartlett-windowed', 'bartlett windowed', 'triangular-windowed'], post: ['{x} with a bartlett window applied', '{x} after a bartlett window', '{x} tapered with a triangular window'] },
  // ---- element by element
  scale: { pre: ['scaled'], post: ['{x} scaled by {p0}', '{x} multiplied by {p0}', '{x} times {p0}'] },
  offset: { pre: ['shifted', 'offset'], post: ['{x} shifted by {p0}', '{x} plus {p0}', '{x} with {p0} added'] },
  abs_values: { pre: ['rectified', 'absolute', 'unsigned'], post: ['{x} in absolute value', '{x} with the signs dropped'] },
  negate: { pre: ['negated', 'sign-flipped'], post: ['{x} with the signs flipped', '{x} negated'] },
  square: { pre: ['squared'], post: ['{x} squared', '{x} multiplied by itself'] },
  relu: { pre: ['relu-ed'], post: ['{x} after relu', '{x} passed through relu', '{x} with the negatives clipped away'] },
  leaky_relu: { pre: [], post: ['{x} after a leaky relu with slope {p0}', '{x} passed through a leaky relu'] },
  sigmoid: { pre: ['sigmoided'], post: ['{x} after a sigmoid', '{x} squashed by a sigmoid', '{x} passed through a sigmoid'] },
  tanh_values: { pre: [], post: ['{x} after tanh', '{x} squashed with tanh', '{x} passed through tanh'] },
  softplus: { pre: [], post: ['{x} after softplus', '{x} passed through softplus'] },
  softmax: { pre: ['softmaxed', 'softmax-normalized'], post: ['{x} after softmax', '{x} turned into probabilities'] },
  threshold: { pre: ['thresholded', 'binarized'], post: ['{x} thresholded at {p0}', '{x} binarized at {p0}'] },
};

/** Determiners an object may begin with: the words before the data's noun a `pre` form goes after. */
const DETERMINERS = new Set(['the', 'my', 'our', 'your', 'these', 'this', 'its', 'their', 'a']);

/** `object` with `adjective` before its noun: "the signal" -> "the smoothed signal"; "x" -> "smoothed x". */
export function premodify(object: string, adjective: string): string {
  const [first, ...rest] = object.split(' ');
  return DETERMINERS.has(first) && rest.length > 0 ? `${first} ${adjective} ${rest.join(' ')}` : `${adjective} ${object}`;
}
