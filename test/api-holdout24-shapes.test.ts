/**
 * Hold-out set 24 after its first run (docs/evaluation.md, "Twenty-eighth session: set24fix"): the shapes behind its
 * misses, each with the platform's case that must be found and look-alikes that must stay quiet (synthesized code,
 * nothing copied from the set's repositories): a server-side template of an HTML page (a Handlebars or EJS view)
 * linking to the API, a signature helper whose caller hands it a re-serialized body (`JSON.stringify(req.body)`), and
 * a GET helper whose fetch is a parameter (`fetchFn: typeof fetch`) and whose URL comes from a setter-written `let`.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { describe, expect, it } from 'vitest';
import { fileLanguage } from '../engine/read/language.js';
import { shapeScans } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout24-shapes-', '2026-11-28');

const HOST = 'legacy-api-host';
const RAW = 'webhook-signature-raw-body';

describe('a server-side template of an HTML page (Handlebars `.hbs`, EJS `.ejs`): its links are read as a page\'s', () => {
  const view = (href: string, extra = ''): string => `<!DOCTYPE html>
<html>
  <head><title>{{title}}</title></head>
  <body>
    {{#if user}}<p>Signed in as {{user.name}}</p>{{/if}}
    <a href='${href}'>Grant access</a>
${extra}  </body>
</html>
`;
  const authorize = 'https://api.ciscospark.com/v1/authorize?client_id={{clientId}}&response_type=code&scope=spark%3Aall&state={{state}}';

  it('templates are markup by name', () => {
    for (const name of ['views/index.hbs', 'views/login.handlebars', 'views/page.mustache', 'views/index.ejs']) expect(fileLanguage(name), name).toBe('html');
  });

  it('positive: a grant link on the legacy host in a view is reported at its line, with the host rename kept inside the quotes', () => {
    for (const rel of ['views/index.hbs', 'views/index.ejs']) {
      const files = { [rel]: view(authorize) };
      const found = matches(project(files), files, rel, HOST);
      expect(found.map(summary), rel).toEqual([`${HOST} 6 certain`]);
      const edits = found[0].fix ?? [];
      expect(edits.length, rel).toBeGreaterThan(0);
      for (const e of edits) expect(e.text, rel).toBe('webexapis.com');
    }
  });

  it('positive: an inline script of a view calling the legacy host is read as a page\'s script', () => {
    const script = "    <script>\n      fetch('https://api.ciscospark.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });\n    </script>\n";
    expect(scan({ 'views/me.hbs': view('/login', script) }, 'views/me.hbs', HOST)).toEqual([`${HOST} 8 certain`]);
  });

  it('look-alikes: a view linking to the current host or to the developer docs, and a host written only in a template comment, stay quiet', () => {
    expect(scan({ 'views/index.hbs': view(authorize.replace('api.ciscospark.com', 'webexapis.com')) }, 'views/index.hbs', HOST)).toEqual([]);
    expect(scan({ 'views/index.ejs': view('https://developer.webex.com/docs/integrations') }, 'views/index.ejs', HOST)).toEqual([]);
    expect(scan({ 'views/index.hbs': view('/login', '    <!-- was https://api.ciscospark.com/v1/authorize -->\n') }, 'views/index.hbs', HOST)).toEqual([]);
  });

  it('look-alike: a template of another language (Pug) is not read as markup', () => {
    expect(fileLanguage('views/index.pug')).toBe('unsupported');
  });
});

describe('a signature helper hashing its parameter, handed a re-serialized body by its caller (`check(key, sig, JSON.stringify(req.body))`)', () => {
  const helper = `const crypto = require('crypto');
const validateSignature = (key, sig, raw) => {
  return sig === crypto.createHmac('sha1', key).update(raw).digest('hex');
};
`;
  const route = (arg: string, pre = ''): string => `const express = require('express');
const app = express();
app.use(express.json());
app.post('/webhook', (req, res) => {
  const signature = req.get('X-Spark-Signature');
${pre}  if (!validateSignature(process.env.WEBHOOK_SECRET, signature, ${arg})) return res.status(400).end();
  res.status(200).end();
});
`;
  const CALL_LINE = 10;

  it('positive: the re-serialized argument is reported at the call (as written, through a const, inside Buffer.from)', () => {
    expect(scan({ 'server.js': helper + route('JSON.stringify(req.body)') }, 'server.js', RAW)).toEqual([`${RAW} ${CALL_LINE} certain`]);
    expect(scan({ 'server.js': helper + route('Buffer.from(JSON.stringify(req.body))') }, 'server.js', RAW)).toEqual([`${RAW} ${CALL_LINE} certain`]);
    expect(scan({ 'server.js': helper + route('payload', '  const payload = JSON.stringify(req.body);\n') }, 'server.js', RAW)).toEqual([`${RAW} ${CALL_LINE + 1} certain`]);
  });

  it('positive: the helper in another module (a declared function with a constant-time compare), its caller reading the header', () => {
    const files = {
      'lib/verify.js': `const crypto = require('crypto');
function isValid(secret, header, body) {
  const expected = crypto.createHmac('sha256', secret).update(body).digest('hex');
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(header));
}
module.exports = { isValid };
`,
      'server.js': `const express = require('express');
const { isValid } = require('./lib/verify');
const app = express();
app.use(express.json());
app.post('/hook', (req, res) => {
  if (!isValid(process.env.SECRET, req.headers['x-spark-signature'], JSON.stringify(req.body))) return res.sendStatus(401);
  res.sendStatus(200);
});
`,
    };
    expect(scan(files, 'server.js', RAW)).toEqual([`${RAW} 6 certain`]);
  });

  it('look-alikes: the raw body handed in, the stringified value handed to another parameter, a helper that signs without comparing', () => {
    expect(scan({ 'server.js': helper + route('req.rawBody') }, 'server.js', RAW)).toEqual([]);
    const logged = helper.replace('(key, sig, raw)', '(key, sig, raw, note)') + route('req.rawBody, JSON.stringify(req.body)');
    expect(scan({ 'server.js': logged }, 'server.js', RAW)).toEqual([]);
    // A test signing a simulated delivery: the HMAC is sent as the header, never compared.
    const signer = `const crypto = require('crypto');
const sign = (key, raw) => crypto.createHmac('sha1', key).update(raw).digest('hex');
async function deliver(url, body) {
  const payload = JSON.stringify(body);
  return fetch(url, { method: 'POST', headers: { 'X-Spark-Signature': sign('secret', JSON.stringify(body)) }, body: payload });
}
module.exports = { deliver };
`;
    expect(scan({ 'test/deliver.js': signer }, 'test/deliver.js', RAW)).toEqual([]);
  });
});

describe('a GET helper whose fetch is a parameter (`fetchFn: typeof fetch`, `= globalThis.fetch`) and whose URL comes from a setter-written `let`', () => {
  const GET_CT = 'get-request-content-type';
  const module = (opts: { decl?: string; base?: string; hook?: string; fetchParam?: string } = {}): string => `${opts.decl ?? 'export let'} MESSAGES_URL = \`${opts.base ?? 'https://webexapis.com/v1'}/messages\`;
${opts.hook ?? 'export function _setMessagesUrl(url: string): void { MESSAGES_URL = url; }'}
async function getJSON(token: string, url: string, ${opts.fetchParam ?? 'fetchFn: typeof fetch'}): Promise<unknown> {
  const resp = await fetchFn(url, {
    method: 'GET',
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },
  });
  return resp.json();
}
export async function getMessage(token: string, id: string, fetchFn: typeof fetch = globalThis.fetch): Promise<unknown> {
  return getJSON(token, \`\${MESSAGES_URL}/\${id}\`, fetchFn);
}
`;
  const CT_LINE = 6;

  it('positive: the helper\'s GET with a JSON Content-Type is reported (typed parameter; a let only a setter writes; a const too)', () => {
    expect(scan({ 'src/webex.ts': module() }, 'src/webex.ts', GET_CT)).toEqual([`${GET_CT} ${CT_LINE} certain`]);
    expect(scan({ 'src/webex.ts': module({ decl: 'export const', hook: '' }) }, 'src/webex.ts', GET_CT)).toEqual([`${GET_CT} ${CT_LINE} certain`]);
  });

  it('positive: a fetch parameter defaulting to `globalThis.fetch` (JavaScript, no type) is fetch', () => {
    const js = `const BASE = 'https://webexapis.com/v1';
export async function listRooms(token, fetchFn = globalThis.fetch) {
  const r = await fetchFn(\`\${BASE}/rooms\`, { headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } });
  return r.json();
}
`;
    expect(scan({ 'src/rooms.js': js }, 'src/rooms.js', GET_CT)).toEqual([`${GET_CT} 3 certain`]);
  });

  it('look-alikes: another host; a let the module reassigns otherwise (top level, a transformed value, a callback); a sender parameter of another type', () => {
    expect(scan({ 'src/webex.ts': module({ base: 'https://api.example.com/v2' }) }, 'src/webex.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/webex.ts': module({ hook: "if (process.env.PROXY) MESSAGES_URL = 'https://proxy.example.com/messages';" }) }, 'src/webex.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/webex.ts': module({ hook: 'export function _setMessagesUrl(url: string): void { MESSAGES_URL = url.trim(); }' }) }, 'src/webex.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/webex.ts': module({ hook: "['https://proxy.example.com/messages'].forEach((u) => { MESSAGES_URL = u; });" }) }, 'src/webex.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/webex.ts': module({ fetchParam: 'fetchFn: (url: string, init: object) => Promise<Response>' }) }, 'src/webex.ts', GET_CT)).toEqual([]);
  });
});
