// The signals a composed function can be run on in the Compose view: four made here (the same
// numbers on every visit: a fixed seed, values rounded to 4 decimals) and numbers a person
// pastes, read strictly: any entry that is not a finite number is named with its position, and
// nothing is run until every entry reads.
import { MAX_INPUT } from '../../../worker/compose/sandbox/messages.ts';

export type SignalKind = 'sine' | 'step' | 'walk' | 'chirp' | 'pasted';

export const SIGNALS: readonly { kind: SignalKind; label: string }[] = [
  { kind: 'sine', label: 'Noisy sine' },
  { kind: 'step', label: 'Step' },
  { kind: 'walk', label: 'Random walk' },
  { kind: 'chirp', label: 'Chirp' },
  { kind: 'pasted', label: 'Numbers you paste' },
];

/** Samples in a made signal: twice the Judge's 64, so a plot has room to show a shape. */
export const SIGNAL_SAMPLES = 128;

/** Fewest numbers a pasted signal may have; the most is the sandbox run's MAX_INPUT. */
const MIN_PASTED = 2;
export { MAX_INPUT };

/** mulberry32: a small seeded generator in [0, 1), the same in every browser. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4 + 0; // + 0: no -0

/**
 * A made signal of `n` samples (`salt` varies the noise: the second input of a two-input
 * composition is another draw of the same kind):
 *   sine   a sine of period 32 plus uniform noise of +-0.3
 *   step   0 for the first half, 1 for the second
 *   walk   a random walk of steps of up to +-0.3 from 0
 *   chirp  a sine whose frequency rises from 1/64 to 1/4 cycles per sample
 */
export function makeSignal(kind: Exclude<SignalKind, 'pasted'>, n = SIGNAL_SAMPLES, salt = 0): number[] {
  const random = seeded(0x5eed + 7919 * salt + kind.length);
  const out: number[] = [];
  let walk = 0;
  for (let i = 0; i < n; i++) {
    switch (kind) {
      case 'sine':
        out.push(round4(Math.sin((2 * Math.PI * i) / 32 + salt) + 0.3 * (2 * random() - 1)));
        break;
      case 'step':
        out.push(i < (n >> 1) + salt ? 0 : 1);
        break;
      case 'walk':
        walk += 0.3 * (2 * random() - 1);
        out.push(round4(walk));
        break;
      case 'chirp': {
        // phase of a linear chirp: 2*pi*(f0*i + (f1 - f0) * i^2 / (2n))
        const f0 = 1 / 64;
        const f1 = 1 / 4;
        out.push(round4(Math.sin(2 * Math.PI * (f0 * i + ((f1 - f0) * i * i) / (2 * n)) + salt)));
        break;
      }
    }
  }
  return out;
}

export type SignalCheck = { ok: true; values: number[] } | { ok: false; message: string };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** "…" for an entry too long to quote whole. */
function quoted(text: string): string {
  return `“${text.length > 24 ? `${text.slice(0, 24)}…` : text}”`;
}

/**
 * Numbers as a person pastes them: separated by commas, semicolons, spaces, tabs or line
 * breaks (a spreadsheet's column, a list from code). Each entry must be a plain decimal number
 * (`-0.5`, `3`, `1e-3`) whose value is finite; the message names the first that is not, by its
 * position and its text.
 */
export function parseSignal(text: string): SignalCheck {
  const body = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
  if (body === '') return { ok: false, message: 'Paste some numbers: at least 2, separated by commas, spaces or line breaks.' };
  const entries = body.split(/\s*[,;]\s*|\s+/);
  const values: number[] = [];
  for (const [i, entry] of entries.entries()) {
    const n = i + 1;
    if (entry === '') return { ok: false, message: `Entry ${n} is empty: two separators in a row (or one at the end).` };
    if (!NUMBER.test(entry)) return { ok: false, message: `Entry ${n}, ${quoted(entry)}, is not a number.` };
    const value = Number(entry);
    if (!Number.isFinite(value)) return { ok: false, message: `Entry ${n}, ${quoted(entry)}, is too large to be a finite number.` };
    values.push(value + 0);
  }
  if (values.length < MIN_PASTED) return { ok: false, message: `There is only ${values.length} number; a signal needs at least ${MIN_PASTED}.` };
  if (values.length > MAX_INPUT) return { ok: false, message: `There are ${values.length.toLocaleString('en')} numbers; at most ${MAX_INPUT.toLocaleString('en')}.` };
  return { ok: true, values };
}
