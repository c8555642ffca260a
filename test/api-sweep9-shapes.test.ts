/**
 * Issue 26, the fifteenth session's sweep of new public repositories: shapes the engine missed there, each with a
 * case it must find and a look-alike that must stay quiet (synthesized code). An authorize URL whose query comes
 * from `stringify(params)` with its spaces re-encoded (`.replace(/\+/g, '%20')`, `.replaceAll('+', '%20')`), and a
 * required parameter written with an empty value (`state: ''` in the query object, `&state=` ending the URL).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const authorize = only('oauth-authorize-state-missing');

const project = tempProjects('cm-sweep9-shapes-');

/** Writes a project (a `.git` folder marks its root) and scans one of its files. */
function scanProject(files: Record<string, string>, rel: string, opts: AnalyzeOptions = authorize): Match[] {
  return analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
}

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;

describe('an authorize query built by stringify and re-encoded', () => {
  it('reads the keys through .replace / .replaceAll of the spaces, and reports a state that is missing or empty', () => {
    const handler = `import { stringify } from 'querystring';
export function noState(clientId, base) {
  const query = stringify({ response_type: 'code', client_id: clientId, redirect_uri: base + '/cb', scope: 'spark:kms' }).replace(/\\+/g, '%20');
  return \`https://webexapis.com/v1/authorize?\${query}\`;
}
export function emptyState(clientId, base) {
  const params = { response_type: 'code', client_id: clientId, redirect_uri: base + '/cb', scope: 'spark:kms', state: '' };
  const query = stringify(params).replaceAll('+', '%20');
  const url = \`https://webexapis.com/v1/authorize?\${query}\`;
  return { url };
}
export const literal = (clientId) => 'https://webexapis.com/v1/authorize?response_type=code&scope=spark%3Akms&state=&client_id=' + clientId;
`;
    const found = scanProject({ 'api/add.js': handler }, 'api/add.js').map(summary);
    expect(found).toEqual([
      'oauth-authorize-state-missing 4 certain',
      'oauth-authorize-state-missing 9 likely',
      'oauth-authorize-state-missing 12 likely',
    ]);
    const messages = scanProject({ 'api/add.js': handler }, 'api/add.js').map((m) => m.message);
    expect(messages[1]).toContain('with an empty value');
  });

  it('look-alike: a state that is given, and a replace that could change a key, stay quiet', () => {
    const handler = `import { stringify } from 'querystring';
export function withState(clientId, base, state) {
  const query = stringify({ response_type: 'code', client_id: clientId, redirect_uri: base + '/cb', scope: 'spark:kms', state }).replace(/\\+/g, '%20');
  return \`https://webexapis.com/v1/authorize?\${query}\`;
}
export function renamed(clientId) {
  const query = stringify({ response_type: 'code', client_id: clientId, scope: 'spark:kms' }).replace('client_id', 'state');
  return \`https://webexapis.com/v1/authorize?\${query}\`;
}
export function fixedState(clientId) {
  return \`https://webexapis.com/v1/authorize?response_type=code&client_id=\${clientId}&scope=spark%3Akms&state=\${crypto.randomUUID()}\`;
}
const PREFIX = 'https://webexapis.com/v1/authorize?response_type=code&scope=spark%3Akms&client_id=abc&state=';
export const completed = (state) => PREFIX + encodeURIComponent(state);
`;
    expect(scanProject({ 'api/add.js': handler }, 'api/add.js').map(summary)).toEqual([]);
  });
});

describe("n8n's node helpers and wrappers called with their `this`", () => {
  const content = only('get-request-content-type');
  const n8nPackage = '{ "name": "n8n-nodes-demo", "dependencies": { "n8n-workflow": "*" } }\n';
  it('reads this.helpers.request / httpRequestWithAuthentication / requestOAuth2.call(this, cred, options) as requests, through a wrapper with a `this` parameter called as api.call(this, ...)', () => {
    const node = `import type { IExecuteFunctions, IDataObject, IHttpRequestMethods } from 'n8n-workflow';
export async function webexRequest(this: IExecuteFunctions, method: IHttpRequestMethods, endpoint: string, qs: IDataObject = {}) {
  const options = {
    method,
    headers: { 'Content-Type': 'application/json' },
    qs,
    uri: \`https://webexapis.com/v1\${endpoint}\`,
    json: true,
  };
  return this.helpers.requestOAuth2.call(this, 'webexOAuth2Api', options);
}
export async function listRooms(this: IExecuteFunctions) {
  return webexRequest.call(this, 'GET', '/rooms', { max: 50 });
}
export async function me(this: IExecuteFunctions) {
  return this.helpers.httpRequestWithAuthentication.call(this, 'webexApi', { method: 'GET', url: 'https://webexapis.com/v1/people/me', headers: { 'Content-Type': 'application/json' } });
}
export async function rooms(this: IExecuteFunctions) {
  return this.helpers.request({ uri: 'https://webexapis.com/v1/rooms', headers: { 'Content-Type': 'application/json' }, json: true });
}
`;
    const found = scanProject({ 'package.json': n8nPackage, 'nodes/Webex/GenericFunctions.ts': node }, 'nodes/Webex/GenericFunctions.ts', content).map(summary);
    expect(found).toEqual(['get-request-content-type 5 certain', 'get-request-content-type 16 certain', 'get-request-content-type 19 certain']);
  });

  it('look-alike: a wrapper only POSTing, a helper call to another API, and this.helpers in a module that is not an n8n node stay quiet', () => {
    const node = `import type { IExecuteFunctions, IDataObject, IHttpRequestMethods } from 'n8n-workflow';
export async function webexRequest(this: IExecuteFunctions, method: IHttpRequestMethods, endpoint: string, body: IDataObject) {
  const options = { method, headers: { 'Content-Type': 'application/json' }, body, uri: \`https://webexapis.com/v1\${endpoint}\`, json: true };
  return this.helpers.requestOAuth2.call(this, 'webexOAuth2Api', options);
}
export async function send(this: IExecuteFunctions, roomId: string, text: string) {
  return webexRequest.call(this, 'POST', '/messages', { roomId, text });
}
export async function other(this: IExecuteFunctions) {
  return this.helpers.request({ uri: 'https://api.example.com/v1/rooms', headers: { 'Content-Type': 'application/json' }, json: true });
}
`;
    const plain = `export class Tool {
  helpers = { request: (o) => o };
  rooms() {
    return this.helpers.request({ uri: 'https://webexapis.com/v1/rooms', headers: { 'Content-Type': 'application/json' } });
  }
}
`;
    expect(scanProject({ 'package.json': n8nPackage, 'nodes/Webex/GenericFunctions.ts': node }, 'nodes/Webex/GenericFunctions.ts', content).map(summary)).toEqual([]);
    expect(scanProject({ 'src/tool.js': plain }, 'src/tool.js', content).map(summary)).toEqual([]);
  });
});
