// Windows: multiply by a symmetric taper of the array's own length (numpy's definitions,
// w[i] = f(i / (n - 1))); a single sample is multiplied by 1.
import type { Primitive } from '../types.ts';
import { phrases } from './define.ts';

/** x times the window w(t), t = i / (n - 1) in 0..1; n = 1 keeps the sample. */
function windowed(x: readonly number[], w: (t: number) => number): number[] {
  return x.length === 1 ? [x[0]] : x.map((v, i) => v * w(i / (x.length - 1)));
}

export const WINDOWS: readonly Primitive[] = [
  {
    name: 'hann_window',
    category: 'windows',
    summary: 'Multiply by the Hann window 0.5 - 0.5 cos(2 pi i / (n - 1)).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function hann_window(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=n>1?x[i]*(0.5-0.5*Math.cos(2*Math.PI*i/(n-1))):x[i];return y}',
    reference: ([x]) => windowed(x, (t) => Math.sin(Math.PI * t) ** 2),
    phrases: phrases(
      ['apply a hann window to {x}', 'applying a hann window to {x}', 'a hann-windowed copy of {x}'],
      ['taper {x}', 'tapering {x}', 'a tapered copy of {x}'],
      ['window {x} with a hann window', 'windowing {x} with a hann window', 'a hann windowing of {x}'],
      ['apply a hanning window to {x}', 'applying a hanning window to {x}', 'a hanning-windowed copy of {x}'],
    ),
  },
  {
    name: 'hamming_window',
    category: 'windows',
    summary: 'Multiply by the Hamming window 0.54 - 0.46 cos(2 pi i / (n - 1)).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function hamming_window(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=n>1?x[i]*(0.54-0.46*Math.cos(2*Math.PI*i/(n-1))):x[i];return y}',
    reference: ([x]) => windowed(x, (t) => 0.08 + 0.92 * Math.sin(Math.PI * t) ** 2),
    phrases: phrases(
      ['apply a hamming window to {x}', 'applying a hamming window to {x}', 'a hamming-windowed copy of {x}'],
      ['window {x} with a hamming window', 'windowing {x} with a hamming window', 'a hamming windowing of {x}'],
      ['taper {x} with a hamming window', 'tapering {x} with a hamming window', 'a hamming taper of {x}'],
    ),
  },
  {
    name: 'blackman_window',
    category: 'windows',
    summary: 'Multiply by the Blackman window 0.42 - 0.5 cos(2 pi i / (n - 1)) + 0.08 cos(4 pi i / (n - 1)).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function blackman_window(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){const a=2*Math.PI*i/(n-1);y[i]=n>1?x[i]*(0.42-0.5*Math.cos(a)+0.08*Math.cos(2*a)):x[i]}return y}',
    reference: ([x]) =>
      windowed(x, (t) => {
        // cos(2a) = 2 cos(a)^2 - 1, so the window is 0.34 - 0.5 c + 0.16 c^2 with c = cos(2 pi t)
        const c = Math.cos(2 * Math.PI * t);
        return 0.34 - 0.5 * c + 0.16 * c * c;
      }),
    phrases: phrases(
      ['apply a blackman window to {x}', 'applying a blackman window to {x}', 'a blackman-windowed copy of {x}'],
      ['window {x} with a blackman window', 'windowing {x} with a blackman window', 'a blackman windowing of {x}'],
      ['taper {x} with a blackman window', 'tapering {x} with a blackman window', 'a blackman taper of {x}'],
    ),
  },
  {
    name: 'bartlett_window',
    category: 'windows',
    summary: 'Multiply by the triangular Bartlett window 1 - |2i / (n - 1) - 1|.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function bartlett_window(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++)y[i]=n>1?x[i]*(1-Math.abs(2*i/(n-1)-1)):x[i];return y}',
    reference: ([x]) => windowed(x, (t) => (t <= 0.5 ? 2 * t : 2 - 2 * t)),
    phrases: phrases(
      ['apply a bartlett window to {x}', 'applying a bartlett window to {x}', 'a bartlett-windowed copy of {x}'],
      ['apply a triangular window to {x}', 'applying a triangular window to {x}', 'a triangular windowing of {x}'],
      ['taper {x} with a bartlett window', 'tapering {x} with a bartlett window', 'a bartlett taper of {x}'],
    ),
  },
];
