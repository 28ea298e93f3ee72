// Plays a recorded run frame by frame: play, pause, step either way, seek, and a speed.
// The Solve, Play and shared-run views each own one, built with their game's replay builder;
// the components only read it and call its methods. The timer is injectable so tests
// advance time by hand.
import type { LogEntry, ReplayFrame, ReplayOf } from './types.ts';
import type { OrchestratorEvent } from '../../../worker/orchestrator/events.ts';

export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

/** Time per move at 1x, in milliseconds. */
export const BASE_INTERVAL_MS = 700;

export interface Clock {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realClock: Clock = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Playback<R extends ReplayOf<ReplayFrame>> {
  readonly #build: (events: readonly OrchestratorEvent[]) => R;
  readonly #clock: Clock;
  #replay = $state.raw<R | null>(null);
  #index = $state(0);
  #playing = $state(false);
  #speed = $state<Speed>(1);
  #timer: unknown = null;
  #frames = $derived(this.#replay?.frames ?? []);
  #log = $derived(this.#replay ? this.#replay.log.filter((e) => e.frame <= this.#index) : []);

  constructor(build: (events: readonly OrchestratorEvent[]) => R, clock: Clock = realClock) {
    this.#build = build;
    this.#clock = clock;
  }

  get loaded(): boolean { return this.#replay !== null; }
  /** The whole replay (frames, log and whatever else the game's builder adds). */
  get replay(): R | null { return this.#replay; }
  get frames(): readonly R['frames'][number][] { return this.#frames; }
  /** The current frame, or null when nothing is loaded. */
  get frame(): R['frames'][number] | null { return this.#frames[this.#index] ?? null; }
  get index(): number { return this.#index; }
  /** Moves in the run (the last frame's index). */
  get moves(): number { return Math.max(0, this.#frames.length - 1); }
  get playing(): boolean { return this.#playing; }
  get speed(): Speed { return this.#speed; }
  get atStart(): boolean { return this.#index === 0; }
  get atEnd(): boolean { return this.#index >= this.moves; }
  /** Log entries up to and including the current frame. */
  get log(): readonly LogEntry[] { return this.#log; }
  /** Milliseconds per move at the current speed. */
  get interval(): number { return BASE_INTERVAL_MS / this.#speed; }

  /** Loads a run's events and shows its start; `autoplay` starts playing at once. */
  load(events: readonly OrchestratorEvent[], autoplay = false): void {
    this.#stop();
    this.#replay = this.#build(events);
    this.#index = 0;
    if (autoplay) this.play();
  }

  /** Loads a run's events and shows its last frame (a game being played, shown as it stands). */
  show(events: readonly OrchestratorEvent[]): void {
    this.#stop();
    this.#replay = this.#build(events);
    this.#index = this.moves;
  }

  clear(): void {
    this.#stop();
    this.#replay = null;
    this.#index = 0;
  }

  play(): void {
    if (!this.#replay || this.moves === 0) return;
    if (this.atEnd) this.#index = 0;
    this.#playing = true;
    this.#schedule();
  }

  pause(): void {
    this.#stop();
  }

  toggle(): void {
    if (this.#playing) this.pause();
    else this.play();
  }

  /** One move forward or back; stepping pauses playback. */
  step(delta: 1 | -1): void {
    this.#stop();
    this.seek(this.#index + delta);
  }

  seek(index: number): void {
    const i = Math.max(0, Math.min(this.moves, Math.round(index)));
    this.#index = i;
    if (this.#playing) {
      if (this.atEnd) this.#stop();
      else this.#schedule();
    }
  }

  toStart(): void {
    this.#stop();
    this.#index = 0;
  }

  toEnd(): void {
    this.#stop();
    this.#index = this.moves;
  }

  setSpeed(speed: Speed): void {
    this.#speed = speed;
    if (this.#playing) this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== null) this.#clock.clear(this.#timer);
    this.#timer = this.#clock.set(() => this.#tick(), this.interval);
  }

  #tick(): void {
    this.#timer = null;
    if (!this.#playing) return;
    this.#index = Math.min(this.moves, this.#index + 1);
    if (this.atEnd) this.#playing = false;
    else this.#schedule();
  }

  #stop(): void {
    this.#playing = false;
    if (this.#timer !== null) this.#clock.clear(this.#timer);
    this.#timer = null;
  }
}
