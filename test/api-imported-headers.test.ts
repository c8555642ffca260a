/**
 * Issue 26, fourteenth session's metamorphic rewrites (`headers-spread`): a request's headers given by an object
 * of another module (ES `import`, named and default, CommonJS `require` with destructuring or a member, spread into
 * the call's headers or passed as them) are the request's headers. A Content-Type so brought into a bodiless GET
 * to the API is reported where this file brings it in, without an edit (the object is shared with the module's
 * other importers). Look-alikes: the object sent with a POST body, a header the call replaces after the spread, an
 * object of the module that holds no Content-Type, a local object of the same name. Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });
const project = tempProjects('cm-imported-headers-');

/** Scans `main` of a project with these files: each match as `line confidence fix?`. */
function scan(files: Record<string, string>, main: string): string[] {
  const root = project(files);
  return analyzeFile({ filename: path.join(root, main), text: files[main] }, only('get-request-content-type')).matches.map(
    (m: Match) => `${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`,
  );
}

const ESM_HEADERS = "export const DEFAULT_HEADERS = {\n  'Content-Type': 'application/json',\n  Accept: 'application/json',\n};\nexport default DEFAULT_HEADERS;\n";
const CJS_HEADERS = "const DEFAULT_HEADERS = {\n  'Content-Type': 'application/json',\n};\nmodule.exports = { DEFAULT_HEADERS };\n";

/** A GET to the API (line 3 holds `headers`) whose headers are `headers`; `head` brings the object in. */
const getRooms = (head: string, headers: string, extra = ''): string =>
  `${head}\nexport async function rooms(token) {\n  return fetch('https://webexapis.com/v1/rooms', { ${extra}headers: ${headers} });\n}\n`;

describe('headers given by an object of another module', () => {
  it('ES modules: a named import spread into the headers, passed as them, and a default import', () => {
    const files = (main: string) => ({ 'headers.js': ESM_HEADERS, 'api.js': main });
    const spread = getRooms("import { DEFAULT_HEADERS } from './headers.js';", "{ ...DEFAULT_HEADERS, Authorization: 'Bearer ' + token }");
    expect(scan(files(spread), 'api.js')).toEqual(['3 certain']);
    expect(scan(files(getRooms("import { DEFAULT_HEADERS } from './headers.js';", 'DEFAULT_HEADERS')), 'api.js')).toEqual(['3 certain']);
    expect(scan(files(getRooms("import HEADERS from './headers.js';", '{ ...HEADERS }')), 'api.js')).toEqual(['3 certain']);
  });
  it('CommonJS: a destructured require and a member of the required module', () => {
    const files = (main: string) => ({ 'h.js': CJS_HEADERS, 'api.js': main });
    expect(scan(files(getRooms("const { DEFAULT_HEADERS } = require('./h.js');", '{ ...DEFAULT_HEADERS }')), 'api.js')).toEqual(['3 certain']);
    expect(scan(files(getRooms("const h = require('./h.js');", 'h.DEFAULT_HEADERS')), 'api.js')).toEqual(['3 certain']);
  });
  it('through a barrel that re-exports the object', () => {
    const files = { 'config/headers.js': ESM_HEADERS, 'config/index.js': "export { DEFAULT_HEADERS } from './headers.js';\n", 'api.js': getRooms("import { DEFAULT_HEADERS } from './config/index.js';", '{ ...DEFAULT_HEADERS }') };
    expect(scan(files, 'api.js')).toEqual(['3 certain']);
  });
});

describe('look-alikes', () => {
  const files = (main: string) => ({ 'headers.js': ESM_HEADERS, 'api.js': main });
  const head = "import { DEFAULT_HEADERS } from './headers.js';";
  it('the imported object sent with a POST body', () => {
    expect(scan(files(getRooms(head, '{ ...DEFAULT_HEADERS }', "method: 'POST', body: JSON.stringify({ title: 't' }), ")), 'api.js')).toEqual([]);
  });
  it('a Content-Type the call writes after the spread replaces the imported one (reported there, with its edit)', () => {
    expect(scan(files(getRooms(head, "{ ...DEFAULT_HEADERS, 'Content-Type': 'text/plain' }")), 'api.js')).toEqual(['3 certain fix']);
  });
  it('an imported object without a Content-Type', () => {
    const plain = "export const DEFAULT_HEADERS = { Accept: 'application/json' };\n";
    expect(scan({ 'headers.js': plain, 'api.js': getRooms(head, '{ ...DEFAULT_HEADERS }') }, 'api.js')).toEqual([]);
  });
  it('a local object of the same name hides the import', () => {
    const main = `${head}\nexport async function rooms(token) {\n  const DEFAULT_HEADERS = { Accept: 'application/json' };\n  return fetch('https://webexapis.com/v1/rooms', { headers: { ...DEFAULT_HEADERS } });\n}\n`;
    expect(scan(files(main), 'api.js')).toEqual([]);
  });
  it('a request to another service with the imported headers', () => {
    expect(scan(files(getRooms(head, '{ ...DEFAULT_HEADERS }').replace('https://webexapis.com/v1/rooms', 'https://api.example.com/v1/items')), 'api.js')).toEqual([]);
  });
});
