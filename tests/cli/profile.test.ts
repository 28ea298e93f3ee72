// `organelle profile`: the build it profiles is the release build's code with function
// names added, and training steps under the profiler, in Node and in Chromium, come back
// as self time in the engine's own functions.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWithNames, profileInChromium, profileInNode, type TrainingProfile } from '../../cli/profile.ts';
import { selfTimeByFunction } from '../../worker/bench/profile.ts';

// the sections of a wasm binary, by id (custom sections by name)
function sections(bytes: Uint8Array): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let i = 8;
  const leb = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[i++];
      n |= (b & 0x7f) << shift;
      if (b < 0x80) return n;
    }
  };
  while (i < bytes.length) {
    const id = bytes[i++];
    const size = leb();
    const body = bytes.subarray(i, i + size);
    i += size;
    out.set(id === 0 ? `custom:${new TextDecoder().decode(body.subarray(1, 1 + body[0]))}` : String(id), body);
  }
  return out;
}

function checkProfile(run: TrainingProfile, steps: number): void {
  const rows = selfTimeByFunction(run.profile, steps);
  expect(rows.reduce((a, r) => a + r.share, 0)).toBeCloseTo(1, 9);
  // the products lead, by their source names
  expect(rows[0].name).toBe('assembly/matmul/gemm');
  // the MLP's sparse product (its transposed one V8 may inline into the backward pass)
  expect(rows.map((r) => r.name)).toContain('assembly/sparse/sparse_matmul');
  expect(run.ms).toBeGreaterThan(0);
}

describe('organelle profile', () => {
  let names: Uint8Array;
  beforeAll(async () => {
    names = await buildWithNames();
  });

  it('profiles the release build\'s code, with function names added', async () => {
    const release = sections(await readFile(new URL('../../build/organelle.wasm', import.meta.url)));
    const named = sections(names);
    expect(named.has('custom:name')).toBe(true);
    expect(release.has('custom:name')).toBe(false);
    for (const [id, body] of release) expect(Buffer.from(named.get(id) ?? []).equals(Buffer.from(body)), `section ${id}`).toBe(true);
    expect([...named.keys()].filter((id) => !release.has(id))).toEqual(['custom:name']);
  });

  it('samples training steps in Node', async () => {
    const run = await profileInNode(names, '64k', 300);
    expect(run.runtime).toMatch(/^node v/);
    checkProfile(run, 300);
  });

  it('samples training steps in Chromium', async () => {
    const run = await profileInChromium(names, '64k', 300, () => {});
    expect(run.runtime).toMatch(/^Chromium \d+\./);
    checkProfile(run, 300);
  }, 60_000);
});
