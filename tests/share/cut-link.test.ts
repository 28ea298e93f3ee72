// What a share link's text says when it is not a link's (worker/share/cut-link.ts): a link cut
// short ("…" where a chat shortened it, or stopped part-way through a group of characters) or
// with a character no link has is said to look cut or changed, with what to do.
import { describe, expect, it } from 'vitest';
import { linkTextProblem } from '../../worker/share/cut-link.ts';

const AGAIN = 'copy the whole link again from where it was shared';

describe('linkTextProblem', () => {
  it('has nothing to say of a link’s characters', () => {
    expect(linkTextProblem('AbC-_09x')).toBeNull();
    expect(linkTextProblem('AbC-_09xy')).toBe(`the link looks cut short: it stops part-way through; ${AGAIN}`);
  });

  it('says a link ending in an ellipsis was cut short, typed or percent-encoded', () => {
    for (const cut of ['AbCdEf…', 'AbCdEf%E2%80%A6', 'AbCdEf...']) {
      expect(linkTextProblem(cut), cut).toBe(`the link looks cut short: it ends in “…”, where something shortened it; ${AGAIN}`);
    }
  });

  it('names the first character no link has', () => {
    expect(linkTextProblem('Ab$Cd')).toBe(`the link looks incomplete or changed: it has “$”, which no share link has; ${AGAIN}`);
    expect(linkTextProblem('Ab Cd')).toBe(`the link looks incomplete or changed: it has a space, which no share link has; ${AGAIN}`);
    // as the address carries it: "<" is "%3C"
    expect(linkTextProblem('%3Cimg%20src=x%3E')).toBe(`the link looks incomplete or changed: it has “<”, which no share link has; ${AGAIN}`);
    expect(linkTextProblem('Ab%zz')).toBe(`the link looks incomplete or changed: it has “%”, which no share link has; ${AGAIN}`);
  });
});
