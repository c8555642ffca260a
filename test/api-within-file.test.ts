/**
 * The within-file API model (issue 26): names bound by block scope, wrappers several levels deep, methods and
 * options from parameters, their defaults and merged defaults, values wrapped on their way into a URL. Each
 * shape has a case the engine must follow and a look-alike it must not.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../engine/parse/file-context.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { contextOf } from './helpers/snippets.js';

const catalog = loadCatalog();
const requests = (code: string, filename = 'file.ts'): HttpRequest[] => getRequests(contextOf(code, filename), catalog);
const url = (r: HttpRequest | undefined): string | undefined => r?.url?.value.replaceAll(UNKNOWN, '*');
/** The request made at the call whose source text starts with `start`. */
const at = (code: string, start: string, filename?: string): HttpRequest | undefined => {
  const offset = code.indexOf(start);
  expect(offset, start).toBeGreaterThanOrEqual(0);
  return requests(code, filename).find((r) => r.node.range[0] === offset);
};

describe('shape 3: names bound by block scope', () => {
  it('an inner block\'s const hides the outer one, and only inside its block', () => {
    const code = `const url = 'https://example.com/status';
export async function f() {
  {
    const url = 'https://webexapis.com/v1/rooms';
    await fetch(url);
  }
  await fetch(url);
}`;
    expect(url(at(code, 'fetch(url);\n  }'))).toBe('https://webexapis.com/v1/rooms');
    expect(at(code, 'fetch(url);\n  }')?.isApi).toBe(true);
    expect(url(at(code, 'fetch(url);\n}'))).toBe('https://example.com/status');
    expect(at(code, 'fetch(url);\n}')?.isApi).toBe(false);
  });
  it('each branch reads its own declaration', () => {
    const code = `export async function f(admin: boolean) {
  if (admin) { const path = 'https://webexapis.com/v1/people'; return fetch(path); }
  else { const path = 'https://example.com/people'; return fetch(path); }
}`;
    expect(at(code, 'fetch(path); }\n  else')?.isApi).toBe(true);
    expect(at(code, 'fetch(path); }\n}')?.isApi).toBe(false);
  });
  it('look-alike: a block\'s const does not reach a use outside the block (a parameter of that name)', () => {
    const code = `export async function f(url: string) {
  if (Math.random()) { const url = 'https://webexapis.com/v1/rooms'; console.log(url); }
  return fetch(url);
}`;
    expect(requests(code).filter((r) => r.isApi)).toEqual([]);
  });
  it('look-alike: a loop head\'s let reassigned in the loop is not one value', () => {
    const code = `export async function f() {
  for (let next = 'https://webexapis.com/v1/rooms'; next; ) { const res = await fetch(next, { headers: { 'Content-Type': 'application/json' } }); next = res.headers.get('link') ?? ''; }
}`;
    const r = requests(code)[0];
    expect(url(r)).toBe('https://webexapis.com/v1/rooms');
  });
});
