/**
 * Issue 26, item 6 (values that reach a request from other modules): the shapes closed from the shape matrix's
 * named gaps (test/shape-matrix.test.ts), each with a CommonJS variant where it applies and look-alikes that stay
 * quiet: a module-level `let` assigned again at the top level, an imported wrapper chain adding the host levels
 * below the call, a base-URL parameter's imported default, an imported fetch wrapper merging `{ ...defaults,
 * ...init }`, a sender parameter with an imported default, and a JWT signed by hand whose claims a caller passes.
 * Each tree is written to a temporary folder and read from disk by the engine's project model.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';

const catalog = loadCatalog();
const root = mkdtempSync(path.join(tmpdir(), 'collab-importers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

/** Writes a tree (path -> text) and returns the engine's findings of the notices in its entry file. */
function findings(files: Record<string, string>, entry: string, ids: readonly string[]): string[] {
  const dir = path.join(root, `t${count++}`);
  for (const [name, text] of Object.entries({ 'package.json': '{"name":"t"}\n', ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const file = path.join(dir, entry);
  const notices = catalog.notices.filter((n) => ids.includes(n.id));
  const r = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices, engine: { today: '2026-11-22' } });
  return [...new Set(r.matches.map((m) => `${m.noticeId} ${m.loc.start.line}${m.confidence === 'likely' ? ' likely' : ''}`))].sort();
}

const GRCT = ['get-request-content-type'];
const ROOMS = ['rooms-meeting-info-deprecated'];
const GUEST = ['guest-issuer-end-of-life'];
const JSON_GET = "{ headers: { 'Content-Type': 'application/json' } }";

describe('a module-level let assigned again at the top level', () => {
  const tree = (first: string, last: string, extra = ''): Record<string, string> => ({
    'lib/me.js': `let base = '${first}';\n${extra}base = '${last}';\nmodule.exports.me = () => fetch(base + '/people/me', ${JSON_GET});\n`,
  });
  it('CommonJS: the last top-level value is what functions read', () => {
    expect(findings(tree('https://api.example.com/v1', 'https://webexapis.com/v1'), 'lib/me.js', GRCT)).toEqual(['get-request-content-type 3']);
    expect(findings(tree('https://webexapis.com/v1', 'https://api.example.com/v1'), 'lib/me.js', GRCT)).toEqual([]);
  });
  it('an assignment inside a function leaves the value unknown: the path alone decides', () => {
    const files = { 'lib/me.js': `let base = 'https://api.example.com/v1';\nexports.use = (b) => { base = b; };\nmodule.exports.me = () => fetch(base + '/people/me', ${JSON_GET});\n` };
    expect(findings(files, 'lib/me.js', GRCT)).toEqual(['get-request-content-type 3']);
  });
});

describe('an imported wrapper chain whose levels add the host', () => {
  const http = (host: string): string =>
    `const throttled = (url, init) => fetch(url, init);\nconst webexFetch = (path, init) => throttled(\`${host}\${path}\`, init);\nexports.safe = (path) => webexFetch(path).catch(() => undefined);\n`;
  const caller = "const { safe } = require('./http');\nexports.info = (roomId) => safe(`/rooms/${roomId}/meetingInfo`);\n";
  it('CommonJS: the API host three levels down is followed', () => {
    expect(findings({ 'lib/http.js': http('https://webexapis.com/v1'), 'lib/info.js': caller }, 'lib/info.js', ROOMS)).toEqual(['rooms-meeting-info-deprecated 2']);
  });
  it('another API host three levels down: quiet', () => {
    expect(findings({ 'lib/http.js': http('https://rooms.example.com/v1'), 'lib/info.js': caller }, 'lib/info.js', ROOMS)).toEqual([]);
  });
  it('a caller passing a path that is not the notice\'s: quiet', () => {
    const other = "const { safe } = require('./http');\nexports.info = (roomId) => safe(`/rooms/${roomId}`);\n";
    expect(findings({ 'lib/http.js': http('https://webexapis.com/v1'), 'lib/info.js': other }, 'lib/info.js', ROOMS)).toEqual([]);
  });
});

describe('a base-URL parameter with an imported default', () => {
  const info = (imported: string, extraCall = ''): string =>
    `const { ${imported} } = require('./env');\nasync function info(roomId, base = ${imported}) {\n  return fetch(\`\${base}/rooms/\${roomId}/meetingInfo\`);\n}\nexports.lobby = () => info('lobby');\n${extraCall}`;
  const env = "exports.WEBEX = 'https://webexapis.com/v1';\nexports.OTHER = 'https://api.example.com/v1';\n";
  it('CommonJS: the API default is reported once, where the path is written', () => {
    expect(findings({ 'lib/env.js': env, 'lib/info.js': info('WEBEX') }, 'lib/info.js', ROOMS)).toEqual(['rooms-meeting-info-deprecated 3']);
  });
  it('another host as the default: quiet', () => {
    expect(findings({ 'lib/env.js': env, 'lib/info.js': info('OTHER') }, 'lib/info.js', ROOMS)).toEqual([]);
  });
  it('another host as the default but a call passing the API base: reported', () => {
    expect(findings({ 'lib/env.js': env, 'lib/info.js': info('OTHER', "exports.hq = () => info('hq', 'https://webexapis.com/v1');\n") }, 'lib/info.js', ROOMS)).toContain('rooms-meeting-info-deprecated 3');
  });
});

describe('an imported fetch wrapper merging { ...defaults, ...init }', () => {
  const http = (defaults: string, order = '...defaults, ...init'): string =>
    `const defaults = ${defaults};\nmodule.exports.webexFetch = (path, init = {}) => fetch(\`https://webexapis.com/v1\${path}\`, { ${order} });\n`;
  const caller = (init: string): string => `const { webexFetch } = require('./http');\nmodule.exports.me = () => webexFetch('/people/me', ${init});\n`;
  it('CommonJS: a caller\'s init without a method is the wrapper\'s GET', () => {
    expect(findings({ 'lib/http.js': http("{ method: 'GET' }"), 'lib/me.js': caller(JSON_GET) }, 'lib/me.js', GRCT)).toEqual(['get-request-content-type 2']);
    expect(findings({ 'lib/http.js': http("{ cache: 'no-store' }"), 'lib/me.js': caller(JSON_GET) }, 'lib/me.js', GRCT)).toEqual(['get-request-content-type 2']);
  });
  it('the caller\'s POST with a body, or defaults written after the caller\'s init: quiet', () => {
    const post = "{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'hi' }) }";
    expect(findings({ 'lib/http.js': http("{ method: 'GET' }"), 'lib/me.js': caller(post) }, 'lib/me.js', GRCT)).toEqual([]);
    // `{ ...init, ...defaults }` with a POST default: the wrapper's method wins, not a GET.
    expect(findings({ 'lib/http.js': http("{ method: 'POST' }", '...init, ...defaults'), 'lib/me.js': caller(JSON_GET) }, 'lib/me.js', GRCT)).toEqual([]);
  });
});

describe('a sender parameter with an imported default', () => {
  const call = (url: string, extra = ''): string =>
    `import { defaultSend } from './send.js';\nexport async function call(url: string, send = defaultSend) {\n  return send(url, ${JSON_GET});\n}\nexport const me = () => call('${url}');\n${extra}`;
  const send = 'export const defaultSend = (url: string, init: RequestInit) => fetch(url, init);\n';
  it('ESM: the default sender\'s GET to the API is followed', () => {
    expect(findings({ 'src/send.ts': send, 'src/call.ts': call('https://webexapis.com/v1/people/me') }, 'src/call.ts', GRCT)).toEqual(['get-request-content-type 3']);
  });
  it('another host, or a call site passing its own sender (no request made by the default): quiet', () => {
    expect(findings({ 'src/send.ts': send, 'src/call.ts': call('https://api.example.com/v1/people/me') }, 'src/call.ts', GRCT)).toEqual([]);
    const own = "export const dry = () => call('https://webexapis.com/v1/people/me', async () => new Response('{}'));\n";
    expect(findings({ 'src/send.ts': send, 'src/call.ts': call('https://api.example.com/v1/people/me', own) }, 'src/call.ts', GRCT)).toEqual([]);
  });
});

describe('a JWT signed by hand whose claims a caller passes', () => {
  const signer = (secret: string, caller = ''): string =>
    `import { createHmac } from 'node:crypto';\nimport { GUEST_SECRET } from './config.js';\nconst encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');\nexport function sign(payload: object) {\n  const unsigned = encode({ alg: 'HS256', typ: 'JWT' }) + '.' + encode(payload);\n  return unsigned + '.' + createHmac('sha256', ${secret}).update(unsigned).digest('base64url');\n}\n${caller}`;
  const config = "export const GUEST_SECRET = process.env.WEBEX_GUEST_SECRET ?? '';\n";
  it('ESM: no caller in the file: likely at the signing', () => {
    expect(findings({ 'src/config.ts': config, 'src/sign.ts': signer("Buffer.from(GUEST_SECRET, 'base64')") }, 'src/sign.ts', GUEST)).toEqual(['guest-issuer-end-of-life 6 likely']);
  });
  it('a caller of the file passing guest claims: certain, where it passes them', () => {
    const caller = "export const guest = (id: string) => sign({ sub: id, name: 'Guest', iss: process.env.GUEST_ISSUER, exp: 1 });\n";
    expect(findings({ 'src/config.ts': config, 'src/sign.ts': signer("Buffer.from(GUEST_SECRET, 'base64')", caller) }, 'src/sign.ts', GUEST)).toEqual(['guest-issuer-end-of-life 8']);
  });
  it('a secret that is not base64-decoded, or a caller passing other claims: quiet', () => {
    expect(findings({ 'src/config.ts': config, 'src/sign.ts': signer('GUEST_SECRET') }, 'src/sign.ts', GUEST)).toEqual([]);
    const caller = "export const session = (id: string) => sign({ uid: id, role: 'admin' });\n";
    expect(findings({ 'src/config.ts': config, 'src/sign.ts': signer("Buffer.from(GUEST_SECRET, 'base64')", caller) }, 'src/sign.ts', GUEST)).toEqual([]);
  });
});

describe('a module-level Headers object filled at the top level, read inside a function', () => {
  const file = (append: string, init = ''): string =>
    `const h = new Headers();\nh.append('Authorization', \`Bearer \${process.env.WEBEX_TOKEN}\`);\n${append}export const me = () => fetch('https://webexapis.com/v1/people/me'${init ? `, ${init}` : ", { headers: h }"});\n`;
  it('ESM: the top level\'s append is the GET\'s header', () => {
    expect(findings({ 'src/me.ts': file("h.append('Content-Type', 'application/json');\n") }, 'src/me.ts', GRCT)).toEqual(['get-request-content-type 3']);
  });
  it('an append under a condition, a POST with a body, or another object sent: quiet', () => {
    expect(findings({ 'src/me.ts': file("if (process.env.JSON) h.append('Content-Type', 'application/json');\n") }, 'src/me.ts', GRCT)).toEqual([]);
    expect(findings({ 'src/me.ts': file("h.append('Content-Type', 'application/json');\n", "{ method: 'POST', headers: h, body: '{}' }") }, 'src/me.ts', GRCT)).toEqual([]);
    expect(findings({ 'src/me.ts': file("h.append('Content-Type', 'application/json');\n", '{ headers: { Accept: \'application/json\' } }') }, 'src/me.ts', GRCT)).toEqual([]);
  });
});
