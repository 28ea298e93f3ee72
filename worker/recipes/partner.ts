// The built-in model for the other role of a pipeline, fetched from the site (precached by
// the service worker, so offline too), for evaluating a freshly trained organelle with a
// known-good partner. The worker script sits one level below the site root (assets/ when
// built, worker/ in development). Null where there is no site to fetch from (Node).
import { Organelle } from '../organelle.ts';

export async function builtInPartner(game: string, role: string, module: WebAssembly.Module): Promise<Organelle | null> {
  if (typeof fetch !== 'function' || typeof location === 'undefined') return null;
  const response = await fetch(new URL(`../models/${game}/${role}.organelle`, location.href));
  if (!response.ok) return null;
  return Organelle.fromFile(module, new Uint8Array(await response.arrayBuffer()));
}
