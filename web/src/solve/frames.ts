// A recorded 8-puzzle run as the Solve and shared views play it: one frame per applied move
// (frame 0 is the start, after the first plan), each with the board, the kanban as the
// orchestrator held it when that move was chosen (the last frame of a finished run: as the run
// ended, every move done), and the raw prompts the Planner and the Mover received; plus the
// event log with the frame each entry belongs to, and the counts. Pure functions of the event
// list, so a solve and its replayed share link look the same.
import {
  decodeKanban, emptyKanban, idle, moveRejected, planned, replanned, stalled, startTask, type Kanban,
} from '../../../worker/orchestrator/kanban.ts';
import type { OrchestratorEvent, RejectReason } from '../../../worker/orchestrator/events.ts';
import type { MoveSource } from '../../../worker/orchestrator/types.ts';
import { PLAN_ATTEMPTS } from '../../../worker/orchestrator/planner.ts';
import { isNoPlan } from '../../../worker/games/puzzle8/prompts.ts';
import type { CallRow, OrganelleCall, ReplayFrame, ReplayOf } from '../replay/types.ts';
import { plannerCall, plannerLine } from '../replay/planner-events.ts';
import { eventLogWriter } from '../replay/event-log.ts';

export interface Frame extends ReplayFrame {
  board: string; // the board after this frame's move
  move: string | null; // the move applied in this frame (where the blank went)
  by: MoveSource | null;
  confidence: number | null; // the Mover's confidence in the move it got accepted (null: fallback)
  tile: number | null; // the tile that slid
  // kanban: as held when this move was chosen (frame 0: after the first plan), except that
  // the last frame of a finished run holds the kanban as the run ended (`ended`)
  ended: boolean;
  planner: OrganelleCall | null; // the Planner's latest call up to this frame
  mover: OrganelleCall | null; // the Mover's last call in this frame
}

export interface RunSummary {
  start: string;
  solved: boolean;
  moves: string[];
  modelMoves: number;
  fallbackMoves: number;
  rejections: number;
  cycleBreaks: number;
  replans: number;
  plans: number; // plans the Planner wrote that were used
  heuristicPlans: number;
  failure: string | null;
}

export interface Replay extends ReplayOf<Frame> {
  summary: RunSummary;
}

const STEP: Record<string, number> = { up: -3, down: 3, left: -1, right: 1 };
const LETTER: Record<string, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };

/** "up" -> "u": the compact path notation of prompts and share links. */
export function moveLetters(moves: readonly string[]): string {
  return moves.map((m) => LETTER[m] ?? '?').join('');
}

export const REJECT_WHY: Record<RejectReason, string> = {
  unparseable: 'the answer is not a move',
  blocked: 'already refused on this board',
  illegal: 'the blank cannot go there',
  cycle: 'it would go round in a loop',
};

export const FAIL_WHY: Record<string, string> = {
  'move limit': 'the move limit was reached',
  'no legal moves': 'no legal move was left',
  error: 'an organelle failed',
};

function cycleName(kind: string): string {
  if (kind === 'undo') return 'an undo';
  if (kind === 'period-2') return 'back and forth';
  if (kind === 'period-4') return 'circling a square twice';
  if (kind === 'revisit') return 'back to a board already seen';
  return kind.replace('period-', 'a repeat of period ');
}

/** Builds the frames, log and summary of a run from its events (which start with run_started). */
export function buildReplay(events: readonly OrchestratorEvent[]): Replay {
  const first = events[0];
  const start = first?.type === 'run_started' ? first.start : '';
  let kanban = emptyKanban();
  let turnOpen = false;
  let board = start;
  let planner: OrganelleCall | null = null;
  let plannerPrompt = '';
  let noPlans = 0; // this request's answers with no moves (isNoPlan)
  let mover: OrganelleCall | null = null;
  let proposal: { by: MoveSource; confidence: number; output: string } | null = null;
  const frames: Frame[] = [];
  const summary: RunSummary = {
    start, solved: false, moves: [], modelMoves: 0, fallbackMoves: 0, rejections: 0, cycleBreaks: 0, replans: 0,
    plans: 0, heuristicPlans: 0, failure: null,
  };
  const base = { move: null, by: null, confidence: null, tile: null, ended: false } as const;
  const closeStart = () => {
    if (frames.length === 0) frames.push({ index: 0, caption: '', board, ...base, kanban, planner, mover: null });
  };
  const { add, line, close } = eventLogWriter(() => frames.length);
  // The run is over: its last frame shows the kanban as it ended (doing empty, the last move
  // done) rather than as it was when that move was chosen, which would leave the move in
  // doing on a solved board. A run that ended before any move keeps its start frame.
  const endWith = (final: Kanban) => {
    const last = frames.at(-1);
    if (last && last.index > 0) frames[frames.length - 1] = { ...last, kanban: final, ended: true };
  };

  for (const e of events) {
    switch (e.type) {
      case 'run_started':
        add(e, 'start', 'Orchestrator', `Start from ${e.start}`);
        break;
      case 'plan_requested':
        plannerPrompt = e.prompt;
        if (e.attempt === 1) noPlans = 0;
        break;
      case 'plan_generated':
        planner = plannerCall(e, plannerPrompt, frames.length);
        kanban = planned(kanban, e.plan);
        summary.plans++;
        line(e, plannerLine(e));
        closeStart();
        break;
      case 'plan_rejected':
        planner = plannerCall(e, plannerPrompt, frames.length);
        if (isNoPlan(e.output)) {
          // no moves written: the Planner had nothing to offer, which is no error (prompts.ts)
          noPlans++;
          planner = { ...planner, meaning: 'no plan' };
          add(e, 'plan-empty', 'Planner', `No plan: wrote no moves${e.attempt > 1 ? ` again (attempt ${e.attempt})` : ''}`);
        } else line(e, plannerLine(e));
        break;
      case 'plan_fallback':
        kanban = planned(kanban, e.plan);
        summary.heuristicPlans++;
        if (e.reason === 'planner rejected twice' && noPlans === PLAN_ATTEMPTS) {
          add(e, 'plan-fallback', 'Fallback', `Heuristic plan: ${e.plan.join(', ') || 'none'} (the Planner wrote none)`);
        } else line(e, plannerLine(e));
        closeStart();
        break;
      case 'replan':
        kanban = replanned(decodeKanban(e.kanban));
        summary.replans++;
        add(e, 'replan', 'Orchestrator', `Replan: ${e.reason}`);
        break;
      case 'move_proposed':
        closeStart();
        if (!turnOpen) {
          turnOpen = true;
          kanban = kanban.todo.length > 0 ? startTask(kanban) : idle(kanban);
        }
        proposal = { by: e.by, confidence: e.confidence, output: e.output };
        if (e.by === 'model') {
          mover = { prompt: e.prompt, output: e.output, meaning: e.move ?? 'not a move', confidence: e.confidence, frame: frames.length };
          // an ensemble's votes, when they disagreed (unanimous votes say nothing the confidence does not)
          const split = e.votes && new Set(e.votes).size > 1;
          const votes = split ? ` (votes ${e.votes!.map((v) => v || '∅').join(' ')})` : '';
          add(e, 'proposal', 'Mover', `${e.move === null ? `Answered “${e.output}”` : `Proposed ${e.move}`}${votes}`, e.confidence);
        } else {
          add(e, 'fallback', 'Fallback', `Picked ${e.move} (greedy on Manhattan distance)`);
        }
        break;
      case 'move_rejected':
        kanban = e.move === null ? stalled(kanban) : moveRejected(kanban, e.move);
        summary.rejections++;
        add(e, 'rejection', 'Judge', `Refused ${e.move ?? `“${proposal?.output ?? ''}”`}: ${REJECT_WHY[e.reason]}`);
        break;
      case 'cycle_break':
        summary.cycleBreaks++;
        add(e, 'cycle', 'Judge', `Cycle break: refused ${e.move} (${cycleName(e.kind)}), took ${e.alternative}`);
        break;
      case 'move_applied': {
        const before = board;
        board = e.state;
        const blank = before.indexOf('0');
        const tile = blank >= 0 && STEP[e.move] !== undefined ? Number(before[blank + STEP[e.move]]) : null;
        const confidence = e.by === 'model' && proposal ? proposal.confidence : null;
        summary.moves.push(e.move);
        if (e.by === 'model') summary.modelMoves++;
        else summary.fallbackMoves++;
        // the frame opens with the next index; log entries of this move belong to it
        const index = frames.length;
        const who = e.by === 'model' ? 'the Mover' : 'the fallback';
        add(e, 'move', e.by === 'model' ? 'Mover' : 'Fallback', `Move ${index}: blank ${e.move}, chosen by ${who}`, confidence ?? undefined);
        frames.push({
          index, caption: caption(e.move, e.by, confidence), board, move: e.move, by: e.by, confidence, tile, kanban, planner,
          mover: mover?.frame === index ? mover : null, ended: false,
        });
        kanban = decodeKanban(e.kanban);
        turnOpen = false;
        proposal = null;
        break;
      }
      case 'solved':
        summary.solved = true;
        endWith(kanban);
        add(e, 'solved', 'Orchestrator', `Solved in ${e.moves.length} moves: ${e.modelMoves} by the Mover, ${e.fallbackMoves} by the fallback`);
        break;
      case 'failed':
        summary.failure = e.reason;
        endWith(kanban);
        add(e, 'failed', 'Orchestrator', `Not solved: ${FAIL_WHY[e.reason] ?? e.reason} after ${e.moves.length} moves`);
        break;
      case 'error':
        add(e, 'error', 'Orchestrator', `Error: ${e.message}`);
        break;
      case 'phase_change':
        break;
      default:
        add(e, 'other', 'Orchestrator', e.type.replace(/_/g, ' '));
    }
  }
  closeStart();
  // the ending comes after the last move: it belongs to the last frame
  return { frames, log: close(frames.length), summary };
}

/** "Move 3 of 20: blank up · Mover 93%" without the counts: what the controls say of a frame. */
function caption(move: string | null, by: MoveSource | null, confidence: number | null): string {
  if (move === null) return '';
  return `blank ${move} · ${by === 'model' ? 'Mover' : 'fallback'}${confidence !== null ? ` ${Math.round(confidence * 100)}%` : ''}`;
}

/** The Planner's and the Mover's calls as of a frame, for the calls under the kanban. */
export function puzzle8Calls(frame: Frame): CallRow[] {
  const at = frame.planner?.frame ?? 0;
  return [
    {
      who: 'Planner',
      call: frame.planner,
      when: at === 0 ? '· at the start' : at === frame.index ? '· before this move' : `· before move ${at}`,
      none: 'The Planner was not asked (heuristic plans only).',
    },
    {
      who: 'Mover',
      call: frame.mover,
      when: frame.by === 'fallback' ? '· refused, so the fallback chose' : '· its answer was taken',
      none: frame.index === 0 ? 'The Mover is asked from the first move on.' : 'The Mover was not asked for this move.',
    },
  ];
}
