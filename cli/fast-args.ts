/**
 * The scan's command line read without yargs, for the runs that start most often (a pre-commit hook, lint-staged,
 * an editor task: `collab-migrate --today D src/a.ts`, `... --stdin-files`). Loading and setting up yargs was
 * some 40 ms of CPU before the first file was read (issue 30, item 2); this reads the same options as node's own
 * `util.parseArgs` (strict, with negatives) tokenises them, for the forms below, and gives up on every other, at a tenth of
 * its cost (its first call compiled `internal/util/parse_args`: ~4 M instructions of every one-file scan; docs/performance.md,
 * "Twenty-sixth session: 30start5"). It only answers for what it reads exactly as yargs does (the test
 * `test/cli-fast-args.test.ts` compares both on the same command lines): each option of the scan at most once,
 * a known value for options with choices, paths that are not a command's name. Anything else (help, version,
 * another command, an unknown, repeated or misspelt option, `--`, a value yargs would read otherwise) returns
 * undefined and yargs parses the command line as before, with its messages.
 */
import { FIX_MODES, FORMATS, REGIONS } from './config/settings.js';
import type { ScanArgs } from './commands/scan-options.js';

type Kind = 'string' | 'boolean';

/** The scan's options and the global ones (cli/commands/scan.ts `builder`, cli/parser.ts), by the name typed. */
export const FAST_SCAN_OPTIONS: Readonly<Record<string, Kind>> = {
  notices: 'string',
  debug: 'boolean',
  color: 'boolean',
  before: 'string',
  today: 'string',
  'warn-within': 'string',
  fix: 'boolean',
  'dry-run': 'boolean',
  'fix-mode': 'string',
  'allow-dirty': 'boolean',
  format: 'string',
  output: 'string',
  'text-output': 'string',
  'json-output': 'string',
  'sarif-output': 'string',
  'github-output': 'string',
  'markdown-output': 'string',
  'html-output': 'string',
  'sarif-category': 'string',
  'repo-name': 'string',
  baseline: 'string',
  'diff-base': 'string',
  'baseline-write': 'string',
  quiet: 'boolean',
  'max-warnings': 'string',
  progress: 'boolean',
  'report-unused-suppressions': 'boolean',
  only: 'string',
  skip: 'string',
  region: 'string',
  'strict-scopes': 'boolean',
  include: 'string',
  exclude: 'string',
  'error-on-unmatched-pattern': 'boolean',
  'trust-config': 'boolean',
  'force-output': 'boolean',
  'max-file-size': 'string',
  'check-syntax': 'boolean',
  'fail-on-unanalysed': 'boolean',
  'stdin-files': 'boolean',
  'include-generated': 'boolean',
  cache: 'boolean',
  'cache-location': 'string',
  concurrency: 'string',
};

/** Options whose value yargs checks against a list (its "Invalid values" message comes from yargs). */
const CHOICES: Readonly<Record<string, readonly string[]>> = { format: FORMATS, 'fix-mode': FIX_MODES, region: REGIONS };

/** The one-letter aliases of the scan's options. */
const SHORT: Readonly<Record<string, string>> = { format: 'f', output: 'o' };

/** The other commands (cli/parser.ts): a first path of that name is the command, for yargs. */
const COMMANDS = new Set(['notices', 'explain', 'merge', 'catalog', 'codemod']);

/** The options by their one-letter alias. */
const BY_SHORT: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SHORT).map(([name, letter]) => [letter, name]));

/** A token as `util.parseArgs` gives it (`tokens: true`), for the forms read here. */
type Token = { kind: 'positional'; value: string } | { kind: 'option'; name: string; rawName: string; value: string | undefined; inlineValue: boolean | undefined };

/**
 * `argv` as `util.parseArgs` tokenises it with the scan's options, strict, positionals and negatives allowed: a positional;
 * `--name` (a boolean, or a string whose value is the next argument), `--name=value` (a string), `--no-name` (a boolean),
 * `-f value` or `-o value`. Undefined for any other argument and wherever parseArgs would throw or read more than that
 * (`--`, an unknown or misspelt option, a value missing or starting with `-`, `-fjson`, `-abc`): yargs then reads it.
 */
function tokensOf(argv: readonly string[]): Token[] | undefined {
  const tokens: Token[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let name: string | undefined;
    const rawName = arg;
    if (arg.startsWith('--')) {
      const body = arg.slice(2);
      const eq = body.indexOf('=');
      if (eq >= 0) {
        const given = body.slice(0, eq);
        if (FAST_SCAN_OPTIONS[given] !== 'string') return undefined;
        tokens.push({ kind: 'option', name: given, rawName: `--${given}`, value: body.slice(eq + 1), inlineValue: true });
        continue;
      }
      if (Object.hasOwn(FAST_SCAN_OPTIONS, body)) name = body;
      else if (body.startsWith('no-') && FAST_SCAN_OPTIONS[body.slice(3)] === 'boolean' && Object.hasOwn(FAST_SCAN_OPTIONS, body.slice(3))) {
        tokens.push({ kind: 'option', name: body.slice(3), rawName: arg, value: undefined, inlineValue: undefined });
        continue;
      } else return undefined;
    } else if (arg.startsWith('-') && arg.length > 1) {
      if (arg.length !== 2 || !Object.hasOwn(BY_SHORT, arg[1]!)) return undefined;
      name = BY_SHORT[arg[1]!]!;
    } else {
      tokens.push({ kind: 'positional', value: arg });
      continue;
    }
    if (FAST_SCAN_OPTIONS[name] === 'boolean') {
      tokens.push({ kind: 'option', name, rawName, value: undefined, inlineValue: undefined });
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || (value.startsWith('-') && value.length > 1)) return undefined;
    tokens.push({ kind: 'option', name, rawName, value, inlineValue: false });
    i++;
  }
  return tokens;
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The scan's arguments as yargs would give them to its handler, or undefined: then yargs must read `argv`. */
export function fastScanArgs(argv: readonly string[]): ScanArgs | undefined {
  const tokens = tokensOf(argv);
  if (tokens === undefined) return undefined;
  const seen = new Set<string>();
  const paths: string[] = [];
  const args: Record<string, unknown> = {};
  for (const token of tokens) {
    if (token.kind === 'positional') {
      const value = token.value;
      // yargs reads `--fix true` as the flag's value, `-` and names like `-x` its own way, and a command by its name (anywhere: conservative).
      if (value === 'true' || value === 'false' || value === '-' || COMMANDS.has(value)) return undefined;
      paths.push(value);
      continue;
    }
    const { name, rawName, value, inlineValue } = token;
    if (seen.has(name)) return undefined;
    seen.add(name);
    const type = FAST_SCAN_OPTIONS[name];
    if (type === undefined) return undefined;
    // `-fjson`, `-f=json`: yargs reads these its own way.
    if (!rawName.startsWith('--') && inlineValue) return undefined;
    if (type === 'boolean') {
      args[camel(name)] = !rawName.startsWith('--no-');
      continue;
    }
    if (value === undefined) return undefined;
    // A value yargs would read as an option or a number: yargs decides.
    if (!inlineValue && value.startsWith('-')) return undefined;
    const choices = CHOICES[name];
    if (choices && !choices.includes(value)) return undefined;
    args[camel(name)] = value;
  }
  // yargs gives no `paths` when none is typed.
  return { ...args, ...(paths.length > 0 ? { paths } : {}), _: [] } as ScanArgs;
}
