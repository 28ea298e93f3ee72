// The app's hash routes: `#/`, `#/train`, `#/library`, `#/solve`, `#/play`, and
// `#/r/<payload>` for shared runs. Parsing is a pure function so it is testable alone.

export type Route =
  | { name: 'home' }
  | { name: 'train' }
  | { name: 'library' }
  | { name: 'solve' }
  | { name: 'play' }
  | { name: 'shared'; payload: string }
  | { name: 'not-found'; path: string };

export type RouteName = Route['name'];

/** The views in the navigation, in order. */
export const NAV: readonly { name: RouteName; href: string; label: string }[] = [
  { name: 'home', href: '#/', label: 'Home' },
  { name: 'train', href: '#/train', label: 'Train' },
  { name: 'library', href: '#/library', label: 'Library' },
  { name: 'solve', href: '#/solve', label: 'Solve' },
  { name: 'play', href: '#/play', label: 'Play' },
];

const TITLES: Record<RouteName, string> = {
  home: 'Organelle Lab',
  train: 'Train · Organelle Lab',
  library: 'Model library · Organelle Lab',
  solve: 'Solve · Organelle Lab',
  play: 'Play · Organelle Lab',
  shared: 'Shared run · Organelle Lab',
  'not-found': 'Page not found · Organelle Lab',
};

export function routeTitle(route: Route): string {
  return TITLES[route.name];
}

/**
 * `location.hash` -> route. An empty hash, `#` and `#/` are home; a trailing slash is ignored.
 * `#/r/` and `#/r` are a share link cut off before its payload: the shared view says so.
 * An unknown path is kept as asked, trailing slash and all, for the page that says so.
 */
export function parseHash(hash: string): Route {
  const asked = hash.replace(/^#\/?/, '');
  const path = asked.replace(/\/+$/, '');
  if (path === '') return { name: 'home' };
  if (path === 'r' || path.startsWith('r/')) return { name: 'shared', payload: path.slice(2) };
  switch (path) {
    case 'train':
    case 'library':
    case 'solve':
    case 'play':
      return { name: path };
    default:
      return { name: 'not-found', path: asked };
  }
}
