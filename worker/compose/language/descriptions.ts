// Language data by family (session 51): how people describe each primitive beyond the table's
// own 3-5 phrasings, so the next Planner corpus can be built from many more ways of saying the
// same step. Written from the primitive table alone (names, signatures, summaries and canonical
// bodies in worker/compose/primitives/*.ts) and the author's knowledge of how data scientists,
// students, engineers and NumPy/pandas users name these operations; no test intents were read.
//
// Slots follow the table's (types.ts Phrase): `{x}` the data operated on, `{xy}` the two inputs of
// a binary primitive, `{p0}`, `{p1}` the parameters in `params` order. A form that leaves a
// parameter's slot out means its default, so it is worded to be right for the default too. No
// literal numbers outside code forms; code forms name parameter values only by slot.
import type { Phrase } from '../types.ts';
import { phrases } from '../primitives/define.ts';

/** How people describe one primitive beyond the table's own phrases, by family. */
export interface PrimitiveWords {
  /** Descriptive phrasings: the summary turned into words and definitions a person would give; verb / gerund / noun forms with the same slots. */
  describe: readonly Phrase[];
  /** Questions a person would ask, whole clauses over {x} (or {xy}), without a question mark. */
  ask: readonly string[];
  /** Bare requests: the operation as people name it, no object at all; may hold {p0}, {p1}. */
  bare: readonly string[];
  /** Code-flavoured forms (NumPy, pandas, SciPy, MATLAB, PyTorch), no {x}: the array is the literal `x` (and `y`). */
  code: readonly string[];
}

/** The families of PrimitiveWords, in the order the documentation counts them. */
export const FAMILIES = ['describe', 'ask', 'bare', 'code'] as const;

export const DESCRIPTIONS: Readonly<Record<string, PrimitiveWords>> = {
  // ---- statistics
  mean: {
    describe: phrases(
      ['average all the values of {x}', 'averaging all the values of {x}', 'the overall average of {x}'],
      ['divide the sum of {x} by its length', 'dividing the sum of {x} by its length', 'the sum of {x} over its length'],
      ['find the mean value of {x}', 'finding the mean value of {x}', 'the mean value of {x}'],
      ['estimate the expected value of {x}', 'estimating the expected value of {x}', 'the expected value of {x}'],
      ['get the avg of {x}', 'getting the avg of {x}', 'the avg of {x}'],
    ),
    ask: ['what is the average of {x}', 'what is {x} on average', 'what does {x} average out to'],
    bare: ['mean', 'average value', 'arithmetic average', 'avg'],
    code: ['np.mean(x)', 'x.mean()', 'sum(x) / len(x)'],
  },
  variance: {
    describe: phrases(
      ['find the average squared distance of {x} from its mean', 'finding the average squared distance of {x} from its mean', 'the average squared distance of {x} from its mean'],
      ['compute the var of {x}', 'computing the var of {x}', 'the var of {x}'],
      ['compute the biased variance of {x}', 'computing the biased variance of {x}', 'the biased variance of {x}'],
      ['compute the second central moment of {x}', 'computing the second central moment of {x}', 'the second central moment of {x}'],
      ['measure the variance of {x} dividing by n', 'measuring the variance of {x} dividing by n', 'the variance of {x} with n in the denominator'],
    ),
    ask: ['what is the variance of {x}', 'how large is the variance of {x}', 'what is the average squared deviation of {x} from its mean'],
    bare: ['variance', 'population variance', 'var', 'sigma squared'],
    code: ['np.var(x)', 'x.var(ddof=0)', 'statistics.pvariance(x)'],
  },
  stddev: {
    describe: phrases(
      ['take the square root of the variance of {x}', 'taking the square root of the variance of {x}', 'the square root of the variance of {x}'],
      ['compute the std dev of {x}', 'computing the std dev of {x}', 'the std dev of {x}'],
      ['compute the sigma of {x}', 'computing the sigma of {x}', 'the sigma of {x}'],
      ['compute the stdev of {x}', 'computing the stdev of {x}', 'the stdev of {x}'],
      ['measure how far the values of {x} typically sit from their mean', 'measuring how far the values of {x} typically sit from their mean', 'the typical distance of the values of {x} from their mean'],
    ),
    ask: ['how spread out is {x}', 'what is the standard deviation of {x}', 'how much does {x} typically deviate from its mean'],
    bare: ['std dev', 'standard deviation', 'stdev', 'population std'],
    code: ['np.std(x)', 'x.std(ddof=0)', 'statistics.pstdev(x)'],
  },
  median: {
    describe: phrases(
      ['find the middle value of {x} once sorted', 'finding the middle value of {x} once sorted', 'the middle value of {x} once sorted'],
      ['sort {x} and take the middle value', 'sorting {x} and taking the middle value', 'the central value of {x} when sorted'],
      ['compute the sample median of {x}', 'computing the sample median of {x}', 'the sample median of {x}'],
      ['find the value that splits {x} in half', 'finding the value that splits {x} in half', 'the value that splits {x} in half'],
      ['take the middle of the sorted values of {x}', 'taking the middle of the sorted values of {x}', 'the middle of the sorted values of {x}'],
    ),
    ask: ['what is the median of {x}', 'what value sits in the middle of {x}', 'which value has half of {x} below it'],
    bare: ['median', 'middle value', 'the median value', 'midpoint of the sorted values'],
    code: ['np.median(x)', 'x.median()', 'statistics.median(x)'],
  },
  percentile: {
    describe: phrases(
      ['find the {p0}th percentile of {x}', 'finding the {p0}th percentile of {x}', 'the {p0}th percentile of {x}'],
      ['find the value below which {p0} percent of {x} lies', 'finding the value below which {p0} percent of {x} lies', 'the value below which {p0} percent of {x} lies'],
      ['compute the p{p0} of {x}', 'computing the p{p0} of {x}', 'the p{p0} of {x}'],
      ['compute the quantile of {x} at {p0} percent', 'computing the quantile of {x} at {p0} percent', 'the quantile of {x} at {p0} percent'],
      ['take a high percentile of {x}', 'taking a high percentile of {x}', 'a high percentile of {x}'],
    ),
    ask: ['what value is {x} below {p0} percent of the time', 'what is the {p0}th percentile of {x}', 'how high is {x} at its {p0}th percentile'],
    bare: ['{p0}th percentile', 'percentile {p0}', 'p{p0}', 'quantile at {p0} percent'],
    code: ['np.percentile(x, {p0})', 'percentile(x, q={p0})', 'prctile(x, {p0})'],
  },
  minimum: {
    describe: phrases(
      ['find the smallest number in {x}', 'finding the smallest number in {x}', 'the smallest number in {x}'],
      ['get the lowest point of {x}', 'getting the lowest point of {x}', 'the lowest point of {x}'],
      ['find the min value of {x}', 'finding the min value of {x}', 'the min value of {x}'],
      ['find the least value in {x}', 'finding the least value in {x}', 'the least value in {x}'],
      ['find the minimal value of {x}', 'finding the minimal value of {x}', 'the minimal value of {x}'],
    ),
    ask: ['what is the smallest value in {x}', 'how low does {x} go', 'what is the lowest {x} gets'],
    bare: ['min', 'minimum value', 'smallest value', 'lowest value'],
    code: ['np.min(x)', 'x.min()', 'min(x)'],
  },
  maximum: {
    describe: phrases(
      ['find the biggest number in {x}', 'finding the biggest number in {x}', 'the biggest number in {x}'],
      ['get the highest point of {x}', 'getting the highest point of {x}', 'the highest point of {x}'],
      ['find the max value of {x}', 'finding the max value of {x}', 'the max value of {x}'],
      ['find the peak value of {x}', 'finding the peak value of {x}', 'the peak value of {x}'],
      ['find the top value of {x}', 'finding the top value of {x}', 'the top value of {x}'],
    ),
    ask: ['what is the largest value in {x}', 'how high does {x} go', 'what is the biggest value {x} reaches'],
    bare: ['max', 'maximum value', 'largest value', 'biggest value'],
    code: ['np.max(x)', 'x.max()', 'max(x)'],
  },
  total: {
    describe: phrases(
      ['add together every value in {x}', 'adding together every value in {x}', 'every value in {x} added together'],
      ['find the grand total of {x}', 'finding the grand total of {x}', 'the grand total of {x}'],
      ['compute the sum of the values of {x}', 'computing the sum of the values of {x}', 'the sum of the values of {x}'],
      ['compute the summation of {x}', 'computing the summation of {x}', 'the summation of {x}'],
      ['sum all the elements of {x}', 'summing all the elements of {x}', 'the sum over all the elements of {x}'],
    ),
    ask: ['what do the values of {x} add up to', 'what is the sum of {x}', 'how much is {x} in total'],
    bare: ['sum', 'total', 'sum of all values', 'grand total'],
    code: ['np.sum(x)', 'x.sum()', 'sum(x)'],
  },
  value_range: {
    describe: phrases(
      ['subtract the minimum of {x} from its maximum', 'subtracting the minimum of {x} from its maximum', 'the maximum of {x} minus its minimum'],
      ['find the spread between the highest and lowest values of {x}', 'finding the spread between the highest and lowest values of {x}', 'the spread between the highest and lowest values of {x}'],
      ['compute the peak-to-peak of {x}', 'computing the peak-to-peak of {x}', 'the peak-to-peak of {x}'],
      ['find the span of {x}', 'finding the span of {x}', 'the span of {x}'],
      ['measure the full extent of the values of {x}', 'measuring the full extent of the values of {x}', 'the full extent of the values of {x}'],
    ),
    ask: ['how far apart are the largest and smallest values of {x}', 'what is the range of {x}', 'how wide is the range of values in {x}'],
    bare: ['range', 'peak to peak', 'max minus min', 'ptp'],
    code: ['np.ptp(x)', 'x.max() - x.min()', 'max(x) - min(x)'],
  },
  rms: {
    describe: phrases(
      ['find the square root of the mean square of {x}', 'finding the square root of the mean square of {x}', 'the square root of the mean square of {x}'],
      ['compute the root-mean-square value of {x}', 'computing the root-mean-square value of {x}', 'the root-mean-square value of {x}'],
      ['find the effective value of {x}', 'finding the effective value of {x}', 'the effective value of {x}'],
      ['measure the rms amplitude of {x}', 'measuring the rms amplitude of {x}', 'the rms amplitude of {x}'],
      ['get the root mean squared value of {x}', 'getting the root mean squared value of {x}', 'the root mean squared value of {x}'],
    ),
    ask: ['what is the rms of {x}', 'how large is {x} in the root mean square sense'],
    bare: ['rms', 'root mean square', 'root-mean-square value', 'quadratic mean'],
    code: ['np.sqrt(np.mean(x ** 2))', 'rms(x)', 'sqrt(mean(x.^2))'],
  },
  energy: {
    describe: phrases(
      ['add up the squares of {x}', 'adding up the squares of {x}', 'the sum of the squares of {x}'],
      ['compute the sum of squared values of {x}', 'computing the sum of squared values of {x}', 'the sum of squared values of {x}'],
      ['find the squared length of {x}', 'finding the squared length of {x}', 'the squared length of {x}'],
      ['compute the squared euclidean norm of {x}', 'computing the squared euclidean norm of {x}', 'the squared euclidean norm of {x}'],
      ['measure the signal energy of {x}', 'measuring the signal energy of {x}', 'the signal energy of {x}'],
    ),
    ask: ['how much energy is in {x}', 'what is the sum of squares of {x}'],
    bare: ['energy', 'sum of squares', 'squared norm', 'signal energy'],
    code: ['np.sum(x ** 2)', 'np.dot(x, x)', 'sum(x.^2)'],
  },
  mean_abs: {
    describe: phrases(
      ['average the absolute values of {x}', 'averaging the absolute values of {x}', 'the average of the absolute values of {x}'],
      ['find the mean absolute amplitude of {x}', 'finding the mean absolute amplitude of {x}', 'the mean absolute amplitude of {x}'],
      ['compute the average absolute value of {x}', 'computing the average absolute value of {x}', 'the average absolute value of {x}'],
      ['compute the mean rectified value of {x}', 'computing the mean rectified value of {x}', 'the mean rectified value of {x}'],
      ['find the average size of the values of {x} ignoring sign', 'finding the average size of the values of {x} ignoring sign', 'the average size of the values of {x} ignoring sign'],
    ),
    ask: ['how large is {x} on average ignoring sign', 'what is the average magnitude of the values of {x}'],
    bare: ['mean absolute value', 'mean abs', 'average magnitude', 'average rectified value'],
    code: ['np.mean(np.abs(x))', 'x.abs().mean()', 'mean(abs(x))'],
  },
  argmax: {
    describe: phrases(
      ['find the position of the largest value in {x}', 'finding the position of the largest value in {x}', 'the position of the largest value in {x}'],
      ['find the index of the biggest element of {x}', 'finding the index of the biggest element of {x}', 'the index of the biggest element of {x}'],
      ['find at which index {x} reaches its maximum', 'finding at which index {x} reaches its maximum', 'the index at which {x} reaches its maximum'],
      ['locate the max of {x}', 'locating the max of {x}', 'the location of the max of {x}'],
      ['find the sample number of the highest value of {x}', 'finding the sample number of the highest value of {x}', 'the sample number of the highest value of {x}'],
    ),
    ask: ['where is the largest value in {x}', 'at which index is {x} highest', 'which sample of {x} is the biggest'],
    bare: ['argmax', 'index of the max', 'position of the maximum', 'index of the largest value'],
    code: ['np.argmax(x)', 'x.argmax()', 'x.idxmax()'],
  },
  argmin: {
    describe: phrases(
      ['find the position of the smallest value in {x}', 'finding the position of the smallest value in {x}', 'the position of the smallest value in {x}'],
      ['find the index of the lowest element of {x}', 'finding the index of the lowest element of {x}', 'the index of the lowest element of {x}'],
      ['find at which index {x} reaches its minimum', 'finding at which index {x} reaches its minimum', 'the index at which {x} reaches its minimum'],
      ['locate the min of {x}', 'locating the min of {x}', 'the location of the min of {x}'],
      ['find the sample number of the lowest value of {x}', 'finding the sample number of the lowest value of {x}', 'the sample number of the lowest value of {x}'],
    ),
    ask: ['where is the smallest value in {x}', 'at which index is {x} lowest', 'which sample of {x} is the smallest'],
    bare: ['argmin', 'index of the min', 'position of the minimum', 'index of the smallest value'],
    code: ['np.argmin(x)', 'x.argmin()', 'x.idxmin()'],
  },
  count_above: {
    describe: phrases(
      ['count the samples of {x} that exceed {p0}', 'counting the samples of {x} that exceed {p0}', 'the number of samples of {x} that exceed {p0}'],
      ['tally the entries of {x} over {p0}', 'tallying the entries of {x} over {p0}', 'the tally of entries of {x} over {p0}'],
      ['count the values of {x} strictly above {p0}', 'counting the values of {x} strictly above {p0}', 'the count of values of {x} strictly above {p0}'],
      ['count the positives in {x}', 'counting the positives in {x}', 'the count of positives in {x}'],
      ['count how many elements of {x} are bigger than {p0}', 'counting how many elements of {x} are bigger than {p0}', 'the number of elements of {x} bigger than {p0}'],
    ),
    ask: ['how many values of {x} are above {p0}', 'in how many samples does {x} exceed {p0}', 'how many entries of {x} are positive'],
    bare: ['count above {p0}', 'number of values over {p0}', 'count of positives', 'how many exceed {p0}'],
    code: ['(x > {p0}).sum()', 'np.sum(x > {p0})', 'np.count_nonzero(x > {p0})'],
  },

  // ---- smoothing
  rolling_mean: {
    describe: phrases(
      ['average the last {p0} values of {x} at each point', 'averaging the last {p0} values of {x} at each point', 'the average of the last {p0} values of {x} at each point'],
      ['apply a trailing moving average to {x}', 'applying a trailing moving average to {x}', 'a trailing moving average of {x}'],
      ['compute a simple moving average of {x} over {p0} samples', 'computing a simple moving average of {x} over {p0} samples', 'a simple moving average of {x} over {p0} samples'],
      ['run a box filter of width {p0} over {x}', 'running a box filter of width {p0} over {x}', 'a box filter of width {p0} over {x}'],
      ['take the rolling average of {x}', 'taking the rolling average of {x}', 'the rolling average of {x}'],
      ['compute a running average of {x} over {p0} samples', 'computing a running average of {x} over {p0} samples', 'a running average of {x} over {p0} samples'],
    ),
    ask: ['what does {x} look like smoothed over {p0} points', 'what is the moving average of {x} over {p0} samples', 'what does {x} look like with a rolling average'],
    bare: ['moving average over {p0}', 'rolling mean', 'moving avg', 'simple moving average with window {p0}'],
    code: ['x.rolling({p0}, min_periods=1).mean()', 'rolling mean, window={p0}', 'sma(x, {p0})'],
  },
  median_filter: {
    describe: phrases(
      ['take the median of the last {p0} values of {x} at each point', 'taking the median of the last {p0} values of {x} at each point', 'the median of the last {p0} values of {x} at each point'],
      ['remove the spikes from {x}', 'removing the spikes from {x}', 'a spike-free version of {x}'],
      ['smooth {x} with a running median over {p0} samples', 'smoothing {x} with a running median over {p0} samples', 'a running median of {x} over {p0} samples'],
      ['apply a moving median to {x}', 'applying a moving median to {x}', 'a moving median of {x}'],
      ['median-smooth {x} with a window of {p0}', 'median-smoothing {x} with a window of {p0}', 'a median smoothing of {x} with a window of {p0}'],
    ),
    ask: ['what does {x} look like with its spikes removed', 'what is the rolling median of {x} over {p0} points'],
    bare: ['median filter', 'moving median over {p0}', 'rolling median', 'despike'],
    code: ['x.rolling({p0}, min_periods=1).median()', 'medfilt(x, {p0})', 'rolling(x, {p0}).median()'],
  },
  rolling_max: {
    describe: phrases(
      ['take the max of the last {p0} values of {x} at each point', 'taking the max of the last {p0} values of {x} at each point', 'the max of the last {p0} values of {x} at each point'],
      ['compute a sliding-window maximum of {x}', 'computing a sliding-window maximum of {x}', 'a sliding-window maximum of {x}'],
      ['apply a max filter of width {p0} to {x}', 'applying a max filter of width {p0} to {x}', 'a max filter of width {p0} applied to {x}'],
      ['track the peak of {x} over the last {p0} samples', 'tracking the peak of {x} over the last {p0} samples', 'the peak of {x} over the last {p0} samples'],
      ['compute the windowed max of {x}', 'computing the windowed max of {x}', 'the windowed max of {x}'],
    ),
    ask: ['what is the highest value of {x} within each window of {p0}', 'what is the largest recent value of {x} over {p0} samples'],
    bare: ['rolling max over {p0}', 'moving maximum', 'sliding max', 'max filter'],
    code: ['x.rolling({p0}, min_periods=1).max()', 'rolling(x, {p0}).max()'],
  },
  rolling_min: {
    describe: phrases(
      ['take the min of the last {p0} values of {x} at each point', 'taking the min of the last {p0} values of {x} at each point', 'the min of the last {p0} values of {x} at each point'],
      ['compute a sliding-window minimum of {x}', 'computing a sliding-window minimum of {x}', 'a sliding-window minimum of {x}'],
      ['apply a min filter of width {p0} to {x}', 'applying a min filter of width {p0} to {x}', 'a min filter of width {p0} applied to {x}'],
      ['track the trough of {x} over the last {p0} samples', 'tracking the trough of {x} over the last {p0} samples', 'the trough of {x} over the last {p0} samples'],
      ['compute the windowed min of {x}', 'computing the windowed min of {x}', 'the windowed min of {x}'],
    ),
    ask: ['what is the lowest value of {x} within each window of {p0}', 'what is the smallest recent value of {x} over {p0} samples'],
    bare: ['rolling min over {p0}', 'moving minimum', 'sliding min', 'min filter'],
    code: ['x.rolling({p0}, min_periods=1).min()', 'rolling(x, {p0}).min()'],
  },
  rolling_std: {
    describe: phrases(
      ['compute the standard deviation of the last {p0} values of {x} at each point', 'computing the standard deviation of the last {p0} values of {x} at each point', 'the standard deviation of the last {p0} values of {x} at each point'],
      ['compute a moving standard deviation of {x}', 'computing a moving standard deviation of {x}', 'a moving standard deviation of {x}'],
      ['measure the local spread of {x} over {p0} samples', 'measuring the local spread of {x} over {p0} samples', 'the local spread of {x} over {p0} samples'],
      ['compute a sliding-window std of {x} with width {p0}', 'computing a sliding-window std of {x} with width {p0}', 'a sliding-window std of {x} with width {p0}'],
      ['track how volatile {x} is over a window of {p0}', 'tracking how volatile {x} is over a window of {p0}', 'the volatility of {x} over a window of {p0}'],
    ),
    ask: ['how volatile is {x} over each window of {p0} samples', 'how does the local spread of {x} change over time'],
    bare: ['rolling std over {p0}', 'moving standard deviation', 'rolling volatility', 'windowed std dev'],
    code: ['x.rolling({p0}, min_periods=1).std(ddof=0)', 'rolling(x, {p0}).std()'],
  },
  ema: {
    describe: phrases(
      ['apply exponential smoothing to {x} with a smoothing factor of {p0}', 'applying exponential smoothing to {x} with a smoothing factor of {p0}', 'exponential smoothing of {x} with a smoothing factor of {p0}'],
      ['compute an exponentially weighted moving average of {x}', 'computing an exponentially weighted moving average of {x}', 'an exponentially weighted moving average of {x}'],
      ['take an ewma of {x}', 'taking an ewma of {x}', 'an ewma of {x}'],
      ['blend each sample of {x} into a running estimate with weight {p0}', 'blending each sample of {x} into a running estimate with weight {p0}', 'a running estimate of {x} blending in each sample with weight {p0}'],
      ['compute an exponential average of {x} with alpha {p0}', 'computing an exponential average of {x} with alpha {p0}', 'an exponential average of {x} with alpha {p0}'],
    ),
    ask: ['what does {x} look like under an exponential moving average', 'what is the ema of {x} with alpha {p0}'],
    bare: ['ema', 'ewma with alpha {p0}', 'exponential moving average', 'exponential smoothing'],
    code: ['x.ewm(alpha={p0}, adjust=false).mean()', 'ema(x, alpha={p0})', 'ewma(x, {p0})'],
  },
  lowpass: {
    describe: phrases(
      ['attenuate the frequencies of {x} above {p0}', 'attenuating the frequencies of {x} above {p0}', 'a copy of {x} with the frequencies above {p0} attenuated'],
      ['apply a one-pole low-pass to {x}', 'applying a one-pole low-pass to {x}', 'a one-pole low-pass of {x}'],
      ['run {x} through a lowpass filter at {p0} cycles per sample', 'running {x} through a lowpass filter at {p0} cycles per sample', 'a lowpass filtering of {x} at {p0} cycles per sample'],
      ['filter out the high-frequency noise in {x}', 'filtering out the high-frequency noise in {x}', 'a version of {x} with the high-frequency noise filtered out'],
      ['apply an iir low-pass filter to {x}', 'applying an iir low-pass filter to {x}', 'an iir low-pass filter of {x}'],
    ),
    ask: ['what does {x} look like without its high frequencies', 'what is left of {x} below a cutoff of {p0}'],
    bare: ['low-pass', 'lowpass at {p0}', 'lpf', 'low pass filter with cutoff {p0}'],
    code: ['lowpass(x, cutoff={p0})', 'lpf(x, {p0})'],
  },
  highpass: {
    describe: phrases(
      ['attenuate the frequencies of {x} below {p0}', 'attenuating the frequencies of {x} below {p0}', 'a copy of {x} with the frequencies below {p0} attenuated'],
      ['subtract a low-pass filtered copy from {x}', 'subtracting a low-pass filtered copy from {x}', '{x} minus its low-pass filtered copy'],
      ['apply a one-pole high-pass to {x}', 'applying a one-pole high-pass to {x}', 'a one-pole high-pass of {x}'],
      ['remove the baseline wander from {x}', 'removing the baseline wander from {x}', 'a baseline-corrected version of {x}'],
      ['filter the slow trends out of {x} with a cutoff of {p0}', 'filtering the slow trends out of {x} with a cutoff of {p0}', 'a version of {x} with the slow trends below {p0} filtered out'],
      ['apply an iir high-pass filter to {x}', 'applying an iir high-pass filter to {x}', 'an iir high-pass filter of {x}'],
    ),
    ask: ['what does {x} look like without its slow drift', 'what is left of {x} above a cutoff of {p0}'],
    bare: ['high-pass', 'highpass at {p0}', 'hpf', 'high pass filter with cutoff {p0}'],
    code: ['highpass(x, cutoff={p0})', 'x - lowpass(x, {p0})', 'hpf(x, {p0})'],
  },
  bandpass: {
    describe: phrases(
      ['pass only the frequencies of {x} from {p0} to {p1}', 'passing only the frequencies of {x} from {p0} to {p1}', 'only the frequencies of {x} from {p0} to {p1}'],
      ['filter {x} to the band from {p0} to {p1}', 'filtering {x} to the band from {p0} to {p1}', 'a filtering of {x} to the band from {p0} to {p1}'],
      ['remove the frequencies of {x} outside {p0} to {p1}', 'removing the frequencies of {x} outside {p0} to {p1}', 'a copy of {x} without the frequencies outside {p0} to {p1}'],
      ['apply a band filter to {x}', 'applying a band filter to {x}', 'a band filter of {x}'],
      ['keep the middle band of frequencies of {x}', 'keeping the middle band of frequencies of {x}', 'the middle frequency band of {x}'],
    ),
    ask: ['what part of {x} lies between the frequencies {p0} and {p1}', 'what does {x} look like in the band from {p0} to {p1}'],
    bare: ['band-pass', 'bandpass {p0} to {p1}', 'bpf', 'band pass between {p0} and {p1}'],
    code: ['bandpass(x, {p0}, {p1})', 'highpass(lowpass(x, {p1}), {p0})', 'bpf(x, lo={p0}, hi={p1})'],
  },
  gaussian_smooth: {
    describe: phrases(
      ['smooth {x} with a gaussian of standard deviation {p0}', 'smoothing {x} with a gaussian of standard deviation {p0}', 'a smoothing of {x} with a gaussian of standard deviation {p0}'],
      ['convolve {x} with a gaussian kernel of sigma {p0}', 'convolving {x} with a gaussian kernel of sigma {p0}', 'a convolution of {x} with a gaussian kernel of sigma {p0}'],
      ['apply a gaussian filter to {x}', 'applying a gaussian filter to {x}', 'a gaussian filter of {x}'],
      ['blur {x} with a gaussian', 'blurring {x} with a gaussian', 'a gaussian-blurred copy of {x}'],
      ['gaussian-blur {x} with sigma {p0}', 'gaussian-blurring {x} with sigma {p0}', 'a gaussian blur of {x} with sigma {p0}'],
    ),
    ask: ['what does {x} look like under a gaussian filter', 'what is {x} smoothed by a gaussian of width {p0}'],
    bare: ['gaussian smoothing', 'gaussian blur', 'gaussian filter with sigma {p0}', 'gauss smooth'],
    code: ['gaussian_filter1d(x, sigma={p0})', 'ndimage.gaussian_filter1d(x, {p0})'],
  },

  // ---- differences
  diff_forward: {
    describe: phrases(
      ['subtract each value of {x} from the next', 'subtracting each value of {x} from the next', 'the differences between consecutive values of {x}'],
      ['compute the consecutive differences of {x}', 'computing the consecutive differences of {x}', 'the consecutive differences of {x}'],
      ['take the deltas of {x}', 'taking the deltas of {x}', 'the deltas of {x}'],
      ['compute the change between neighbouring samples of {x}', 'computing the change between neighbouring samples of {x}', 'the change between neighbouring samples of {x}'],
      ['first-difference {x}', 'first-differencing {x}', 'a first-differenced copy of {x}'],
    ),
    ask: ['how much does {x} change from one sample to the next', 'what are the differences between adjacent values of {x}'],
    bare: ['diff', 'first differences', 'deltas', 'consecutive differences'],
    code: ['np.diff(x)', 'x[1:] - x[:-1]', 'diff(x)'],
  },
  diff_central: {
    describe: phrases(
      ['compute the slope of {x} at each point', 'computing the slope of {x} at each point', 'the slope of {x} at each point'],
      ['estimate the derivative of {x} by central differences', 'estimating the derivative of {x} by central differences', 'a central-difference derivative of {x}'],
      ['compute the first derivative of {x}', 'computing the first derivative of {x}', 'the first derivative of {x}'],
      ['find the local slope of {x}', 'finding the local slope of {x}', 'the local slope of {x}'],
      ['compute the velocity of {x}', 'computing the velocity of {x}', 'the velocity of {x}'],
      ['numerically differentiate {x}', 'numerically differentiating {x}', 'a numerical differentiation of {x}'],
    ),
    ask: ['how fast is {x} changing', 'what is the slope of {x} at each sample', 'how steep is {x} at each point'],
    bare: ['derivative', 'gradient', 'd/dt', 'first derivative'],
    code: ['np.gradient(x)', 'gradient(x)', '(x[i+1] - x[i-1]) / 2'],
  },
  second_difference: {
    describe: phrases(
      ['compute the second differences of {x}', 'computing the second differences of {x}', 'the second differences of {x}'],
      ['take the discrete laplacian of {x}', 'taking the discrete laplacian of {x}', 'the discrete laplacian of {x}'],
      ['compute the second-order difference of {x}', 'computing the second-order difference of {x}', 'the second-order difference of {x}'],
      ['compute the concavity of {x}', 'computing the concavity of {x}', 'the concavity of {x}'],
      ['compute the second-order derivative of {x}', 'computing the second-order derivative of {x}', 'the second-order derivative of {x}'],
    ),
    ask: ['how curved is {x} at each point', 'what is the second derivative of {x} at each sample'],
    bare: ['second derivative', 'second difference', 'laplacian', 'curvature'],
    code: ['x[i-1] - 2*x[i] + x[i+1]', 'second_diff(x)', 'd2x/dt2'],
  },
  cumsum: {
    describe: phrases(
      ['keep a running sum of {x}', 'keeping a running sum of {x}', 'a running sum of {x}'],
      ['compute the cumulative total of {x}', 'computing the cumulative total of {x}', 'the cumulative total of {x}'],
      ['sum {x} progressively', 'summing {x} progressively', 'the progressive sum of {x}'],
      ['compute the partial sums of {x}', 'computing the partial sums of {x}', 'the partial sums of {x}'],
      ['accumulate the values of {x}', 'accumulating the values of {x}', 'the accumulated values of {x}'],
    ),
    ask: ['what is the running total of {x} at each point', 'how does the sum of {x} build up over time'],
    bare: ['cumsum', 'cumulative sum', 'running total', 'running sum'],
    code: ['np.cumsum(x)', 'x.cumsum()', 'cumsum(x)'],
  },
  running_max: {
    describe: phrases(
      ['compute the maximum so far of {x} at each point', 'computing the maximum so far of {x} at each point', 'the maximum so far of {x} at each point'],
      ['track the highest value of {x} seen up to each sample', 'tracking the highest value of {x} seen up to each sample', 'the highest value of {x} seen up to each sample'],
      ['compute the cumulative maximum of {x}', 'computing the cumulative maximum of {x}', 'the cumulative maximum of {x}'],
      ['follow the all-time high of {x}', 'following the all-time high of {x}', 'the all-time high of {x} at each point'],
      ['compute the high-water mark of {x}', 'computing the high-water mark of {x}', 'the high-water mark of {x}'],
    ),
    ask: ['what is the highest value of {x} so far at each point', 'how high has {x} climbed up to each sample'],
    bare: ['cummax', 'cumulative max', 'running maximum', 'max so far', 'high-water mark'],
    code: ['np.maximum.accumulate(x)', 'x.cummax()', 'cummax(x)'],
  },
  running_min: {
    describe: phrases(
      ['compute the minimum so far of {x} at each point', 'computing the minimum so far of {x} at each point', 'the minimum so far of {x} at each point'],
      ['track the lowest value of {x} seen up to each sample', 'tracking the lowest value of {x} seen up to each sample', 'the lowest value of {x} seen up to each sample'],
      ['compute the cumulative minimum of {x}', 'computing the cumulative minimum of {x}', 'the cumulative minimum of {x}'],
      ['follow the all-time low of {x}', 'following the all-time low of {x}', 'the all-time low of {x} at each point'],
      ['compute the low-water mark of {x}', 'computing the low-water mark of {x}', 'the low-water mark of {x}'],
    ),
    ask: ['what is the lowest value of {x} so far at each point', 'how low has {x} fallen up to each sample'],
    bare: ['cummin', 'cumulative min', 'running minimum', 'min so far', 'low-water mark'],
    code: ['np.minimum.accumulate(x)', 'x.cummin()', 'cummin(x)'],
  },
  trapezoid: {
    describe: phrases(
      ['compute the integral of {x}', 'computing the integral of {x}', 'the integral of {x}'],
      ['find the definite integral of {x} by the trapezoidal rule', 'finding the definite integral of {x} by the trapezoidal rule', 'the trapezoidal integral of {x}'],
      ['apply the trapezoid rule to {x}', 'applying the trapezoid rule to {x}', 'the trapezoid-rule integral of {x}'],
      ['sum the trapezoids under {x}', 'summing the trapezoids under {x}', 'the sum of the trapezoids under {x}'],
      ['measure the total area beneath {x}', 'measuring the total area beneath {x}', 'the total area beneath {x}'],
    ),
    ask: ['what is the area under {x}', 'how much area lies under {x}', 'what does {x} integrate to'],
    bare: ['trapz', 'integral', 'area under the curve', 'trapezoidal integration'],
    code: ['np.trapz(x)', 'np.trapezoid(x)', 'trapz(x)'],
  },
  cumulative_trapezoid: {
    describe: phrases(
      ['compute the running integral of {x}', 'computing the running integral of {x}', 'the running integral of {x}'],
      ['integrate {x} cumulatively with the trapezoid rule', 'integrating {x} cumulatively with the trapezoid rule', 'the cumulative trapezoid integral of {x}'],
      ['compute the indefinite integral of {x}', 'computing the indefinite integral of {x}', 'the indefinite integral of {x}'],
      ['accumulate the trapezoid areas under {x}', 'accumulating the trapezoid areas under {x}', 'the accumulated trapezoid areas under {x}'],
      ['find the area under {x} up to each sample', 'finding the area under {x} up to each sample', 'the area under {x} up to each sample'],
    ),
    ask: ['how much area has built up under {x} at each point', 'what is the integral of {x} up to each sample'],
    bare: ['cumtrapz', 'cumulative integral', 'running integral', 'antiderivative'],
    code: ['cumulative_trapezoid(x, initial=0)', 'cumtrapz(x, initial=0)', 'cumtrapz(x)'],
  },

  // ---- normalisation
  zscore: {
    describe: phrases(
      ['subtract the mean of {x} and divide by its standard deviation', 'subtracting the mean of {x} and dividing by its standard deviation', 'the values of {x} in standard deviations from the mean'],
      ['z-score {x}', 'z-scoring {x}', 'a z-scored copy of {x}'],
      ['standardise {x}', 'standardising {x}', 'a standardised copy of {x}'],
      ['convert {x} to standard scores', 'converting {x} to standard scores', 'the standard scores of {x}'],
      ['centre and scale {x}', 'centring and scaling {x}', 'a centred and scaled copy of {x}'],
      ['normalise {x} to zero mean and unit variance', 'normalising {x} to zero mean and unit variance', 'a zero-mean unit-variance normalisation of {x}'],
    ),
    ask: ['how many standard deviations from the mean is each value of {x}', 'what are the z-scores of each sample of {x}'],
    bare: ['zscore', 'z-score normalisation', 'standardisation', 'standard scaling'],
    code: ['(x - x.mean()) / x.std()', 'scipy.stats.zscore(x)', 'standardscaler().fit_transform(x)'],
  },
  minmax_normalize: {
    describe: phrases(
      ['rescale {x} so its minimum is zero and its maximum is one', 'rescaling {x} so its minimum is zero and its maximum is one', 'a rescaling of {x} with minimum zero and maximum one'],
      ['squeeze {x} into the unit interval', 'squeezing {x} into the unit interval', 'a unit-interval rescaling of {x}'],
      ['min-max scale {x}', 'min-max scaling {x}', 'a min-max scaled copy of {x}'],
      ['normalise {x} between zero and one', 'normalising {x} between zero and one', 'a zero-to-one normalisation of {x}'],
      ['subtract the minimum of {x} and divide by its range', 'subtracting the minimum of {x} and dividing by its range', 'the distance of {x} from its minimum as a fraction of its range'],
    ),
    ask: ['where does each value of {x} sit between its minimum and maximum', 'what does {x} look like rescaled to the unit interval'],
    bare: ['minmax', 'min-max normalisation', 'scale to zero one', 'unit interval scaling'],
    code: ['(x - x.min()) / (x.max() - x.min())', 'minmaxscaler().fit_transform(x)', 'rescale(x)'],
  },
  clamp: {
    describe: phrases(
      ['bound {x} between {p0} and {p1}', 'bounding {x} between {p0} and {p1}', 'a bounded copy of {x} between {p0} and {p1}'],
      ['cap {x} at {p1} and floor it at {p0}', 'capping {x} at {p1} and flooring it at {p0}', 'a copy of {x} capped at {p1} and floored at {p0}'],
      ['saturate {x} at {p0} and {p1}', 'saturating {x} at {p0} and {p1}', 'a saturated copy of {x} with limits {p0} and {p1}'],
      ['clip the values of {x} outside {p0} to {p1}', 'clipping the values of {x} outside {p0} to {p1}', 'the clipped values of {x} within {p0} to {p1}'],
      ['clip the extremes of {x}', 'clipping the extremes of {x}', 'a copy of {x} with its extremes clipped'],
    ),
    ask: ['what does {x} look like clipped to between {p0} and {p1}', 'what is {x} with every value forced into {p0} to {p1}'],
    bare: ['clip', 'clamp between {p0} and {p1}', 'clip to {p0} and {p1}', 'saturate between {p0} and {p1}'],
    code: ['np.clip(x, {p0}, {p1})', 'x.clip({p0}, {p1})', 'min(max(x, {p0}), {p1})'],
  },
  demean: {
    describe: phrases(
      ['subtract the average from {x}', 'subtracting the average from {x}', 'a copy of {x} minus its average'],
      ['centre {x} on zero', 'centring {x} on zero', 'a zero-centred copy of {x}'],
      ['shift {x} to zero mean', 'shifting {x} to zero mean', 'a zero-mean copy of {x}'],
      ['mean-centre {x}', 'mean-centring {x}', 'a mean-centred copy of {x}'],
      ['remove the average level of {x}', 'removing the average level of {x}', 'a copy of {x} without its average level'],
    ),
    ask: ['how far is each value of {x} above or below its mean', 'what does {x} look like with its mean taken out'],
    bare: ['demean', 'mean centering', 'subtract the mean', 'remove dc'],
    code: ['x - x.mean()', 'x - np.mean(x)', "detrend(x, type='constant')"],
  },
  unit_std: {
    describe: phrases(
      ['divide {x} by its std', 'dividing {x} by its std', 'a copy of {x} over its std'],
      ['rescale {x} so its standard deviation is one', 'rescaling {x} so its standard deviation is one', 'a rescaling of {x} with standard deviation one'],
      ['scale {x} by the inverse of its standard deviation', 'scaling {x} by the inverse of its standard deviation', 'a copy of {x} scaled by the inverse of its standard deviation'],
      ['normalise the spread of {x} without centring it', 'normalising the spread of {x} without centring it', 'a spread-normalised copy of {x} that is not centred'],
      ['scale {x} to unit variance without removing the mean', 'scaling {x} to unit variance without removing the mean', 'a unit-variance copy of {x} with the mean kept'],
    ),
    ask: ['what does {x} look like divided by its standard deviation', 'how big is each value of {x} in units of its standard deviation'],
    bare: ['unit std', 'divide by std', 'scale to unit variance', 'std scaling without centering'],
    code: ['x / x.std()', 'x / np.std(x)', 'standardscaler(with_mean=false).fit_transform(x)'],
  },
  normalize_sum: {
    describe: phrases(
      ['divide each value of {x} by the total', 'dividing each value of {x} by the total', 'the values of {x} as fractions of the total'],
      ['make {x} add up to one', 'making {x} add up to one', 'a version of {x} that adds up to one'],
      ['express {x} as shares of its sum', 'expressing {x} as shares of its sum', 'the shares of {x} in its sum'],
      ['normalise {x} by its total', 'normalising {x} by its total', 'a total-normalised copy of {x}'],
      ['rescale {x} to unit sum', 'rescaling {x} to unit sum', 'a unit-sum rescaling of {x}'],
    ),
    ask: ['what share of the total is each value of {x}', 'what fraction of the sum does each sample of {x} make up'],
    bare: ['normalise to sum one', 'divide by the sum', 'proportions', 'unit sum scaling'],
    code: ['x / x.sum()', 'x / np.sum(x)', 'x / sum(x)'],
  },
  l2_normalize: {
    describe: phrases(
      ['divide {x} by its euclidean norm', 'dividing {x} by its euclidean norm', 'a copy of {x} divided by its euclidean norm'],
      ['make {x} a unit vector', 'making {x} a unit vector', 'the unit vector along {x}'],
      ['normalise {x} to length one', 'normalising {x} to length one', 'a length-one version of {x}'],
      ['scale {x} so its norm is one', 'scaling {x} so its norm is one', 'a rescaling of {x} with norm one'],
      ['vector-normalise {x}', 'vector-normalising {x}', 'a vector normalisation of {x}'],
    ),
    ask: ['which unit vector points the same way as {x}', 'what does {x} look like scaled to length one'],
    bare: ['unit vector', 'euclidean normalisation', 'normalise to unit length', 'norm scaling'],
    code: ['x / np.linalg.norm(x)', "normalize(x, norm='l2')", 'x / norm(x)'],
  },
  robust_scale: {
    describe: phrases(
      ['subtract the median of {x} and divide by its interquartile range', 'subtracting the median of {x} and dividing by its interquartile range', 'the median-centred values of {x} over its interquartile range'],
      ['scale {x} robustly against outliers', 'scaling {x} robustly against outliers', 'an outlier-robust scaling of {x}'],
      ['standardise {x} with its median and quartiles', 'standardising {x} with its median and quartiles', 'a median-and-quartile standardisation of {x}'],
      ['robust-scale {x}', 'robust-scaling {x}', 'a robust-scaled copy of {x}'],
      ['centre {x} on its median and scale by its iqr', 'centring {x} on its median and scaling by its iqr', 'a median-centred iqr-scaled copy of {x}'],
    ),
    ask: ['how far is each value of {x} from its median in interquartile ranges', 'what does {x} look like scaled by its iqr'],
    bare: ['robust scaling', 'robust scaler', 'median iqr scaling', 'robust standardisation'],
    code: ['robustscaler().fit_transform(x)', '(x - np.median(x)) / iqr(x)', 'robust_scale(x)'],
  },

  // ---- resampling
  downsample: {
    describe: phrases(
      ['keep one sample out of every {p0} of {x}', 'keeping one sample out of every {p0} of {x}', 'one sample out of every {p0} of {x}'],
      ['subsample {x} by {p0}', 'subsampling {x} by {p0}', 'a subsampling of {x} by {p0}'],
      ['thin {x} by a factor of {p0}', 'thinning {x} by a factor of {p0}', 'a thinned copy of {x} by a factor of {p0}'],
      ['keep every other sample of {x}', 'keeping every other sample of {x}', 'every other sample of {x}'],
      ['reduce the sample rate of {x} by {p0}', 'reducing the sample rate of {x} by {p0}', 'a reduced-rate copy of {x} by {p0}'],
    ),
    ask: ['what is left of {x} keeping one sample in {p0}', 'what does {x} look like at a {p0} times lower rate'],
    bare: ['downsample by {p0}', 'decimate', 'subsample', 'one sample in {p0}'],
    code: ['x[::{p0}]', 'downsample(x, {p0})'],
  },
  upsample: {
    describe: phrases(
      ['linearly interpolate new samples into {x} at {p0} times the rate', 'linearly interpolating new samples into {x} at {p0} times the rate', 'a linear interpolation of {x} at {p0} times the rate'],
      ['increase the sample rate of {x} by {p0}', 'increasing the sample rate of {x} by {p0}', 'an increased-rate copy of {x} by {p0}'],
      ['resample {x} onto a finer grid by linear interpolation', 'resampling {x} onto a finer grid by linear interpolation', 'a linear resampling of {x} onto a finer grid'],
      ['oversample {x} by {p0}', 'oversampling {x} by {p0}', 'an oversampling of {x} by {p0}'],
      ['densify {x} by a factor of {p0}', 'densifying {x} by a factor of {p0}', 'a densified copy of {x} by a factor of {p0}'],
    ),
    ask: ['what does {x} look like at {p0} times the sample rate', 'what are the values of {x} linearly interpolated between its samples'],
    bare: ['upsample by {p0}', 'interpolate', 'oversample', 'linear interpolation'],
    code: ['upsample(x, {p0})', 'interpolate(x, factor={p0})'],
  },
  block_mean: {
    describe: phrases(
      ['average every {p0} consecutive samples of {x} into one', 'averaging every {p0} consecutive samples of {x} into one', 'the average of every {p0} consecutive samples of {x}'],
      ['bin {x} into groups of {p0} and average each', 'binning {x} into groups of {p0} and averaging each', 'the per-bin averages of {x} in groups of {p0}'],
      ['compute non-overlapping window means of {x}', 'computing non-overlapping window means of {x}', 'the non-overlapping window means of {x}'],
      ['apply mean pooling of size {p0} to {x}', 'applying mean pooling of size {p0} to {x}', 'a mean pooling of {x} with size {p0}'],
      ['chunk {x} into blocks of {p0} and take each mean', 'chunking {x} into blocks of {p0} and taking each mean', 'the chunk means of {x} with blocks of {p0}'],
    ),
    ask: ['what is the average of each block of {p0} samples of {x}', 'what are the means of {x} in chunks of {p0}'],
    bare: ['block average', 'average pooling with size {p0}', 'mean per block of {p0}', 'binned means'],
    code: ['x.reshape(-1, {p0}).mean(axis=1)', 'x.groupby(np.arange(len(x)) // {p0}).mean()'],
  },
  reverse: {
    describe: phrases(
      ['flip {x} end to end', 'flipping {x} end to end', 'an end-to-end flip of {x}'],
      ['reverse the order of {x}', 'reversing the order of {x}', 'a reverse-ordered copy of {x}'],
      ['run {x} backwards in time', 'running {x} backwards in time', 'a backwards-in-time copy of {x}'],
      ['invert the order of the samples of {x}', 'inverting the order of the samples of {x}', 'the inverted order of the samples of {x}'],
      ['mirror {x} in time', 'mirroring {x} in time', 'a time-mirrored copy of {x}'],
    ),
    ask: ['what does {x} look like backwards', 'what is {x} read from the last sample to the first'],
    bare: ['reverse', 'flip order', 'reversed', 'backwards'],
    code: ['x[::-1]', 'np.flip(x)', 'list(reversed(x))', 'flipud(x)'],
  },

  // ---- spectra
  dft_magnitude: {
    describe: phrases(
      ['compute the magnitude of the fourier transform of {x}', 'computing the magnitude of the fourier transform of {x}', 'the magnitude of the fourier transform of {x}'],
      ['compute the fft magnitude of {x}', 'computing the fft magnitude of {x}', 'the fft magnitude of {x}'],
      ['find the magnitude spectrum of {x}', 'finding the magnitude spectrum of {x}', 'the magnitude spectrum of {x}'],
      ['take the dft of {x} and keep the magnitudes', 'taking the dft of {x} and keeping the magnitudes', 'the magnitudes of the dft of {x}'],
      ['compute the absolute fourier coefficients of {x}', 'computing the absolute fourier coefficients of {x}', 'the absolute fourier coefficients of {x}'],
    ),
    ask: ['which frequencies are in {x} and how strong are they', 'what does the spectrum of {x} look like'],
    bare: ['fft magnitude', 'magnitude spectrum', 'abs fft', 'spectrum'],
    code: ['np.abs(np.fft.fft(x))', 'abs(fft(x))'],
  },
  dft_phase: {
    describe: phrases(
      ['compute the angle of the fourier transform of {x}', 'computing the angle of the fourier transform of {x}', 'the angle of the fourier transform of {x}'],
      ['compute the fft phase of {x}', 'computing the fft phase of {x}', 'the fft phase of {x}'],
      ['find the phase angle of each dft bin of {x}', 'finding the phase angle of each dft bin of {x}', 'the phase angle of each dft bin of {x}'],
      ['take the argument of the fourier coefficients of {x}', 'taking the argument of the fourier coefficients of {x}', 'the argument of the fourier coefficients of {x}'],
    ),
    ask: ['what is the phase of each frequency component of {x}', 'how are the frequency components of {x} shifted in phase'],
    bare: ['phase spectrum', 'fft phase', 'fourier phase', 'dft angle'],
    code: ['np.angle(np.fft.fft(x))', 'angle(fft(x))'],
  },
  power_spectrum: {
    describe: phrases(
      ['compute the squared magnitude spectrum of {x}', 'computing the squared magnitude spectrum of {x}', 'the squared magnitude spectrum of {x}'],
      ['compute the power spectral density of {x}', 'computing the power spectral density of {x}', 'the power spectral density of {x}'],
      ['find the power in each frequency bin of {x}', 'finding the power in each frequency bin of {x}', 'the power in each frequency bin of {x}'],
      ['compute the fft power of {x}', 'computing the fft power of {x}', 'the fft power of {x}'],
      ['compute the energy spectrum of {x}', 'computing the energy spectrum of {x}', 'the energy spectrum of {x}'],
    ),
    ask: ['how much power is at each frequency of {x}', 'how is the energy of {x} spread over frequency'],
    bare: ['power spectrum', 'psd', 'fft power', 'squared spectrum'],
    code: ['np.abs(np.fft.fft(x)) ** 2', 'abs(fft(x)).^2'],
  },
  dominant_frequency: {
    describe: phrases(
      ['find the frequency bin with the most energy in {x}', 'finding the frequency bin with the most energy in {x}', 'the frequency bin with the most energy in {x}'],
      ['find the spectral peak of {x}', 'finding the spectral peak of {x}', 'the spectral peak of {x}'],
      ['find the loudest frequency in {x}', 'finding the loudest frequency in {x}', 'the loudest frequency in {x}'],
      ['locate the biggest peak in the spectrum of {x}', 'locating the biggest peak in the spectrum of {x}', 'the location of the biggest peak in the spectrum of {x}'],
      ['find the most prominent frequency of {x}', 'finding the most prominent frequency of {x}', 'the most prominent frequency of {x}'],
    ),
    ask: ['what frequency dominates {x}', 'which frequency is strongest in {x}', 'how fast does {x} mainly oscillate'],
    bare: ['dominant frequency', 'peak frequency', 'strongest frequency', 'main frequency'],
    code: ['np.argmax(np.abs(np.fft.rfft(x))[1:]) + 1', 'argmax(abs(rfft(x))[1:]) + 1'],
  },

  // ---- windows
  hann_window: {
    describe: phrases(
      ['multiply {x} by a hann window', 'multiplying {x} by a hann window', 'the product of {x} and a hann window'],
      ['hann-window {x}', 'hann-windowing {x}', 'a hann-windowed version of {x}'],
      ['taper {x} with a hann window', 'tapering {x} with a hann window', 'a hann taper of {x}'],
      ['weight {x} with a von hann window', 'weighting {x} with a von hann window', 'a von hann weighting of {x}'],
      ['window {x} with hanning', 'windowing {x} with hanning', 'a hanning windowing of {x}'],
    ),
    ask: ['what does {x} look like under a hann window', 'what is {x} times a hann window'],
    bare: ['hann window', 'hanning', 'hann taper', 'hanning window'],
    code: ['x * np.hanning(len(x))', 'x * hann(len(x))', 'x .* hann(n)'],
  },
  hamming_window: {
    describe: phrases(
      ['multiply {x} by a hamming window', 'multiplying {x} by a hamming window', 'the product of {x} and a hamming window'],
      ['hamming-window {x}', 'hamming-windowing {x}', 'a hamming-windowed version of {x}'],
      ['weight {x} with a hamming window', 'weighting {x} with a hamming window', 'a hamming weighting of {x}'],
      ['window {x} with hamming', 'windowing {x} with hamming', 'a windowing of {x} with hamming'],
    ),
    ask: ['what does {x} look like under a hamming window', 'what is {x} times a hamming window'],
    bare: ['hamming window', 'hamming', 'hamming taper', 'apply hamming'],
    code: ['x * np.hamming(len(x))', 'x * hamming(len(x))', 'x .* hamming(n)'],
  },
  blackman_window: {
    describe: phrases(
      ['multiply {x} by a blackman window', 'multiplying {x} by a blackman window', 'the product of {x} and a blackman window'],
      ['blackman-window {x}', 'blackman-windowing {x}', 'a blackman-windowed version of {x}'],
      ['weight {x} with a blackman window', 'weighting {x} with a blackman window', 'a blackman weighting of {x}'],
      ['window {x} with blackman', 'windowing {x} with blackman', 'a windowing of {x} with blackman'],
    ),
    ask: ['what does {x} look like under a blackman window', 'what is {x} times a blackman window'],
    bare: ['blackman window', 'blackman', 'blackman taper', 'apply blackman'],
    code: ['x * np.blackman(len(x))', 'x * blackman(len(x))', 'x .* blackman(n)'],
  },
  bartlett_window: {
    describe: phrases(
      ['multiply {x} by a bartlett window', 'multiplying {x} by a bartlett window', 'the product of {x} and a bartlett window'],
      ['bartlett-window {x}', 'bartlett-windowing {x}', 'a bartlett-windowed version of {x}'],
      ['multiply {x} by a triangle window', 'multiplying {x} by a triangle window', 'the product of {x} and a triangle window'],
      ['taper {x} linearly to zero at both ends', 'tapering {x} linearly to zero at both ends', 'a linear taper of {x} to zero at both ends'],
      ['window {x} with bartlett', 'windowing {x} with bartlett', 'a windowing of {x} with bartlett'],
    ),
    ask: ['what does {x} look like under a bartlett window', 'what is {x} times a triangular window'],
    bare: ['bartlett window', 'bartlett', 'triangle window', 'triangular taper'],
    code: ['x * np.bartlett(len(x))', 'x * bartlett(len(x))', 'x .* bartlett(n)'],
  },

  // ---- vector
  vec_add: {
    describe: phrases(
      ['add {xy} together', 'adding {xy} together', 'the pointwise sum of {xy}'],
      ['sum {xy} point by point', 'summing {xy} point by point', 'the point-by-point sum of {xy}'],
      ['superimpose {xy}', 'superimposing {xy}', 'the superposition of {xy}'],
      ['add {xy} index by index', 'adding {xy} index by index', 'the index-by-index sum of {xy}'],
      ['combine {xy} additively', 'combining {xy} additively', 'the additive combination of {xy}'],
    ),
    ask: ['what do {xy} add up to sample by sample', 'what is the sum of {xy} at each index'],
    bare: ['elementwise add', 'vector addition', 'pointwise sum', 'add the two arrays'],
    code: ['x + y', 'np.add(x, y)', '[a + b for a, b in zip(x, y)]'],
  },
  vec_sub: {
    describe: phrases(
      ['subtract the second of {xy} from the first', 'subtracting the second of {xy} from the first', 'the first of {xy} minus the second'],
      ['compute the pointwise difference of {xy}', 'computing the pointwise difference of {xy}', 'the pointwise difference of {xy}'],
      ['take the elementwise difference of {xy}', 'taking the elementwise difference of {xy}', 'the elementwise difference of {xy}'],
      ['compute the signed error between {xy}', 'computing the signed error between {xy}', 'the signed error between {xy}'],
      ['subtract {xy} index by index', 'subtracting {xy} index by index', 'the index-by-index difference of {xy}'],
    ),
    ask: ['how much does the first of {xy} differ from the second at each index', 'what is the gap between {xy} sample by sample'],
    bare: ['elementwise subtract', 'vector subtraction', 'pointwise difference', 'pointwise subtraction'],
    code: ['x - y', 'np.subtract(x, y)'],
  },
  vec_mul: {
    describe: phrases(
      ['multiply {xy} point by point', 'multiplying {xy} point by point', 'the point-by-point product of {xy}'],
      ['take the elementwise product of {xy}', 'taking the elementwise product of {xy}', 'the elementwise product of {xy}'],
      ['modulate one of {xy} by the other', 'modulating one of {xy} by the other', 'the modulation of one of {xy} by the other'],
      ['multiply {xy} index by index', 'multiplying {xy} index by index', 'the index-by-index product of {xy}'],
    ),
    ask: ['what is the product of {xy} at each sample', 'what do {xy} give when multiplied sample by sample'],
    bare: ['elementwise multiply', 'hadamard product', 'pointwise product', 'pointwise multiplication'],
    code: ['x * y', 'np.multiply(x, y)', 'x .* y'],
  },
  dot: {
    describe: phrases(
      ['multiply {xy} and sum the products', 'multiplying {xy} and summing the products', 'the sum of the products of {xy}'],
      ['take the inner product between {xy}', 'taking the inner product between {xy}', 'the inner product between {xy}'],
      ['sum the elementwise products of {xy}', 'summing the elementwise products of {xy}', 'the summed elementwise products of {xy}'],
      ['compute the dot of {xy}', 'computing the dot of {xy}', 'the dot of {xy}'],
      ['compute the scalar product between {xy}', 'computing the scalar product between {xy}', 'the scalar product between {xy}'],
    ),
    ask: ['what is the dot product of {xy}', 'what do the products of {xy} sum to'],
    bare: ['dot product', 'inner product', 'dot', 'scalar product'],
    code: ['np.dot(x, y)', 'x @ y', 'sum(x * y)'],
  },
  distance: {
    describe: phrases(
      ['measure how far apart {xy} are', 'measuring how far apart {xy} are', 'the euclidean separation of {xy}'],
      ['compute the euclidean norm of the difference of {xy}', 'computing the euclidean norm of the difference of {xy}', 'the euclidean norm of the difference of {xy}'],
      ['find the straight-line distance between {xy}', 'finding the straight-line distance between {xy}', 'the straight-line distance between {xy}'],
      ['compute the root sum of squared differences of {xy}', 'computing the root sum of squared differences of {xy}', 'the root sum of squared differences of {xy}'],
      ['find the euclidean gap between {xy}', 'finding the euclidean gap between {xy}', 'the euclidean gap between {xy}'],
    ),
    ask: ['how far apart are {xy}', 'how different are {xy} in euclidean terms'],
    bare: ['euclidean distance', 'distance', 'euclidean norm of the difference', 'straight-line distance'],
    code: ['np.linalg.norm(x - y)', 'euclidean(x, y)', 'math.dist(x, y)'],
  },
  correlation: {
    describe: phrases(
      ['compute the pearson r of {xy}', 'computing the pearson r of {xy}', 'the pearson r of {xy}'],
      ['measure how linearly related {xy} are', 'measuring how linearly related {xy} are', 'the linear relationship between {xy}'],
      ['find the pearson correlation coefficient between {xy}', 'finding the pearson correlation coefficient between {xy}', 'the pearson correlation coefficient between {xy}'],
      ['compute the normalised covariance of {xy}', 'computing the normalised covariance of {xy}', 'the normalised covariance of {xy}'],
      ['check how well {xy} move together', 'checking how well {xy} move together', 'the co-movement of {xy}'],
    ),
    ask: ['how correlated are {xy}', 'do {xy} move together', 'how strongly are {xy} linearly related'],
    bare: ['correlation', 'pearson r', 'corr coef', 'correlation coefficient'],
    code: ['np.corrcoef(x, y)[0, 1]', 'pearsonr(x, y)', 'x.corr(y)'],
  },
  scale: {
    describe: phrases(
      ['multiply every value of {x} by {p0}', 'multiplying every value of {x} by {p0}', 'the values of {x} each multiplied by {p0}'],
      ['apply a gain of {p0} to {x}', 'applying a gain of {p0} to {x}', 'a gain of {p0} applied to {x}'],
      ['rescale {x} by a factor of {p0}', 'rescaling {x} by a factor of {p0}', 'a rescaling of {x} by a factor of {p0}'],
      ['weight {x} by {p0}', 'weighting {x} by {p0}', 'a weighting of {x} by {p0}'],
      ['amplify {x}', 'amplifying {x}', 'an amplified copy of {x}'],
    ),
    ask: ['what is {x} multiplied by {p0}', 'what does {x} look like with a gain of {p0}'],
    bare: ['scale by {p0}', 'multiply by {p0}', 'gain of {p0}', 'times {p0}'],
    code: ['x * {p0}', '{p0} * x', 'np.multiply(x, {p0})'],
  },
  offset: {
    describe: phrases(
      ['add a constant {p0} to every value of {x}', 'adding a constant {p0} to every value of {x}', 'the values of {x} plus a constant {p0}'],
      ['shift the level of {x} by {p0}', 'shifting the level of {x} by {p0}', 'a level shift of {x} by {p0}'],
      ['add a bias of {p0} to {x}', 'adding a bias of {p0} to {x}', 'a copy of {x} with a bias of {p0}'],
      ['increment every value of {x} by {p0}', 'incrementing every value of {x} by {p0}', 'an increment of every value of {x} by {p0}'],
      ['move {x} up by {p0}', 'moving {x} up by {p0}', 'an upward move of {x} by {p0}'],
      ['add a constant to {x}', 'adding a constant to {x}', 'a copy of {x} plus a constant'],
    ),
    ask: ['what is {x} plus {p0}', 'what does {x} look like shifted up by {p0}'],
    bare: ['add {p0}', 'plus {p0}', 'offset by {p0}', 'add a constant'],
    code: ['x + {p0}', 'np.add(x, {p0})'],
  },
  abs_values: {
    describe: phrases(
      ['remove the sign from each value of {x}', 'removing the sign from each value of {x}', 'the unsigned values of {x}'],
      ['take the magnitude of each sample of {x}', 'taking the magnitude of each sample of {x}', 'the magnitude of each sample of {x}'],
      ['take the modulus of {x}', 'taking the modulus of {x}', 'the modulus of {x}'],
      ['flip the negative values of {x} to positive', 'flipping the negative values of {x} to positive', 'a copy of {x} with its negative values flipped to positive'],
      ['compute the abs of {x}', 'computing the abs of {x}', 'the abs of {x}'],
    ),
    ask: ['what does {x} look like with every sign removed', 'how large is each value of {x} regardless of sign'],
    bare: ['abs', 'absolute value', 'magnitudes', 'elementwise abs'],
    code: ['np.abs(x)', 'abs(x)', 'x.abs()'],
  },
  negate: {
    describe: phrases(
      ['multiply {x} by minus one', 'multiplying {x} by minus one', 'a copy of {x} multiplied by minus one'],
      ['invert the sign of {x}', 'inverting the sign of {x}', 'a sign-inverted copy of {x}'],
      ['invert the polarity of {x}', 'inverting the polarity of {x}', 'a polarity-inverted copy of {x}'],
      ['mirror {x} around zero', 'mirroring {x} around zero', 'a mirror image of {x} around zero'],
      ['take the negative of {x}', 'taking the negative of {x}', 'the negative of {x}'],
      ['change the sign of every value of {x}', 'changing the sign of every value of {x}', 'every value of {x} with its sign changed'],
    ),
    ask: ['what is {x} with its sign flipped', 'what does {x} look like mirrored around zero'],
    bare: ['negate', 'flip sign', 'times minus one', 'negative'],
    code: ['-x', 'np.negative(x)', 'x * -1'],
  },
  square: {
    describe: phrases(
      ['multiply each value of {x} by itself', 'multiplying each value of {x} by itself', 'the values of {x} multiplied by themselves'],
      ['raise each value of {x} to the second power', 'raising each value of {x} to the second power', 'the second powers of the values of {x}'],
      ['compute the elementwise square of {x}', 'computing the elementwise square of {x}', 'the elementwise square of {x}'],
      ['square every sample of {x}', 'squaring every sample of {x}', 'the squared samples of {x}'],
      ['compute the instantaneous power of {x}', 'computing the instantaneous power of {x}', 'the instantaneous power of {x}'],
    ),
    ask: ['what is each value of {x} squared', 'what does {x} look like squared'],
    bare: ['square', 'squared', 'elementwise square', 'squares'],
    code: ['x ** 2', 'np.square(x)', 'x .^ 2'],
  },

  // ---- activations
  relu: {
    describe: phrases(
      ['set the negative values of {x} to zero', 'setting the negative values of {x} to zero', 'a copy of {x} with its negatives set to zero'],
      ['take the positive part of {x}', 'taking the positive part of {x}', 'the positive part of {x}'],
      ['half-wave rectify {x}', 'half-wave rectifying {x}', 'a half-wave rectified copy of {x}'],
      ['pass {x} through a relu', 'passing {x} through a relu', 'a relu activation of {x}'],
      ['keep the positive values of {x} and zero the rest', 'keeping the positive values of {x} and zeroing the rest', 'the positive values of {x} with the rest zeroed'],
    ),
    ask: ['what is left of {x} with its negatives zeroed', 'what does {x} look like through a relu'],
    bare: ['relu', 'rectified linear unit', 'positive part', 'half-wave rectification'],
    code: ['np.maximum(x, 0)', 'torch.relu(x)', 'max(x, 0)'],
  },
  leaky_relu: {
    describe: phrases(
      ['apply a leaky rectifier to {x}', 'applying a leaky rectifier to {x}', 'a leaky rectifier of {x}'],
      ['keep the positive values of {x} and scale the negatives by {p0}', 'keeping the positive values of {x} and scaling the negatives by {p0}', 'the positive values of {x} with the negatives scaled by {p0}'],
      ['pass {x} through a leaky relu with alpha {p0}', 'passing {x} through a leaky relu with alpha {p0}', 'a leaky relu activation of {x} with alpha {p0}'],
      ['multiply the negative values of {x} by {p0}', 'multiplying the negative values of {x} by {p0}', 'a copy of {x} with its negative values multiplied by {p0}'],
    ),
    ask: ['what does {x} look like through a leaky relu', 'what is {x} with its negatives shrunk by {p0}'],
    bare: ['leaky relu', 'leaky relu with slope {p0}', 'lrelu', 'leaky rectifier'],
    code: ['f.leaky_relu(x, {p0})', 'np.where(x > 0, x, {p0} * x)', 'torch.nn.functional.leaky_relu(x, negative_slope={p0})'],
  },
  sigmoid: {
    describe: phrases(
      ['apply the logistic function to {x}', 'applying the logistic function to {x}', 'the logistic transform of {x}'],
      ['pass {x} through a logistic sigmoid', 'passing {x} through a logistic sigmoid', 'a logistic sigmoid of {x}'],
      ['compute the expit of {x}', 'computing the expit of {x}', 'the expit of {x}'],
      ['apply a sigmoid activation to {x}', 'applying a sigmoid activation to {x}', 'a sigmoid activation of {x}'],
    ),
    ask: ['what does {x} look like through a sigmoid', 'what is the logistic of each value of {x}'],
    bare: ['sigmoid', 'logistic function', 'expit', 'logistic sigmoid'],
    code: ['1 / (1 + np.exp(-x))', 'torch.sigmoid(x)', 'expit(x)'],
  },
  tanh_values: {
    describe: phrases(
      ['compute the tanh of every value of {x}', 'computing the tanh of every value of {x}', 'the tanh of every value of {x}'],
      ['pass {x} through a tanh activation', 'passing {x} through a tanh activation', 'a tanh activation of {x}'],
      ['squash {x} between minus one and one with a hyperbolic tangent', 'squashing {x} between minus one and one with a hyperbolic tangent', 'a hyperbolic-tangent squashing of {x} between minus one and one'],
      ['apply the hyperbolic tangent function to {x}', 'applying the hyperbolic tangent function to {x}', 'the hyperbolic tangent function of {x}'],
    ),
    ask: ['what does {x} look like through a tanh', 'what is the hyperbolic tangent of each value of {x}'],
    bare: ['tanh', 'hyperbolic tangent', 'tanh activation', 'elementwise tanh'],
    code: ['np.tanh(x)', 'torch.tanh(x)', 'tanh(x)'],
  },
  softplus: {
    describe: phrases(
      ['apply a smooth relu to {x}', 'applying a smooth relu to {x}', 'a smooth relu of {x}'],
      ['pass {x} through a softplus activation', 'passing {x} through a softplus activation', 'a softplus activation of {x}'],
      ['soft-rectify {x}', 'soft-rectifying {x}', 'a soft-rectified copy of {x}'],
      ['apply the smooth approximation of relu to {x}', 'applying the smooth approximation of relu to {x}', 'the smooth relu approximation of {x}'],
      ['compute log one plus exp of {x}', 'computing log one plus exp of {x}', 'log one plus exp of {x}'],
    ),
    ask: ['what does {x} look like through a softplus', 'what is the log of one plus the exponential of each value of {x}'],
    bare: ['softplus', 'smooth relu', 'soft plus', 'softplus activation'],
    code: ['np.log1p(np.exp(x))', 'torch.nn.functional.softplus(x)', 'log(1 + exp(x))'],
  },
  softmax: {
    describe: phrases(
      ['exponentiate {x} and divide by the total', 'exponentiating {x} and dividing by the total', 'the exponentials of {x} divided by their total'],
      ['turn {x} into class probabilities', 'turning {x} into class probabilities', 'class probabilities from {x}'],
      ['normalise the exponentials of {x} to sum to one', 'normalising the exponentials of {x} to sum to one', 'the sum-normalised exponentials of {x}'],
      ['compute the softmax probabilities of {x}', 'computing the softmax probabilities of {x}', 'the softmax probabilities of {x}'],
      ['apply a normalised exponential to {x}', 'applying a normalised exponential to {x}', 'the normalised exponential of {x}'],
    ),
    ask: ['what probabilities does softmax give for {x}', 'what does {x} look like as softmax probabilities'],
    bare: ['softmax', 'soft max', 'normalised exponential', 'softmax probabilities'],
    code: ['softmax(x)', 'np.exp(x) / np.exp(x).sum()', 'torch.softmax(x, dim=0)'],
  },

  // ---- detectors
  zero_crossings: {
    describe: phrases(
      ['count how many times {x} crosses zero', 'counting how many times {x} crosses zero', 'the number of times {x} crosses zero'],
      ['count the sign flips in {x}', 'counting the sign flips in {x}', 'the number of sign flips in {x}'],
      ['count how often {x} goes from positive to negative or back', 'counting how often {x} goes from positive to negative or back', 'the number of times {x} goes from positive to negative or back'],
      ['tally the zero crossings in {x}', 'tallying the zero crossings in {x}', 'the tally of zero crossings in {x}'],
      ['count the crossings of zero by {x}', 'counting the crossings of zero by {x}', 'the count of crossings of zero by {x}'],
    ),
    ask: ['how many times does {x} cross zero', 'how often does {x} change sign'],
    bare: ['zero crossings', 'zero crossing count', 'number of sign changes', 'count sign flips'],
    code: ['np.count_nonzero(np.diff(np.sign(x[x != 0])))', 'sum(diff(sign(x(x ~= 0))) ~= 0)'],
  },
  peak_count: {
    describe: phrases(
      ['count the local peaks in {x}', 'counting the local peaks in {x}', 'the count of local peaks in {x}'],
      ['count the samples of {x} higher than both neighbours', 'counting the samples of {x} higher than both neighbours', 'the number of samples of {x} higher than both neighbours'],
      ['count how many maxima {x} has', 'counting how many maxima {x} has', 'the number of maxima of {x}'],
      ['tally the peaks in {x}', 'tallying the peaks in {x}', 'the tally of peaks in {x}'],
      ['count the bumps in {x}', 'counting the bumps in {x}', 'the number of bumps in {x}'],
    ),
    ask: ['how many peaks does {x} have', 'how many local maxima are there in {x}'],
    bare: ['peak count', 'number of peaks', 'count peaks', 'how many peaks'],
    code: ['len(find_peaks(x)[0])', 'np.sum((x[1:-1] > x[:-2]) & (x[1:-1] > x[2:]))'],
  },
  local_maxima: {
    describe: phrases(
      ['find the indices of the peaks in {x}', 'finding the indices of the peaks in {x}', 'the indices of the peaks in {x}'],
      ['list the positions where {x} is higher than both neighbours', 'listing the positions where {x} is higher than both neighbours', 'the positions where {x} is higher than both neighbours'],
      ['find the peak locations of {x}', 'finding the peak locations of {x}', 'the peak locations of {x}'],
      ['locate each local maximum of {x}', 'locating each local maximum of {x}', 'the location of each local maximum of {x}'],
    ),
    ask: ['where are the peaks in {x}', 'at which indices does {x} have a local maximum'],
    bare: ['find peaks', 'peak indices', 'local maxima', 'peak positions'],
    code: ['find_peaks(x)[0]', 'argrelmax(x)[0]', 'scipy.signal.argrelextrema(x, np.greater)'],
  },
  threshold: {
    describe: phrases(
      ['turn {x} into ones and zeros at {p0}', 'turning {x} into ones and zeros at {p0}', 'a ones-and-zeros version of {x} at {p0}'],
      ['make a binary mask of where {x} is above {p0}', 'making a binary mask of where {x} is above {p0}', 'a binary mask of where {x} is above {p0}'],
      ['binarise {x} at {p0}', 'binarising {x} at {p0}', 'a binarisation of {x} at {p0}'],
      ['mark where {x} is positive', 'marking where {x} is positive', 'a mask of where {x} is positive'],
      ['indicate whether each sample of {x} exceeds {p0}', 'indicating whether each sample of {x} exceeds {p0}', 'an indicator of whether each sample of {x} exceeds {p0}'],
    ),
    ask: ['which samples of {x} are above {p0}', 'is each value of {x} above {p0} or not'],
    bare: ['threshold at {p0}', 'binarise', 'binary mask above {p0}', 'step function at {p0}'],
    code: ['(x > {p0}).astype(int)', 'x > {p0}', '(x > {p0}).astype(float)'],
  },
  outlier_flags: {
    describe: phrases(
      ['mark the values of {x} whose z-score exceeds {p0} in size', 'marking the values of {x} whose z-score exceeds {p0} in size', 'a mask of the values of {x} whose z-score exceeds {p0} in size'],
      ['flag the points of {x} more than {p0} sigma from the mean', 'flagging the points of {x} more than {p0} sigma from the mean', 'flags for the points of {x} more than {p0} sigma from the mean'],
      ['detect outliers in {x} with a z-score cutoff of {p0}', 'detecting outliers in {x} with a z-score cutoff of {p0}', 'the z-score outlier flags of {x} at a cutoff of {p0}'],
      ['mark the anomalous samples of {x}', 'marking the anomalous samples of {x}', 'a mask of the anomalous samples of {x}'],
      ['flag the extreme values of {x}', 'flagging the extreme values of {x}', 'flags on the extreme values of {x}'],
    ),
    ask: ['which values of {x} are outliers', 'which samples of {x} lie more than {p0} standard deviations from the mean'],
    bare: ['outlier detection', 'flag outliers beyond {p0} sigma', 'z-score outliers', 'anomaly mask'],
    code: ['np.abs(zscore(x)) > {p0}', 'abs((x - x.mean()) / x.std()) > {p0}'],
  },
  autocorrelation: {
    describe: phrases(
      ['correlate {x} with shifted copies of itself', 'correlating {x} with shifted copies of itself', 'the correlation of {x} with shifted copies of itself'],
      ['compute the normalised autocorrelation of {x} at every lag', 'computing the normalised autocorrelation of {x} at every lag', 'the normalised autocorrelation of {x} at every lag'],
      ['compute the acf of {x}', 'computing the acf of {x}', 'the acf of {x}'],
      ['compute the correlogram of {x}', 'computing the correlogram of {x}', 'the correlogram of {x}'],
      ['measure how {x} resembles itself at each delay', 'measuring how {x} resembles itself at each delay', 'the resemblance of {x} to itself at each delay'],
    ),
    ask: ['how similar is {x} to itself at each lag', 'how much does {x} repeat itself at each delay'],
    bare: ['autocorrelation', 'acf', 'autocorr', 'self-correlation'],
    code: ['acf(x, nlags=len(x) - 1)', 'autocorr(x)'],
  },
};
