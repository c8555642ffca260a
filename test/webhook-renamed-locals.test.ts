/**
 * Issue 26, fourteenth session's metamorphic rewrites (`rename`): a webhook-signature verification whose locals,
 * parameters and constant-time comparison helper carry neutral names (`v0`, `v1`, ...) is still one: the digest is
 * compared by a call of a function that compares by a comparison call (`const v1 = (x, y) =>
 * crypto.timingSafeEqual(...)`), whatever the function is named. Look-alikes: the digest handed to a function that
 * compares nothing, or only returned. Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });
const project = tempProjects('cm-webhook-renamed-');

function scan(code: string): string[] {
  return analyzeFile({ filename: path.join(project({ 'hooks.js': code }), 'hooks.js'), text: code }, only('webhook-signature-sha1', 'webhook-signature-raw-body'))
    .matches.map((m: Match) => `${m.noticeId} ${m.loc.start.line}`)
    .sort();
}

const SAFE_EQUAL = 'const v1 = (x, y) => x.length === y.length && v0.timingSafeEqual(Buffer.from(x), Buffer.from(y));';

/** A verifier held by an object's property `name` (line 6: the algorithm, line 7: the re-serialised body). */
const verifier = (name: string, a: string, b: string, c: string, helper = SAFE_EQUAL): string => `const v0 = require('crypto');
${helper}
// The caller reads req.headers['x-spark-signature'] and passes it in.
module.exports = {
  ${name}: (${a}, ${b}, ${c}) => {
    const v3 = v0.createHmac('sha1', ${a});
    v3.update(JSON.stringify(${c}));
    return v1(${b}, v3.digest('hex'));
  },
};
`;

describe('a signature check whose names are all neutral', () => {
  it('the digest compared by a helper that compares by a constant-time call: found as with telling names', () => {
    const expected = ['webhook-signature-raw-body 7', 'webhook-signature-sha1 6'];
    expect(scan(verifier('webhookAuth', 'secret', 'signature', 'payload'))).toEqual(expected);
    expect(scan(verifier('v7', 'v4', 'v5', 'v6'))).toEqual(expected);
    // The helper as a function declaration, and the comparison through Node's `crypto.timingSafeEqual` by another name.
    expect(scan(verifier('v7', 'v4', 'v5', 'v6', 'function v1(x, y) { return v0.timingSafeEqual(Buffer.from(x), Buffer.from(y)); }'))).toEqual(expected);
  });
  it('look-alikes: the digest handed to a helper that compares nothing, or only returned', () => {
    expect(scan(verifier('v7', 'v4', 'v5', 'v6', 'const v1 = (x, y) => `${x}:${y}`;'))).toEqual([]);
    expect(scan(verifier('v7', 'v4', 'v5', 'v6').replace("return v1(v5, v3.digest('hex'));", "return v3.digest('hex');"))).toEqual([]);
  });
});

/** A Web Crypto verifier (line 4: SHA-1, line 3: the re-serialised body, line 8: `===`) named `name`, its locals all neutral. */
const webCrypto = (name: string): string => `/** Validates a delivery: pass the "X-Spark-Signature" header as v9. */
export const ${name} = async (v7, v8, v9) => {
  const v0 = typeof v7 !== 'string' ? JSON.stringify(v7) : v7;
  const v1 = { name: 'HMAC', hash: { name: 'SHA-1' } };
  const v3 = await crypto.subtle.importKey('raw', new TextEncoder().encode(v8), v1, false, ['sign']);
  const v4 = await crypto.subtle.sign(v1, v3, new TextEncoder().encode(v0));
  const v6 = [...new Uint8Array(v4)].map((v11) => v11.toString(16).padStart(2, '0')).join('');
  return v6 === v9;
};
`;

describe('a verification function known by its own name', () => {
  it('`validateWebhook` with neutral locals, in a file that names the signature header, is a verification', () => {
    // Line 8 compares the digest's hex (`[...new Uint8Array(v4)].map(...).join('')`) with `===` (set 20's shape).
    expect(scan(webCrypto('validateWebhook'))).toEqual(['webhook-signature-raw-body 3', 'webhook-signature-sha1 4', 'webhook-signature-sha1 8']);
  });
  it('look-alike: the same code in a function named for something else', () => {
    expect(scan(webCrypto('digestOf'))).toEqual([]);
  });
});
