// The current route, kept in step with location.hash. One instance for the app.
//
// Two ways the address changes: a navigation (a link, the address bar, back and forward,
// `go`), which views answer by taking the route's setup; and `replace`, by which a view writes
// its own setup back into the address without a history entry and without being told of it.
import { parseHash, type Route } from './routes.ts';

export class Router {
  #route = $state.raw<Route>({ name: 'home' });
  #navigations = $state(0);
  #hash: string | null = null;
  #target: Window;
  #onChange = () => {
    // a hash already taken is no navigation (some DOMs announce replaceState as a hashchange)
    if (this.#target.location.hash === this.#hash) return;
    this.#hash = this.#target.location.hash;
    this.#route = parseHash(this.#hash);
    this.#navigations++;
  };

  constructor(target: Window = window) {
    this.#target = target;
    this.#onChange();
    target.addEventListener('hashchange', this.#onChange);
  }

  get route(): Route {
    return this.#route;
  }

  /** How many navigations there have been (the first load is one); `replace` is not one. */
  get navigations(): number {
    return this.#navigations;
  }

  go(hash: string): void {
    this.#target.location.hash = hash;
  }

  /** Puts `hash` in the address in place of the current one: no history entry, no navigation. */
  replace(hash: string): void {
    if (this.#target.location.hash === hash) return;
    const url = new URL(this.#target.location.href);
    url.hash = hash;
    this.#target.history.replaceState(this.#target.history.state, '', url);
    this.#hash = this.#target.location.hash;
    this.#route = parseHash(this.#hash);
  }

  dispose(): void {
    this.#target.removeEventListener('hashchange', this.#onChange);
  }
}
