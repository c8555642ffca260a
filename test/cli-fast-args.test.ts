/**
 * cli/fast-args.ts reads the scan's command line without yargs: for every command line it takes, it must give
 * the scan what yargs gives it (cli/parser.ts, the same handler replaced by one that records its arguments), and
 * it must leave to yargs every command line it cannot read exactly so (help, other commands, errors).
 */
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ScanArgs } from '../cli/commands/scan.js';
import { FIX_MODES, FORMATS, REGIONS } from '../cli/config/settings.js';
import { FAST_SCAN_OPTIONS, fastScanArgs } from '../cli/fast-args.js';
import type { Io } from '../cli/io.js';
import { parseAndRun } from '../cli/parser.js';

const sink = (): Writable => new Writable({ write: (_c, _e, done) => done() });
const io: Io = { cwd: process.cwd(), env: {}, stdout: sink(), stderr: sink() };

/** What yargs hands the scan's handler, with only the keys the scan reads (camelCase). */
async function viaYargs(argv: string[]): Promise<Record<string, unknown> | undefined> {
  let seen: Record<string, unknown> | undefined;
  await parseAndRun(argv, io, async (args) => {
    seen = args as unknown as Record<string, unknown>;
    return 0;
  });
  if (!seen) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(seen)) {
    if (key === '$0' || key.includes('-') || (key.length === 1 && key !== '_')) continue;
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

const clean = (args: ScanArgs | undefined): Record<string, unknown> | undefined =>
  args && Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));

const TAKEN: string[][] = [
  [],
  ['src/a.ts'],
  ['src/a.ts', 'src/b.ts', 'lib'],
  ['--today', '2026-11-22', 'src/a.ts'],
  ['--today=2026-11-22', '--before', '2026-07-28', 'a.ts'],
  ['--stdin-files', '--today', '2026-11-22'],
  ['--stdin-files', 'extra.ts', '--no-progress'],
  ['--fix', '--dry-run', '--fix-mode', 'final', 'src'],
  ['-f', 'json', '-o', 'report.json', 'src'],
  ['--format', 'sarif', '--output=', 'src'],
  ['--format=html', '--html-output', 'r.html', '--json-output', 'r.json', '--sarif-output', 's', '--text-output', 't', '--github-output', 'g', '--markdown-output', 'm'],
  ['--no-color', '--debug', '--quiet', '--max-warnings', '0', '--warn-within', '30'],
  ['--color', '--no-debug', '--no-quiet'],
  ['--only', 'a,b', '--skip=c', '--region', 'eu', '--strict-scopes', '--notices', 'extra.json'],
  ['--include', 'src/**', '--exclude', '**/*.test.ts', '--max-file-size', '1mb', '--check-syntax', '--fail-on-unanalysed', '--include-generated'],
  ['--no-error-on-unmatched-pattern', '--trust-config', '--force-output', '--allow-dirty', '--report-unused-suppressions'],
  ['--cache', '--cache-location', '.c', '--concurrency', 'off', '--repo-name', 'r', '--sarif-category', 'cat'],
  ['--baseline', 'b.json', '--baseline-write', 'b2.json', '--diff-base', 'main'],
  ['123', 'src/with space.ts', 'ünïcode.ts'],
  ['--no-fix', '--no-stdin-files', '--no-cache', '--no-progress', '--no-strict-scopes'],
];

const LEFT_TO_YARGS: string[][] = [
  ['--help'],
  ['-h'],
  ['--version'],
  ['src', '--version'],
  ['notices'],
  ['explain', 'scim-account-status-array'],
  ['src', 'merge'],
  ['--bogus'],
  ['--befor', '2026-07-28'],
  ['--format', 'xml'],
  ['--fix-mode', 'later'],
  ['--region', 'mars'],
  ['--only', 'a', '--only', 'b'],
  ['--include', 'a', '--include=b'],
  ['--before'],
  ['--before', '--fix'],
  ['--warn-within', '-3'],
  ['--fix', 'true'],
  ['--fix=false'],
  ['--', '--not-an-option.ts'],
  ['-'],
  ['-fjson'],
  ['-f=json'],
  ['--dryRun'],
  ['--no-before'],
  ['-x'],
];

describe('the scan read without yargs', () => {
  it.each(TAKEN.map((argv) => [argv]))('%j: the same arguments as yargs gives the scan', async (argv) => {
    const fast = fastScanArgs(argv);
    expect(fast).toBeDefined();
    expect(clean(fast)).toEqual(await viaYargs(argv));
  });

  it.each(LEFT_TO_YARGS.map((argv) => [argv]))('%j: left to yargs', (argv) => {
    expect(fastScanArgs(argv)).toBeUndefined();
  });

  it("knows every option of the scan's yargs builder, and no other", async () => {
    // yargs gives every option it knows a key (undefined when not given) only through its parsed result: read it
    // from a scan given every option of the table, each in its kebab-case and camelCase spelling.
    const every = Object.entries(FAST_SCAN_OPTIONS).flatMap(([name, kind]) => (kind === 'boolean' ? [`--${name}`] : [`--${name}=x`]));
    const withChoices = every.map((a) => (a === '--format=x' ? '--format=json' : a === '--fix-mode=x' ? '--fix-mode=date' : a === '--region=x' ? '--region=us' : a));
    const yargs = await viaYargs(withChoices);
    expect(yargs).toBeDefined();
    expect(clean(fastScanArgs(withChoices))).toEqual(yargs);
    // And yargs's help names no scan option the table lacks.
    let help = '';
    const helpIo: Io = { ...io, stdout: new Writable({ write: (c: Buffer, _e, done) => ((help += c.toString()), done()) }) };
    const log = console.log;
    console.log = (s: string) => (help += s);
    try {
      await parseAndRun(['--help'], helpIo);
    } finally {
      console.log = log;
    }
    const listed = [...help.matchAll(/^\s+(?:-\w, )?--([a-z][a-z-]*)/gm)].map((m) => m[1]).filter((n) => n !== 'help' && n !== 'version');
    expect(listed.length).toBeGreaterThan(30);
    expect(listed.filter((n) => !(n in FAST_SCAN_OPTIONS))).toEqual([]);
  });
});

/**
 * What cli/fast-args.ts gave when it tokenised with `util.parseArgs` (strict, positionals, negatives; the twenty-sixth session
 * replaced it with its own reading of the same forms, which costs a tenth): the reference the reading must match.
 */
function viaParseArgs(argv: readonly string[]): Record<string, unknown> | undefined {
  const options = Object.fromEntries(Object.entries(FAST_SCAN_OPTIONS).map(([name, type]) => [name, name === 'format' ? { type, short: 'f' } : name === 'output' ? { type, short: 'o' } : { type }]));
  let tokens;
  try {
    tokens = parseArgs({ args: [...argv], options, allowPositionals: true, allowNegative: true, strict: true, tokens: true }).tokens;
  } catch {
    return undefined;
  }
  const seen = new Set<string>();
  const paths: string[] = [];
  const args: Record<string, unknown> = {};
  for (const token of tokens) {
    if (token.kind === 'option-terminator') return undefined;
    if (token.kind === 'positional') {
      if (['true', 'false', '-', 'notices', 'explain', 'merge', 'catalog', 'codemod'].includes(token.value)) return undefined;
      paths.push(token.value);
      continue;
    }
    if (seen.has(token.name)) return undefined;
    seen.add(token.name);
    if (!token.rawName.startsWith('--') && token.inlineValue) return undefined;
    if (FAST_SCAN_OPTIONS[token.name] === 'boolean') {
      args[token.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = !token.rawName.startsWith('--no-');
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) return undefined;
    const choices: Record<string, readonly string[]> = { format: FORMATS, 'fix-mode': FIX_MODES, region: REGIONS };
    if (choices[token.name] && !choices[token.name]!.includes(token.value)) return undefined;
    args[token.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = token.value;
  }
  return { ...args, ...(paths.length > 0 ? { paths } : {}), _: [] };
}

describe('the command line read without util.parseArgs', () => {
  it('gives what the parseArgs reading gave, for every command line (property)', () => {
    // Options of both kinds in every spelling, their negatives, aliases, values (also empty, `-`, option-like), `--`,
    // commands, unknown and misspelt options, a short group.
    const word = fc.constantFrom(
      '--today', '--today=2026-11-22', '--today=', '2026-11-22', '--fix', '--no-fix', '--fix=true', '--no-today', '--format', '-f', 'json', 'xml',
      '--format=sarif', '-o', 'r.json', '-fjson', '-f=json', '-fo', '--stdin-files', '--no-progress', '--only', 'a,b', '--region', 'eu', 'mars',
      '--fix-mode', 'final', '--', '-', '-x', '-5', '--bogus', '--no-bogus', '--no-', '---fix', 'src/a.ts', 'notices', 'true', '--constructor',
      '--no-constructor', '--__proto__', '-h', '--help', '--max-warnings', '-3', '', '--dryRun', '--dry-run', '--no-dry-run=x',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 7 }), (argv) => {
        expect(clean(fastScanArgs(argv)), JSON.stringify(argv)).toEqual(viaParseArgs(argv));
      }),
      { numRuns: 5000 },
    );
  });
});
