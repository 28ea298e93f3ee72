// The headers that make a page cross-origin isolated, which shared memory (one model trained
// by several threads) needs. vite.config.ts sends them from the dev and preview servers; the
// service worker (sw.ts) adds them to what it serves, for static hosts that set no headers.

export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The response with the isolation headers (opaque and error responses are left as they are). */
export function isolated(response: Response): Response {
  if (response.type === 'opaque' || response.type === 'error' || response.status === 0) return response;
  const missing = Object.entries(ISOLATION_HEADERS).filter(([name, value]) => response.headers.get(name) !== value);
  if (missing.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
