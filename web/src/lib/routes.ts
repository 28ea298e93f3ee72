// The app's hash routes: `#/`, `#/train`, `#/library`, `#/solve`, `#/play`, `#/engine` (the
// engine check: this browser's bits and speed against the reference),
// `#/ask/<model id>[/<prompt>]` (one model of the library, asked anything), and
// `#/r/<payload>` for shared runs. Parsing is a pure function so it is testable alone.

export type Route =
  | { name: 'home' }
  | { name: 'train' }
  | { name: 'library' }
  | { name: 'solve' }
  | { name: 'play' }
  | { name: 'engine' }
  | { name: 'ask'; modelId?: string; prompt?: string }
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
  engine: 'Engine check · Organelle Lab',
  ask: 'Ask a model · Organelle Lab',
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
  if (path === 'ask') return { name: 'ask' };
  if (path.startsWith('ask/')) {
    const [id, ...rest] = path.slice(4).split('/');
    const prompt = rest.length ? rest.join('/') : undefined; // askHref escapes a prompt's own slashes
    return { name: 'ask', modelId: decoded(id), ...(prompt !== undefined ? { prompt: decoded(prompt) } : {}) };
  }
  switch (path) {
    case 'train':
    case 'library':
    case 'solve':
    case 'play':
    case 'engine':
      return { name: path };
    default:
      return { name: 'not-found', path: asked };
  }
}

/** The Ask view's address for one model of the library, with a prompt to ask it at once. */
export function askHref(modelId: string, prompt?: string): string {
  return `#/ask/${encodeURIComponent(modelId)}${prompt === undefined ? '' : `/${encodeURIComponent(prompt)}`}`;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a mangled escape: the view says no such model
  }
}
