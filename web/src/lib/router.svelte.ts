// The current route, kept in step with location.hash. One instance for the app.
import { parseHash, type Route } from './routes.ts';

export class Router {
  #route = $state.raw<Route>({ name: 'home' });
  #target: Window;
  #onChange = () => {
    this.#route = parseHash(this.#target.location.hash);
  };

  constructor(target: Window = window) {
    this.#target = target;
    this.#onChange();
    target.addEventListener('hashchange', this.#onChange);
  }

  get route(): Route {
    return this.#route;
  }

  go(hash: string): void {
    this.#target.location.hash = hash;
  }

  dispose(): void {
    this.#target.removeEventListener('hashchange', this.#onChange);
  }
}
