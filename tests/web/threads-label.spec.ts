// What a job card says of its run's threads (web/src/train/threads-label.ts).
import { describe, expect, it } from 'vitest';
import { threadsLabel } from '../../web/src/train/threads-label.ts';

describe('threadsLabel', () => {
  it('its share of the cores while every thread trains', () => {
    expect(threadsLabel(2, 2, undefined).text).toBe('2');
    expect(threadsLabel(2, undefined, undefined).title).toMatch(/its share of the cores/);
  });

  it('how many of them trained the latest step while one thread is faster on a busy device', () => {
    const label = threadsLabel(2, 1, undefined);
    expect(label.text).toBe('1 of 2');
    expect(label.title).toMatch(/One thread trains faster than 2 on this device just now/);
  });

  it('why a run has one thread only, before anything else', () => {
    expect(threadsLabel(1, 1, 'this page is not cross-origin isolated')).toEqual({ text: '1', title: 'One thread: this page is not cross-origin isolated' });
  });
});
