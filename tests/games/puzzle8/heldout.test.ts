// The held-out rule: FNV-1a against published test vectors, and the share of states it holds out.
import { describe, expect, it } from 'vitest';
import { SOLVED } from '../../../worker/games/puzzle8/board.ts';
import { fnv1a32, fnv1a32Bytes, isHeldOut } from '../../../worker/games/puzzle8/heldout.ts';
import { STATE_COUNT, UNSOLVABLE, distanceTable, unrankBoard } from '../../../worker/games/puzzle8/solver.ts';

describe('fnv1a32', () => {
  it('matches the FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-8 bytes, so text and its encoding agree', () => {
    const text = 'café ✓';
    expect(fnv1a32(text)).toBe(fnv1a32Bytes(new TextEncoder().encode(text)));
    expect(fnv1a32(text)).toBeGreaterThanOrEqual(0);
  });
});

describe('isHeldOut', () => {
  it('holds out close to a fifth of the solvable states, never the goal', () => {
    const table = distanceTable();
    let solvable = 0;
    let heldOut = 0;
    for (let rank = 0; rank < STATE_COUNT; rank++) {
      if (table[rank] === UNSOLVABLE) continue;
      solvable++;
      if (isHeldOut(unrankBoard(rank))) heldOut++;
    }
    const share = heldOut / solvable;
    console.log(`puzzle8 held-out share: ${heldOut} / ${solvable} = ${(100 * share).toFixed(2)}%`);
    expect(heldOut).toBe(36_103);
    expect(share).toBeGreaterThan(0.19);
    expect(share).toBeLessThan(0.21);
    expect(isHeldOut(SOLVED)).toBe(false);
  });
});
