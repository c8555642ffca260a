/**
 * `--fix` on a typed project whose renamed property is declared in a file with no finding of its own: the
 * declaration is renamed with its uses, so the project still compiles (before, the uses were renamed and the
 * interface kept the old name: TS2561/TS2551). A file that only names the same property for another endpoint, or
 * names it in a comment, is left as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { renameCompanions } from '../engine/fix/migrate.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { runMain } from './helpers/main-io.js';
import { tempProjects } from './helpers/temp-project.js';

const project = tempProjects('cm-companions-');
const FIX = ['--fix', '--allow-dirty', '--before', '2099-12-31', '--today', '2026-11-29', '--only', 'workspace-answer-confirmation-renamed'];
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'] }, include: ['src', 'lib'] });

const DECL = 'export interface Settings { answerConfirmationEnabled: boolean }\n';
const USE = `import type { Settings } from '../lib/decl.js';
export async function put(s: Settings) {
  const body: Settings = { answerConfirmationEnabled: s.answerConfirmationEnabled };
  return fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', { method: 'PUT', body: JSON.stringify(body) });
}
`;
const SNR = `export interface SnrNumber { phoneNumber: string; answerConfirmationEnabled: boolean }
export async function add(personId: string, n: SnrNumber) {
  await fetch(\`https://webexapis.com/v1/telephony/config/people/\${personId}/singleNumberReach/numbers\`, { method: 'POST', body: JSON.stringify(n) });
}
`;

/** TypeScript's diagnostics of the project's files (messages), the project's own tsconfig options. */
function typeErrors(root: string, files: string[]): string[] {
  const program = ts.createProgram(files.map((f) => path.join(root, f)), { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [] });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

const read = (root: string, rel: string): string => readFileSync(path.join(root, rel), 'utf8');

describe('--fix renames a declaration in a file with no finding with its uses', () => {
  it('the interface of another file is renamed and the project compiles', async () => {
    const root = project({ 'tsconfig.json': TSCONFIG, 'lib/decl.ts': DECL, 'src/a.ts': USE });
    expect(typeErrors(root, ['lib/decl.ts', 'src/a.ts'])).toEqual([]);
    const r = await runMain(root, ['.', ...FIX]);
    expect(r.err).not.toMatch(/internal error/);
    expect(read(root, 'src/a.ts')).toContain('{ answerConfirmationRequiredEnabled: s.answerConfirmationRequiredEnabled }');
    expect(read(root, 'lib/decl.ts')).toBe('export interface Settings { answerConfirmationRequiredEnabled: boolean }\n');
    expect(typeErrors(root, ['lib/decl.ts', 'src/a.ts'])).toEqual([]);
  });

  it('look-alikes: Single Number Reach\'s own interface and a comment naming the field are left as they are', async () => {
    const comment = '// answerConfirmationEnabled is renamed for workspaces only\nexport const note = 1;\n';
    const root = project({ 'tsconfig.json': TSCONFIG, 'lib/decl.ts': DECL, 'src/a.ts': USE, 'src/snr.ts': SNR, 'src/note.ts': comment });
    await runMain(root, ['.', ...FIX]);
    expect(read(root, 'src/snr.ts')).toBe(SNR);
    expect(read(root, 'src/note.ts')).toBe(comment);
    expect(read(root, 'lib/decl.ts')).toContain('answerConfirmationRequiredEnabled');
    expect(typeErrors(root, ['lib/decl.ts', 'src/a.ts', 'src/snr.ts', 'src/note.ts'])).toEqual([]);
  });

  it('companions are the other files naming a renamed property that a file with findings names', () => {
    const catalog = loadCatalog();
    const notices = catalog.notices.filter((n) => n.id === 'workspace-answer-confirmation-renamed');
    const others = [
      { filename: 'lib/decl.ts', text: DECL },
      { filename: 'src/other.ts', text: 'export const x = 1;\n' },
    ];
    expect(renameCompanions([{ filename: 'src/a.ts', text: USE }], others, notices).map((f) => f.filename)).toEqual(['lib/decl.ts']);
    // No file with findings names a renamed property: no companion.
    expect(renameCompanions([{ filename: 'src/b.ts', text: 'fetch("https://webexapis.com/v1/people")\n' }], others, notices)).toEqual([]);
  });
});
