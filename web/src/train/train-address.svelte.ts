// The Train form's side of the address (lib/address.svelte.ts keeps the two in step). A Train
// address names a recipe, and the recipes are only known once a worker has listed them, so an
// address that arrives before then waits, and the address bar keeps it as it came until the
// form has taken it. What the form could not take is said for as long as the form stays as
// the address left it.
import { untrack } from 'svelte';
import { trainHref, type TrainSetup } from '../lib/routes.ts';
import type { RecipeCatalog } from './recipe-catalog.svelte.ts';
import type { TrainForm } from './train-form.svelte.ts';

export class TrainAddress {
  readonly #form: TrainForm;
  readonly #catalog: Pick<RecipeCatalog, 'status' | 'find'>;
  #waiting = $state.raw<TrainSetup | null>(null);
  #problems = $state.raw<readonly string[]>([]);
  #problemsAt = $state(''); // the form's address when the problems were found

  constructor(form: TrainForm, catalog: Pick<RecipeCatalog, 'status' | 'find'>) {
    this.#form = form;
    this.#catalog = catalog;
  }

  /** A Train address's setup: taken once the recipes are known. A bare `#/train` changes nothing. */
  take({ source, shape, block, steps, seed }: TrainSetup): void {
    if ([source, shape, block, steps, seed].every((part) => part === undefined)) return;
    this.#waiting = { source, shape, block, steps, seed };
    this.settle();
  }

  /**
   * Hands a waiting setup to the form once the recipes are known, or are known to be missing
   * (a recipe then is one the form cannot find). Safe to call from an effect: it follows only
   * the waiting setup and the catalog's status.
   */
  settle(): void {
    const setup = this.#waiting;
    const status = this.#catalog.status;
    if (!setup || status === 'idle' || status === 'loading') return;
    untrack(() => {
      this.#waiting = null;
      this.#problems = this.#form.applySetup(setup, (id) => this.#catalog.find(id));
      this.#problemsAt = trainHref(this.#form.setup);
    });
  }

  /** What the form could not take from the last address, while the form is as it left it. */
  get problems(): readonly string[] {
    return this.#problems.length && trainHref(this.#form.setup) === this.#problemsAt ? this.#problems : [];
  }

  /** The address to show: a waiting one as it came, else the form's. */
  get href(): string {
    return trainHref(this.#waiting ?? this.#form.setup);
  }
}
