/**
 * Issue 26, hold-out set 11 after its first run (docs/evaluation.md, "Hold-out set 11 after its first run"): the
 * shapes behind its misses and false positives, each with the platform's case that must be found (or reported
 * where the convention names) and look-alikes that must stay quiet (synthesized code, nothing copied from the
 * set's repositories).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const scan = (text: string, name: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: name, text }, opts).matches;
const lines = (m: readonly Match[]): string[] => m.map((x) => `${x.noticeId} ${x.loc.start.line}`);
const project = tempProjects('cm-holdout11-shapes-');
/** Every file of a project written on disk, scanned with the project model; findings as `file:line notice`. */
const scanFiles = (files: Record<string, string>, opts: AnalyzeOptions): string[] => {
  const root = project(files);
  return Object.keys(files).flatMap((rel) => {
    const text = files[rel];
    return analyzeFile({ filename: path.join(root, rel), text }, opts).matches.map((m) => `${rel}:${m.loc.start.line} ${m.noticeId}`);
  });
};

describe('a function of another module whose own URL spells the deprecated path (rooms-meeting-info-deprecated)', () => {
  const meetingInfo = only('rooms-meeting-info-deprecated');
  const helper = `import fetch from 'node-fetch';
export default function spaceDialInfo(spaceId) {
  return fetch(process.env.CHAT_API + '/rooms/' + spaceId + '/meetingInfo', { method: 'GET' }).then((r) => r.json());
}
`;
  it('positive: reported once, in the helper where the path is written, not again at the caller that gives the id', () => {
    const caller = `import fetch from 'node-fetch';
import spaceDialInfo from './dial.js';
export async function dialIn(spaceId) {
  const me = await fetch(process.env.CHAT_API + '/people/me').then((r) => r.json());
  const info = await spaceDialInfo(spaceId);
  return [me.displayName, info.sipAddress];
}
`;
    expect(scanFiles({ 'dial.js': helper, 'route.js': caller }, meetingInfo)).toEqual(['dial.js:3 rooms-meeting-info-deprecated']);
  });
  it('positive: a helper whose path is its caller\'s is still reported at the caller that writes it', () => {
    const get = `import fetch from 'node-fetch';
export default function chatGet(path) {
  return fetch('https://webexapis.com/v1/' + path, { method: 'GET' }).then((r) => r.json());
}
`;
    const caller = `import chatGet from './get.js';
export const dialInfo = (id) => chatGet('rooms/' + id + '/meetingInfo');
`;
    expect(scanFiles({ 'get.js': get, 'route.js': caller }, meetingInfo)).toEqual(['route.js:2 rooms-meeting-info-deprecated']);
  });
  it('look-alike: a helper of another module reading the space itself stays quiet at its caller and in its file', () => {
    const room = helper.replace("'/meetingInfo'", "''");
    const caller = `import spaceDialInfo from './dial.js';
export const title = (id) => spaceDialInfo(id).then((r) => r.title);
`;
    expect(scanFiles({ 'dial.js': room, 'route.js': caller }, meetingInfo)).toEqual([]);
  });
});

describe('a browser wrapper some of whose requests are not written at a call site (cors-localhost-origins)', () => {
  const cors = only('cors-localhost-origins');
  const pager = (next: string): string => `export class Directory {
  constructor(private token: string) {}
  listPlaces(onPage: (n: number) => void) {
    return this.pages('https://webexapis.com/v1/places', { headers: { Authorization: 'Bearer ' + this.token } }, onPage);
  }
  pages(url: string, init: RequestInit, onPage: (n: number) => void, seen = 0): Promise<void> {
    return fetch(url, init).then(async (res) => {
      const body = await res.json();
      onPage(seen + body.items.length);
${next}
    });
  }
}
document.title = 'Places';
`;
  it('positive: a paginating wrapper that calls itself with the next page is reported once, at its fetch', () => {
    const code = pager("      const link = res.headers.get('link');\n      if (link) return this.pages(link.slice(1, link.indexOf('>')), init, onPage, seen + body.items.length);");
    expect(lines(scan(code, 'directory.ts', cors))).toEqual(['cors-localhost-origins 7']);
  });
  it('look-alike: the same wrapper without the next page keeps the report at the call that writes the host', () => {
    expect(lines(scan(pager('      return;'), 'directory.ts', cors))).toEqual(['cors-localhost-origins 4']);
  });
  it('positive: a wrapper with a call written with the host and a call whose URL comes from elsewhere: once, at its fetch', () => {
    const code = `async function read(url: string) {
  return (await fetch(url, { headers: { Authorization: 'Bearer ' + sessionStorage.getItem('t') } })).json();
}
export const me = () => read('https://webexapis.com/v1/people/me');
export const follow = (href: string) => read(href);
`;
    expect(lines(scan(code, 'read.ts', cors))).toEqual(['cors-localhost-origins 2']);
  });
});

describe('a browser call of another module\'s wrapper that writes the host (cors-localhost-origins)', () => {
  it('look-alike of the rule above: still reported at the call, whatever the wrapper\'s other calls give it', () => {
    const wrapper = `export async function timed(url: string, init: RequestInit = {}) {
  const c = new AbortController();
  setTimeout(() => c.abort(), 5000);
  return fetch(url, { ...init, signal: c.signal });
}
`;
    const page = `import { timed } from './timed';
export async function whoAmI(token: string, relay: string) {
  await timed(relay + '/functions/v1/token', { method: 'POST' });
  const res = await timed('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });
  document.title = (await res.json()).displayName;
}
`;
    expect(scanFiles({ 'src/timed.ts': wrapper, 'src/page.ts': page }, only('cors-localhost-origins'))).toEqual(['src/page.ts:4 cors-localhost-origins']);
  });
});

describe('URL-join helpers fold their segments (get-request-content-type)', () => {
  const getCt = only('get-request-content-type');
  const client = (imp: string, call: string): string => `${imp}
function jsonHeaders(token: string) {
  return { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' };
}
function read(token: string, url: string) {
  return fetch(url, { headers: jsonHeaders(token) });
}
export class Fleet {
  constructor(private base: string, private token: string) {}
  device = (id: string) => read(this.token, ${call});
}
`;
  it('positive: `urlJoin(this.base, \'/devices/\', id)` of url-join-ts reaches an API path: the helper\'s header is reported', () => {
    expect(lines(scan(client("import { urlJoin } from 'url-join-ts';", "urlJoin(this.base, '/devices/', id)"), 'fleet.ts', getCt))).toEqual(['get-request-content-type 3']);
  });
  it('positive: url-join\'s default export, required', () => {
    expect(lines(scan(client("const join = require('url-join');", "join(this.base, '/devices', id)"), 'fleet.ts', getCt))).toEqual(['get-request-content-type 3']);
  });
  it('look-alike: the same join of another service\'s path stays quiet', () => {
    expect(lines(scan(client("import { urlJoin } from 'url-join-ts';", "urlJoin(this.base, '/inventory/', id)"), 'fleet.ts', getCt))).toEqual([]);
  });
  it('look-alike: a local function named like the package is the file\'s own (not folded)', () => {
    const code = client("import { urlJoin as unused } from 'url-join-ts';\nconst urlJoin = (...parts: string[]) => parts.join('|');", "urlJoin(this.base, '/devices/', id)");
    expect(lines(scan(code, 'fleet.ts', getCt))).toEqual([]);
  });
});

describe('a request helper other files call whose defaults make a bodiless GET (get-request-content-type)', () => {
  const getCt = only('get-request-content-type');
  const api = (signature: string, contentType: string, bodyLine: string): string => `export class Api {
  constructor(private token: string) {}
  call(${signature}) {
    const headers: Record<string, string> = { Authorization: 'Bearer ' + this.token };
${contentType}
    const init: RequestInit = { method, headers };
${bodyLine}
    return fetch('https://webexapis.com/v1/' + path, init);
  }
}
`;
  it('positive: `method = \'GET\'`, `body = null` sent only when given, the Content-Type from a parameter with a JSON default', () => {
    const code = api("path: string, method = 'GET', body: unknown = null, type = 'application/json'", '    if (type) {\n      headers[\'Content-Type\'] = type;\n    }', '    if (body) init.body = JSON.stringify(body);');
    const found = scan(code, 'api.ts', getCt);
    expect(lines(found)).toEqual(['get-request-content-type 6']);
    expect(found[0].confidence).toBe('likely');
  });
  it('positive: the header written unconditionally, the URL the caller\'s in a class whose other request calls the API', () => {
    const code = `export class Api {
  constructor(private token: string) {}
  send(url: string, method = 'get', body?: object) {
    const headers = { Authorization: 'Bearer ' + this.token, 'Content-Type': 'application/json' };
    return fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  }
  rooms = () => fetch('https://webexapis.com/v1/rooms', { method: 'POST', body: '{}' });
}
`;
    expect(lines(scan(code, 'api.ts', getCt))).toEqual(['get-request-content-type 4']);
  });
  it('look-alike: the method defaults to POST', () => {
    const code = api("path: string, method = 'POST', body: unknown = null", "    headers['Content-Type'] = 'application/json';", '    if (body) init.body = JSON.stringify(body);');
    expect(lines(scan(code, 'api.ts', getCt))).toEqual([]);
  });
  it('look-alike: the body is sent on every call', () => {
    const code = api("path: string, method = 'GET', body: unknown = {}", "    headers['Content-Type'] = 'application/json';", '    init.body = JSON.stringify(body);');
    expect(lines(scan(code, 'api.ts', getCt))).toEqual([]);
  });
  it('look-alike: the Content-Type parameter defaults to nothing (no header on the default call)', () => {
    const code = api("path: string, method = 'GET', body: unknown = null, type = ''", '    if (type) {\n      headers[\'Content-Type\'] = type;\n    }', '    if (body) init.body = JSON.stringify(body);');
    expect(lines(scan(code, 'api.ts', getCt))).toEqual([]);
  });
  it('look-alike: the same helper of another service (no API host, no API request in its class) stays quiet', () => {
    const code = `export class Shop {
  send(url: string, method = 'GET', body?: object) {
    const headers = { 'Content-Type': 'application/json' };
    return fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  }
  items = () => fetch('https://shop.example.com/items', { method: 'POST', body: '{}' });
}
`;
    expect(lines(scan(code, 'shop.ts', getCt))).toEqual([]);
  });
});

describe('an authorize redirect whose base is a SvelteKit environment import (oauth-authorize-state-missing)', () => {
  const oauth = only('oauth-authorize-state-missing');
  const login = (imports: string, base: string, query: string): string => `${imports}
export function signIn() {
  const q = new URLSearchParams();
${query}
  q.append('client_id', PUBLIC_APP_ID);
  console.info('Signing in at', \`\${${base}}?\${q.toString()}\`);
  window.location.assign(\`\${${base}}?\${q.toString()}\`);
}
`;
  const implicit = "  q.append('response_type', 'token');";
  const envFile = (url: string): string => `PUBLIC_APP_ID="my-app"\nPUBLIC_LOGIN_URL="${url}"\n`;
  it('positive: `$env/static/public`, the value the project\'s .env.example gives: likely, at the redirect only (not the logged copy)', () => {
    const code = login("import { PUBLIC_APP_ID, PUBLIC_LOGIN_URL } from '$env/static/public';", 'PUBLIC_LOGIN_URL', implicit);
    const found = analyzeFile({ filename: path.join(project({ 'src/lib/login.ts': code, '.env.example': envFile('https://webexapis.com/v1/authorize') }), 'src/lib/login.ts'), text: code }, oauth).matches;
    expect(lines(found)).toEqual(['oauth-authorize-state-missing 7', 'oauth-authorize-state-missing 7']);
    expect(found.every((m) => m.confidence === 'likely')).toBe(true);
  });
  it('positive: `env.PUBLIC_LOGIN_URL` of `$env/dynamic/public`', () => {
    const code = login("import { env } from '$env/dynamic/public';\nconst PUBLIC_APP_ID = 'my-app';", 'env.PUBLIC_LOGIN_URL', implicit);
    expect(scanFiles({ 'src/lib/login.ts': code, '.env.example': envFile('https://webexapis.com/v1/authorize') }, oauth).filter((l) => l.startsWith('src/'))).toEqual(['src/lib/login.ts:8 oauth-authorize-state-missing', 'src/lib/login.ts:8 oauth-authorize-state-missing']);
  });
  it('look-alike: the variable names another provider\'s authorize endpoint', () => {
    const code = login("import { PUBLIC_APP_ID, PUBLIC_LOGIN_URL } from '$env/static/public';", 'PUBLIC_LOGIN_URL', implicit);
    expect(scanFiles({ 'src/lib/login.ts': code, '.env.example': envFile('https://id.example.com/oauth/authorize') }, oauth)).toEqual([]);
  });
  it('look-alike: the code grant with a state', () => {
    const code = login("import { PUBLIC_APP_ID, PUBLIC_LOGIN_URL } from '$env/static/public';", 'PUBLIC_LOGIN_URL', "  q.append('response_type', 'code');\n  q.append('state', crypto.randomUUID());");
    expect(scanFiles({ 'src/lib/login.ts': code, '.env.example': envFile('https://webexapis.com/v1/authorize') }, oauth)).toEqual([]);
  });
  it('look-alike: a local constant of the same name hides the import', () => {
    const code = login("import { PUBLIC_APP_ID } from '$env/static/public';\nconst PUBLIC_LOGIN_URL = 'https://id.example.com/authorize';", 'PUBLIC_LOGIN_URL', implicit);
    expect(scanFiles({ 'src/lib/login.ts': code, '.env.example': envFile('https://webexapis.com/v1/authorize') }, oauth)).toEqual([]);
  });
});
