// The UI's number and time formatting.
import { describe, expect, it } from 'vitest';
import { aboutDuration, bytes, capitalized, compact, countWord, duration, grouped, listed, loss, ordinal, percent, roughDuration, millis } from '../../web/src/lib/format.ts';

describe('format', () => {
  it('milliseconds: three significant figures, so 0.086 and 427 read alike', () => {
    expect(millis(0.0864)).toBe('0.086');
    expect(millis(0.9996)).toBe('1.00');
    expect(millis(4.271)).toBe('4.27');
    expect(millis(9.996)).toBe('10.0');
    expect(millis(42.71)).toBe('42.7');
    expect(millis(99.96)).toBe('100');
    expect(millis(1234.5)).toBe('1,235');
    expect(millis(NaN)).toBe('—');
  });

  it('rough durations: as precise as an estimate, and never "0 s"', () => {
    expect(roughDuration(0.3)).toBe('under a second');
    expect(roughDuration(1.2)).toBe('1 s');
    expect(roughDuration(24.6)).toBe('25 s');
    expect(roughDuration(59.6)).toBe('1 min');
    expect(roughDuration(145)).toBe('2 min 30 s');
    expect(roughDuration(176)).toBe('3 min');
    expect(roughDuration(594)).toBe('9 min 50 s');
    expect(roughDuration(596)).toBe('10 min');
    expect(roughDuration(842)).toBe('14 min');
    expect(roughDuration(3569)).toBe('59 min');
    expect(roughDuration(3571)).toBe('1 h 00 min');
    expect(roughDuration(3900)).toBe('1 h 05 min');
    expect(roughDuration(7000)).toBe('1 h 55 min');
    expect(roughDuration(Infinity)).toBe('—');
    expect(roughDuration(NaN)).toBe('—');
  });

  it('an estimate in a sentence: "about 25 s", but never "about under a second"', () => {
    expect(aboutDuration(24.6)).toBe('about 25 s');
    expect(aboutDuration(145)).toBe('about 2 min 30 s');
    expect(aboutDuration(0.3)).toBe('under a second');
    expect(aboutDuration(NaN)).toBe('—');
    expect(capitalized(aboutDuration(0.3))).toBe('Under a second');
    expect(capitalized(aboutDuration(24.6))).toBe('About 25 s');
  });

  it('lists items as a sentence does: commas, then "and" (or "or") before the last', () => {
    expect(listed([])).toBe('');
    expect(listed(['Planner'])).toBe('Planner');
    expect(listed(['Wiring', 'Code'])).toBe('Wiring and Code');
    expect(listed(['Planner', 'second Planner', 'Wiring', 'Code'])).toBe('Planner, second Planner, Wiring and Code');
    expect(listed(['Planner', 'second Planner'], 'or')).toBe('Planner or second Planner');
  });

  it('writes small counts in words, others in digits', () => {
    expect([2, 3, 4, 5].map(countWord)).toEqual(['two', 'three', 'four', 'five']);
    expect(countWord(6)).toBe('6');
  });

  it('durations: tenths under 10 s, then seconds, minutes and hours', () => {
    expect(duration(0)).toBe('0.0 s');
    expect(duration(0.43)).toBe('0.4 s');
    expect(duration(9.94)).toBe('9.9 s');
    expect(duration(9.96)).toBe('10 s');
    expect(duration(45.4)).toBe('45 s');
    expect(duration(185)).toBe('3 min 05 s');
    expect(duration(3720)).toBe('1 h 02 min');
    expect(duration(NaN)).toBe('—');
    expect(duration(-1)).toBe('—');
  });

  it('counts, sizes and losses', () => {
    expect(grouped(262412)).toBe('262,412');
    expect(compact(3041)).toBe('3.0K');
    expect(compact(30416)).toBe('30K');
    expect(compact(461184)).toBe('461K');
    expect(bytes(1536)).toBe('1.5 KB');
    expect(loss(0.70571)).toBe('0.706');
    expect(loss(undefined)).toBe('—');
  });

  it('shares: a whole or none only when exact, otherwise as few decimals as that needs', () => {
    expect([0, 1, 0.5, 0.9554, 0.9996925, 0.999999, 0.0004, 0.9951].map(percent)).toEqual([
      '0%', '100%', '50%', '96%', '99.97%', '99.9999%', '0.04%', '99.5%',
    ]);
  });

  it('ordinals, for positions counted from 1', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '10th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th',
    ]);
  });
});
