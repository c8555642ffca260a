/**
 * Every request of the example app read before and after `--fix` (method, headers, body): the fix leaves each
 * one working. A GET without a body goes out without `Content-Type`; a request that sends a body keeps its
 * method, its body format and its `Content-Type` (a JSON PATCH through the shared `scim()` helper stays JSON).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileLanguage } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fixFile } from '../engine/fix/edits.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { contextOf } from './helpers/snippets.js';

const APP = fileURLToPath(new URL('../examples/consumer-app/', import.meta.url));
const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational');

interface Sent {
  at: string;
  method?: string;
  contentType?: string;
  body?: string;
}

/** What each request of a file sends, as the engine reads it; `contentType` is the value's source text. */
function sent(filename: string, text: string): Sent[] {
  const file = contextOf(text, filename);
  const all = getRequests(file, catalog);
  // A wrapper's own request is code its callers share, read at each call: the calls are what is sent.
  const inner = new Set(all.map((r) => r.wrapper?.request));
  return all
    .filter((r: HttpRequest) => r.isApi && !inner.has(r) && !r.wrapper?.followed)
    .map((r) => {
      const ct = [...r.headers].reverse().find((h) => h.name.toLowerCase() === 'content-type');
      // Calls are named by their source text: the fixes never edit a call's own arguments here.
      return { at: file.getText(r.node).split('\n')[0], method: r.method, contentType: ct ? file.getText(ct.value) : undefined, body: r.body?.format };
    });
}

const sources = (readdirSync(join(APP, 'src'), { recursive: true, encoding: 'utf8' }) as string[])
  .map((f) => join(APP, 'src', f))
  .filter((f) => fileLanguage(f) !== 'unsupported' && !f.endsWith('.json'));

describe('examples/consumer-app: every request still works after --fix', () => {
  const today = '2099-12-31';
  const results = sources.map((path) => {
    const text = readFileSync(path, 'utf8');
    const fixed = fixFile({ filename: path, text }, { catalog, notices, engine: { today } });
    return { name: relative(APP, path).split(sep).join('/'), before: sent(path, text), after: sent(path, fixed.output), changed: fixed.output !== text };
  });

  it('reads the requests of the app (the SCIM helper\'s GET and PATCH among them)', () => {
    const scim = results.find((r) => r.name === 'src/scim/sync.ts')!;
    expect(scim.before.map((s) => [s.method, s.body])).toEqual([
      ['PATCH', 'json'],
      ['GET', undefined],
    ]);
    // Before: the helper's Content-Type goes out with both, the GET included.
    expect(scim.before.every((s) => s.contentType === "'application/scim+json'")).toBe(true);
    expect(results.reduce((n, r) => n + r.before.length, 0)).toBeGreaterThan(10);
  });

  it('after --fix, the SCIM GET sends no Content-Type and the PATCH still sends JSON with it', () => {
    const scim = results.find((r) => r.name === 'src/scim/sync.ts')!;
    expect(scim.changed).toBe(true);
    expect(scim.after).toEqual([
      { at: scim.before[0].at, method: 'PATCH', body: 'json', contentType: "'application/scim+json'" },
      { at: scim.before[1].at, method: 'GET', body: undefined, contentType: undefined },
    ]);
  });

  /** A Content-Type that describes a body of this format (`+json` types are JSON). */
  const describes = (contentType: string, format: string | undefined): boolean =>
    format === 'json' ? /json/i.test(contentType) : format === 'form' ? /x-www-form-urlencoded/i.test(contentType) : true;

  for (const r of results.filter((x) => x.before.length > 0)) {
    it(`${r.name}: same requests and methods; no bodiless GET with Content-Type; every body still described by its Content-Type`, () => {
      expect(r.after.map((s) => [s.at, s.method, s.body !== undefined])).toEqual(r.before.map((s) => [s.at, s.method, s.body !== undefined]));
      r.after.forEach((a, i) => {
        const b = r.before[i];
        if (a.method === 'GET' && !a.body) {
          expect(a.contentType, a.at).toBeUndefined();
          return;
        }
        // A body keeps a Content-Type when it had one, and the type matches what is sent: JSON stays JSON unless
        // a fix moved the body to a form (the token endpoint), and then the type says form.
        if (b.contentType !== undefined) expect(a.contentType, a.at).toBeDefined();
        // (A request the app already sends with the wrong type, which the tool reports without a fix, stays as it was.)
        const worked = b.contentType === undefined || describes(b.contentType, b.body);
        if (a.contentType !== undefined && worked) expect(describes(a.contentType, a.body), `${a.at}: ${a.contentType} for a ${a.body} body`).toBe(true);
        if (!worked) expect(a, a.at).toEqual(b);
        if (a.body !== b.body) expect([b.body, a.body], a.at).toEqual(['json', 'form']);
      });
    });
  }
});
