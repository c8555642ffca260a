/**
 * A scan of a few files starts without the analysis (issue 30, item 2): the build writes the prefilter's entries of every
 * detection into the catalog index (engine/catalog/catalog.ts, PrefilterTable), the scan decides a JavaScript or
 * TypeScript file without any notice token from them (PrefilterPlan.idleWithoutTokens, cli/scan/scan-core.ts), and the
 * CommonJS binary loads the analysis chunk (cli/scan/analysis.ts) only for a file the engine must look at.
 *
 * - the shipped table is the one the detectors give now (it goes stale when a detector's tokens change and the index
 *   is not rebuilt), and a table that does not fit the catalog is refused;
 * - a text the plan calls idle is one the engine gives nothing for, without parsing it or reading another file
 *   (property test over texts made of the shapes the decision reads), and each of those shapes alone is not idle;
 * - the binary loads no analysis chunk for a file without a token and loads it (with its code cache) for one with
 *   findings, with the same report as the ES module binary.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile, prefilterEntries, prefilterTable } from '../engine/analyze.js';
import { checkedPrefilterTable, loadCatalog, type PrefilterTable } from '../engine/catalog/catalog.js';
import { PrefilterPlan, urlQueryKeys } from '../engine/prefilter/prefilter.js';
import type { Notice } from '../engine/types.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(ROOT, 'dist');
const INDEX = path.join(DIST, 'catalog-index.json');
const CJS_BIN = path.join(DIST, 'cli', 'bin.cjs');
const ESM_BIN = path.join(DIST, 'cli', 'bin.js');

const catalog = loadCatalog();
const inForce = catalog.notices.filter((n) => n.status !== 'informational');

describe('the prefilter table of the catalog index', () => {
  it('is what the detectors give for every detection, in the plan\'s order', () => {
    const table = prefilterTable(catalog);
    expect(Object.keys(table).sort()).toEqual(catalog.notices.map((n) => n.id).sort());
    const map = checkedPrefilterTable(table, catalog.notices);
    expect(map).toBeDefined();
    expect(inForce.flatMap((n) => map!.get(n.id)!)).toEqual(prefilterEntries(inForce, catalog));
    // JSON (the index) keeps every entry as it is.
    expect(checkedPrefilterTable(JSON.parse(JSON.stringify(table)), catalog.notices)).toEqual(map);
  });

  it.skipIf(!existsSync(INDEX))('shipped in dist/catalog-index.json is the one the detectors give now (stale: run npm run build)', () => {
    const index = JSON.parse(readFileSync(INDEX, 'utf8')) as { prefilter?: PrefilterTable };
    expect(index.prefilter).toEqual(JSON.parse(JSON.stringify(prefilterTable(catalog))));
  });

  it('is refused when it does not fit the catalog or is malformed', () => {
    const good = (): PrefilterTable => JSON.parse(JSON.stringify(prefilterTable(catalog))) as PrefilterTable;
    const id = inForce.find((n) => n.detections.length > 1)!.id;
    /** The table with the first entry of `id` given `key` = `value`. */
    const withField = (key: string, value: unknown) => (t: PrefilterTable): PrefilterTable => {
      (t[id]![0] as unknown as Record<string, unknown>)[key] = value;
      return t;
    };
    const broken: Array<[string, (t: PrefilterTable) => unknown]> = [
      ['a notice missing', (t) => Object.fromEntries(Object.entries(t).filter(([k]) => k !== id))],
      ['a notice more', (t) => ({ ...t, 'no-such-notice': [] })],
      ['a detection missing', (t) => ({ ...t, [id]: t[id]!.slice(1) })],
      ['a detection more', (t) => ({ ...t, [id]: [...t[id]!, { tokens: [], requires: [], config: false }] })],
      ['tokens not strings', withField('tokens', [1])],
      ['config not a boolean', withField('config', 'yes')],
      ['a key it does not know', withField('extra', true)],
      ['urls of another value', withField('urls', 'always')],
      ['merged of another value', withField('merged', false)],
      ['a pattern that does not compile', withField('importsWhen', [{ source: '(', flags: '' }])],
      ['an array', () => []],
      ['null', () => null],
    ];
    expect(checkedPrefilterTable(good(), catalog.notices)).toBeDefined();
    for (const [what, edit] of broken) expect(checkedPrefilterTable(edit(good()), catalog.notices), what).toBeUndefined();
  });

  it.skipIf(!existsSync(INDEX))('is what the built catalog hands the scan for any selection, and nothing for a catalog with extra files', async () => {
    // The build's modules, which take the built-in catalog from the index.
    const built = (await import(pathToFileURL(path.join(DIST, 'engine', 'catalog', 'catalog.js')).href)) as typeof import('../engine/catalog/catalog.js');
    const engine = (await import(pathToFileURL(path.join(DIST, 'engine', 'analyze.js')).href)) as typeof import('../engine/analyze.js');
    const loaded = built.loadCatalog();
    const notices = loaded.notices.filter((n) => n.status !== 'informational');
    for (const pick of [notices, notices.slice(0, 3), notices.filter((_, i) => i % 2 === 1), []]) {
      expect(built.builtPrefilterEntries(pick, loaded)).toEqual(engine.prefilterEntries(pick, loaded));
    }
    // A notice of another catalog (same id, another object) is not taken from the table.
    expect(built.builtPrefilterEntries([{ ...notices[0]! } as Notice], loaded)).toBeUndefined();
    const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-extra-'));
    try {
      const extra = path.join(work, 'extra.json');
      writeFileSync(extra, JSON.stringify({ version: 1, notices: [] }));
      const merged = built.loadCatalog({ extraFiles: [extra] });
      expect(built.builtPrefilterEntries(merged.notices, merged)).toBeUndefined();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('PrefilterPlan.idleWithoutTokens: a file without tokens the engine gives nothing for', () => {
  const plan = new PrefilterPlan(prefilterEntries(inForce, catalog));
  const keys = urlQueryKeys(inForce);
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-idle-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  // A project on disk (absolute paths): the engine may follow imports from it.
  mkdirSync(path.join(work, 'src'), { recursive: true });
  writeFileSync(path.join(work, 'package.json'), '{"name":"idle","type":"module"}\n');
  writeFileSync(path.join(work, 'src', 'api.ts'), "export const BASE = 'https://webexapis.com/v1';\nexport const AUTHORIZE = 'https://webexapis.com/v1/authorize';\n");
  const file = path.join(work, 'src', 'file.ts');

  it('holds for texts of the shapes it reads whenever it says so (property)', () => {
    // Pieces the decision reads (an HTTP call, an import, an interceptor, a component building a URL from a prop, a
    // class handing headers up), and plain code; none holds a notice token.
    const piece = fc.constantFrom(
      'export const answer = 42;\n',
      "import { BASE } from './api';\n",
      "const r = await fetch(BASE + '/x');\n",
      'class A extends B { constructor() { super({ headers: { "Content-Type": "x" } }); } }\n',
      'export function Link({ baseUrl }) { return `${baseUrl}?client_id=abc`; }\n',
      'const Link = (props) => props.url + "?client_id=" + id;\n',
      'class I implements HttpInterceptor {}\n',
      "const url = `${AUTHORIZE}?response_type=code`;\n",
      'process.env.X;\n',
      'function Plain() { return 1; }\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const text = pieces.join('');
        const present = plan.present(text, 'ts');
        if (present.size > 0 || !plan.idleWithoutTokens(text, keys)) return;
        const result = analyzeFile({ filename: file, text }, { catalog, notices: inForce });
        expect(result.matches, text).toEqual([]);
        expect(result.parsed, text).toBe(false);
        expect(result.dependencies, text).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('is false for each shape that may take tokens from an import, true for plain code', () => {
    expect(plan.idleWithoutTokens('export const answer = 42;\n', keys)).toBe(true);
    expect(plan.idleWithoutTokens("import x from './x';\nexport const y = x + 1;\n", keys)).toBe(true);
    for (const text of [
      "const r = await fetch(BASE + '/x');\n",
      'class A extends B { constructor() { super({ headers: { "Content-Type": "x" } }); } }\n',
      'class I implements HttpInterceptor {}\n',
      'export function Link({ baseUrl }) { return `${baseUrl}?client_id=abc`; }\n',
      "import { AUTHORIZE } from './api';\nconst url = `${AUTHORIZE}?response_type=code`;\n",
    ]) {
      expect(plan.idleWithoutTokens(text, keys), text).toBe(false);
    }
    // A plan with a detection that needs no token is never idle.
    expect(new PrefilterPlan([{ tokens: [], requires: [], config: false }]).idleWithoutTokens('export const a = 1;\n', [])).toBe(false);
  });

  it('urlQueryKeys names the query parameters of the url-query detections', () => {
    const expected = new Set<string>();
    for (const n of inForce) {
      for (const d of n.detections) {
        if (d.kind !== 'url-query') continue;
        if (d.identifiedBy) expected.add(d.identifiedBy);
        for (const k of [...(d.requires ?? []), ...Object.keys(d.values ?? {})]) expected.add(k);
      }
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(urlQueryKeys(inForce))).toEqual(expected);
    expect(urlQueryKeys(catalog.notices.filter((n) => n.status === 'informational'))).toEqual([]);
  });
});

describe.skipIf(!existsSync(CJS_BIN) || !existsSync(ESM_BIN))('the CommonJS binary loads the analysis only for a file the engine looks at', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-chunk-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  // Loaded before the binary: on exit, the chunks of dist/cli/ the process holds.
  const probe = path.join(work, 'probe.cjs');
  writeFileSync(probe, "process.on('exit', () => process.stderr.write('\\nCHUNKS ' + JSON.stringify(Object.keys(require.cache).map((f) => require('path').basename(f)).filter((f) => /^(bin-fast|scope-manager-bundle)/.test(f)).sort()) + '\\n'));\n");
  mkdirSync(path.join(work, 'src'), { recursive: true });
  writeFileSync(path.join(work, 'src', 'plain.ts'), 'export const answer = 42;\n');
  writeFileSync(path.join(work, 'src', 'host.ts'), "export const people = () => fetch('https://api.ciscospark.com/v1/people');\n");
  const run = (bin: string, args: string[], preload: boolean) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CI: 'true' };
    delete env.FORCE_COLOR;
    return spawnSync(process.execPath, [...(preload ? ['--require', probe] : []), bin, '--today', '2026-11-28', '--no-progress', ...args], { cwd: work, encoding: 'utf8', env, timeout: 60_000 });
  };
  const chunks = (stderr: string): string[] => JSON.parse(/CHUNKS (.*)\n$/.exec(stderr)?.[1] ?? 'null') as string[];

  it('a file without a notice token: the scan chunk only, and the same report', () => {
    const r = run(CJS_BIN, ['src/plain.ts'], true);
    expect(r.status, r.stderr).toBe(0);
    expect(chunks(r.stderr)).toContain('bin-fast-main.cjs');
    expect(chunks(r.stderr)).not.toContain('bin-fast-analysis-modules.cjs');
    expect(chunks(r.stderr).some((c) => c.startsWith('scope-manager-bundle'))).toBe(false);
    const esm = run(ESM_BIN, ['src/plain.ts'], false);
    expect(r.stdout).toBe(esm.stdout);
  });

  it('a file with a finding: the analysis chunk too, and the same report', () => {
    const r = run(CJS_BIN, ['--format', 'json', 'src/host.ts', 'src/plain.ts'], true);
    expect([0, 1], r.stderr).toContain(r.status);
    expect(chunks(r.stderr)).toContain('bin-fast-analysis-modules.cjs');
    const esm = run(ESM_BIN, ['--format', 'json', 'src/host.ts', 'src/plain.ts'], false);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(esm.stdout));
    expect((JSON.parse(r.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
  });

  it('has code caches for the analysis chunk and the scope manager\'s bundle that this Node takes', () => {
    const v8 = process.versions.v8;
    for (const name of ['bin-fast-analysis-modules', 'scope-manager-bundle']) {
      expect(existsSync(path.join(DIST, 'cli', `${name}-${v8}.cache`)), name).toBe(true);
    }
  });
});
