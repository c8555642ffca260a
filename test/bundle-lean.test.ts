/**
 * The command line's chunks as scripts/bundle.ts writes them (issue 30, item 2): in ASCII, so Node decodes each into
 * a one-byte string (one non-ASCII character made the scan's 1.09 MB chunk a two-byte string), and without the
 * documentation comments that V8 scanned at every start. The characters that were written as themselves are now
 * escapes: the byte-order mark the engine strips, the `✔` of the text report. Needs a build (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/cli/', import.meta.url));
const BIN = path.join(CLI, 'bin.js');
const ASSIGN = fileURLToPath(new URL('../examples/consumer-app/src/licenses/assign.ts', import.meta.url));

/**
 * The chunks, and the walker thread's bundle. The HTML report's chunk is left out: it keeps `…` and `·` inside `html`
 * tagged templates, whose raw text an escape would change (rolldown leaves them as they are), and no scan loads it
 * unless asked for that format.
 */
function scanChunks(): string[] {
  return readdirSync(CLI).filter((n) => /^bin.*\.js$/.test(n) && n !== 'bin-html.js').concat('walk-worker-bundle.cjs');
}

describe.skipIf(!existsSync(BIN))('the bundled command line', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-lean-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("runs js-tokens' module body at its first call, not at start (scripts/bundle.ts, lazyJsTokens)", () => {
    // In the chunk of the CommonJS scan that holds the analysis (cli/scan/analysis.ts), required on first use.
    const holder = readdirSync(CLI).filter((n) => /^bin-fast.*\.cjs$/.test(n)).find((n) => readFileSync(path.join(CLI, n), 'utf8').includes('ID_Start'));
    expect(holder, 'no chunk of the CommonJS scan holds js-tokens').toBeDefined();
    const fast = readFileSync(path.join(CLI, holder!), 'utf8');
    // The body is inside makeJsTokens, called on the first call of the tokenizer; no `\p{ID_Start}` at the chunk's top level.
    const made = fast.indexOf('function makeJsTokens() {');
    expect(made, `${holder} has no makeJsTokens: js-tokens changed shape, its body runs at start`).toBeGreaterThan(0);
    const end = fast.indexOf('return jsTokens;', made);
    expect([...fast.matchAll(/\\p\{ID_Start\}/g)].every((m) => m.index > made && m.index < end)).toBe(true);
    // And the tokenizer still tokenizes: a file with findings is parsed (its strings read by js-tokens) as before.
    const r = spawnSync(process.execPath, [path.join(CLI, 'bin.cjs'), '--today', '2026-11-28', '--no-progress', '--format', 'json', ASSIGN], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: unknown[] }).findings.length).toBe(8);
  });

  it('is written in ASCII, without documentation comments', () => {
    for (const name of scanChunks()) {
      const text = readFileSync(path.join(CLI, name), 'utf8');
      expect(/[^\x00-\x7f]/.exec(text)?.index, name).toBeUndefined();
      // Licence comments (yargs' `@license` blocks) are kept.
      const docs = [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)].map((m) => m[0]).filter((c) => !/@license|@preserve/.test(c));
      expect(docs, name).toEqual([]);
    }
  });

  it('still strips a byte-order mark and prints the text report\'s marks', () => {
    const text = readFileSync(ASSIGN, 'utf8');
    writeFileSync(path.join(work, 'plain.ts'), text);
    writeFileSync(path.join(work, 'bom.ts'), `\uFEFF${text}`);
    writeFileSync(path.join(work, 'clean.ts'), 'export const answer = 42;\n');
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, '--today', '2026-11-22', '--no-progress', ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
    const json = run('--format', 'json', 'plain.ts', 'bom.ts');
    expect(json.status).toBe(1);
    const findings = (JSON.parse(json.stdout) as { findings: Array<{ file: string; line: number; column: number; noticeId: string }> }).findings;
    const of = (file: string) => findings.filter((f) => f.file === file).map((f) => [f.noticeId, f.line, f.column]);
    expect(of('plain.ts')).toHaveLength(8);
    expect(of('bom.ts')).toEqual(of('plain.ts'));
    const clean = run('clean.ts');
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('\u2714 No findings in 1 file');
  });
});
