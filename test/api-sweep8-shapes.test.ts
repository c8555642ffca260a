/**
 * Issue 26, the fourteenth session's sweep of new public repositories: shapes the engine missed there, each with a
 * case it must find and a look-alike that must stay quiet (synthesized code). A `Request` object built before the
 * `fetch` that sends it (its init's method and headers); a URL chosen between two templates on the same API base
 * (`id ? `${base}/${res}/${id}` : `${base}/${res}``); a `new Headers({...})` a constructor keeps in a field; and a
 * request class of a front end's source tree that a page reaches only through another module (a component imports
 * `people.ts`, whose class extends the one in `core.ts`). Projects are small trees in a temporary folder (a `.git`
 * folder marks the root), read by the project model as a scan of a repository would.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const both = only('get-request-content-type', 'cors-localhost-origins');

const project = tempProjects('cm-sweep8-shapes-');

/** Writes a project (a `.git` folder marks its root) and scans one of its files. */
function scanProject(files: Record<string, string>, rel: string, opts: AnalyzeOptions = both): Match[] {
  return analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
}

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`;
const page = '<html><body><script type="module" src="app.js"></script></body></html>\n';

describe('a Request object built before the fetch that sends it', () => {
  it("reads the Request's init (method, headers) and reports the browser call at the fetch that sends it", () => {
    const app = `export function me(token) {
  const request = new Request('https://webexapis.com/v1/people/me', {
    method: 'GET',
    headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
  });
  return fetch(request).then((r) => r.json());
}
export const rooms = () => fetch(new Request('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'application/json' } }));
`;
    const found = scanProject({ 'index.html': page, 'app.js': app }, 'app.js').map(summary);
    expect(found).toEqual([
      'get-request-content-type 4 certain',
      'cors-localhost-origins 6 certain',
      'cors-localhost-origins 8 certain',
      'get-request-content-type 8 certain fix',
    ]);
  });
  it('look-alike: a Request built for a POST with a body, and a GET Request whose fetch gives its own init, stay quiet for the header', () => {
    const app = `export function send(token, text) {
  const request = new Request('https://webexapis.com/v1/messages', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  return fetch(request);
}
export function update(body) {
  const request = new Request('https://webexapis.com/v1/rooms/1', { headers: { 'Content-Type': 'application/json' } });
  return fetch(request, { method: 'PUT', headers: { Authorization: 'Bearer t' }, body });
}
`;
    expect(scanProject({ 'app.js': app }, 'app.js', only('get-request-content-type')).map(summary)).toEqual([]);
  });
});

describe('a URL chosen between two templates on the same API base', () => {
  it('`id ? `${base}/${res}/${id}` : `${base}/${res}`` is a request to the API host, known up to the base', () => {
    const app = `const base = 'https://webexapis.com/v1';
export function get(res, id, token) {
  const url = id ? \`\${base}/\${res}/\${id}\` : \`\${base}/\${res}\`;
  return fetch(url, { headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' } });
}
`;
    expect(scanProject({ 'index.html': page, 'app.js': app }, 'app.js').map(summary)).toEqual(['cors-localhost-origins 4 certain', 'get-request-content-type 4 certain fix']);
  });
  it("look-alike: a choice between the API and the app's own relative route, or between two hosts, names no host", () => {
    const app = `export function get(res, direct, token) {
  const url = direct ? \`https://webexapis.com/v1/\${res}\` : \`/api/\${res}\`;
  const other = direct ? \`https://webexapis.com/v1/\${res}\` : \`https://example.com/v1/\${res}\`;
  fetch(other, { headers: { 'Content-Type': 'application/json' } });
  return fetch(url, { headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' } });
}
`;
    expect(scanProject({ 'index.html': page, 'app.js': app }, 'app.js').map(summary)).toEqual([]);
  });
});

const core = (contentType: string, verbs: string): string => `import { API } from '../consts';

export abstract class Core {
  baseUrl = API;
  resource: string;
  headers: Headers;

  protected constructor(token: string, resource: string, contentType = ${contentType}) {
    this.resource = resource;
    this.headers = new Headers({ Authorization: 'Bearer ' + token, 'Content-Type': contentType });
  }
${verbs}}
`;
const getVerb = `
  get(id?: string): Promise<unknown> {
    const url = id ? \`\${this.baseUrl}/\${this.resource}/\${id}\` : \`\${this.baseUrl}/\${this.resource}\`;
    const request = new Request(url, { method: 'GET', headers: this.headers });
    return fetch(request).then((r) => r.json());
  }
`;
const postVerb = `
  post(body: unknown): Promise<unknown> {
    const request = new Request(\`\${this.baseUrl}/\${this.resource}\`, { method: 'POST', headers: this.headers, body: JSON.stringify(body) });
    return fetch(request).then((r) => r.json());
  }
`;
const people = `import { Core } from './core';
export class People extends Core {
  constructor(token: string) {
    super(token, 'people');
  }
  me() {
    return super.get('me');
  }
}
`;
const svelteApp = (deps: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> => ({
  'package.json': JSON.stringify({ name: 'app', scripts: { dev: 'vite dev' }, devDependencies: deps }),
  'src/lib/consts.ts': "export const API = 'https://webexapis.com/v1';\n",
  'src/lib/req/people.ts': people,
  'src/routes/+page.svelte': "<script lang=\"ts\">\n  import { People } from '../lib/req/people';\n  const go = (t: string) => new People(t).me();\n</script>\n",
  ...extra,
});

describe('headers a constructor keeps as `new Headers({...})`, and a request class a page reaches through another module', () => {
  it("the GET's `Content-Type` (a defaulted parameter) is reported once at the header, and each browser fetch of the class", () => {
    const files = svelteApp({ '@sveltejs/kit': '^1.0.0', svelte: '^3.0.0' }, { 'src/lib/req/core.ts': core("'application/json'", getVerb + postVerb) });
    // Shared with the POST and written from a parameter: reported without an edit.
    expect(scanProject(files, 'src/lib/req/core.ts').map(summary)).toEqual([
      'get-request-content-type 10 certain',
      'cors-localhost-origins 16 certain',
      'cors-localhost-origins 21 certain',
    ]);
  });
  it('look-alike: a field of headers used only by a POST stays quiet for the header', () => {
    const files = svelteApp({ '@sveltejs/kit': '^1.0.0', svelte: '^3.0.0' }, { 'src/lib/req/core.ts': core("'application/json'", postVerb) });
    expect(scanProject(files, 'src/lib/req/core.ts', only('get-request-content-type')).map(summary)).toEqual([]);
  });
  it('look-alike: the same chain in a package with no front-end framework, or through a server module, is not browser code', () => {
    const node = svelteApp({ typescript: '^5.0.0' }, { 'src/lib/req/core.ts': core("'application/json'", postVerb) });
    expect(scanProject(node, 'src/lib/req/core.ts', only('cors-localhost-origins')).map(summary)).toEqual([]);
    const server = {
      ...svelteApp({ '@sveltejs/kit': '^1.0.0', svelte: '^3.0.0' }, { 'src/lib/req/core.ts': core("'application/json'", postVerb) }),
      'src/routes/+page.svelte': '<p>static</p>\n',
      'src/routes/+page.server.ts': "import { People } from '../lib/req/people';\nexport const load = () => new People('t').me();\n",
    };
    expect(scanProject(server, 'src/lib/req/core.ts', only('cors-localhost-origins')).map(summary)).toEqual([]);
  });
});
