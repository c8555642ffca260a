/**
 * Issue 26, shape 6 (seventeenth session, branch `26gen`): a family of request classes across modules. A base
 * class writes `get(path)` as `this.send('GET', this.address(path))`; a middle class of another module overrides
 * `send` with its own fetch and a JSON Content-Type field; a class of a third module passes the API's base to
 * `super(...)`; resource classes of further modules pass their path and call `this.get(...)`.
 * - Forward: the resource's `this.get(...)` is the middle class's request (the override runs, with its headers),
 *   its URL folded from `this.address(path)` (a method returning a conditional on its parameter) and the
 *   constructors' `super(...)` chain.
 * - Reverse: the middle class's Content-Type is judged by the requests its subclasses in other modules make
 *   (found through barrels), reported where it is written.
 * Look-alikes: another service's base, an override that makes no request or sends elsewhere, subclasses that only
 * POST, a header sent only with a body. Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const project = tempProjects('cm-class-family-');

/** Scans `main` of a project with these files for one notice: each match as `line confidence`. */
function scan(files: Record<string, string>, main: string, notice: string): string[] {
  const root = project(files);
  return analyzeFile({ filename: path.join(root, main), text: files[main] }, only(notice)).matches.map((m: Match) => `${m.loc.start.line} ${m.confidence}`);
}

const BASE = `export abstract class Endpoint {
  public root = '';
  protected headers: Headers = new Headers();

  protected constructor(base = '/', resource?: string) {
    this.root = base + (resource ? '/' + resource : '');
  }

  protected address(path?: string, query?: Record<string, string>) {
    const search = query ? '?' + new URLSearchParams(query) : '';
    return path ? \`\${this.root}/\${path}\${search}\` : \`\${this.root}\${search}\`;
  }

  protected send(method: string, url: string, body?: unknown) {
    return fetch(url, { method, headers: this.headers, body: body as string });
  }

  get(path?: string, query?: Record<string, string>) {
    const url = this.address(path, query);
    return this.send('GET', url);
  }

  put(path: string, body: unknown) {
    return this.send('PUT', this.address(path), body);
  }
}
`;

/** The middle class: `send` overridden with a JSON Content-Type field (line 4). */
const json = (send = `return data
      ? fetch(url, { method, headers: this.headers, body: JSON.stringify(data) })
      : fetch(url, { method, headers: this.headers });`): string => `import { Endpoint } from './endpoint';

export class JsonEndpoint extends Endpoint {
  protected headers: Headers = new Headers({ 'Content-Type': 'application/json' });

  constructor(base = '/', resource?: string) {
    super(base, resource);
  }

  protected send(method: string, url: string, data?: unknown) {
    ${send}
  }
}
`;

const API = (host = 'https://webexapis.com/v1'): string => `import { JsonEndpoint } from '../http/json-endpoint';

export class PlatformApi extends JsonEndpoint {
  constructor(resource: string) {
    super('${host}', resource);
  }
}
`;

/** A resource class whose methods are `calls` (each line a method body); the request is on line 9 for the first. */
const resource = (calls: string[]): string => `import { PlatformApi } from './platform-api';

export class Rooms extends PlatformApi {
  constructor() {
    super('rooms');
  }

  m0(id: string) {
    return ${calls[0]};
  }
${calls
  .slice(1)
  .map((c, i) => `\n  m${i + 1}(id: string) {\n    return ${c};\n  }\n`)
  .join('')}}
`;

const tree = (calls: string[], options: { send?: string; host?: string } = {}): Record<string, string> => ({
  'package.json': '{"name":"t"}\n',
  'src/http/endpoint.ts': BASE,
  'src/http/json-endpoint.ts': json(options.send),
  'src/api/platform-api.ts': API(options.host),
  'src/api/rooms.ts': resource(calls),
});

const MEETING = 'this.get(`${id}/meetingInfo`)';

describe('forward: an inherited method reaching an override of a class between (dispatch on the instance)', () => {
  const meeting = (files: Record<string, string>): string[] => scan(files, 'src/api/rooms.ts', 'rooms-meeting-info-deprecated');
  it('positive: GET /rooms/{id}/meetingInfo through the override, the query branch decided by the call', () => {
    expect(meeting(tree([MEETING]))).toEqual(['9 certain']);
    expect(meeting(tree(["this.get(`${id}/meetingInfo`, { max: '10' })"]))).toEqual(['9 certain']);
  });
  it('look-alikes: another resource path, another service, an override that makes no request or sends elsewhere', () => {
    expect(meeting(tree(['this.get(`${id}/meetings`)']))).toEqual([]);
    expect(meeting(tree([MEETING], { host: 'https://api.example.org/v1' }))).toEqual([]);
    expect(meeting(tree([MEETING], { send: 'return Promise.resolve(new Response(url));' }))).toEqual([]);
    expect(meeting(tree([MEETING], { send: "return fetch('https://relay.example.org/forward', { method: 'POST', body: JSON.stringify({ method, url, data }) });" }))).toEqual([]);
  });
});

describe('reverse: a class header judged by the requests of its subclasses in other modules', () => {
  const header = (files: Record<string, string>): string[] => scan(files, 'src/http/json-endpoint.ts', 'get-request-content-type');
  it('positive: certain when every request through it is a bodiless GET; likely when some send a body', () => {
    expect(header(tree([MEETING, 'this.get(id)']))).toEqual(['4 certain']);
    expect(header(tree([MEETING, "this.put(id, { title: 'x' })"]))).toEqual(['4 likely']);
  });
  it('positive: subclasses imported through barrels (`export *`, `export { Name } from`)', () => {
    const files = tree([MEETING]);
    files['src/http/index.ts'] = "export { JsonEndpoint } from './json-endpoint';\n";
    files['src/api/index.ts'] = "export * from './platform-api';\n";
    files['src/api/platform-api.ts'] = files['src/api/platform-api.ts'].replace("'../http/json-endpoint'", "'../http'");
    files['src/api/rooms.ts'] = files['src/api/rooms.ts'].replace("'./platform-api'", "'.'");
    expect(header(files)).toEqual(['4 certain']);
  });
  it('look-alikes: subclasses that only send bodies, another service, the header sent only with a body', () => {
    expect(header(tree(["this.put(id, { title: 'x' })"]))).toEqual([]);
    expect(header(tree([MEETING], { host: 'https://api.example.org/v1' }))).toEqual([]);
    const bodyOnly = `return data
      ? fetch(url, { method, headers: this.headers, body: JSON.stringify(data) })
      : fetch(url, { method });`;
    expect(header(tree([MEETING], { send: bodyOnly }))).toEqual([]);
  });
  it('look-alike: a subclass that imports a class of the same name from another module', () => {
    const files = tree([MEETING]);
    files['src/other/json-endpoint.ts'] = json().replace("'./endpoint'", "'../http/endpoint'").replace("'Content-Type': 'application/json'", "Accept: 'application/json'");
    files['src/api/platform-api.ts'] = files['src/api/platform-api.ts'].replace("'../http/json-endpoint'", "'../other/json-endpoint'");
    expect(header(files)).toEqual([]);
  });
});

describe('reverse: an exported client re-exported by barrels (branch 26rest\'s reverse edge)', () => {
  const client = `import axios from 'axios';
export const http = axios.create({ baseURL: 'https://webexapis.com/v1', timeout: 5000 });
http.interceptors.request.use((cfg) => {
  cfg.headers['Content-Type'] = 'application/json';
  return cfg;
});
`;
  const user = (from: string, call = "http.get('/rooms')"): string => `import { http } from '${from}';\nexport async function load() {\n  const res = await ${call};\n  return res.data;\n}\n`;
  const files = (barrel: string, call?: string): Record<string, string> => ({
    'package.json': '{"name":"t","type":"module"}\n',
    'src/http/client.js': client,
    'src/http/index.js': barrel,
    'src/index.js': "export * from './http/index.js';\n",
    'src/api/rooms.js': user('../index.js', call),
  });
  const grct = (f: Record<string, string>): string[] => scan(f, 'src/http/client.js', 'get-request-content-type');
  it('positive: a GET of a module importing it through two barrels makes it certain (as a direct import does)', () => {
    expect(grct(files("export { http } from './client.js';\n"))).toEqual(['4 certain']);
    expect(grct(files("export * from './client.js';\n"))).toEqual(['4 certain']);
  });
  it('look-alikes: the barrel re-exporting another name leaves it likely (no GET seen), a POST through the barrels is no GET', () => {
    expect(grct(files("export { other } from './client.js';\n"))).toEqual(['4 likely']);
    expect(grct(files("export { http } from './client.js';\n", "http.post('/messages', { text: 'hi' })"))).toEqual([]);
  });
});
