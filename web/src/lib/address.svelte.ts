// Keeps a view's setup and the address in step while the view is open: on arrival and on
// every navigation to it (a link, the address bar, back and forward) the view takes the
// route's setup, and whenever its setup changes it writes the whole of it back into the
// address in place (no history entry). So a reload, a bookmark or a link opened in a new tab
// shows what was on screen. Call it while a component initialises.
import { untrack } from 'svelte';
import type { Route, RouteName } from './routes.ts';
import type { Router } from './router.svelte.ts';

export function keepAddress<N extends RouteName>(
  router: Router,
  name: N,
  /** Takes the route's setup into the view. */
  setUp: (route: Extract<Route, { name: N }>) => void,
  /** The view's setup as an address; read in an effect, so every state it reads is followed. */
  href: () => string,
): void {
  $effect(() => {
    void router.navigations;
    untrack(() => {
      const route = router.route;
      if (route.name === name) setUp(route as Extract<Route, { name: N }>);
    });
  });
  $effect(() => {
    // after each navigation as well: the navigation's bare `#/train` leaves the view as it
    // was, and the address is to say what that is
    void router.navigations;
    const address = href();
    untrack(() => {
      if (router.route.name === name) router.replace(address);
    });
  });
}
