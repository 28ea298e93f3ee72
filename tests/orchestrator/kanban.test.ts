// Kanban board (worker/orchestrator/kanban.ts): pure updates, pipe encoding, exact blocked membership.
import { describe, expect, it } from 'vitest';
import {
  decodeKanban, emptyKanban, encodeKanban, isBlocked, itemBlocked, type Kanban, moveAccepted, moveForced, moveRejected, planned, replanned,
  stalled, startTask,
} from '../../worker/orchestrator/kanban.ts';

function frozen(k: Kanban): Kanban {
  for (const list of [k.todo, k.done, k.blocked, k.last]) Object.freeze(list);
  return Object.freeze(k);
}

const busy: Kanban = {
  todo: ['up', 'left'], doing: 'up', done: ['down', 'right', 'up'], blocked: ['right'], last: ['right', 'up'], stalls: 2, replans: 1,
};

describe('kanban updates', () => {
  it('never mutates the board it is given', () => {
    const k = frozen(structuredClone(busy));
    // frozen arrays throw on push in strict mode, so any mutation would fail here
    expect(() => [planned(k, ['a']), startTask(k), moveAccepted(k, 'x'), moveForced(k, 'x'), moveRejected(k, 'x'),
      stalled(k), replanned(k)]).not.toThrow();
    expect(k).toEqual(busy);
  });

  it('plans and pops tasks in order', () => {
    let k = planned(emptyKanban(), ['a', 'b']);
    expect(k.todo).toEqual(['a', 'b']);
    k = startTask(k);
    expect([k.doing, k.todo]).toEqual(['a', ['b']]);
    k = startTask(k);
    expect([k.doing, k.todo]).toEqual(['b', []]);
    expect(() => startTask(k)).toThrow(/empty todo/);
    // a new plan drops the task of the old one
    expect(planned(k, ['c']).doing).toBeNull();
  });

  it('accepts a move: done grows, last keeps the newest lastCap, blocked and stalls clear', () => {
    let k: Kanban = { ...emptyKanban(), blocked: ['left'], stalls: 3, doing: 'up' };
    for (const m of ['a', 'b', 'c', 'd']) k = moveAccepted(k, m);
    expect(k.done).toEqual(['a', 'b', 'c', 'd']);
    expect(k.last).toEqual(['b', 'c', 'd']);
    expect(k.blocked).toEqual([]);
    expect(k.stalls).toBe(0);
    expect(k.doing).toBeNull();
    expect(moveAccepted(k, 'e', 1).last).toEqual(['e']);
    expect(moveAccepted(k, 'e', 0).last).toEqual([]);
  });

  it('a forced (fallback) move clears blocked but keeps counting stalls', () => {
    const k = moveForced({ ...emptyKanban(), blocked: ['left'], stalls: 3 }, 'up');
    expect(k.blocked).toEqual([]);
    expect(k.stalls).toBe(3);
    expect(k.done).toEqual(['up']);
  });

  it('rejections block a move once and count every stall', () => {
    let k = moveRejected(emptyKanban(), 'right');
    k = moveRejected(k, 'right');
    k = stalled(k);
    expect(k.blocked).toEqual(['right']);
    expect(k.stalls).toBe(3);
    k = replanned(k);
    expect([k.stalls, k.replans]).toEqual([0, 1]);
  });

  it('blocked membership is exact: "1" does not match "12" and vice versa', () => {
    const k = moveRejected(emptyKanban(), '12');
    expect(isBlocked(k, '12')).toBe(true);
    expect(isBlocked(k, '1')).toBe(false);
    expect(isBlocked(k, '2')).toBe(false);
    const k1 = moveRejected(emptyKanban(), '1');
    expect(isBlocked(k1, '12')).toBe(false);
    // and blocking '1' after '12' really adds it
    expect(moveRejected(k, '1').blocked).toEqual(['12', '1']);
    // also through the text form
    expect(isBlocked(decodeKanban('blocked=12'), '1')).toBe(false);
    expect(isBlocked(decodeKanban('blocked=12,3'), '1')).toBe(false);
  });
});

describe('a plan doubted before it ran', () => {
  it('blocks an item once, with no task in doing and no stall', () => {
    const k = itemBlocked(frozen(emptyKanban()), 'minimum(unsaid)');
    expect([k.blocked, k.stalls, k.doing]).toEqual([['minimum(unsaid)'], 0, null]);
    expect(itemBlocked(frozen(k), 'minimum(unsaid)')).toBe(k);
  });
});

describe('kanban encoding', () => {
  it('encodes every field in a fixed order, empty lists as name=', () => {
    expect(encodeKanban(emptyKanban())).toBe('todo=|doing=|done=|blocked=|last=|stalls=0|replans=0');
    expect(encodeKanban(busy)).toBe('todo=up,left|doing=up|done=down,right,up|blocked=right|last=right,up|stalls=2|replans=1');
  });

  it('encodes only the requested fields, still in the fixed order', () => {
    expect(encodeKanban(busy, ['last', 'blocked', 'todo'])).toBe('todo=up,left|blocked=right|last=right,up');
    expect(encodeKanban(busy, ['doing'])).toBe('doing=up');
    expect(encodeKanban(busy, [])).toBe('');
  });

  it('doneCap keeps the most recent done items', () => {
    expect(encodeKanban(busy, ['done'], { doneCap: 2 })).toBe('done=right,up');
    expect(encodeKanban(busy, ['done'], { doneCap: 0 })).toBe('done=');
    expect(encodeKanban(busy, ['done'], { doneCap: 10 })).toBe('done=down,right,up');
    expect(() => encodeKanban(busy, ['done'], { doneCap: -1 })).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const k of [emptyKanban(), busy, { ...busy, doing: null, todo: [] }, { ...busy, blocked: ['1', '12'] }]) {
      expect(decodeKanban(encodeKanban(k))).toEqual(k);
    }
    // missing fields decode to their empty value
    expect(decodeKanban('last=up,down|blocked=left')).toEqual({ ...emptyKanban(), last: ['up', 'down'], blocked: ['left'] });
    expect(decodeKanban('')).toEqual(emptyKanban());
  });

  it('refuses items that would break the encoding', () => {
    expect(() => encodeKanban({ ...busy, todo: ['a,b'] })).toThrow(/'a,b' in todo contains a reserved/);
    expect(() => encodeKanban({ ...busy, blocked: ['x|y'] })).toThrow(/reserved/);
    expect(() => encodeKanban({ ...busy, doing: 'a=b' })).toThrow(/reserved/);
    expect(() => encodeKanban({ ...busy, last: ['a\nb'] })).toThrow(/reserved/);
    expect(() => encodeKanban({ ...busy, done: [''] })).toThrow(/empty item in done/);
  });

  it.each([
    ['todo', /segment 1 'todo' is not name=value/],
    ['todo=a|bogus=1', /unknown field 'bogus' in segment 2/],
    ['todo=a|todo=b', /'todo' appears twice/],
    ['todo=a,,b', /todo has an empty item at position 2/],
    ['blocked=,', /empty item/],
    ['doing=a,b', /doing holds one task/],
    ['stalls=x', /stalls must be a non-negative integer/],
    ['replans=-1', /replans must be a non-negative integer/],
    ['last=a=b', /stray '='/],
    ['todo=a||last=b', /segment 2 '' is not name=value/],
  ])('decode rejects %j', (text, message) => {
    expect(() => decodeKanban(text)).toThrow(message);
  });
});
