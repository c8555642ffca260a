/**
 * Issue 26, shape 8: a guest token signed by hand (`createHmac('sha256', secret)` over the base64url header and
 * payload) is a guest JWT as surely as `jwt.sign`. Look-alikes: webhook signature HMACs over the raw body, a
 * Stripe-style `${timestamp}.${body}` HMAC, an HMAC of something that is not a JWT.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyEdits } from '../engine/fix/edits.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const GUEST = ['guest-issuer-end-of-life', 'guest-jwt-exp-integer'];
const WEBHOOK = ['webhook-signature-raw-body', 'webhook-signature-sha1', 'webhook-signature-compare'];

function matches(ids: readonly string[], text: string, filename = 'a.ts'): Match[] {
  const notices = catalog.notices.filter((n) => ids.includes(n.id));
  const r = analyzeFile({ filename, text }, { catalog, notices });
  expect(r.parseError).toBeUndefined();
  return r.matches;
}

const summary = (ms: Match[]): string[] => ms.map((m) => `${m.loc.start.line}:${m.noticeId}:${m.confidence}${m.fix ? '+fix' : ''}`);

/** The shape seen in guest-token services: a base64url helper, a header and payload, an HMAC over both. */
const HAND_SIGNED = `import { createHmac } from 'node:crypto';
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
export function guestToken(userId: string, name: string): string {
  const header = { alg: 'HS256', typ: 'JWT' };
  const payload = { sub: userId, name, iss: process.env.GUEST_ISSUER_ID, exp: String(Math.floor(Date.now() / 1000) + 3600) };
  const encodedHeader = b64url(header);
  const encodedPayload = b64url(payload);
  const signature = createHmac('sha256', Buffer.from(process.env.GUEST_SECRET!, 'base64')).update(\`\${encodedHeader}.\${encodedPayload}\`).digest('base64url');
  return \`\${encodedHeader}.\${encodedPayload}.\${signature}\`;
}
`;

describe('guest tokens signed by hand', () => {
  it('createHmac over base64url header and payload with the base64 issuer secret: both guest notices, certain', () => {
    expect(summary(matches(GUEST, HAND_SIGNED))).toEqual(['5:guest-jwt-exp-integer:certain+fix', '8:guest-issuer-end-of-life:certain']);
  });

  it('the exp fix makes the claim an integer', () => {
    const [m] = matches(['guest-jwt-exp-integer'], HAND_SIGNED);
    expect(applyEdits(HAND_SIGNED, [m.fix!]).output).toContain('exp: Math.floor(Date.now() / 1000) + 3600 }');
  });

  it('other ways of writing it: a held HMAC, `+` and join, Buffer chains with replace, a literal header, CommonJS', () => {
    const variants = [
      `const crypto = require('crypto');
function token(secret, id) {
  const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64').replace(/=+$/, '');
  const body = Buffer.from(JSON.stringify({ sub: id, name: 'Guest', iss: 'Y2lz', exp: '1893456000' })).toString('base64').replace(/=+$/, '');
  const hmac = crypto.createHmac('sha256', Buffer.from(secret, 'base64'));
  hmac.update(head + '.' + body);
  return head + '.' + body + '.' + hmac.digest('base64');
}
`,
      `import crypto from 'crypto';
const HEADER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9';
export const token = (secret: string, id: string) => {
  const claims = { sub: id, name: 'Guest', iss: 'Y2lz', exp: '1893456000' };
  const data = [HEADER, base64url(JSON.stringify(claims))].join('.');
  return data + '.' + crypto.createHmac('sha256', Buffer.from(secret, 'base64')).update(data).digest('base64url');
};
declare function base64url(s: string): string;
`,
    ];
    for (const text of variants) {
      expect(summary(matches(GUEST, text)).map((s) => s.replace(/^\d+:/, ''))).toEqual(['guest-jwt-exp-integer:certain+fix', 'guest-issuer-end-of-life:certain']);
    }
  });

  it('look-alike: webhook signature verification over the raw body stays a webhook finding only', () => {
    const text = `import { createHmac, timingSafeEqual } from 'node:crypto';
export function verify(raw: Buffer, header: string, secret: string) {
  const expected = createHmac('sha1', Buffer.from(secret, 'base64')).update(raw).digest('hex');
  return timingSafeEqual(Buffer.from(expected), Buffer.from(header));
}
export const handler = (req: { headers: Record<string, string>; rawBody: Buffer }) => verify(req.rawBody, req.headers['x-spark-signature'], 's');
`;
    expect(matches(GUEST, text)).toEqual([]);
    expect(summary(matches(WEBHOOK, text))).toEqual(['3:webhook-signature-sha1:certain']);
  });

  it("look-alike: an HMAC over a timestamp and body (another platform's signature), or of a non-JWT pair", () => {
    const stripe = `import { createHmac } from 'node:crypto';
export function sign(body: string, secret: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const payload = { sub: 'u', name: 'n', exp: '1893456000' };
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(\`\${timestamp}.\${JSON.stringify(payload)}\`).digest('hex');
}
`;
    const nonce = `import { createHmac, randomBytes } from 'node:crypto';
export function cookie(value: object, secret: string) {
  const nonce = randomBytes(8).toString('base64');
  const data = Buffer.from(JSON.stringify({ sub: 'u', name: 'n', exp: '1893456000' })).toString('base64url');
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(\`\${nonce}.\${data}\`).digest('hex');
}
`;
    expect(matches(GUEST, stripe)).toEqual([]);
    expect(matches(GUEST, nonce)).toEqual([]);
  });
});
