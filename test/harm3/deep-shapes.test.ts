/**
 * Issue 28, items 2 and 3: every chain shape a parser recurses on reaches the guarded path (oxc in a child process
 * with a big stack, or typescript-estree over the budget), and a parse is bounded in time and memory: the native
 * parse runs in a process that is killed at its limit, so a run always ends. In child processes: a crash or a
 * hang there is a failed test, not a dead runner. Uses the build.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { NESTING_BUDGET, nestingEstimate } from '../../engine/parse/parse.js';
import { DEEP_BUDGET } from '../../engine/parse/deep.js';
import { assertBuilt, cli, tempTrees } from '../cli/run.js';
import { SIM_RING } from '../helpers/snippets.js';

const PARSE = fileURLToPath(new URL('../../dist/engine/parse/parse.js', import.meta.url));

/** The word-operator chains of the audit, with the length at which each ended the process before. */
const WORD_CHAINS: Record<string, [(n: number) => string, number]> = {
  keyof: [(n) => 'type T = ' + 'keyof '.repeat(n) + 'A;\n', 30_000],
  unique: [(n) => 'type T = ' + 'unique '.repeat(n) + 'symbol;\n', 30_000],
  readonly: [(n) => 'type T = ' + 'readonly '.repeat(n) + 'A[];\n', 30_000],
  infer: [(n) => 'type T<X> = X extends ' + 'infer U extends '.repeat(n) + 'A ? 1 : 0;\n', 30_000],
  in: [(n) => 'x = ' + 'a in '.repeat(n) + 'b;\n', 70_000],
  instanceof: [(n) => 'x = ' + 'a instanceof '.repeat(n) + 'b;\n', 70_000],
  as: [(n) => 'x = a' + ' as T'.repeat(n) + ';\n', 90_000],
  satisfies: [(n) => 'x = a' + ' satisfies T'.repeat(n) + ';\n', 90_000],
};

/** Parses stdin in a fresh process; what it printed, how it ended, and its own peak memory (MB). */
function parseInChild(text: string, file = 'x.ts'): { out: string; status: number | null; signal: NodeJS.Signals | null; rssMb: number } {
  const script = `import { parseSource } from ${JSON.stringify(PARSE)}; import { readFileSync } from 'node:fs';
    const r = parseSource(readFileSync(0, 'utf8'), ${JSON.stringify(file)});
    process.stdout.write((r.ok ? 'ok' : 'failed: ' + r.error.message) + '\\n' + Math.round(process.resourceUsage().maxRSS / 1024));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: text, encoding: 'utf8', timeout: 120_000 });
  const [out = '', rss = '0'] = child.stdout.split('\n');
  return { out, status: child.status, signal: child.signal, rssMb: Number(rss) };
}

/**
 * Parses the texts in order in one child process (starting Node and loading the parsers once for the group, not
 * once per text, as test/parse-deep.test.ts does) and answers each text's outcome, `ok` or `failed: <why>`, or
 * undefined when the child died first: it answers each text on its own line once parsed, so a crash leaves the text
 * it died on, and every text after it, without an answer, and those cases fail naming how the child ended.
 */
function group(texts: () => string[]): (i: number) => { outcome: string | undefined; ended: string } {
  let done: { outcomes: Array<string | undefined>; ended: string } | undefined;
  return (i) => {
    if (!done) {
      const all = texts();
      const script = `import { parseSource } from ${JSON.stringify(PARSE)}; import { readFileSync } from 'node:fs';
        for (const text of JSON.parse(readFileSync(0, 'utf8'))) {
          const r = parseSource(text, 'x.ts');
          process.stdout.write(JSON.stringify(r.ok ? 'ok' : 'failed: ' + r.error.message) + '\\n');
        }`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(all), encoding: 'utf8', timeout: 600_000, maxBuffer: 1 << 26 });
      const lines = child.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as string);
      const clean = child.status === 0 && child.signal === null;
      const ended = child.signal ? `killed by ${child.signal}` : `exit code ${child.status}${child.stderr ? `: ${child.stderr.slice(0, 500)}` : ''}`;
      // A child that did not end cleanly answered nothing that can be trusted after its last line.
      done = { outcomes: all.map((_, k) => (k < lines.length && (k < lines.length - 1 || clean) ? lines[k] : undefined)), ended };
    }
    return { outcome: done.outcomes[i], ended: done.ended };
  };
}

describe('word-operator chains reach the guarded path (issue 28, item 2)', { timeout: 600_000 }, () => {
  const chains = Object.entries(WORD_CHAINS);
  // One child for the chains at the length that ended the process, one for the chains at 100,000.
  const atCrash = group(() => chains.map(([, [make, crashed]]) => make(crashed)));
  chains.forEach(([name, [make, crashed]], i) => {
    it(`${name}, ${crashed.toLocaleString('en')} long (the length that ended the process): the process survives`, () => {
      const text = make(crashed);
      expect(nestingEstimate(text)).toBeGreaterThanOrEqual(NESTING_BUDGET);
      const { outcome, ended } = atCrash(i);
      expect(outcome, `the child process ended (${ended}) before answering`).toBeDefined();
      expect(outcome).toMatch(/^(ok|failed: )/);
    });
  });

  const atLimit = group(() => chains.map(([, [make]]) => make(100_000)));
  it('each at 100,000 ends with an answer, not a crash', () => {
    chains.forEach(([name, [make]], i) => {
      const text = make(100_000);
      expect(nestingEstimate(text), name).toBeGreaterThanOrEqual(DEEP_BUDGET);
      const { outcome, ended } = atLimit(i);
      expect(outcome, `${name}: the child process ended (${ended}) before answering`).toBeDefined();
    });
  });
});

describe('a parse is bounded in memory and time, and the run ends (issue 28, item 3)', () => {
  beforeAll(() => assertBuilt());
  const tree = tempTrees();

  it('an `a <` chain of 12,000 lines is stopped at the memory (or time) limit of its process; this process stays small', () => {
    const r = parseInChild('const x = ' + 'a <\n'.repeat(12_000) + 'a;\n');
    expect([r.signal, r.status]).toEqual([null, 0]);
    // The memory limit, or the time limit first on a loaded machine: either way the parse was stopped.
    expect(r.out).toMatch(/^failed: parsing (needed more than \d+ MB of memory|took longer than \d+ s); the file was left alone/);
    expect(r.rssMb).toBeLessThan(1024);
  });

  it('a scan with such a file ends, lists it as not analysed with the reason, and reports the other file', () => {
    // With a notice's tokens, so the file is a candidate and its parse matters.
    const d = tree({ 'src/lt.ts': `${SIM_RING}export const x = ${'a <\n'.repeat(12_000)}a;\n`, 'src/ok.ts': SIM_RING });
    const r = cli(['--format', 'json', '--today', '2026-03-01', '--no-progress', '.'], { cwd: d });
    expect(r.code).not.toBe(2);
    const report = JSON.parse(r.stdout) as { unanalysed: { file: string; reason: string }[]; files: { file: string }[] };
    expect(report.unanalysed).toEqual([expect.objectContaining({ file: 'src/lt.ts', reason: expect.stringMatching(/parsing (needed more than \d+ MB of memory|took longer than \d+ s)/) })]);
    expect(report.files.map((f) => f.file)).toContain('src/ok.ts');
  });
});
