/**
 * Catalog upkeep measured on a real spec history (docs/evaluation.md, "Catalog upkeep from the OpenAPI history").
 * The repository path comes from COLLAB_MIGRATE_OPENAPI_SPECS (a clone of webex/webex-openapi-specs); without it
 * the script says so and exits 0. Prints the figures as JSON: changes observed, noise per shape, drafts at default
 * confidence, with additions and with unconfirmed changes, and whether each real change the issue lists is found.
 *
 *   COLLAB_MIGRATE_OPENAPI_SPECS=/path/to/repo node dist/scripts/spec-history.js
 */
import { loadCatalog } from '../engine/index.js';
import { historyOf } from '../engine/catalog/upkeep/spec-source.js';
import { observeHistory, type ObservedChange } from '../engine/catalog/upkeep/observe.js';
import { propose, type Proposal } from '../engine/catalog/upkeep/propose.js';
import type { SpecModel } from '../engine/catalog/upkeep/openapi.js';

export const ENV = 'COLLAB_MIGRATE_OPENAPI_SPECS';

/** The real changes issue 29 lists: a name and a test on a change record. */
export const LISTED: ReadonlyArray<{ name: string; addition: boolean; test(c: ObservedChange): boolean }> = [
  { name: 'rooms/{roomId}/meetingInfo deprecated, EOL Jan 31, 2025', addition: false, test: (c) => c.path === '/rooms/{roomId}/meetingInfo' && c.date === '2025-01-31' },
  { name: 'PATCH /licenses/users gains 206', addition: true, test: (c) => c.path === '/licenses/users' && c.method === 'PATCH' && c.class === 'status-added' && (c.values ?? []).includes('206') },
  { name: 'PATCH /licenses/users error codes 400000, 400, 400216', addition: true, test: (c) => c.path === '/licenses/users' && c.method === 'PATCH' && ['400000', '400', '400216'].every((v) => (c.values ?? []).includes(v) || (c.note ?? '').includes(v)) },
  { name: 'Webhook.resource gains telephony_calls, telephony_conference, telephony_mwi', addition: true, test: (c) => c.class === 'enum-added' && c.field === 'resource' && (c.values ?? []).includes('telephony_mwi') },
  { name: 'hasSummary on meetings', addition: true, test: (c) => c.class === 'field-added' && (c.field ?? '').endsWith('hasSummary') },
  { name: 'sendEmail on recording share', addition: true, test: (c) => c.class === 'field-added' && (c.field ?? '').endsWith('sendEmail') },
  { name: 'internal on wholesale billing', addition: true, test: (c) => c.class === 'field-added' && c.path.includes('billing') && (c.field ?? '').endsWith('internal') },
  { name: 'familyOrModelDisplayName on devices (arrives with new operations)', addition: true, test: (c) => c.class === 'operation-added' && c.path.includes('dynamicSettings') },
  { name: 'ten /workspaceLocations* operations deprecated', addition: false, test: (c) => c.path.startsWith('/workspaceLocations') && (c.class === 'operation-deprecated' || c.class === 'deprecation-sentence') },
  { name: 'registrantId -> id in meeting registrants', addition: false, test: (c) => c.class === 'field-renamed' && (c.field ?? '').endsWith('registrantId') },
  { name: 'two HDS paths renamed', addition: false, test: (c) => c.class === 'path-renamed' && c.path.startsWith('/hds/') },
  { name: 'MPP background from a string enum to an object', addition: false, test: (c) => c.class === 'type-changed' && (c.field ?? '').endsWith('background') },
  { name: 'status inactive dropped from PUT /webhooks/{id}', addition: false, test: (c) => c.class === 'enum-removed' && c.path.startsWith('/webhooks/') && (c.values ?? []).includes('inactive') },
];

function where(p: Proposal, test: (c: ObservedChange) => boolean): string {
  const draft = p.drafts.find((d) => d.group.changes.some(test));
  if (draft) return `draft ${draft.notice.id}`;
  const dup = p.duplicates.find((d) => d.group.changes.some(test));
  if (dup) return `in the catalog as ${dup.notice}`;
  if (p.awaiting.some(test)) return 'awaiting the next publish';
  const skipped = p.skipped.find((s) => s.group.changes.some(test));
  return skipped ? `left out: ${skipped.why}` : 'not observed';
}

function main(): number {
  const repo = process.env[ENV];
  if (!repo) {
    process.stdout.write(`${ENV} is not set: skipped (set it to a clone of webex/webex-openapi-specs)\n`);
    return 0;
  }
  const catalog = loadCatalog().catalog;
  const started = Date.now();
  const specs = historyOf(repo, [], 'https://github.com/webex/webex-openapi-specs/blob/{commit}/{path}');
  let observed: ObservedChange[] = [];
  const latest: SpecModel[] = [];
  for (const s of specs) {
    if (s.versions.length === 0) continue;
    observed = observed.concat(observeHistory(s.versions));
    latest.push(s.versions[s.versions.length - 1].load().model);
  }
  const byDefault = propose(observed, { catalog, latest });
  const everything = propose(observed, { catalog, latest, includeAdditions: true, includeUnconfirmed: true, keepDuplicates: true });
  const classes: Record<string, number> = {};
  for (const c of observed) classes[c.class] = (classes[c.class] ?? 0) + 1;
  const summary = {
    seconds: Math.round((Date.now() - started) / 1000),
    specs: specs.map((s) => ({ file: s.file, publishes: s.versions.length, unreadable: s.unreadable.length })),
    pairs: specs.reduce((n, s) => n + Math.max(0, s.versions.length - 1), 0),
    observed: observed.length,
    classes,
    noise: byDefault.noise,
    default: { drafts: byDefault.drafts.length, high: byDefault.drafts.filter((d) => d.group.confidence === 'high').length, medium: byDefault.drafts.filter((d) => d.group.confidence === 'medium').length, duplicates: byDefault.duplicates.length, skipped: byDefault.skipped.length, awaiting: byDefault.awaiting.length },
    withAdditionsAndUnconfirmed: { drafts: everything.drafts.length },
    listed: LISTED.map((l) => ({ change: l.name, default: where(byDefault, l.test), withAdditionsAndUnconfirmed: where(everything, l.test) })),
    drafts: byDefault.drafts.map((d) => ({ id: d.notice.id, confidence: d.group.confidence, title: d.notice.title, date: d.group.changes[0].seenIn.date, operations: [...new Set(d.group.changes.map((c) => `${c.method} ${c.path}`))].length })),
  };
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  return 0;
}

process.exitCode = main();
