// The service worker's isolation headers (web/src/pwa/isolation.ts): added to a response that
// lacks them, its body, status and other headers kept; a response that has them returned as
// it is; an opaque or error response left alone (its headers cannot be read or set).
import { describe, expect, it } from 'vitest';
import { ISOLATION_HEADERS, isolated } from '../../web/src/pwa/isolation.ts';

describe('isolated', () => {
  it('adds COOP, COEP and CORP, keeping the body, status and other headers', async () => {
    const plain = new Response('<!doctype html>', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/html', etag: '"1"' } });
    const out = isolated(plain);
    expect(Object.fromEntries(Object.keys(ISOLATION_HEADERS).map((h) => [h, out.headers.get(h)]))).toEqual(ISOLATION_HEADERS);
    expect([out.status, out.headers.get('content-type'), out.headers.get('etag')]).toEqual([200, 'text/html', '"1"']);
    expect(await out.text()).toBe('<!doctype html>');
  });

  it('returns a response that has them as it is, and leaves an error response alone', () => {
    const ready = new Response('x', { headers: { ...ISOLATION_HEADERS } });
    expect(isolated(ready)).toBe(ready);
    const failed = Response.error();
    expect(isolated(failed)).toBe(failed);
  });

  it('replaces a weaker policy the host sent', () => {
    const out = isolated(new Response('x', { headers: { 'Cross-Origin-Embedder-Policy': 'unsafe-none' } }));
    expect(out.headers.get('Cross-Origin-Embedder-Policy')).toBe('require-corp');
  });
});
