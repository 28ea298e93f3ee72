// Smoothing: one array in, an array of the same length out. Windows are trailing (the window
// ending at i, shorter at the start), so no sample looks ahead; the IIR filters start from
// y[-1] = x[0], so a constant array passes through unchanged. The references recompute each
// window from scratch, or run the recursions in their update form y += a*(x - y).
import type { Primitive } from '../types.ts';
import { int, num, phrases } from './define.ts';
import { mean, median, std, trailing } from './reference-math.ts';

/** The one-pole low-pass y[i] = y[i-1] + (1-a)(x[i] - y[i-1]), a = exp(-2 pi fc), y[-1] = x[0]. */
function onePole(x: readonly number[], fc: number): number[] {
  const a = Math.exp(-2 * Math.PI * fc);
  const y: number[] = [];
  let prev = x[0];
  for (const v of x) {
    prev += (1 - a) * (v - prev);
    y.push(prev);
  }
  return y;
}

export const SMOOTHING: readonly Primitive[] = [
  {
    name: 'rolling_mean',
    category: 'smoothing',
    summary: 'Moving average over a trailing window of w samples (fewer at the start).',
    arrays: 1,
    params: [int('w', 2, 32, 3)],
    returns: 'array',
    body: 'function rolling_mean(x,w){const n=x.length,y=new Array(n);let s=0;for(let i=0;i<n;i++){s+=x[i];if(i>=w)s-=x[i-w];y[i]=s/Math.min(i+1,w)}return y}',
    reference: ([x], [w]) => x.map((_, i) => mean(trailing(x, i, w))),
    phrases: phrases(
      ['smooth {x}', 'smoothing {x}', 'a smoothed version of {x}'],
      ['smooth {x} over {p0} points', 'smoothing {x} over {p0} points', 'a {p0}-point moving average of {x}'],
      ['take a moving average of {x}', 'taking a moving average of {x}', 'a moving average of {x}'],
      ['average {x} over a window of {p0}', 'averaging {x} over a window of {p0}', 'the average of {x} over a window of {p0}'],
      ['apply a rolling mean to {x} with a window of {p0}', 'applying a rolling mean to {x} with a window of {p0}', 'a rolling mean of {x} with a window of {p0}'],
    ),
  },
  {
    name: 'median_filter',
    category: 'smoothing',
    summary: 'Median of a trailing window of w samples (fewer at the start); removes spikes.',
    arrays: 1,
    params: [int('w', 2, 32, 5)],
    returns: 'array',
    body: 'function median_filter(x,w){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){const z=x.slice(Math.max(0,i-w+1),i+1).sort((a,b)=>a-b),h=z.length>>1;y[i]=z.length%2?z[h]:(z[h-1]+z[h])/2}return y}',
    reference: ([x], [w]) => x.map((_, i) => median(trailing(x, i, w))),
    phrases: phrases(
      ['apply a median filter to {x}', 'applying a median filter to {x}', 'a median filter of {x}'],
      ['median-filter {x} over {p0} points', 'median-filtering {x} over {p0} points', 'a {p0}-point median filter of {x}'],
      ['take a rolling median of {x} with a window of {p0}', 'taking a rolling median of {x} with a window of {p0}', 'the rolling median of {x} with a window of {p0}'],
      ['despike {x}', 'despiking {x}', 'a despiked version of {x}'],
    ),
  },
  {
    name: 'rolling_max',
    category: 'smoothing',
    summary: 'Maximum of a trailing window of w samples (fewer at the start).',
    arrays: 1,
    params: [int('w', 2, 32, 5)],
    returns: 'array',
    body: 'function rolling_max(x,w){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){let m=-Infinity;for(let j=Math.max(0,i-w+1);j<=i;j++)m=Math.max(m,x[j]);y[i]=m}return y}',
    reference: ([x], [w]) => x.map((_, i) => Math.max(...trailing(x, i, w))),
    phrases: phrases(
      ['take the rolling maximum of {x}', 'taking the rolling maximum of {x}', 'the rolling maximum of {x}'],
      ['compute a moving max of {x} over {p0} points', 'computing a moving max of {x} over {p0} points', 'a moving max of {x} over {p0} points'],
      ['track the maximum of {x} over a window of {p0}', 'tracking the maximum of {x} over a window of {p0}', 'the maximum of {x} over a window of {p0}'],
      ['find the upper envelope of {x}', 'finding the upper envelope of {x}', 'the upper envelope of {x}'],
    ),
  },
  {
    name: 'rolling_min',
    category: 'smoothing',
    summary: 'Minimum of a trailing window of w samples (fewer at the start).',
    arrays: 1,
    params: [int('w', 2, 32, 5)],
    returns: 'array',
    body: 'function rolling_min(x,w){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){let m=Infinity;for(let j=Math.max(0,i-w+1);j<=i;j++)m=Math.min(m,x[j]);y[i]=m}return y}',
    reference: ([x], [w]) => x.map((_, i) => Math.min(...trailing(x, i, w))),
    phrases: phrases(
      ['take the rolling minimum of {x}', 'taking the rolling minimum of {x}', 'the rolling minimum of {x}'],
      ['compute a moving min of {x} over {p0} points', 'computing a moving min of {x} over {p0} points', 'a moving min of {x} over {p0} points'],
      ['track the minimum of {x} over a window of {p0}', 'tracking the minimum of {x} over a window of {p0}', 'the minimum of {x} over a window of {p0}'],
      ['find the lower envelope of {x}', 'finding the lower envelope of {x}', 'the lower envelope of {x}'],
    ),
  },
  {
    name: 'rolling_std',
    category: 'smoothing',
    summary: 'Population standard deviation of a trailing window of w samples (0 at the first sample).',
    arrays: 1,
    params: [int('w', 2, 32, 5)],
    returns: 'array',
    body: 'function rolling_std(x,w){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){const a=Math.max(0,i-w+1),c=i-a+1;let s=0,v=0;for(let j=a;j<=i;j++)s+=x[j];for(let j=a;j<=i;j++)v+=(x[j]-s/c)**2;y[i]=Math.sqrt(v/c)}return y}',
    reference: ([x], [w]) => x.map((_, i) => std(trailing(x, i, w))),
    phrases: phrases(
      ['compute the rolling standard deviation of {x}', 'computing the rolling standard deviation of {x}', 'the rolling standard deviation of {x}'],
      ['take a moving std of {x} over {p0} points', 'taking a moving std of {x} over {p0} points', 'a moving std of {x} over {p0} points'],
      ['measure the local volatility of {x} with a window of {p0}', 'measuring the local volatility of {x} with a window of {p0}', 'the local volatility of {x} with a window of {p0}'],
      ['track the rolling volatility of {x}', 'tracking the rolling volatility of {x}', 'the rolling volatility of {x}'],
    ),
  },
  {
    name: 'ema',
    category: 'smoothing',
    summary: 'Exponential moving average y[i] = alpha*x[i] + (1-alpha)*y[i-1], starting at y[0] = x[0].',
    arrays: 1,
    params: [num('alpha', 0.05, 0.95, 0.05, 0.3)],
    returns: 'array',
    body: 'function ema(x,alpha){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=i?alpha*x[i]+(1-alpha)*y[i-1]:x[i];return y}',
    reference: ([x], [alpha]) => {
      const y: number[] = [];
      let prev = x[0];
      for (const v of x) y.push((prev += alpha * (v - prev)));
      return y;
    },
    phrases: phrases(
      ['apply an exponential moving average to {x}', 'applying an exponential moving average to {x}', 'an exponential moving average of {x}'],
      ['take an ema of {x} with alpha {p0}', 'taking an ema of {x} with alpha {p0}', 'an ema of {x} with alpha {p0}'],
      ['exponentially smooth {x}', 'exponentially smoothing {x}', 'an exponentially smoothed version of {x}'],
      ['smooth {x} exponentially with alpha {p0}', 'smoothing {x} exponentially with alpha {p0}', 'an exponential smoothing of {x} with alpha {p0}'],
    ),
  },
  {
    name: 'lowpass',
    category: 'smoothing',
    summary: 'One-pole IIR low-pass: a = exp(-2 pi fc), y[i] = (1-a)*x[i] + a*y[i-1], y[-1] = x[0]; fc in cycles per sample.',
    arrays: 1,
    params: [num('fc', 0.01, 0.45, 0.01, 0.1)],
    returns: 'array',
    body: 'function lowpass(x,fc){const n=x.length,y=new Array(n),a=Math.exp(-2*Math.PI*fc);let p=x[0];for(let i=0;i<n;i++){p=(1-a)*x[i]+a*p;y[i]=p}return y}',
    reference: ([x], [fc]) => onePole(x, fc),
    phrases: phrases(
      ['denoise {x}', 'denoising {x}', 'a denoised version of {x}'],
      ['filter {x}', 'filtering {x}', 'a filtered version of {x}'],
      ['low-pass filter {x}', 'low-pass filtering {x}', 'a low-pass filtered version of {x}'],
      ['apply a low-pass filter with a cutoff of {p0} to {x}', 'applying a low-pass filter with a cutoff of {p0} to {x}', 'a low-pass filter of {x} with a cutoff of {p0}'],
      ['keep the low frequencies of {x} below {p0}', 'keeping the low frequencies of {x} below {p0}', 'the low frequencies of {x} below {p0}'],
    ),
  },
  {
    name: 'highpass',
    category: 'smoothing',
    summary: 'x minus the one-pole low-pass of x at cutoff fc (a constant array gives zeros).',
    arrays: 1,
    params: [num('fc', 0.01, 0.45, 0.01, 0.1)],
    returns: 'array',
    body: 'function highpass(x,fc){const n=x.length,y=new Array(n),a=Math.exp(-2*Math.PI*fc);let p=x[0];for(let i=0;i<n;i++){p=(1-a)*x[i]+a*p;y[i]=x[i]-p}return y}',
    reference: ([x], [fc]) => {
      const low = onePole(x, fc);
      return x.map((v, i) => v - low[i]);
    },
    phrases: phrases(
      ['high-pass filter {x}', 'high-pass filtering {x}', 'a high-pass filtered version of {x}'],
      ['apply a high-pass filter with a cutoff of {p0} to {x}', 'applying a high-pass filter with a cutoff of {p0} to {x}', 'a high-pass filter of {x} with a cutoff of {p0}'],
      ['keep the high frequencies of {x} above {p0}', 'keeping the high frequencies of {x} above {p0}', 'the high frequencies of {x} above {p0}'],
      ['remove the slow drift from {x}', 'removing the slow drift from {x}', 'a drift-free version of {x}'],
    ),
  },
  {
    name: 'bandpass',
    category: 'smoothing',
    summary: 'The high-pass at the lower cutoff of the low-pass at the higher one (either order of lo, hi works).',
    arrays: 1,
    params: [num('lo', 0.01, 0.45, 0.01, 0.05), num('hi', 0.01, 0.45, 0.01, 0.2)],
    returns: 'array',
    body: 'function bandpass(x,lo,hi){const n=x.length,y=new Array(n),a=Math.exp(-2*Math.PI*Math.max(lo,hi)),b=Math.exp(-2*Math.PI*Math.min(lo,hi));let p=x[0],q=x[0];for(let i=0;i<n;i++){p=(1-a)*x[i]+a*p;q=(1-b)*p+b*q;y[i]=p-q}return y}',
    reference: ([x], [lo, hi]) => {
      const low = onePole(x, Math.max(lo, hi));
      const lower = onePole(low, Math.min(lo, hi));
      return low.map((v, i) => v - lower[i]);
    },
    phrases: phrases(
      ['band-pass filter {x}', 'band-pass filtering {x}', 'a band-pass filtered version of {x}'],
      ['keep the frequencies of {x} between {p0} and {p1}', 'keeping the frequencies of {x} between {p0} and {p1}', 'the frequencies of {x} between {p0} and {p1}'],
      ['apply a band-pass filter between {p0} and {p1} to {x}', 'applying a band-pass filter between {p0} and {p1} to {x}', 'a band-pass filter of {x} between {p0} and {p1}'],
      ['isolate a frequency band of {x}', 'isolating a frequency band of {x}', 'a frequency band of {x}'],
    ),
  },
  {
    name: 'gaussian_smooth',
    category: 'smoothing',
    summary: 'Gaussian kernel of width sigma, radius ceil(3 sigma), weights renormalised where it overhangs the ends.',
    arrays: 1,
    params: [num('sigma', 0.5, 5, 0.5, 2)],
    returns: 'array',
    body: 'function gaussian_smooth(x,sigma){const n=x.length,y=new Array(n),r=Math.ceil(3*sigma);for(let i=0;i<n;i++){let s=0,c=0;for(let j=Math.max(0,i-r);j<=Math.min(n-1,i+r);j++){const g=Math.exp(-(j-i)*(j-i)/(2*sigma*sigma));s+=g*x[j];c+=g}y[i]=s/c}return y}',
    reference: ([x], [sigma]) => {
      const r = Math.ceil(3 * sigma);
      const kernel = Array.from({ length: 2 * r + 1 }, (_, k) => Math.exp(-((k - r) ** 2) / (2 * sigma ** 2)));
      return x.map((_, i) => {
        let weighted = 0;
        let weight = 0;
        kernel.forEach((g, k) => {
          const j = i + k - r;
          if (j < 0 || j >= x.length) return;
          weighted += g * x[j];
          weight += g;
        });
        return weighted / weight;
      });
    },
    phrases: phrases(
      ['apply a gaussian blur to {x}', 'applying a gaussian blur to {x}', 'a gaussian blur of {x}'],
      ['gaussian-smooth {x} with a sigma of {p0}', 'gaussian-smoothing {x} with a sigma of {p0}', 'a gaussian smoothing of {x} with a sigma of {p0}'],
      ['blur {x} with a gaussian of width {p0}', 'blurring {x} with a gaussian of width {p0}', 'a blur of {x} with a gaussian of width {p0}'],
      ['smooth {x} with a gaussian kernel', 'smoothing {x} with a gaussian kernel', 'a gaussian-kernel smoothing of {x}'],
    ),
  },
];
