/**
 * Endpoint scoping (issue 11): a field, value or host finding is reported where the code is tied to the
 * notice's endpoint (certain, autofix), likely where the file calls the API but the code cannot be tied
 * (suggestion only), and not at all where it is tied to another endpoint using the same name or has no API
 * context. Every example of the issue is here, positive or look-alike.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fixFile } from '../engine/fix/edits.js';
import type { Match, Region } from '../engine/types.js';

const catalog = loadCatalog();

function matches(id: string, text: string, filename = 'a.ts', region?: Region): Match[] {
  const notices = catalog.notices.filter((n) => n.id === id);
  const r = analyzeFile({ filename, text }, { catalog, notices, engine: { region } });
  expect(r.parseError).toBeUndefined();
  return r.matches;
}

/** `line:confidence` of each match, with `+fix` when it carries an autofix. */
function summary(ms: Match[]): string[] {
  return ms.map((m) => `${m.loc.start.line}:${m.confidence}${m.fix ? '+fix' : ''}`);
}

const ANSWER = 'workspace-answer-confirmation-renamed';

describe('workspace-answer-confirmation-renamed: only workspace simultaneous ring', () => {
  it('Single Number Reach keeps answerConfirmationEnabled: body, response, typed generic', () => {
    const text = `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1' });
interface SnrNumber { phoneNumber: string; answerConfirmationEnabled: boolean }
export async function addNumber(personId: string) {
  await api.post(\`/telephony/config/people/\${personId}/singleNumberReach/numbers\`, { phoneNumber: '+1', enabled: true, answerConfirmationEnabled: true });
}
export async function list(personId: string) {
  const { data } = await api.get<{ numbers: SnrNumber[] }>(\`/telephony/config/people/\${personId}/singleNumberReach\`);
  return data.numbers.map((n) => n.answerConfirmationEnabled);
}
export async function one(personId: string, id: string) {
  const res = await fetch(\`https://webexapis.com/v1/telephony/config/people/\${personId}/singleNumberReach/numbers/\${id}\`);
  const { answerConfirmationEnabled } = await res.json();
  return answerConfirmationEnabled;
}
`;
    expect(summary(matches(ANSWER, text))).toEqual([]);
  });

  it('Single Number Reach code is not rewritten by the fix', () => {
    const text = `export async function add(personId: string, token: string) {
  await fetch(\`https://webexapis.com/v1/telephony/config/people/\${personId}/singleNumberReach/numbers\`, {
    method: 'POST',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ phoneNumber: '+15550100', answerConfirmationEnabled: true }),
  });
}
`;
    const notices = catalog.notices.filter((n) => n.id === ANSWER);
    expect(fixFile({ filename: 'snr.ts', text }, { catalog, notices }).output).toBe(text);
  });

  it('typed generic: api.get<SimultaneousRing>(...) ties the interface to the endpoint (certain)', () => {
    const text = `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1' });
interface SimultaneousRing { enabled: boolean; answerConfirmationEnabled: boolean }
export async function get(workspaceId: string) {
  const { data } = await api.get<SimultaneousRing>(\`/telephony/config/workspaces/\${workspaceId}/simultaneousRing\`);
  return data.answerConfirmationEnabled;
}
`;
    expect(summary(matches(ANSWER, text))).toEqual(['3:certain+fix', '6:certain+fix']);
    expect(matches(ANSWER, text)[0].confidenceReason).toBe('read from the response of GET /telephony/config/workspaces/{workspaceId}/simultaneousRing');
  });

  it('a typed parameter reads through its type', () => {
    const text = `interface SimRing { answerConfirmationEnabled?: boolean }
export async function save(workspaceId: string, s: SimRing) {
  await fetch(\`https://webexapis.com/v1/telephony/config/workspaces/\${workspaceId}/simultaneousRing\`, { method: 'PUT', body: JSON.stringify(s) });
}
export function confirmed(s: SimRing): boolean {
  return s.answerConfirmationEnabled === true;
}
`;
    // The interface is tied by the function that sends it; the read in confirmed() through the type.
    expect(summary(matches(ANSWER, text))).toEqual(['1:certain+fix', '6:certain+fix']);
  });

  it('a body the file sends through an unresolved path is likely: a suggestion, never an autofix', () => {
    const text = `export async function call(path: string, body: unknown) {
  return fetch(\`https://webexapis.com/v1\${path}\`, { method: 'PUT', body: JSON.stringify(body) });
}
export const settings = { enabled: true, answerConfirmationEnabled: true };
`;
    const [m] = matches(ANSWER, text);
    expect(summary([m])).toEqual(['4:likely']);
    expect(m.fix).toBeUndefined();
    expect(m.suggestions?.[0]).toMatchObject({ messageId: 'suggestLikelyFix' });
    expect(m.suggestions?.[0].edits[0].text).toBe('answerConfirmationRequiredEnabled');
    expect(m.confidenceReason).toMatch(/not tied to/);
  });

  it('no API context: not reported', () => {
    expect(matches(ANSWER, `export const prefs = { answerConfirmationEnabled: true };\n`)).toEqual([]);
  });

  it('configuration: certain when it names the endpoint, likely when it only mentions it, else nothing', () => {
    const named = `{ "url": "/v1/telephony/config/workspaces/abc/simultaneousRing", "answerConfirmationEnabled": true }\n`;
    const mentioned = `{ "simultaneousRing": { "answerConfirmationEnabled": true } }\n`;
    const snr = `{ "url": "/v1/telephony/config/people/me/settings/singleNumberReach/numbers", "answerConfirmationEnabled": true }\n`;
    expect(summary(matches(ANSWER, named, 'c.json'))).toEqual(['1:certain+fix']);
    expect(summary(matches(ANSWER, mentioned, 'c.json'))).toEqual(['1:likely']);
    expect(matches(ANSWER, snr, 'c.json')).toEqual([]);
    expect(matches(ANSWER, `{ "answerConfirmationEnabled": true }\n`, 'c.json')).toEqual([]);
  });
});

const HOSTS = 'call-history-regional-hosts';

describe('call-history-regional-hosts: only detailed call history on the legacy host', () => {
  it('historical analytics on the same host is never reported nor rewritten (--region eu --fix)', () => {
    const text = `const A = 'https://analytics.webexapis.com/v1/analytics/messagingMetrics/dailyTotals';
const Q = \`https://analytics.webexapis.com/v1/meeting/qualities?meetingId=\${'x'}\`;
export async function qualities(meetingId: string) {
  return fetch('https://analytics.webexapis.com/v1/meeting/qualities?meetingId=' + meetingId);
}
export { A, Q };
`;
    expect(matches(HOSTS, text, 'a.ts', 'eu')).toEqual([]);
    const notices = catalog.notices.filter((n) => n.id === HOSTS);
    expect(fixFile({ filename: 'a.ts', text }, { catalog, notices, engine: { region: 'eu' } }).output).toBe(text);
  });

  it('a call history URL is certain and fixed with a region', () => {
    const text = `export const feed = (start: string) => fetch(\`https://analytics.webexapis.com/v1/cdr_feed?startTime=\${start}\`);\n`;
    expect(summary(matches(HOSTS, text, 'a.ts', 'eu'))).toEqual(['1:certain+fix']);
  });

  it('a base constant used only for call history is certain; one also used for analytics is likely; one used only for analytics is not reported', () => {
    const onlyCdr = `const BASE = 'https://analytics.webexapis.com/v1';
export const feed = () => fetch(\`\${BASE}/cdr_feed\`);
export const stream = () => fetch(BASE + '/cdr_stream');
`;
    const shared = `const BASE = 'https://analytics.webexapis.com/v1';
export const feed = () => fetch(\`\${BASE}/cdr_feed\`);
export const metrics = () => fetch(\`\${BASE}/analytics/messagingMetrics/dailyTotals\`);
`;
    const onlyAnalytics = `const BASE = 'https://analytics.webexapis.com';
export const q = (id: string) => fetch(new URL(\`/v1/meeting/qualities?meetingId=\${id}\`, BASE));
`;
    expect(summary(matches(HOSTS, onlyCdr, 'a.ts', 'eu'))).toEqual(['1:certain+fix']);
    const [m] = matches(HOSTS, shared, 'a.ts', 'eu');
    expect(summary([m])).toEqual(['1:likely']);
    expect(m.confidenceReason).toMatch(/also for \/v1\/analytics/);
    expect(m.suggestions?.[0].messageId).toBe('suggestLikelyFix');
    expect(matches(HOSTS, onlyAnalytics, 'a.ts', 'eu')).toEqual([]);
  });

  it('a base constant that leaves the file (exported, passed on) is likely', () => {
    const text = `export const CDR_BASE = 'https://analytics.webexapis.com/v1';\n`;
    expect(summary(matches(HOSTS, text, 'a.ts', 'eu'))).toEqual(['1:likely']);
  });

  it('axios.create({ baseURL }) with the legacy host: its requests decide', () => {
    const text = `import axios from 'axios';
const BASE = 'https://analytics.webexapis.com/v1';
const cdr = axios.create({ baseURL: BASE });
export const feed = () => cdr.get('/cdr_feed', { params: { startTime: 'x', endTime: 'y' } });
`;
    expect(summary(matches(HOSTS, text, 'a.ts', 'eu'))).toEqual(['2:certain+fix']);
  });

  it('configuration: call history URLs are certain, analytics URLs are not reported, a bare host is likely', () => {
    const env = `CDR_URL=https://analytics.webexapis.com/v1/cdr_feed\nMETRICS_URL=https://analytics.webexapis.com/v1/analytics/meetingsMetrics/aggregates\nHOST=analytics.webexapis.com\n`;
    expect(summary(matches(HOSTS, env, '.env', 'eu'))).toEqual(['1:certain+fix', '3:likely']);
  });
});

describe('guest-jwt-exp-integer: guest tokens only', () => {
  const GUEST = 'guest-jwt-exp-integer';
  it('a session JWT with sub, name and a string exp is not a guest token: not reported without API context', () => {
    const text = `import jwt from 'jsonwebtoken';
export const session = (u: { id: string; name: string }) => jwt.sign({ sub: u.id, name: u.name, exp: String(Date.now() / 1000 + 60) }, process.env.SESSION_SECRET!);
`;
    expect(matches(GUEST, text)).toEqual([]);
  });

  it('a JWT in a file that calls the API, with no guest evidence, is likely (no autofix)', () => {
    const text = `import jwt from 'jsonwebtoken';
export const session = (u: { id: string; name: string }) => jwt.sign({ sub: u.id, name: u.name, exp: String(Date.now() / 1000 + 60) }, 'k');
export const me = (t: string) => fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: \`Bearer \${t}\` } });
`;
    expect(summary(matches(GUEST, text))).toEqual(['2:likely']);
  });

  it('guest evidence makes it certain: iss claim, a base64 issuer secret, or issuer/subject options', () => {
    const iss = `import jwt from 'jsonwebtoken';\nexport const t = (s: string) => jwt.sign({ sub: 'u', name: 'n', iss: s, exp: '1893456000' }, 'k');\n`;
    const b64 = `import jwt from 'jsonwebtoken';\nexport const t = (s: string) => jwt.sign({ name: 'n', exp: '1893456000' }, Buffer.from(s, 'base64'));\n`;
    const opts = `import jwt from 'jsonwebtoken';\nexport const t = (s: string) => jwt.sign({ name: 'n', exp: '1893456000' }, 'k', { issuer: s, subject: 'u' });\n`;
    for (const text of [iss, b64, opts]) expect(summary(matches(GUEST, text))).toEqual(['2:certain+fix']);
  });
});

describe('guest-issuer-end-of-life: the issue examples', () => {
  const EOL = 'guest-issuer-end-of-life';
  it('guest claims given as jsonwebtoken options ({ issuer, subject }) with a base64 secret', () => {
    const text = `const jwt = require('jsonwebtoken');
module.exports = (name, issuer, secret) => jwt.sign({ name }, Buffer.from(secret, 'base64'), { issuer, subject: name, expiresIn: '1h' });
`;
    expect(matches(EOL, text, 'create-user.js').map((m) => m.loc.start.line)).toEqual([2]);
  });

  it('`${hydraUri}jwt/login` with no slash before jwt', () => {
    const text = 'export function login(webex, hydraUri, jwt) {\n  return webex.request({ method: "POST", uri: `${hydraUri}jwt/login`, headers: { authorization: jwt } });\n}\n';
    expect(matches(EOL, text, 'authorization.js').map((m) => m.loc.start.line)).toEqual([2]);
  });

  it('look-alike: another server\'s `${base}auth/jwt/login` route is not the exchange', () => {
    const text = 'export const login = (base) => fetch(`${base}auth/jwt/login`, { method: "POST" });\n';
    expect(matches(EOL, text, 'login.js')).toEqual([]);
  });
});

describe('webhook signature helpers (issue examples)', () => {
  it('HMAC-SHA1 over the signature compared with crypto.timingSafeEqual or the project\'s own constant-time helper: still SHA-1', () => {
    const text = `const crypto = require('crypto');
const { cryptoTimingSafeEqualStr } = require('./util');
function verify(req, secret) {
  const sig = crypto.createHmac('sha1', secret).update(req.rawBody).digest('hex');
  return cryptoTimingSafeEqualStr(sig, req.headers['x-spark-signature']);
}
function verify2(req, secret) {
  const sig = crypto.createHmac('sha1', secret).update(req.rawBody).digest();
  return crypto.timingSafeEqual(sig, Buffer.from(req.headers['x-spark-signature'], 'hex'));
}
module.exports = { verify, verify2 };
`;
    expect(summary(matches('webhook-signature-sha1', text, 'webhooks.js'))).toEqual(['4:certain', '8:certain']);
  });

  it('a verification helper outside a file about webhooks: SHA-1, re-serialised body and === are likely', () => {
    const text = `import crypto from 'crypto';
export const validateWebhook = (signature: string, secret: string, body: unknown): boolean => {
  const hmac = crypto.createHmac('sha1', secret).update(JSON.stringify(body)).digest('hex');
  return hmac === signature;
};
`;
    expect(summary(matches('webhook-signature-sha1', text, 'validateWebhook.ts'))).toEqual(['3:likely', '4:likely']);
    expect(summary(matches('webhook-signature-raw-body', text, 'validateWebhook.ts'))).toEqual(['3:likely']);
  });

  it('look-alike: an HMAC in a function that is not about signatures, in a file without the header, is not reported', () => {
    const text = `import crypto from 'crypto';\nexport const cacheKey = (secret: string, body: unknown) => crypto.createHmac('sha1', secret).update(JSON.stringify(body)).digest('hex');\n`;
    expect(matches('webhook-signature-sha1', text)).toEqual([]);
    expect(matches('webhook-signature-raw-body', text)).toEqual([]);
  });
});

describe('trunk-error-codes-renamed: the trunk field, not an app table', () => {
  it("an application's own `const errorCodes = { E1001: 'bad input' }` is not reported", () => {
    const text = `const errorCodes = { E1001: 'bad input', E1002: 'expired' };
export const message = (code: keyof typeof errorCodes) => errorCodes[code];
export const me = () => fetch('https://webexapis.com/v1/people/me');
`;
    expect(matches('trunk-error-codes-renamed', text)).toEqual([]);
  });

  it('a lookup table in a file that reads the trunk field is reported', () => {
    const text = `const LABELS = { E1001: 'DNS' };
export const labels = (trunk: { errorCodes: string[] }) => trunk.errorCodes.map((c) => LABELS[c as 'E1001']);
`;
    expect(matches('trunk-error-codes-renamed', text).map((m) => m.loc.start.line)).toEqual([1]);
  });
});

describe('rooms-meeting-info-deprecated: calls through clients and loops', () => {
  const ROOMS = 'rooms-meeting-info-deprecated';
  it('a client object named `api` is not a server router', () => {
    const text = `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1' });
export const info = (id: string) => api.get(\`/rooms/\${id}/meetingInfo\`);
`;
    expect(matches(ROOMS, text).map((m) => m.loc.start.line)).toEqual([3]);
  });

  it('a router named `api` with a handler is a route definition, not a call', () => {
    const text = `export const mount = (api: any) => api.get('/rooms/:id/meetingInfo', (req: any, res: any) => res.send('x'));\n`;
    expect(matches(ROOMS, text)).toEqual([]);
  });

  it('a URL in a `let` reassigned in a pagination loop', () => {
    const text = `export async function all(id: string) {
  let url = \`https://webexapis.com/v1/rooms/\${id}/meetingInfo\`;
  while (url) { const r = await fetch(url); url = r.headers.get('link') ?? ''; }
}
`;
    expect(matches(ROOMS, text).map((m) => m.loc.start.line)).toEqual([2]);
  });
});
