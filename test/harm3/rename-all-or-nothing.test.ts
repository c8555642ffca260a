/**
 * Issue 28, item 11: `--fix -- decl.ts` renamed a declared property (a per-file fix, as the project-wide rename
 * was left out for a reference in a file not migrated) and left its uses in other files: the project stopped
 * compiling. A rename across files is all or nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import { migrateProject } from '../../engine/project/ts-morph.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-rename-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'src'));
writeFileSync(
  path.join(root, 'src/decl.ts'),
  `export interface SimRing {
  enabled: boolean;
  answerConfirmationEnabled: boolean;
}
export async function update(body: SimRing): Promise<void> {
  await fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', { method: 'PUT', body: JSON.stringify(body) });
}
`,
);
writeFileSync(path.join(root, 'src/use.ts'), "import type { SimRing } from './decl.js';\nexport function confirm(r: SimRing): boolean {\n  return r.answerConfirmationEnabled;\n}\n");
writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "module": "nodenext", "noEmit": true }, "include": ["src"] }');

const catalog = loadCatalog();
const notices = [catalog.get('workspace-answer-confirmation-renamed')!];
const run = (files: string[]) => migrateProject({ catalog, notices, root, files: files.map((f) => path.join(root, f)), engine: { today: '2026-11-01', fixMode: 'final' } });

describe('a rename across files is all or nothing (issue 28, item 11)', () => {
  it('the declaration alone is not renamed; the file says why', async () => {
    const [decl] = await run(['src/decl.ts']);
    expect(decl.after).toBe(decl.before);
    expect(decl.failure).toMatch(/"answerConfirmationEnabled" is also referenced in src[\\/]use\.ts, which is not migrated; .*all or nothing/);
  });

  it('with the files that use it, both are renamed', async () => {
    const out = await run(['src/decl.ts', 'src/use.ts']);
    for (const r of out) expect(r.after, r.filename).not.toBe(r.before);
    expect(out.find((r) => r.filename.endsWith('use.ts'))!.after).not.toContain('answerConfirmationEnabled;');
  });
});
