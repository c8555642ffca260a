/**
 * The second shape generator's largest groups of misses (thirty-first session, branch `shapegen2`;
 * test/shape-gen2.test.ts), each fixed by a general mechanism and pinned here by minimal cases, look-alikes that must
 * stay quiet, and the fix's before/after (synthesized code):
 * - a trunk error code held by name (a constant here or imported, through a barrel, a frozen object's or enum's
 *   member, a list of them) and compared with a trunk's `errorCodes` where it is read: found at its literal;
 * - a webhook header name held by an exported constant that another module looks a header map up with: found at its
 *   literal, fixed to lower case;
 * - a guest JWT's shorthand `exp` whose variable holds a division, and an `exp` from an (imported) helper whose one
 *   return is such a division;
 * - a simultaneous-ring body key in an object a helper returns or a defaults module holds, sent to the endpoint by
 *   an importer: tied through that importer;
 * - the simultaneous-ring field named by a string (a computed key, a `get(obj, 'path')` read), in place or held by
 *   an imported constant: found at the string;
 * - a call history `max` folded whole in a `URLSearchParams` object: found at its key.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyEdits } from '../engine/fix/edits.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const project = tempProjects('cm-shapegen2-shapes-');
const TODAY = '2026-11-29';

const TRUNK = 'trunk-error-codes-renamed';
const HEADER = 'webhook-header-names-lowercase';
const EXP = 'guest-jwt-exp-integer';
const RING = 'workspace-answer-confirmation-renamed';
const CDR_MAX = 'call-history-page-size';

/** Every file of a fresh project scanned with one notice: `file:line confidence` per finding, and the matches by file. */
function scan(files: Record<string, string>, id: string): { found: string[]; matches: Map<string, Match[]> } {
  const root = project({ 'package.json': '{ "name": "p", "type": "module" }\n', ...files });
  const opts: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === id), engine: { today: TODAY } };
  const found: string[] = [];
  const matches = new Map<string, Match[]>();
  for (const [rel, text] of Object.entries(files)) {
    const ms = analyzeFile({ filename: path.join(root, rel), text }, opts).matches.filter((m) => m.noticeId === id);
    matches.set(rel, ms);
    for (const m of ms) found.push(`${rel}:${m.loc.start.line} ${m.confidence}`);
  }
  return { found: found.sort(), matches };
}

/** The file's text with the autofixes of its findings applied. */
function fixed(files: Record<string, string>, id: string, rel: string): string {
  const ms = scan(files, id).matches.get(rel) ?? [];
  return applyEdits(files[rel], ms.filter((m) => m.fix).map((m) => m.fix!)).output;
}

const GET_TRUNK = "  const trunk = await fetch(`https://webexapis.com/v1/telephony/config/premisePstn/trunks/${id}`).then((r) => r.json());\n";

describe('a trunk error code held by name, compared where it is read', () => {
  const app = (imp: string, use: string, member = 'errorCodes', url = GET_TRUNK) => `${imp}\nexport async function check(id) {\n${url.replace('trunk', 'trunk')}  return trunk.${member}.${use};\n}\n`;
  it('a constant of the same file: found at the literal, and fixed there', () => {
    const files = { 'app.js': `const DNS_FAILURE = 'E1001';\n${app('', 'includes(DNS_FAILURE)')}` };
    expect(scan(files, TRUNK).found).toEqual(['app.js:1 certain']);
    expect(fixed(files, TRUNK, 'app.js')).toContain("const DNS_FAILURE = 'F_TO_FQDN_DNS_FAILURE';");
  });
  it('an imported constant, one through a barrel, a frozen object member, a TypeScript enum member: found at the literal of the module that holds it', () => {
    const constant = { 'codes.js': "export const DNS_FAILURE = 'E1001';\n" };
    expect(scan({ ...constant, 'app.js': app("import { DNS_FAILURE } from './codes.js';", 'includes(DNS_FAILURE)') }, TRUNK).found).toEqual(['codes.js:1 certain']);
    expect(scan({ ...constant, 'index.js': "export * from './codes.js';\n", 'app.js': app("import { DNS_FAILURE } from './index.js';", 'some((c) => c === DNS_FAILURE)') }, TRUNK).found).toEqual(['codes.js:1 certain']);
    const frozen = { 'codes.js': "export const TrunkError = Object.freeze({\n  Dns: 'E1001',\n});\n" };
    expect(scan({ ...frozen, 'app.js': app("import { TrunkError } from './codes.js';", 'includes(TrunkError.Dns)') }, TRUNK).found).toEqual(['codes.js:2 certain']);
    const enumTs = { 'codes.ts': "export enum TrunkError {\n  Dns = 'E1001',\n}\n" };
    expect(scan({ ...enumTs, 'app.ts': app("import { TrunkError } from './codes';", 'includes(TrunkError.Dns)') }, TRUNK).found).toEqual(['codes.ts:2 certain']);
    expect(fixed({ ...constant, 'app.js': app("import { DNS_FAILURE } from './codes.js';", 'includes(DNS_FAILURE)') }, TRUNK, 'codes.js')).toBe("export const DNS_FAILURE = 'F_TO_FQDN_DNS_FAILURE';\n");
  });
  it('a list of held codes searched for a trunk code, and a lookup table keyed by an imported constant', () => {
    const codes = { 'codes.js': "export const DNS_FAILURE = 'E1001';\n" };
    const list = `import { DNS_FAILURE } from './codes.js';\n\nconst DNS_CODES = [DNS_FAILURE];\n${app('', 'some((c) => DNS_CODES.includes(c))')}`;
    // Likely, as the same list written with the literal is: the list is searched in a callback that makes no request.
    expect(scan({ ...codes, 'app.js': list }, TRUNK).found).toEqual(['codes.js:1 likely']);
    const inline = `const DNS_CODES = ['E1001'];\n${app('', 'some((c) => DNS_CODES.includes(c))')}`;
    expect(scan({ 'app.js': inline }, TRUNK).found).toEqual(['app.js:1 likely']);
    const table = `import { DNS_FAILURE } from './codes.js';\n\nconst MESSAGES = {\n  [DNS_FAILURE]: 'DNS',\n};\n${app('', 'map((c) => MESSAGES[c])')}`;
    expect(scan({ ...codes, 'app.js': table }, TRUNK).found).toEqual(['codes.js:1 certain']);
  });
  it('look-alikes: another API\'s codes compared with another member; a constant no one compares; a Devices `errorCodes`', () => {
    const codes = { 'codes.js': "export const DNS_FAILURE = 'E1001';\n" };
    const carrier = "  const trunk = await fetch(`https://api.example.com/v2/carriers/${id}`).then((r) => r.json());\n";
    expect(scan({ ...codes, 'app.js': app("import { DNS_FAILURE } from './codes.js';", 'includes(DNS_FAILURE)', 'faultCodes', carrier) }, TRUNK).found).toEqual([]);
    expect(scan({ ...codes, 'app.js': "import { DNS_FAILURE } from './codes.js';\n\nexport const label = `code ${DNS_FAILURE}`;\n" }, TRUNK).found).toEqual([]);
    const device = "  const trunk = await fetch(`https://webexapis.com/v1/devices/${id}`).then((r) => r.json());\n";
    expect(scan({ ...codes, 'app.js': app("import { DNS_FAILURE } from './codes.js';", 'includes(DNS_FAILURE)', 'errorCodes', device) }, TRUNK).found).toEqual([]);
  });
  it('a constant also read where it is not a trunk code keeps its edit as a suggestion', () => {
    const files = {
      'codes.js': "export const DNS_FAILURE = 'E1001';\n",
      'app.js': app("import { DNS_FAILURE } from './codes.js';", 'includes(DNS_FAILURE)'),
      'log.js': "import { DNS_FAILURE } from './codes.js';\n\nexport const label = `code ${DNS_FAILURE}`;\n",
    };
    const [m] = scan(files, TRUNK).matches.get('codes.js') ?? [];
    expect(m?.loc.start.line).toBe(1);
    expect(m?.fix).toBeUndefined();
    expect(m?.suggestions?.length).toBeGreaterThan(0);
  });
});

describe('a webhook header name held by an exported constant, looked up in another module', () => {
  const handler = (lookup: string, from = './headers.js') => `import { SIGNATURE_HEADER } from '${from}';\n\nexport function verify(req) {\n  return ${lookup};\n}\n`;
  const headers = { 'headers.js': "export const SIGNATURE_HEADER = 'X-Spark-Signature';\n" };
  it('`req.headers[NAME]`, `NAME in req.headers`, `const { [NAME]: s } = req.headers`: found at the literal, fixed to lower case', () => {
    for (const lookup of ['req.headers[SIGNATURE_HEADER]', 'SIGNATURE_HEADER in req.headers']) {
      expect(scan({ ...headers, 'app.js': handler(lookup) }, HEADER).found).toEqual(['headers.js:1 certain']);
    }
    const destructure = "import { SIGNATURE_HEADER } from './headers.js';\n\nexport function verify(req) {\n  const { [SIGNATURE_HEADER]: signature } = req.headers;\n  return signature;\n}\n";
    expect(scan({ ...headers, 'app.js': destructure }, HEADER).found).toEqual(['headers.js:1 certain']);
    expect(fixed({ ...headers, 'app.js': handler('req.headers[SIGNATURE_HEADER]') }, HEADER, 'headers.js')).toBe("export const SIGNATURE_HEADER = 'x-spark-signature';\n");
  });
  it('look-alikes: `req.get(NAME)` and `req.header(NAME)` ignore case; a constant only sent; already lower case', () => {
    expect(scan({ ...headers, 'app.js': handler('req.get(SIGNATURE_HEADER)') }, HEADER).found).toEqual([]);
    expect(scan({ ...headers, 'app.js': handler('req.header(SIGNATURE_HEADER)') }, HEADER).found).toEqual([]);
    expect(scan({ ...headers, 'app.js': handler('fetch(req.url, { headers: { [SIGNATURE_HEADER]: req.sig } })') }, HEADER).found).toEqual([]);
    expect(scan({ 'headers.js': "export const SIGNATURE_HEADER = 'x-spark-signature';\n", 'app.js': handler('req.headers[SIGNATURE_HEADER]') }, HEADER).found).toEqual([]);
  });
});

describe("a guest JWT's exp made fractional away from the claim", () => {
  const signer = "import jwt from 'jsonwebtoken';\n";
  const token = (before: string, expProp: string) =>
    `${signer}\nexport function guestToken(user, ttl = 3600) {\n${before}  return jwt.sign({ sub: user.id, name: user.name, iss: process.env.ISSUER, ${expProp} }, Buffer.from(process.env.SECRET, 'base64'));\n}\n`;
  it('a shorthand `exp` whose variable holds a division: found at the division, fixed there', () => {
    const files = { 'app.js': token('  const exp = Date.now() / 1000 + ttl;\n', 'exp') };
    expect(scan(files, EXP).found).toEqual(['app.js:4 certain']);
    expect(fixed(files, EXP, 'app.js')).toContain('const exp = Math.floor(Date.now() / 1000 + ttl);');
  });
  it("an `exp` from a helper (this file's or imported) whose one return is a division: found at the claim, rounded there", () => {
    const helper = { 'expiry.js': 'export function expiresIn(ttl) {\n  return Date.now() / 1000 + ttl;\n}\n' };
    const files = { ...helper, 'app.js': `import { expiresIn } from './expiry.js';\n${token('', 'exp: expiresIn(ttl)')}` };
    expect(scan(files, EXP).found).toEqual(['app.js:5 certain']);
    expect(fixed(files, EXP, 'app.js')).toContain('exp: Math.floor(expiresIn(ttl))');
    const local = { 'app.js': `const expiresIn = (ttl) => Date.now() / 1000 + ttl;\n${token('', 'exp: expiresIn(ttl)')}` };
    expect(scan(local, EXP).found).toEqual(['app.js:5 certain']);
  });
  it('look-alikes: the variable rounded; a helper returning an integer; one with two returns; a session record that is no JWT', () => {
    expect(scan({ 'app.js': token('  const exp = Math.floor(Date.now() / 1000) + ttl;\n', 'exp') }, EXP).found).toEqual([]);
    const integer = { 'expiry.js': 'export function expiresIn(ttl) {\n  return Math.floor(Date.now() / 1000) + ttl;\n}\n' };
    expect(scan({ ...integer, 'app.js': `import { expiresIn } from './expiry.js';\n${token('', 'exp: expiresIn(ttl)')}` }, EXP).found).toEqual([]);
    const branches = { 'expiry.js': 'export function expiresIn(ttl) {\n  if (!ttl) {\n    return 0;\n  }\n  return Date.now() / 1000 + ttl;\n}\n' };
    expect(scan({ ...branches, 'app.js': `import { expiresIn } from './expiry.js';\n${token('', 'exp: expiresIn(ttl)')}` }, EXP).found).toEqual([]);
    const session = 'const sessions = new Map();\n\nexport function remember(user, ttl) {\n  const exp = Date.now() / 1000 + ttl;\n  sessions.set(user.id, JSON.stringify({ userId: user.id, exp }));\n}\n';
    expect(scan({ 'app.js': session }, EXP).found).toEqual([]);
  });
});

describe('a simultaneous-ring body key in an object another module sends', () => {
  const send = (imp: string, body: string, path = 'telephony/config/workspaces/${id}/simultaneousRing') =>
    `${imp}\n\nexport function enableRing(id, token) {\n  return fetch(\`https://webexapis.com/v1/${path}\`, {\n    method: 'PUT',\n    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },\n    body: JSON.stringify(${body}),\n  });\n}\n`;
  const helper = { 'ring-body.js': 'export function ringBody(enabled) {\n  return {\n    enabled,\n    answerConfirmationEnabled: true,\n  };\n}\n' };
  const defaults = { 'defaults.js': 'export const RING_DEFAULTS = {\n  answerConfirmationEnabled: true,\n};\n' };
  it('a helper returning the body, a defaults module spread into it: found at the key, certain, renamed there', () => {
    expect(scan({ ...helper, 'app.js': send("import { ringBody } from './ring-body.js';", 'ringBody(true)') }, RING).found).toEqual(['ring-body.js:4 certain']);
    expect(scan({ ...defaults, 'app.js': send("import { RING_DEFAULTS } from './defaults.js';", '{ ...RING_DEFAULTS, enabled: true }') }, RING).found).toEqual(['defaults.js:2 certain']);
    expect(fixed({ ...helper, 'app.js': send("import { ringBody } from './ring-body.js';", 'ringBody(true)') }, RING, 'ring-body.js')).toContain('answerConfirmationRequiredEnabled: true,');
  });
  it('look-alikes: the same helper sent to Single Number Reach (which keeps the name); a helper no one sends', () => {
    const snr = 'telephony/config/people/${id}/singleNumberReach/numbers';
    expect(scan({ ...helper, 'app.js': send("import { ringBody } from './ring-body.js';", 'ringBody(true)', snr) }, RING).found).toEqual([]);
    expect(scan({ ...defaults, 'app.js': send("import { RING_DEFAULTS } from './defaults.js';", '{ ...RING_DEFAULTS, enabled: true }', snr) }, RING).found).toEqual([]);
    expect(scan({ ...helper, 'app.js': "import { ringBody } from './ring-body.js';\n\nexport const preview = ringBody(false);\n" }, RING).found).toEqual([]);
  });
});

describe('the simultaneous-ring field named by a string: a computed key, a `get(obj, path)` read', () => {
  const ring = 'https://webexapis.com/v1/telephony/config/workspaces/${id}/simultaneousRing';
  const put = (imp: string, key: string, url = ring) =>
    `${imp}\n\nexport function enableRing(id) {\n  return fetch(\`${url}\`, {\n    method: 'PUT',\n    body: JSON.stringify({ enabled: true, [${key}]: true }),\n  });\n}\n`;
  const read = (imp: string, path: string, url = ring) =>
    `import get from 'lodash/get';\n${imp}\n\nexport async function confirmation(id) {\n  const settings = await fetch(\`${url}\`).then((r) => r.json());\n  return get(settings, ${path}, false);\n}\n`;
  const field = { 'fields.js': "export const CONFIRM_FIELD = 'answerConfirmationEnabled';\n" };
  it('held by an imported constant (a computed key of the body sent, a path read from the response) or written in place: found at the string, renamed', () => {
    expect(scan({ ...field, 'app.js': put("import { CONFIRM_FIELD } from './fields.js';", 'CONFIRM_FIELD') }, RING).found).toEqual(['fields.js:1 certain']);
    expect(scan({ ...field, 'app.js': read("import { CONFIRM_FIELD } from './fields.js';", 'CONFIRM_FIELD') }, RING).found).toEqual(['fields.js:1 certain']);
    expect(scan({ 'app.js': read('', "'answerConfirmationEnabled'") }, RING).found).toEqual(['app.js:6 certain']);
    expect(fixed({ ...field, 'app.js': put("import { CONFIRM_FIELD } from './fields.js';", 'CONFIRM_FIELD') }, RING, 'fields.js')).toBe("export const CONFIRM_FIELD = 'answerConfirmationRequiredEnabled';\n");
  });
  it('look-alikes: Single Number Reach (which keeps the name); the string in a log line', () => {
    const snr = 'https://webexapis.com/v1/telephony/config/people/${id}/singleNumberReach/numbers';
    expect(scan({ ...field, 'app.js': put("import { CONFIRM_FIELD } from './fields.js';", 'CONFIRM_FIELD', snr) }, RING).found).toEqual([]);
    expect(scan({ 'app.js': read('', "'answerConfirmationEnabled'", snr) }, RING).found).toEqual([]);
    expect(scan({ ...field, 'app.js': "import { CONFIRM_FIELD } from './fields.js';\n\nexport const label = `field ${CONFIRM_FIELD}`;\n" }, RING).found).toEqual([]);
  });
});

describe('a call history `max` folded whole in a URLSearchParams object', () => {
  const feed = (size: string, host = 'analytics-calling.webexapis.com') =>
    `const PAGE_SIZE = ${size};\n\nexport function history(start, end, token) {\n  const query = new URLSearchParams({\n    startTime: start,\n    max: String(PAGE_SIZE),\n  });\n  return fetch(\`https://${host}/v1/cdr_feed?\${query}\`, { headers: { Authorization: \`Bearer \${token}\` } });\n}\n`;
  it('found at the key (the query object convention), not at the URL', () => {
    expect(scan({ 'app.js': feed('100') }, CDR_MAX).found).toEqual(['app.js:6 certain']);
  });
  it('look-alikes: a size in range; another host', () => {
    expect(scan({ 'app.js': feed('1000') }, CDR_MAX).found).toEqual([]);
    expect(scan({ 'app.js': feed('100', 'api.example.com') }, CDR_MAX).found).toEqual([]);
  });
});
