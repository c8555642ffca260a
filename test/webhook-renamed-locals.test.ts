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
