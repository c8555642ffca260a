/**
 * The ts-morph codemod on a small multi-file project (test/fixtures-project/simring): a property declared
 * in the consumer's own types is renamed with every reference across files; bytes outside the edits
 * (CRLF, BOM, tabs, comments, quotes) survive; the project type-checks no worse; a second run is a no-op;
 * nothing outside the root changes; no ts-morph project is built when no file names a renamed property.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Project, ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject, migrateProject, projectLoadCount, propertyRenames, type FileMigration } from '../engine/project/ts-morph.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Notice } from '../engine/types.js';

const FIXTURE = fileURLToPath(new URL('./fixtures-project/simring/', import.meta.url));
const EXPECTED = fileURLToPath(new URL('./fixtures-project/simring.expected/', import.meta.url));
const RENAME_ID = 'workspace-answer-confirmation-renamed';

const catalog = loadCatalog();
const renameNotice = catalog.get(RENAME_ID)!;
const notices: readonly Notice[] = [renameNotice];

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A fresh copy of the fixture project; returns the copy's folder (the root is its `app/`). */
function copyFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'collab-codemod-'));
  temps.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)]))
    .sort();
}

function write(results: readonly FileMigration[]): void {
  for (const r of results) if (r.after !== r.before) writeFileSync(r.filename, r.after);
}

function diagnostics(root: string): string[] {
  const project = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json') });
  return project.getPreEmitDiagnostics().map((d) => `${d.getSourceFile()?.getBaseName()}:${d.getLineNumber()}: ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, ' ')}`);
}

describe('the catalog drives the renames', () => {
  it(`${RENAME_ID} declares a property rename`, () => {
    expect(propertyRenames(notices)).toEqual([{ noticeId: RENAME_ID, from: 'answerConfirmationEnabled', to: 'answerConfirmationRequiredEnabled' }]);
  });
});

describe('migrateProject on the fixture project', () => {
  it('produces the expected files, changes nothing else, and reports what it fixed', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const files = walk(root);
    const results = await migrateProject({ catalog, notices, root, files });
    expect(results.map((r) => path.relative(root, r.filename))).toEqual(files.map((f) => path.relative(root, f)));
    for (const r of results) {
      const rel = path.relative(root, r.filename);
      expect(r.failure, rel).toBeUndefined();
      expect(r.before, rel).toBe(readFileSync(r.filename, 'utf8'));
      const expectedFile = path.join(EXPECTED, 'app', rel);
      if (existsSync(expectedFile)) {
        expect(r.after, rel).toBe(readFileSync(expectedFile, 'utf8'));
        expect(r.fixed.length, rel).toBeGreaterThan(0);
      } else {
        expect(r.after, rel).toBe(r.before);
      }
      // What is left is only likely (the app's own RingPolicy class, not tied to the endpoint): never certain.
      expect(r.remaining.filter((m) => m.confidence === 'certain'), rel).toEqual([]);
    }
    const byName = Object.fromEntries(results.map((r) => [path.relative(root, r.filename), r]));
    // Line endings, BOM and the look-alike survive.
    expect(byName['src/crlf.ts'].after.split('\r\n').length).toBe(byName['src/crlf.ts'].before.split('\r\n').length);
    expect(byName['src/crlf.ts'].after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(byName['src/bom.ts'].after.startsWith('\uFEFF// this file')).toBe(true);
    expect(byName['src/ring.ts'].after).toContain('entry.answerConfirmationEnabledAt');
    expect(byName['src/types.ts'].after).toContain('answerConfirmationEnabledAt: string;');
  });

  it('keeps the project type-checking (diagnostics do not increase)', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const before = diagnostics(root);
    write(await migrateProject({ catalog, notices, root, files: walk(root) }));
    const after = diagnostics(root);
    expect(before).toEqual([]);
    expect(after).toEqual([]);
  });

  it('changes nothing on a second run', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    write(await migrateProject({ catalog, notices, root, files: walk(root) }));
    const second = await migrateProject({ catalog, notices, root, files: walk(root) });
    for (const r of second) expect(r.after, r.filename).toBe(r.before);
    expect(second.flatMap((r) => r.fixed)).toEqual([]);
  });

  it('never touches files outside the root', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const outside = path.join(dir, 'outside.ts');
    const bytes = readFileSync(outside);
    const results = await migrateProject({ catalog, notices, root, files: walk(root) });
    write(results);
    expect(results.some((r) => r.filename === outside)).toBe(false);
    expect(readFileSync(outside).equals(bytes)).toBe(true);
    expect(bytes.toString('utf8')).toContain('answerConfirmationEnabled');
  });

  it('works without a tsconfig (the given files form the project)', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    rmSync(path.join(root, 'tsconfig.json'));
    const results = await migrateProject({ catalog, notices, root, files: walk(root) });
    for (const r of results) {
      const expectedFile = path.join(EXPECTED, 'app', path.relative(root, r.filename));
      expect(r.after, r.filename).toBe(existsSync(expectedFile) ? readFileSync(expectedFile, 'utf8') : r.before);
    }
  });

  it('leaves a declaration whose references reach files not migrated to the per-file fixes, and says so', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const files = ['src/types.ts', 'src/ring.ts'].map((f) => path.join(root, f));
    const results = await migrateProject({ catalog, notices, root, files });
    const types = results.find((r) => r.filename.endsWith('types.ts'))!;
    expect(types.notes?.join('\n')).toMatch(/types\.ts:\d+: "answerConfirmationEnabled" is also referenced in src[\\/](crlf|bom)\.ts, which is not migrated/);
    // Alone, types.ts ties SimRing to no endpoint (likely), so the per-file fixes leave it as it is.
    expect(types.after).toBe(types.before);
  });

  it('leaves a file that does not parse as it was and says why', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const broken = path.join(root, 'src', 'broken.ts');
    writeFileSync(broken, 'export const x = { answerConfirmationEnabled: true ;\n');
    const results = await migrateProject({ catalog, notices, root, files: walk(root) });
    const r = results.find((m) => m.filename === broken)!;
    expect(r.after).toBe(r.before);
    expect(r.failure).toMatch(/does not parse/);
    // The others are migrated all the same.
    const ring = results.find((m) => m.filename.endsWith('ring.ts'))!;
    expect(ring.after).toBe(readFileSync(path.join(EXPECTED, 'app/src/ring.ts'), 'utf8'));
  });
});

describe('fast path', () => {
  it('builds no ts-morph project when no file declares a renamed property', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'collab-codemod-fast-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'tsconfig.json'), '{ "include": ["*.ts"] }\n');
    writeFileSync(path.join(dir, 'a.ts'), 'export const ring = { enabled: true };\n');
    // The name used but not declared (an object sent to the API): the per-file fixes suffice.
    const send = "fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', { method: 'PUT', body: JSON.stringify(body) });\n";
    writeFileSync(path.join(dir, 'c.ts'), `export const body = { answerConfirmationEnabled: true };\n${send}`);
    const loads = projectLoadCount();
    const results = await migrateProject({ catalog, notices, root: dir, files: [path.join(dir, 'a.ts'), path.join(dir, 'c.ts')] });
    expect(projectLoadCount()).toBe(loads);
    expect(results[0].after).toBe(results[0].before);
    expect(results[1].after).toBe(`export const body = { answerConfirmationRequiredEnabled: true };\n${send}`);
    // Control: the same call with the token present does build one.
    writeFileSync(path.join(dir, 'b.ts'), `export interface R { answerConfirmationEnabled: boolean }\nconst body: R = { answerConfirmationEnabled: true };\n${send}`);
    const renamed = await migrateProject({ catalog, notices, root: dir, files: [path.join(dir, 'a.ts'), path.join(dir, 'c.ts'), path.join(dir, 'b.ts')] });
    expect(projectLoadCount()).toBe(loads + 1);
    expect(renamed[2].after).toBe(`export interface R { answerConfirmationRequiredEnabled: boolean }\nconst body: R = { answerConfirmationRequiredEnabled: true };\n${send}`);
  });

  it('builds no project when the selected notices rename nothing', async () => {
    const others = catalog.notices.filter((n) => n.status !== 'informational' && propertyRenames([n]).length === 0);
    expect(others.length).toBeGreaterThan(0);
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const loads = projectLoadCount();
    const results = await migrateProject({ catalog, notices: others, root, files: walk(root) });
    expect(projectLoadCount()).toBe(loads);
    expect(results.find((r) => r.filename.endsWith('types.ts'))!.after).toContain('answerConfirmationEnabled: boolean');
  });
});

describe('the project loads only the files that name a renamed property (issue 19, item 17)', () => {
  const send = "fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', { method: 'PUT', body: JSON.stringify(body) });\n";
  const files = {
    'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "NodeNext", "moduleResolution": "NodeNext", "target": "ES2022", "noEmit": true }, "include": ["src"] }\n',
    'src/types.ts': 'export interface R { answerConfirmationEnabled: boolean }\n',
    // Names the type but not the property: loaded only because use.ts imports it.
    'src/make.ts': "import type { R } from './types.js';\nexport const make = (): R => JSON.parse('{}') as R;\n",
    'src/use.ts': "import { make } from './make.js';\nexport const on = make().answerConfirmationEnabled;\n",
    'src/send.ts': `import type { R } from './types.js';\nconst body: R = { answerConfirmationEnabled: true };\n${send}`,
    'src/global.d.ts': 'declare const buildTag: string;\n',
    'src/other.ts': 'export const other = 1;\n',
  };
  function tree(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'collab-codemod-mentions-'));
    temps.push(dir);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    return dir;
  }

  it('loads the files that name it, what they import and the declaration files, not the rest', () => {
    const dir = tree();
    const sources = Object.keys(files).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
    const project = loadProject(dir, undefined, sources, (f) => readFileSync(f, 'utf8').includes('answerConfirmationEnabled'));
    // The program the language service works on: the files added and what they import.
    const program = project.getProgram().compilerObject.getSourceFiles();
    const loaded = program.map((s) => path.relative(dir, s.fileName)).filter((f) => !f.startsWith('..') && !f.includes('node_modules')).sort();
    expect(loaded).toEqual(['src/global.d.ts', 'src/make.ts', 'src/send.ts', 'src/types.ts', 'src/use.ts']);
  });

  it('still renames a reference whose type comes through a file that does not name the property', async () => {
    const dir = tree();
    const sources = Object.keys(files).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).map((f) => path.join(dir, f));
    const results = await migrateProject({ catalog, notices, root: dir, files: sources });
    const after = Object.fromEntries(results.map((r) => [path.relative(dir, r.filename), r.after]));
    expect(after['src/types.ts']).toBe('export interface R { answerConfirmationRequiredEnabled: boolean }\n');
    expect(after['src/use.ts']).toBe("import { make } from './make.js';\nexport const on = make().answerConfirmationRequiredEnabled;\n");
    expect(after['src/send.ts']).toContain('const body: R = { answerConfirmationRequiredEnabled: true };');
    expect(after['src/make.ts']).toBe(files['src/make.ts']);
  });
});

describe('declarations the codemod leaves alone', () => {
  it('does not rename a property declared beside its new name (both accepted in transition)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'collab-codemod-both-'));
    temps.push(dir);
    const text = [
      'export interface Ring {',
      '  answerConfirmationEnabled?: boolean;',
      '  answerConfirmationRequiredEnabled?: boolean;',
      '}',
      'export class Policy {',
      '  answerConfirmationRequiredEnabled = true;',
      '  answerConfirmationEnabled = false;',
      '}',
      'export const on = (r: Ring) => r.answerConfirmationEnabled;',
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'ring.ts'), text);
    const [r] = await migrateProject({ catalog, notices, root: dir, files: [path.join(dir, 'ring.ts')] });
    expect(r.notes).toHaveLength(2);
    expect(r.notes![0]).toMatch(/ring\.ts:2: "answerConfirmationEnabled" is declared beside "answerConfirmationRequiredEnabled"/);
    expect(r.notes![1]).toMatch(/ring\.ts:7: "answerConfirmationEnabled" is declared beside "answerConfirmationRequiredEnabled"/);
  });
});

describe('texts given by the caller', () => {
  it('uses them instead of the files on disk', async () => {
    const dir = copyFixture();
    const root = path.join(dir, 'app');
    const types = path.join(root, 'src/types.ts');
    const onDisk = readFileSync(types, 'utf8');
    const edited = onDisk.replace('phoneNumbers: string[];', 'phoneNumbers: string[];\n  label?: string;');
    const results = await migrateProject({ catalog, notices, root, files: walk(root), sources: [{ filename: types, text: edited }] });
    const r = results.find((m) => m.filename === types)!;
    expect(r.before).toBe(edited);
    // Only the app's own RingPolicy class is noted (not tied to the endpoint), not the edited SimRing.
    expect(r.notes).toEqual([expect.stringMatching(/types\.ts:16: "answerConfirmationEnabled" is not tied/)]);
    expect(r.after).toBe(readFileSync(path.join(EXPECTED, 'app/src/types.ts'), 'utf8').replace('phoneNumbers: string[];', 'phoneNumbers: string[];\n  label?: string;'));
    expect(readFileSync(types, 'utf8')).toBe(onDisk);
  });
});
