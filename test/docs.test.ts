import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, packageRoot } from '../engine/catalog/catalog.js';
import { addDays, severityOf } from '../engine/catalog/dates.js';
import type { Notice } from '../engine/types.js';
import {
  checkDocs,
  docPath,
  exampleOf,
  generateDocs,
  README_END,
  README_START,
  readmeOrder,
  renderNoticeDoc,
  renderReadmeBlock,
  severityTimeline,
  updateReadme,
  warnStart,
  writeDocs,
} from '../scripts/gen-docs.js';

const { notices } = loadCatalog();
const root = packageRoot();

describe('generated docs', () => {
  it('are up to date with the catalog and fixtures (run `npm run docs`)', () => {
    expect(checkDocs()).toEqual([]);
  });

  it('cover every notice and nothing else', () => {
    const files = generateDocs();
    expect([...files.keys()].filter((k) => k.startsWith('docs/')).sort()).toEqual(notices.map((n) => docPath(n.id)).sort());
    expect(files.has('README.md')).toBe(true);
  });
});

describe('a notice doc', () => {
  const scim = notices.find((n) => n.id === 'scim-account-status-array')!;
  const doc = renderNoticeDoc(scim, root, loadCatalog().catalog.references);

  it('has the title, dates and their history, fix kind, what to do and the source', () => {
    expect(doc).toMatch(/^# scim-account-status-array\n/);
    expect(doc).toContain(scim.title);
    expect(doc).toContain('| Effective | 2026-07-28 |');
    expect(doc).toContain('2026-05-28 -> 2026-06-29 -> 2026-07-28');
    expect(doc).toContain('`suggestion`: ');
    expect(doc).toContain(scim.instead);
    expect(doc).toContain(`[Webex API changelog](https://developer.webex.com/docs/api/changelog): identity, 2026-07-28.`);
    expect(doc).toContain('The API as it is now: [Webex API reference: SCIM 2 Users: Get a user](https://developer.webex.com/docs/api/v1/scim2-user/get-a-user).');
    expect(doc).not.toMatch(/\bseed\b/i);
    expect(doc).toContain('`collab-migrate/scim-account-status-array`');
  });

  it('states a severity timeline that matches severityOf', () => {
    for (const n of notices.filter((x) => x.status === 'dated')) {
      const from = warnStart(n)!;
      expect(severityOf(n, { today: addDays(from, -1) }), n.id).toBe('off');
      expect(severityOf(n, { today: from }), n.id).toBe('warn');
      expect(severityOf(n, { today: addDays(n.effective!, -1) }), n.id).toBe('warn');
      expect(severityOf(n, { today: n.effective! }), n.id).toBe(n.breaking ? 'error' : 'warn');
      const text = severityTimeline(n).join('\n');
      expect(text).toContain(`From ${from}`);
      expect(text).toContain(`From ${n.effective} (effective): **${n.breaking ? 'error' : 'warning'}**`);
    }
    const callerId = notices.find((n) => n.id === 'caller-id-name-fields-deprecated')!;
    expect(severityTimeline(callerId).join('\n')).toContain('From 2025-09-01 (deprecated): **warning**');
  });

  it('explains informational notices instead of listing detections', () => {
    const info = notices.find((n) => n.status === 'informational')!;
    const text = renderNoticeDoc(info, root);
    expect(text).toContain(`Nothing is reported: ${info.reason}`);
    expect(text).toContain('Never reported');
    expect(text).not.toContain('ESLint rule');
  });

  it('describes detections in words', () => {
    const n: Notice = { ...scim, detections: [{ kind: 'custom', handler: 'scim', params: { values: ['Inactive'] }, note: 'only SCIM user objects' }] };
    const text = renderNoticeDoc(n, root);
    expect(text).toContain('- **custom**: only SCIM user objects');
    expect(text).toContain('handler: `scim`');
    expect(text).toContain('`values` -> `Inactive`');
  });
});

describe('examples', () => {
  const notice = notices.find((n) => n.id === 'webhook-header-names-lowercase')!;

  it('use the first fixture pair (sorted) when there is one, else the catalog example', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'collab-migrate-docs-'));
    expect(exampleOf(notice, tmp)).toMatchObject({ origin: 'the catalog', before: notice.example!.before });
    const dir = join(tmp, 'test/fixtures', notice.id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'zz-orphan.input.ts'), 'no output for this one');
    writeFileSync(join(dir, 'b-second.input.js'), 'second');
    writeFileSync(join(dir, 'b-second.output.js'), 'second out');
    writeFileSync(join(dir, 'a-first.input.ts'), "const s = h['X-Spark-Signature'];\r\n");
    writeFileSync(join(dir, 'a-first.output.ts'), "const s = h['x-spark-signature'];\r\n");
    const example = exampleOf(notice, tmp)!;
    expect(example).toMatchObject({ language: 'ts', origin: `test/fixtures/${notice.id}/a-first.input.ts` });
    expect(example.after).toContain('x-spark-signature');
    const text = renderNoticeDoc(notice, tmp);
    expect(text).toContain("```ts\nconst s = h['X-Spark-Signature'];\n```"); // CRLF normalised in the doc
  });

  it('fences code that itself contains backticks', () => {
    const n: Notice = { ...notice, example: { language: 'ts', before: 'const a = ```x```;', after: 'const b = `y`;' } };
    expect(renderNoticeDoc(n, mkdtempSync(join(tmpdir(), 'collab-migrate-docs-')))).toContain('````ts\nconst a = ```x```;\n````');
  });
});

describe('the README table', () => {
  it('links every notice to its doc, sorted by effective date, undated last', () => {
    const block = renderReadmeBlock(notices);
    expect(block.startsWith(README_START)).toBe(true);
    expect(block.endsWith(README_END)).toBe(true);
    const ids = [...block.matchAll(/^\| \[([a-z0-9-]+)\]\(docs\/notices\/\1\.md\)/gm)].map((m) => m[1]);
    expect(ids).toEqual(readmeOrder(notices).map((n) => n.id));
    expect(new Set(ids)).toEqual(new Set(notices.map((n) => n.id)));
    const effective = readmeOrder(notices).map((n) => n.effective).filter((e): e is string => e !== undefined);
    expect(effective).toEqual([...effective].sort());
    const firstUndated = readmeOrder(notices).findIndex((n) => n.effective === undefined);
    expect(readmeOrder(notices).slice(firstUndated).every((n) => n.effective === undefined)).toBe(true);
  });

  it('replaces only the block between the markers', () => {
    const before = `# Title\n\nintro\n\n${README_START}\nold table\n${README_END}\n\n## After\n`;
    const updated = updateReadme(before, `${README_START}\nnew\n${README_END}`);
    expect(updated).toBe(`# Title\n\nintro\n\n${README_START}\nnew\n${README_END}\n\n## After\n`);
    expect(updateReadme(undefined, 'B')).toBe('B\n');
    expect(updateReadme('# Only a title\n', 'B')).toBe('# Only a title\n\nB\n');
  });

  it('writeDocs and checkDocs agree: drift is found, then fixed, and stale docs are removed', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'collab-migrate-docs-'));
    const few = notices.slice(0, 3);
    expect(checkDocs(tmp, few)).toEqual(expect.arrayContaining([`${docPath(few[0].id)}: missing`, 'README.md: missing']));
    writeDocs(tmp, few);
    expect(checkDocs(tmp, few)).toEqual([]);
    writeFileSync(join(tmp, docPath(few[1].id)), 'edited by hand');
    writeFileSync(join(tmp, 'docs/notices/renamed-away.md'), 'old');
    expect(checkDocs(tmp, few).sort()).toEqual([`${docPath(few[1].id)}: out of date`, 'docs/notices/renamed-away.md: no such notice in the catalog']);
    expect(writeDocs(tmp, few)).toEqual([docPath(few[1].id)]);
    expect(checkDocs(tmp, few)).toEqual([]);
    expect(readFileSync(join(tmp, 'README.md'), 'utf8')).toContain(`[${few[0].id}](docs/notices/${few[0].id}.md)`);
  });
});
