// Opening share links in the page (web/src/replay/shared-run.ts, models.ts): a good link
// replays into the recorded events; a malformed, truncated or tampered one becomes a plain
// sentence and never throws; the link's fingerprint is matched against the library.
import { describe, expect, it } from 'vitest';
import { openSharedRun, sentence, shareUrl } from '../../web/src/replay/shared-run.ts';
import { findPair, pairFingerprint, candidates } from '../../web/src/solve/models.ts';
import { decodeSolveLink, encodeSolveLink } from '../../worker/share/solve-link.ts';
import { modelFingerprint, decodeModelFile } from '../../worker/model/model-file.ts';
import { combineFingerprints } from '../../worker/pipeline/fingerprint.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';
import { recordedRun, sloppyMover, votingMover } from './puzzle8-runs.ts';
import { tinyFile } from './helpers.ts';

const run = recordedRun('413026758', sloppyMover());

describe('openSharedRun', () => {
  it('replays a link into the very events that were recorded', () => {
    const opened = openSharedRun(run.link);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.events).toEqual(run.events.map((e) => (e.type === 'move_proposed' || e.type === 'plan_generated' ? { ...e, confidence: expect.closeTo(e.confidence, 2) } : e)));
    expect(opened.link).toMatchObject({ game: 'puzzle8', start: '413026758', models: '0123456789abcdef' });
  });

  it('replays a run whose answers came from voting ensembles (the link keeps no votes)', () => {
    const voted = recordedRun('867254301', votingMover);
    expect(voted.events.some((e) => e.type === 'move_proposed' && e.votes?.length === 3)).toBe(true);
    const opened = openSharedRun(voted.link);
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.events.filter((e) => e.type === 'move_applied')).toHaveLength(voted.moves.length);
  });

  it('turns every kind of broken link into a sentence', () => {
    const flipped = run.link.slice(0, 20) + (run.link[20] === 'A' ? 'B' : 'A') + run.link.slice(21);
    const cases: [string, RegExp][] = [
      ['', /^The link is empty\.$/],
      ['abc$def', /^The link looks incomplete or changed: it has “\$”, which no share link has; copy the whole link again from where it was shared\.$/],
      [run.link.slice(0, 40) + '…', /^The link looks cut short: it ends in “…”, where something shortened it; copy the whole link again/],
      [run.link.slice(0, 10), /too short|damaged/],
      [run.link.slice(0, -3), /damaged or was edited/],
      [flipped, /damaged or was edited/],
    ];
    for (const [payload, message] of cases) {
      const opened = openSharedRun(payload);
      expect(opened.ok, payload).toBe(false);
      if (!opened.ok) expect(opened.message).toMatch(message);
    }
  });

  it('refuses a well-formed link whose answers were changed', () => {
    const link = decodeSolveLink(run.link);
    link.answers[2] = { ...link.answers[2], text: link.answers[2].text === 'u' ? 'l' : 'u' };
    const opened = openSharedRun(encodeSolveLink(link));
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.message).toMatch(/^The /);
  });

  it('refuses a link for another game or an unsolvable board', () => {
    const link = decodeSolveLink(run.link);
    const other = openSharedRun(encodeSolveLink({ ...link, game: 'connect4' }));
    // read as a game, a board is no game setup
    expect(other).toEqual({ ok: false, message: 'The link\'s game setup "413026758" does not say who moved first and against whom (it reads like "first:human").' });
    const bad = openSharedRun(encodeSolveLink({ ...link, start: '213456780' }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^The link's board is invalid: .*unsolvable/);
  });

  it('never throws, whatever single character is changed', () => {
    const alphabet = 'AZaz09-_';
    for (let i = 0; i < run.link.length; i++) {
      for (const c of alphabet) {
        if (c === run.link[i]) continue;
        const payload = run.link.slice(0, i) + c + run.link.slice(i + 1);
        const opened = openSharedRun(payload);
        // a changed character must never replay silently into a different run
        if (opened.ok) expect(opened.events).toHaveLength(run.events.length);
        else expect(opened.message.length).toBeGreaterThan(10);
      }
    }
  });
});

describe('share link helpers', () => {
  it('builds the link from the page address, replacing any hash', () => {
    expect(shareUrl('AbC_-1', 'https://example.org/lab/index.html#/solve')).toBe('https://example.org/lab/index.html#/r/AbC_-1');
    expect(shareUrl('x', 'http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173/#/r/x');
  });

  it('writes messages as sentences', () => {
    expect(sentence('the link ends too early')).toBe('The link ends too early.');
    expect(sentence('Done.')).toBe('Done.');
  });
});

describe('model pairs', () => {
  const meta = (id: string, organelle: string, seed: number, origin: ModelMeta['origin'] = 'trained'): ModelMeta => {
    const fingerprint = modelFingerprint(decodeModelFile(tinyFile(seed)));
    return {
      id, name: id, recipeId: `puzzle8/${organelle}`, game: 'puzzle8', organelle, shape: { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 },
      params: 1, size: 1, steps: 1, seed, createdAt: '', addedAt: '', evaluation: {}, origin, fingerprint, resumable: false,
    };
  };
  const models = [meta('p-mine', 'planner', 1), meta('m-mine', 'mover', 2), meta('p-built', 'planner', 3, 'built-in'), meta('m-built', 'mover', 4, 'built-in'), meta('other', 'player', 5)];

  it('lists the candidates of a role in library order', () => {
    expect(candidates(models, 'planner').map((m) => m.id)).toEqual(['p-mine', 'p-built']);
    expect(candidates(models, 'mover').map((m) => m.id)).toEqual(['m-mine', 'm-built']);
  });

  it('finds the pair that made a run from its fingerprint, as the pipeline computes it', () => {
    const fp = combineFingerprints([models[2].fingerprint, models[1].fingerprint]);
    expect(pairFingerprint(models[2], models[1])).toBe(fp);
    expect(findPair(models, fp)).toEqual({ planner: models[2], mover: models[1] });
    expect(findPair(models, '0000000000000000')).toBeNull();
  });
});
