/**
 * Issue 28, item 24: no link leads nowhere. A notice of a user's catalog (`--notices`) has no page in this
 * package, so no report (JSON, SARIF, HTML, Markdown), no `explain` and no ESLint rule links one; the notices of
 * the built-in catalog keep theirs, and a configured documentation home (COLLAB_MIGRATE_DOCS_URL) links every
 * notice (its pages are the user's to write). In process, through the CLI's `main`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import { hasNoticePage } from '../../engine/catalog/sources.js';
import { createPlugin } from '../../rules/index.js';
import { runMain } from '../helpers/main-io.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-notice-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CATALOG = {
  notices: [{ id: 'my-notice', title: 'Mine', summary: 'S', area: 'x', status: 'contract', breaking: false, source: { section: '9' }, instead: 'I', fix: 'none', detections: [{ kind: 'property', names: ['myName'] }] }],
};

const run = runMain;

function repo(): string {
  const d = mkdtempSync(path.join(dir, 'r-'));
  writeFileSync(path.join(d, 'c.json'), JSON.stringify(CATALOG));
  writeFileSync(path.join(d, 'a.ts'), "export const a = (o: { myName: string }) => o.myName;\nexport const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n");
  return d;
}

describe('a notice of a user catalog links no page (issue 28, item 24)', () => {
  it('JSON, SARIF, HTML and Markdown reports: none for it, the built-in notice keeps its own', async () => {
    const d = repo();
    const args = ['--notices', 'c.json', '--today', '2026-11-01', '--no-progress', '--concurrency', 'off', '--json-output', 'r.json', '--sarif-output', 'r.sarif', '--html-output', 'r.html', '--markdown-output', 'r.md', '.'];
    const r = await run(d, args);
    expect(r.code, r.err).toBe(1);
    const json = JSON.parse(readFileSync(path.join(d, 'r.json'), 'utf8')) as { findings: { noticeId: string }[]; notices: { id: string; docs?: string }[] };
    expect([...new Set(json.findings.map((f) => f.noticeId))].sort()).toEqual(['my-notice', 'webhook-header-names-lowercase']);
    const byId = new Map(json.notices.map((n) => [n.id, n]));
    expect(byId.get('my-notice')!.docs).toBeUndefined();
    expect(byId.get('webhook-header-names-lowercase')!.docs).toMatch(/\/docs\/notices\/webhook-header-names-lowercase\.md$/);
    for (const file of ['r.sarif', 'r.html', 'r.md']) {
      const text = readFileSync(path.join(d, file), 'utf8');
      expect(text, file).not.toContain('my-notice.md');
      expect(text, file).toContain('webhook-header-names-lowercase.md');
    }
  });

  it('explain says there is none; with a documentation home configured, the home is linked', async () => {
    const d = repo();
    const plain = await run(d, ['explain', 'my-notice', '--notices', 'c.json', '--today', '2026-11-01']);
    expect(plain.out).toMatch(/Docs: +none \(a notice of your own catalog/);
    expect(plain.out).not.toContain('my-notice.md');
    vi.stubEnv('COLLAB_MIGRATE_DOCS_URL', 'https://docs.example/notices/');
    try {
      const home = await run(d, ['explain', 'my-notice', '--notices', 'c.json', '--today', '2026-11-01']);
      expect(home.out).toContain('https://docs.example/notices/my-notice.md');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('an ESLint rule of a user notice has no docs URL; a built-in one has its page', () => {
    expect(hasNoticePage('webhook-header-names-lowercase', '')).toBe(true);
    expect(hasNoticePage('my-notice', '')).toBe(false);
    expect(hasNoticePage('../../README', '')).toBe(false);
    const plugin = createPlugin(loadCatalog({ extraFiles: [path.join(repo(), 'c.json')] }));
    const rules = plugin.rules as Record<string, { meta: { docs?: { url?: string } } }>;
    expect(rules['my-notice']?.meta.docs?.url).toBeUndefined();
    expect(rules['webhook-header-names-lowercase'].meta.docs?.url).toMatch(/webhook-header-names-lowercase\.md$/);
  });
});
