// Resampling: change the number of samples. downsample keeps x[0], x[k], ...; upsample puts
// k - 1 linearly interpolated samples between neighbours ((n - 1) * k + 1 values); block_mean
// averages blocks of k, the last one possibly shorter.
import type { Primitive } from '../types.ts';
import { int, phrases } from './define.ts';
import { mean } from './reference-math.ts';

export const RESAMPLING: readonly Primitive[] = [
  {
    name: 'downsample',
    category: 'resampling',
    summary: 'Every k-th sample from index 0: ceil(n / k) values.',
    arrays: 1,
    params: [int('k', 2, 8, 2)],
    returns: 'array',
    body: 'function downsample(x,k){const n=x.length,y=[];for(let i=0;i<n;i+=k)y.push(x[i]);return y}',
    reference: ([x], [k]) => x.filter((_, i) => i % k === 0),
    phrases: phrases(
      ['downsample {x}', 'downsampling {x}', 'a downsampled version of {x}'],
      ['downsample {x} by a factor of {p0}', 'downsampling {x} by a factor of {p0}', 'a downsampling of {x} by a factor of {p0}'],
      ['decimate {x} by {p0}', 'decimating {x} by {p0}', 'a decimation of {x} by {p0}'],
      // says the default k = 2 in a word
      ['halve the sample rate of {x}', 'halving the sample rate of {x}', 'a half-rate version of {x}'],
    ),
  },
  {
    name: 'upsample',
    category: 'resampling',
    summary: 'Linear interpolation with k - 1 new samples between neighbours: (n - 1) * k + 1 values.',
    arrays: 1,
    params: [int('k', 2, 8, 2)],
    returns: 'array',
    body: 'function upsample(x,k){const n=x.length,y=[];for(let i=0;i<n-1;i++)for(let j=0;j<k;j++)y.push(x[i]+j/k*(x[i+1]-x[i]));y.push(x[n-1]);return y}',
    reference: ([x], [k]) =>
      Array.from({ length: (x.length - 1) * k + 1 }, (_, j) => {
        const i = Math.floor(j / k);
        const f = (j - i * k) / k;
        return f === 0 ? x[i] : (1 - f) * x[i] + f * x[i + 1];
      }),
    phrases: phrases(
      ['upsample {x}', 'upsampling {x}', 'an upsampled version of {x}'],
      ['upsample {x} by a factor of {p0}', 'upsampling {x} by a factor of {p0}', 'an upsampling of {x} by a factor of {p0}'],
      ['linearly interpolate {x} by a factor of {p0}', 'linearly interpolating {x} by a factor of {p0}', 'a linear interpolation of {x} by a factor of {p0}'],
      // says the default k = 2 in a word
      ['double the sample rate of {x}', 'doubling the sample rate of {x}', 'a double-rate version of {x}'],
    ),
  },
  {
    name: 'block_mean',
    category: 'resampling',
    summary: 'Mean of each block of k samples, the last block possibly shorter: ceil(n / k) values.',
    arrays: 1,
    params: [int('k', 2, 8, 4)],
    returns: 'array',
    body: 'function block_mean(x,k){const n=x.length,y=[];for(let i=0;i<n;i+=k){const e=Math.min(n,i+k);let s=0;for(let j=i;j<e;j++)s+=x[j];y.push(s/(e-i))}return y}',
    reference: ([x], [k]) => Array.from({ length: Math.ceil(x.length / k) }, (_, b) => mean(x.slice(b * k, b * k + k))),
    phrases: phrases(
      ['average {x} in blocks of {p0}', 'averaging {x} in blocks of {p0}', 'the averages of {x} in blocks of {p0}'],
      ['compute the block means of {x}', 'computing the block means of {x}', 'the block means of {x}'],
      ['bin {x} by averaging groups of {p0} samples', 'binning {x} by averaging groups of {p0} samples', 'a binned average of {x} with bins of {p0}'],
      ['pool {x} by averaging', 'pooling {x} by averaging', 'an average pooling of {x}'],
    ),
  },
  {
    name: 'reverse',
    category: 'resampling',
    summary: 'The samples in reverse order.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function reverse(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=x[n-1-i];return y}',
    reference: ([x]) => [...x].reverse(),
    phrases: phrases(
      ['reverse {x}', 'reversing {x}', 'the reverse of {x}'],
      ['flip {x} in time', 'flipping {x} in time', 'a time-reversed copy of {x}'],
      ['play {x} backwards', 'playing {x} backwards', 'a backwards copy of {x}'],
      ['put {x} in reverse order', 'putting {x} in reverse order', 'the reversed order of {x}'],
    ),
  },
];
