// Cross-origin isolation on a static host that sets no headers: the built site served by a
// plain file server (no COOP, no COEP) is not isolated on its first load; its service worker
// adds the headers to everything it serves (web/src/pwa/sw.ts), so the page reloads once when
// the worker takes control, and is isolated from then on: shared memory, one model trained by
// every core. It reloads once, never again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { guard } from './fixtures.ts';

const DIST = join(import.meta.dirname, '../../dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json',
};

/** The built site from dist/, with nothing but a content type: what the simplest static host sends. */
function plainHost(): Promise<{ url: string; close(): void }> {
  const server = http.createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(DIST, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() })),
  );
}

base('on a host that sets no headers, the service worker isolates the page after one reload, and never reloads again', async ({ context, page }) => {
  const host = await plainHost();
  const problems: string[] = [];
  guard(context, host.url, problems);
  try {
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(host.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the reload comes once the worker has precached the site and taken control
    // (an evaluate the reload interrupts answers false)
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await expect.poll(() => page.evaluate(() => crossOriginIsolated).catch(() => false), { timeout: 60_000 }).toBe(true);
    // the new document can answer before its own load event has fired (CI saw 1 here), so wait
    // for that event; a second reload would still show in the count of 3 below
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    expect(await page.evaluate(() => navigator.hardwareConcurrency > 1 ? typeof SharedArrayBuffer : 'function')).toBe('function');
    // a later visit is isolated from the start, with no reload of its own
    await page.reload();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // the Engine check trains one model on every core here
    await page.goto(`${host.url}#/engine`);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const verdict = page.getByTestId('determinism-threads-verdict');
    await expect(verdict).toContainText(cores > 1 ? 'Bit-identical' : 'One thread', { timeout: 60_000 });
    await page.waitForTimeout(1000);
    expect(loads).toBe(3); // the first load, the service worker's one reload, and ours
    expect(problems).toEqual([]);
  } finally {
    host.close();
  }
});
