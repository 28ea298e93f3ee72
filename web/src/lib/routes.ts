// The app's hash routes: `#/`, `#/library`, `#/engine` (the engine check: this
// browser's bits and speed against the reference), `#/ask[/<model id>[/<prompt>]]` (one model
// of the library, asked anything; bare, the model asked last or the newest), `#/r/<payload>`
// for shared runs (solves and games), `#/c/<payload>` for shared compositions, and Train's,
// Solve's, Play's and Compose's setups:
//
//   #/train[/<game>/<organelle> | /corpus][?shape=<preset>|recipe&block=<n>&steps=<n>&seed=<n>]
//   #/solve[/<board>][?planner=<id>&mover=<id>&plans=planner|heuristic]   the board is solved on arrival
//   #/play[/tictactoe|/connect4][?planner=<id>&player=<id>][&you=first|second | &watch=<opponent>[&as=first|second]]
//   #/compose[/<intent>][?planner=<id>&planner2=<id>&wiring=<id>&code=<id>&plans=planner|heuristic&ask=words|no-words]   the intent is composed on arrival
//
// Train's names a game organelle's recipe, or the visitor's own corpus (whose file no address
// can carry), and the run's shape, steps and seed as written: the Train form checks them. A
// recipe's address is a recipe for a model: the same settings train the same weights anywhere.
// `you`: the visitor plays the organelles, moving first or second; `watch`: the organelles
// play that scripted opponent (its CLI name), moving first or second (`as`, as `eval --as`).
// Compose's `ask=words`: a plan the intent's words do not say is asked about ("Did you mean
// ...?") rather than refused; `ask=no-words`: refused (the settings say which by default).
//
// A part left out leaves that part of the view as it was, so the navigation's bare `#/solve`
// returns to the solve on screen; the views write their whole setup back into the address,
// so a reload, a bookmark or a link opened in a new tab shows the same thing. Parsing is a
// pure function so it is testable alone.
import type { PlayGame } from '../play/game-frames.ts';
import { PLAY_GAME_IDS, PLAY_ROLES } from '../play/games.ts';
import { ROLES as SOLVE_ROLES } from '../solve/models.ts';
import { COMPOSE_ROLES } from '../compose/models.ts';

export type Route =
  | { name: 'home' }
  | ({ name: 'train' } & TrainSetup)
  | { name: 'library' }
  | ({ name: 'solve' } & SolveSetup)
  | ({ name: 'play' } & PlaySetup)
  | { name: 'engine' }
  | ({ name: 'compose' } & ComposeSetup)
  | { name: 'ask'; modelId?: string; prompt?: string }
  | { name: 'shared'; payload: string }
  | { name: 'shared-compose'; payload: string }
  | { name: 'not-found'; path: string };

export type RouteName = Route['name'];

/** The models a setup names, by role: library ids (only roles of the view's pipeline). */
export type ChosenModels = Readonly<Record<string, string>>;

/**
 * What a Train address sets, as written (the form checks each part); each part left out is
 * left as it was.
 */
export interface TrainSetup {
  /** A recipe's id (`<game>/<organelle>`), or 'corpus' for the visitor's own corpus. */
  source?: string;
  /** A shape preset's name, or 'recipe' for the recipe's own widths. */
  shape?: string;
  block?: string;
  steps?: string;
  seed?: string;
}

/** The source a Train address names for the visitor's own corpus. */
export const CORPUS_SOURCE = 'corpus';

const TRAIN_FIELDS = ['shape', 'block', 'steps', 'seed'] as const satisfies readonly (keyof TrainSetup)[];

/** What a Solve address sets; each part left out is left as it was. */
export interface SolveSetup {
  /** The start board as written in the address (the Solve view checks it, and solves it when it passes). */
  board?: string;
  choose?: ChosenModels;
  /** `plans=planner`, or `plans=heuristic`: the orchestrator's heuristic plans in the Planner's place. */
  withPlanner?: boolean;
}

/** What a Compose address sets; each part left out is left as it was. */
export interface ComposeSetup {
  /** The intent as written in the address (the Compose view checks it, and composes it when it passes). */
  intent?: string;
  choose?: ChosenModels;
  /** `plans=planner`, or `plans=heuristic`: the keyword decomposer in the Planner's place. */
  withPlanner?: boolean;
  /** `ask=words`, or `ask=no-words`: a plan the intent's words do not say is asked about, or refused. */
  askOnWords?: boolean;
}

/** Who plays the organelles: the visitor (on the side named), or a scripted opponent watched. */
export type PlayMatch = { you: Side } | { watch: string; as?: Side };
type Side = 'first' | 'second';
const SIDES: readonly string[] = ['first', 'second'] satisfies Side[];

/** What a Play address sets; each part left out is left as it was. */
export interface PlaySetup {
  game?: PlayGame;
  choose?: ChosenModels;
  match?: PlayMatch;
}

/** The views in the navigation, in order. */
export const NAV: readonly { name: RouteName; href: string; label: string }[] = [
  { name: 'home', href: '#/', label: 'Home' },
  { name: 'train', href: '#/train', label: 'Train' },
  { name: 'library', href: '#/library', label: 'Library' },
  { name: 'solve', href: '#/solve', label: 'Solve' },
  { name: 'play', href: '#/play', label: 'Play' },
  { name: 'compose', href: '#/compose', label: 'Compose' },
  { name: 'ask', href: '#/ask', label: 'Ask' },
];

const TITLES: Record<RouteName, string> = {
  home: 'Organelle Lab',
  train: 'Train · Organelle Lab',
  library: 'Model library · Organelle Lab',
  solve: 'Solve · Organelle Lab',
  play: 'Play · Organelle Lab',
  compose: 'Compose · Organelle Lab',
  engine: 'Engine check · Organelle Lab',
  ask: 'Ask a model · Organelle Lab',
  shared: 'Shared run · Organelle Lab',
  'shared-compose': 'Shared composition · Organelle Lab',
  'not-found': 'Page not found · Organelle Lab',
};

export function routeTitle(route: Route): string {
  return TITLES[route.name];
}

/**
 * `location.hash` -> route. An empty hash, `#` and `#/` are home; a trailing slash is ignored.
 * `#/r/` and `#/r` (`#/c/`, `#/c`) are a share link cut off before its payload: the shared view says so.
 * An unknown path is kept as asked, trailing slash and all, for the page that says so.
 */
export function parseHash(hash: string): Route {
  const asked = hash.replace(/^#\/?/, '');
  const path = asked.replace(/\/+$/, '');
  if (path === '') return { name: 'home' };
  const setup = parseSetup(asked);
  if (setup) return setup;
  if (path === 'r' || path.startsWith('r/')) return { name: 'shared', payload: path.slice(2) };
  if (path === 'c' || path.startsWith('c/')) return { name: 'shared-compose', payload: path.slice(2) };
  if (path === 'ask') return { name: 'ask' };
  if (path.startsWith('ask/')) {
    const [id, ...rest] = path.slice(4).split('/');
    const prompt = rest.length ? rest.join('/') : undefined; // askHref escapes a prompt's own slashes
    return { name: 'ask', modelId: decoded(id), ...(prompt !== undefined ? { prompt: decoded(prompt) } : {}) };
  }
  switch (path) {
    case 'library':
    case 'engine':
      return { name: path };
    default:
      return { name: 'not-found', path: asked };
  }
}

/** A Train, Solve, Play or Compose address as a route; null for any other path, or a game no view plays. */
function parseSetup(asked: string): Route | null {
  const q = asked.indexOf('?');
  const [view, ...rest] = (q < 0 ? asked : asked.slice(0, q)).replace(/\/+$/, '').split('/');
  const params = new URLSearchParams(q < 0 ? '' : asked.slice(q + 1));
  if (view === 'train' && rest.length <= 2) {
    const source = rest.length ? rest.map(decoded).join('/') : undefined;
    const fields = TRAIN_FIELDS.flatMap((key) => {
      const value = params.get(key);
      return value === null ? [] : [[key, value]];
    });
    return { name: 'train', ...(source !== undefined ? { source } : {}), ...Object.fromEntries(fields) };
  }
  if (view === 'solve' && rest.length <= 1) {
    const board = rest.length ? decoded(rest[0]) : undefined;
    return { name: 'solve', ...(board !== undefined ? { board } : {}), ...chosenIn(params, SOLVE_ROLES), ...plansIn(params) };
  }
  if (view === 'compose') {
    // an intent's own slashes are escaped by composeHref; one typed in the address is kept
    const intent = rest.length ? decoded(rest.join('/')) : undefined;
    return {
      name: 'compose',
      ...(intent !== undefined ? { intent } : {}),
      ...chosenIn(params, COMPOSE_ROLES),
      ...plansIn(params),
      ...askIn(params),
    };
  }
  if (view === 'play' && rest.length <= 1 && (rest.length === 0 || (PLAY_GAME_IDS as readonly string[]).includes(rest[0]))) {
    const match = matchIn(params);
    return { name: 'play', ...(rest.length ? { game: rest[0] as PlayGame } : {}), ...chosenIn(params, PLAY_ROLES), ...(match ? { match } : {}) };
  }
  return null;
}

/** `plans=planner` or `plans=heuristic` (the Planner switched off); anything else says nothing. */
function plansIn(params: URLSearchParams): { withPlanner?: boolean } {
  const plans = params.get('plans');
  return plans === 'heuristic' ? { withPlanner: false } : plans === 'planner' ? { withPlanner: true } : {};
}

/** `ask=words` or `ask=no-words`; anything else says nothing. */
function askIn(params: URLSearchParams): { askOnWords?: boolean } {
  const ask = params.get('ask');
  return ask === 'words' ? { askOnWords: true } : ask === 'no-words' ? { askOnWords: false } : {};
}

/** `you=first|second`, or `watch=<opponent>` with `as=first|second`; a side of neither is no side. */
function matchIn(params: URLSearchParams): PlayMatch | null {
  const side = (key: string) => {
    const value = params.get(key);
    return value !== null && SIDES.includes(value) ? (value as Side) : undefined;
  };
  const watch = params.get('watch');
  if (watch) {
    const as = side('as');
    return { watch, ...(as ? { as } : {}) };
  }
  const you = side('you');
  return you ? { you } : null;
}

function chosenIn(params: URLSearchParams, roles: readonly string[]): { choose?: ChosenModels } {
  return chosenModels(roles, (role) => params.get(role));
}

/** The ids chosen for `roles` as a setup's `choose`, left out when none is (an empty id is none). */
export function chosenModels<R extends string>(roles: readonly R[], idOf: (role: R) => string | null): { choose?: ChosenModels } {
  const choose = Object.fromEntries(roles.flatMap((role) => {
    const id = idOf(role);
    return id ? [[role, id]] : [];
  }));
  return Object.keys(choose).length ? { choose } : {};
}

/** The Train view's address for a setup (see the header); parts left out stay out. */
export function trainHref(setup: TrainSetup = {}): string {
  const params = new URLSearchParams();
  for (const key of TRAIN_FIELDS) if (setup[key] !== undefined) params.set(key, setup[key]);
  const source = setup.source?.split('/').map(encodeURIComponent).join('/');
  return withParams(`#/train${source ? `/${source}` : ''}`, params);
}

/** The Solve view's address for a setup (see the header); parts left out stay out. */
export function solveHref(setup: SolveSetup = {}): string {
  const params = chosenParams(setup.choose, SOLVE_ROLES);
  if (setup.withPlanner !== undefined) params.set('plans', setup.withPlanner ? 'planner' : 'heuristic');
  return withParams(`#/solve${setup.board !== undefined ? `/${encodeURIComponent(setup.board)}` : ''}`, params);
}

/** The Compose view's address for a setup (see the header); parts left out stay out. */
export function composeHref(setup: ComposeSetup = {}): string {
  const params = chosenParams(setup.choose, COMPOSE_ROLES);
  if (setup.withPlanner !== undefined) params.set('plans', setup.withPlanner ? 'planner' : 'heuristic');
  if (setup.askOnWords !== undefined) params.set('ask', setup.askOnWords ? 'words' : 'no-words');
  return withParams(`#/compose${setup.intent !== undefined ? `/${encodeURIComponent(setup.intent)}` : ''}`, params);
}

/** The Play view's address for a setup (see the header); parts left out stay out. */
export function playHref(setup: PlaySetup = {}): string {
  const params = chosenParams(setup.choose, PLAY_ROLES);
  const match = setup.match;
  if (match && 'you' in match) params.set('you', match.you);
  if (match && 'watch' in match) {
    params.set('watch', match.watch);
    if (match.as) params.set('as', match.as);
  }
  return withParams(`#/play${setup.game ? `/${setup.game}` : ''}`, params);
}

function chosenParams(choose: ChosenModels | undefined, roles: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const role of roles) if (choose?.[role]) params.set(role, choose[role]);
  return params;
}

function withParams(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
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
