/**
 * Endpoint scopes of every field, value and host detection (issue 11, items 2 and 4): the catalog says where
 * each detection applies (`scope`: endpoints as method + path template, or the context the platform gives
 * where it names no endpoint), and each scoped notice gets the shapes as tests:
 * - certain where the code is tied to one of its endpoints (a request body or query sent to it, its response
 *   read, a typed generic, configuration naming it), with the autofix where the notice has one;
 * - not reported (and never rewritten) where the code is tied to an endpoint the catalog lists as using the same
 *   name for something else (`scope.others`); likely where tied to an endpoint the catalog does not list (issue 26);
 * - likely (suggestion only, never an autofix) where the file has API context but the code cannot be tied;
 * - not reported for app-local look-alikes without API context.
 * The workspace answer-confirmation and call-history host notices have their own file (api-scope.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fixFile } from '../engine/fix/edits.js';
import { pathMatches } from '../engine/api/endpoints.js';
import type { Detection, Match } from '../engine/types.js';

const catalog = loadCatalog();

function matches(id: string, text: string, filename = 'a.ts'): Match[] {
  const notices = catalog.notices.filter((n) => n.id === id);
  const r = analyzeFile({ filename, text }, { catalog, notices });
  expect(r.parseError).toBeUndefined();
  return r.matches;
}

/** `line:confidence` of each match, with `+fix` when it carries an autofix. */
const summary = (ms: Match[]): string[] => ms.map((m) => `${m.loc.start.line}:${m.confidence}${m.fix ? '+fix' : ''}`);
const check = (id: string, text: string, filename = 'a.ts') => summary(matches(id, text, filename));

/** Nothing written by --fix. */
function untouched(id: string, text: string, filename = 'a.ts'): void {
  const notices = catalog.notices.filter((n) => n.id === id);
  expect(fixFile({ filename, text }, { catalog, notices }).output).toBe(text);
}

const AXIOS = "import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://webexapis.com/v1' });\n";

/** The kinds whose detections name fields, values, hosts, headers or paths: each must carry a scope. */
const SCOPED_KINDS = new Set<Detection['kind']>(['property', 'property-value', 'value-map', 'request-field', 'host', 'header-lookup', 'url-path', 'object-shape']);

describe('the catalog says where each field, value and host detection applies', () => {
  const dated = catalog.notices.filter((n) => n.status !== 'informational');
  const scoped = dated.flatMap((n) => n.detections.map((d, i) => ({ n, d, i }))).filter(({ d }) => SCOPED_KINDS.has(d.kind));

  it('every such detection has a scope: endpoints, or the context the platform gives where it names none', () => {
    expect(scoped.length).toBeGreaterThan(25);
    for (const { n, d, i } of scoped) {
      expect(d.scope, `${n.id} detection ${i} (${d.kind})`).toBeDefined();
      if (d.scope!.endpoints.length === 0) expect(d.scope!.where?.text, `${n.id}: a scope without endpoints says where`).toBeTruthy();
    }
  });

  it('every endpoint and context cites a public page of the catalog (the API reference or the OpenAPI specs)', () => {
    const refs = catalog.catalog.references;
    for (const { n, d } of scoped) {
      for (const e of [...d.scope!.endpoints, ...(d.scope!.others ?? [])]) {
        expect(refs[e.source], `${n.id}: ${e.path} cites ${e.source}`).toBeDefined();
        expect(e.path).toMatch(/^\/[A-Za-z0-9_/{}.-]*$/);
      }
      if (d.scope!.where) expect(refs[d.scope!.where.source], `${n.id}: where cites ${d.scope!.where.source}`).toBeDefined();
    }
  });

  it('an endpoint of a request-field or url-path detection is one its path patterns find, and no `others` endpoint is one of its endpoints', () => {
    for (const { n, d } of scoped) {
      const sample = (p: string) => p.replace(/\{[^}]+\}/g, 'x1');
      if (d.kind === 'request-field' || d.kind === 'url-path') {
        for (const e of d.scope!.endpoints) {
          expect(d.paths.some((re) => new RegExp(re, 'i').test(sample(e.path))), `${n.id}: ${e.path} against ${d.paths.join(' ')}`).toBe(true);
        }
      }
      for (const o of d.scope!.others ?? []) {
        expect(d.scope!.endpoints.some((e) => pathMatches(e, sample(o.path))), `${n.id}: ${o.path} is both in and out`).toBe(false);
      }
    }
  });
});

describe('trunk-error-codes-renamed: Get a Trunk, not Devices or an app table', () => {
  const ID = 'trunk-error-codes-renamed';
  it('typed generic on Get a Trunk: certain, fixed', () => {
    const text = `${AXIOS}interface Trunk { errorCodes: string[] }
export async function dns(id: string) {
  const { data } = await api.get<Trunk>(\`/telephony/config/premisePstn/trunks/\${id}\`);
  return data.errorCodes.includes('E1001');
}
`;
    expect(check(ID, text)).toEqual(['6:certain+fix']);
  });
  it('a promise chain on Get a Trunk through an unknown base address: certain', () => {
    const text = `export const dns = (base: string, id: string) =>
  fetch(\`\${base}/telephony/config/premisePstn/trunks/\${id}\`).then((r) => r.json()).then((t) => t.errorCodes.includes('E1001'));
`;
    expect(check(ID, text)).toEqual(['2:certain+fix']);
  });
  it('the same field of Get Device Details: not reported, not rewritten', () => {
    const text = `${AXIOS}export async function broken(id: string) {
  const { data } = await api.get(\`/devices/\${id}\`);
  return data.errorCodes.includes('E1001');
}
`;
    expect(check(ID, text)).toEqual([]);
    untouched(ID, text);
  });
  it('an app-local error table, even in a file that calls the API: not reported', () => {
    expect(check(ID, `const errorCodes = { E1001: 'bad input' };\nexport const me = () => fetch('https://webexapis.com/v1/people/me');\n`)).toEqual([]);
  });
  it('a trunk read that cannot be tied: likely, no autofix', () => {
    expect(check(ID, `export const dns = (trunk: { errorCodes: string[] }) => trunk.errorCodes.includes('E1001');\n`)).toEqual(['1:likely']);
  });
});

describe('hunt-group-business-continuity-removed: hunt groups, not call forwarding', () => {
  const ID = 'hunt-group-business-continuity-removed';
  it('sent to Update a Hunt Group: certain', () => {
    const text = `${AXIOS}export const save = (loc: string, id: string) => api.put(\`/telephony/config/locations/\${loc}/huntGroups/\${id}\`, { businessContinuity: { enabled: true } });\n`;
    expect(check(ID, text)).toEqual(['3:certain']);
  });
  it('the call forwarding `businessContinuity` of a person (same name, another endpoint): not reported', () => {
    const text = `${AXIOS}// also configures huntGroup members elsewhere
export const forward = (id: string) => api.put(\`/people/\${id}/features/callForwarding\`, { callForwarding: {}, businessContinuity: { enabled: true, destination: '+15550100' } });
`;
    expect(check(ID, text)).toEqual([]);
  });
  it('a business-continuity plan of the app, in a file that names hunt groups but has no API context: not reported', () => {
    expect(check(ID, `// huntGroup planning sheet\nexport const plan = { businessContinuity: { rtoHours: 4 } };\n`)).toEqual(['2:likely']);
  });
});

describe('test-call-routing-fields-removed: the Test Call Routing response only', () => {
  const ID = 'test-call-routing-fields-removed';
  it('read from the Test Call Routing response: certain', () => {
    const text = `${AXIOS}export async function route(body: unknown) {
  const { data } = await api.post('/telephony/config/actions/testCallRouting/invoke', body);
  return data.routingProfile;
}
`;
    expect(check(ID, text)).toEqual(['5:certain']);
  });
  it('the location calling line ID (Get Location Webex Calling Details, same name): not reported', () => {
    const text = `${AXIOS}// callRouting helpers
export async function lineId(loc: string) {
  const { data } = await api.get(\`/telephony/config/locations/\${loc}\`);
  return data.callingLineId;
}
`;
    expect(check(ID, text)).toEqual([]);
  });
});

describe('location-pstn-connection-moved: Update Location Webex Calling Details', () => {
  const ID = 'location-pstn-connection-moved';
  it('a connection sent to the location: certain; the same key sent to Setup PSTN Connection: not reported', () => {
    const text = `${AXIOS}export const old = (loc: string) => api.put(\`/telephony/config/locations/\${loc}\`, { connection: { type: 'TRUNK', id: 't1' } });
export const next = (loc: string) => api.put(\`/telephony/pstn/locations/\${loc}/connection\`, { pstnConnectionType: 'LOCAL_GATEWAY', connection: { id: 't1' } });
`;
    expect(check(ID, text)).toEqual(['3:certain']);
  });
});

describe('shared-line-index-required: line key templates and layouts', () => {
  const ID = 'shared-line-index-required';
  it('sent to Create a Line Key Template: certain; the same shape tied to nothing keeps certain (a platform value)', () => {
    const text = `${AXIOS}export const create = () => api.post('/telephony/config/devices/lineKeyTemplates', { templateName: 't', lineKeys: [{ lineKeyIndex: 2, lineKeyType: 'SHARED_LINE' }] });
export const keys = [{ lineKeyIndex: 3, lineKeyType: 'SHARED_LINE' }];
`;
    expect(check(ID, text)).toEqual(['3:certain', '4:certain']);
  });
  it('a shared line key sent to an endpoint the catalog does not list for it: likely, never rewritten (issue 26)', () => {
    const text = `export const save = () => fetch('https://webexapis.com/v1/rooms', { method: 'POST', body: JSON.stringify({ title: 't', lineKeyType: 'SHARED_LINE' }) });\n`;
    expect(check(ID, text)).toEqual(['1:likely']);
    expect(matches(ID, text)[0].confidenceReason).toBe('sent to POST /v1/rooms, an endpoint the catalog does not list for this notice');
    untouched(ID, text);
  });
});

describe('caller-id-name-fields-deprecated: the caller ID endpoints', () => {
  const ID = 'caller-id-name-fields-deprecated';
  it('sent to Configure Caller ID Settings for a Person / Virtual Line / Workspace: certain', () => {
    const text = `${AXIOS}export const person = (id: string) => api.put(\`/people/\${id}/features/callerId\`, { selected: 'DIRECT_LINE', firstName: 'Lya' });
export const line = (id: string) => api.put(\`/telephony/config/virtualLines/\${id}/callerId\`, { selected: 'DIRECT_LINE', lastName: 'Charrel' });
export const place = (id: string) => api.put(\`/workspaces/\${id}/features/callerId\`, { selected: 'DIRECT_LINE', displayDetail: '.' });
`;
    expect(check(ID, text)).toEqual(['3:certain', '4:certain', '5:certain']);
  });
  it('my own caller ID settings (another endpoint, no such fields): not reported', () => {
    const text = `${AXIOS}export const mine = () => api.put('/telephony/config/people/me/settings/callerId', { selected: 'DIRECT_LINE', firstName: 'Lya' });\n`;
    expect(check(ID, text)).toEqual([]);
  });
  it('keys assigned to the body object before the call are sent: reported where assigned', () => {
    const text = `${AXIOS}export async function person(id: string, first?: string) {
  const body: Record<string, unknown> = { selected: 'DIRECT_LINE' };
  if (first) body.firstName = first;
  return api.put(\`/people/\${id}/features/callerId\`, body);
}
`;
    expect(check(ID, text)).toEqual(['5:certain']);
  });
  it('look-alikes: a key assigned after the call, or to another object of the same name in another function: not reported', () => {
    const text = `${AXIOS}export async function person(id: string, first?: string) {
  const body: Record<string, unknown> = { selected: 'DIRECT_LINE' };
  await api.put(\`/people/\${id}/features/callerId\`, body);
  body.firstName = first;
}
export function label(first: string) {
  const body: Record<string, unknown> = {};
  body.firstName = first;
  return body;
}
`;
    expect(check(ID, text)).toEqual([]);
  });
});

describe('virtual-line-caller-id-names-deprecated: the virtual line endpoints', () => {
  const ID = 'virtual-line-caller-id-names-deprecated';
  it('sent to Create a Virtual Line: certain; read in a virtual-line file but tied to no call: likely', () => {
    const text = `${AXIOS}export const create = () => api.post('/telephony/config/virtualLines', { firstName: 'a', lastName: 'b', callerIdFirstName: 'a' });
export const label = (virtualLine: { callerIdLastName: string }) => virtualLine.callerIdLastName;
`;
    expect(check(ID, text)).toEqual(['3:certain', '4:likely', '4:likely']);
  });
});

describe('call-history-page-size and the number queries: query parameters of their endpoints', () => {
  it('max sent to the detailed call history: certain; the same parameter of historical analytics on the same host: not reported', () => {
    const text = `export const feed = () => fetch('https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=a&endTime=b&max=100');
export const metrics = () => fetch('https://analytics.webexapis.com/v1/analytics/meetingsMetrics/aggregates?max=100');
`;
    expect(check('call-history-page-size', text)).toEqual(['1:certain']);
  });
  it('phoneNumbers and location of Get Phone Numbers for an Organization: certain', () => {
    const many = Array.from({ length: 21 }, (_, i) => `'+1555010${String(i).padStart(2, '0')}'`).join(', ');
    const text = `${AXIOS}export const find = () => api.get('/telephony/config/numbers', { params: { phoneNumbers: [${many}].join(','), location: 'l1' } });\n`;
    expect(check('phone-numbers-query-max', text)).toEqual(['3:certain']);
    expect(check('large-org-location-required', `${AXIOS}export const all = () => api.get('/telephony/config/numbers', { params: { max: 100 } });\n`)).toEqual(['3:certain']);
  });
});

describe('license notices: PATCH /licenses/users and the license names', () => {
  it('codes compared in the function that assigns licenses (reference or document path): certain, fixed; in one that updates a person: likely', () => {
    const text = `${AXIOS}export async function assign(body: unknown) {
  try { await api.patch('/licenses/users', body); } catch (e: any) { if (e.response.data.code === 400704) throw e; }
}
export async function update(id: string, body: unknown) {
  try { await api.put(\`/people/\${id}\`, body); } catch (e: any) { if (e.response.data.code === 400704) throw e; }
}
export async function short(body: unknown) {
  try { await api.patch('/licenses', body); } catch (e: any) { if (e.response.data.code === 400704) throw e; }
}
`;
    // \`PATCH /licenses\` is the platform document's name for the reference's \`PATCH /licenses/users\`: the catalog accepts both.
    expect(check('license-partial-success', text).filter((s) => /^(4|7|10):/.test(s))).toEqual(['4:certain+fix', '7:likely', '10:certain+fix']);
  });
  it('a license name read from GET /licenses: certain; the same text sent to an endpoint the catalog does not list (a room title): likely', () => {
    const text = `${AXIOS}export async function calling() {
  const { data } = await api.get('/licenses');
  return data.items.find((l: { name: string }) => l.name === 'Single License - Webex Calling');
}
export const room = () => api.post('/rooms', { title: 'Single License - Webex Calling' });
`;
    expect(check('license-names-shortened', text)).toEqual(['5:certain+fix', '7:likely']);
    expect(matches('license-names-shortened', text)[0].confidenceReason).toBe('read from the response of GET /licenses');
  });
  it('configuration: a license name in a file naming GET /licenses is certain, so is one in a file naming no endpoint', () => {
    expect(check('license-names-shortened', 'licenses:\n  url: https://webexapis.com/v1/licenses\n  calling: "Single License - Webex Calling"\n', 'seats.yaml')).toEqual(['3:certain+fix']);
    expect(matches('license-names-shortened', 'licenses:\n  url: https://webexapis.com/v1/licenses\n  calling: "Single License - Webex Calling"\n', 'seats.yaml')[0].confidenceReason).toBe('the file names GET /licenses');
    expect(check('license-names-shortened', 'seats:\n  calling: "Single License - Webex Calling"\n', 'seats.yaml')).toEqual(['2:certain+fix']);
  });
  it('a license name in a constant tied to no call keeps certain (the platform\'s exact name)', () => {
    expect(check('license-names-shortened', `export const CALLING = 'Single License - Webex Calling';\n`)).toEqual(['1:certain+fix']);
  });
});

describe('telephony-calls-filter-number: the webhook registration', () => {
  const ID = 'telephony-calls-filter-number';
  it('sent to Create a Webhook: certain, fixed', () => {
    const text = `${AXIOS}export const hook = () => api.post('/webhooks', { name: 'n', targetUrl: 'https://x', resource: 'telephony_calls', event: 'created', filter: 'address=+15550100' });\n`;
    expect(check(ID, text)).toEqual(['3:certain+fix']);
  });
});

describe('recording-vendor-storage-region-removed: the call recording vendor, not converged recordings', () => {
  const ID = 'recording-vendor-storage-region-removed';
  it('sent to Set Organization Call Recording Vendor: certain, removed', () => {
    const text = `${AXIOS}export const set = () => api.put('/telephony/config/callRecording/vendor', { vendorId: 'v', storageRegion: 'US' });\n`;
    expect(check(ID, text)).toEqual(['3:certain+fix']);
  });
  it('a converged recording\'s storageRegion (List Recordings, same name): not reported, not rewritten', () => {
    const text = `${AXIOS}export async function regions() {
  const { data } = await api.get('/convergedRecordings');
  return data.items.map((r: { storageRegion: string }) => r.storageRegion);
}
`;
    expect(check(ID, text)).toEqual([]);
    untouched(ID, text);
  });
  it('vendor defaults in a file that calls the vendor endpoint but sent nowhere: likely; without API context: not reported', () => {
    const api = `export const vendors = () => fetch('https://webexapis.com/v1/telephony/config/callRecording/vendors');\n`;
    expect(check(ID, `export const defaults = { vendorId: 'v', storageRegion: 'EU' };\n${api}`)).toEqual(['1:likely']);
    expect(check(ID, `export const bucket = { name: 'b', storageRegion: 'eu-west-1' };\n`)).toEqual([]);
  });
});

describe('scim-account-status-array: the SCIM users endpoints', () => {
  const ID = 'scim-account-status-array';
  it('compared on a SCIM user read from Get a user: certain', () => {
    const text = `${AXIOS}// scim sync
export async function inactive(org: string, id: string) {
  const { data: user } = await api.get(\`/identity/scim/\${org}/v2/Users/\${id}\`);
  return user.accountStatus === 'Inactive';
}
`;
    expect(check(ID, text).filter((s) => s.startsWith('6:'))).toEqual(['6:certain']);
  });
  it('a typed generic ties the type; the same attribute read from an endpoint the catalog does not list is likely', () => {
    const text = `${AXIOS}// scim sync
interface ScimUser { accountStatus: string }
export async function inactive(org: string, id: string) {
  const { data } = await api.get<ScimUser>(\`/identity/scim/\${org}/v2/Users/\${id}\`);
  return data.accountStatus === 'Inactive';
}
export async function person(id: string) {
  const { data } = await api.get(\`/people/\${id}\`);
  return data.accountStatus === 'Inactive';
}
`;
    expect(check(ID, text).filter((s) => s.startsWith('7:') || s.startsWith('11:'))).toEqual(['7:certain', '11:likely']);
  });
});

describe('scim-account-status-array: PatchOp operations go to a SCIM user', () => {
  const ID = 'scim-account-status-array';
  const patch = (resource: string) => `const SCIM = 'https://webexapis.com/identity/scim';
export const op = (org: string, id: string) => fetch(\`\${SCIM}/\${org}/v2/${resource}/\${id}\`, {
  method: 'PATCH',
  body: JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'accountStatus', value: 'Inactive' }] }),
});
`;
  it('a constant compared with an attribute of each user listed by Search users: certain', () => {
    const text = `const SCIM = 'https://webexapis.com/identity/scim';
const INACTIVE = 'Inactive';
export async function suspended(orgId: string) {
  const res = await fetch(\`\${SCIM}/\${orgId}/v2/Users\`);
  const { Resources } = await res.json();
  return Resources.filter((u: { accountStatus: string }) => u.accountStatus === INACTIVE);
}
`;
    expect(check(ID, text)).toEqual(['6:certain']);
  });
  it('sent to Update a user with PATCH: certain; the same operation sent to a group (not listed for this notice): likely', () => {
    expect(check(ID, patch('Users'))).toEqual(['4:certain']);
    expect(matches(ID, patch('Users'))[0].confidenceReason).toBe('sent to PATCH /identity/scim/{orgId}/v2/Users/{userId}');
    expect(check(ID, patch('Groups'))).toEqual(['4:likely']);
    untouched(ID, patch('Groups'));
  });
});

describe('number-of-rings-range: call forwarding, voicemail and sequential ring, not hunt groups', () => {
  const ID = 'number-of-rings-range';
  it('sent to Configure Voicemail Settings for a Workspace: certain; to Update a Hunt Group: not reported', () => {
    const text = `${AXIOS}export const vm = (id: string) => api.put(\`/telephony/config/workspaces/\${id}/voicemail\`, { sendUnansweredCalls: { enabled: true, numberOfRings: 1 } });
export const hg = (loc: string, id: string) => api.put(\`/telephony/config/locations/\${loc}/huntGroups/\${id}\`, { callPolicies: { noAnswer: { numberOfRings: 30 } } });
`;
    expect(check(ID, text)).toEqual(['3:certain']);
  });
});

describe('token-endpoint-required-parameters: POST /access_token', () => {
  it('a refresh without the client secret: certain', () => {
    const text = `export const refresh = (t: string) => fetch('https://webexapis.com/v1/access_token', { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'c', refresh_token: t }) });\n`;
    expect(check('token-endpoint-required-parameters', text)).toEqual(['1:certain']);
  });
});

describe('scopes without endpoints: the detector\'s own context decides, the scope says where', () => {
  it('webhook header lookups, the legacy API host and calling name placeholders keep their findings', () => {
    expect(check('webhook-header-names-lowercase', `export const sig = (event: any) => event.headers['X-Spark-Signature'];\n`)).toEqual(['1:certain+fix']);
    expect(check('legacy-api-host', `export const BASE = 'https://api.ciscospark.com/v1';\n`)).toEqual(['1:certain+fix']);
    expect(check('calling-name-placeholder-null', `${AXIOS}export const save = (id: string) => api.put(\`/telephony/config/virtualLines/\${id}\`, { firstName: '.', lastName: 'x' });\n`)).toEqual(['3:certain']);
  });
});

describe('a user catalog (--notices) can scope its own detections', () => {
  it('a property renamed on one endpoint: certain there, likely on an endpoint it does not list, silent on one it lists as another use, likely untied', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'collab-scope-'));
    try {
      const file = path.join(dir, 'extra.json');
      writeFileSync(file, JSON.stringify({
        version: 1,
        references: { 'https://developer.webex.com/docs/api/changelog': 'Webex API changelog' },
        notices: [{
          id: 'acme-room-tag-renamed', title: 'Room tag renamed', summary: 'An internal rename.', area: 'messaging', status: 'dated', effective: '2026-01-01', precision: 'day', breaking: true,
          source: { section: 'internal', url: 'https://developer.webex.com/docs/api/changelog' }, instead: 'Use `tagName`.', fix: 'autofix',
          detections: [{ kind: 'property', names: ['tag'], renameTo: 'tagName', scope: { endpoints: [{ path: '/rooms/{roomId}', methods: ['PUT'], side: 'request', source: 'https://developer.webex.com/docs/api/changelog' }], others: [{ path: '/memberships/{membershipId}', methods: ['PUT'], side: 'request', source: 'https://developer.webex.com/docs/api/changelog' }] } }],
        }],
      }));
      const extra = loadCatalog({ extraFiles: [file] });
      const run = (text: string) => analyzeFile({ filename: 'a.ts', text }, { catalog: extra, notices: extra.notices.filter((n) => n.id === 'acme-room-tag-renamed') }).matches;
      expect(summary(run(`${AXIOS}export const a = (id: string) => api.put(\`/rooms/\${id}\`, { title: 't', tag: 'x' });\n`))).toEqual(['3:certain+fix']);
      expect(summary(run(`${AXIOS}export const b = (id: string) => api.put(\`/teams/\${id}\`, { name: 't', tag: 'x' });\n`))).toEqual(['3:likely']);
      expect(summary(run(`${AXIOS}export const b = (id: string) => api.put(\`/memberships/\${id}\`, { isModerator: true, tag: 'x' });\n`))).toEqual([]);
      expect(summary(run(`${AXIOS}export const c = { tag: 'x' };\n`))).toEqual(['3:likely']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
