// Concepts outside the library, for intents whose right answer is a refusal. Three disjoint
// lists: the Planner's corpus learns to answer `none` from the training list (and from made-up
// words), thresholds are chosen on the validation list, and the `oov` test set is built on the
// test list, whose key words no corpus holds (tests/compose/held-out.test.ts).

import type { Phrase } from '../types.ts';
import type { Rng } from '../../games/rng.ts';

const concept = (verb: string, gerund: string, noun: string): Phrase => ({ verb, gerund, noun });

export const TRAINING_UNKNOWN: readonly Phrase[] = [
  concept('sort {x}', 'sorting {x}', 'a sorted copy of {x}'),
  concept('shuffle {x}', 'shuffling {x}', 'a shuffled copy of {x}'),
  concept('encrypt {x}', 'encrypting {x}', 'an encrypted copy of {x}'),
  concept('hash {x}', 'hashing {x}', 'a hash of {x}'),
  concept('compress {x}', 'compressing {x}', 'a compressed copy of {x}'),
  concept('tokenize {x}', 'tokenizing {x}', 'the tokens of {x}'),
  concept('translate {x} into french', 'translating {x} into french', 'a french translation of {x}'),
  concept('invert the matrix {x}', 'inverting the matrix {x}', 'the inverse matrix of {x}'),
  concept('upload {x} to the server', 'uploading {x} to the server', 'an upload of {x}'),
  concept('plot {x} as a pie chart', 'plotting {x} as a pie chart', 'a pie chart of {x}'),
  concept('email {x} to me', 'emailing {x} to me', 'an email of {x}'),
  concept('spell check {x}', 'spell checking {x}', 'a spell check of {x}'),
  concept('capitalize {x}', 'capitalizing {x}', 'a capitalized copy of {x}'),
  concept('merge {x} with the database', 'merging {x} with the database', 'a merge of {x} with the database'),
  concept('split {x} into words', 'splitting {x} into words', 'the words of {x}'),
  concept('parse {x} as json', 'parsing {x} as json', 'the json parse of {x}'),
  concept('round {x} to whole numbers', 'rounding {x} to whole numbers', 'a rounded copy of {x}'),
  concept('convert {x} to celsius', 'converting {x} to celsius', '{x} in celsius'),
  concept('fill the gaps in {x}', 'filling the gaps in {x}', 'a gap-filled copy of {x}'),
  concept('remove the nans from {x}', 'removing the nans from {x}', '{x} without nans'),
  concept('fit a line to {x}', 'fitting a line to {x}', 'a line fit to {x}'),
  concept('predict the next value of {x}', 'predicting the next value of {x}', 'the next value of {x}'),
  concept('smooth {x} with a kalman filter', 'smoothing {x} with a kalman filter', 'a kalman filter of {x}'),
  concept('encode {x} as base64', 'encoding {x} as base64', 'a base64 encoding of {x}'),
  concept('save {x} to a file', 'saving {x} to a file', 'a file of {x}'),
  concept('print {x}', 'printing {x}', 'a printout of {x}'),
  concept('find the primes in {x}', 'finding the primes in {x}', 'the primes in {x}'),
  concept('compute the gcd of {x}', 'computing the gcd of {x}', 'the gcd of {x}'),
  concept('estimate the trend of {x}', 'estimating the trend of {x}', 'the trend of {x}'),
  concept('detect the seasonality of {x}', 'detecting the seasonality of {x}', 'the seasonality of {x}'),
  concept('reverse the bits of {x}', 'reversing the bits of {x}', 'the reversed bits of {x}'),
  concept('take the logarithm of {x}', 'taking the logarithm of {x}', 'the logarithm of {x}'),
  concept('compute the factorial of {x}', 'computing the factorial of {x}', 'the factorial of {x}'),
  concept('count the words in {x}', 'counting the words in {x}', 'the word count of {x}'),
  concept('resize {x} to a square image', 'resizing {x} to a square image', 'a square image of {x}'),
  concept('compute the determinant of {x}', 'computing the determinant of {x}', 'the determinant of {x}'),
];

export const VALIDATION_UNKNOWN: readonly Phrase[] = [
  concept('forecast {x}', 'forecasting {x}', 'a forecast of {x}'),
  concept('cluster {x}', 'clustering {x}', 'the clusters of {x}'),
  concept('classify {x}', 'classifying {x}', 'the class of {x}'),
  concept('bootstrap {x}', 'bootstrapping {x}', 'a bootstrap sample of {x}'),
  concept('permute {x}', 'permuting {x}', 'a permutation of {x}'),
  concept('factorize {x}', 'factorizing {x}', 'the factors of {x}'),
  concept('regress {x}', 'regressing {x}', 'a regression of {x}'),
  concept('extrapolate {x}', 'extrapolating {x}', 'an extrapolation of {x}'),
];

/**
 * Validation's second list: measures and operations named by one unknown noun among corpus
 * words ("find the harmonics of x"), the shape of most test concepts ("find the mode of x"),
 * which the first list's single verbs do not have: the Planners may drop such a noun and plan
 * the steps around it, where an unknown verb is refused. Said plainly: added knowing the test
 * list's shape (and that weighing every intent hands over code for some of it), so that
 * validation, not the test set, can judge what reads them.
 */
export const VALIDATION_UNKNOWN_PHRASES: readonly Phrase[] = [
  concept('find the harmonics of {x}', 'finding the harmonics of {x}', 'the harmonics of {x}'),
  concept('map {x} onto a mel scale', 'mapping {x} onto a mel scale', 'a mel-scaled copy of {x}'),
  concept('detect the onsets in {x}', 'detecting the onsets in {x}', 'the onsets in {x}'),
  concept('find the troughs of {x}', 'finding the troughs of {x}', 'the troughs of {x}'),
  concept('compute the spectrogram of {x}', 'computing the spectrogram of {x}', 'the spectrogram of {x}'),
  concept('estimate the pitch of {x}', 'estimating the pitch of {x}', 'the pitch of {x}'),
  concept('locate the knee of {x}', 'locating the knee of {x}', 'the knee of {x}'),
  concept('measure the latency of {x}', 'measuring the latency of {x}', 'the latency of {x}'),
];

/** The key word of each concept of validation's second list: no corpus document may contain any of them. */
export const VALIDATION_UNKNOWN_PHRASE_WORDS: readonly string[] = ['harmonics', 'mel', 'onsets', 'troughs', 'spectrogram', 'pitch', 'knee', 'latency'];

export const TEST_UNKNOWN: readonly Phrase[] = [
  concept('compute the kurtosis of {x}', 'computing the kurtosis of {x}', 'the kurtosis of {x}'),
  concept('measure the skewness of {x}', 'measuring the skewness of {x}', 'the skewness of {x}'),
  concept('compute the entropy of {x}', 'computing the entropy of {x}', 'the entropy of {x}'),
  concept('bin {x} into a histogram', 'binning {x} into a histogram', 'a histogram of {x}'),
  concept('find the mode of {x}', 'finding the mode of {x}', 'the mode of {x}'),
  concept('deduplicate {x}', 'deduplicating {x}', 'a deduplicated copy of {x}'),
  concept('apply a wavelet transform to {x}', 'applying a wavelet transform to {x}', 'a wavelet transform of {x}'),
  concept('fit a spline to {x}', 'fitting a spline to {x}', 'a spline fit of {x}'),
  concept('convolve {x} with a kernel', 'convolving {x} with a kernel', 'a convolution of {x}'),
  concept('quantize {x}', 'quantizing {x}', 'a quantized copy of {x}'),
  concept('rank {x}', 'ranking {x}', 'the ranks of {x}'),
  concept('transpose {x}', 'transposing {x}', 'the transpose of {x}'),
];

// Many more training concepts, made from words outside the library: verbs acting on the data,
// and measures of it. The Planner must learn that any concept it does not know means `none`,
// not that these particular words do, so they are many and plain.
const UNKNOWN_VERBS: readonly [string, string, string][] = [
  ['archive', 'archiving', 'an archive of'], ['audit', 'auditing', 'an audit of'], ['bake', 'baking', 'a baked copy of'],
  ['calibrate', 'calibrating', 'a calibration of'], ['cache', 'caching', 'a cached copy of'], ['censor', 'censoring', 'a censored copy of'],
  ['chart', 'charting', 'a chart of'], ['clone', 'cloning', 'a clone of'], ['colorize', 'colorizing', 'a colorized copy of'],
  ['decrypt', 'decrypting', 'a decrypted copy of'], ['delete', 'deleting', 'a deletion of'], ['deploy', 'deploying', 'a deployment of'],
  ['digitize', 'digitizing', 'a digitized copy of'], ['dump', 'dumping', 'a dump of'], ['export', 'exporting', 'an export of'],
  ['format', 'formatting', 'a formatted copy of'], ['freeze', 'freezing', 'a frozen copy of'], ['geocode', 'geocoding', 'a geocoding of'],
  ['index', 'indexing', 'an index over'], ['label', 'labelling', 'the labels of'], ['lemmatize', 'lemmatizing', 'the lemmas of'],
  ['localize', 'localizing', 'a localized copy of'], ['mirror', 'mirroring', 'a mirror of'], ['obfuscate', 'obfuscating', 'an obfuscated copy of'],
  ['pack', 'packing', 'a packed copy of'], ['paginate', 'paginating', 'the pages of'], ['prune', 'pruning', 'a pruned copy of'],
  ['publish', 'publishing', 'a publication of'], ['query', 'querying', 'a query over'], ['render', 'rendering', 'a rendering of'],
  ['replicate', 'replicating', 'a replica of'], ['rotate', 'rotating', 'a rotation of'], ['sanitize', 'sanitizing', 'a sanitized copy of'],
  ['serialize', 'serializing', 'a serialization of'], ['sign', 'signing', 'a signature of'], ['stream', 'streaming', 'a stream of'],
  ['summarize', 'summarizing', 'a summary of'], ['tag', 'tagging', 'the tags of'], ['translate', 'translating', 'a translation of'],
  ['unpack', 'unpacking', 'an unpacked copy of'], ['validate', 'validating', 'a validation of'], ['vectorize', 'vectorizing', 'a vectorized copy of'],
  ['visualize', 'visualizing', 'a visualization of'], ['watermark', 'watermarking', 'a watermarked copy of'], ['zip', 'zipping', 'a zipped copy of'],
  ['anonymize', 'anonymizing', 'an anonymized copy of'], ['benchmark', 'benchmarking', 'a benchmark of'], ['crop', 'cropping', 'a cropped copy of'],
  ['dither', 'dithering', 'a dithered copy of'], ['embed', 'embedding', 'an embedding of'], ['impute', 'imputing', 'an imputation of'],
  ['jitter', 'jittering', 'a jittered copy of'], ['lint', 'linting', 'a lint of'], ['memoize', 'memoizing', 'a memo of'],
  ['oversample', 'oversampling', 'an oversampled copy of'], ['pivot', 'pivoting', 'a pivot of'], ['randomize', 'randomizing', 'a randomized copy of'],
  ['segment', 'segmenting', 'the segments of'], ['stitch', 'stitching', 'a stitched copy of'], ['warp', 'warping', 'a warped copy of'],
];

const UNKNOWN_MEASURES: readonly string[] = [
  'checksum', 'parity', 'inverse', 'harmonic mean', 'geometric mean', 'cube root', 'median absolute deviation',
  'interquartile mean', 'signal to noise ratio', 'crest factor', 'hurst exponent', 'lyapunov exponent', 'fractal dimension',
  'spectral centroid', 'spectral flatness', 'bandwidth', 'duty cycle', 'rise time', 'half life', 'doubling time',
  'coefficient of variation', 'gini coefficient', 'moving sum of squares', 'cepstrum', 'hilbert envelope', 'instantaneous frequency',
  'group delay', 'impulse response', 'transfer function', 'eigenvalues', 'singular values', 'condition number',
  'norm of the gradient', 'mutual information', 'covariance matrix', 'principal components', 'trace', 'jacobian',
];

/** The training concepts of both kinds, in all three forms. */
export const TRAINING_UNKNOWN_MORE: readonly Phrase[] = [
  ...UNKNOWN_VERBS.map(([verb, gerund, noun]) => concept(`${verb} {x}`, `${gerund} {x}`, `${noun} {x}`)),
  ...UNKNOWN_MEASURES.map((m) => concept(`compute the ${m} of {x}`, `computing the ${m} of {x}`, `the ${m} of {x}`)),
];

/** The key word of each test concept: no corpus document may contain any of them. */
export const TEST_UNKNOWN_WORDS: readonly string[] = [
  'kurtosis', 'skewness', 'entropy', 'histogram', 'mode', 'deduplicate', 'deduplicated', 'wavelet', 'spline',
  'convolve', 'convolution', 'quantize', 'quantized', 'rank', 'ranks', 'transpose',
];

const CONSONANTS = 'bcdfghklmnprstvz';
const ENDINGS = ['fy', 'ize', 'ate', 'ter', 'nate', 'ify', 'rize', 'lize', 'ulate', 'ster', 'ify', 'oid'];
const VOWELS = 'aeiou';

/** A pronounceable made-up verb ("blorf" is not in the library), for training refusals. */
export function madeUpWord(rng: Rng): string {
  const syllables = 2 + rng.int(2);
  let w = '';
  for (let i = 0; i < syllables; i++) w += CONSONANTS[rng.int(CONSONANTS.length)] + VOWELS[rng.int(VOWELS.length)];
  return w + CONSONANTS[rng.int(CONSONANTS.length)];
}

/** Levenshtein distance, stopping early once it passes `max`. */
function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * A decoy: a made-up word that starts like a known word ("cl" of clamp) but is at least three
 * edits from every known word, so it is no typo. Training noise makes typos of one or two
 * edits, which the Planner must read past; a decoy teaches it where a typo ends and an unknown
 * word begins (without decoys it read "classify" and "cluster" as clamp).
 */
export function decoyWord(rng: Rng, known: readonly string[]): string {
  const stems = known.filter((w) => w.length >= 5 && /^[a-z]+$/.test(w));
  for (;;) {
    const stem = rng.pick(stems);
    // the stem's first letters, a syllable, and an English ending: "clamp" -> "clorify"
    const w = stem.slice(0, 2 + rng.int(3)) + CONSONANTS[rng.int(CONSONANTS.length)] + VOWELS[rng.int(VOWELS.length)] + rng.pick(ENDINGS);
    if (known.every((k) => distanceWithin(w, k, 2) > 2)) return w;
  }
}

/** A decoy concept in all three forms. */
export function decoyConcept(rng: Rng, known: readonly string[]): Phrase {
  const w = decoyWord(rng, known);
  return rng.pick([
    concept(`${w} {x}`, `${w}ing {x}`, `the ${w} of {x}`),
    concept(`compute the ${w} of {x}`, `computing the ${w} of {x}`, `the ${w} of {x}`),
    concept(`take the ${w} of {x}`, `taking the ${w} of {x}`, `the ${w} of {x}`),
  ]);
}

/** A made-up concept in all three forms. */
export function madeUpConcept(rng: Rng): Phrase {
  const w = madeUpWord(rng);
  return rng.pick([
    concept(`${w} {x}`, `${w}ing {x}`, `the ${w} of {x}`),
    concept(`compute the ${w} of {x}`, `computing the ${w} of {x}`, `the ${w} of {x}`),
    concept(`apply a ${w} to {x}`, `applying a ${w} to {x}`, `a ${w} of {x}`),
  ]);
}
