/**
 * The bench's "parsed for" line (scripts/bench-reasons.ts): which detections send files to the parser and which of
 * their tokens those files hold, on synthesized texts run through the engine's own choice (`sourceCandidates`).
 */
import { describe, expect, it } from 'vitest';
import { sourceCandidates } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { ParseReasons } from '../scripts/bench-reasons.js';

const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational');
const choose = (text: string) => sourceCandidates(text, { catalog, notices });

describe('ParseReasons', () => {
  it('names the detections a file is parsed for and the token of theirs that brought it', () => {
    // A Web Crypto digest (not an HMAC): `subtle` as a member access's object, the webhook-signature detections take the file.
    const digest = `export const hash = async (data: Uint8Array) => crypto.subtle.digest('SHA-256', data);\n`;
    const chosen = choose(digest);
    expect(chosen.map((p) => p.notice.id)).toContain('webhook-signature-sha1');
    const reasons = new ParseReasons();
    reasons.add(digest, chosen);
    reasons.add(digest, chosen);
    expect(reasons.byToken.get('subtle (object)')).toBe(2);
    expect([...reasons.byToken.keys()]).toEqual(['subtle (object)']);
    for (const p of chosen) expect(reasons.byDetection.get(`${p.notice.id}#${p.index}`)).toBe(2);
    expect(reasons.summary()).toMatch(/^parsed for: webhook-signature-[\w-]+#\d 2, .*; their tokens: subtle \(object\) 2$/);
    // A design system's class name holds the same letters (round twenty-four's 463 parses of one repository): no longer chosen.
    expect(choose(`export const Card = () => <div className="border border-subtle bg-layer-1">card</div>;\n`)).toEqual([]);
  });

  it('counts only the chosen detections\' own tokens, and says none for a repository with no parse', () => {
    // `Content-Type` here is a token of detections about requests to the API; none of them is chosen for this text.
    const text = `const crypto = require('crypto');\nconst mac = crypto.createHmac('sha1', key).update(body).digest('hex');\nconst h = { 'Content-Type': 'text/plain' };\n`;
    const chosen = choose(text).filter((p) => p.notice.id.startsWith('webhook-signature'));
    expect(chosen.length).toBeGreaterThan(0);
    const reasons = new ParseReasons();
    reasons.add(text, chosen);
    expect([...reasons.byToken.keys()]).toEqual(['createhmac']);
    expect(new ParseReasons().summary()).toBe('parsed for: none; their tokens: none');
  });

  it('orders by count, then by name, and keeps the largest few', () => {
    const reasons = new ParseReasons();
    const one = `const s = await crypto.subtle.sign('HMAC', key, data);\n`;
    const two = `const mac = require('crypto').createHmac('sha256', k).update(b).digest('hex');\n`;
    reasons.add(one, choose(one));
    reasons.add(two, choose(two));
    reasons.add(two, choose(two));
    expect(reasons.summary(1)).toMatch(/; their tokens: createhmac 2$/);
    expect(reasons.summary().split('; their tokens: ')[1]).toBe('createhmac 2, subtle (object) 1');
  });
});
