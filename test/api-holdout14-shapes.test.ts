/**
 * Issue 26, hold-out set 14 after its first run (docs/evaluation.md, "Hold-out set 14 after its first run"): the
 * shapes behind its misses, each with the platform's case that must be found and look-alikes that must stay quiet
 * (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { projectFileScans } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const { scanFiles, fixes } = projectFileScans('cm-holdout14-shapes-');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('headers an async helper resolves to, awaited at the request (get-request-content-type)', () => {
  const get = only('get-request-content-type');
  /** A module whose requests take their headers from `await requestHeaders()`, an async helper of the same file. */
  const client = (opts: { contentType: boolean; method: 'GET' | 'POST'; inline?: boolean; returns?: 'one' | 'two' }): string => `const BASE = 'https://webexapis.com/v1';

async function currentToken() {
  return process.env.ACCESS;
}

async function requestHeaders(kind) {
  const token = await currentToken();
${opts.returns === 'two' ? "  if (kind === 'plain') return { Authorization: `Bearer ${token}` };\n" : ''}  return {
    Authorization: \`Bearer \${token}\`,${opts.contentType ? "\n    'Content-Type': 'application/json'," : ''}
  };
}

export async function spaces() {
  ${opts.inline ? '' : 'const h = await requestHeaders();\n  '}const res = await fetch(\`\${BASE}/rooms?max=20\`, { method: '${opts.method}', headers: ${opts.inline ? 'await requestHeaders()' : 'h'}${opts.method === 'POST' ? ", body: JSON.stringify({ title: 'x' })" : ''} });
  return res.json();
}
`;

  it('positive: the awaited helper\'s JSON Content-Type goes out with a GET of /rooms (no edit: the helper is shared)', () => {
    const text = client({ contentType: true, method: 'GET' });
    expect(scanFiles({ 'api.js': text }, get)).toEqual([`api.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
    expect(fixes({ 'api.js': text }, get)).toBe(false);
  });
  it('positive: the same helper awaited inline in the request options', () => {
    const text = client({ contentType: true, method: 'GET', inline: true });
    expect(scanFiles({ 'api.js': text }, get)).toEqual([`api.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
  });
  it('look-alike: the awaited helper writes no Content-Type', () => {
    expect(scanFiles({ 'api.js': client({ contentType: false, method: 'GET' }) }, get)).toEqual([]);
  });
  it('look-alike: the awaited helper\'s Content-Type goes only with a POST that has a body', () => {
    expect(scanFiles({ 'api.js': client({ contentType: true, method: 'POST' }) }, get)).toEqual([]);
  });
  it('look-alike: a helper with two returns is not read (which one the call gives is not known)', () => {
    expect(scanFiles({ 'api.js': client({ contentType: true, method: 'GET', returns: 'two' }) }, get)).toEqual([]);
  });
});

describe('an axios GET that gives data, in browser code (get-request-content-type)', () => {
  const get = only('get-request-content-type');
  /** A browser component that lists teams with an axios config object. */
  const page = (opts: { data: boolean; method: 'GET' | 'POST' }): string => `import axios from 'axios';

const query = JSON.stringify({ filter: '' });

export function Teams({ token }) {
  const request = {
    method: '${opts.method}',
    url: 'https://webexapis.com/v1/teams',
    headers: {
      Authorization: 'Bearer ' + token,
      'Content-Type': 'application/json',
    },${opts.data ? '\n    data: query,' : ''}
  };
  axios(request).then((res) => document.title = String(res.data.items.length));
  return null;
}
`;

  it('positive: with data given, the browser adapter keeps the Content-Type, so the GET sends it (no edit: the data goes with it)', () => {
    const text = page({ data: true, method: 'GET' });
    expect(scanFiles({ 'src/teams.js': text }, get)).toEqual([`src/teams.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
    expect(fixes({ 'src/teams.js': text }, get)).toBe(false);
  });
  it('look-alike: without data the browser adapter drops the Content-Type (as before)', () => {
    expect(scanFiles({ 'src/teams.js': page({ data: false, method: 'GET' }) }, get)).toEqual([]);
  });
  it('positive: the same config inside a function the page calls with a team id (reported where the header is written)', () => {
    const text = `import axios from 'axios';

const query = JSON.stringify({ filter: '' });

function members(teamId, token) {
  const request = {
    method: 'GET',
    url: 'https://webexapis.com/v1/team/memberships?teamId=' + teamId,
    headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    data: query,
  };
  return axios(request).then((res) => document.title = String(res.data.items.length));
}

export const onPick = (id, token) => members(id, token);
`;
    expect(scanFiles({ 'src/members.js': text }, get)).toEqual([`src/members.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
    expect(fixes({ 'src/members.js': text }, get)).toBe(false);
  });
  it('look-alike: a POST with data', () => {
    expect(scanFiles({ 'src/teams.js': page({ data: true, method: 'POST' }) }, get)).toEqual([]);
  });
});

describe('URLs whose base is an envalid-checked variable with a default (token-endpoint-form-body, oauth-authorize-state-missing)', () => {
  const both = only('token-endpoint-form-body', 'oauth-authorize-state-missing');
  /** A settings module validated with envalid's cleanEnv, and a server that reads it through `require`. */
  const settings = (tokenDefault: string, authorizeDefault: string): string => `const { cleanEnv, str, url } = require('envalid');

const env = cleanEnv(process.env, {
  APP_ID: str(),
  APP_SECRET: str(),
  BACK_URL: url(),
  SIGNIN_URL: url({ desc: 'where users grant access', default: '${authorizeDefault}' }),
  EXCHANGE_URL: url({ desc: 'where codes become tokens', default: '${tokenDefault}' }),
});

exports.env = env;
`;
  const server = (opts: { form: boolean; state: boolean }): string => `const axios = require('axios');
const conf = require('./conf.js');

const signInLink =
  conf.env.SIGNIN_URL +
  '?client_id=' +
  conf.env.APP_ID +
  '&response_type=code' +
  '&redirect_uri=' +
  encodeURIComponent(conf.env.BACK_URL)${opts.state ? " +\n  '&state=' + encodeURIComponent(process.pid)" : ''};

function trade(code) {
  return axios.post(conf.env.EXCHANGE_URL, ${opts.form ? 'new URLSearchParams({' : '{'}
    grant_type: 'authorization_code',
    client_id: conf.env.APP_ID,
    client_secret: conf.env.APP_SECRET,
    code,
    redirect_uri: conf.env.BACK_URL,
  }${opts.form ? ')' : ''});
}

module.exports = { signInLink, trade };
`;
  const platform = settings('https://webexapis.com/v1/access_token', 'https://webexapis.com/v1/authorize');

  it('positive: a JSON token request and an authorize link without state, on the defaults the spec gives (likely: a deployment sets its own)', () => {
    const text = server({ form: false, state: false });
    expect(scanFiles({ 'conf.js': platform, 'server.js': text }, both).sort()).toEqual(
      [`server.js:${lineOf(text, 'axios.post(')} token-endpoint-form-body likely`, `server.js:${lineOf(text, "conf.env.SIGNIN_URL +")} oauth-authorize-state-missing likely`].sort(),
    );
    expect(fixes({ 'conf.js': platform, 'server.js': text }, both)).toBe(false);
  });
  it('look-alike: a form body and a state on the same defaults', () => {
    expect(scanFiles({ 'conf.js': platform, 'server.js': server({ form: true, state: true }) }, both)).toEqual([]);
  });
  it('look-alike: defaults that name another provider', () => {
    const other = settings('https://auth.example.org/oauth2/token', 'https://auth.example.org/oauth2/authorize');
    expect(scanFiles({ 'conf.js': other, 'server.js': server({ form: false, state: false }) }, both)).toEqual([]);
  });
});
