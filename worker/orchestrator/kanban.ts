// The kanban board the orchestrator keeps between organelle calls (seed 000, section 2):
// plan (todo), current task (doing), history (done, last), rejection memory (blocked) and the
// stall / replan counters. Every update returns a new board, so a trace can hold each
// snapshot without copying, and the flat pipe encoding is what organelles read in prompts.

export interface Kanban {
  todo: string[];
  doing: string | null;
  done: string[];
  blocked: string[];
  last: string[];
  /** Consecutive proposals the model failed to get accepted; reset by a model move. */
  stalls: number;
  replans: number;
}

export function emptyKanban(): Kanban {
  return { todo: [], doing: null, done: [], blocked: [], last: [], stalls: 0, replans: 0 };
}

// ---- updates (pure: never mutate the argument)

/** A fresh plan replaces the todo list; any half-done task belonged to the old plan, so it goes. */
export function planned(k: Kanban, todo: readonly string[]): Kanban {
  return { ...k, todo: [...todo], doing: null };
}

/** Pops the head of todo into doing. Calling it on an empty todo is an orchestrator bug. */
export function startTask(k: Kanban): Kanban {
  if (k.todo.length === 0) throw new Error('kanban: startTask called with an empty todo list');
  return { ...k, todo: k.todo.slice(1), doing: k.todo[0] };
}

/** Leaves doing empty (no plan left to follow) without touching anything else. */
export function idle(k: Kanban): Kanban {
  return k.doing === null ? k : { ...k, doing: null };
}

/** A model move was applied: record it, forget rejections (the state changed) and the stalls. */
export function moveAccepted(k: Kanban, move: string, lastCap = 3): Kanban {
  return { ...moveForced(k, move, lastCap), stalls: 0 };
}

/**
 * A fallback move was applied. The state changed, so blocked is cleared, but the model still
 * failed: stalls keep counting so a Mover that never succeeds eventually triggers a replan.
 */
export function moveForced(k: Kanban, move: string, lastCap = 3): Kanban {
  if (!Number.isInteger(lastCap) || lastCap < 0) throw new RangeError(`kanban: lastCap must be an integer >= 0, got ${lastCap}`);
  const last = lastCap === 0 ? [] : [...k.last, move].slice(-lastCap);
  return { ...k, doing: null, done: [...k.done, move], blocked: [], last };
}

/** The Judge refused a move: remember it (once) so the next prompt says not to try it again. */
export function moveRejected(k: Kanban, move: string): Kanban {
  return { ...itemBlocked(k, move), stalls: k.stalls + 1 };
}

/** A proposal with no move in it (unparseable): a stall, but nothing to block. */
export function stalled(k: Kanban): Kanban {
  return { ...k, stalls: k.stalls + 1 };
}

// ---- tasks (code composition, seed 000 section 9.4): the todo holds typed tasks, not moves

/** The task in doing passed: it goes to done and the stalls reset (rule 1). Blocked is kept for the Planner. */
export function taskDone(k: Kanban): Kanban {
  if (k.doing === null) throw new Error('kanban: taskDone called with nothing in doing');
  return { ...k, doing: null, done: [...k.done, k.doing], stalls: 0 };
}

/**
 * The task in doing came back below the confidence threshold or failed a check: `item` (the
 * pattern and why, e.g. `rolling_mean(low_conf)`) is blocked once, a stall counts (rule 2),
 * and the task is dropped: the Planner, not a repeat of the same call, finds another way.
 */
export function taskBlocked(k: Kanban, item: string): Kanban {
  if (k.doing === null) throw new Error('kanban: taskBlocked called with nothing in doing');
  return { ...itemBlocked(k, item), doing: null, stalls: k.stalls + 1 };
}

/** An item blocked outside any task (a step of a plan doubted before it ran): once, no stall. */
export function itemBlocked(k: Kanban, item: string): Kanban {
  return isBlocked(k, item) ? k : { ...k, blocked: [...k.blocked, item] };
}

/** A plan that was given up: its pattern joins `last`, the recently tried compositions. */
export function planTried(k: Kanban, pattern: string, lastCap = 3): Kanban {
  return { ...k, last: [...k.last, pattern].slice(-lastCap) };
}

export function replanned(k: Kanban): Kanban {
  return { ...k, replans: k.replans + 1, stalls: 0 };
}

/** Exact membership: whole items are compared, so '1' never matches '12'. */
export function isBlocked(k: Kanban, move: string): boolean {
  return k.blocked.includes(move);
}

// ---- pipe encoding: todo=up,left|doing=up|done=...|blocked=right|last=up,down|stalls=0|replans=0

export const KANBAN_FIELDS = ['todo', 'doing', 'done', 'blocked', 'last', 'stalls', 'replans'] as const;
export type KanbanField = (typeof KANBAN_FIELDS)[number];

export interface EncodeOptions {
  /** Keep only the most recent N done items (done grows with every move; prompts are short). */
  doneCap?: number;
}

// characters that would make the flat string ambiguous, or end a prompt line early
const RESERVED = /[|,=\n\r]/;

function checkItem(field: KanbanField, item: string): string {
  if (item === '') throw new Error(`kanban: empty item in ${field}`);
  if (RESERVED.test(item)) throw new Error(`kanban: item '${item}' in ${field} contains a reserved character (| , = or newline)`);
  return item;
}

function encodeList(field: KanbanField, items: readonly string[]): string {
  return items.map((item) => checkItem(field, item)).join(',');
}

/** Encodes the requested fields, always in KANBAN_FIELDS order; an empty list is `name=`. */
export function encodeKanban(k: Kanban, fields: readonly KanbanField[] = KANBAN_FIELDS, options: EncodeOptions = {}): string {
  const { doneCap } = options;
  if (doneCap !== undefined && (!Number.isInteger(doneCap) || doneCap < 0)) {
    throw new RangeError(`kanban: doneCap must be an integer >= 0, got ${doneCap}`);
  }
  const wanted = new Set(fields);
  const parts: string[] = [];
  for (const field of KANBAN_FIELDS) {
    if (!wanted.has(field)) continue;
    switch (field) {
      case 'doing':
        parts.push(`doing=${k.doing === null ? '' : checkItem('doing', k.doing)}`);
        break;
      case 'done': {
        // slice(-0) would keep everything, so a cap of 0 is spelled out
        const done = doneCap === undefined ? k.done : doneCap === 0 ? [] : k.done.slice(-doneCap);
        parts.push(`done=${encodeList('done', done)}`);
        break;
      }
      case 'stalls':
      case 'replans':
        parts.push(`${field}=${k[field]}`);
        break;
      default:
        parts.push(`${field}=${encodeList(field, k[field])}`);
    }
  }
  return parts.join('|');
}

function decodeList(field: string, value: string): string[] {
  if (value === '') return [];
  const items = value.split(',');
  const empty = items.indexOf('');
  if (empty >= 0) throw new Error(`kanban: ${field} has an empty item at position ${empty + 1} in '${value}'`);
  return items;
}

/**
 * Parses the pipe encoding back into a board. Fields may come in any order and may be left
 * out (they default to empty / 0); unknown, repeated or malformed fields are errors.
 */
export function decodeKanban(text: string): Kanban {
  const k = emptyKanban();
  if (text === '') return k;
  const seen = new Set<string>();
  text.split('|').forEach((segment, i) => {
    const eq = segment.indexOf('=');
    if (eq < 0) throw new Error(`kanban: segment ${i + 1} '${segment}' is not name=value`);
    const name = segment.slice(0, eq);
    const value = segment.slice(eq + 1);
    if (!(KANBAN_FIELDS as readonly string[]).includes(name)) {
      throw new Error(`kanban: unknown field '${name}' in segment ${i + 1} (expected one of ${KANBAN_FIELDS.join(', ')})`);
    }
    if (seen.has(name)) throw new Error(`kanban: field '${name}' appears twice`);
    seen.add(name);
    if (value.includes('=')) throw new Error(`kanban: field '${name}' has a stray '=' in '${value}'`);
    const field = name as KanbanField;
    switch (field) {
      case 'doing':
        if (value.includes(',')) throw new Error(`kanban: doing holds one task, got '${value}'`);
        k.doing = value === '' ? null : value;
        break;
      case 'stalls':
      case 'replans':
        if (!/^\d+$/.test(value)) throw new Error(`kanban: ${field} must be a non-negative integer, got '${value}'`);
        k[field] = Number(value);
        break;
      default:
        k[field] = decodeList(field, value);
    }
  });
  return k;
}
