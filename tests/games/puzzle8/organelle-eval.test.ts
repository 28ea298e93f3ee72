// The quick measures the Train view shows after a browser run, on the shipped models.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Organelle } from '../../../worker/organelle.ts';
import { nodeWasmModule } from '../../../worker/wasm/node.ts';
import { pipelineWithPartner, roleAccuracy } from '../../../worker/games/puzzle8/organelle-eval.ts';

const load = async (name: string) =>
  Organelle.fromFile(await nodeWasmModule(), readFileSync(new URL(`../../../public/models/puzzle8/${name}.organelle`, import.meta.url)));

describe('8-puzzle organelle evaluation', () => {
  it('measures each organelle alone and the pipeline with its partner', async () => {
    const planner = await load('planner');
    const mover = await load('mover');
    const p = roleAccuracy(planner, 'planner', 50);
    expect(p.boards).toBe(50);
    expect(p.optimal_move_rate).toBeGreaterThan(0.6);
    const check = pipelineWithPartner(mover, 'mover', planner, 20);
    expect(check.boards).toBe(20);
    expect(check.solve_rate).toBeGreaterThan(0.7);
    expect(check.model_move_share).toBeGreaterThan(0.95);
  }, 60_000);
});
