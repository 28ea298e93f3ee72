// Spectra by the naive O(n^2) DFT, X[k] = sum_i x[i] e^(-2 pi i k i / n), all n bins (64 samples
// make 4096 terms: cheap). Rounding leaves components of about 1e-15 where the exact value is 0;
// dft_phase and dominant_frequency treat anything below 1e-9 as 0, so a phase or a peak is never
// decided by rounding noise.
import type { Primitive } from '../types.ts';
import { phrases } from './define.ts';
import { dft } from './reference-math.ts';

export const SPECTRA: readonly Primitive[] = [
  {
    name: 'dft_magnitude',
    category: 'spectra',
    summary: 'Magnitude |X[k]| of the DFT, bins 0..n-1 (bin 0 is n times the mean).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function dft_magnitude(x){const n=x.length,y=new Array(n);for(let k=0;k<n;k++){let re=0,im=0;for(let i=0;i<n;i++){const a=2*Math.PI*k*i/n;re+=x[i]*Math.cos(a);im-=x[i]*Math.sin(a)}y[k]=Math.sqrt(re*re+im*im)}return y}',
    reference: ([x]) => {
      const { re, im } = dft(x);
      return re.map((r, k) => Math.hypot(r, im[k]));
    },
    phrases: phrases(
      ['compute the spectrum of {x}', 'computing the spectrum of {x}', 'the spectrum of {x}'],
      ['find the frequency content of {x}', 'finding the frequency content of {x}', 'the frequency content of {x}'],
      ['take the fourier magnitudes of {x}', 'taking the fourier magnitudes of {x}', 'the fourier magnitudes of {x}'],
      ['compute the amplitude spectrum of {x}', 'computing the amplitude spectrum of {x}', 'the amplitude spectrum of {x}'],
      ['compute the dft magnitudes of {x}', 'computing the dft magnitudes of {x}', 'the dft magnitudes of {x}'],
    ),
  },
  {
    name: 'dft_phase',
    category: 'spectra',
    summary: 'Phase atan2(im, re) of the DFT, bins 0..n-1, in -pi..pi; a component below 1e-9 counts as 0 (so a zero bin has phase 0).',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function dft_phase(x){const n=x.length,y=new Array(n);for(let k=0;k<n;k++){let re=0,im=0;for(let i=0;i<n;i++){const a=2*Math.PI*k*i/n;re+=x[i]*Math.cos(a);im-=x[i]*Math.sin(a)}y[k]=Math.atan2(Math.abs(im)<1e-9?0:im,Math.abs(re)<1e-9?0:re)}return y}',
    reference: ([x]) => {
      const { re, im } = dft(x, true);
      return re.map((r, k) => Math.atan2(im[k], r));
    },
    phrases: phrases(
      ['compute the phase spectrum of {x}', 'computing the phase spectrum of {x}', 'the phase spectrum of {x}'],
      ['take the fourier phases of {x}', 'taking the fourier phases of {x}', 'the fourier phases of {x}'],
      ['find the phase of each frequency in {x}', 'finding the phase of each frequency in {x}', 'the phase of each frequency in {x}'],
      ['compute the dft phases of {x}', 'computing the dft phases of {x}', 'the dft phases of {x}'],
    ),
  },
  {
    name: 'power_spectrum',
    category: 'spectra',
    summary: 'Squared DFT magnitude re^2 + im^2, bins 0..n-1.',
    arrays: 1,
    params: [],
    returns: 'array',
    body: 'function power_spectrum(x){const n=x.length,y=new Array(n);for(let k=0;k<n;k++){let re=0,im=0;for(let i=0;i<n;i++){const a=2*Math.PI*k*i/n;re+=x[i]*Math.cos(a);im-=x[i]*Math.sin(a)}y[k]=re*re+im*im}return y}',
    reference: ([x]) => {
      const { re, im } = dft(x);
      return re.map((r, k) => Math.hypot(r, im[k]) ** 2);
    },
    phrases: phrases(
      ['compute the power spectrum of {x}', 'computing the power spectrum of {x}', 'the power spectrum of {x}'],
      ['find the spectral power of {x}', 'finding the spectral power of {x}', 'the spectral power of {x}'],
      ['compute the periodogram of {x}', 'computing the periodogram of {x}', 'the periodogram of {x}'],
      ['take the squared fourier magnitudes of {x}', 'taking the squared fourier magnitudes of {x}', 'the squared fourier magnitudes of {x}'],
    ),
  },
  {
    name: 'dominant_frequency',
    category: 'spectra',
    summary: 'The DFT bin 1..floor(n/2) of largest magnitude (the first on ties); 0 if n < 2 or every such bin is below 1e-9.',
    arrays: 1,
    params: [],
    returns: 'number',
    body: 'function dominant_frequency(x){const n=x.length;let b=0,m=1e-18;for(let k=1;k<=n/2;k++){let re=0,im=0;for(let i=0;i<n;i++){const a=2*Math.PI*k*i/n;re+=x[i]*Math.cos(a);im-=x[i]*Math.sin(a)}if(re*re+im*im>m){m=re*re+im*im;b=k}}return b}',
    reference: ([x]) => {
      const { re, im } = dft(x);
      let best = 0;
      let bestMagnitude = 1e-9;
      for (let k = 1; 2 * k <= x.length; k++) {
        const magnitude = Math.hypot(re[k], im[k]);
        if (magnitude > bestMagnitude) [best, bestMagnitude] = [k, magnitude];
      }
      return best;
    },
    phrases: phrases(
      ['find the dominant frequency of {x}', 'finding the dominant frequency of {x}', 'the dominant frequency of {x}'],
      ['find the strongest frequency in {x}', 'finding the strongest frequency in {x}', 'the strongest frequency in {x}'],
      ['find the peak frequency bin of {x}', 'finding the peak frequency bin of {x}', 'the peak frequency bin of {x}'],
      ['estimate the main frequency of {x}', 'estimating the main frequency of {x}', 'the main frequency of {x}'],
    ),
  },
];
