/**
 * Hold-out set 22 after its first run (docs/evaluation.md, "Twenty-seventh session: set22fix"): the shapes behind its
 * misses, each with the platform's case that must be found and look-alikes that must stay quiet (synthesized code,
 * nothing copied from the set's repositories): a class getter giving the headers (`get headers() { return {...} }`),
 * a client held in a `this` field, a generic client class of another module made by its importers with the API's
 * base URL (`new HttpClient({ baseUrl })`), and a full-stack framework package whose `src/` is not all browser code.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { describe, expect, it } from 'vitest';
import { shapeScans } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout22-shapes-', '2026-11-28');

const GET_CT = 'get-request-content-type';
const CORS = 'cors-localhost-origins';
const WEBEX = 'https://webexapis.com/v1';
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('headers a class getter returns (`get headers() { return { ... } }`, read as `this.headers`)', () => {
  const client = (base: string, call: string): string => `const BASE = '${base}';
export class Rooms {
  constructor(private token: string) {}
  private get headers() { return { Authorization: \`Bearer \${this.token}\`, 'Content-Type': 'application/json' }; }
  async list(): Promise<unknown> { const r = await ${call}; return r.json(); }
}
`;
  it('positive: a GET sending the getter\'s object (as written, or spread into another) is reported at the getter, without an edit', () => {
    for (const call of ['fetch(`${BASE}/rooms`, { headers: this.headers })', "fetch(`${BASE}/rooms`, { headers: { ...this.headers, Accept: 'application/json' } })"]) {
      const files = { 'src/rooms.ts': client(WEBEX, call) };
      const found = matches(project(files), files, 'src/rooms.ts', GET_CT);
      expect(found.map(summary), call).toEqual([`${GET_CT} 4 certain`]);
      // The getter is shared by every read of `this.headers`: no edit removes its header.
      expect(found[0].fix, call).toBeUndefined();
    }
  });

  it('look-alikes: the getter sent with a POST that has a body, or to another service, stays quiet', () => {
    expect(scan({ 'src/rooms.ts': client(WEBEX, "fetch(`${BASE}/rooms`, { method: 'POST', headers: this.headers, body: JSON.stringify({ title: 't' }) })") }, 'src/rooms.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/rooms.ts': client('https://api.example.com/v2', 'fetch(`${BASE}/rooms`, { headers: this.headers })') }, 'src/rooms.ts', GET_CT)).toEqual([]);
  });

  it('a base URL a getter returns decides: another service\'s host (a partly known one too) stays quiet, the API\'s is reported', () => {
    const byGetter = (base: string): string => `export class Conversations {
  constructor(private token: string, private device: string) {}
  private get baseUrl(): string { return ${base}; }
  private get headers() { return { Authorization: \`Bearer \${this.token}\`, 'Content-Type': 'application/json' }; }
  async request(path: string, init?: RequestInit) { return fetch(\`\${this.baseUrl}\${path}\`, { ...init, headers: { ...this.headers } }); }
  async activities() { return this.request('/activities'); }
  async people() { return this.request('/people'); }
}
`;
    const internal = "`https://conv${this.device.match(/wdm(-[a-z0-9]+)/)?.[1] ?? ''}.wbx2.com/conversation/api/v1`";
    expect(scan({ 'src/conv.ts': byGetter(internal) }, 'src/conv.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/conv.ts': byGetter(`'${WEBEX}'`) }, 'src/conv.ts', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });

  it('look-alike: a name the class also writes as a field is not read through a getter of the same name', () => {
    const text = client(WEBEX, 'fetch(`${BASE}/rooms`, { headers: this.headers })').replace(
      'constructor(private token: string) {}',
      "constructor(private token: string) {}\n  reset() { (this as any).headers = { Accept: 'application/json' }; }",
    );
    expect(scan({ 'src/rooms.ts': text }, 'src/rooms.ts', GET_CT)).toEqual([]);
  });
});

/** A generic client class: JSON defaults in a field, the URL its callers' path on `this.baseUrl`, the body only when not a GET. */
const HTTP_CLIENT = `export class HttpClient {
  private baseUrl: string;
  private defaultHeaders: Record<string, string>;
  constructor(options: { baseUrl: string; headers?: Record<string, string> }) {
    this.baseUrl = options.baseUrl.replace(/\\/+$/, '');
    this.defaultHeaders = { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers };
  }
  private buildUrl(path: string): string {
    const clean = path.startsWith('/') ? path : \`/\${path}\`;
    return \`\${this.baseUrl}\${clean}\`;
  }
  private async request(method: string, path: string, body?: unknown, options?: { headers?: Record<string, string> }) {
    const url = this.buildUrl(path);
    const init: RequestInit = { method, headers: { ...this.defaultHeaders, ...options?.headers } };
    if (body !== undefined && method !== 'GET') init.body = JSON.stringify(body);
    return fetch(url, init);
  }
  async get(path: string, headers?: Record<string, string>) { return this.request('GET', path, undefined, { headers }); }
  async post(path: string, body?: unknown, headers?: Record<string, string>) { return this.request('POST', path, body, { headers }); }
}
`;
const DEFAULT_LINE = lineOf(HTTP_CLIENT, "'Content-Type': 'application/json', Accept");

/** A provider class holding an HttpClient in a field (made in its constructor), with a header getter of its own. */
const provider = (base: string, gets: string, importLine = "import { HttpClient } from '../../framework/client';"): string => `${importLine}
export class Provider {
  private client: HttpClient;
  constructor(private token: string) { this.client = new HttpClient({ baseUrl: ${base} }); }
  private get headers() { return { Authorization: \`Bearer \${this.token}\`, 'Content-Type': 'application/json' }; }
  async list() { return this.client.get('${gets}', this.headers); }
  async create(title: string) { return this.client.post('${gets}', { title }, this.headers); }
}
`;
const GETTER_LINE = 5;

describe('a client held in a `this` field (`private client = new HttpClient(...)`, or written in the constructor)', () => {
  const sameFile = (base: string, field: 'initializer' | 'constructor' = 'constructor'): string => {
    const text = HTTP_CLIENT + provider(base, '/rooms', '');
    return field === 'constructor' ? text : text.replace('private client: HttpClient;', `private client = new HttpClient({ baseUrl: ${base} });`).replace(` this.client = new HttpClient({ baseUrl: ${base} });`, '');
  };
  const getter = (text: string): number => lineOf(text, 'private get headers()');

  it('positive: its GETs send the class default and the caller\'s header, each reported where written', () => {
    for (const field of ['constructor', 'initializer'] as const) {
      const text = sameFile(`'${WEBEX}'`, field);
      const files = { 'src/client.ts': text };
      const found = matches(project(files), files, 'src/client.ts', GET_CT);
      expect(found.map(summary), field).toEqual([`${GET_CT} ${DEFAULT_LINE} certain`, `${GET_CT} ${getter(text)} certain`]);
      // Both headers are shared (the class's defaults go with its POSTs, the getter with every read): no edit.
      expect(found.map((m) => m.fix), field).toEqual([undefined, undefined]);
    }
  });

  it('look-alike: the same classes calling another service (the base URL the instance is made with) stay quiet', () => {
    expect(scan({ 'src/client.ts': sameFile("'https://api.example.com/v2'") }, 'src/client.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/client.ts': sameFile("'https://api.example.com/v2'", 'initializer') }, 'src/client.ts', GET_CT)).toEqual([]);
    // A module-level instance too, of a class writing its URL as `${this.baseUrl}${path}` (its `this.baseUrl` was not
    // read: the API path alone decided, and the class default was reported).
    const direct = HTTP_CLIENT.replace('const url = this.buildUrl(path);', 'const url = `${this.baseUrl}${path}`;');
    const moduleLevel = (base: string): string => `${direct}const api = new HttpClient({ baseUrl: '${base}' });\nexport const rooms = () => api.get('/rooms');\n`;
    expect(scan({ 'src/client.ts': moduleLevel('https://api.example.com/v2') }, 'src/client.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/client.ts': moduleLevel(WEBEX) }, 'src/client.ts', GET_CT)).toEqual([`${GET_CT} ${DEFAULT_LINE} certain`]);
  });

  it('look-alike: a field written again outside the constructor is not taken to hold the client', () => {
    const text = sameFile(`'${WEBEX}'`).replace("  private get headers()", "  swap(c: HttpClient) { this.client = c; }\n  private get headers()");
    expect(scan({ 'src/client.ts': text }, 'src/client.ts', GET_CT)).toEqual([]);
  });
});

describe('a generic client class of another module, made by its importers with the API\'s base URL', () => {
  const FRAMEWORK = 'src/framework/client.ts';
  const WEBEX_CLIENT = 'src/providers/webex/client.ts';
  const tree = (providers: Record<string, string>): Record<string, string> => ({ 'package.json': JSON.stringify({ name: 'integrations', private: true }), [FRAMEWORK]: HTTP_CLIENT, ...providers });

  it('positive: the importer\'s getter and the class default are each reported (the default likely: POSTs go through it too)', () => {
    const files = tree({ [WEBEX_CLIENT]: provider(`'${WEBEX}'`, '/rooms?max=100') });
    const root = project(files);
    const own = matches(root, files, WEBEX_CLIENT, GET_CT);
    expect(own.map(summary)).toEqual([`${GET_CT} ${GETTER_LINE} certain`]);
    expect(own[0].fix).toBeUndefined();
    const shared = matches(root, files, FRAMEWORK, GET_CT);
    expect(shared.map(summary)).toEqual([`${GET_CT} ${DEFAULT_LINE} likely`]);
    expect(shared[0].fix).toBeUndefined();
  });

  it('positive: an instance made at the top of the importing module', () => {
    const files = tree({ 'src/providers/webex/api.ts': `import { HttpClient } from '../../framework/client';\nconst api = new HttpClient({ baseUrl: '${WEBEX}' });\nexport const rooms = () => api.get('/rooms');\n` });
    expect(scan(files, FRAMEWORK, GET_CT)).toEqual([`${GET_CT} ${DEFAULT_LINE} certain`]);
  });

  it('look-alikes: importers calling other services (a base URL of their own, a tenant\'s host) leave both modules quiet', () => {
    const files = tree({
      'src/providers/asana/client.ts': provider("'https://app.asana.com/api/1.0'", '/people'),
      'src/providers/workday/client.ts': provider('`https://${process.env.TENANT}.myworkday.com/api/v1/`', '/organizations'),
    });
    const root = project(files);
    for (const rel of ['src/providers/asana/client.ts', 'src/providers/workday/client.ts', FRAMEWORK]) expect(matches(root, files, rel, GET_CT).map(summary), rel).toEqual([]);
  });

  it('look-alike: an importer naming the API host that only POSTs through the class leaves the class default quiet', () => {
    const files = tree({ [WEBEX_CLIENT]: provider(`'${WEBEX}'`, '/rooms').replace("  async list() { return this.client.get('/rooms', this.headers); }\n", '') });
    expect(scan(files, FRAMEWORK, GET_CT)).toEqual([]);
    expect(scan(files, WEBEX_CLIENT, GET_CT)).toEqual([]);
  });
});

describe('a full-stack framework package (TanStack Start): its src/ is not browser code by the package alone', () => {
  const app = (deps: Record<string, string>): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'site', private: true, type: 'module', dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0', ...deps }, devDependencies: { vite: '^7.0.0' } }),
    'vite.config.ts': 'export default {};\n',
    'src/integrations/webex.ts': `export async function rooms(token: string) {\n  const r = await fetch('${WEBEX}/rooms', { headers: { Authorization: \`Bearer \${token}\` } });\n  return r.json();\n}\n`,
    'src/routes/index.tsx': "import { rooms } from '../integrations/webex';\nexport const load = (token: string) => rooms(token);\n",
  });
  it('look-alike: with @tanstack/react-start the module is not taken for browser code', () => {
    expect(scan(app({ '@tanstack/react-start': '^1.150.0' }), 'src/integrations/webex.ts', CORS)).toEqual([]);
  });
  it('positive: the same module of a react-dom app bundled by Vite is browser code', () => {
    expect(scan(app({}), 'src/integrations/webex.ts', CORS)).toEqual([`${CORS} 2 certain`]);
  });
});
