// The deterministic side of choosing a move: the Judge's verdict on a Mover proposal, and the
// fallback pick once the Mover has used up its attempts. Neither calls a model; both read the
// kanban and the cycle detector but change nothing.

import type { CycleDetector, CycleKind } from './cycle.ts';
import { isBlocked, type Kanban } from './kanban.ts';

export type Verdict =
  | { ok: true; move: string }
  | { ok: false; reason: 'unparseable' | 'blocked' | 'illegal' }
  | { ok: false; reason: 'cycle'; kind: CycleKind };

/**
 * Checks in order: parsed at all, already refused this turn (the Mover is fixating), legal,
 * and not closing a loop: neither a repeated block of moves (the cycle detector) nor a move
 * into an over-visited state (`revisits`, computed by the loop from the states it entered).
 * Blocked comes before legality so a repeated illegal proposal is reported as the fixation it is.
 */
export function judgeProposal(
  move: string | null, legal: readonly string[], kanban: Kanban, cycles: CycleDetector, revisits: ReadonlySet<string> = new Set(),
): Verdict {
  if (move === null) return { ok: false, reason: 'unparseable' };
  if (isBlocked(kanban, move)) return { ok: false, reason: 'blocked' };
  if (!legal.includes(move)) return { ok: false, reason: 'illegal' };
  const kind = cycles.check(move);
  if (kind !== null) return { ok: false, reason: 'cycle', kind };
  if (revisits.has(move)) return { ok: false, reason: 'cycle', kind: 'revisit' };
  return { ok: true, move };
}

/**
 * Asks the game's deterministic fallback for a move, first avoiding blocked and cycling moves,
 * then only blocked ones, then nothing: a dead end may force an undo, and taking it beats
 * stopping. Returns null only when the fallback finds no move even unconstrained.
 * A fallback answer that is illegal or in the avoid set is a game-adapter bug and throws.
 */
export function chooseFallback(
  pick: (avoid: Set<string>) => string | null,
  legal: readonly string[],
  kanban: Kanban,
  cycles: CycleDetector,
  revisits: ReadonlySet<string> = new Set(),
): string | null {
  const cycling = legal.filter((m) => cycles.wouldCycle(m) || revisits.has(m));
  const tiers = [new Set([...kanban.blocked, ...cycling]), new Set(kanban.blocked), new Set<string>()];
  let previous = -1;
  for (const avoid of tiers) {
    if (avoid.size === previous) continue; // each tier is a subset of the one before: same size, same set
    previous = avoid.size;
    const move = pick(avoid);
    if (move === null) continue;
    if (!legal.includes(move)) throw new Error(`fallbackMove returned '${move}', which is not a legal move (${legal.join(', ')})`);
    if (avoid.has(move)) throw new Error(`fallbackMove returned '${move}', which it was asked to avoid`);
    return move;
  }
  return null;
}
