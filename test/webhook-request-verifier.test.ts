/**
 * Webhook verifiers in shapes the detector did not follow (issue 26, twentieth session, branch `26meta7`; synthesized
 * code): an Hmac fed as a stream (`hmac.write(x); hmac.end(); hmac.read()` is `update(x)` and `digest()`), and a
 * verifier whose names say nothing (`matches(given, payload)`), the header's name and the algorithm being
 * configuration the repository does not give: found, likely, when a module importing it calls it with a request's
 * header and body in a project of this platform; quiet for another service's verifier.
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

const scan = projectScanner('cm-webhook-verifier-');
const RAW = 'webhook-signature-raw-body';
const SHA1 = 'webhook-signature-sha1';

/** A class whose method HMACs `JSON.stringify(payload)` through the stream interface and compares with `===`. */
const GUARD = `import crypto from 'crypto';

export class Guard {
  constructor(settings) {
    this.key = settings.key;
    this.algorithm = settings.algorithm;
  }

  matches(given, payload) {
    const mac = crypto.createHmac(this.algorithm, this.key);
    mac.write(JSON.stringify(payload));
    mac.end();
    const expected = mac.read().toString('hex');
    return expected === given;
  }
}
`;

const SETTINGS = "export const settings = {\n  key: process.env.HOOK_KEY,\n  algorithm: process.env.HOOK_ALGO,\n  header: process.env.HOOK_HEADER,\n};\n";
const NOTIFY = (host: string) => `export async function notify(text) {\n  await fetch('https://${host}/v1/messages', { method: 'POST', body: JSON.stringify({ text }) });\n}\n`;
/** The route that reads the configured header and the parsed body and hands both to the guard. */
const ROUTE = (headerRead: string) => `import express from 'express';
import { Guard } from './guard.js';
import { settings } from './settings.js';
import { notify } from './notify.js';

const guard = new Guard(settings);
export const router = express.Router();

router.post('/events', async (req, res) => {
  const given = ${headerRead} || '';
  if (!guard.matches(given, req.body)) return res.sendStatus(401);
  await notify('event received');
  res.sendStatus(200);
});
`;

describe('a verifier its importer calls with a request header and body, in a project of this platform', () => {
  const files = (host: string, headerRead: string) => ({ 'guard.js': GUARD, 'settings.js': SETTINGS, 'notify.js': NOTIFY(host), 'route.js': ROUTE(headerRead) });
  it('the re-serialised body and the `===` compare are found, likely', () => {
    const f = files('webexapis.com', 'req.headers[settings.header]');
    expect(scan(f, 'guard.js', RAW)).toEqual([`${RAW} 11 likely`]);
    expect(scan(f, 'guard.js', SHA1)).toEqual([`${SHA1} 14 likely`]);
  });
  it("look-alikes: another service's signature header read by the route; a project that names no platform", () => {
    const github = files('webexapis.com', "req.headers['x-hub-signature-256']");
    expect(scan(github, 'guard.js', RAW, SHA1)).toEqual([]);
    const elsewhere = files('api.example.com', 'req.headers[settings.header]');
    expect(scan(elsewhere, 'guard.js', RAW, SHA1)).toEqual([]);
  });
  it('look-alike: the importer never hands it a request (a signer for outgoing payloads checked against a stored value)', () => {
    const job = "import { Guard } from './guard.js';\nimport { settings } from './settings.js';\nimport { notify } from './notify.js';\nconst guard = new Guard(settings);\nexport async function run(saved, payload) {\n  if (guard.matches(saved, payload)) await notify('unchanged');\n}\n";
    expect(scan({ 'guard.js': GUARD, 'settings.js': SETTINGS, 'notify.js': NOTIFY('webexapis.com'), 'job.js': job }, 'guard.js', RAW, SHA1)).toEqual([]);
  });
});

describe('an Hmac fed as a stream where the header is named', () => {
  const handler = (compare: string) => `const crypto = require('crypto');
module.exports = function verify(req, secret) {
  const mac = crypto.createHmac('sha1', secret);
  mac.write(JSON.stringify(req.body));
  mac.end();
  const expected = mac.read().toString('hex');
  return ${compare};
};
`;
  it('write/end/read: the SHA-1, the re-serialised body and the compare are found', () => {
    const text = handler("expected === req.headers['x-spark-signature']");
    expect(scan({ 'verify.js': text }, 'verify.js', RAW, SHA1)).toEqual([`${RAW} 4 certain`, `${SHA1} 3 certain`, `${SHA1} 7 certain`]);
  });
  it('look-alike: a constant-time compare of the same stream digest leaves only the SHA-1 and body findings', () => {
    const text = handler("crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(req.headers['x-spark-signature']))");
    expect(scan({ 'verify.js': text }, 'verify.js', RAW, SHA1)).toEqual([`${RAW} 4 certain`, `${SHA1} 3 certain`]);
  });
});
