/**
 * The requests a module sends through the global `fetch`, recorded by a stub (shared by the rewrite-kind tests,
 * test/metamorphic-kinds.test.ts and test/metamorph-occurrences.test.ts): a rewrite keeps what the code does when the
 * rewritten module sends the same requests as the original.
 */

/** The requests seen: URL and `wire(init)`, in order. */
export type Seen = [string, string][];

/**
 * The request fetch sends for `init`, as text: its method (`GET` when none is named, fetch's default; a name in any
 * case is sent upper-cased for the standard methods) and its other options, keys in order (an object's key order
 * sends nothing).
 */
export function wire(init: unknown): string {
  const o = init && typeof init === 'object' ? { ...(init as Record<string, unknown>) } : {};
  o.method = String(o.method ?? 'GET').toUpperCase();
  return JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))));
}
/** Runs the loaded module's `run('r1')` with `fetch` recording every request (and answering 'ok'). */
export async function requestsOf(load: () => Promise<{ run: (id: string) => Promise<unknown> }>): Promise<Seen> {
  const seen: Seen = [];
  const saved = globalThis.fetch;
  globalThis.fetch = ((url: string, init?: unknown) => {
    seen.push([String(url), wire(init)]);
    return Promise.resolve('ok');
  }) as unknown as typeof fetch;
  try {
    await (await load()).run('r1');
  } finally {
    globalThis.fetch = saved;
  }
  return seen;
}
