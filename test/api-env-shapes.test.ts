/**
 * Shapes read in hold-out set 3 (issue 26): a URL or client whose base is an environment variable (its value from
 * the project's environment files, or the platform's API base when only the variable's name says so; at most
 * likely either way), an authorize URL whose query is an object imported from another module, and a webhook
 * signature compared by method (`localeCompare`, `Buffer#equals`). Each shape has a case the engine must find
 * and look-alikes that must stay quiet. Projects are small trees written to a temporary folder (the project
 * model follows only files on disk).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { namesPlatformApi, parseEnv } from '../engine/project/env.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-22' } });


/** Writes a project (a `.git` folder marks its root) and returns its folder. */
const project = tempProjects('cm-env-shapes-');

function scan(root: string, rel: string, opts: AnalyzeOptions, text?: string): Match[] {
  const filename = path.join(root, rel);
  return analyzeFile({ filename, text: text ?? readText(root, rel) }, opts).matches;
}

const texts = new Map<string, string>();
function readText(root: string, rel: string): string {
  return texts.get(path.join(root, rel))!;
}
function projectWith(files: Record<string, string>): string {
  const root = project(files);
  for (const [rel, text] of Object.entries(files)) texts.set(path.join(root, rel), text);
  return root;
}

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`;

describe('environment variables as a URL base: names', () => {
  it('a name that says the platform and its API address', () => {
    for (const name of ['WEB_EX_API_URI', 'WEBEX_API_URL', 'REACT_APP_WEBEX_BASE_URL', 'VITE_WEBEX_API_BASE', 'SPARK_API_URL', 'CISCOSPARK_HOST']) expect(namesPlatformApi(name), name).toBe(true);
  });
  it('look-alikes: a proxy, the bot\'s name, Apache Spark, a redirect, a token, a name without the platform', () => {
    for (const name of ['PROXY_URL', 'WEBEX_BOT_NAME', 'SPARK_HOME', 'SPARK_MASTER_URL', 'WEBEX_REDIRECT_URI', 'WEBEX_API_TOKEN', 'WEBEX_PROXY_URL', 'API_URL', 'WEBEX_WEBHOOK_URL', 'SPARKLE_API_URL']) expect(namesPlatformApi(name), name).toBe(false);
  });
  it('env files: KEY=value lines, quotes removed, comments and empty values are not values', () => {
    const env = parseEnv('# WEBEX_API_URL=https://old\nexport A="https://x.example"\nB=https://y.example # note\nC=\n WEBEX_API_URL = https://webexapis.com/v1\n');
    expect([...env]).toEqual([
      ['A', 'https://x.example'],
      ['B', 'https://y.example'],
      ['WEBEX_API_URL', 'https://webexapis.com/v1'],
    ]);
  });
});

const BROWSER_CLIENT = (variable: string): string => `import axios from 'axios';
export class Api {
  constructor(token) {
    this.api = axios.create({ baseURL: process.env.${variable}, headers: { Authorization: 'Bearer ' + token } });
  }
  rooms() {
    return this.api.get('/rooms');
  }
}
window.api = new Api(localStorage.getItem('token'));
`;

describe('a client whose base URL is an environment variable, in browser code (cors-localhost-origins)', () => {
  const cors = only('cors-localhost-origins');
  it('no environment file: a name that says the platform\'s API is read as its API base, likely, no autofix', () => {
    const root = projectWith({ 'src/api.js': BROWSER_CLIENT('WEB_EX_API_URI') });
    const found = scan(root, 'src/api.js', cors);
    expect(found.map(summary)).toEqual(['cors-localhost-origins 7 likely']);
    expect(found[0].confidenceReason).toContain('WEB_EX_API_URI');
    expect(found[0].suggestions ?? []).toEqual([]);
  });
  it('look-alikes: PROXY_URL, WEBEX_BOT_NAME, SPARK_HOME stay quiet', () => {
    for (const variable of ['PROXY_URL', 'WEBEX_BOT_NAME', 'SPARK_HOME']) {
      const root = projectWith({ 'src/api.js': BROWSER_CLIENT(variable) });
      expect(scan(root, 'src/api.js', cors), variable).toEqual([]);
    }
  });
  it('an environment file\'s value is the variable\'s value, whatever its name (likely, saying which file)', () => {
    const root = projectWith({ '.env.example': 'CHAT_BASE=https://webexapis.com/v1\n', 'src/api.js': BROWSER_CLIENT('CHAT_BASE') });
    const found = scan(root, 'src/api.js', cors);
    expect(found.map(summary)).toEqual(['cors-localhost-origins 7 likely']);
    expect(found[0].confidenceReason).toContain('.env.example');
  });
  it('look-alike: the environment file sets the platform-named variable to another host (the file wins over the name)', () => {
    const root = projectWith({ '.env.sample': 'WEB_EX_API_URI=https://bot-backend.example.org/api\n', 'src/api.js': BROWSER_CLIENT('WEB_EX_API_URI') });
    expect(scan(root, 'src/api.js', cors)).toEqual([]);
  });
  it('look-alike: a value that is no address (a placeholder) is not folded', () => {
    const root = projectWith({ 'gov.env.example': 'CHAT_BASE=<your api base>\n', 'src/api.js': BROWSER_CLIENT('CHAT_BASE') });
    expect(scan(root, 'src/api.js', cors)).toEqual([]);
  });
  it('untrusted input: a value with a control sequence is not folded (nor printed)', () => {
    const root = projectWith({ '.env': 'CHAT_BASE=https://webexapis.com/v1\u001b[2J\n', 'src/api.js': BROWSER_CLIENT('CHAT_BASE') });
    expect(scan(root, 'src/api.js', cors)).toEqual([]);
  });
  it('look-alike: server code (no browser evidence) with the same client', () => {
    const root = projectWith({ 'src/api.js': BROWSER_CLIENT('WEB_EX_API_URI').replace(/^window.*$/m, 'module.exports = Api;') });
    expect(scan(root, 'src/api.js', cors)).toEqual([]);
  });
  it('a finding found without the assumed value keeps its confidence (a path the API is known by needs no host)', () => {
    const code = `const base = process.env.WEBEX_BASE_URL;
export const exchange = (token) => fetch(\`\${base}/jwt/login\`, { method: 'POST', headers: { Authorization: \`Bearer \${token}\` } });
`;
    const root = projectWith({ 'src/guest.js': code });
    expect(scan(root, 'src/guest.js', only('guest-issuer-end-of-life')).map(summary)).toEqual(['guest-issuer-end-of-life 2 certain']);
  });
  it('a template URL from `process.env` in a fetch (import.meta.env too)', () => {
    const code = `export const me = () => fetch(\`\${import.meta.env.VITE_WEBEX_API_URL}/people/me\`).then((r) => r.json());\ndocument.title = 'x';\n`;
    const root = projectWith({ 'src/me.js': code });
    expect(scan(root, 'src/me.js', cors).map(summary)).toEqual(['cors-localhost-origins 1 likely']);
  });
});

describe('an authorize URL whose base is an environment variable (oauth-authorize-state-missing)', () => {
  const oauth = only('oauth-authorize-state-missing');
  const login = `export const loginUrl = (id, cb) => \`\${process.env.REACT_APP_WEBEX_AUTHORIZE_URL}?client_id=\${id}&response_type=token&redirect_uri=\${cb}&scope=spark%3Aall\`;\n`;
  it('the value .env.sample gives: judged, likely', () => {
    const root = projectWith({ '.env.sample': 'REACT_APP_WEBEX_AUTHORIZE_URL=https://webexapis.com/v1/authorize\n', 'src/login.js': login });
    const found = scan(root, 'src/login.js', oauth);
    expect(found.map((m) => `${m.messageId} ${m.confidence}`).sort()).toEqual(['missingParameter likely', 'wrongParameterValue likely']);
    expect(found[0].confidenceReason).toContain('.env.sample');
  });
  it('look-alike: the value is another service\'s authorize endpoint', () => {
    const root = projectWith({ '.env.sample': 'REACT_APP_WEBEX_AUTHORIZE_URL=https://login.example.com/oauth2/authorize\n', 'src/login.js': login });
    expect(scan(root, 'src/login.js', oauth)).toEqual([]);
  });
});

describe('an authorize query built from an object of another module (oauth-authorize-state-missing)', () => {
  const oauth = only('oauth-authorize-state-missing');
  const types = (extra = ''): string => `export interface AuthPayload { scope: string; redirect_uri: string; response_type: string; client_id?: string; state?: string }
export const authPayload: AuthPayload = {
  scope: ['spark:messages_read'].join(' '),
  redirect_uri: 'file:///callback',
  response_type: 'code',
  client_id: process.env.CLIENT_ID,${extra}
};
`;
  const core = `import qs from 'querystring';
import { authPayload } from '../types/auth';
export const open = (win) => win.loadURL(\`https://webexapis.com/v1/authorize?\${qs.stringify(authPayload)}\`);
`;
  it('ES import of a TypeScript module\'s typed const: the keys are read there', () => {
    const root = projectWith({ 'src/types/auth.ts': types(), 'src/core/core.ts': core });
    expect(scan(root, 'src/core/core.ts', oauth).map(summary)).toEqual(['oauth-authorize-state-missing 3 certain']);
  });
  it('with the file read alone (no project model) the keys are unknown and nothing is judged', () => {
    const root = projectWith({ 'src/types/auth.ts': types(), 'src/core/core.ts': core });
    expect(scan(root, 'src/core/core.ts', { ...oauth, project: false })).toEqual([]);
  });
  it('CommonJS: a destructured require and `new URLSearchParams(payload)`', () => {
    const root = projectWith({
      'lib/payload.js': `module.exports.payload = { client_id: process.env.ID, response_type: 'code', redirect_uri: 'https://app.example.com/cb', scope: 'spark:all' };\n`,
      'lib/login.js': `const { payload } = require('./payload');\nexports.url = 'https://webexapis.com/v1/authorize?' + new URLSearchParams(payload).toString();\n`,
    });
    expect(scan(root, 'lib/login.js', oauth).map(summary)).toEqual(['oauth-authorize-state-missing 2 certain']);
  });
  it('look-alike: the imported object carries a state', () => {
    const root = projectWith({ 'src/types/auth.ts': types("\n  state: crypto.randomUUID(),"), 'src/core/core.ts': core });
    expect(scan(root, 'src/core/core.ts', oauth)).toEqual([]);
  });
  it('look-alike: a test\'s expectation of the URL the code builds', () => {
    const test = `import qs from 'querystring';
import { authPayload } from '../src/types/auth';
it('opens', () => {
  expect(win.loadURL).toBeCalledWith(\`https://webexapis.com/v1/authorize?\${qs.stringify(authPayload)}\`);
});
`;
    const root = projectWith({ 'src/types/auth.ts': types(), '__tests__/core.test.ts': test });
    expect(scan(root, '__tests__/core.test.ts', oauth)).toEqual([]);
  });
});

describe('a webhook signature compared by method (webhook-signature-sha1, compare)', () => {
  const sha1 = only('webhook-signature-sha1');
  const verify = (compare: string): string => `const crypto = require('crypto');
function verify(req, secret) {
  const digest = crypto.createHmac('sha256', secret).update(req.rawBody).digest('hex');
  const sig = req.headers['x-spark-signature'];
  ${compare}
}
module.exports = verify;
`;
  const findings = (code: string): string[] => analyzeFile({ filename: 'hook.js', text: code }, sha1).matches.map((m) => `${m.loc.start.line} ${m.data.operator ?? ''}`);
  it('`digest.localeCompare(header) === 0`', () => {
    expect(findings(verify('return digest.localeCompare(sig) === 0;'))).toEqual(['5 localeCompare']);
  });
  it('`const n = digest.localeCompare(header); if (n == 0)` (the result tested through a variable)', () => {
    expect(findings(verify('const n = digest.localeCompare(sig);\n  if (n == 0) return true;\n  return false;'))).toEqual(['5 localeCompare']);
  });
  it('`Buffer.from(digest).equals(Buffer.from(header))`', () => {
    expect(findings(verify("return Buffer.from(digest, 'hex').equals(Buffer.from(sig, 'hex'));"))).toEqual(['5 equals']);
  });
  it('look-alikes: timingSafeEqual, a localeCompare whose result sorts, a localeCompare of other strings', () => {
    expect(findings(verify("return crypto.timingSafeEqual(Buffer.from(digest), Buffer.from(sig));"))).toEqual([]);
    expect(findings(verify('return [digest, sig].sort((a, b) => a.localeCompare(b));'))).toEqual([]);
    expect(findings(verify("return req.query.mode.localeCompare('strict') === 0 && crypto.timingSafeEqual(Buffer.from(digest), Buffer.from(sig));"))).toEqual([]);
  });
  it('the HMAC-SHA1 and re-serialised-body detections read a localeCompare of the digest as a verification', () => {
    const code = `import * as crypto from 'crypto';
export function onHook(req, secret) {
  const header = req.headers['x-spark-signature'];
  const hmac = crypto.createHmac('sha1', secret);
  hmac.update(JSON.stringify(req.body));
  const digest = hmac.digest('hex');
  const n = digest.localeCompare(header);
  return n === 0;
}
`;
    const all = analyzeFile({ filename: 'check.ts', text: code }, only('webhook-signature-sha1', 'webhook-signature-raw-body')).matches;
    expect(all.map((m) => `${m.noticeId} ${m.loc.start.line}`).sort()).toEqual(['webhook-signature-raw-body 5', 'webhook-signature-sha1 4', 'webhook-signature-sha1 7']);
  });
});
