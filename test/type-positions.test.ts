/**
 * Issue 26, shape 11: values written in TypeScript types (`TrunkStatus['errorCodes']` arrays of literal codes,
 * indexed-access and union types, `type Code = 'E1001' | 'E1002'`) are read like values, with the value fix
 * in its transitional and final forms. Look-alikes: an application's own code types, a field of another name.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fixFile } from '../engine/fix/edits.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const TRUNK = 'trunk-error-codes-renamed';

function matches(id: string, text: string, today?: string): Match[] {
  const notices = catalog.notices.filter((n) => n.id === id);
  const r = analyzeFile({ filename: 'a.ts', text }, { catalog, notices, engine: today ? { today } : {} });
  expect(r.parseError).toBeUndefined();
  return r.matches;
}

function fixed(id: string, text: string, today: string): string {
  const notices = catalog.notices.filter((n) => n.id === id);
  return fixFile({ filename: 'a.ts', text }, { catalog, notices, engine: { today } }).output;
}

const summary = (ms: Match[]): string[] => ms.map((m) => `${m.loc.start.line}:${m.data.value}:${m.confidence}${m.fix ? '+fix' : ''}`);

const GET_TRUNK = `export async function status(api: { get<T>(u: string): Promise<{ data: T }> }, id: string) {
  const { data } = await api.get<TrunkStatus>(\`/telephony/config/premisePstn/trunks/\${id}\`);
  return data;
}
`;

describe('trunk error codes in types', () => {
  it('a member type, a union alias used by the member, an indexed-access value: certain where the type is the response of Get a Trunk', () => {
    const text = `type DnsCode = 'E1001' | 'E1002';
interface TrunkStatus { name: string; errorCodes: ('E1003' | DnsCode)[]; legacy?: ReadonlyArray<'E1004'> }
export const KNOWN: TrunkStatus['errorCodes'] = ['E1005'];
${GET_TRUNK}`;
    expect(summary(matches(TRUNK, text, '2026-11-26'))).toEqual([
      '1:E1001:certain+fix',
      '1:E1002:certain+fix',
      '2:E1003:certain+fix',
      '3:E1005:certain+fix',
    ]);
  });

  it('final and transitional forms: a union gains the new code, then loses the old one; a lone value becomes a union in parentheses', () => {
    const text = `interface TrunkStatus { errorCodes: ('E1001' | 'E1002')[]; detail: { errorCodes: 'E1003'[] } }\n${GET_TRUNK}`;
    const final = fixed(TRUNK, text, '2026-11-26');
    expect(final.split('\n')[0]).toBe("interface TrunkStatus { errorCodes: ('F_TO_FQDN_DNS_FAILURE' | 'F_TO_CONN_TRANSPORT_ISSUE')[]; detail: { errorCodes: 'F_TO_CONN_CERT_INVALID_CA'[] } }");
    const transitional = fixed(TRUNK, text, '2025-01-23');
    expect(transitional.split('\n')[0]).toBe(
      "interface TrunkStatus { errorCodes: ('E1001' | 'F_TO_FQDN_DNS_FAILURE' | 'E1002' | 'F_TO_CONN_TRANSPORT_ISSUE')[]; detail: { errorCodes: ('E1003' | 'F_TO_CONN_CERT_INVALID_CA')[] } }",
    );
    // The transitional form is migrated before the date, and contracts to the final form on it.
    expect(matches(TRUNK, transitional, '2025-01-23')).toEqual([]);
    expect(fixed(TRUNK, transitional, '2026-11-26')).toBe(final);
    expect(fixed(TRUNK, final, '2026-11-26')).toBe(final);
  });

  it('a types file about trunks with no call: likely (a suggestion, never an autofix)', () => {
    const types = `interface TrunkStatus { errorCodes: ('E1001' | 'E1002')[] }\nexport type { TrunkStatus };\n`;
    expect(summary(matches(TRUNK, types))).toEqual(['1:E1001:likely', '1:E1002:likely']);
  });

  it('look-alikes: an application type of its own codes, another member', () => {
    const own = `type AppError = 'E1001' | 'E1002';\ninterface Failure { code: AppError; errorCodes?: string[] }\nexport const f: Failure = { code: 'E1001' };\n`;
    expect(matches(TRUNK, own)).toEqual([]);
    const otherMember = `interface Device { errorCodes: string[]; lastCode: 'E1001' }\n${GET_TRUNK.replace('TrunkStatus', 'Device')}`;
    expect(matches(TRUNK, otherMember)).toEqual([]);
  });

  it('a devices response (the catalog lists /devices as using errorCodes for something else) stays quiet', () => {
    const text = `interface DeviceStatus { errorCodes: ('E1001')[] }
export async function dev(api: { get<T>(u: string): Promise<{ data: T }> }) {
  return (await api.get<DeviceStatus>('/devices')).data;
}
`;
    expect(matches(TRUNK, text)).toEqual([]);
  });
});

describe('license codes and names in types', () => {
  it('a union of license error codes in a license file is compared like values', () => {
    const text = `type LicenseErrorCode = 400704 | 400706;
export async function assign(api: { patch(u: string, b: unknown): Promise<{ data: { code: LicenseErrorCode } }> }) {
  const { data } = await api.patch('/licenses/users', { email: 'a@b.c', licenses: [] });
  return data.code;
}
`;
    expect(summary(matches('license-partial-success', text)).map((s) => s.replace(/:(certain|likely).*/, ''))).toEqual(['1:400704', '1:400706']);
  });

  it('license names in a type are the values of the platform', () => {
    const text = `export type CallingLicense = 'Single License - Webex Calling' | 'Webex Calling';\n`;
    // The union already holds the new name: migrated, and contracted once the new name is in force.
    expect(matches('license-names-shortened', text, '2026-01-25')).toEqual([]);
    expect(matches('license-names-shortened', text, '2026-11-26').map((m) => m.messageId)).toEqual(['valueFallback']);
    expect(fixed('license-names-shortened', text, '2026-11-26')).toBe(`export type CallingLicense = 'Webex Calling';\n`);
    const alone = `export function isCalling(l: { name: 'Single License - Webex Calling' | 'Single License - Webex Suite' }) {\n  return l;\n}\n`;
    expect(fixed('license-names-shortened', alone, '2026-11-26')).toBe(`export function isCalling(l: { name: 'Webex Calling' | 'Webex Suite' }) {\n  return l;\n}\n`);
    expect(fixed('license-names-shortened', alone, '2026-01-25')).toBe(
      `export function isCalling(l: { name: 'Single License - Webex Calling' | 'Webex Calling' | 'Single License - Webex Suite' | 'Webex Suite' }) {\n  return l;\n}\n`,
    );
  });
});

describe('scim accountStatus typed as one string', () => {
  const SCIM = 'scim-account-status-array';
  it('a member typed as a string literal or union is reported once', () => {
    const text = `interface ScimUser { userName: string; accountStatus?: 'Active' | 'Inactive' }
export async function list(orgId: string): Promise<ScimUser[]> {
  const res = await fetch(\`https://webexapis.com/identity/scim/\${orgId}/v2/Users\`);
  return (await res.json()).Resources;
}
`;
    const found = matches(SCIM, text);
    expect(found.map((m) => [m.loc.start.line, m.data.value])).toEqual([[1, 'Active']]);
  });

  it('look-alike: accountStatus as an array of the new values, or another field', () => {
    const text = `interface ScimUser { accountStatus?: ('Suspended' | 'Fraud')[]; status: 'Inactive' }
export const scim = (orgId: string) => fetch(\`https://webexapis.com/identity/scim/\${orgId}/v2/Users\`);
`;
    expect(matches(SCIM, text)).toEqual([]);
  });
});

describe('number of rings typed as literal values', () => {
  it('a value outside 2..20 in a member type of call forwarding settings is reported; values inside are not', () => {
    const text = `interface NoAnswer { enabled: boolean; numberOfRings: 1 | 5 | 25 }
export const save = (id: string, body: { callForwarding: { noAnswer: NoAnswer } }) => fetch(\`https://webexapis.com/v1/people/\${id}/features/callForwarding\`, { method: 'PUT', body: JSON.stringify(body) });
`;
    expect(matches('number-of-rings-range', text).map((m) => [m.loc.start.line, m.data.value])).toEqual([[1, '1'], [1, '25']]);
    expect(matches('number-of-rings-range', text.replace('1 | 5 | 25', '2 | 5 | 20'))).toEqual([]);
  });
});
