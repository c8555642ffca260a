/**
 * The metamorphic harness's rewrite kinds added in the sixteenth session (scripts/metamorphic.ts): each must keep
 * what the code does. A small ES module and a CommonJS module that call `fetch` (a stub recording every request's
 * URL and options) are rewritten by each kind, the rewritten copy (with the modules the rewrite creates) is
 * loaded, and its requests must equal the original's. The fast `rename` must give the text one language-service
 * rename after another gives.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Project } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { renameLocals, renameOneByOne, rewriteFile, splitUrl } from '../scripts/metamorphic.js';
import { requestsOf, wire } from './helpers/recording-fetch.js';

const NEW_KINDS = ['helper-module', 'helper-default', 'helper-barrels', 'this-method', 'options-factory', 'new-url', 'env-fallback', 'headers-frozen'];

const BODY = `const BASE = 'https://webexapis.com/v1';
const TOKEN = 'abc';
const config = { apiUrl: 'https://webexapis.com/v1/people/me?max=10' };
async function run(id) {
  const headers = { Authorization: \`Bearer \${TOKEN}\`, 'Content-Type': 'application/json' };
  await fetch(\`https://webexapis.com/v1/rooms/\${id}?max=5\`, { method: 'GET', headers });
  await fetch(config.apiUrl, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + TOKEN } });
  return fetch(BASE + '/messages', { method: 'POST', headers, body: JSON.stringify({ id }) });
}
`;
const ESM = `${BODY}export { run };\n`;
const CJS = `require('node:path');\n${BODY}module.exports = { run };\n`;

const work = mkdtempSync(join(tmpdir(), 'cm-metamorphic-kinds-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A rewrite kind applied to the ES module and the CommonJS module sends the same three requests as the original. */
function itSendsTheSameRequests(kind: string): void {
  it(`${kind}: ES module and CommonJS send the same requests`, async () => {
    for (const [name, text] of [['api.mjs', ESM], ['api.cjs', CJS]] as const) {
      const original = place(null, name, text)!;
      const rewritten = place(kind, name, text);
      expect(rewritten, `${kind} changed nothing in ${name}`).not.toBeNull();
      expect(readFileSync(rewritten!, 'utf8')).not.toBe(text);
      const load = (f: string) => () => (name.endsWith('.mjs') ? import(pathToFileURL(f).href) : Promise.resolve(createRequire(f)(f)));
      const before = await requestsOf(load(original));
      expect(before).toHaveLength(3);
      expect(await requestsOf(load(rewritten!))).toEqual(before);
    }
  });
}

/** Writes `text` as `name` in a folder of its own, rewritten by `kind` (null: unchanged); returns the file's path. */
function place(kind: string | null, name: string, text: string): string | null {
  const dir = join(work, kind ?? 'original', name.replace(/\W/g, '_'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, text);
  if (!kind) return file;
  const out = rewriteFile(kind, file, name.endsWith('.mjs') ? 'esm' : 'cjs');
  if (!out) return null;
  writeFileSync(file, out.text);
  for (const [p, body] of out.extra) {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, body);
  }
  return file;
}

describe('the sixteenth session\'s rewrite kinds keep what the code does', () => {
  for (const kind of NEW_KINDS) {
    itSendsTheSameRequests(kind);
  }

  it('new-url splits only URLs that new URL gives back unchanged', () => {
    expect(splitUrl('https://webexapis.com/v1/rooms?max=10')).toEqual({ origin: 'https://webexapis.com', rest: '/v1/rooms?max=10' });
    expect(splitUrl('https://webexapis.com')).toBeNull(); // href would add a slash
    expect(splitUrl('https://webexapis.com/')).toBeNull();
    expect(splitUrl('https://WEBEXAPIS.com/v1')).toBeNull(); // the host would be lower-cased
    expect(splitUrl('https://webexapis.com/v1/a b')).toBeNull(); // the space would be encoded
    expect(splitUrl('https://webexapis.com:443/v1')).toBeNull(); // the default port would go
  });
});

/** The seventeenth session's composite kinds (26meta5): the same check on the same modules. */
const COMPOSITE_KINDS = ['two-level-get', 'defaults-spread', 'defaults-assign', 'url-default-param', 'config-nested', 'composite'];

describe('the seventeenth session\'s composite kinds keep what the code does', () => {
  for (const kind of COMPOSITE_KINDS) {
    itSendsTheSameRequests(kind);
  }

  it('two-level-get: an options object that names a method keeps it; one without sends GET, as fetch does', async () => {
    const text = `async function run() {\n  await fetch('https://webexapis.com/v1/rooms');\n  await fetch('https://webexapis.com/v1/rooms', { method: 'DELETE' });\n}\nexport { run };\n`;
    const file = place('two-level-get', 'methods.mjs', text)!;
    const seen = await requestsOf(() => import(pathToFileURL(file).href));
    expect(seen).toEqual([
      ['https://webexapis.com/v1/rooms', wire({ method: 'GET' })],
      ['https://webexapis.com/v1/rooms', wire({ method: 'DELETE' })],
    ]);
    expect(wire(undefined)).toBe(wire({ method: 'get' }));
    expect(wire({ method: 'POST' })).not.toBe(wire({}));
    expect(readFileSync(file, 'utf8')).toContain('metaRequest_methods(');
  });
});

/** The eighteenth session's composite kinds (26meta6): the same check on the same modules. */
const COMPOSITE_KINDS_18 = ['method-param-chain', 'base-class-resource'];

describe('the eighteenth session\'s composite kinds keep what the code does', () => {
  for (const kind of COMPOSITE_KINDS_18) {
    itSendsTheSameRequests(kind);
  }

  it('method-param-chain: the method moves to the first parameter; none named is fetch\'s GET; a named one is kept', async () => {
    const text = `async function run() {\n  await fetch('https://webexapis.com/v1/rooms');\n  await fetch('https://webexapis.com/v1/rooms/x', { method: 'DELETE', headers: { A: 'b' } });\n}\nexport { run };\n`;
    const file = place('method-param-chain', 'chain.mjs', text)!;
    expect(readFileSync(file, 'utf8')).toContain("metaCall_chain('DELETE', 'https://webexapis.com/v1/rooms/x', { headers: { A: 'b' } })");
    expect(await requestsOf(() => import(pathToFileURL(file).href))).toEqual([
      ['https://webexapis.com/v1/rooms', wire({ method: 'GET' })],
      ['https://webexapis.com/v1/rooms/x', wire({ method: 'DELETE', headers: { A: 'b' } })],
    ]);
  });

  it('base-class-resource: one subclass per origin, each URL sent whole; a URL it cannot split is left', async () => {
    const text = `async function run() {\n  await fetch('https://webexapis.com/v1/rooms');\n  await fetch(\`https://analytics.webexapis.com/v1/x/\${1}\`, { method: 'GET' });\n  await fetch('https://webexapis.com');\n}\nexport { run };\n`;
    const file = place('base-class-resource', 'classes.mjs', text)!;
    const out = readFileSync(file, 'utf8');
    expect(out).toContain("metaApi_classes_0.send('/v1/rooms')");
    expect(out).toContain("await fetch('https://webexapis.com');");
    expect(readFileSync(join(dirname(file), 'meta-api-classes.mjs'), 'utf8')).toContain("super('https://analytics.webexapis.com')");
    expect(await requestsOf(() => import(pathToFileURL(file).href))).toEqual([
      ['https://webexapis.com/v1/rooms', wire(undefined)],
      ['https://analytics.webexapis.com/v1/x/1', wire({ method: 'GET' })],
      ['https://webexapis.com', wire(undefined)],
    ]);
  });
});

describe('rename', () => {
  it('renames in one edit what one rename after another gives', () => {
    const text = `import x from 'y';
export const KEPT = 1;
var dup = 1;
var dup = 2;
function helper(url, { headers, body }) {
  const token = process.env.T;
  const opts = { url, headers, body, token };
  { const url = 'inner'; opts.inner = url; }
  return x(opts, dup);
}
export function api(path) { const base = 'https://webexapis.com/api'; return helper(base + path, { headers: {}, body: null }); }
`;
    const texts = [renameLocals, renameOneByOne].map((fn) => {
      const project = new Project({ compilerOptions: { allowJs: true, noEmit: true, noLib: true }, useInMemoryFileSystem: true });
      const sf = project.createSourceFile('/a.js', text);
      expect(fn(sf)).toBe(true);
      // The slow form counts a name declared twice once per declaration: compare up to the numbering.
      const order: string[] = [];
      return sf.getFullText().replace(/\bv\d+\b/g, (v) => `n${order.includes(v) ? order.indexOf(v) : order.push(v) - 1}`);
    });
    expect(texts[0]).toBe(texts[1]);
    expect(texts[0]).toContain('export const KEPT = 1;');
    expect(texts[0]).toMatch(/const n\d+ = \{ url: n\d+, headers, body, token: n\d+ \}/);
    expect(texts[0]).not.toMatch(/\b(?:helper|opts|base|dup)\b|token\s*[;,)]|\bpath\b/);
  });
});
