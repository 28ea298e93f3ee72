// Vector operations. The binary ones take two arrays (x, y), may only open a composition, work
// over the shorter length and write to `out` (y is taken); the unary ones are element-wise.
import type { Primitive } from '../types.ts';
import { num, phrases } from './define.ts';
import { elementwise, meanVariance, sum } from './reference-math.ts';

/** The common prefix of two arrays, as [x, y] of equal length. */
function paired(arrays: readonly (readonly number[])[]): [number[], number[]] {
  const n = Math.min(arrays[0].length, arrays[1].length);
  return [arrays[0].slice(0, n), arrays[1].slice(0, n)];
}

export const VECTOR: readonly Primitive[] = [
  {
    name: 'vec_add',
    category: 'vector',
    summary: 'Element-wise x + y over the shorter length.',
    arrays: 2,
    params: [],
    returns: 'array',
    body: 'function vec_add(x,y){const n=Math.min(x.length,y.length),out=new Array(n);for(let i=0;i<n;i++)out[i]=x[i]+y[i];return out}',
    reference: (arrays) => {
      const [x, y] = paired(arrays);
      return x.map((v, i) => v + y[i]);
    },
    phrases: phrases(
      ['add {xy}', 'adding {xy}', 'the sum of {xy}'],
      ['add {xy} element-wise', 'adding {xy} element-wise', 'the element-wise sum of {xy}'],
      ['sum {xy} sample by sample', 'summing {xy} sample by sample', 'the sample-by-sample sum of {xy}'],
      ['combine {xy} by adding them', 'combining {xy} by adding them', 'the addition of {xy}'],
    ),
  },
  {
    name: 'vec_sub',
    category: 'vector',
    summary: 'Element-wise x - y over the shorter length.',
    arrays: 2,
    params: [],
    returns: 'array',
    body: 'function vec_sub(x,y){const n=Math.min(x.length,y.length),out=new Array(n);for(let i=0;i<n;i++)out[i]=x[i]-y[i];return out}',
    reference: (arrays) => {
      const [x, y] = paired(arrays);
      return x.map((v, i) => v + -y[i]);
    },
    phrases: phrases(
      ['take the difference between {xy}', 'taking the difference between {xy}', 'the difference between {xy}'],
      ['subtract {xy} element-wise', 'subtracting {xy} element-wise', 'the element-wise difference of {xy}'],
      ['compute the residual between {xy}', 'computing the residual between {xy}', 'the residual between {xy}'],
    ),
  },
  {
    name: 'vec_mul',
    category: 'vector',
    summary: 'Element-wise x * y over the shorter length.',
    arrays: 2,
    params: [],
    returns: 'array',
    body: 'function vec_mul(x,y){const n=Math.min(x.length,y.length),out=new Array(n);for(let i=0;i<n;i++)out[i]=x[i]*y[i];return out}',
    reference: (arrays) => {
      const [x, y] = paired(arrays);
      return x.map((v, i) => v * y[i]);
    },
    phrases: phrases(
      ['multiply {xy}', 'multiplying {xy}', 'the product of {xy}'],
      ['multiply {xy} element-wise', 'multiplying {xy} element-wise', 'the element-wise product of {xy}'],
      ['take the hadamard product of {xy}', 'taking the hadamard product of {xy}', 'the hadamard product of {xy}'],
    ),
  },
  {
    name: 'dot',
    category: 'vector',
    summary: 'Dot product: the sum of x[i] * y[i] over the shorter length.',
    arrays: 2,
    params: [],
    returns: 'number',
    body: 'function dot(x,y){const n=Math.min(x.length,y.length);let s=0;for(let i=0;i<n;i++)s+=x[i]*y[i];return s}',
    reference: (arrays) => {
      const [x, y] = paired(arrays);
      return sum(x.map((v, i) => v * y[i]));
    },
    phrases: phrases(
      ['take the dot product of {xy}', 'taking the dot product of {xy}', 'the dot product of {xy}'],
      ['compute the inner product of {xy}', 'computing the inner product of {xy}', 'the inner product of {xy}'],
      ['find the scalar product of {xy}', 'finding the scalar product of {xy}', 'the scalar product of {xy}'],
    ),
  },
  {
    name: 'distance',
    category: 'vector',
    summary: 'Euclidean distance over the shorter length.',
    arrays: 2,
    params: [],
    returns: 'number',
    body: 'function distance(x,y){const n=Math.min(x.length,y.length);let s=0;for(let i=0;i<n;i++)s+=(x[i]-y[i])**2;return Math.sqrt(s)}',
    reference: (arrays) => {
      const [x, y] = paired(arrays);
      return Math.hypot(...x.map((v, i) => v - y[i]));
    },
    phrases: phrases(
      ['compute the distance between {xy}', 'computing the distance between {xy}', 'the distance between {xy}'],
      ['find the euclidean distance between {xy}', 'finding the euclidean distance between {xy}', 'the euclidean distance between {xy}'],
      ['measure the l2 distance between {xy}', 'measuring the l2 distance between {xy}', 'the l2 distance between {xy}'],
    ),
  },
  {
    name: 'correlation',
    category: 'vector',
    summary: 'Pearson correlation over the shorter length, in -1..1; 0 when either is constant.',
    arrays: 2,
    params: [],
    returns: 'number',
    body: 'function correlation(x,y){const n=Math.min(x.length,y.length);let a=0,b=0,s=0,u=0,v=0;for(let i=0;i<n;i++){a+=x[i];b+=y[i]}a/=n;b/=n;for(let i=0;i<n;i++){s+=(x[i]-a)*(y[i]-b);u+=(x[i]-a)**2;v+=(y[i]-b)**2}return u&&v?s/Math.sqrt(u*v):0}',
    reference: (arrays) => {
      const [x, y] = paired(arrays);
      const mx = meanVariance(x);
      const my = meanVariance(y);
      if (mx.variance === 0 || my.variance === 0) return 0;
      const covariance = sum(x.map((v, i) => (v - mx.mean) * (y[i] - my.mean))) / x.length;
      return covariance / Math.sqrt(mx.variance * my.variance);
    },
    phrases: phrases(
      ['correlate {xy}', 'correlating {xy}', 'the correlation between {xy}'],
      ['compute the pearson correlation of {xy}', 'computing the pearson correlation of {xy}', 'the pearson correlation of {xy}'],
      ['find the correlation coefficient of {xy}', 'finding the correlation coefficient of {xy}', 'the correlation coefficient of {xy}'],
    ),
  },
  {
    name: 'scale',
    category: 'vector',
    summary: 'Multiply every value by k.',
    arrays: 1,
    params: [num('k', -5, 5, 0.5, 2)],
    returns: 'array',
    body: 'function scale(x,k){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=k*x[i];return y}',
    reference: ([x], [k]) => x.map((v) => v * k),
    phrases: phrases(
      ['scale {x}', 'scaling {x}', 'a scaled copy of {x}'],
      // says the default k = 2 in a word
      ['double {x}', 'doubling {x}', 'a doubled copy of {x}'],
      ['scale {x} by {p0}', 'scaling {x} by {p0}', 'a copy of {x} scaled by {p0}'],
      ['multiply {x} by {p0}', 'multiplying {x} by {p0}', 'a multiplication of {x} by {p0}'],
      ['amplify {x} by a factor of {p0}', 'amplifying {x} by a factor of {p0}', 'an amplification of {x} by a factor of {p0}'],
    ),
  },
  {
    name: 'offset',
    category: 'vector',
    summary: 'Add c to every value.',
    arrays: 1,
    params: [num('c', -10, 10, 0.5, 1)],
    returns: 'array',
    body: 'function offset(x,c){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=x[i]+c;return y}',
    reference: ([x], [c]) => x.map((v) => c + v),
    phrases: phrases(
      ['offset {x}', 'offsetting {x}', 'an offset copy of {x}'],
      ['add {p0} to {x}', 'adding {p0} to {x}', 'a copy of {x} with {p0} added'],
      ['shift {x} up by {p0}', 'shifting {x} up by {p0}', 'an upward shift of {x} by {p0}'],
      ['offset {x} by {p0}', 'offsetting {x} by {p0}', 'an offset of {x} by {p0}'],
    ),
  },
  {
    name: 'abs_values',
    category: 'vector',
    summary: 'Absolute value of every sample.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function abs_values(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=Math.abs(x[i]);return y}',
    reference: elementwise((v) => (v < 0 ? -v : v)),
    phrases: phrases(
      ['take the absolute value of {x}', 'taking the absolute value of {x}', 'the absolute value of {x}'],
      ['compute the absolute values of {x}', 'computing the absolute values of {x}', 'the absolute values of {x}'],
      ['full-wave rectify {x}', 'full-wave rectifying {x}', 'a full-wave rectified copy of {x}'],
      ['drop the signs of {x}', 'dropping the signs of {x}', 'the magnitudes of {x}'],
    ),
  },
  {
    name: 'negate',
    category: 'vector',
    summary: 'Flip the sign of every sample.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function negate(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=-x[i];return y}',
    reference: elementwise((v) => 0 - v),
    phrases: phrases(
      ['negate {x}', 'negating {x}', 'the negation of {x}'],
      ['flip the sign of {x}', 'flipping the sign of {x}', 'a sign-flipped copy of {x}'],
      ['turn {x} upside down', 'turning {x} upside down', 'an upside-down copy of {x}'],
    ),
  },
  {
    name: 'square',
    category: 'vector',
    summary: 'Square every sample.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function square(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=x[i]**2;return y}',
    reference: elementwise((v) => v * v),
    phrases: phrases(
      ['square {x}', 'squaring {x}', 'the square of {x}'],
      ['square each value of {x}', 'squaring each value of {x}', 'the squared values of {x}'],
      ['raise {x} to the power of two', 'raising {x} to the power of two', 'the second power of {x}'],
    ),
  },
];
