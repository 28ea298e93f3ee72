// The event log a replay builder writes while it walks a run's events. An entry belongs to the
// frame that is open when it is written (the frame the next move will open), so the lines
// that lead to a move show with it; entries after the last move belong to the last frame.
import type { OrchestratorEvent } from '../../../worker/orchestrator/events.ts';
import type { LogEntry, LogKind, LogWho } from './types.ts';
import type { LogLine } from './planner-events.ts';

export interface EventLogWriter {
  add(e: OrchestratorEvent, kind: LogKind, who: LogWho, text: string, confidence?: number): void;
  line(e: OrchestratorEvent, l: LogLine): void;
  /** The entries, none past the last of `frameCount` frames. */
  close(frameCount: number): LogEntry[];
}

/** `openFrame` says which frame an entry written now belongs to. */
export function eventLogWriter(openFrame: () => number): EventLogWriter {
  const entries: LogEntry[] = [];
  const add = (e: OrchestratorEvent, kind: LogKind, who: LogWho, text: string, confidence?: number) => {
    entries.push({ step: e.step, frame: openFrame(), kind, who, text, ...(confidence === undefined ? {} : { confidence }) });
  };
  return {
    add,
    line: (e, l) => add(e, l.kind, l.who, l.text, l.confidence),
    close(frameCount) {
      for (const entry of entries) entry.frame = Math.min(entry.frame, frameCount - 1);
      return entries;
    },
  };
}
