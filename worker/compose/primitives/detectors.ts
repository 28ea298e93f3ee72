// Detectors: find events (sign changes, peaks, outliers) or self-similarity. Counts are numbers,
// flags are arrays of 0 and 1 of the input's length, local_maxima lists indices.
import type { Primitive } from '../types.ts';
import { num, phrases } from './define.ts';
import { meanVariance } from './reference-math.ts';

/** Interior indices strictly above both neighbours (a plateau is not a peak). */
function strictPeaks(x: readonly number[]): number[] {
  const peaks: number[] = [];
  x.forEach((v, i) => {
    if (i > 0 && i < x.length - 1 && v > x[i - 1] && v > x[i + 1]) peaks.push(i);
  });
  return peaks;
}

export const DETECTORS: readonly Primitive[] = [
  {
    name: 'zero_crossings',
    category: 'detectors',
    summary: 'How many times the sign changes, skipping zeros: [1, 0, -1] has one crossing, [1, 0, 1] none.',
    arrays: 1,
    params: [],
    returns: 'number',
    body: 'function zero_crossings(x){const n=x.length;let c=0,p=0;for(let i=0;i<n;i++){const s=Math.sign(x[i]);if(s){if(p&&s!==p)c++;p=s}}return c}',
    reference: ([x]) => {
      const signs = x.filter((v) => v !== 0).map((v) => v > 0);
      return signs.slice(1).filter((positive, i) => positive !== signs[i]).length;
    },
    phrases: phrases(
      ['count the zero crossings of {x}', 'counting the zero crossings of {x}', 'the number of zero crossings of {x}'],
      ['count how often {x} changes sign', 'counting how often {x} changes sign', 'the number of sign changes in {x}'],
      ['find the zero-crossing count of {x}', 'finding the zero-crossing count of {x}', 'the zero-crossing count of {x}'],
      ['count the sign changes of {x}', 'counting the sign changes of {x}', 'the count of sign changes of {x}'],
    ),
  },
  {
    name: 'peak_count',
    category: 'detectors',
    summary: 'How many interior samples are strictly greater than both neighbours (plateaus do not count).',
    arrays: 1,
    params: [],
    returns: 'number',
    body: 'function peak_count(x){const n=x.length;let c=0;for(let i=1;i<n-1;i++)if(x[i]>x[i-1]&&x[i]>x[i+1])c++;return c}',
    reference: ([x]) => strictPeaks(x).length,
    phrases: phrases(
      ['count the peaks of {x}', 'counting the peaks of {x}', 'the number of peaks in {x}'],
      ['count the local maxima of {x}', 'counting the local maxima of {x}', 'the number of local maxima in {x}'],
      ['find the peak count of {x}', 'finding the peak count of {x}', 'the peak count of {x}'],
    ),
  },
  {
    name: 'local_maxima',
    category: 'detectors',
    summary: 'The indices of the interior samples strictly greater than both neighbours ([] if none).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function local_maxima(x){const n=x.length,y=[];for(let i=1;i<n-1;i++)if(x[i]>x[i-1]&&x[i]>x[i+1])y.push(i);return y}',
    reference: ([x]) => strictPeaks(x),
    phrases: phrases(
      ['find the local maxima of {x}', 'finding the local maxima of {x}', 'the local maxima of {x}'],
      ['locate the peaks of {x}', 'locating the peaks of {x}', 'the peak positions of {x}'],
      ['list the indices of the local maxima of {x}', 'listing the indices of the local maxima of {x}', 'the indices of the local maxima of {x}'],
      ['detect peaks in {x}', 'detecting peaks in {x}', 'the detected peak indices of {x}'],
    ),
  },
  {
    name: 'threshold',
    category: 'detectors',
    summary: '1 where x > t, else 0.',
    arrays: 1,
    params: [num('t', -5, 5, 0.5, 0)],
    returns: 'array',
    body: 'function threshold(x,t){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=x[i]>t?1:0;return y}',
    reference: ([x], [t]) => x.map((v) => Number(v > t)),
    phrases: phrases(
      ['threshold {x}', 'thresholding {x}', 'a thresholded copy of {x}'],
      ['binarize {x}', 'binarizing {x}', 'a binarized copy of {x}'],
      ['threshold {x} at {p0}', 'thresholding {x} at {p0}', 'a binary mask of {x} above {p0}'],
      ['mark where {x} exceeds {p0}', 'marking where {x} exceeds {p0}', 'a mask of where {x} exceeds {p0}'],
    ),
  },
  {
    name: 'outlier_flags',
    category: 'detectors',
    summary: '1 where |x - mean| > k population stds (|z-score| > k), else 0; a constant array gives zeros.',
    arrays: 1,
    params: [num('k', 1, 4, 0.5, 3)],
    returns: 'array',
    body: 'function outlier_flags(x,k){const n=x.length,y=new Array(n);let s=0,v=0;for(let i=0;i<n;i++)s+=x[i];const m=s/n;for(let i=0;i<n;i++)v+=(x[i]-m)**2;const d=Math.sqrt(v/n);for(let i=0;i<n;i++)y[i]=Math.abs(x[i]-m)>k*d?1:0;return y}',
    reference: ([x], [k]) => {
      const { mean, variance } = meanVariance(x);
      const sd = Math.sqrt(variance);
      return x.map((v) => (sd > 0 && Math.abs((v - mean) / sd) > k ? 1 : 0));
    },
    phrases: phrases(
      ['flag outliers in {x}', 'flagging outliers in {x}', 'the outlier flags of {x}'],
      ['detect anomalies in {x}', 'detecting anomalies in {x}', 'the anomaly flags of {x}'],
      ['mark the outliers of {x} beyond {p0} sigma', 'marking the outliers of {x} beyond {p0} sigma', 'an outlier mask of {x} beyond {p0} sigma'],
      ['flag the values of {x} more than {p0} standard deviations from the mean', 'flagging the values of {x} more than {p0} standard deviations from the mean', 'a mask of the values of {x} more than {p0} standard deviations from the mean'],
    ),
  },
  {
    name: 'autocorrelation',
    category: 'detectors',
    summary: 'Autocorrelation of the demeaned signal at lags 0..n-1, divided by lag 0 (so lag 0 is 1); a constant array gives 1 then zeros.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function autocorrelation(x){const n=x.length,y=new Array(n);let s=0,v=0;for(let i=0;i<n;i++)s+=x[i];const m=s/n;for(let i=0;i<n;i++)v+=(x[i]-m)**2;for(let k=0;k<n;k++){let c=0;for(let i=0;i+k<n;i++)c+=(x[i]-m)*(x[i+k]-m);y[k]=v?c/v:k?0:1}return y}',
    reference: ([x]) => {
      const { mean } = meanVariance(x);
      const d = x.map((v) => v - mean);
      const lag = (k: number) => d.slice(k).reduce((acc, v, i) => acc + v * d[i], 0);
      const zero = lag(0);
      return d.map((_, k) => (zero === 0 ? (k === 0 ? 1 : 0) : lag(k) / zero));
    },
    phrases: phrases(
      ['compute the autocorrelation of {x}', 'computing the autocorrelation of {x}', 'the autocorrelation of {x}'],
      ['autocorrelate {x}', 'autocorrelating {x}', 'the autocorrelation function of {x}'],
      ['correlate {x} with itself', 'correlating {x} with itself', 'the self-correlation of {x}'],
      ['measure the self-similarity of {x} at each lag', 'measuring the self-similarity of {x} at each lag', 'the self-similarity of {x} at each lag'],
    ),
  },
];
