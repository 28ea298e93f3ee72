// What every recorded run looks like to the replay components, whichever the game: frames
// (one per move, frame 0 the start) that each carry the kanban as the orchestrator held it
// and the calls the organelles received, and one event log whose entries name their frame.
// The 8-puzzle (solve/frames.ts), the two-player games (play/game-frames.ts) and code
// composition (compose/frames.ts) build these from their event lists.
import { encodeKanban, type Kanban } from '../../../worker/orchestrator/kanban.ts';

/** What one organelle was asked and answered. */
export interface OrganelleCall {
  prompt: string;
  output: string;
  meaning: string; // what the orchestrator made of the output
  confidence: number;
  frame: number; // the frame in which it was asked
  /** The confidence the answer had to reach, where one gates it (code composition), and whether it did. */
  threshold?: number;
  accepted?: boolean;
  /**
   * The answer says no (code composition's Planner writing `none`, or two Planners apart): it
   * passes nothing however sure it is, so it is never shown as a pass.
   */
  refusal?: boolean;
}

/** One organelle's row under the kanban: its latest call as of a frame, or why there is none. */
export interface CallRow {
  who: string;
  call: OrganelleCall | null;
  when: string;
  none: string;
}

export type LogKind =
  | 'start' | 'plan' | 'plan-empty' | 'plan-rejected' | 'plan-fallback' | 'proposal' | 'rejection' | 'fallback'
  | 'move' | 'opponent' | 'cycle' | 'replan' | 'solved' | 'failed' | 'game-over' | 'error' | 'other'
  | 'answer' | 'blocked' | 'judged' | 'judge-failed' | 'composed' | 'refused' | 'asked' | 'accepted';

export type LogWho =
  | 'Planner' | 'Mover' | 'Player' | 'Judge' | 'Fallback' | 'Opponent' | 'You' | 'Person' | 'Orchestrator' | 'Wiring' | 'Code';

export interface LogEntry {
  step: number; // the event's step (unique, stable key)
  frame: number;
  kind: LogKind;
  who: LogWho;
  text: string;
  confidence?: number;
}

export interface ReplayFrame {
  index: number; // 0 = the start, k = after the k-th move (a composition: its k-th step)
  /** One line on the move of this frame, for the playback controls. */
  caption: string;
  kanban: Kanban;
}

export interface ReplayOf<F extends ReplayFrame> {
  frames: F[];
  log: LogEntry[];
}

/** The kanban's pipe encoding, as organelles would read it. */
export function kanbanText(kanban: Kanban): string {
  return encodeKanban(kanban);
}
