// Normalisation: one array in, an array of the same length out. A divisor that comes out 0 (a
// constant array, a zero sum, a zero norm) is replaced by 1 in the bodies (`||1`), so nothing
// divides by zero: the edge behaviour each summary states.
import type { Primitive } from '../types.ts';
import { num, phrases } from './define.ts';
import { meanVariance, quantileSorted, sortedCopy } from './reference-math.ts';

export const NORMALISATION: readonly Primitive[] = [
  {
    name: 'zscore',
    category: 'normalisation',
    summary: '(x - mean) / population std; a constant array gives zeros.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function zscore(x){const n=x.length,y=new Array(n);let s=0,v=0;for(let i=0;i<n;i++)s+=x[i];const m=s/n;for(let i=0;i<n;i++)v+=(x[i]-m)**2;const d=Math.sqrt(v/n)||1;for(let i=0;i<n;i++)y[i]=(x[i]-m)/d;return y}',
    reference: ([x]) => {
      const { mean, variance } = meanVariance(x);
      return x.map((v) => (variance > 0 ? (v - mean) / Math.sqrt(variance) : 0));
    },
    phrases: phrases(
      ['normalize {x}', 'normalizing {x}', 'a normalized version of {x}'],
      ['standardize {x}', 'standardizing {x}', 'a standardized version of {x}'],
      ['compute the z-scores of {x}', 'computing the z-scores of {x}', 'the z-scores of {x}'],
      ['scale {x} to zero mean and unit variance', 'scaling {x} to zero mean and unit variance', 'a zero-mean unit-variance version of {x}'],
    ),
  },
  {
    name: 'minmax_normalize',
    category: 'normalisation',
    summary: 'Rescale to 0..1 by (x - min) / (max - min); a constant array gives zeros.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function minmax_normalize(x){const n=x.length,y=new Array(n);let lo=Infinity,hi=-Infinity;for(let i=0;i<n;i++){lo=Math.min(lo,x[i]);hi=Math.max(hi,x[i])}for(let i=0;i<n;i++)y[i]=(x[i]-lo)/(hi-lo||1);return y}',
    reference: ([x]) => {
      const sorted = sortedCopy(x);
      const lo = sorted[0];
      const span = sorted[sorted.length - 1] - lo;
      return x.map((v) => (span === 0 ? 0 : (v - lo) / span));
    },
    phrases: phrases(
      ['normalize {x} to the range 0 to 1', 'normalizing {x} to the range 0 to 1', 'a 0 to 1 normalization of {x}'],
      ['min-max normalize {x}', 'min-max normalizing {x}', 'a min-max normalization of {x}'],
      ['rescale {x} to between 0 and 1', 'rescaling {x} to between 0 and 1', 'a 0-to-1 rescaling of {x}'],
      ['apply min-max scaling to {x}', 'applying min-max scaling to {x}', 'the min-max scaling of {x}'],
    ),
  },
  {
    name: 'clamp',
    category: 'normalisation',
    summary: 'Limit every value to lo..hi (either order of lo, hi works).',
    arrays: 1,
    params: [num('lo', -10, 10, 0.5, -1), num('hi', -10, 10, 0.5, 1)],
    returns: 'array',
    body: 'function clamp(x,lo,hi){const n=x.length,y=new Array(n),a=Math.min(lo,hi),b=Math.max(lo,hi);for(let i=0;i<n;i++)y[i]=Math.min(Math.max(x[i],a),b);return y}',
    reference: ([x], [lo, hi]) => {
      const [a, b] = lo <= hi ? [lo, hi] : [hi, lo];
      return x.map((v) => (v < a ? a : v > b ? b : v));
    },
    phrases: phrases(
      ['clamp {x}', 'clamping {x}', 'a clamped version of {x}'],
      ['clip {x}', 'clipping {x}', 'a clipped copy of {x}'],
      ['clamp {x} between {p0} and {p1}', 'clamping {x} between {p0} and {p1}', 'a clamping of {x} between {p0} and {p1}'],
      ['clip {x} to the range {p0} to {p1}', 'clipping {x} to the range {p0} to {p1}', 'a clipping of {x} to the range {p0} to {p1}'],
      ['limit {x} to values from {p0} to {p1}', 'limiting {x} to values from {p0} to {p1}', 'a copy of {x} limited to values from {p0} to {p1}'],
    ),
  },
  {
    name: 'demean',
    category: 'normalisation',
    summary: 'Subtract the mean.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function demean(x){const n=x.length,y=new Array(n);let s=0;for(let i=0;i<n;i++)s+=x[i];const m=s/n;for(let i=0;i<n;i++)y[i]=x[i]-m;return y}',
    reference: ([x]) => {
      const m = meanVariance(x).mean;
      return x.map((v) => v - m);
    },
    phrases: phrases(
      ['remove the mean from {x}', 'removing the mean from {x}', 'a mean-removed version of {x}'],
      ['center {x}', 'centering {x}', 'a centered version of {x}'],
      ['demean {x}', 'demeaning {x}', 'a demeaned copy of {x}'],
      ['remove the dc offset from {x}', 'removing the dc offset from {x}', 'a dc-free version of {x}'],
    ),
  },
  {
    name: 'unit_std',
    category: 'normalisation',
    summary: 'Divide by the population std (not centred); a constant array is returned unchanged.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function unit_std(x){const n=x.length,y=new Array(n);let s=0,v=0;for(let i=0;i<n;i++)s+=x[i];const m=s/n;for(let i=0;i<n;i++)v+=(x[i]-m)**2;const d=Math.sqrt(v/n)||1;for(let i=0;i<n;i++)y[i]=x[i]/d;return y}',
    reference: ([x]) => {
      const { variance } = meanVariance(x);
      return variance > 0 ? x.map((v) => v / Math.sqrt(variance)) : [...x];
    },
    phrases: phrases(
      ['scale {x} to unit standard deviation', 'scaling {x} to unit standard deviation', 'a version of {x} with unit standard deviation'],
      ['divide {x} by its standard deviation', 'dividing {x} by its standard deviation', 'a copy of {x} divided by its standard deviation'],
      ['rescale {x} to unit variance', 'rescaling {x} to unit variance', 'a unit-variance rescaling of {x}'],
    ),
  },
  {
    name: 'normalize_sum',
    category: 'normalisation',
    summary: 'Divide by the sum so the values add to 1; a zero sum returns the array unchanged.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function normalize_sum(x){const n=x.length,y=new Array(n);let s=0;for(let i=0;i<n;i++)s+=x[i];for(let i=0;i<n;i++)y[i]=x[i]/(s||1);return y}',
    reference: ([x]) => {
      const s = x.reduce((a, b) => a + b, 0);
      return s === 0 ? [...x] : x.map((v) => v / s);
    },
    phrases: phrases(
      ['normalize {x} to sum to one', 'normalizing {x} to sum to one', 'a sum-to-one normalization of {x}'],
      ['divide {x} by its sum', 'dividing {x} by its sum', 'a copy of {x} divided by its sum'],
      ['turn {x} into proportions', 'turning {x} into proportions', 'the proportions of {x}'],
    ),
  },
  {
    name: 'l2_normalize',
    category: 'normalisation',
    summary: 'Divide by the euclidean norm; an all-zero array is returned unchanged.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function l2_normalize(x){const n=x.length,y=new Array(n);let s=0;for(let i=0;i<n;i++)s+=x[i]**2;const d=Math.sqrt(s)||1;for(let i=0;i<n;i++)y[i]=x[i]/d;return y}',
    reference: ([x]) => {
      const norm = Math.hypot(...x);
      return norm === 0 ? [...x] : x.map((v) => v / norm);
    },
    phrases: phrases(
      ['scale {x} to unit length', 'scaling {x} to unit length', 'a unit-length version of {x}'],
      ['l2-normalize {x}', 'l2-normalizing {x}', 'the l2 normalization of {x}'],
      ['divide {x} by its norm', 'dividing {x} by its norm', 'the direction of {x} as a unit vector'],
      ['normalize {x} to unit norm', 'normalizing {x} to unit norm', 'a unit-norm version of {x}'],
    ),
  },
  {
    name: 'robust_scale',
    category: 'normalisation',
    summary: '(x - median) / interquartile range (quartiles linear between ranks); an IQR of 0 gives x - median.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function robust_scale(x){const n=x.length,y=new Array(n),z=x.slice().sort((a,b)=>a-b),q=[];for(let k=1;k<4;k++){const r=k*(n-1)/4,i=Math.floor(r);q.push(z[i]+(r-i)*(z[Math.ceil(r)]-z[i]))}const d=q[2]-q[0]||1;for(let i=0;i<n;i++)y[i]=(x[i]-q[1])/d;return y}',
    reference: ([x]) => {
      const sorted = sortedCopy(x);
      const med = quantileSorted(sorted, 0.5);
      const iqr = quantileSorted(sorted, 0.75) - quantileSorted(sorted, 0.25);
      return x.map((v) => (iqr === 0 ? v - med : (v - med) / iqr));
    },
    phrases: phrases(
      ['robustly scale {x}', 'robustly scaling {x}', 'a robust scaling of {x}'],
      ['scale {x} by its interquartile range', 'scaling {x} by its interquartile range', 'an interquartile-range scaling of {x}'],
      ['normalize {x} with the median and iqr', 'normalizing {x} with the median and iqr', 'a median and iqr normalization of {x}'],
      ['standardize {x} robustly', 'standardizing {x} robustly', 'a robust standardization of {x}'],
    ),
  },
];
