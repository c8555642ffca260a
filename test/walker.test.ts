/**
 * The walk in a thread of its own, streaming batches, and its help with reading and prefiltering: the
 * same files, skipped entries and scan results as the walk and scan in one thread. A worker thread runs
 * built code, so this test uses `dist/` throughout (build first).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalkOptions, SkippedFile } from '../cli/walk/files.js';
import type { ScanContext, ScannedFile } from '../cli/scan/scan-core.js';
import { generateCorpus } from '../scripts/gen-corpus.js';
import { assertBuilt } from './cli/run.js';
import { fixPairs, invalidFiles, validFiles } from './helpers/fixtures.js';

// The built modules, typed by their sources: the type check reads the sources, never `dist/` (which it would
// otherwise need built first, and which a type check that writes its output would overwrite).
const built = <T>(rel: string): Promise<T> => import(new URL(`../dist/${rel}`, import.meta.url).href) as Promise<T>;
const { prefilterEntries, analyzeFile, candidateDetections, planDetections } = await built<typeof import('../engine/analyze.js')>('engine/analyze.js');
const { loadCatalog } = await built<typeof import('../engine/catalog/catalog.js')>('engine/catalog/catalog.js');
const { fileLanguage } = await built<typeof import('../engine/read/language.js')>('engine/read/language.js');
const { PrefilterPlan } = await built<typeof import('../engine/prefilter/prefilter.js')>('engine/prefilter/prefilter.js');
const { findFiles } = await built<typeof import('../cli/walk/files.js')>('cli/walk/files.js');
const { scanFiles, scanWalk } = await built<typeof import('../cli/scan/pool.js')>('cli/scan/pool.js');
const { isSkipped } = await built<typeof import('../cli/scan/scan-core.js')>('cli/scan/scan-core.js');
const { startWalk, MAX_READ_AHEAD } = await built<typeof import('../cli/walk/walker.js')>('cli/walk/walker.js');
const { prestartWalker, looksLikeFolderScan, takePrestartedWalker, peekTree, peekWalk, WALK_THREAD_ENTRIES } = await built<typeof import('../cli/walk/prestart.js')>('cli/walk/prestart.js');

let root: string;
const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational');
const ctx: ScanContext = { analyze: { catalog, notices }, dates: { today: '2026-11-22', warnWithinDays: 90 }, today: '2026-11-22' };

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(path.join(os.tmpdir(), 'cm-walker-'));
  // 3,000 files (12 batches of 256 and more): enough for the walker thread to take batches.
  generateCorpus(path.join(root, 'repo'), { files: 3000, seed: 11, rate: 0.03 });
  const extra: Record<string, string | Buffer> = {
    '.gitignore': 'ignored/\n*.generated.ts\n',
    'ignored/a.ts': 'const answerConfirmationEnabled = true;\n',
    'x.generated.ts': 'const answerConfirmationEnabled = true;\n',
    'big.ts': `// ${'x'.repeat(5000)}\nconst answerConfirmationEnabled = true;\n`,
    'broken.ts': 'const answerConfirmationEnabled = = 1;\n',
    'blob.json': Buffer.from([0x63, 0, 0x61]),
    'latin1.ts': Buffer.from([0x2f, 0x2f, 0xe9, 0x0a]),
    'suppressed.ts': '// collab-migrate-ignore-next-line\nconst answerConfirmationEnabled = true;\n',
    'unused-directive.ts': '// collab-migrate-ignore-next-line trunk-error-codes-renamed\nexport const plain = 1;\n',
    'report.json': '{"answerConfirmationEnabled": true}\n',
  };
  // Generated files of every signal, first and last in the walk's order (the walker thread reads the last batches).
  for (const at of ['aa', 'zz']) {
    const code = 'export const answerConfirmationEnabled = true;\n';
    Object.assign(extra, {
      [`${at}/dist/index.js`]: code,
      [`${at}/pkg/package.json`]: '{}',
      [`${at}/pkg/umd/pkg.js`]: code,
      [`${at}/app.min.js`]: code,
      [`${at}/mapped.js`]: code,
      [`${at}/mapped.js.map`]: '{}',
      [`${at}/trailing.js`]: `${code}//# sourceMappingURL=trailing.js.map\n`,
      [`${at}/header.ts`]: `// @generated\n${code}`,
      [`${at}/lib/plain.js`]: code,
    });
  }
  // Files with findings in the encodings the reader decodes, and tokens in other cases: the walker thread
  // passes the tokens it found to the main thread, which must find the same (first and last in the walk).
  const withFindings = readFileSync(invalidFiles().find((f) => f.file.endsWith('.ts') && readFileSync(f.file, 'utf8').length < 1500)!.file, 'utf8').replace(/^\uFEFF/, '');
  const utf16be = Buffer.from(`\uFEFF${withFindings}`, 'utf16le').swap16();
  for (const at of ['0-first', 'zz-last']) {
    extra[`${at}/utf16le.ts`] = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(withFindings, 'utf16le')]);
    extra[`${at}/utf16be.ts`] = utf16be;
    extra[`${at}/bom.ts`] = `\uFEFF${withFindings}`;
    extra[`${at}/mixed-case.ts`] = `fetch('https://WEBEXAPIS.com/V1/People', { headers: { 'X-SPARK-SIGNATURE': s, 'Content-TYPE': t } });\nconst ANSWERCONFIRMATIONENABLED = o.AnswerConfirmationEnabled;\n`;
    // Another plugin's directive suppresses nothing of ours (the walker sends no text for it); a bare one does.
    extra[`${at}/other-plugin.ts`] = '/* eslint-disable no-console */\nconsole.log(1);\n';
    extra[`${at}/bare-disable.ts`] = '// eslint-disable-next-line\nexport const plain = 1;\n';
    extra[`${at}/settings.json`] = '{ "scope": "SPARK:people_read Spark-Admin:telephony_config_read", "url": "https://webexapis.com/v1/features" }\n';
  }
  for (const [rel, content] of Object.entries(extra)) {
    const file = path.join(root, 'repo', rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const options = (extra: Partial<WalkOptions> = {}): WalkOptions => ({
  cwd: path.join(root, 'repo'),
  paths: [],
  include: [],
  exclude: [],
  maxFileSize: 4096,
  stat: false,
  leaveOut: [path.join(root, 'repo', 'report.json')],
  ...extra,
});

function view(results: Array<ScannedFile | SkippedFile>): unknown[] {
  return results.map((r) =>
    isSkipped(r)
      ? { skipped: r.display, reason: r.reason }
      : { file: r.file.display, findings: r.findings.map((f) => [f.notice.id, f.match.range[0]]), suppressions: r.suppressions.length, suppressed: r.suppressedCount, text: r.text, unanalysed: r.unanalysed },
  );
}

/**
 * The reference of two tests below: the walk in this thread and the scan of its files in this thread, made once on
 * first use (the same corpus and options give the same walk and scan; each test made it again before, a scan of
 * 3,000 files).
 */
type Reference = { serialWalk: ReturnType<typeof findFiles>; serial: Awaited<ReturnType<typeof scanFiles>> };
let reference: Promise<Reference> | undefined;
function serialReference(): Promise<Reference> {
  reference ??= (async () => {
    const serialWalk = findFiles(options());
    return { serialWalk, serial: await scanFiles(serialWalk.files, ctx, { concurrency: 0 }) };
  })();
  return reference;
}

/** The files a walk streams, in order, walked to its end. */
async function walkedFiles(walk: ReturnType<typeof startWalk>): Promise<Array<ReturnType<typeof findFiles>['files'][number]>> {
  const streamed = [];
  for (let event = await walk.next(); event; event = await walk.next()) if (event.kind === 'files') streamed.push(...event.files);
  return streamed;
}

// The two 180 s limits below are for a hang, not for speed: in the twenty-first session's fresh-clone `npm test`
// (load average 22-25, the checkout's tests beside the clean-clone build and the lint) one of these took over its
// 60 s and the other 57 s; alone (load 11) they took 9 and 11 s.
describe('the walker thread', () => {
  it('streams the same files in the same order, and the same skipped entries, as the walk in this thread', async () => {
    const inline = findFiles(options());
    const walk = startWalk(options());
    const streamed = await walkedFiles(walk);
    expect(walk.finished).toBe(true);
    expect(streamed).toEqual(inline.files);
    expect(walk.skipped).toEqual(inline.skipped);
    expect(inline.files.length).toBeGreaterThan(3000);
    const names = inline.files.map((f) => f.display);
    expect(names).not.toContain('report.json'); // left out
    expect(names).not.toContain('ignored/a.ts');
    expect(names).not.toContain('x.generated.ts');
    // Without stat, the size limit travels with the file and is applied when it is read.
    expect(inline.files.find((f) => f.display === 'big.ts')).toMatchObject({ maxSize: 4096 });
    expect(inline.files.find((f) => f.display === 'big.ts')?.size).toBeUndefined();
  });

  it('started before its walk is known (the binary starts it first thing), walks and helps as one started with it', async () => {
    const { serialWalk, serial } = await serialReference();
    prestartWalker([path.join(root, 'repo'), '--format', 'json'], root);
    const helping = startWalk(options(), { help: true });
    // startWalk took the thread started early: none is left for another walk.
    expect(takePrestartedWalker()).toBeUndefined();
    helping.provideHelp(prefilterEntries(notices, catalog));
    const helped = await scanWalk(helping, ctx, { concurrency: 0 });
    // It got the help channel by message too: it read some batches itself.
    expect(helped.helped).toBeGreaterThan(0);
    expect(helped.files).toEqual(serialWalk.files);
    expect(helping.skipped).toEqual(serialWalk.skipped);
    expect(view(helped.results)).toEqual(view(serial));
    // A run without threads does not keep it. Its walk gives the same files (walked to its end: a scan of them in
    // this thread is the next test's).
    prestartWalker([], root);
    const inline = startWalk(options(), { threads: false });
    expect(takePrestartedWalker()).toBeUndefined();
    expect(await walkedFiles(inline)).toEqual(serialWalk.files);
  }, 180_000);

  it('reads at most MAX_READ_AHEAD batches ahead of a main thread that takes none, and goes on once it takes them', async () => {
    const helping = startWalk(options(), { help: true });
    helping.provideHelp(prefilterEntries(notices, catalog));
    const drain = (): { files: number; read: number } => {
      const seen = { files: 0, read: 0 };
      for (let event = helping.poll(); event; event = helping.poll()) seen[event.kind === 'read' ? 'read' : 'files']++;
      return seen;
    };
    // Nothing taken until the walk is over and the walker has had time to read every batch (the tree has 12 or more).
    const deadline = Date.now() + 60_000;
    while (!helping.finished && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // (Reading the 12 batches takes well under a second; the wait is long for a loaded machine. The cap makes it wait.)
    await new Promise((r) => setTimeout(r, 3_000));
    const first = drain();
    expect(first.files).toBeGreaterThan(MAX_READ_AHEAD + 2);
    expect(first.read).toBe(MAX_READ_AHEAD);
    // Taking them lets it read on.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(drain().read).toBeGreaterThan(0);
    await helping.cancel();
  }, 180_000);

  it('is started early only for what looks like a scan of a folder', () => {
    const repo = path.join(root, 'repo');
    expect(looksLikeFolderScan([], root)).toBe(true);
    expect(looksLikeFolderScan(['repo', '--format', 'json'], root)).toBe(true);
    expect(looksLikeFolderScan(['--format', 'json', repo], '/')).toBe(true);
    expect(looksLikeFolderScan(['big.ts'], path.join(root, 'repo'))).toBe(false);
    for (const other of [['merge', 'a.json'], ['notices'], ['--help'], ['--stdin-files'], ['repo', '--concurrency', 'off'], ['repo', '--concurrency=0']]) {
      expect(looksLikeFolderScan(other, root)).toBe(false);
    }
  });

  it('gives a path that does not exist as the same usage error', async () => {
    // With a folder among the paths the walk runs in its thread, which reports the missing one.
    const walk = startWalk(options({ paths: ['.', 'nope'] }));
    await expect(walk.next()).rejects.toThrow('No such file or directory: nope');
    await expect(startWalk(options({ paths: ['nope'] }), { threads: false }).next()).rejects.toThrow('No such file or directory: nope');
  });

  it('scanning while it walks, with and without its help, gives the results of the scan in one thread', async () => {
    const { serialWalk, serial } = await serialReference();
    const alone = await scanWalk(startWalk(options()), ctx, { concurrency: 0 });
    const helping = startWalk(options(), { help: true });
    expect(helping.helps).toBe(true);
    // The prefilter data is sent after the walk has started, as the CLI does once its catalog is loaded.
    helping.provideHelp(prefilterEntries(notices, catalog));
    const helped = await scanWalk(helping, ctx, { concurrency: 0 });
    const inline = await scanWalk(startWalk(options(), { threads: false }), ctx, { concurrency: 0 });
    expect(alone.helped).toBe(0);
    // The walker thread read some batches itself (at least the last, once the walk was over).
    expect(helped.helped).toBeGreaterThan(0);
    for (const other of [alone, helped, inline]) {
      expect(other.files).toEqual(serialWalk.files);
      expect(view(other.results)).toEqual(view(serial));
    }
    const byName = new Map(serial.map((r) => [isSkipped(r) ? r.display : r.file.display, r]));
    expect(byName.get('big.ts')).toEqual({ display: 'big.ts', reason: 'over the size limit (4.9 KB > 4 KB)' });
    expect(byName.get('blob.json')).toMatchObject({ reason: 'binary file' });
    expect(byName.get('latin1.ts')).toMatchObject({ reason: 'not UTF-8 text' });
    for (const at of ['0-first', 'zz-last']) {
      const found = (name: string): unknown => (byName.get(`${at}/${name}`) as ScannedFile).findings.map((f) => [f.notice.id, f.match.loc.start]);
      expect(found('bom.ts')).not.toEqual([]);
      expect(found('utf16le.ts')).toEqual(found('bom.ts'));
      expect(found('utf16be.ts')).toEqual(found('bom.ts'));
      expect(found('mixed-case.ts')).not.toEqual([]);
      expect((byName.get(`${at}/other-plugin.ts`) as ScannedFile).suppressions).toHaveLength(0);
      expect((byName.get(`${at}/bare-disable.ts`) as ScannedFile).suppressions).toHaveLength(1);
    }
    expect(byName.get('broken.ts')).toMatchObject({ unanalysed: expect.stringMatching(/^does not parse/) });
    expect((byName.get('unused-directive.ts') as ScannedFile).suppressions).toHaveLength(1);
    expect(serial.filter((r) => !isSkipped(r) && r.findings.length > 0).length).toBeGreaterThan(50);
    // Generated files are judged alike whichever thread walks and reads them.
    const generated = (at: string): unknown => Object.fromEntries([...serialWalk.skipped, ...serial.filter(isSkipped)].filter((k) => k.display.startsWith(`${at}/`)).map((k) => [k.display, k.reason]));
    expect(generated('zz')).toEqual({
      'zz/dist/index.js': 'generated (in a dist/ folder)',
      'zz/pkg/umd/pkg.js': 'generated (in a umd/ folder beside package.json)',
      'zz/app.min.js': 'generated (minified: .min. in the name)',
      'zz/mapped.js': 'generated (source map beside it)',
      'zz/trailing.js': 'generated (sourceMappingURL comment at the end)',
      'zz/header.ts': 'generated (header comment says so)',
    });
    expect(generated('aa')).toEqual(Object.fromEntries(Object.entries(generated('zz') as Record<string, string>).map(([k, v]) => [k.replace('zz/', 'aa/'), v])));
    expect(isSkipped(byName.get('zz/lib/plain.js')!)).toBe(false);
  }, 180_000);

  it('with --include-generated, every way of walking and reading scans the generated files alike', async () => {
    const opts = options({ includeGenerated: true });
    const serialWalk = findFiles(opts);
    expect(serialWalk.skipped.filter((k) => k.reason.startsWith('generated'))).toEqual([]);
    const serial = await scanFiles(serialWalk.files, ctx, { concurrency: 0 });
    const helping = startWalk(opts, { help: true });
    helping.provideHelp(prefilterEntries(notices, catalog));
    const helped = await scanWalk(helping, ctx, { concurrency: 0 });
    const inline = await scanWalk(startWalk(opts, { threads: false }), ctx, { concurrency: 0 });
    expect(helped.helped).toBeGreaterThan(0);
    for (const other of [helped, inline]) expect(view(other.results)).toEqual(view(serial));
    const scanned = new Set(serial.filter((r) => !isSkipped(r)).map((r) => (r as ScannedFile).file.display));
    for (const file of ['zz/dist/index.js', 'zz/pkg/umd/pkg.js', 'zz/app.min.js', 'zz/mapped.js', 'zz/trailing.js', 'zz/header.ts']) expect(scanned, file).toContain(file);
  }, 60_000);
});

/**
 * A small tree with what a walk must get right (nested ignore files and a re-include, links inside and outside the
 * root, a broken link, a link loop, a FIFO, generated files, dependencies, a name that is not UTF-8), under `WALK_THREAD_ENTRIES` entries: walked in this thread by default, in the walker thread when asked.
 */
function smallTree(): string {
  const dir = path.join(root, 'small');
  const files: Record<string, string> = {
    '.gitignore': 'out/\n*.log.ts\n!keep.log.ts\n',
    'src/a.ts': 'const answerConfirmationEnabled = true;\n',
    'src/b.js': "fetch('https://api.ciscospark.com/v1/people');\n",
    'src/nested/.gitignore': 'local.ts\n',
    'src/nested/local.ts': 'export const x = 1;\n',
    'src/nested/kept.ts': 'export const y = 2;\n',
    'src/x.log.ts': 'export const z = 3;\n',
    'src/keep.log.ts': 'export const w = 4;\n',
    '.collab-migrateignore': 'vendor/\n',
    'vendor/v.js': 'export const v = 5;\n',
    'out/o.js': 'export const o = 6;\n',
    'node_modules/pkg/index.js': 'export const n = 7;\n',
    'dist/index.js': 'export const d = 8;\n',
    'app.min.js': 'export const m = 9;\n',
    'readme.md': '# small\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  symlinkSync(path.join(dir, 'src', 'a.ts'), path.join(dir, 'link-a.ts'));
  symlinkSync(path.join(dir, 'src', 'nested'), path.join(dir, 'link-nested'));
  symlinkSync(path.join(root, 'repo', 'big.ts'), path.join(dir, 'outside.ts'));
  symlinkSync(path.join(dir, 'gone.ts'), path.join(dir, 'broken.ts'));
  symlinkSync(path.join(dir, 'loop-b.ts'), path.join(dir, 'loop-a.ts'));
  symlinkSync(path.join(dir, 'loop-a.ts'), path.join(dir, 'loop-b.ts'));
  execFileSync('mkfifo', [path.join(dir, 'pipe.ts')]);
  writeFileSync(Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.from([0xff]), Buffer.from('.ts')]), 'export const b = 11;\n');
  return dir;
}

describe('the walk in this thread for a small tree (WALK_THREAD_ENTRIES)', () => {
  let small: string;
  beforeAll(() => {
    small = smallTree();
  });
  const smallOptions = (extra: Partial<WalkOptions> = {}): WalkOptions => options({ cwd: small, ...extra });
  async function walked(stream: ReturnType<typeof startWalk>): Promise<{ files: unknown[]; skipped: unknown[] }> {
    const files = [];
    for (let event = await stream.next(); event; event = await stream.next()) if (event.kind === 'files') files.push(...event.files);
    await stream.cancel();
    return { files, skipped: stream.skipped };
  }

  it('walks a small tree in this thread and with its thread to the same files, order and skipped entries', async () => {
    // The small tree is under the limit; the 3,000-file corpus of the tests above is over it (they walk in the thread).
    expect(peekTree([small], WALK_THREAD_ENTRIES).small).toBe(true);
    expect(peekTree([path.join(root, 'repo')], WALK_THREAD_ENTRIES).small).toBe(false);
    for (const extra of [{}, { stat: true }, { paths: ['src', 'app.min.js', 'src/nested'] }, { includeGenerated: true }, { exclude: ['src/nested/**'] }, { cwd: path.join(small, 'src'), paths: ['..'] }]) {
      const inline = findFiles(smallOptions(extra));
      const here = startWalk(smallOptions(extra), { help: true });
      // In this thread: no walker thread to help.
      expect(here.helps).toBe(false);
      const thread = startWalk(smallOptions(extra), { help: true, threadFrom: 0 });
      expect(thread.helps).toBe(true);
      thread.provideHelp(prefilterEntries(notices, catalog));
      for (const way of [await walked(here), await walked(thread)]) {
        expect(way.files).toEqual(inline.files);
        expect(way.skipped).toEqual(inline.skipped);
      }
    }
    const { files, skipped } = findFiles(smallOptions());
    // The links to src/a.ts and src/nested are walked after the walk, and find files it has found already.
    expect(files.map((f) => f.display)).toEqual(['src/a.ts', 'src/b.js', 'src/keep.log.ts', 'src/nested/kept.ts']);
    // In walk order, the links (followed after the walk) last.
    expect(skipped.map((k) => [k.display, k.reason])).toEqual([
      ['app.min.js', 'generated (minified: .min. in the name)'],
      ['bad-\uFFFD.ts', 'name is not valid UTF-8 (cannot be opened by it)'],
      ['dist/index.js', 'generated (in a dist/ folder)'],
      ['pipe.ts', 'not a regular file (a named pipe)'],
      ['broken.ts', 'broken symbolic link'],
      ['loop-a.ts', 'symbolic link loop'],
      ['loop-b.ts', 'symbolic link loop'],
      ['outside.ts', 'symbolic link to outside the scanned folder (not followed)'],
    ]);
    const names = files.map((f) => f.display);
    for (const left of ['src/nested/local.ts', 'src/x.log.ts', 'vendor/v.js', 'out/o.js', 'node_modules/pkg/index.js']) expect(names).not.toContain(left);
  });

  it('scans a small tree in this thread with the results of the scan with its thread', async () => {
    const inline = findFiles(smallOptions());
    const serial = await scanFiles(inline.files, ctx, { concurrency: 0 });
    const here = await scanWalk(startWalk(smallOptions()), ctx, { concurrency: 0 });
    const helping = startWalk(smallOptions(), { help: true, threadFrom: 0 });
    helping.provideHelp(prefilterEntries(notices, catalog));
    const thread = await scanWalk(helping, ctx, { concurrency: 0 });
    for (const way of [here, thread]) expect(view(way.results)).toEqual(view(serial));
    expect(serial.filter((r) => !isSkipped(r) && r.findings.length > 0).length).toBeGreaterThan(0);
  });

  it('counts the entries of the folders the walk may enter, up to the limit, and lists a small tree once', () => {
    const tree = path.join(root, 'count');
    mkdirSync(path.join(tree, 'a', 'b'), { recursive: true });
    for (let i = 0; i < 5; i++) writeFileSync(path.join(tree, 'a', 'b', `f${i}.ts`), '');
    // Dependencies and VCS data are never entered, however large.
    mkdirSync(path.join(tree, 'node_modules', 'p'), { recursive: true });
    for (let i = 0; i < 50; i++) writeFileSync(path.join(tree, 'node_modules', 'p', `m${i}.js`), '');
    mkdirSync(path.join(tree, '.git', 'objects'), { recursive: true });
    for (let i = 0; i < 50; i++) writeFileSync(path.join(tree, '.git', 'objects', `o${i}`), '');
    // The tree lists a, node_modules and .git (3 entries), a lists b (1), b its 5 files: 9 in all.
    expect(peekTree([tree], 9).small).toBe(true);
    expect(peekTree([tree], 8).small).toBe(false);
    expect(peekTree([tree], 0).small).toBe(false);
    // Two folders: their entries add up (a folder given twice is listed once).
    expect(peekTree([path.join(tree, 'a'), path.join(tree, 'a', 'b')], 6).small).toBe(true);
    expect(peekTree([path.join(tree, 'a'), path.join(tree, 'a', 'b')], 5).small).toBe(false);
    const peek = peekTree([tree], 9);
    expect([...peek.listings!.keys()]).toEqual([tree, path.join(tree, 'a'), path.join(tree, 'a', 'b')]);
    // The walk takes the listings it is given instead of listing again: given another folder's listing for a/b, it
    // finds that folder's file under a/b (the real a/b holds no such file).
    const other = path.join(root, 'count-other');
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'only-listed.ts'), '');
    const listed = new Map(peek.listings);
    listed.set(path.join(tree, 'a', 'b'), peekTree([other], 9).listings!.get(other)!);
    const opts = options({ cwd: tree, leaveOut: [] });
    expect(findFiles(opts, undefined, listed).files.map((f) => f.display)).toEqual(['a/b/only-listed.ts']);
    expect(findFiles(opts, undefined, peek.listings).files.map((f) => f.display)).toEqual(['a/b/f0.ts', 'a/b/f1.ts', 'a/b/f2.ts', 'a/b/f3.ts', 'a/b/f4.ts']);
    expect(findFiles(opts).files.map((f) => f.display)).toEqual(['a/b/f0.ts', 'a/b/f1.ts', 'a/b/f2.ts', 'a/b/f3.ts', 'a/b/f4.ts']);
  });

  it('is decided by the binary before the command line loads: no thread for a small tree, its peek kept for the walk', () => {
    const small = path.join(root, 'count');
    prestartWalker([small, '--format', 'json'], root);
    expect(takePrestartedWalker()).toBeUndefined();
    // The peek made then is the walk's (taken once); another folder's walk peeks anew.
    expect(peekWalk([small]).small).toBe(true);
    prestartWalker([small, '--format', 'json'], root);
    expect(peekWalk([path.join(root, 'repo')]).small).toBe(false);
    // A walk without threads drops the early peek: a later walk of the folder lists it anew.
    prestartWalker([small, '--format', 'json'], root);
    const before = findFiles(options({ cwd: small, leaveOut: [] })).files.length;
    startWalk(options({ cwd: small }), { threads: false });
    writeFileSync(path.join(small, 'a', 'late.ts'), '');
    const later = peekWalk([small]);
    expect(later.small).toBe(true);
    expect([...later.listings!.get(path.join(small, 'a'))!].map((e) => e.name)).toContain('late.ts');
    expect(before).toBe(5);
  });
});

describe('PrefilterPlan (the prefilter decision away from the engine)', () => {
  it('asks for analysis of exactly the fixture files whose tokens the engine finds (a superset of those it parses or reads: its text-level gates may rule out more)', () => {
    const plan = new PrefilterPlan(prefilterEntries(notices, catalog));
    const paths = [...new Set([...validFiles().map((f) => f.file), ...invalidFiles().map((f) => f.file), ...fixPairs().map((p) => p.input)])];
    expect(paths.length).toBeGreaterThan(100);
    let parsed = 0;
    for (const filename of paths) {
      const language = fileLanguage(filename);
      if (language === 'unsupported') continue;
      const text = readFileSync(filename, 'utf8');
      const engine = analyzeFile({ filename, text }, { catalog, notices });
      if (engine.parsed) parsed++;
      const stripped = text.replace(/^\uFEFF/, '');
      const tokensFound = language === 'config' ? engine.parsed : candidateDetections(stripped, planDetections(notices, catalog)).length > 0;
      // Or a source file that makes HTTP calls: a detection about URLs may apply through a URL constant it imports.
      expect(plan.needsAnalysis(stripped, language), filename).toBe(tokensFound || plan.mayFollowImports(stripped, language, plan.present(stripped, language)));
      if (engine.parsed) expect(plan.needsAnalysis(stripped, language), filename).toBe(true);
    }
    expect(parsed).toBeGreaterThan(100);
  });

  it('lets a source file without tokens through when it makes HTTP calls (its URL may be an imported constant)', () => {
    const plan = new PrefilterPlan(prefilterEntries(notices, catalog));
    expect(plan.needsAnalysis("import { TOKEN_URL } from './urls';\nexport const t = () => axios.post(TOKEN_URL, body);\n", 'ts')).toBe(true);
    expect(plan.needsAnalysis("import { TOKEN_URL } from './urls';\nexport const t = () => cache.delete(TOKEN_URL);\n", 'ts')).toBe(false);
    expect(plan.needsAnalysis('axios.post(URL)', 'config')).toBe(false);
  });

  it('rules out a file that holds a field token but no API word (a request-field detection needs both)', () => {
    const plan = new PrefilterPlan(prefilterEntries(notices, catalog));
    expect(plan.needsAnalysis('export const features = ["a"];\n', 'ts')).toBe(false);
    // With an import, the path word alone lets it through: the module it imports may send to the endpoint.
    expect(plan.needsAnalysis('import { api } from "./api";\nexport const features = () => api.list();\n', 'ts')).toBe(true);
    expect(plan.needsAnalysis('fetch("https://webexapis.com/v1/telephony/config/features")\n', 'ts')).toBe(true);
  });
});
