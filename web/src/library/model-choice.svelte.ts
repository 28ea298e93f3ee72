// Which model each organelle of one game's pipeline runs with: the one the visitor chose (in a
// picker, or an address named), or by default the newest the library holds for the role (the
// visitor's own before the built-in ones). A chosen id the library does not hold (an address
// from another browser, a model since deleted) is kept, so the picker can say so, while the
// newest plays. The Solve, Play and Compose sessions each keep theirs.
import { chosenModels, type ChosenModels } from '../lib/routes.ts';
import type { ModelMeta } from './model-store.ts';
import { roleModels } from './pipelines.ts';

export class ModelChoice<R extends string> {
  readonly #game: string;
  readonly #roles: readonly R[];
  readonly #library: () => readonly ModelMeta[];
  #chosen = $state<Partial<Record<R, string>>>({});

  constructor(game: string, roles: readonly R[], library: () => readonly ModelMeta[]) {
    this.#game = game;
    this.#roles = roles;
    this.#library = library;
  }

  /** The library's models for a role, newest own first. */
  candidates(role: R): ModelMeta[] {
    return roleModels(this.#library(), this.#game, role);
  }
  /** The chosen model for a role, or by default the newest. */
  model(role: R): ModelMeta | undefined {
    const list = this.candidates(role);
    return list.find((m) => m.id === this.#chosen[role]) ?? list[0];
  }
  choose(role: R, id: string): void {
    this.#chosen[role] = id;
  }
  /** The id chosen for a role, whether or not the library has it; null: the default. */
  chosenId(role: R): string | null {
    return this.#chosen[role] ?? null;
  }

  /** The choices as an address says them (left out when none is made). */
  get address(): { choose?: ChosenModels } {
    return chosenModels(this.#roles, (role) => this.chosenId(role));
  }
  /** Takes the ids an address names; the roles it leaves out keep their choice. */
  take(choose: ChosenModels | undefined): void {
    for (const role of this.#roles) if (choose?.[role]) this.choose(role, choose[role]);
  }
}
