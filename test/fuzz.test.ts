/**
 * Property and fuzz tests of the fix pipeline (issue 7 item 4). Generated programs embed notice patterns (the
 * catalog's before-examples and the fixture inputs under test/fixtures/<id>/) in random syntactic positions, with
 * random comments, indentation and line endings. For each: the fixed output parses, a second fix changes nothing,
 * and the text outside the edited ranges survives byte for byte (CRLF included). Mutated inputs (truncated, random
 * bytes inserted, random deletions) never make the analyser or the fixer throw.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> npx vitest run test/fuzz.test.ts
 * (FUZZ_RUNS scales the number of runs).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyEdits, checkSyntax, fixFile } from '../engine/fix/edits.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const params = (numRuns: number): fc.Parameters<unknown> => ({ numRuns: Math.max(1, Math.round(numRuns * RUNS)), seed: SEED, verbose: 1 });

const loaded = loadCatalog();
const opts: AnalyzeOptions = { catalog: loaded, notices: loaded.notices.filter((n) => n.status !== 'informational'), engine: {} };

/** Statement-level snippets: catalog examples that parse on their own inside an async function. */
function catalogSnippets(): string[] {
  const out: string[] = [];
  for (const n of loaded.notices) {
    const ex = n.example;
    if (!ex || (ex.language !== 'ts' && ex.language !== 'js')) continue;
    if (checkSyntax('snippet.ts', `async function wrap() {\n${ex.before}\n}\n`) === undefined) out.push(ex.before);
  }
  return out;
}

/** Whole-file fixture inputs (used at top level only: they may hold imports). */
function fixtureInputs(): { ext: string; text: string }[] {
  if (!existsSync(FIXTURES)) return [];
  const out: { ext: string; text: string }[] = [];
  for (const dir of readdirSync(FIXTURES)) {
    const folder = join(FIXTURES, dir);
    if (!statSync(folder).isDirectory()) continue;
    for (const f of readdirSync(folder)) {
      const m = /\.input\.(ts|tsx|js|mjs|cjs|jsx)$/.exec(f);
      if (m) out.push({ ext: m[1], text: readFileSync(join(folder, f), 'utf8') });
    }
  }
  return out;
}

const snippets = catalogSnippets();
const fixtures = fixtureInputs();

const indent = (text: string, pad: string): string => text.split('\n').map((l) => (l ? pad + l : l)).join('\n');

/** Syntactic positions a statement-level snippet can be placed in; each returns a complete module. */
const wrappers: ((s: string, pad: string) => string)[] = [
  (s) => s,
  (s, pad) => `export async function handler(event) {\n${indent(s, pad)}\n}`,
  (s, pad) => `class Job {\n${pad}async run() {\n${indent(s, pad + pad)}\n${pad}}\n}`,
  (s, pad) => `const task = async () => {\n${indent(s, pad)}\n};`,
  (s, pad) => `const jobs = {\n${pad}async nightly() {\n${indent(s, pad + pad)}\n${pad}},\n};`,
  (s, pad) => `const steps = [\n${pad}async () => {\n${indent(s, pad + pad)}\n${pad}},\n];`,
  (s, pad) => `const report = \`\${await (async () => {\n${indent(s, pad)}\nreturn 1;\n})()}\`;`,
  (s, pad) => `if (process.env.RUN) {\n${pad}try {\n${indent(s, pad + pad)}\n${pad}} catch (e) {\n${pad}${pad}console.error(e);\n${pad}}\n}`,
];

const comments = ['', '// TODO: migrate\n', '/* keep */ ', '/**\n * Doc.\n */\n', '// eslint-disable-next-line no-console\n'];

const program = fc
  .record({
    parts: fc.array(
      fc.record({
        snippet: fc.constantFrom(...(snippets.length ? snippets : ['const x = 1;'])),
        wrap: fc.nat(wrappers.length - 1),
        comment: fc.constantFrom(...comments),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    pad: fc.constantFrom('  ', '    ', '\t'),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    ext: fc.constantFrom('ts', 'js', 'mjs', 'tsx'),
    trailingNewline: fc.boolean(),
  })
  .map(({ parts, pad, crlf, bom, ext, trailingNewline }) => {
    let text = parts.map((p, i) => `${p.comment}${wrappers[p.wrap](p.snippet, pad).replaceAll('wrap()', `wrap${i}()`)}`).join('\n\n');
    text = text.replace(/\bconst (\w+) =/g, (m, name: string, offset: number) => `const ${name}_${offset} =`);
    if (trailingNewline) text += '\n';
    if (crlf) text = text.replace(/\r?\n/g, '\r\n');
    if (bom) text = '\uFEFF' + text;
    return { filename: `gen/file.${ext}`, text };
  })
  // Renaming declarations may break references; keep the programs that parse (most do).
  .filter((f) => checkSyntax(f.filename, f.text) === undefined);

/** The segments of `text` outside the ranges of the first pass's applied fix edits. */
function untouchedSegments(filename: string, text: string): string[] {
  const result = analyzeFile({ filename, text }, opts);
  const groups = result.matches.filter((m) => m.fix).map((m) => m.fix!);
  const { applied } = applyEdits(text, groups);
  const ranges = applied.flatMap((i) => groups[i].map((e) => e.range)).sort((a, b) => a[0] - b[0]);
  const segments: string[] = [];
  let last = 0;
  for (const [s, e] of ranges) {
    segments.push(text.slice(last, s));
    last = Math.max(last, e);
  }
  segments.push(text.slice(last));
  return segments.filter((s) => s.length > 0);
}

/** Checks one file; returns whether the fix changed it. */
function checkFixed(file: { filename: string; text: string }): boolean {
  const first = fixFile(file, opts);
  if (!first.changed) {
    expect(first.output).toBe(file.text);
    return false;
  }
  expect(checkSyntax(file.filename, first.output), 'fixed output must parse').toBeUndefined();
  const second = fixFile({ filename: file.filename, text: first.output }, opts);
  expect(second.output, 'a second fix must change nothing').toBe(first.output);
  // Bytes outside the edited ranges survive, in order.
  let cursor = 0;
  for (const seg of untouchedSegments(file.filename, file.text)) {
    const at = first.output.indexOf(seg, cursor);
    expect(at, `untouched text ${JSON.stringify(seg.slice(0, 60))} must survive`).toBeGreaterThanOrEqual(cursor);
    cursor = at + seg.length;
  }
  if (file.text.startsWith('\uFEFF')) expect(first.output.startsWith('\uFEFF')).toBe(true);
  if (/\r\n/.test(file.text) && !/(^|[^\r])\n/.test(file.text)) {
    expect(/(^|[^\r])\n/.test(first.output), 'CRLF file gains no bare LF').toBe(false);
  }
  return true;
}

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bytes: fc.string({ unit: 'binary', maxLength: 8 }) }),
  fc.record({ kind: fc.constant('insertSyntax' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bytes: fc.constantFrom('{', '}', '(', '`', "'", '"', '/*', '${', '<div>', '\0', '\uD800', '\r', 'await ', '=>') }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 40 }) }),
);

interface Mutation {
  kind: 'truncate' | 'insert' | 'insertSyntax' | 'delete';
  at: number;
  bytes?: string;
  length?: number;
}

function mutate(text: string, ms: readonly Mutation[]): string {
  for (const m of ms) {
    const at = Math.floor(m.at * text.length);
    if (m.kind === 'truncate') text = text.slice(0, at);
    else if (m.kind === 'delete') text = text.slice(0, at) + text.slice(at + (m.length ?? 1));
    else text = text.slice(0, at) + (m.bytes ?? '') + text.slice(at);
  }
  return text;
}

describe('fuzz: fixing generated programs', () => {
  it('has patterns to embed', () => {
    expect(snippets.length).toBeGreaterThan(10);
  });

  it('output parses, a second fix is a no-op, untouched bytes survive', () => {
    let changed = 0;
    fc.assert(
      fc.property(program, (file) => {
        if (checkFixed(file)) changed++;
      }),
      params(80),
    );
    // The property must not hold vacuously: some generated programs carry autofixable patterns.
    expect(changed).toBeGreaterThan(0);
  });

  it('fixture inputs with random line endings and BOM', () => {
    if (fixtures.length === 0) return;
    const arb = fc.record({ i: fc.nat(fixtures.length - 1), crlf: fc.boolean(), bom: fc.boolean() }).map(({ i, crlf, bom }) => {
      let text = fixtures[i].text;
      if (crlf) text = text.replace(/\r?\n/g, '\r\n');
      if (bom && !text.startsWith('\uFEFF')) text = '\uFEFF' + text;
      return { filename: `fixture.${fixtures[i].ext}`, text };
    });
    let changed = 0;
    fc.assert(
      fc.property(arb, (file) => {
        if (checkFixed(file)) changed++;
      }),
      params(Math.min(120, fixtures.length * 3)),
    );
    expect(changed).toBeGreaterThan(0);
  });
});

describe('fuzz: mutated inputs never crash', () => {
  const sources = [...snippets.map((s) => `async function f() {\n${s}\n}\n`), ...fixtures.map((f) => f.text)];
  it('analyzeFile and fixFile do not throw; a result that changes still parses', () => {
    const arb = fc.record({
      i: fc.nat(sources.length - 1),
      ext: fc.constantFrom('ts', 'js', 'tsx', 'jsx', 'cjs', 'json', 'yaml', 'env'),
      ms: fc.array(mutation, { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(arb, ({ i, ext, ms }) => {
        const filename = ext === 'env' ? 'config/.env' : `m/file.${ext}`;
        const text = mutate(sources[i], ms);
        const analysis = analyzeFile({ filename, text }, opts);
        expect(Array.isArray(analysis.matches)).toBe(true);
        const fixed = fixFile({ filename, text }, opts);
        if (fixed.changed && checkSyntax(filename, text) === undefined) {
          expect(checkSyntax(filename, fixed.output)).toBeUndefined();
        }
        if (!fixed.changed) expect(fixed.output).toBe(text);
      }),
      params(300),
    );
  });
});
