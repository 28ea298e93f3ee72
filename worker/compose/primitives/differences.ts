// Differences, running totals and areas, all at unit spacing. diff_forward is the one primitive
// that shortens its input (n - 1 values, [] for n = 1); the others keep the length.
import type { Primitive } from '../types.ts';
import { phrases } from './define.ts';
import { sum } from './reference-math.ts';

export const DIFFERENCES: readonly Primitive[] = [
  {
    name: 'diff_forward',
    category: 'differences',
    summary: 'Forward differences x[i+1] - x[i]: n - 1 values ([] for n = 1).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function diff_forward(x){const n=x.length,y=[];for(let i=1;i<n;i++)y.push(x[i]-x[i-1]);return y}',
    reference: ([x]) => x.slice(1).map((v, i) => v - x[i]),
    phrases: phrases(
      ['take the forward differences of {x}', 'taking the forward differences of {x}', 'the forward differences of {x}'],
      ['difference {x}', 'differencing {x}', 'the first differences of {x}'],
      ['compute the successive differences of {x}', 'computing the successive differences of {x}', 'the successive differences of {x}'],
      ['compute the step-to-step changes in {x}', 'computing the step-to-step changes in {x}', 'the step-to-step changes in {x}'],
    ),
  },
  {
    name: 'diff_central',
    category: 'differences',
    summary: 'Derivative by central differences (x[i+1] - x[i-1]) / 2, one-sided at the ends; [0] for n = 1.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function diff_central(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){const a=Math.max(0,i-1),b=Math.min(n-1,i+1);y[i]=b>a?(x[b]-x[a])/(b-a):0}return y}',
    reference: ([x]) => {
      const n = x.length;
      if (n === 1) return [0];
      return x.map((v, i) => (i === 0 ? x[1] - v : i === n - 1 ? v - x[i - 1] : 0.5 * (x[i + 1] - x[i - 1])));
    },
    phrases: phrases(
      ['differentiate {x}', 'differentiating {x}', 'the derivative of {x}'],
      ['take the derivative of {x}', 'taking the derivative of {x}', 'the numerical derivative of {x}'],
      ['compute the rate of change of {x}', 'computing the rate of change of {x}', 'the rate of change of {x}'],
      ['take the central differences of {x}', 'taking the central differences of {x}', 'the central differences of {x}'],
      ['compute the gradient of {x}', 'computing the gradient of {x}', 'the gradient of {x}'],
    ),
  },
  {
    name: 'second_difference',
    category: 'differences',
    summary: 'Second difference x[i-1] - 2x[i] + x[i+1]; each end repeats its neighbour; zeros when n < 3.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function second_difference(x){const n=x.length,y=new Array(n).fill(0);if(n<3)return y;for(let i=0;i<n;i++){const j=Math.min(Math.max(i,1),n-2);y[i]=x[j-1]-2*x[j]+x[j+1]}return y}',
    reference: ([x]) => {
      const n = x.length;
      if (n < 3) return x.map(() => 0);
      const inner = x.slice(2).map((v, i) => v - x[i + 1] - (x[i + 1] - x[i]));
      return [inner[0], ...inner, inner[inner.length - 1]];
    },
    phrases: phrases(
      ['take the second derivative of {x}', 'taking the second derivative of {x}', 'the second derivative of {x}'],
      ['compute the second difference of {x}', 'computing the second difference of {x}', 'the second difference of {x}'],
      ['measure the curvature of {x}', 'measuring the curvature of {x}', 'the curvature of {x}'],
      ['compute the acceleration of {x}', 'computing the acceleration of {x}', 'the acceleration of {x}'],
    ),
  },
  {
    name: 'cumsum',
    category: 'differences',
    summary: 'Cumulative sum: y[i] = x[0] + ... + x[i].',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function cumsum(x){const n=x.length,y=new Array(n);let s=0;for(let i=0;i<n;i++){s+=x[i];y[i]=s}return y}',
    reference: ([x]) => x.map((_, i) => sum(x.slice(0, i + 1))),
    phrases: phrases(
      ['take the cumulative sum of {x}', 'taking the cumulative sum of {x}', 'the cumulative sum of {x}'],
      ['compute the running total of {x}', 'computing the running total of {x}', 'the running total of {x}'],
      ['accumulate {x}', 'accumulating {x}', 'the accumulation of {x}'],
      ['compute the prefix sums of {x}', 'computing the prefix sums of {x}', 'the prefix sums of {x}'],
    ),
  },
  {
    name: 'running_max',
    category: 'differences',
    summary: 'Cumulative maximum: y[i] = max(x[0..i]).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function running_max(x){const n=x.length,y=new Array(n);let m=-Infinity;for(let i=0;i<n;i++){m=Math.max(m,x[i]);y[i]=m}return y}',
    reference: ([x]) => x.map((_, i) => Math.max(...x.slice(0, i + 1))),
    phrases: phrases(
      ['take the running maximum of {x}', 'taking the running maximum of {x}', 'the running maximum of {x}'],
      ['compute the cumulative max of {x}', 'computing the cumulative max of {x}', 'the cumulative max of {x}'],
      ['track the highest value of {x} so far', 'tracking the highest value of {x} so far', 'the highest value of {x} so far'],
      ['compute the record highs of {x}', 'computing the record highs of {x}', 'the record highs of {x}'],
    ),
  },
  {
    name: 'running_min',
    category: 'differences',
    summary: 'Cumulative minimum: y[i] = min(x[0..i]).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function running_min(x){const n=x.length,y=new Array(n);let m=Infinity;for(let i=0;i<n;i++){m=Math.min(m,x[i]);y[i]=m}return y}',
    reference: ([x]) => x.map((_, i) => Math.min(...x.slice(0, i + 1))),
    phrases: phrases(
      ['take the running minimum of {x}', 'taking the running minimum of {x}', 'the running minimum of {x}'],
      ['compute the cumulative min of {x}', 'computing the cumulative min of {x}', 'the cumulative min of {x}'],
      ['track the lowest value of {x} so far', 'tracking the lowest value of {x} so far', 'the lowest value of {x} so far'],
      ['compute the record lows of {x}', 'computing the record lows of {x}', 'the record lows of {x}'],
    ),
  },
  {
    name: 'trapezoid',
    category: 'differences',
    summary: 'Area under the samples by the trapezoid rule at unit spacing (0 for n = 1).',
    arrays: 1,
    params: [],
    returns: 'number',
    body: 'function trapezoid(x){const n=x.length;let s=0;for(let i=1;i<n;i++)s+=(x[i-1]+x[i])/2;return s}',
    reference: ([x]) => (x.length < 2 ? 0 : sum(x) - (x[0] + x[x.length - 1]) / 2),
    phrases: phrases(
      ['integrate {x}', 'integrating {x}', 'the area under {x}'],
      ['compute the area under {x}', 'computing the area under {x}', 'the total area under {x}'],
      ['integrate {x} with the trapezoid rule', 'integrating {x} with the trapezoid rule', 'the trapezoid-rule area under {x}'],
    ),
  },
  {
    name: 'cumulative_trapezoid',
    category: 'differences',
    summary: 'Running trapezoid-rule area: y[0] = 0, y[i] = y[i-1] + (x[i-1] + x[i]) / 2.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function cumulative_trapezoid(x){const n=x.length,y=new Array(n);let s=0;for(let i=0;i<n;i++){if(i)s+=(x[i-1]+x[i])/2;y[i]=s}return y}',
    reference: ([x]) => x.map((v, i) => (i === 0 ? 0 : sum(x.slice(0, i + 1)) - (x[0] + v) / 2)),
    phrases: phrases(
      ['cumulatively integrate {x}', 'cumulatively integrating {x}', 'the cumulative area under {x}'],
      ['compute the running area under {x}', 'computing the running area under {x}', 'the running area under {x}'],
      ['take the antiderivative of {x}', 'taking the antiderivative of {x}', 'the antiderivative of {x}'],
      ['accumulate the area under {x}', 'accumulating the area under {x}', 'the accumulated area under {x}'],
    ),
  },
];
