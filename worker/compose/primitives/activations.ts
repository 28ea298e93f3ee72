// Activations: element-wise nonlinearities from neural networks, plus softmax over the whole
// array. softplus and softmax are written in their numerically stable forms (no overflow for
// large inputs).
import type { Primitive } from '../types.ts';
import { num, phrases } from './define.ts';
import { elementwise, sum } from './reference-math.ts';

export const ACTIVATIONS: readonly Primitive[] = [
  {
    name: 'relu',
    category: 'activations',
    summary: 'max(x, 0).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function relu(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=Math.max(x[i],0);return y}',
    reference: elementwise((v) => (v > 0 ? v : 0)),
    phrases: phrases(
      ['apply relu to {x}', 'applying relu to {x}', 'the relu of {x}'],
      ['rectify {x}', 'rectifying {x}', 'a rectified copy of {x}'],
      ['zero out the negative values of {x}', 'zeroing out the negative values of {x}', 'a copy of {x} with its negative values set to zero'],
    ),
  },
  {
    name: 'leaky_relu',
    category: 'activations',
    summary: 'x where x > 0, else a * x.',
    arrays: 1,
    params: [num('a', 0.01, 0.3, 0.01, 0.01)],
    returns: 'array',
    body: 'function leaky_relu(x,a){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=x[i]>0?x[i]:a*x[i];return y}',
    reference: ([x], [a]) => x.map((v) => Math.max(v, 0) + a * Math.min(v, 0)),
    phrases: phrases(
      ['apply a leaky relu to {x}', 'applying a leaky relu to {x}', 'a leaky relu of {x}'],
      ['apply a leaky relu with slope {p0} to {x}', 'applying a leaky relu with slope {p0} to {x}', 'a leaky relu of {x} with slope {p0}'],
      ['leaky-rectify {x} with a negative slope of {p0}', 'leaky-rectifying {x} with a negative slope of {p0}', 'a leaky rectification of {x} with a negative slope of {p0}'],
    ),
  },
  {
    name: 'sigmoid',
    category: 'activations',
    summary: 'The logistic function 1 / (1 + exp(-x)).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function sigmoid(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=1/(1+Math.exp(-x[i]));return y}',
    reference: elementwise((v) => (v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v)))),
    phrases: phrases(
      ['apply a sigmoid to {x}', 'applying a sigmoid to {x}', 'the sigmoid of {x}'],
      ['squash {x} with a logistic function', 'squashing {x} with a logistic function', 'a logistic squashing of {x}'],
      ['pass {x} through a sigmoid', 'passing {x} through a sigmoid', 'the logistic function of {x}'],
    ),
  },
  {
    name: 'tanh_values',
    category: 'activations',
    summary: 'The hyperbolic tangent of every sample.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function tanh_values(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=Math.tanh(x[i]);return y}',
    reference: elementwise((v) => (v >= 0 ? 1 - 2 / (Math.exp(2 * v) + 1) : 2 / (Math.exp(-2 * v) + 1) - 1)),
    phrases: phrases(
      ['apply tanh to {x}', 'applying tanh to {x}', 'the tanh of {x}'],
      ['take the hyperbolic tangent of {x}', 'taking the hyperbolic tangent of {x}', 'the hyperbolic tangent of {x}'],
      ['squash {x} with tanh', 'squashing {x} with tanh', 'a tanh squashing of {x}'],
    ),
  },
  {
    name: 'softplus',
    category: 'activations',
    summary: 'log(1 + exp(x)), computed as max(x, 0) + log1p(exp(-|x|)).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function softplus(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=Math.max(x[i],0)+Math.log1p(Math.exp(-Math.abs(x[i])));return y}',
    reference: elementwise((v) => (v > 30 ? v + Math.exp(-v) : Math.log(1 + Math.exp(v)))),
    phrases: phrases(
      ['apply softplus to {x}', 'applying softplus to {x}', 'the softplus of {x}'],
      ['smoothly rectify {x}', 'smoothly rectifying {x}', 'a smooth rectification of {x}'],
      ['take the log of one plus the exponential of {x}', 'taking the log of one plus the exponential of {x}', 'the log of one plus the exponential of {x}'],
    ),
  },
  {
    name: 'softmax',
    category: 'activations',
    summary: 'exp(x - max) / sum of exp(x - max): positive values adding to 1.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function softmax(x){const n=x.length,y=new Array(n);let m=-Infinity,s=0;for(let i=0;i<n;i++)m=Math.max(m,x[i]);for(let i=0;i<n;i++){y[i]=Math.exp(x[i]-m);s+=y[i]}for(let i=0;i<n;i++)y[i]/=s;return y}',
    reference: ([x]) => {
      const m = Math.max(...x);
      const e = x.map((v) => Math.exp(v - m));
      const s = sum(e);
      return e.map((v) => v / s);
    },
    phrases: phrases(
      ['apply softmax to {x}', 'applying softmax to {x}', 'the softmax of {x}'],
      ['turn {x} into probabilities', 'turning {x} into probabilities', 'a probability distribution from {x}'],
      ['exponentiate and normalize {x}', 'exponentiating and normalizing {x}', 'the normalized exponentials of {x}'],
    ),
  },
];
