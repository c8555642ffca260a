/**
 * Issue 26 items 1-3 (nineteenth session, branch `26left2`): default headers a class hands up to its base class in
 * `super({ headers: { 'Content-Type': ... } })`, kept by the base's constructor in a field (the rest of a destructured
 * parameter, its `headers` key, or the parameter itself) and sent by the base's request method (fetch, or a
 * `this.send` field whose constructor default is fetch), through a method returning the init and a static merge
 * helper; the base's verb methods (`read` -> `this.call('GET', ...)`) are called by subclasses in other modules.
 * A bodiless GET among them makes the finding where the header is written, likely and without an edit (a POST
 * through the same base sends a body and keeps needing the header). Also: a tsconfig whose `extends` names a package
 * that is not installed keeps its own `paths` (the base is imported through `$lib/...`). And cors-localhost-origins: a
 * class's own fetch whose URL its subclasses in other modules give (the API's base passed to `super(...)`, an
 * inherited `this.get('me')`), in a module browser code imports, is reported at that fetch. Synthesized code.
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

const scan = projectScanner('cm-super-headers-', '2026-11-27');
const NOTICE = 'get-request-content-type';

interface BaseShape {
  /** The constructor's first parameter and what it keeps. */
  ctor?: string;
  /** The init the request method sends. */
  init?: string;
  /** The request call. */
  send?: string;
}

/** The base class of another module (`src/http/rest-base.ts`). */
const base = ({
  ctor = `{ origin = '/', section = '', ...defaults }: Options = {}, send = globalThis.fetch) {
    this.root = new URL(section, origin);
    this.send = send;
    this.defaults = defaults;`,
  init = `const headers = RestBase.combine(extra.headers, this.defaults.headers);
    return { ...this.defaults, headers, method, body: data === undefined ? undefined : JSON.stringify(data) };`,
  send = 'this.send(this.address(path), { ...init })',
}: BaseShape = {}): string => `type Options = { origin?: string; section?: string; headers?: Record<string, string> };
type Extra = { path?: string; data?: unknown; headers?: Record<string, string> };

export abstract class RestBase {
  protected send: typeof fetch;
  protected root: URL;
  protected defaults: Omit<Options, 'origin' | 'section'>;

  protected constructor(${ctor}
  }

  protected static combine(extra?: Record<string, string>, base?: Record<string, string>) {
    return extra != null && base != null ? { ...base, ...extra } : base ?? extra;
  }

  protected address(path?: string) {
    return new URL(path ?? '', this.root).toString();
  }

  protected initFor(method: string, extra: Extra, data?: unknown) {
    ${init}
  }

  protected call(method: string, { path, data, ...extra }: Extra = {}) {
    const init = this.initFor(method, extra, data);
    return ${send};
  }

  read({ path, ...extra }: Extra = {}) {
    return this.call('GET', { path, ...extra });
  }

  create({ path, data, ...extra }: Extra) {
    return this.call('POST', { path, data, ...extra });
  }
}
`;

/** The class writing the default headers (line 8 holds the Content-Type). */
const platform = (origin = 'https://webexapis.com/v1/', from = '../http/rest-base'): string => `import { RestBase } from '${from}';

export class PlatformHttp extends RestBase {
  constructor(section: string, token: string) {
    super({
      origin: '${origin}',
      section,
      headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    });
  }
}
`;

/** A subclass of a third module: `read` (a GET without a body) and/or `create` (a POST with one). */
const teams = (methods = ['details', 'add']): string => `import { PlatformHttp } from './platform-http';

export class Teams extends PlatformHttp {
  constructor(token: string) {
    super('teams', token);
  }
${methods.includes('details') ? `
  details(id: string) {
    return this.read({ path: id });
  }
` : ''}${methods.includes('add') ? `
  add(name: string) {
    return this.create({ data: { name } });
  }
` : ''}}
`;

const tree = (parts: { base?: string; platform?: string; teams?: string } = {}): Record<string, string> => ({
  'package.json': '{ "name": "app", "type": "module" }',
  'src/http/rest-base.ts': parts.base ?? base(),
  'src/platform/platform-http.ts': parts.platform ?? platform(),
  'src/platform/teams.ts': parts.teams ?? teams(),
});

const MAIN = 'src/platform/platform-http.ts';

describe('default headers handed up through super({ headers })', () => {
  it('reports the Content-Type a subclass GETs with through the base, likely and without an edit (a POST sends a body through it too)', () => {
    expect(scan(tree(), MAIN, NOTICE)).toEqual([`${NOTICE} 8 likely`]);
  });

  it('follows a base keeping the `headers` key in a field and sending it with fetch; the subclass only GETs', () => {
    const keyed = base({
      ctor: `{ origin = '/', section = '', headers }: Options = {}) {
    this.root = new URL(section, origin);
    this.defaults = { headers };`,
      init: 'return { headers: this.defaultHeaders, method, body: data === undefined ? undefined : JSON.stringify(data) };',
      send: 'fetch(this.address(path), init)',
    }).replace('this.defaults = { headers };', 'this.defaultHeaders = headers;').replace('protected defaults:', 'protected defaultHeaders?: Record<string, string>;\n  protected defaults:');
    expect(scan(tree({ base: keyed, teams: teams(['details']) }), MAIN, NOTICE)).toEqual([`${NOTICE} 8 likely`]);
  });

  it('resolves the base through tsconfig paths when the tsconfig extends a package that is not installed', () => {
    const files = {
      ...tree({ platform: platform(undefined, '$lib/http/rest-base') }),
      'tsconfig.json': '{ "extends": "some-uninstalled-tsconfig", "compilerOptions": { "paths": { "$lib": ["./src"], "$lib/*": ["./src/*"] } } }',
    };
    expect(scan(files, MAIN, NOTICE)).toEqual([`${NOTICE} 8 likely`]);
  });

  it('stays quiet when the subclasses only send bodies', () => {
    expect(scan(tree({ teams: teams(['add']) }), MAIN, NOTICE)).toEqual([]);
  });

  it("stays quiet for another service's origin", () => {
    expect(scan(tree({ platform: platform('https://api.example.org/v2/') }), MAIN, NOTICE)).toEqual([]);
  });

  it('stays quiet when the base sends the defaults only with a body', () => {
    const gated = base({ init: 'return { ...(data !== undefined ? this.defaults : {}), method, body: data === undefined ? undefined : JSON.stringify(data) };' });
    expect(scan(tree({ base: gated }), MAIN, NOTICE)).toEqual([]);
  });

  it('stays quiet when the base does not keep what it is given', () => {
    const ignoring = base({
      ctor: `{ origin = '/', section = '' }: Options = {}, send = globalThis.fetch) {
    this.root = new URL(section, origin);
    this.send = send;
    this.defaults = {};`,
    });
    expect(scan(tree({ base: ignoring }), MAIN, NOTICE)).toEqual([]);
  });

  it('stays quiet when the base handles the Content-Type itself', () => {
    const handled = base({
      init: `const headers = RestBase.combine(extra.headers, this.defaults.headers);
    if (data === undefined) delete headers?.['Content-Type'];
    return { ...this.defaults, headers, method, body: data === undefined ? undefined : JSON.stringify(data) };`,
    });
    expect(scan(tree({ base: handled }), MAIN, NOTICE)).toEqual([]);
  });

  it('stays quiet when the tsconfig that extends a missing package has no paths for the specifier', () => {
    const files = {
      ...tree({ platform: platform(undefined, '$lib/http/rest-base') }),
      'tsconfig.json': '{ "extends": "some-uninstalled-tsconfig", "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }',
    };
    expect(scan(files, MAIN, NOTICE)).toEqual([]);
  });
});

/** A JSON request class of browser code (it reads the token from `localStorage`) whose fetch takes its URL from the caller (lines 10-11: one wrapper, reported once at its first fetch). */
const JSON_CLASS = `export class JsonClient {
  protected headers: Headers = new Headers({ Authorization: 'Bearer ' + localStorage.getItem('token') });
  protected root: string;

  constructor(root = '/', section = '') {
    this.root = section ? root + '/' + section : root;
  }

  protected send(method: string, url: string, body?: unknown) {
    return body ? fetch(url, { method, headers: this.headers, body: JSON.stringify(body) })
      : fetch(url, { method, headers: this.headers });
  }

  get(path?: string) {
    return this.send('GET', path ? this.root + '/' + path : this.root);
  }
}
`;

const PROFILE = (root: string): string => `import { JsonClient } from './json-client';

export class Profile extends JsonClient {
  constructor() {
    super('${root}', 'people');
  }

  mine() {
    return this.get('me');
  }
}
`;

const browserTree = (root = 'https://webexapis.com/v1', extra: Record<string, string> = {}): Record<string, string> => ({
  'package.json': '{ "name": "kiosk", "type": "module" }',
  'README.md': 'Run `npm start` and open http://localhost:8080\n',
  'src/json-client.ts': JSON_CLASS,
  'src/profile.ts': PROFILE(root),
  'src/badge.ts': "import { Profile } from './profile';\n\nexport const badge = () => new Profile().mine();\n",
  ...extra,
});

describe("a class's fetch whose URL its subclasses give, in browser code (cors-localhost-origins)", () => {
  const CORS = 'cors-localhost-origins';
  it('reports the fetch a subclass of another module reaches with the API base it passes up', () => {
    expect(scan(browserTree(), 'src/json-client.ts', CORS)).toEqual([`${CORS} 10 certain`]);
  });

  it("stays quiet when the subclass passes another service's base", () => {
    expect(scan(browserTree('https://api.example.org/v1'), 'src/json-client.ts', CORS)).toEqual([]);
  });

  it('reports once: where a subclass module that is browser code itself makes the call, not again at the fetch', () => {
    const files = browserTree(undefined, { 'src/widget.ts': "import { Profile } from './profile';\n\nwindow.addEventListener('load', () => new Profile().mine());\n" });
    expect(scan(files, 'src/json-client.ts', CORS)).toEqual([]);
    expect(scan(files, 'src/profile.ts', CORS)).toEqual([`${CORS} 9 certain`]);
  });
});
