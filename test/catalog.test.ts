import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  builtinCatalogPath,
  knownDetectionKinds,
  CatalogError,
  loadCatalog,
  mergeCatalogs,
  packageRoot,
  parseCatalog,
  parseExtraCatalog,
  parseJsonText,
  suggestId,
} from '../engine/catalog/catalog.js';
import { addDays } from '../engine/catalog/dates.js';
import type { Catalog, ExtraCatalog, Notice } from '../engine/types.js';

const repoRoot = packageRoot();
const sharedCatalogMd = resolve(repoRoot, '../shared/CATALOG.md');
const seedFile = resolve(repoRoot, '../shared/seed/000_d16878d109f8438f.txt');
const rawCatalog = (): Catalog => JSON.parse(readFileSync(builtinCatalogPath(), 'utf8')) as Catalog;
const loaded = loadCatalog();

describe('the built-in catalog', () => {
  it('is found from the sources, points at its schema and loads', () => {
    expect(builtinCatalogPath()).toBe(join(repoRoot, 'notices.json'));
    const text = readFileSync(builtinCatalogPath(), 'utf8');
    expect(Object.keys(JSON.parse(text) as object)[0]).toBe('$schema');
    expect((JSON.parse(text) as Catalog).$schema).toBe('./notices.schema.json');
    expect(loaded.notices.length).toBeGreaterThan(40);
    expect(loaded.get('legacy-api-host')?.fix).toBe('autofix');
    expect(loaded.get('no-such-notice')).toBeUndefined();
    expect(loaded.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(loadCatalog()).toBe(loaded); // cached per process
  });

  it('is frozen so no caller can change the shared copy', () => {
    expect(Object.isFrozen(loaded.notices)).toBe(true);
    expect(Object.isFrozen(loaded.notices[0].source)).toBe(true);
  });

  it('holds the hosts and scopes as data', () => {
    expect(loaded.hosts.apiBase).toBe('https://webexapis.com/v1');
    expect(loaded.hosts.api).toEqual(expect.arrayContaining(['webexapis.com', 'api.ciscospark.com']));
    expect(loaded.hosts.legacyApi).toEqual(['api.ciscospark.com']);
    expect(loaded.hosts.callHistory.legacy).toBe('analytics.webexapis.com');
    expect(Object.keys(loaded.hosts.callHistory.regional).sort()).toEqual(['au', 'eu', 'in', 'us']);
    for (const s of ['spark:kms', 'spark-admin:calling_cdr_read', 'Identity:contact', 'meeting:schedules_read', 'audit:events_read', 'guest-issuer:write']) {
      expect(loaded.knownScopes.has(s), s).toBe(true);
    }
    expect([...loaded.knownScopes].some((s) => s.includes('<brand>'))).toBe(false);
    expect(loaded.scopes.note).toMatch(/<brand>square:get_conversation/);
  });

  it('knows every scope the seed lists in 2.4 (except the placeholder one)', () => {
    if (!existsSync(seedFile)) return;
    const seed = readFileSync(seedFile, 'utf8');
    const section = seed.slice(seed.indexOf('### 2.4'), seed.indexOf('### 2.3 Other field names'));
    const listed = [...section.matchAll(/`([^`\s]+:[^`\s]+)`/g)].map((m) => m[1]).filter((s) => !s.includes('<brand>'));
    expect(listed.length).toBeGreaterThan(130);
    for (const s of listed) expect(loaded.knownScopes.has(s), s).toBe(true);
  });

  it('orders each notice\'s fields consistently and has an example for every notice', () => {
    for (const n of loaded.notices) {
      expect(n.example, n.id).toBeDefined();
      expect(n.summary.length, n.id).toBeGreaterThan(40);
      expect(n.instead.length, n.id).toBeGreaterThan(5);
      if (n.status === 'informational') expect(n.reason, n.id).toBeTruthy();
    }
  });
});

describe('ids of ../shared/CATALOG.md', () => {
  const md = existsSync(sharedCatalogMd) ? readFileSync(sharedCatalogMd, 'utf8') : undefined;

  it.skipIf(md === undefined)('every detection-table id is a notice, with the table\'s date or status', () => {
    const rows = [...md!.matchAll(/^\| ([a-z0-9]+(?:-[a-z0-9]+)+) \| ([^|]+) \|/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const [, id, when] of rows) {
      const n = loaded.get(id);
      expect(n, id).toBeDefined();
      if (n!.status === 'informational') {
        expect(n!.reason, `${id} was made informational: it must say why`).toBeTruthy();
        continue;
      }
      if (/^pending/.test(when.trim())) expect(n!.status, id).toBe('pending');
      else if (/^contract/.test(when.trim())) expect(n!.status, id).toBe('contract');
      else {
        const effective = /effective (\d{4}-\d{2}-\d{2})/.exec(when)?.[1] ?? /\d{4}-\d{2}-\d{2}/.exec(when)![0];
        expect(n!.effective, id).toBe(effective);
      }
    }
  });

  it.skipIf(md === undefined)('every informational id is a notice, and legacy-api-host exists', () => {
    const section = md!.slice(md!.indexOf('## Informational notices'));
    const list = section.slice(section.indexOf('at least:') + 'at least:'.length);
    const ids = list
      .split(',')
      .map((item) => /^\s*([a-z0-9]+(?:-[a-z0-9]+)+)\s*(?:\(([^)]*)\))?\s*\.?\s*$/.exec(item.replace(/\n/g, ' ').replace(/\. A detection.*$/s, '')))
      .filter((m): m is RegExpExecArray => m !== null);
    expect(ids.length).toBeGreaterThanOrEqual(18);
    for (const [, id, when] of ids) {
      const n = loaded.get(id);
      expect(n, id).toBeDefined();
      if (when !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(when) && n!.status !== 'contract' && n!.status !== 'pending') {
        expect(n!.effective, id).toBe(when);
      }
    }
    const added = /add notice `([a-z0-9-]+)`/.exec(md!)?.[1];
    expect(added).toBe('legacy-api-host');
    expect(loaded.get(added!)).toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Every date equals the seed's. The seed's words are read at test time and turned into days by
// CATALOG.md's rules for vague wording; the mapping below only says which line of the seed holds a
// notice's dates and which of that line's dates is which field.
// ---------------------------------------------------------------------------------------------

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const lastDay = (y: number, m: number) => addDays(`${y}-${String(m + 1 > 12 ? 1 : m + 1).padStart(2, '0')}-01`.replace(/^(\d+)/, m + 1 > 12 ? String(y + 1) : String(y)), -1);
const day = (y: number | string, m: number | string, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The days a line of the seed names, in order, by CATALOG.md's rules ("mid 2026-07" -> 2026-07-15, ...). */
function seedDates(line: string): string[] {
  const month = `(${MONTHS.join('|')})`;
  const re = new RegExp(
    [
      `end of ${month} (\\d{4})`,
      `mid (\\d{4})-(\\d{2})`,
      `first week of (\\d{4})-(\\d{2})`,
      `after (\\d{4}-\\d{2}-\\d{2})`,
      `(\\d{4}-\\d{2}-\\d{2})`,
      `(\\d{4})-(\\d{2})(?![-\\d])`,
      `${month}(?: (\\d{4}))?`,
    ].join('|'),
    'g',
  );
  const out: string[] = [];
  for (const m of line.matchAll(re)) {
    const g = m.slice(1);
    if (g[0]) out.push(lastDay(Number(g[1]), MONTHS.indexOf(g[0]) + 1));
    else if (g[2]) out.push(day(g[2], g[3], 15));
    else if (g[4]) out.push(day(g[4], g[5], 1));
    else if (g[6]) out.push(addDays(g[6], 1));
    else if (g[7]) out.push(g[7]);
    else if (g[8]) out.push(day(g[8], g[9], 1));
    else if (g[10]) {
      const year = g[11] ?? /\d{4}/.exec(line.slice(m.index! + m[0].length))?.[0];
      out.push(day(year!, MONTHS.indexOf(g[10]) + 1, 1));
    }
  }
  return out;
}

type Field = 'announced' | 'deprecated' | 'effective';
interface SeedDates {
  /** A substring of exactly one line of the seed (table row or paragraph). */
  line: string;
  /** Index, into that line's dates, of each field. */
  fields?: Partial<Record<Field, number>>;
  dateHistory?: number[];
  milestones?: number[];
  /** Another line holding the milestones' dates (all of that line's dates, in order). */
  milestonesLine?: string;
}

const SEED_DATES: Record<string, SeedDates | 'none'> = {
  'trunk-error-codes-renamed': { line: '| 2024-01-24 notice, effective 2025-01-24 |', fields: { announced: 0, effective: 1 } },
  'hunt-group-business-continuity-removed': { line: '`businessContinuity` object removed from hunt group', fields: { effective: 0 } },
  'workspace-answer-confirmation-renamed': { line: 'renamed `answerConfirmationRequiredEnabled`', fields: { effective: 0 } },
  'test-call-routing-fields-removed': { line: 'removed from the Test Call Routing response', fields: { effective: 0 } },
  'rooms-meeting-info-deprecated': { line: '`rooms/meetingInfo` may be shut down', fields: { effective: 0 } },
  'location-pstn-connection-moved': { line: 'PSTN connection type and id no longer updated', fields: { effective: 0 } },
  'shared-line-index-required': { line: '| 2025-03-02 | `sharedLineIndex` mandatory', fields: { effective: 0 } },
  'get-request-content-type': { line: '| 2025-09-08 | stricter request header validation', fields: { effective: 0 } },
  'form-content-type-json-body': { line: '| 2025-09-08 | stricter request header validation', fields: { effective: 0 } },
  'caller-id-name-fields-deprecated': { line: '| from 2025-09 | deprecated `firstName`', fields: { deprecated: 0, effective: 1 } },
  'virtual-line-caller-id-names-deprecated': { line: '| from 2025-09 | deprecated `firstName`', fields: { deprecated: 0, effective: 1 } },
  'call-history-page-size': { line: '| 2025-10-31 / 2026-01-30 | detailed call history limits', fields: { effective: 0 } },
  'call-history-query-window': { line: '| 2025-10-31 / 2026-01-30 | detailed call history limits', fields: { effective: 1 } },
  'call-history-request-rates': { line: '| 2025-10-31 / 2026-01-30 | detailed call history limits', fields: { effective: 0 } },
  'guest-jwt-exp-integer': { line: '| 2025-11-01 | guest JWT `exp`', fields: { effective: 0 } },
  'guest-issuer-end-of-life': { line: 'end of life is 2025-12-31 as announced on 2024-10-11', fields: { effective: 1, announced: 2 }, milestones: [0] },
  'license-partial-success': { line: 'status 206 Partial Content', fields: { effective: 0 }, dateHistory: [1] },
  'license-names-shortened': { line: '| 2026-01-26 | license names in `/licenses` shortened', fields: { effective: 0 } },
  'license-names-further-renamed': { line: '| 2026-04-27 / 2026-06-29 | further license name changes', fields: { effective: 0 }, milestones: [1] },
  'call-history-regional-hosts': { line: '| 2026-02-27 | detailed call history moves', fields: { effective: 0 }, milestones: [1] },
  'phone-numbers-query-max': { line: '| 2026-03-15 | `phoneNumbers` maximum 20 |', fields: { effective: 0 } },
  'telephony-calls-filter-number': { line: 'The filter named `address` is renamed `number`', fields: { effective: 0 } },
  'devices-ids-nullable': { line: '| 2026-04-27 | `id`, `webexDeviceId`', fields: { effective: 0 } },
  'cors-localhost-origins': { line: '| 2026-05-01 | no CORS headers', fields: { effective: 0 } },
  'webhook-header-names-lowercase': { line: '| after 2026-05-18 | webhook header names', fields: { effective: 0 } },
  'calling-name-placeholder-null': { line: '| 2026-03 to 2026-07 |', fields: { effective: 1 }, dateHistory: [2, 3, 4] },
  'recording-vendor-storage-region-removed': { line: '| mid 2026-07 |', fields: { effective: 0 } },
  'scim-account-status-array': { line: '| 2026-07-28 | SCIMv2 `accountStatus`', fields: { effective: 0 }, dateHistory: [1, 2] },
  'large-org-location-required': { line: '| 2026-09-09 | `location` mandatory', fields: { effective: 0 } },
  'webhook-signature-sha1': { line: 'carries HMAC-SHA256 or HMAC-SHA512 of the payload (since', fields: { effective: 0 } },
  'xml-api-password-login-removed': { line: '| 2024-11-30 | XML API drops', fields: { effective: 0 } },
  'tls-certificate-issuer-changed': { line: 'TLS: the certificate issuer changed on', fields: { effective: 0 } },
  'people-api-rate-limits-tightened': { line: 'The People API rate limits were tightened on', fields: { effective: 0 } },
  'shared-line-members-new-variants': { line: 'Shared-Line Appearance Members and Retrieve', fields: { effective: 0 } },
  'post-body-parameters-enforced': { line: 'rejected by the stricter gateway (regional rollout from', fields: { effective: 0 } },
  'client-sdk-v2-end-of-life': { line: 'the older client SDK v2 reaches end of life', fields: { effective: 0 } },
  'call-records-history-30-days': { line: '| partner and customer call-record APIs, history depth |', fields: { announced: 0, effective: 0 } },
  'telephony-webhook-resources-added': { line: 'Webhook resource types added', fields: { effective: 0 } },
  'people-email-case-change': { line: '| 2026-03-01 | People update', fields: { effective: 0 } },
  'messages-created-scheduled': { line: 'also when a scheduled message is sent', fields: { effective: 0 } },
  'recording-vendor-member-type-id': { line: '| first week of 2026-11 |', fields: { effective: 0 } },
};

describe('every date equals the seed', () => {
  const seed = existsSync(seedFile) ? readFileSync(seedFile, 'utf8') : undefined;

  it('reads vague wording by CATALOG.md\'s rules', () => {
    expect(seedDates('mid 2026-07')).toEqual(['2026-07-15']);
    expect(seedDates('first week of 2026-11')).toEqual(['2026-11-01']);
    expect(seedDates('after 2026-05-18')).toEqual(['2026-05-19']);
    expect(seedDates('at the end of March 2026')).toEqual(['2026-03-31']);
    expect(seedDates('end of February 2028')).toEqual(['2028-02-29']);
    expect(seedDates('end of December 2026')).toEqual(['2026-12-31']);
    expect(seedDates('moved from March to May, June and then July 2026')).toEqual(['2026-03-01', '2026-05-01', '2026-06-01', '2026-07-01']);
    expect(seedDates('| from 2025-09 | x |')).toEqual(['2025-09-01']);
  });

  it.skipIf(seed === undefined)('the section 9 table has a notice for every row', () => {
    const section9 = seed!.slice(seed!.indexOf('## 9. Versioning'));
    const rows = section9.split('\n').filter((l) => /^\| [^-E]/.test(l) && !l.startsWith('| Effective'));
    expect(rows.length).toBeGreaterThanOrEqual(25);
    const mapped = Object.values(SEED_DATES).filter((v): v is SeedDates => v !== 'none').map((v) => v.line);
    const unmapped = rows.filter((row) => !mapped.some((key) => row.includes(key)));
    // Rows a notice covers without a per-field mapping (their facts are in other sections' lines).
    const coveredElsewhere = ['trunk `errorCodes` renamed', 'detailed call history limits', 'guest issuer end of life', '`storageRegion`', '`phoneNumbers` maximum'];
    expect(unmapped.filter((row) => !coveredElsewhere.some((k) => row.includes(k)))).toEqual([]);
  });

  const dated = loaded.notices.filter((n) => n.effective !== undefined || n.announced !== undefined || n.deprecated !== undefined);
  for (const n of dated) {
    it.skipIf(seed === undefined)(`${n.id}`, () => {
      const map = SEED_DATES[n.id];
      if (n.id === 'legacy-api-host') {
        // Not in the seed: from CATALOG.md's facts taken from public documentation.
        const md = readFileSync(sharedCatalogMd, 'utf8');
        expect(md).toMatch(new RegExp(`announced\\s+${n.announced}`));
        return;
      }
      expect(map, `map ${n.id} to its line of the seed in SEED_DATES`).toBeDefined();
      expect(map).not.toBe('none');
      const spec = map as SeedDates;
      const lines = seed!.split('\n').filter((l) => l.includes(spec.line));
      expect(lines, `exactly one seed line contains ${JSON.stringify(spec.line)}`).toHaveLength(1);
      const found = seedDates(lines[0]);
      const expected: Partial<Record<Field, string>> = {};
      for (const [field, i] of Object.entries(spec.fields ?? {})) expected[field as Field] = found[i];
      expect({ announced: n.announced, deprecated: n.deprecated, effective: n.effective }).toEqual({
        announced: expected.announced,
        deprecated: expected.deprecated,
        effective: expected.effective,
      });
      expect(n.dateHistory ?? []).toEqual((spec.dateHistory ?? []).map((i) => found[i]));
      const milestoneDates = spec.milestonesLine !== undefined
        ? seedDates(seed!.split('\n').find((l) => l.includes(spec.milestonesLine!))!)
        : (spec.milestones ?? []).map((i) => found[i]);
      expect((n.milestones ?? []).map((m) => m.date)).toEqual(milestoneDates);
    });
  }

  const valueMaps = (id: string) =>
    loaded.get(id)!.detections.filter((d) => d.kind === 'value-map').map((d) => (d as unknown as { map: Record<string, string | null> }).map);

  it.skipIf(seed === undefined || valueMaps('trunk-error-codes-renamed').length === 0)('the trunk error code map is the seed\'s section 7 table', () => {
    const table = Object.fromEntries([...seed!.matchAll(/^\| (E1\d{3}) \| ([A-Z_]+) \|$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(table)).toHaveLength(17);
    const merged = Object.assign({}, ...valueMaps('trunk-error-codes-renamed')) as Record<string, string>;
    expect(Object.fromEntries(Object.entries(merged).filter(([k]) => /^E1\d{3}$/.test(k)))).toEqual(table);
  });

  it.skipIf(seed === undefined || valueMaps('license-partial-success').length === 0)('the license error code map is the seed\'s', () => {
    const pairs = [...seed!.matchAll(/code `(\d+)`[^|]*\(replaces `(\d+)`/g)].map((m) => [m[2], m[1]]);
    expect(pairs).toHaveLength(3);
    const merged = Object.assign({}, ...valueMaps('license-partial-success')) as Record<string, string>;
    for (const [old, now] of pairs) expect(String(merged[old]), old).toBe(now);
  });

  it('notices without a date in the seed have none', () => {
    for (const id of ['number-of-rings-range', 'legacy-list-recordings', 'number-move-max-1000', 'pstn-setup-extra-scope', 'virtual-extension-identity-contact-scope', 'desk-phone-configuration-operations', 'breakout-report-order', 'meeting-fields-added', 'oauth-token-lifetimes', 'token-endpoint-required-parameters', 'webhook-admin-batch-jobs', 'recording-fields-added', 'device-fields-added', 'executive-settings-values', 'wholesale-billing-report-fields']) {
      expect(loaded.get(id)?.effective, id).toBeUndefined();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Malformed catalogs
// ---------------------------------------------------------------------------------------------

function expectCatalogError(fn: () => unknown, expected: { noticeId?: string; pointer: string; message: RegExp; file?: string }): CatalogError {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CatalogError);
  const ce = error as CatalogError;
  expect(ce.noticeId).toBe(expected.noticeId);
  expect(ce.pointer).toBe(expected.pointer);
  expect(ce.message).toMatch(expected.message);
  if (expected.file !== undefined) expect(ce.file).toBe(expected.file);
  return ce;
}

const indexOf = (c: Catalog, id: string) => c.notices.findIndex((n) => n.id === id);

describe('malformed catalogs fail naming the notice and the JSON pointer', () => {
  const cases: { name: string; mutate: (c: Catalog) => void; id: string; field: string; message: RegExp }[] = [
    { name: 'missing field', id: 'devices-ids-nullable', field: 'title', mutate: (c) => delete (c.notices[indexOf(c, 'devices-ids-nullable')] as Partial<Notice>).title, message: /missing required field "title"/ },
    { name: 'bad date 2026-02-30', id: 'scim-account-status-array', field: 'effective', mutate: (c) => (c.notices[indexOf(c, 'scim-account-status-array')].effective = '2026-02-30'), message: /invalid date "2026-02-30"/ },
    { name: 'bad date shape', id: 'scim-account-status-array', field: 'effective', mutate: (c) => (c.notices[indexOf(c, 'scim-account-status-array')].effective = '28 July 2026'), message: /does not match/ },
    { name: 'bad date in dateHistory', id: 'scim-account-status-array', field: 'dateHistory/1', mutate: (c) => (c.notices[indexOf(c, 'scim-account-status-array')].dateHistory = ['2026-05-28', '2026-06-31']), message: /invalid date "2026-06-31"/ },
    { name: 'duplicate id', id: 'cors-localhost-origins', field: 'id', mutate: (c) => c.notices.push({ ...c.notices[indexOf(c, 'cors-localhost-origins')] }), message: /duplicate id "cors-localhost-origins" \(first at \/notices\/\d+\)/ },
    { name: 'unknown detection kind', id: 'webhook-header-names-lowercase', field: 'detections/0/kind', mutate: (c) => (c.notices[indexOf(c, 'webhook-header-names-lowercase')].detections = [{ kind: 'header-lookupp' } as never]), message: /unknown detection kind "header-lookupp".*known kinds: .*custom/ },
    { name: 'effective before announced', id: 'trunk-error-codes-renamed', field: 'effective', mutate: (c) => (c.notices[indexOf(c, 'trunk-error-codes-renamed')].effective = '2024-01-23'), message: /effective 2024-01-23 is before announced 2024-01-24/ },
    { name: 'deprecated after effective', id: 'caller-id-name-fields-deprecated', field: 'deprecated', mutate: (c) => (c.notices[indexOf(c, 'caller-id-name-fields-deprecated')].deprecated = '2026-04-01'), message: /deprecated 2026-04-01 is after effective 2026-03-31/ },
    { name: 'dated without effective', id: 'cors-localhost-origins', field: 'effective', mutate: (c) => delete c.notices[indexOf(c, 'cors-localhost-origins')].effective, message: /"dated" notice needs an "effective" date/ },
    { name: 'pending with effective', id: 'number-of-rings-range', field: 'effective', mutate: (c) => (c.notices[indexOf(c, 'number-of-rings-range')].effective = '2027-01-01'), message: /"pending" notice has no "effective"/ },
    { name: 'dateHistory not ascending', id: 'scim-account-status-array', field: 'dateHistory/1', mutate: (c) => (c.notices[indexOf(c, 'scim-account-status-array')].dateHistory = ['2026-06-29', '2026-05-28']), message: /not in ascending order/ },
    { name: 'dateHistory not before effective', id: 'scim-account-status-array', field: 'dateHistory/1', mutate: (c) => (c.notices[indexOf(c, 'scim-account-status-array')].dateHistory = ['2026-05-28', '2026-07-28']), message: /not before effective/ },
    { name: 'informational without reason', id: 'breakout-report-order', field: 'reason', mutate: (c) => delete c.notices[indexOf(c, 'breakout-report-order')].reason, message: /needs a "reason"/ },
    { name: 'informational with a fix', id: 'breakout-report-order', field: 'fix', mutate: (c) => (c.notices[indexOf(c, 'breakout-report-order')].fix = 'autofix'), message: /cannot have fix "autofix"/ },
    { name: 'unknown status', id: 'cors-localhost-origins', field: 'status', mutate: (c) => (c.notices[indexOf(c, 'cors-localhost-origins')].status = 'dead' as never), message: /"dead" is not one of "dated", "pending", "contract", "informational"/ },
    { name: 'unknown fix kind', id: 'cors-localhost-origins', field: 'fix', mutate: (c) => (c.notices[indexOf(c, 'cors-localhost-origins')].fix = 'auto' as never), message: /"auto" is not one of/ },
    { name: 'unknown field', id: 'cors-localhost-origins', field: 'efective', mutate: (c) => ((c.notices[indexOf(c, 'cors-localhost-origins')] as unknown as Record<string, unknown>).efective = '2026-05-01'), message: /unknown field "efective"/ },
    { name: 'id not kebab-case', id: 'Cors_Origins', field: 'id', mutate: (c) => (c.notices[indexOf(c, 'cors-localhost-origins')].id = 'Cors_Origins'), message: /does not match/ },
    { name: 'a scope without endpoints or where', id: 'legacy-api-host', field: 'detections/0/scope', mutate: (c) => delete c.notices[indexOf(c, 'legacy-api-host')].detections[0].scope!.where, message: /scope without endpoints needs "where"/ },
    { name: 'a scope endpoint with a relative path', id: 'trunk-error-codes-renamed', field: 'detections/0/scope/endpoints/0/path', mutate: (c) => (c.notices[indexOf(c, 'trunk-error-codes-renamed')].detections[0].scope!.endpoints[0].path = 'telephony/config/premisePstn/trunks/{trunkId}'), message: /does not match/ },
    { name: 'a scope endpoint with an unknown method', id: 'trunk-error-codes-renamed', field: 'detections/0/scope/endpoints/0/methods/0', mutate: (c) => (c.notices[indexOf(c, 'trunk-error-codes-renamed')].detections[0].scope!.endpoints[0].methods = ['FETCH' as never]), message: /"FETCH" is not one of/ },
    { name: 'vague date without its words', id: 'recording-vendor-storage-region-removed', field: 'effectiveText', mutate: (c) => delete c.notices[indexOf(c, 'recording-vendor-storage-region-removed')].effectiveText, message: /needs the source's own words/ },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const catalog = rawCatalog();
      c.mutate(catalog);
      // The pointer names the notice's index in the file as mutated (a pushed duplicate is the last one).
      const index = c.name === 'duplicate id' ? catalog.notices.length - 1 : catalog.notices.findIndex((n) => n.id === c.id || (c.name === 'missing field' && n.id === c.id));
      const e = expectCatalogError(() => parseCatalog(catalog, 'notices.json'), { noticeId: c.id, pointer: `/notices/${index}/${c.field}`, message: c.message, file: 'notices.json' });
      expect(e.message.startsWith(`notices.json: notice "${c.id}" at /notices/${index}/${c.field}: `)).toBe(true);
    });
  }

  it.skipIf(!knownDetectionKinds().includes('property'))('a detection that edits code under fix "none"', () => {
    const catalog = rawCatalog();
    const i = indexOf(catalog, 'hunt-group-business-continuity-removed');
    catalog.notices[i].fix = 'none';
    catalog.notices[i].detections = [{ kind: 'property', names: ['businessContinuity'], renameTo: 'businessContinuityRedirect' } as never];
    expectCatalogError(() => parseCatalog(catalog, 'notices.json'), { noticeId: 'hunt-group-business-continuity-removed', pointer: `/notices/${i}/detections/0/renameTo`, message: /edits code \("renameTo"\) but the notice's fix is "none"/ });
  });

  it('the documented message shape', () => {
    const catalog = rawCatalog();
    catalog.notices[3].effective = '2026-02-30';
    expect(() => parseCatalog(catalog, 'notices.json')).toThrow(`notices.json: notice "${catalog.notices[3].id}" at /notices/3/effective: invalid date "2026-02-30"`);
  });

  it('document-level errors: version, hosts', () => {
    const noVersion = rawCatalog() as Partial<Catalog>;
    delete noVersion.version;
    expectCatalogError(() => parseCatalog(noVersion, 'notices.json'), { pointer: '/version', message: /missing required field "version"/ });
    const badHost = rawCatalog();
    badHost.hosts.callHistory.regional.eu = 'https://analytics-calling-eu.webexapis.com/';
    expectCatalogError(() => parseCatalog(badHost, 'notices.json'), { pointer: '/hosts/callHistory/regional/eu', message: /is not a host name/ });
    expectCatalogError(() => parseCatalog([], 'x.json'), { pointer: '', message: /must be object/ });
  });

  it('JSON syntax errors carry line and column', () => {
    const e = expectCatalogError(() => parseJsonText('{\n  "version": 1,\n  "notices": [,]\n}\n', 'extra.json'), { pointer: '', message: /^extra\.json:3:15: JSON syntax error: / });
    expect([e.line, e.column]).toEqual([3, 15]);
    // A byte-order mark is not an error.
    expect(parseJsonText('\uFEFF{"a":1}', 'bom.json')).toEqual({ a: 1 });
  });

  it('any corrupted JSON gets a CatalogError with a position inside the text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', 'x', '\n'), (value, at, insert) => {
        const text = JSON.stringify(value, null, 2) ?? 'null';
        const i = at % (text.length + 1);
        const broken = text.slice(0, i) + insert + text.slice(i + (insert === '' ? 1 : 0));
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        if (valid) return;
        const e = expectCatalogError(() => parseJsonText(broken, 'f.json'), { pointer: '', message: /^f\.json:\d+:\d+: JSON syntax error: / });
        const lines = broken.split('\n');
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.line).toBeLessThanOrEqual(lines.length);
        expect(e.column).toBeGreaterThanOrEqual(1);
        expect(e.column).toBeLessThanOrEqual(lines[e.line! - 1].length + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('a malformed extra file fails through loadCatalog with its own name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-migrate-catalog-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "notices": [ { "id": "x" } ');
    expectCatalogError(() => loadCatalog({ extraFiles: [broken] }), { pointer: '', message: new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:\\d+: JSON syntax error`) });
    const missing = join(dir, 'missing.json');
    expectCatalogError(() => loadCatalog({ extraFiles: [missing] }), { pointer: '', message: /cannot read the file \(ENOENT\)/ });
  });
});

// ---------------------------------------------------------------------------------------------
// Extra catalogs and merging
// ---------------------------------------------------------------------------------------------

function extraNotice(fields: Partial<Notice> = {}): Notice {
  return {
    id: 'acme-internal-header', title: 'Our proxy drops X-Legacy', summary: 'Our own API gateway stops forwarding the X-Legacy header on 2027-01-01.',
    area: 'platform', status: 'dated', effective: '2027-01-01', precision: 'day', breaking: true, source: { section: 'internal', url: 'https://intranet.example/notes/42' },
    instead: 'Stop sending X-Legacy.', fix: 'none', detections: [], ...fields,
  };
}

describe('merging a user catalog', () => {
  const base = rawCatalog();

  it('appends new notices and merges hosts and scopes', () => {
    const extra: ExtraCatalog = {
      notices: [extraNotice()],
      hosts: { callHistory: { ...base.hosts.callHistory, regional: { ...base.hosts.callHistory.regional, eu: 'cdr-eu.proxy.example.com' } } },
      scopes: { extra: ['acme:widgets_read'], groups: { meeting: ['meeting:new_scope'] } },
    };
    const merged = mergeCatalogs(base, parseExtraCatalog(extra, 'extra.json'), 'extra.json');
    expect(merged.notices).toHaveLength(base.notices.length + 1);
    expect(merged.notices.at(-1)!.id).toBe('acme-internal-header');
    expect(merged.hosts.callHistory.regional.eu).toBe('cdr-eu.proxy.example.com');
    expect(merged.hosts.callHistory.regional.us).toBe(base.hosts.callHistory.regional.us);
    expect(merged.hosts.apiBase).toBe(base.hosts.apiBase);
    expect(merged.scopes.extra).toEqual([...base.scopes.extra, 'acme:widgets_read']);
    expect(merged.scopes.groups.meeting).toEqual([...base.scopes.groups.meeting, 'meeting:new_scope']);
    expect(base.notices).toHaveLength(rawCatalog().notices.length); // inputs untouched
  });

  it('a duplicate id is an error unless the notice sets "replaces": true', () => {
    const copy = { ...base.notices[indexOf(base, 'scim-account-status-array')], effective: '2026-08-28' };
    const extra: ExtraCatalog = { notices: [extraNotice(), copy] };
    expectCatalogError(() => mergeCatalogs(base, extra, 'extra.json'), { noticeId: 'scim-account-status-array', pointer: '/notices/1/id', message: /duplicate id "scim-account-status-array".*"replaces": true/, file: 'extra.json' });

    const merged = mergeCatalogs(base, { notices: [{ ...copy, replaces: true }] }, 'extra.json');
    expect(merged.notices).toHaveLength(base.notices.length);
    const at = indexOf(merged, 'scim-account-status-array');
    expect(at).toBe(indexOf(base, 'scim-account-status-array')); // same place
    expect(merged.notices[at].effective).toBe('2026-08-28');
  });

  it('"replaces" without a notice to replace is an error with a hint', () => {
    const extra: ExtraCatalog = { notices: [{ ...extraNotice({ id: 'scim-acount-status-array' }), replaces: true }] };
    expectCatalogError(() => mergeCatalogs(base, extra, 'extra.json'), { noticeId: 'scim-acount-status-array', pointer: '/notices/0/replaces', message: /no notice "scim-acount-status-array" to replace\. Did you mean "scim-account-status-array"\?/ });
  });

  it('extra catalogs are validated like ours (schema and semantics), with their own file name', () => {
    expectCatalogError(() => parseExtraCatalog({ notices: [extraNotice({ effective: '2027-02-29' })] }, 'extra.json'), { noticeId: 'acme-internal-header', pointer: '/notices/0/effective', message: /invalid date "2027-02-29"/, file: 'extra.json' });
    expectCatalogError(() => parseExtraCatalog({ notices: [{ ...extraNotice(), detections: [{ kind: 'regex' }] }] }, 'extra.json'), { noticeId: 'acme-internal-header', pointer: '/notices/0/detections/0/kind', message: /unknown detection kind "regex"/ });
    expectCatalogError(() => parseExtraCatalog({ version: 2, notices: [] }, 'extra.json'), { pointer: '/version', message: /unsupported catalog version 2/ });
    expectCatalogError(() => parseExtraCatalog({}, 'extra.json'), { pointer: '/notices', message: /missing required field "notices"/ });
  });

  it('loadCatalog merges extra files in order and changes the hash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-migrate-catalog-'));
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    writeFileSync(first, JSON.stringify({ $schema: '../notices.schema.json', notices: [extraNotice()] }, null, 2));
    writeFileSync(second, JSON.stringify({ notices: [{ ...extraNotice({ effective: '2027-06-01' }), replaces: true }] }));
    const merged = loadCatalog({ extraFiles: [first, second] });
    expect(merged.notices).toHaveLength(loaded.notices.length + 1);
    expect(merged.get('acme-internal-header')!.effective).toBe('2027-06-01');
    expect(merged.hash).not.toBe(loaded.hash);
    expect(loadCatalog({ extraFiles: [first, second] }).hash).toBe(merged.hash); // deterministic
    expect(loadCatalog().notices).toHaveLength(loaded.notices.length); // the built-in copy is unchanged
  });
});

describe('suggestId', () => {
  const ids = loaded.notices.map((n) => n.id);
  it('finds typos and fragments, and nothing for unrelated words', () => {
    expect(suggestId('scim-acount-status-aray', ids)).toBe('scim-account-status-array');
    expect(suggestId('legacy-api-hots', ids)).toBe('legacy-api-host');
    expect(suggestId('CORS-LOCALHOST-ORIGINS', ids)).toBe('cors-localhost-origins');
    expect(suggestId('bearer', ids)).toBe('authorization-bearer-scheme');
    expect(suggestId('banana', ids)).toBeUndefined();
    expect(suggestId('', ids)).toBeUndefined();
    expect(suggestId('x', [])).toBeUndefined();
  });
});
