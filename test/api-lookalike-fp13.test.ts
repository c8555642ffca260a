/**
 * Issue 26, the thirteenth session's look-alike corpus (docs/evaluation.md, "Look-alike corpus (thirteenth
 * session)"): public code that calls other services with the platform's shapes. Each false positive found there
 * is a shape here, with a look-alike that must stay quiet and the platform's real case that must still be found
 * (synthesized code, nothing copied). Projects are small trees in a temporary folder (a `.git` folder marks the
 * root), read by the project model as a scan of a repository would.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });

const project = tempProjects('cm-lookalike-fp13-');

function scanProject(files: Record<string, string>, rel: string, opts: AnalyzeOptions): Match[] {
  return analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
}
/** The same file scanned alone (no project model): the single-file path of the ESLint rule without links. */
function scanAlone(text: string, name: string, opts: AnalyzeOptions): Match[] {
  return analyzeFile({ filename: name, text }, opts).matches;
}

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;

/** A GET through an options object, its URL a template over `base`, a known API path word (`/rooms`). */
const roomLookup = (base: string): string => `export function roomExists(name) {
  const options = {
    method: 'GET',
    headers: {
      'Content-Type': 'application/json',
      Authorization: \`Bearer \${process.env.VIDEO_KEY}\`,
    },
  };
  const url = \`\${${base}}/rooms/\${name}\`;
  return fetch(url, options).then((r) => r.status === 200);
}
`;

describe('a base URL read from the environment with a fallback that names its host', () => {
  it('look-alike: `process.env.X || \'https://api.other-video.example/v1\'` + `/rooms/...`: another service, quiet', () => {
    const code = roomLookup("process.env.VIDEO_API_URL || 'https://api.other-video.example/v1'");
    expect(scanProject({ 'pages/api/rooms.ts': code }, 'pages/api/rooms.ts', only('get-request-content-type')).map(summary)).toEqual([]);
    expect(scanAlone(code, '/virtual/rooms.ts', only('get-request-content-type')).map(summary)).toEqual([]);
  });
  it('look-alike: `??` and a constant holding the fallback read the same way', () => {
    const code = `const BASE = process.env.VIDEO_API_URL ?? 'https://api.other-video.example/v1';\n${roomLookup('BASE')}`;
    expect(scanProject({ 'lib/rooms.js': code }, 'lib/rooms.js', only('get-request-content-type')).map(summary)).toEqual([]);
  });
  it('positive: the same code falling back to the platform\'s host is a GET with a Content-Type', () => {
    const code = roomLookup("process.env.WEBEX_API_URL || 'https://webexapis.com/v1'");
    expect(scanProject({ 'pages/api/rooms.ts': code }, 'pages/api/rooms.ts', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 5 certain']);
  });
  it('positive: with no fallback the API path still decides (unchanged): `${process.env.BASE}/rooms/...`', () => {
    const code = roomLookup('process.env.API_BASE');
    expect(scanProject({ 'pages/api/rooms.ts': code }, 'pages/api/rooms.ts', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 5 certain']);
  });
  it('positive: a fallback on this machine (`|| \'http://localhost:8080/v1\'`, a local proxy or mock) says nothing either', () => {
    for (const local of ['http://localhost:8080/v1', 'http://127.0.0.1:3000', 'http://mock:4010/v1']) {
      const code = roomLookup(`process.env.API_BASE || '${local}'`);
      expect(scanProject({ 'pages/api/rooms.ts': code }, 'pages/api/rooms.ts', only('get-request-content-type')).map(summary), local).toEqual(['get-request-content-type 5 certain']);
    }
  });
  it('positive: a fallback without a host (`|| \'/api\'`) says nothing about the service: the API path decides', () => {
    const code = roomLookup("process.env.API_BASE || '/api'");
    expect(scanProject({ 'pages/api/rooms.ts': code }, 'pages/api/rooms.ts', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 5 certain']);
  });
});

/** Two more places a base with a fallback is written: an axios client's `baseURL`, and inline from a config object. */
const axiosClient = (host: string): string => `const axios = require('axios');
const client = axios.create({ baseURL: process.env.API_URL || 'https://${host}/v1', headers: { 'Content-Type': 'application/json' } });
async function getRoom(id) { return (await client.get('/rooms/' + id)).data; }
module.exports = { getRoom };
`;
const inlineConfig = (host: string): string => `const config = require('./settings');
async function devices() {
  const r = await fetch(\`\${config.apiBase || 'https://${host}/v1'}/devices\`, { method: 'GET', headers: { 'Content-Type': 'application/json' } });
  return r.json();
}
module.exports = { devices };
`;

describe('the fallback base in a client\'s defaults and inline in the request', () => {
  const settings = 'module.exports = {};\n';
  it('look-alike: another service\'s host as the fallback of `baseURL` and of an inline `config.apiBase ||`: quiet (both were certain, the second with an autofix)', () => {
    expect(scanProject({ 'client.js': axiosClient('api.video.example'), 'settings.js': settings }, 'client.js', only('get-request-content-type')).map(summary)).toEqual([]);
    expect(scanProject({ 'devices.js': inlineConfig('api.video.example'), 'settings.js': settings }, 'devices.js', only('get-request-content-type')).map(summary)).toEqual([]);
  });
  it('positive: the platform\'s host as the fallback: both found', () => {
    expect(scanProject({ 'client.js': axiosClient('webexapis.com'), 'settings.js': settings }, 'client.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 2 certain']);
    expect(scanProject({ 'devices.js': inlineConfig('webexapis.com'), 'settings.js': settings }, 'devices.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 3 certain']);
  });
});

/**
 * A verification helper that hashes a re-serialised body (named for signatures, its key parameter named `signature`),
 * and its caller in the same file reading `header`.
 */
const verifier = (header: string): string => `import { createHmac } from 'crypto';

export function verifyRequest(req) {
  const sent = req.headers['${header}'];
  if (computeSignature(req.body, process.env.HOOK_SECRET) !== sent) throw new Error('bad signature');
}

export function computeSignature(body, signature) {
  const hash = createHmac('sha256', signature);
  hash.update(JSON.stringify(body));
  return hash.digest('hex');
}
`;

describe('a signature helper beside another service\'s signature header', () => {
  const ids = ['webhook-signature-raw-body', 'webhook-signature-sha1'];
  it('look-alike: the caller reads `x-hub-signature-256` (a code host\'s deliveries): quiet', () => {
    expect(scanProject({ 'lib/verify.js': verifier('x-hub-signature-256') }, 'lib/verify.js', only(...ids)).map(summary)).toEqual([]);
  });
  it('look-alike: other spellings of other services\' headers (`X-Shop-Hmac-Sha256`, `stripe-signature`) too', () => {
    for (const h of ['X-Shop-Hmac-Sha256', 'stripe-signature', 'x-zm-signature']) {
      expect(scanProject({ 'lib/verify.js': verifier(h) }, 'lib/verify.js', only(...ids)).map(summary), h).toEqual([]);
    }
  });
  it('look-alike: an SHA-1 helper beside `X-Hub-Signature` stays quiet', () => {
    const code = verifier('X-Hub-Signature').replace("'sha256'", "'sha1'");
    expect(scanProject({ 'lib/verify.js': code }, 'lib/verify.js', only(...ids)).map(summary)).toEqual([]);
  });
  it('positive: the same helper whose caller reads the platform\'s header is found, certain (the file names it), with its `!==` compare', () => {
    expect(scanProject({ 'lib/verify.js': verifier('x-spark-signature') }, 'lib/verify.js', only(...ids)).map(summary)).toEqual(['webhook-signature-sha1 5 certain', 'webhook-signature-raw-body 10 certain']);
  });
  it('positive: a helper in a file that reads no signature header at all is still likely (its caller may read the platform\'s)', () => {
    const code = `import { createHmac } from 'crypto';
export function verifySignature(body, signature, secret) {
  const digest = createHmac('sha1', secret).update(JSON.stringify(body)).digest('hex');
  return digest === signature;
}
`;
    expect(scanProject({ 'lib/verify.js': code }, 'lib/verify.js', only(...ids)).map(summary)).toEqual(['webhook-signature-sha1 3 likely', 'webhook-signature-raw-body 3 likely', 'webhook-signature-sha1 4 likely']);
  });
});

describe('a signature helper whose importers read another service\'s signature header', () => {
  const ids = ['webhook-signature-raw-body', 'webhook-signature-sha1'];
  const helper = `const crypto = require('crypto');
function verifySignature(payload, signature, secret) {
  const digest = crypto.createHmac('sha1', secret).update(JSON.stringify(payload)).digest('hex');
  return digest === signature;
}
module.exports = { verifySignature };
`;
  const route = (header: string): string => `const { verifySignature } = require('../lib/signature');
module.exports = (req, res) => {
  if (!verifySignature(req.body, req.headers['${header}'], process.env.HOOK_SECRET)) return res.sendStatus(401);
  res.sendStatus(204);
};
`;
  const pkg = '{ "name": "hooks" }\n';
  it('look-alike: the one importer reads `x-hub-signature`: the helper verifies that service\'s deliveries, quiet', () => {
    const files = { 'package.json': pkg, 'lib/signature.js': helper, 'routes/hook.js': route('x-hub-signature') };
    expect(scanProject(files, 'lib/signature.js', only(...ids)).map(summary)).toEqual([]);
  });
  it('positive: an importer that reads the platform\'s header keeps the helper\'s findings (likely)', () => {
    const files = { 'package.json': pkg, 'lib/signature.js': helper, 'routes/hook.js': route('x-spark-signature') };
    expect(scanProject(files, 'lib/signature.js', only(...ids)).map(summary)).toEqual(['webhook-signature-sha1 3 likely', 'webhook-signature-raw-body 3 likely', 'webhook-signature-sha1 4 likely']);
  });
  it('positive: importers reading both services\' headers keep them too', () => {
    const files = { 'package.json': pkg, 'lib/signature.js': helper, 'routes/hook.js': route('x-hub-signature'), 'routes/webex.js': route('x-spark-signature') };
    expect(scanProject(files, 'lib/signature.js', only(...ids)).map(summary)).toEqual(['webhook-signature-sha1 3 likely', 'webhook-signature-raw-body 3 likely', 'webhook-signature-sha1 4 likely']);
  });
});
