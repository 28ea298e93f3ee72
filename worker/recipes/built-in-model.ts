// A game's built-in models, fetched from the site (precached by the service worker, so offline too),
// for measuring a freshly trained organelle (the partner it works with in its pipeline, and
// the built-in model of its own role, whose pair it is compared with) or the pair a Solve or
// Play view measures on request (the built-in pair beside it). The worker script sits
// one level below the site root (assets/ when built, worker/ in development). Null where there
// is no site to fetch from (Node) or the file cannot be had: the evaluation then leaves out
// the numbers that need it.
import { Organelle } from '../organelle.ts';

/** The game's built-in model for each role named, fetched side by side; null for one that cannot be had. */
export async function builtInModels<R extends string>(game: string, roles: readonly R[], module: WebAssembly.Module): Promise<Record<R, Organelle | null>> {
  const models = await Promise.all(roles.map((role) => builtInModel(game, role, module)));
  return Object.fromEntries(roles.map((role, i) => [role, models[i]])) as Record<R, Organelle | null>;
}

async function builtInModel(game: string, role: string, module: WebAssembly.Module): Promise<Organelle | null> {
  if (typeof fetch !== 'function' || typeof location === 'undefined') return null;
  try {
    const response = await fetch(new URL(`../models/${game}/${role}.organelle`, location.href));
    if (!response.ok) return null;
    return Organelle.fromFile(module, new Uint8Array(await response.arrayBuffer()));
  } catch {
    return null;
  }
}
