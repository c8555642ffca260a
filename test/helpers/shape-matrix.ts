/**
 * Issue 26, item 2 ("every shape above followed"), as a matrix rather than a list of repositories: each notice
 * shape crossed with the ways real code varies where the pieces live and how values are carried. Every cell is
 * synthesized here (nothing copied from any repository): a small project tree, the file analysed, and the findings
 * it must give, marked in the text with `// expect: <notice> [likely]` on the line; each cell has a look-alike
 * tree (another API's host, a POST with a body, a value within the rule) that must stay quiet for the shape's
 * notices. `writeMatrix(dir)` writes every tree under `dir/<shape>/<variation>[-lookalike]/`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Files = Record<string, string>;

export interface MatrixCell {
  /** the notice shape (one row of the matrix) */
  shape: string;
  /** where the pieces live or how the value is carried (one column) */
  variation: string;
  /** the notices the shape is judged on: the positive gives exactly its marked findings of these, the look-alike none */
  notices: string[];
  /** file analysed, relative to the tree */
  entry: string;
  files: Files;
  lookalike: Files;
}

const PKG_ESM = JSON.stringify({ name: 'cell', private: true, type: 'module' }, null, 2) + '\n';
const PKG_CJS = JSON.stringify({ name: 'cell', private: true }, null, 2) + '\n';
const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, baseUrl: '.', paths: { '@config/*': ['src/config/*'] } } }, null, 2) + '\n';

// ---------------------------------------------------------------------------------------------------------------
// Column group 1: where the pieces live. A piece is one value (a base URL, a secret, a header name) named PIECE.
// ---------------------------------------------------------------------------------------------------------------

/** How the entry reaches the piece: the files that hold it, the entry's top lines, a line inside the function, the expression. */
interface Placement {
  id: string;
  /** the entry is CommonJS (`lib/entry.js`) */
  cjs?: boolean;
  files(value: string): Files;
  prelude: string;
  inner?: string;
  expr: string;
  /** the entry's function is a method of a class whose constructor sets the field (instance-field placement) */
  method?: string;
}

const PLACEMENTS: Placement[] = [
  { id: 'same-function', files: () => ({}), prelude: '', inner: 'const PIECE = VALUE;', expr: 'PIECE' },
  { id: 'same-file-const', files: () => ({}), prelude: 'const PIECE = VALUE;\n', expr: 'PIECE' },
  { id: 'same-file-function', files: () => ({}), prelude: 'function piece() {\n  return VALUE;\n}\n', expr: 'piece()' },
  { id: 'esm-import', files: (v) => ({ 'src/config.ts': `export const PIECE = ${v};\n` }), prelude: "import { PIECE } from './config.js';\n", expr: 'PIECE' },
  { id: 'esm-import-renamed', files: (v) => ({ 'src/config.ts': `const value = ${v};\nexport { value as PIECE };\n` }), prelude: "import { PIECE as piece } from './config.js';\n", expr: 'piece' },
  { id: 'esm-namespace', files: (v) => ({ 'src/config.ts': `export const PIECE = ${v};\n` }), prelude: "import * as config from './config.js';\n", expr: 'config.PIECE' },
  { id: 'commonjs-require', cjs: true, files: (v) => ({ 'lib/config.js': `module.exports = { PIECE: ${v} };\n` }), prelude: "const { PIECE } = require('./config');\n", expr: 'PIECE' },
  { id: 'commonjs-exports-dot', cjs: true, files: (v) => ({ 'lib/config.js': `exports.PIECE = ${v};\n` }), prelude: "const config = require('./config');\n", expr: 'config.PIECE' },
  { id: 'export-star-barrel', files: (v) => ({ 'src/config/urls.ts': `export const PIECE = ${v};\n`, 'src/config/index.ts': "export * from './urls.js';\n" }), prelude: "import { PIECE } from './config/index.js';\n", expr: 'PIECE' },
  { id: 'named-re-export', files: (v) => ({ 'src/config/urls.ts': `export const PIECE = ${v};\n`, 'src/config/index.ts': "export { PIECE } from './urls.js';\n" }), prelude: "import { PIECE } from './config/index.js';\n", expr: 'PIECE' },
  { id: 'export-default', files: (v) => ({ 'src/config.ts': `const PIECE = ${v};\nexport default PIECE;\n` }), prelude: "import piece from './config.js';\n", expr: 'piece' },
  { id: 'paths-alias', files: (v) => ({ 'src/config/urls.ts': `export const PIECE = ${v};\n` }), prelude: "import { PIECE } from '@config/urls';\n", expr: 'PIECE' },
  { id: 'default-object-of-functions', files: (v) => ({ 'src/config.ts': `export default {\n  piece() {\n    return ${v};\n  },\n  version: () => 'v1',\n};\n` }), prelude: "import config from './config.js';\n", expr: 'config.piece()' },
  { id: 'default-object-of-values', files: (v) => ({ 'src/config.ts': `export default {\n  piece: ${v},\n  retries: 3,\n};\n` }), prelude: "import config from './config.js';\n", expr: 'config.piece' },
  { id: 'class-static', files: (v) => ({ 'src/config.ts': `export class Config {\n  static PIECE = ${v};\n}\n` }), prelude: "import { Config } from './config.js';\n", expr: 'Config.PIECE' },
  { id: 'instance-field-ctor', files: () => ({}), prelude: '', expr: 'this.piece', method: 'VALUE' },
];

// ---------------------------------------------------------------------------------------------------------------
// Rows: the notices. Each takes a placement's access and writes the entry's function body around it.
// ---------------------------------------------------------------------------------------------------------------

interface Row {
  shape: string;
  notices: string[];
  value: string;
  lookalikeValue: string;
  /** the function (name, parameters, body) using `P` for the piece; marks its expected findings */
  fn: { name: string; params: string; body: (p: string) => string };
  /** imports the entry needs for itself (ESM form; the CJS form is derived) */
  imports?: string;
}

const ROWS: Row[] = [
  {
    shape: 'get-content-type',
    notices: ['get-request-content-type'],
    value: "'https://webexapis.com/v1'",
    lookalikeValue: "'https://api.example.com/v1'",
    fn: {
      name: 'me',
      params: 'token',
      body: (p) => `const res = await fetch(\`\${${p}}/people/me\`, {
    headers: {
      Authorization: \`Bearer \${token}\`,
      'Content-Type': 'application/json', // expect: get-request-content-type
    },
  });
  return res.json();`,
    },
  },
  {
    shape: 'meeting-info-path',
    notices: ['rooms-meeting-info-deprecated'],
    value: "'https://webexapis.com/v1'",
    lookalikeValue: "'https://api.example.com/v1'",
    fn: {
      name: 'meetingInfo',
      params: 'roomId',
      body: (p) => `const res = await fetch(\`\${${p}}/rooms/\${roomId}/meetingInfo\`); // expect: rooms-meeting-info-deprecated
  return res.json();`,
    },
  },
  {
    shape: 'cdr-page-size',
    notices: ['call-history-page-size'],
    value: "'https://analytics-calling.webexapis.com/v1'",
    lookalikeValue: "'https://reports.example.com/v1'",
    fn: {
      name: 'records',
      params: 'start, end',
      body: (p) => `const res = await fetch(\`\${${p}}/cdr_feed?startTime=\${start}&endTime=\${end}&max=10000\`); // expect: call-history-page-size
  return res.json();`,
    },
  },
  {
    shape: 'caller-id-body-field',
    notices: ['caller-id-name-fields-deprecated'],
    value: "'https://webexapis.com/v1'",
    lookalikeValue: "'https://api.example.com/v1'",
    fn: {
      name: 'rename',
      params: 'personId, first',
      body: (p) => `const res = await fetch(\`\${${p}}/people/\${personId}/features/callerId\`, {
    method: 'PUT',
    body: JSON.stringify({
      firstName: first, // expect: caller-id-name-fields-deprecated
      directLineCallerIdName: { selection: 'CUSTOM_NAME', customName: first },
    }),
  });
  return res.ok;`,
    },
  },
  {
    shape: 'guest-jwt-secret',
    notices: ['guest-issuer-end-of-life', 'guest-jwt-exp-integer'],
    value: "Buffer.from(process.env.GUEST_ISSUER_SECRET ?? '', 'base64')",
    lookalikeValue: "Buffer.from(process.env.SESSION_SECRET ?? '', 'utf8')",
    imports: "import jwt from 'jsonwebtoken';\n",
    fn: {
      name: 'guestToken',
      params: 'userId, name',
      body: (p) => `const claims = { sub: userId, name, iss: process.env.GUEST_ISSUER_ID, exp: Math.floor(Date.now() / 1000) + 3600 };
  return jwt.sign(claims, ${p}, { algorithm: 'HS256' }); // expect: guest-issuer-end-of-life`,
    },
  },
  {
    shape: 'webhook-sha1-header',
    notices: ['webhook-signature-sha1'],
    value: "'x-spark-signature'",
    lookalikeValue: "'x-hub-signature'",
    imports: "import { createHmac } from 'node:crypto';\n",
    fn: {
      name: 'verify',
      params: 'req, secret',
      body: (p) => `const expected = createHmac('sha1', secret).update(req.rawBody).digest('hex'); // expect: webhook-signature-sha1
  return expected === req.headers[${p}]; // expect: webhook-signature-sha1`,
    },
  },
];

/** The CommonJS form of an entry's ESM import lines. */
function requireForm(imports: string): string {
  return imports
    .replace(/^import \{ (\w+) \} from '([^']+)';$/gm, "const { $1 } = require('$2');")
    .replace(/^import (\w+) from '([^']+)';$/gm, "const $1 = require('$2');");
}

function placementEntry(row: Row, p: Placement, value: string): string {
  const prelude = (p.cjs ? requireForm(row.imports ?? '') : (row.imports ?? '')) + p.prelude.replace('VALUE', value);
  const params = p.cjs ? row.fn.params : row.fn.params.split(', ').map((x) => `${x}: any`).join(', ');
  const body = row.fn.body(p.expr);
  const exp = p.cjs ? 'module.exports.' + row.fn.name + ' = ' : 'export ';
  if (p.method) {
    const cls = `class Api {\n  ${p.cjs ? '' : 'piece: string | Buffer;\n  '}constructor() {\n    this.piece = ${value};\n  }\n\n  async ${row.fn.name}(${params}) {\n  ${body.replace(/\n/g, '\n  ')}\n  }\n}\n`;
    return `${prelude}${cls}${p.cjs ? 'module.exports = { Api };\n' : 'export { Api };\n'}`;
  }
  const inner = p.inner ? `  ${p.inner.replace('VALUE', value)}\n` : '';
  if (p.cjs) return `${prelude}\n${exp}async function ${row.fn.name}(${params}) {\n${inner}  ${body}\n};\n`;
  return `${prelude}\n${exp}async function ${row.fn.name}(${params}) {\n${inner}  ${body}\n}\n`;
}

function placementTree(row: Row, p: Placement, value: string): Files {
  const entry = placementEntry(row, p, value);
  const files: Files = { 'package.json': p.cjs ? PKG_CJS : PKG_ESM, ...p.files(value) };
  if (p.id === 'paths-alias') files['tsconfig.json'] = TSCONFIG;
  files[p.cjs ? 'lib/entry.js' : 'src/entry.ts'] = entry;
  return files;
}

const stripMarks = (files: Files): Files => Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.replace(/ \/\/ expect: [^\n]*/g, '')]));

function placementCells(): MatrixCell[] {
  return ROWS.flatMap((row) =>
    PLACEMENTS.map((p) => ({
      shape: row.shape,
      variation: p.id,
      notices: row.notices,
      entry: p.cjs ? 'lib/entry.js' : 'src/entry.ts',
      files: placementTree(row, p, row.value),
      lookalike: stripMarks(placementTree(row, p, row.lookalikeValue)),
    })),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Column group 2: how values are carried. Hand-written per shape: each a positive and a look-alike.
// ---------------------------------------------------------------------------------------------------------------

interface CarryCase {
  shape: string;
  notices: string[];
  variation: string;
  files: Files;
  lookalike: Files;
  entry?: string;
}

const esm = (entry: string, more: Files = {}): Files => ({ 'package.json': PKG_ESM, ...more, 'src/entry.ts': entry });
const cjs = (entry: string, more: Files = {}): Files => ({ 'package.json': PKG_CJS, ...more, 'lib/entry.js': entry });

const GRCT = ['get-request-content-type'];
const ROOMS = ['rooms-meeting-info-deprecated'];
const PAGE = ['call-history-page-size'];
const CALLER = ['caller-id-name-fields-deprecated'];
const GUEST = ['guest-issuer-end-of-life', 'guest-jwt-exp-integer'];
const HOOK = ['webhook-signature-sha1'];

const CARRIES: CarryCase[] = [
  // --- get-request-content-type: method, headers and body carried ----------------------------------------------
  {
    shape: 'get-content-type', notices: GRCT, variation: 'let-reassigned-once',
    files: esm(`let base = 'https://api.example.com/v1';
base = 'https://webexapis.com/v1';
export const me = (token: string) =>
  fetch(base + '/people/me', { headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } }); // expect: get-request-content-type
`),
    lookalike: esm(`let base = 'https://webexapis.com/v1';
base = 'https://api.example.com/v1';
export const me = (token: string) =>
  fetch(base + '/people/me', { headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } });
`),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'destructuring-rename-default',
    files: esm(`import { settings } from './settings.js';
const { apiBase: url = 'https://webexapis.com/v1', token } = settings;
export const me = () => fetch(\`\${url}/people/me\`, { headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } }); // expect: get-request-content-type
`, { 'src/settings.ts': "export const settings: { apiBase?: string; token: string } = { token: process.env.WEBEX_TOKEN ?? '' };\n" }),
    lookalike: esm(`import { settings } from './settings.js';
const { apiBase: url = 'https://api.example.com/v1', token } = settings;
export const me = () => fetch(\`\${url}/people/me\`, { headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } });
`, { 'src/settings.ts': "export const settings: { apiBase?: string; token: string } = { token: process.env.WEBEX_TOKEN ?? '' };\n" }),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'spread-imported-defaults',
    files: esm(`import { DEFAULTS } from './defaults.js';
export const me = (token: string) =>
  fetch('https://webexapis.com/v1/people/me', { ...DEFAULTS, headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } }); // expect: get-request-content-type
`, { 'src/defaults.ts': "export const DEFAULTS: RequestInit = { method: 'GET', cache: 'no-store' };\n" }),
    lookalike: esm(`import { DEFAULTS } from './defaults.js';
export const me = (token: string) =>
  fetch('https://webexapis.com/v1/people/me', { ...DEFAULTS, headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' } });
`, { 'src/defaults.ts': "export const DEFAULTS: RequestInit = { method: 'PUT', body: JSON.stringify({ displayName: 'Front desk' }) };\n" }),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'object-assign-merge',
    files: esm(`const DEFAULTS = { method: 'GET', headers: { 'Content-Type': 'application/json' } }; // expect: get-request-content-type
export function webex(path: string, options: RequestInit = {}) {
  return fetch('https://webexapis.com/v1' + path, Object.assign({}, DEFAULTS, options));
}
export const me = () => webex('/people/me');
`),
    lookalike: esm(`const DEFAULTS = { method: 'GET', headers: { 'Content-Type': 'application/json' } };
export function webex(path: string, options: RequestInit = {}) {
  return fetch('https://webexapis.com/v1' + path, Object.assign({}, DEFAULTS, options));
}
export const post = (text: string) => webex('/messages', { method: 'POST', body: JSON.stringify({ roomId: 'r', text }) });
`),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'method-default-parameter',
    files: esm(`export async function webex(path: string, token: string, method = 'GET', body?: unknown) {
  return fetch(\`https://webexapis.com/v1\${path}\`, {
    method,
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' }, // expect: get-request-content-type
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
export const me = (token: string) => webex('/people/me', token);
export const post = (token: string) => webex('/messages', token, 'POST', { text: 'hi' });
`),
    lookalike: esm(`export async function webex(path: string, token: string, method = 'POST', body: unknown = {}) {
  return fetch(\`https://webexapis.com/v1\${path}\`, {
    method,
    headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
export const post = (token: string) => webex('/messages', token, 'POST', { text: 'hi' });
`),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'fetch-wrapper-spread-init',
    files: esm(`import { webexFetch } from './http.js';
export const me = () => webexFetch('/people/me', { headers: { 'Content-Type': 'application/json' } }); // expect: get-request-content-type
`, { 'src/http.ts': "const defaults: RequestInit = { method: 'GET' };\nexport const webexFetch = (path: string, init: RequestInit = {}) => fetch(`https://webexapis.com/v1${path}`, { ...defaults, ...init });\n" }),
    lookalike: esm(`import { webexFetch } from './http.js';
export const post = () => webexFetch('/messages', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'hi' }) });
`, { 'src/http.ts': "const defaults: RequestInit = { method: 'GET' };\nexport const webexFetch = (path: string, init: RequestInit = {}) => fetch(`https://webexapis.com/v1${path}`, { ...defaults, ...init });\n" }),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'axios-create-other-module',
    files: esm(`import { api } from './client.js';
export const me = () => api.get('/people/me', { headers: { 'Content-Type': 'application/json' } }); // expect: get-request-content-type
`, { 'src/client.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://webexapis.com/v1', timeout: 5000 });\n" }),
    lookalike: esm(`import { api } from './client.js';
export const me = () => api.get('/people/me', { headers: { 'Content-Type': 'application/json' } });
`, { 'src/client.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.example.com/v1', timeout: 5000 });\n" }),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'got-extend-other-module',
    files: cjs(`const { client } = require('./client');
module.exports.me = () => client.get('people/me', { headers: { 'content-type': 'application/json' } }).json(); // expect: get-request-content-type
`, { 'lib/client.js': "const got = require('got');\nmodule.exports.client = got.extend({ prefixUrl: 'https://webexapis.com/v1', responseType: 'json' });\n" }),
    lookalike: cjs(`const { client } = require('./client');
module.exports.me = () => client.get('people/me', { headers: { 'content-type': 'application/json' } }).json();
`, { 'lib/client.js': "const got = require('got');\nmodule.exports.client = got.extend({ prefixUrl: 'https://api.example.com/v1', responseType: 'json' });\n" }),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'ky-create-other-module',
    files: esm(`import api from './client.js';
export const me = () => api.get('people/me', { headers: { 'Content-Type': 'application/json' } }).json(); // expect: get-request-content-type
`, { 'src/client.ts': "import ky from 'ky';\nexport default ky.create({ prefixUrl: 'https://webexapis.com/v1' });\n" }),
    lookalike: esm(`import api from './client.js';
export const me = () => api.post('people/me', { headers: { 'Content-Type': 'application/json' }, json: { a: 1 } }).json();
`, { 'src/client.ts': "import ky from 'ky';\nexport default ky.create({ prefixUrl: 'https://webexapis.com/v1' });\n" }),
  },
  {
    shape: 'get-content-type', notices: GRCT, variation: 'sender-default-parameter',
    files: esm(`import { defaultSend } from './send.js';
export async function call(url: string, send = defaultSend) {
  return send(url, { headers: { 'Content-Type': 'application/json' } }); // expect: get-request-content-type
}
export const me = () => call('https://webexapis.com/v1/people/me');
`, { 'src/send.ts': 'export const defaultSend = (url: string, init: RequestInit) => fetch(url, init);\n' }),
    lookalike: esm(`import { defaultSend } from './send.js';
export async function call(url: string, send = defaultSend) {
  return send(url, { headers: { 'Content-Type': 'application/json' } });
}
export const me = () => call('https://api.example.com/v1/people/me');
`, { 'src/send.ts': 'export const defaultSend = (url: string, init: RequestInit) => fetch(url, init);\n' }),
  },
  // --- URL path: rooms meeting info -----------------------------------------------------------------------------
  {
    shape: 'meeting-info-path', notices: ROOMS, variation: 'string-concat',
    files: esm(`const BASE = 'https://webexapis.com/v1/';
export const info = (roomId: string) => fetch(BASE + 'rooms/' + roomId + '/meetingInfo'); // expect: rooms-meeting-info-deprecated
`),
    lookalike: esm(`const BASE = 'https://webexapis.com/v1/';
export const info = (roomId: string) => fetch(BASE + 'rooms/' + roomId + '/messages');
`),
  },
  {
    shape: 'meeting-info-path', notices: ROOMS, variation: 'new-url-base',
    files: esm(`import { API_ROOT } from './env.js';
export const info = (roomId: string) => fetch(new URL(\`rooms/\${encodeURIComponent(roomId)}/meetingInfo\`, API_ROOT)); // expect: rooms-meeting-info-deprecated
`, { 'src/env.ts': "export const API_ROOT = 'https://webexapis.com/v1/';\n" }),
    lookalike: esm(`import { API_ROOT } from './env.js';
export const info = (roomId: string) => fetch(new URL(\`rooms/\${encodeURIComponent(roomId)}/meetingInfo\`, API_ROOT));
`, { 'src/env.ts': "export const API_ROOT = 'https://meet.example.org/api/';\n" }),
  },
  {
    shape: 'meeting-info-path', notices: ROOMS, variation: 'default-parameter-base',
    files: esm(`import { WEBEX } from './env.js';
export async function info(roomId: string, base = WEBEX) {
  return fetch(\`\${base}/rooms/\${roomId}/meetingInfo\`); // expect: rooms-meeting-info-deprecated
}
export const lobby = () => info('lobby');
`, { 'src/env.ts': "export const WEBEX = 'https://webexapis.com/v1';\n" }),
    lookalike: esm(`import { OTHER } from './env.js';
export async function info(roomId: string, base = OTHER) {
  return fetch(\`\${base}/rooms/\${roomId}/meetingInfo\`);
}
export const lobby = () => info('lobby');
`, { 'src/env.ts': "export const OTHER = 'https://api.example.com/v1';\n" }),
  },
  {
    shape: 'meeting-info-path', notices: ROOMS, variation: 'axios-create-other-module',
    files: esm(`import webex from './client.js';
export const info = (roomId: string) => webex.get(\`/rooms/\${roomId}/meetingInfo\`); // expect: rooms-meeting-info-deprecated
`, { 'src/client.ts': "import axios from 'axios';\nconst webex = axios.create({ baseURL: 'https://webexapis.com/v1' });\nexport default webex;\n" }),
    lookalike: esm(`import webex from './client.js';
export const info = (roomId: string) => webex.get(\`/rooms/\${roomId}/meetingInfo\`);
`, { 'src/client.ts': "import axios from 'axios';\nconst webex = axios.create({ baseURL: 'https://rooms.example.com/v1' });\nexport default webex;\n" }),
  },
  {
    shape: 'meeting-info-path', notices: ROOMS, variation: 'imported-wrapper-chain',
    files: esm(`import { safe } from './http.js';
export const info = (roomId: string) => safe(\`/rooms/\${roomId}/meetingInfo\`); // expect: rooms-meeting-info-deprecated
`, { 'src/http.ts': "const throttled = (url: string, init?: RequestInit) => fetch(url, init);\nconst webexFetch = (path: string, init?: RequestInit) => throttled(`https://webexapis.com/v1${path}`, init);\nexport const safe = (path: string) => webexFetch(path).catch(() => undefined);\n" }),
    lookalike: esm(`import { safe } from './http.js';
export const info = (roomId: string) => safe(\`/rooms/\${roomId}/meetingInfo\`);
`, { 'src/http.ts': "const throttled = (url: string, init?: RequestInit) => fetch(url, init);\nconst otherFetch = (path: string, init?: RequestInit) => throttled(`https://api.example.com/v1${path}`, init);\nexport const safe = (path: string) => otherFetch(path).catch(() => undefined);\n" }),
  },
  // --- query value: call history page size ---------------------------------------------------------------------
  {
    shape: 'cdr-page-size', notices: PAGE, variation: 'searchparams-set-string',
    files: esm(`const MAX = 10000;
export async function records(start: Date) {
  const url = new URL('https://analytics-calling.webexapis.com/v1/cdr_feed');
  url.searchParams.set('startTime', start.toISOString());
  url.searchParams.set('max', String(MAX));
  return fetch(url); // expect: call-history-page-size
}
`),
    lookalike: esm(`const MAX = 1000;
export async function records(start: Date) {
  const url = new URL('https://analytics-calling.webexapis.com/v1/cdr_feed');
  url.searchParams.set('startTime', start.toISOString());
  url.searchParams.set('max', String(MAX));
  return fetch(url);
}
`),
  },
  {
    shape: 'cdr-page-size', notices: PAGE, variation: 'urlsearchparams',
    files: esm(`import { CDR_FEED } from './urls.js';
export async function records(start: Date, end: Date) {
  const query = new URLSearchParams({ startTime: start.toISOString(), endTime: end.toISOString(), max: '100' }); // expect: call-history-page-size
  return fetch(\`\${CDR_FEED}?\${query}\`);
}
`, { 'src/urls.ts': "export const CDR_FEED = 'https://analytics-calling.webexapis.com/v1/cdr_feed';\n" }),
    lookalike: esm(`import { CDR_FEED } from './urls.js';
export async function records(start: Date, end: Date) {
  const query = new URLSearchParams({ startTime: start.toISOString(), endTime: end.toISOString(), max: '500' });
  return fetch(\`\${CDR_FEED}?\${query}\`);
}
`, { 'src/urls.ts': "export const CDR_FEED = 'https://analytics-calling.webexapis.com/v1/cdr_feed';\n" }),
  },
  {
    shape: 'cdr-page-size', notices: PAGE, variation: 'encode-uri-component',
    files: esm(`const FEED = 'https://analytics-calling.webexapis.com/v1/cdr_feed';
export const records = (start: Date, size = 10000) => // expect: call-history-page-size
  fetch(\`\${FEED}?startTime=\${encodeURIComponent(start.toISOString())}&max=\${encodeURIComponent(size)}\`);
export const today = () => records(new Date());
`),
    lookalike: esm(`const FEED = 'https://analytics-calling.webexapis.com/v1/cdr_feed';
export const records = (start: Date, size = 1000) =>
  fetch(\`\${FEED}?startTime=\${encodeURIComponent(start.toISOString())}&max=\${encodeURIComponent(size)}\`);
export const today = () => records(new Date());
`),
  },
  {
    shape: 'cdr-page-size', notices: PAGE, variation: 'axios-params-merge',
    files: esm(`import { cdr, PAGE_DEFAULTS } from './client.js';
export const records = (startTime: string) => cdr.get('/cdr_feed', { params: { ...PAGE_DEFAULTS, startTime } }); // expect: call-history-page-size
`, { 'src/client.ts': "import axios from 'axios';\nexport const cdr = axios.create({ baseURL: 'https://analytics-calling.webexapis.com/v1' });\nexport const PAGE_DEFAULTS = { max: 10000 };\n" }),
    lookalike: esm(`import { cdr, PAGE_DEFAULTS } from './client.js';
export const records = (startTime: string) => cdr.get('/cdr_feed', { params: { ...PAGE_DEFAULTS, startTime } });
`, { 'src/client.ts': "import axios from 'axios';\nexport const cdr = axios.create({ baseURL: 'https://analytics-calling.webexapis.com/v1' });\nexport const PAGE_DEFAULTS = { max: 1000 };\n" }),
  },
  {
    shape: 'cdr-page-size', notices: PAGE, variation: 'axios-params-override',
    files: esm(`import { cdr } from './client.js';
export const records = (startTime: string) => cdr.get('/cdr_feed', { params: { startTime, max: 10000 } }); // expect: call-history-page-size
`, { 'src/client.ts': "import axios from 'axios';\nexport const cdr = axios.create({ baseURL: 'https://analytics-calling.webexapis.com/v1', params: { max: 1000 } });\n" }),
    lookalike: esm(`import { cdr } from './client.js';
export const records = (startTime: string) => cdr.get('/cdr_feed', { params: { startTime, max: 2000 } });
`, { 'src/client.ts': "import axios from 'axios';\nexport const cdr = axios.create({ baseURL: 'https://analytics-calling.webexapis.com/v1', params: { max: 1000 } });\n" }),
  },
  // --- a field renamed in a request body -------------------------------------------------------------------------
  {
    shape: 'caller-id-body-field', notices: CALLER, variation: 'object-assign-body',
    files: esm(`import { api } from './client.js';
import { NAMES } from './names.js';
export const rename = (id: string, extra: object) =>
  api.put(\`/people/\${id}/features/callerId\`, Object.assign({}, NAMES, extra)); // expect: caller-id-name-fields-deprecated
`, { 'src/client.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://webexapis.com/v1' });\n", 'src/names.ts': "export const NAMES = { firstName: 'Front', lastName: 'Desk' };\n" }),
    lookalike: esm(`import { api } from './client.js';
import { NAMES } from './names.js';
export const rename = (id: string, extra: object) =>
  api.put(\`/people/\${id}\`, Object.assign({}, NAMES, extra));
`, { 'src/client.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://webexapis.com/v1' });\n", 'src/names.ts': "export const NAMES = { firstName: 'Front', lastName: 'Desk' };\n" }),
  },
  {
    shape: 'caller-id-body-field', notices: CALLER, variation: 'got-extend-json',
    files: cjs(`const { webex } = require('./client');
module.exports.rename = (id, name) => webex.put(\`people/\${id}/features/callerId\`, { json: { displayName: name } }); // expect: caller-id-name-fields-deprecated
`, { 'lib/client.js': "const got = require('got');\nmodule.exports.webex = got.extend({ prefixUrl: 'https://webexapis.com/v1' });\n" }),
    lookalike: cjs(`const { webex } = require('./client');
module.exports.rename = (id, name) => webex.put(\`people/\${id}/features/callerId\`, { json: { displayName: name } });
`, { 'lib/client.js': "const got = require('got');\nmodule.exports.webex = got.extend({ prefixUrl: 'https://crm.example.com/api' });\n" }),
  },
  // --- guest JWT claims -----------------------------------------------------------------------------------------
  {
    shape: 'guest-jwt-secret', notices: GUEST, variation: 'jwt-sign-string-exp',
    files: esm(`import jwt from 'jsonwebtoken';
export function guestToken(userId: string, name: string) {
  const claims = { sub: userId, name, iss: process.env.GUEST_ISSUER_ID, exp: String(Math.floor(Date.now() / 1000) + 3600) }; // expect: guest-jwt-exp-integer
  return jwt.sign(claims, Buffer.from(process.env.GUEST_SECRET ?? '', 'base64')); // expect: guest-issuer-end-of-life
}
`),
    lookalike: esm(`import jwt from 'jsonwebtoken';
export function sessionToken(userId: string, role: string) {
  const claims = { sub: userId, role, exp: String(Math.floor(Date.now() / 1000) + 3600) };
  return jwt.sign(claims, process.env.SESSION_SECRET ?? '');
}
`),
  },
  {
    shape: 'guest-jwt-secret', notices: GUEST, variation: 'hand-signed-imported-b64url',
    files: esm(`import { createHmac } from 'node:crypto';
import { b64url } from './encoding.js';
export function guestToken(userId: string) {
  const head = b64url({ alg: 'HS256', typ: 'JWT' });
  const body = b64url({ sub: userId, name: 'Guest', iss: process.env.GUEST_ISSUER_ID, exp: Math.floor(Date.now() / 1000) + 600 });
  const sig = createHmac('sha256', Buffer.from(process.env.GUEST_SECRET ?? '', 'base64')).update(\`\${head}.\${body}\`).digest('base64url'); // expect: guest-issuer-end-of-life
  return \`\${head}.\${body}.\${sig}\`;
}
`, { 'src/encoding.ts': "export const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');\n" }),
    lookalike: esm(`import { createHmac } from 'node:crypto';
import { b64url } from './encoding.js';
export function sessionToken(userId: string) {
  const head = b64url({ alg: 'HS256', typ: 'JWT' });
  const body = b64url({ sub: userId, role: 'viewer', exp: Math.floor(Date.now() / 1000) + 600 });
  const sig = createHmac('sha256', process.env.SESSION_SECRET ?? '').update(\`\${head}.\${body}\`).digest('base64url');
  return \`\${head}.\${body}.\${sig}\`;
}
`, { 'src/encoding.ts': "export const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');\n" }),
  },
  {
    shape: 'guest-jwt-secret', notices: GUEST, variation: 'hand-signed-no-claims-yet',
    files: cjs(`const crypto = require('crypto');
const { GUEST_SECRET } = require('./config');
const encode = (part) => Buffer.from(JSON.stringify(part)).toString('base64url');
module.exports.sign = (payload) => {
  const unsigned = encode({ alg: 'HS256', typ: 'JWT' }) + '.' + encode(payload);
  const signature = crypto.createHmac('sha256', Buffer.from(GUEST_SECRET, 'base64')).update(unsigned).digest('base64url'); // expect: guest-issuer-end-of-life likely
  return unsigned + '.' + signature;
};
`, { 'lib/config.js': "module.exports = { GUEST_SECRET: process.env.WEBEX_GUEST_SECRET || '' };\n" }),
    lookalike: cjs(`const crypto = require('crypto');
const { SESSION_SECRET } = require('./config');
const encode = (part) => Buffer.from(JSON.stringify(part)).toString('base64url');
module.exports.sign = (payload) => {
  const unsigned = encode({ alg: 'HS256', typ: 'JWT' }) + '.' + encode(payload);
  const signature = crypto.createHmac('sha256', SESSION_SECRET).update(unsigned).digest('base64url');
  return unsigned + '.' + signature;
};
`, { 'lib/config.js': "module.exports = { SESSION_SECRET: process.env.SESSION_SECRET || '' };\n" }),
  },
  // --- webhook signature ----------------------------------------------------------------------------------------
  {
    shape: 'webhook-sha1-header', notices: HOOK, variation: 'crypto-js',
    files: esm(`import CryptoJS from 'crypto-js';
export function verify(body: string, headers: Record<string, string>, secret: string) {
  const digest = CryptoJS.HmacSHA1(body, secret).toString(CryptoJS.enc.Hex); // expect: webhook-signature-sha1
  if (digest !== headers['x-spark-signature']) throw new Error('bad signature'); // expect: webhook-signature-sha1
}
`),
    lookalike: esm(`import CryptoJS from 'crypto-js';
export function verify(body: string, headers: Record<string, string>, secret: string) {
  const digest = CryptoJS.HmacSHA1(body, secret).toString(CryptoJS.enc.Hex);
  if (digest !== headers['x-hub-signature']) throw new Error('bad signature');
}
`),
  },
  {
    shape: 'webhook-sha1-header', notices: HOOK, variation: 'imported-algorithm',
    files: cjs(`const crypto = require('crypto');
const { ALGORITHM } = require('./config');
module.exports.verify = (req) => {
  const digest = crypto.createHmac(ALGORITHM, process.env.WEBHOOK_SECRET).update(req.rawBody).digest('hex'); // expect: webhook-signature-sha1
  return digest !== req.get('X-Spark-Signature'); // expect: webhook-signature-sha1
};
`, { 'lib/config.js': "module.exports.ALGORITHM = 'sha1';\n" }),
    lookalike: cjs(`const crypto = require('crypto');
const { ALGORITHM } = require('./config');
module.exports.verify = (req) => {
  const digest = crypto.createHmac(ALGORITHM, process.env.WEBHOOK_SECRET).update(req.rawBody).digest('hex');
  return digest !== req.get('X-Hub-Signature');
};
`, { 'lib/config.js': "module.exports.ALGORITHM = 'sha1';\n" }),
  },
  {
    shape: 'webhook-sha1-header', notices: HOOK, variation: 'imported-verify-helper',
    files: esm(`import { sign } from './sign.js';
export const receive = (req: { rawBody: string; headers: Record<string, string> }) => sign(req.rawBody) !== req.headers['x-spark-signature']; // expect: webhook-signature-sha1
`, { 'src/sign.ts': "import { createHmac } from 'node:crypto';\nexport const sign = (raw: string) => createHmac('sha1', process.env.WEBHOOK_SECRET ?? '').update(raw).digest('hex');\n" }),
    lookalike: esm(`import { sign } from './sign.js';
export const receive = (req: { rawBody: string; headers: Record<string, string> }) => sign(req.rawBody) !== req.headers['x-hub-signature'];
`, { 'src/sign.ts': "import { createHmac } from 'node:crypto';\nexport const sign = (raw: string) => createHmac('sha1', process.env.WEBHOOK_SECRET ?? '').update(raw).digest('hex');\n" }),
  },
];

/** Every cell of the matrix: the placements of each shape's piece, then the carried values. */
export function matrixCells(): MatrixCell[] {
  return [
    ...placementCells(),
    ...CARRIES.map((c) => ({ shape: c.shape, variation: c.variation, notices: c.notices, entry: c.entry ?? (c.files['lib/entry.js'] ? 'lib/entry.js' : 'src/entry.ts'), files: c.files, lookalike: stripMarks(c.lookalike) })),
  ];
}

/** The expected findings of a text: `<notice> <line>[ likely]` for each `// expect:` mark. */
export function expectedFindings(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const m = / \/\/ expect: ([a-z0-9-]+)( likely)?/.exec(line);
    if (m) out.push(`${m[1]} ${i + 1}${m[2] ? ' likely' : ''}`);
  });
  return out.sort();
}

/** Writes each cell's tree and look-alike tree under `dir/<shape>/<variation>[-lookalike]/`; returns the cells with their roots. */
export function writeMatrix(dir: string): Array<MatrixCell & { root: string; lookalikeRoot: string }> {
  return matrixCells().map((cell) => {
    const root = path.join(dir, cell.shape, cell.variation);
    const lookalikeRoot = `${root}-lookalike`;
    for (const [base, files] of [[root, cell.files], [lookalikeRoot, cell.lookalike]] as const) {
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
        writeFileSync(path.join(base, rel), text);
      }
    }
    return { ...cell, root, lookalikeRoot };
  });
}
