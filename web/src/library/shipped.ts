// Models shipped with the site: public/models/index.json lists them ({ id, file, game,
// organelle, title? } per model, as an array or under "models") and the files sit beside
// it. The manifest is read at build time (see vite.config.ts); without one there are
// simply no built-in models. Each file is fetched (the service worker precaches them) and
// checked like any import.
import { decodeModelFile } from '../../../worker/model/model-file.ts';
import type { GameId } from '../../../worker/recipes/registry.ts';
import { metaFromModel, splitRecipeId } from './meta.ts';
import type { ModelMeta } from './model-store.ts';

export interface ShippedEntry {
  id: string;
  file: string; // relative to models/
  game?: GameId;
  organelle?: string;
  title?: string;
}

export interface ShippedModel {
  meta: ModelMeta;
  url: string;
}

const SAFE_FILE = /^[\w.-]+(?:\/[\w.-]+)*$/;

/** The manifest's usable entries: ids and plain relative file names; the rest is ignored. */
export function parseManifest(json: unknown): ShippedEntry[] {
  const list = Array.isArray(json) ? json : (json as { models?: unknown } | null)?.models;
  if (!Array.isArray(list)) return [];
  const out: ShippedEntry[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const e = item as Record<string, unknown>;
    if (typeof e.id !== 'string' || typeof e.file !== 'string' || !SAFE_FILE.test(e.file) || e.file.includes('..')) continue;
    const fromId = splitRecipeId(`${e.game ?? ''}/${e.organelle ?? ''}`);
    out.push({
      id: e.id,
      file: e.file,
      ...fromId,
      ...(typeof e.title === 'string' ? { title: e.title } : {}),
    });
  }
  return out;
}

/** Fetches and checks one shipped model; throws with the reason when it is unusable. */
export async function loadShipped(
  entry: ShippedEntry,
  base: string,
  fetchFn: typeof fetch = fetch,
): Promise<ShippedModel> {
  const url = new URL(`models/${entry.file}`, base).href;
  const response = await fetchFn(url);
  if (!response.ok) throw new Error(`built-in model ${entry.id}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const model = decodeModelFile(bytes);
  const meta = metaFromModel(model, bytes.length, {
    id: `built-in:${entry.id}`,
    origin: 'built-in',
    // never added by the visitor, so no date: '' comes after every date, newest first
    addedAt: '',
    name: entry.title,
  });
  if (entry.game) meta.game = entry.game;
  if (entry.organelle) meta.organelle = entry.organelle;
  return { meta, url };
}
