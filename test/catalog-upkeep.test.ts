/**
 * Catalog upkeep (issue 29): each change class and each noise shape on a small hand-written spec pair, grouping,
 * de-duplication, the rename check, and the `catalog propose` / `catalog check` commands through the built
 * binary: drafts validate against notices.schema.json, load with --notices and report findings on consumer code.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/index.js';
import type { Catalog, Detection, Notice } from '../engine/types.js';
import { readSpec } from '../engine/catalog/upkeep/openapi.js';
import { diffSpecs, type ChangeRecord } from '../engine/catalog/upkeep/spec-diff.js';
import { isInvertedRename } from '../engine/catalog/upkeep/noise.js';
import { observeHistory, observePair, type LoadedVersion, type VersionSource } from '../engine/catalog/upkeep/observe.js';
import { propose, type ProposeOptions } from '../engine/catalog/upkeep/propose.js';
import { checkCatalog } from '../engine/catalog/upkeep/check.js';
import { assertBuilt, cli, cliInProcess, git, tempTrees } from './cli/run.js';
import { errorResponse, obj, op, pathParam, queryParam, ref, spec, str, type Json } from './helpers/openapi.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = path.join(ROOT, 'test/fixtures-openapi');
const catalog: Catalog = loadCatalog().catalog;

const version = (doc: Json, name = 'webex-test', date?: string): LoadedVersion => ({ spec: name, file: `${name}.json`, url: `${name}.json`, ...(date ? { date } : {}), model: readSpec(doc, `${name}.json`) });
const diff = (a: Json, b: Json): ChangeRecord[] => diffSpecs(readSpec(a, 'old.json'), readSpec(b, 'new.json'));
const draftsOf = (a: Json, b: Json, options: Partial<ProposeOptions> = {}): Notice[] =>
  propose(observePair(version(a), version(b)), { catalog, ...options }).drafts.map((d) => d.notice);
const only = <T>(list: readonly T[]): T => {
  expect(list).toHaveLength(1);
  return list[0];
};

const widget = obj({ id: str(), name: str(), legacyCount: { type: 'integer' } });

describe('change classes', () => {
  it('operation removed: a url-path draft scoped to the operation', () => {
    const before = spec({ '/widgets/{widgetId}/info': { get: op({ parameters: [pathParam('widgetId')], response: widget }) }, '/widgets': { get: op({ response: widget }) } });
    const after = spec({ '/widgets': { get: op({ response: widget }) } });
    expect(diff(before, after).map((c) => c.class)).toEqual(['operation-removed']);
    const d = only(draftsOf(before, after));
    expect(d.status).toBe('pending');
    expect(d.breaking).toBe(true);
    expect(d.detections[0]).toMatchObject({ kind: 'url-path', paths: ['(^|/)widgets/[^/]+/info/?$'], scope: { endpoints: [{ path: '/widgets/{widgetId}/info', methods: ['GET'] }] } });
  });

  it('deprecation flag and dated sentence: one draft, dated by the sentence, quoting it', () => {
    const before = spec({ '/gadgets': { get: op({ description: 'Lists gadgets.' }) } });
    const after = spec({ '/gadgets': { get: op({ deprecated: true, description: '<div><Callout type="warning">The Gadgets API is deprecated and will be decommissioned November 30, 2024.</Callout></div> Lists gadgets.' }) } });
    expect(diff(before, after).map((c) => c.class).sort()).toEqual(['deprecation-sentence', 'operation-deprecated']);
    const d = only(draftsOf(before, after));
    expect(d).toMatchObject({ status: 'dated', effective: '2024-11-30', breaking: false, source: { quote: 'The Gadgets API is deprecated and will be decommissioned November 30, 2024.' } });
  });

  it('a deprecation without a date stays pending', () => {
    const d = only(draftsOf(spec({ '/gadgets': { get: op({}) } }), spec({ '/gadgets': { get: op({ deprecated: true }) } })));
    expect(d.status).toBe('pending');
    expect(d.effective).toBeUndefined();
  });

  it('path renamed (same operation id): the old path is detected, the new one is the instead', () => {
    const before = spec({ '/hds/organizations/{orgId}/multiTenant': { get: op({ operationId: 'getTenants', response: widget }) } });
    const after = spec({ '/hds/organizations/{orgId}/tenants': { get: op({ operationId: 'getTenants', response: widget }) } });
    const c = only(diff(before, after));
    expect(c).toMatchObject({ class: 'path-renamed', path: '/hds/organizations/{orgId}/multiTenant', to: '/hds/organizations/{orgId}/tenants' });
    const d = only(draftsOf(before, after));
    expect(d.instead).toContain('/hds/organizations/{orgId}/tenants');
  });

  it('response field removed: a property draft on the response side', () => {
    const before = spec({ '/widgets': { get: op({ response: widget }) } });
    const after = spec({ '/widgets': { get: op({ response: obj({ id: str(), name: str() }) }) } });
    const d = only(draftsOf(before, after));
    expect(d.detections[0]).toMatchObject({ kind: 'property', names: ['legacyCount'], change: 'removed', scope: { endpoints: [{ path: '/widgets', side: 'response' }] } });
  });

  it('request field removed: a request-field draft reporting the field when sent', () => {
    const before = spec({ '/widgets': { post: op({ request: obj({ name: str(), colour: str() }) }) } });
    const after = spec({ '/widgets': { post: op({ request: obj({ name: str() }) }) } });
    const d = only(draftsOf(before, after));
    expect(d.detections[0]).toMatchObject({ kind: 'request-field', in: 'body', fields: ['colour'], present: true, methods: ['POST'] });
  });

  it('field renamed (registrantId -> id): a property rename offered as a suggestion', () => {
    const before = spec({ '/meetings/{meetingId}/registrants': { get: op({ parameters: [pathParam('meetingId')], response: obj({ items: { type: 'array', items: obj({ registrantId: str({ description: 'Registrant ID.' }), email: str() }) } }) }) } });
    const after = spec({ '/meetings/{meetingId}/registrants': { get: op({ parameters: [pathParam('meetingId')], response: obj({ items: { type: 'array', items: obj({ id: str({ description: 'Registrant ID.' }), email: str() }) } }) }) } });
    expect(only(diff(before, after))).toMatchObject({ class: 'field-renamed', field: 'items[].registrantId', to: 'items[].id' });
    const d = only(draftsOf(before, after));
    expect(d.fix).toBe('suggestion');
    expect(d.detections[0]).toMatchObject({ kind: 'property', names: ['registrantId'], renameTo: 'id' });
  });

  it('request field becomes required, and a new required field: request-field required', () => {
    const before = spec({ '/widgets': { post: op({ request: obj({ name: str(), owner: str() }) }) } });
    const after = spec({ '/widgets': { post: op({ request: obj({ name: str(), owner: str(), region: str() }, ['owner', 'region']) }) } });
    expect(diff(before, after).map((c) => [c.class, c.field])).toEqual([
      ['field-required', 'region'],
      ['field-required', 'owner'],
    ]);
    const d = only(draftsOf(before, after));
    expect(d.detections[0]).toMatchObject({ kind: 'request-field', required: true, fields: ['region', 'owner'] });
  });

  it('query parameter becomes required: request-field in the query', () => {
    const before = spec({ '/widgets': { get: op({ parameters: [queryParam('orgId')] }) } });
    const after = spec({ '/widgets': { get: op({ parameters: [queryParam('orgId', { required: true })] }) } });
    expect(only(draftsOf(before, after)).detections[0]).toMatchObject({ kind: 'request-field', in: 'query', fields: ['orgId'], required: true });
  });

  it('enum value dropped from a request field (status: inactive): request-field values', () => {
    const status = (values: string[]) => obj({ name: str(), status: str({ enum: values }) });
    const before = spec({ '/webhooks/{webhookId}': { put: op({ parameters: [pathParam('webhookId')], request: status(['active', 'inactive']) }) } });
    const after = spec({ '/webhooks/{webhookId}': { put: op({ parameters: [pathParam('webhookId')], request: status(['active']) }) } });
    expect(only(diff(before, after))).toMatchObject({ class: 'enum-removed', field: 'status', values: ['inactive'] });
    expect(only(draftsOf(before, after)).detections[0]).toMatchObject({ kind: 'request-field', fields: ['status'], values: ['inactive'], methods: ['PUT'] });
  });

  it('type changed from a string enum to an object (MPP background): property-value on strings', () => {
    const before = spec({ '/devices/{deviceId}/style': { put: op({ parameters: [pathParam('deviceId')], request: obj({ background: str({ enum: ['DEFAULT', 'CUSTOM'] }) }) }) } });
    const after = spec({ '/devices/{deviceId}/style': { put: op({ parameters: [pathParam('deviceId')], request: obj({ background: obj({ image: str(), url: str() }) }) }) } });
    expect(only(diff(before, after))).toMatchObject({ class: 'type-changed', field: 'background' });
    const d = only(draftsOf(before, after));
    expect(d.detections[0]).toMatchObject({ kind: 'property-value', names: ['background'], strings: true });
  });

  it('an error code example changed: a value map from the old code to the new one', () => {
    const before = spec({ '/licenses/grants': { patch: op({ responses: { '400': errorResponse({ licenseNotRecognized: 400100 }) } }) } });
    const after = spec({ '/licenses/grants': { patch: op({ responses: { '400': errorResponse({ licenseNotRecognized: 400200 }) } }) } });
    expect(only(diff(before, after))).toMatchObject({ class: 'error-code-changed', from: '400100', values: ['400200'] });
    expect(only(draftsOf(before, after)).detections[0]).toMatchObject({ kind: 'value-map', map: { '400100': '400200' }, numbers: true });
  });

  it('additions (a field, enum values, a status with error codes) are drafted only with includeAdditions, as informational', () => {
    const before = spec({
      '/gizmos': { post: op({ request: obj({ resource: str({ enum: ['messages'] }) }), response: obj({ id: str() }) }) },
      '/gizmos/{id}': { patch: op({ parameters: [pathParam('id')], response: obj({ id: str() }) }) },
    });
    const after = spec({
      '/gizmos': { post: op({ request: obj({ resource: str({ enum: ['messages', 'telephony_calls'] }) }), response: obj({ id: str(), hasSummary: { type: 'boolean' } }) }) },
      '/gizmos/{id}': { patch: op({ parameters: [pathParam('id')], response: obj({ id: str() }), responses: { '206': { description: 'Partial' }, '400': errorResponse({ bad: 400216 }) } }) },
    });
    expect(diff(before, after).map((c) => c.class).sort()).toEqual(['enum-added', 'field-added', 'status-added']);
    expect(draftsOf(before, after)).toEqual([]);
    const drafts = draftsOf(before, after, { includeAdditions: true });
    expect(drafts).toHaveLength(3);
    for (const d of drafts) expect(d).toMatchObject({ status: 'informational', detections: [], fix: 'none', breaking: false });
    expect(drafts.map((d) => d.summary).join(' ')).toContain('400216');
  });
});

describe('noise shapes', () => {
  it('publishing noise is not compared: security, summary, tags, operationId, defaults, descriptions', () => {
    const before = spec({ '/widgets': { get: op({ summary: 'List', operationId: 'a', tags: ['A'], security: [{ bearer: [] }], description: 'Old words.', parameters: [queryParam('max', { schema: { type: 'string', default: 'false' } })] }) } });
    const after = spec({ '/widgets': { get: op({ summary: 'List widgets', operationId: 'listWidgets', tags: ['Widgets'], description: 'New words.', parameters: [queryParam('max', { schema: { type: 'string', default: false } })] }) } });
    expect(diff(before, after)).toEqual([]);
  });

  it('a renamed path parameter is the same URL', () => {
    expect(diff(spec({ '/rooms/{id}': { get: op({ parameters: [pathParam('id')] }) } }), spec({ '/rooms/{roomId}/': { get: op({ parameters: [pathParam('roomId')] }) } }))).toEqual([]);
  });

  it('$ref swap to another existing schema: tagged ref-swap, not drafted', () => {
    const schemas = { MeetingSeriesObjectWithAdhoc: obj({ id: str(), adhoc: { type: 'boolean' }, siteUrl: str() }), MeetingSeriesObject: obj({ id: str() }) };
    const before = spec({ '/meetings/{meetingId}': { get: op({ parameters: [pathParam('meetingId')], response: ref('MeetingSeriesObjectWithAdhoc') }) } }, schemas);
    const after = spec({ '/meetings/{meetingId}': { get: op({ parameters: [pathParam('meetingId')], response: ref('MeetingSeriesObject') }) } }, schemas);
    const changes = diff(before, after);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(c.noise).toContain('ref-swap');
    const p = propose(observePair(version(before), version(after)), { catalog });
    expect(p.drafts).toEqual([]);
    expect(p.skipped[0].why).toContain('ref-swap');
  });

  it('a schema wrapped into items[] while its example stayed: tagged doc-fix', () => {
    const example = { id: 'w1', name: 'n' };
    const before = spec({ '/widgets': { get: op({ response: obj({ id: str(), name: str() }), example }) } });
    const after = spec({ '/widgets': { get: op({ response: obj({ items: { type: 'array', items: obj({ id: str(), name: str() }) } }), example }) } });
    const removed = diff(before, after).filter((c) => c.class === 'field-removed');
    expect(removed.map((c) => c.field).sort()).toEqual(['id', 'name']);
    for (const c of removed) expect(c.noise).toEqual(['doc-fix']);
    expect(draftsOf(before, after)).toEqual([]);
  });

  it('a path template spelled out as literal paths: tagged literal-paths, not drafted', () => {
    const before = spec({ '/reports/{type}': { get: op({ parameters: [pathParam('type')] }) } });
    const after = spec({ '/reports/daily': { get: op({}) }, '/reports/weekly': { get: op({}) } });
    const changes = diff(before, after);
    expect(changes.map((c) => c.class).sort()).toEqual(['operation-added', 'operation-added', 'operation-removed']);
    for (const c of changes) expect(c.noise).toEqual(['literal-paths']);
    expect(draftsOf(before, after, { includeAdditions: true })).toEqual([]);
  });

  it('renames whose meaning inverts are refused (showNames -> hideNames, isOpen -> isLocked)', () => {
    expect(isInvertedRename('showNames', 'hideNames')).toBe(true);
    expect(isInvertedRename('isOpen', 'isLocked')).toBe(true);
    expect(isInvertedRename('enabled', 'disabled')).toBe(true);
    expect(isInvertedRename('allowed', 'notAllowed')).toBe(true);
    expect(isInvertedRename('registrantId', 'id')).toBe(false);
    expect(isInvertedRename('displayName', 'name')).toBe(false);
    const before = spec({ '/polls': { get: op({ response: obj({ showNames: { type: 'boolean', description: 'Whether names are shown.' } }) }) } });
    const after = spec({ '/polls': { get: op({ response: obj({ hideNames: { type: 'boolean', description: 'Whether names are shown.' } }) }) } });
    const changes = diff(before, after);
    expect(changes.map((c) => c.class).sort()).toEqual(['field-added', 'field-removed']);
    expect(changes.find((c) => c.class === 'field-removed')!.noise).toEqual(['inverted-rename']);
    for (const d of draftsOf(before, after, { minConfidence: 'low' })) expect(d.detections.every((x) => !('renameTo' in x))).toBe(true);
  });

  const day = (d: string, doc: Json): VersionSource => {
    const v = version(doc, 'webex-test', d);
    return { ...v, load: () => v };
  };

  it('history: a change reverted by the next publish is not-persisted; a change to a day-old endpoint is young-endpoint', () => {
    const base = { '/widgets': { get: op({ response: widget }) } };
    const withoutWidgets = {};
    const young = { ...base, '/sprockets': { get: op({ response: obj({ id: str(), size: str() }) }) } };
    const youngChanged = { ...base, '/sprockets': { get: op({ response: obj({ id: str() }) }) } };
    const changes = observeHistory([day('2025-07-01', spec(base)), day('2025-07-18', spec(withoutWidgets)), day('2025-07-23', spec(base)), day('2025-08-01', spec(young)), day('2025-08-02', spec(youngChanged)), day('2025-08-20', spec(youngChanged))]);
    const removal = changes.find((c) => c.class === 'operation-removed' && c.path === '/widgets')!;
    expect(removal.noise).toContain('not-persisted');
    const sprocket = changes.find((c) => c.class === 'field-removed' && c.path === '/sprockets')!;
    expect(sprocket.noise).toContain('young-endpoint');
    expect(propose(changes, { catalog }).drafts).toEqual([]);
  });

  it('history: a change of the last publish awaits the next one (drafted only with includeUnconfirmed)', () => {
    const a = spec({ '/widgets': { get: op({ response: widget }) } });
    const b = spec({ '/widgets': { get: op({ response: obj({ id: str(), name: str() }) }) } });
    const changes = observeHistory([day('2025-07-01', a), day('2025-07-20', a), day('2025-07-30', b)]);
    const p = propose(changes, { catalog });
    expect(p.drafts).toEqual([]);
    expect(p.awaiting).toHaveLength(1);
    expect(propose(changes, { catalog, includeUnconfirmed: true }).drafts).toHaveLength(1);
  });
});

describe('grouping and de-duplication', () => {
  it('one field removed from several operations and two specs is one draft with every endpoint', () => {
    const before = { '/widgets': { get: op({ response: widget }) }, '/widgets/{id}': { get: op({ parameters: [pathParam('id')], response: widget }) } };
    const after = { '/widgets': { get: op({ response: obj({ id: str(), name: str() }) }) }, '/widgets/{id}': { get: op({ parameters: [pathParam('id')], response: obj({ id: str(), name: str() }) }) } };
    const observed = [...observePair(version(spec(before), 'webex-admin'), version(spec(after), 'webex-admin')), ...observePair(version(spec(before), 'webex-device'), version(spec(after), 'webex-device'))];
    const d = only(propose(observed, { catalog }).drafts);
    expect((d.notice.detections[0].scope?.endpoints ?? []).map((e) => e.path).sort()).toEqual(['/widgets', '/widgets/{id}']);
    expect(d.group.changes).toHaveLength(4);
  });

  it('a change the catalog has is not drafted again: by url-path (rooms/meetingInfo) and by a custom detection path (PATCH /licenses/users 206)', () => {
    const p1 = propose(observePair(version(JSON.parse(readFileSync(path.join(FIXTURES, 'rooms-v1.json'), 'utf8'))), version(JSON.parse(readFileSync(path.join(FIXTURES, 'rooms-v2.json'), 'utf8')))), { catalog });
    expect(p1.drafts).toEqual([]);
    expect(p1.duplicates.map((d) => d.notice)).toEqual(['rooms-meeting-info-deprecated']);
    const before = spec({ '/licenses/users': { patch: op({}) } });
    const after = spec({ '/licenses/users': { patch: op({ responses: { '206': { description: 'Partial Content' } } }) } });
    const p2 = propose(observePair(version(before), version(after)), { catalog, includeAdditions: true });
    expect(p2.drafts).toEqual([]);
    expect(p2.duplicates.map((d) => d.notice)).toEqual(['license-partial-success']);
  });

  it('an informational notice covers the additions its text names, not a removal of the same name', () => {
    const before = spec({ '/meetings': { get: op({ response: obj({ id: str() }) }) } });
    const after = spec({ '/meetings': { get: op({ response: obj({ id: str(), hasSummary: { type: 'boolean' } }) }) } });
    expect(propose(observePair(version(before), version(after)), { catalog, includeAdditions: true }).duplicates.map((d) => d.notice)).toEqual(['meeting-fields-added']);
    expect(propose(observePair(version(after), version(before)), { catalog }).drafts).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('names the file and what is wrong', () => {
    expect(() => readSpec({ swagger: '2.0', paths: {} }, 'old.json')).toThrow(/old\.json: Swagger 2 documents are not read/);
    expect(() => readSpec({ openapi: '3.0.0' }, 'x.json')).toThrow(/x\.json: no "paths" object/);
    expect(() => readSpec({ openapi: '3.0.0', paths: { '/a': { get: op({ response: { $ref: 'other.json#/A' } }) } } }, 'y.json')).toThrow(/y\.json: only local \$ref values are read, not "other\.json#\/A"/);
  });
});

describe('catalog check', () => {
  it('finds endpoints, methods and fields, and reports what the spec does not have', () => {
    const source = 'https://example.com/specs/webex-test.json';
    const notices: Notice[] = [
      {
        id: 'fixture-check',
        title: 't',
        summary: 's',
        area: 'x',
        status: 'pending',
        breaking: false,
        source: { section: 'openapi' },
        instead: 'i',
        fix: 'none',
        detections: [
          {
            kind: 'property',
            names: ['name', 'nickname'],
            change: 'deprecated',
            scope: {
              endpoints: [
                { path: '/widgets/{widgetId}', methods: ['GET', 'DELETE'], source },
                { path: '/gone', source },
              ],
            },
          } as Detection,
        ],
      },
    ];
    const model = readSpec(spec({ '/widgets/{id}': { get: op({ parameters: [pathParam('id')], response: widget }) } }), 'webex-test.json');
    const rows = checkCatalog({ ...catalog, notices }, [model]);
    const summary = rows.map((r) => `${r.status} ${r.method ?? ''} ${r.path} ${r.field ?? ''}`.replace(/\s+/g, ' ').trim());
    expect(summary).toEqual(['ok GET /widgets/{widgetId}', 'ok GET /widgets/{widgetId} name', 'missing-field GET /widgets/{widgetId} nickname', 'missing-method DELETE /widgets/{widgetId}', 'missing-endpoint /gone']);
  });
});

describe('the catalog command', { timeout: 180_000 }, () => {
  const tree = tempTrees();
  beforeAll(() => assertBuilt());

  /** Old and new specs with one change of each class that has a detection. */
  const pair = (): { before: Json; after: Json } => {
    const style = (background: Json) => ({ put: op({ parameters: [pathParam('deviceId')], request: obj({ background }) }) });
    const before = spec({
      '/widgets/{widgetId}/info': { get: op({ parameters: [pathParam('widgetId')], response: widget }) },
      '/widgets': { get: op({ response: widget }), post: op({ request: obj({ name: str(), owner: str(), colour: str() }) }) },
      '/gadgets': { get: op({ response: obj({ items: { type: 'array', items: obj({ registrantId: str({ description: 'Registrant ID.' }) }) } }) }) },
      '/webhooks/{webhookId}': { put: op({ parameters: [pathParam('webhookId')], request: obj({ name: str(), status: str({ enum: ['active', 'inactive'] }) }) }) },
      '/devices/{deviceId}/style': style(str({ enum: ['DEFAULT', 'CUSTOM'] })),
      '/licenses/grants': { patch: op({ responses: { '400': errorResponse({ licenseNotRecognized: 400100 }) } }) },
    });
    const after = spec({
      '/widgets/{widgetId}/info': { get: op({ parameters: [pathParam('widgetId')], deprecated: true, response: widget }) },
      '/widgets': { get: op({ response: obj({ id: str(), name: str() }) }), post: op({ request: obj({ name: str(), owner: str() }, ['owner']) }) },
      '/gadgets': { get: op({ response: obj({ items: { type: 'array', items: obj({ id: str({ description: 'Registrant ID.' }) }) } }) }) },
      '/webhooks/{webhookId}': { put: op({ parameters: [pathParam('webhookId')], request: obj({ name: str(), status: str({ enum: ['active'] }) }) }) },
      '/devices/{deviceId}/style': style(obj({ url: str() })),
      '/licenses/grants': { patch: op({ responses: { '400': errorResponse({ licenseNotRecognized: 400200 }) } }) },
    });
    return { before, after };
  };

  const consumer = `const BASE = 'https://webexapis.com/v1';
const headers = { Authorization: 'Bearer ' + process.env.TOKEN, 'Content-Type': 'application/json' };
export async function info(id: string) {
  return fetch(\`\${BASE}/widgets/\${id}/info\`, { headers });
}
export async function count() {
  const r = await fetch(\`\${BASE}/widgets\`, { headers });
  const data = await r.json();
  return data.legacyCount;
}
export async function create() {
  return fetch(\`\${BASE}/widgets\`, { method: 'POST', headers, body: JSON.stringify({ name: 'w', colour: 'red' }) });
}
export async function registrant() {
  const r = await fetch(\`\${BASE}/gadgets\`, { headers });
  const data = await r.json();
  return data.items.map((g: any) => g.registrantId);
}
export async function pause(id: string) {
  return fetch(\`\${BASE}/webhooks/\${id}\`, { method: 'PUT', headers, body: JSON.stringify({ name: 'h', status: 'inactive' }) });
}
export async function paint(id: string) {
  return fetch(\`\${BASE}/devices/\${id}/style\`, { method: 'PUT', headers, body: JSON.stringify({ background: 'CUSTOM' }) });
}
export async function grant(body: unknown) {
  const r = await fetch(\`\${BASE}/licenses/grants\`, { method: 'PATCH', headers, body: JSON.stringify(body) });
  const e = await r.json();
  if (e.errors[0].errorCode === 400100) throw new Error('license not recognized');
}
`;

  it('propose --from --to -o: drafts that validate against notices.schema.json, load with --notices and report on consumer code', async () => {
    const { before, after } = pair();
    const dir = tree({ 'old.json': JSON.stringify(before), 'new.json': JSON.stringify(after), 'src/consumer.ts': consumer });
    const r = cli(['catalog', 'propose', '--from', 'old.json', '--to', 'new.json', '-o', 'out/drafts.json'], { cwd: dir });
    expect(r.stderr).toMatch(/drafts?, /);
    expect(r.code).toBe(0);
    const drafts = JSON.parse(readFileSync(path.join(dir, 'out/drafts.json'), 'utf8'));
    const review = JSON.parse(readFileSync(path.join(dir, 'out/drafts.review.json'), 'utf8'));
    const ajv = new Ajv2020.default({ allErrors: true, strict: false });
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'notices.schema.json'), 'utf8'));
    const validate = ajv.compile({ ...schema, $ref: '#/$defs/ExtraCatalog' });
    expect(validate(drafts), JSON.stringify(validate.errors)).toBe(true);
    const kinds = drafts.notices.flatMap((n: Notice) => n.detections.map((d) => d.kind)).sort();
    expect(kinds).toEqual(['property', 'property', 'property-value', 'request-field', 'request-field', 'request-field', 'url-path', 'value-map']);
    for (const d of review.drafts) {
      expect(d.evidence.length).toBeGreaterThan(0);
      expect(d.toFillIn.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['instead', 'effective', 'breaking', 'fix / fixTiming']));
    }
    const listed = await cliInProcess(['notices', '--notices', 'out/drafts.json', '--format', 'json'], { cwd: dir });
    expect(listed.code).toBe(0);
    const scan = await cliInProcess(['src', '--notices', 'out/drafts.json', '--format', 'json', '--today', '2026-01-01', '--only', drafts.notices.map((n: Notice) => n.id).join(',')], { cwd: dir });
    const report = JSON.parse(scan.stdout);
    const found = new Set(report.findings.map((f: { noticeId: string }) => f.noticeId));
    for (const n of drafts.notices as Notice[]) expect(found.has(n.id), `${n.id} (${n.detections.map((d) => d.kind).join(', ')}) reports nothing`).toBe(true);
  });

  it('propose --to alone: the deprecations one spec states (rooms/meetingInfo reproduced from the spec)', async () => {
    const dir = tree({ 'webex-messaging.json': readFileSync(path.join(FIXTURES, 'rooms-v2.json'), 'utf8') });
    const r = await cliInProcess(['catalog', 'propose', '--to', 'webex-messaging.json', '--keep-duplicates'], { cwd: dir });
    expect(r.code).toBe(0);
    const d = only(JSON.parse(r.stdout).notices as Notice[]);
    expect(d).toMatchObject({ status: 'dated', effective: '2025-01-31', detections: [{ kind: 'url-path', paths: ['(^|/)rooms/[^/]+/meetingInfo/?$'], scope: { endpoints: [{ path: '/rooms/{roomId}/meetingInfo', methods: ['GET'] }] } }] });
    expect((await cliInProcess(['catalog', 'propose', '--to', 'webex-messaging.json'], { cwd: dir })).stderr).toMatch(/1 already in the catalog/);
  });

  it('propose with REV:path and --history on a git repository; persistence across publishes', async () => {
    const a = spec({ '/widgets': { get: op({ response: widget }) } });
    const b = spec({ '/widgets': { get: op({ response: obj({ id: str(), name: str() }) }) } });
    const dir = tree({ 'public-spec/webex-test.json': JSON.stringify(a) });
    git(dir, 'init', '-q');
    const commit = (doc: Json, date: string): void => {
      writeFileSync(path.join(dir, 'public-spec/webex-test.json'), JSON.stringify(doc));
      git(dir, 'add', '-A');
      const r = spawnSync('git', ['commit', '-q', '-m', date], { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` } });
      expect(r.status).toBe(0);
    };
    commit(a, '2025-07-01');
    commit(b, '2025-07-10');
    const pairRun = await cliInProcess(['catalog', 'propose', '--from', 'HEAD~1:public-spec/webex-test.json', '--to', 'HEAD:public-spec/webex-test.json'], { cwd: dir });
    expect(pairRun.code).toBe(0);
    expect(JSON.parse(pairRun.stdout).notices).toHaveLength(1);
    const awaiting = await cliInProcess(['catalog', 'propose', '--history', '.', '--spec', 'webex-test', '--source-url', 'https://example.com/{commit}/{path}'], { cwd: dir });
    expect(JSON.parse(awaiting.stdout).notices).toHaveLength(0);
    expect(awaiting.stderr).toMatch(/1 awaiting the next publish/);
    commit({ ...b, info: { title: 'republished', version: '1.0.0' } }, '2025-07-20');
    const confirmed = await cliInProcess(['catalog', 'propose', '--history', '.', '--source-url', 'https://example.com/{commit}/{path}'], { cwd: dir });
    const d = only(JSON.parse(confirmed.stdout).notices as Notice[]);
    expect(d.source.url).toMatch(/^https:\/\/example\.com\/[0-9a-f]{40}\/public-spec\/webex-test\.json$/);
  });

  it.each([
    [['catalog', 'propose', '--to', 'missing.json'], /missing\.json: file not found/],
    [['catalog', 'propose', '--from', 'bad.json', '--to', 'ok.json'], /bad\.json: not valid JSON/],
    [['catalog', 'propose', '--to', 'swagger.json'], /swagger\.json: Swagger 2 documents are not read/],
    [['catalog', 'propose', '--from', 'nope:ok.json', '--to', 'ok.json'], /nope:ok\.json: "nope" is not a commit/],
    [['catalog', 'propose'], /give --to/],
    [['catalog', 'propose', '--history', 'x', '--to', 'ok.json'], /--history reads every publish itself/],
    [['catalog', 'check', '--spec', 'bad.json'], /bad\.json: not valid JSON/],
  ])('%j exits 2 naming the bad input', async (args, message) => {
    const dir = tree({ 'bad.json': '{ nope', 'ok.json': JSON.stringify(spec({})), 'swagger.json': JSON.stringify({ swagger: '2.0', paths: {} }) });
    const r = await cliInProcess(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('catalog check exits 1 and lists what a given spec does not have', async () => {
    const dir = tree({ 'webex-messaging.json': JSON.stringify(spec({ '/webhooks': { post: op({ request: obj({ name: str(), resource: str(), filter: str() }) }) } })) });
    const r = await cliInProcess(['catalog', 'check', '--spec', 'webex-messaging.json'], { cwd: dir });
    expect(r.stdout).toMatch(/missing-endpoint\s+rooms-meeting-info-deprecated|gone-as-said/);
    expect(r.stdout).toMatch(/problems?; \d+ ok/);
    const json = await cliInProcess(['catalog', 'check', '--spec', 'webex-messaging.json', '--format', 'json', '--all'], { cwd: dir });
    const rows = JSON.parse(json.stdout) as Array<{ notice: string; status: string; field?: string }>;
    expect(rows.find((x) => x.notice === 'telephony-calls-filter-number' && x.field === 'resource')?.status).toBe('ok');
    expect(rows.find((x) => x.notice === 'rooms-meeting-info-deprecated')?.status).toBe('gone-as-said');
  });
});
