/**
 * The occurrence-targeted transformations of `scripts/metamorph-occurrences.ts` (thirty-first session): each keeps
 * what the code does (a small ES module and a CommonJS module calling a recording `fetch` send the same requests
 * after it), rewrites only the request that holds the given line, and says where moved evidence went.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Project } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { OCCURRENCE_REWRITES, parseErrors, requestsOf as requestsHolding, rewriteRequests } from '../scripts/metamorph-occurrences.js';
import { requestsOf } from './helpers/recording-fetch.js';

const BODY = `const TOKEN = 'abc';
async function run(id) {
  const headers = { Authorization: \`Bearer \${TOKEN}\`, 'Content-Type': 'application/json' };
  await fetch(\`https://webexapis.com/v1/rooms/\${id}?max=5\`, {
    method: 'GET',
    headers,
  });
  const other = await fetch('https://webexapis.com/v1/people/me', { headers: { Accept: 'application/json' } });
  return fetch('https://webexapis.com/v1/messages', { method: 'POST', headers, body: JSON.stringify({ id, other }) });
}
`;
const ESM = `${BODY}export { run };\n`;
const CJS = `require('node:path');\n${BODY}module.exports = { run };\n`;
/** The line of `'Content-Type'` (held by the first request through `headers`) and of the first request's `method:`. */
const HEADER_LINE = 3;
const METHOD_LINE = 5;

const work = mkdtempSync(join(tmpdir(), 'cm-metamorph-occ-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function place(kind: string | null, name: string, text: string, lines: number[]) {
  const dir = join(work, kind ?? 'original', name.replace(/\W/g, '_'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  const shifted = name.endsWith('.cjs') ? lines.map((l) => l + 1) : lines;
  writeFileSync(file, text);
  if (!kind) return { file, out: null };
  const out = rewriteRequests(kind, file, text, name.endsWith('.mjs') ? 'esm' : 'cjs', shifted);
  if (out) {
    writeFileSync(file, out.text);
    for (const [p, body] of out.extra) {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, body);
    }
  }
  return { file, out };
}

const load = (name: string, f: string) => () => (name.endsWith('.mjs') ? import(pathToFileURL(f).href) : Promise.resolve(createRequire(f)(f)));

describe('occurrence-targeted transformations keep what the code does', () => {
  for (const kind of Object.keys(OCCURRENCE_REWRITES)) {
    it(`${kind}: rewrites the request holding the line, sends the same requests (ES module and CommonJS)`, async () => {
      for (const [name, text] of [['api.mjs', ESM], ['api.cjs', CJS]] as const) {
        const before = await requestsOf(load(name, place(null, name, text, []).file));
        expect(before).toHaveLength(3);
        const { file, out } = place(kind, name, text, [METHOD_LINE]);
        expect(out, `${kind} changed nothing in ${name}`).not.toBeNull();
        const after = readFileSync(file, 'utf8');
        // Only the first request is rewritten: the other two are written as they were.
        expect(after).toContain("fetch('https://webexapis.com/v1/people/me', { headers: { Accept: 'application/json' } })");
        expect(after).toContain("fetch('https://webexapis.com/v1/messages', { method: 'POST', headers, body: JSON.stringify({ id, other }) })");
        expect(after).not.toContain('fetch(`https://webexapis.com/v1/rooms/${id}?max=5`, {\n    method');
        expect(await requestsOf(load(name, file))).toEqual(before);
        expect([...out!.requests.values()]).toEqual([[{ from: name.endsWith('.cjs') ? 5 : 4, to: name.endsWith('.cjs') ? 8 : 7 }]]);
      }
    });
  }
});

describe('what a transformation moves, and what it leaves', () => {
  it('T1 moves the origin to a module of its own and says on which line it is written', () => {
    const { file, out } = place('T1-origin-constant', 't1.mjs', ESM, [METHOD_LINE]);
    expect(readFileSync(file, 'utf8')).toContain('fetch(`${META_ORIGIN_t1_0}/v1/rooms/${id}?max=5`');
    expect(out!.moved).toHaveLength(1);
    const m = out!.moved[0];
    expect(m.text).toBe('https://webexapis.com');
    expect(readFileSync(m.file, 'utf8').split('\n')[m.line() - 1]).toBe("export const META_ORIGIN_t1_0 = 'https://webexapis.com';");
  });

  it('T3 moves the options into a const before the statement; the moved lines keep their order', () => {
    const { file, out } = place('T3-options-const', 't3.mjs', ESM, [METHOD_LINE]);
    const lines = readFileSync(file, 'utf8').split('\n');
    const m = out!.moved[0];
    expect(m.from).toBe(4);
    expect(lines[m.line() - 1]).toMatch(/const metaOptions0 = \{/);
    expect(lines[m.line() + (METHOD_LINE - m.from) - 1].trim()).toBe("method: 'GET',");
    expect(lines.join('\n')).toContain('await fetch(`https://webexapis.com/v1/rooms/${id}?max=5`, metaOptions0);');
  });

  it('T3 leaves a request whose options would be evaluated out of turn (a condition, an arrow body)', () => {
    const text = `export const a = (ok) => ok && fetch('https://webexapis.com/v1/rooms', { method: 'GET' });\nexport const b = (id) => fetch('https://webexapis.com/v1/rooms/' + id, { method: 'DELETE' });\n`;
    expect(place('T3-options-const', 't3b.mjs', text, [1, 2]).out).toBeNull();
  });

  it('a line no request holds is left alone: nothing is rewritten', () => {
    for (const kind of Object.keys(OCCURRENCE_REWRITES)) expect(place(kind, `none-${kind}.mjs`, ESM, [1]).out).toBeNull();
  });

  it('requestsOf: the innermost request holding a line, through a same-file variable its arguments name', () => {
    const project = new Project({ compilerOptions: { allowJs: true, noLib: true }, useInMemoryFileSystem: true });
    const sf = project.createSourceFile('/a.js', ESM);
    const held = requestsHolding(sf, [1, HEADER_LINE, METHOD_LINE, 8, 10]);
    expect([...held.keys()]).toEqual([HEADER_LINE, METHOD_LINE, 8]);
    // The shared headers: both requests that send them; a line inside a request: that request alone.
    expect(held.get(HEADER_LINE)!.map((c) => c.getStartLineNumber())).toEqual([4, 9]);
    expect(held.get(METHOD_LINE)!.map((c) => c.getStartLineNumber())).toEqual([4]);
    expect(held.get(8)!.map((c) => c.getText())).toEqual([expect.stringContaining('/v1/people/me')]);
  });

  it('parseErrors counts the syntax errors of a text', () => {
    expect(parseErrors('/x/a.ts', 'const a = { b: 1 };\n')).toBe(0);
    expect(parseErrors('/x/a.ts', 'const a = { b: 1 ;\n')).toBeGreaterThan(0);
  });
});
