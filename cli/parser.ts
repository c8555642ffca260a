/**
 * The yargs root: global options, the commands, help and version. Every handler returns an exit code; errors
 * become one line on stderr (with the stack only under --debug) and exit code 2. cli/main.ts loads it for every
 * command line its own reader of the scan's options does not take (cli/fast-args.ts).
 */
import yargs, { type Argv } from 'yargs';
import { didYouMean } from '../engine/catalog/did-you-mean.js';
import { UsageError, reportFailure } from './errors.js';
import type { Io } from './io.js';
import { TOOL_VERSION } from './version.js';
import { scanCommand, type ScanArgs } from './commands/scan-options.js';
import type { CommandRunner, GlobalArgs } from './commands/shared.js';

/**
 * The other commands' modules, loaded only when the command line names them: yargs runs a command's builder and
 * handler only when it is the command given, and the help of the whole tool needs their names and descriptions
 * alone. So `--help` and every scan yargs parses load no engine, catalog or report code (issue 30, item 2).
 */
const COMMAND_MODULES = {
  notices: () => import('./commands/notices.js'),
  explain: () => import('./commands/explain.js'),
  merge: () => import('./commands/merge.js'),
  catalog: () => import('./commands/catalog.js'),
  codemod: () => import('./commands/codemod.js'),
};

type Loaded<K extends keyof typeof COMMAND_MODULES> = Awaited<ReturnType<(typeof COMMAND_MODULES)[K]>>;

/** A command whose module was not loaded: yargs never runs it (the command line does not name it). */
const NOT_LOADED = {
  builder: {},
  handler: (): never => {
    throw new Error('a command ran whose module was not loaded');
  },
};

async function loadNamed<K extends keyof typeof COMMAND_MODULES>(name: K, argv: readonly string[]): Promise<Loaded<K> | undefined> {
  return argv.includes(name) ? ((await COMMAND_MODULES[name]()) as Loaded<K>) : undefined;
}

const runScanCommand: CommandRunner<ScanArgs> = async (args, io) => (await import('./commands/scan.js')).run(args, io);

/**
 * yargs's "Unknown argument(s): befor" with the nearest known option of the command for each
 * (`--befor`: did you mean --before?). Options are named as typed (kebab-case); a positional argument
 * that the command does not take is named as it was typed.
 */
function withDidYouMean(message: string, y: Argv<object>, argv: readonly string[]): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const options = (y as unknown as { getOptions(): { key: Record<string, unknown>; deprecatedOptions?: Record<string, unknown> } }).getOptions();
  const deprecated = options.deprecatedOptions ?? {};
  const known = Object.keys(options.key).filter((k) => k.length > 1 && !/[A-Z]/.test(k) && !(k in deprecated));
  const typedFlags = new Set(argv.filter((a) => a.startsWith('-')).map((a) => a.replace(/^-+(no-)?/, '').replace(/=.*$/, '')));
  const kebab = (k: string): string => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const unknown = m[1].split(', ').filter((arg, _, all) => !(/[A-Z]/.test(arg) && all.includes(kebab(arg))));
  const hints = unknown.map((arg) => {
    if (!typedFlags.has(arg)) return `"${arg}" (this command takes no such argument)`;
    const near = didYouMean(arg, known);
    return near ? `--${arg} (did you mean --${near}?)` : `--${arg}`;
  });
  const what = unknown.every((arg) => typedFlags.has(arg)) ? 'option' : 'argument';
  return `Unknown ${what}${hints.length === 1 ? '' : 's'}: ${hints.join(', ')}`;
}

/**
 * Runs the CLI on `argv` (without the node and script paths) with yargs and returns the exit code. `runScan`
 * replaces the scan's handler (the tests compare what yargs gives it with cli/fast-args.ts).
 */
export async function parseAndRun(argv: readonly string[], io: Io, runScan: CommandRunner<ScanArgs> = runScanCommand): Promise<number> {
  let exitCode = 0;
  const debug = argv.includes('--debug');
  const wrap =
    <A>(runner: CommandRunner<A>) =>
    async (args: A): Promise<void> => {
      exitCode = await runner(args, io);
    };

  const [notices, explain, merge, catalog, codemod] = await Promise.all([
    loadNamed('notices', argv),
    loadNamed('explain', argv),
    loadNamed('merge', argv),
    loadNamed('catalog', argv),
    loadNamed('codemod', argv),
  ]);
  const parser = (yargs([...argv]) as Argv<object>)
    .scriptName('collab-migrate')
    .usage('$0 [paths..] [options]\n\nFind (and fix) code affected by the platform API\'s dated change notices.')
    .option('notices', { describe: 'Extra catalog file(s) merged after the built-in notices.json', type: 'string', global: true, group: 'Notices:' })
    .option('debug', { describe: 'Show stack traces of errors', type: 'boolean', global: true })
    .option('color', { describe: 'Force colours on or off (--no-color)', type: 'boolean', global: true })
    .command({ ...scanCommand, handler: wrap(runScan) })
    .command({ command: 'notices', describe: 'List the change notices, sorted by effective date', ...(notices ? { builder: notices.builder, handler: wrap(notices.run) } : NOT_LOADED) })
    .command({ command: 'explain <id>', describe: 'Everything about one notice, with its before/after example', ...(explain ? { builder: explain.builder, handler: wrap(explain.run) } : NOT_LOADED) })
    .command({ command: 'merge <reports..>', describe: 'Merge the JSON reports of many repositories into one report', ...(merge ? { builder: merge.builder, handler: wrap(merge.run) } : NOT_LOADED) })
    .command({ command: 'catalog <command>', describe: 'Catalog upkeep from OpenAPI specs: propose draft notices, check the catalog', ...(catalog ? catalog.catalogCommand(wrap) : NOT_LOADED) })
    .command({ command: 'codemod', describe: 'Migrate a TypeScript project with the ts-morph codemod: fixes, renames of declared properties across files, TypeScript errors before/after', ...(codemod ? { builder: codemod.builder, handler: wrap(codemod.run) } : NOT_LOADED) })
    .example('$0 --before 2026-07-28', 'Report code that must change before 2026-07-28')
    .example('$0 --before 2026-07-28 --fix', 'Apply the safe fixes (refuses files with uncommitted changes)')
    .example('$0 --fix --dry-run src', 'Show the fixes as a diff and write nothing')
    .example('$0 --format sarif --output results.sarif', 'SARIF for code scanning')
    .example('$0 --format github --sarif-output results.sarif --markdown-output summary.md', 'annotations, SARIF and a job summary from one scan')
    .example('$0 notices --status dated --format json', 'The dated notices as JSON')
    .example('$0 explain scim-account-status-array', 'One notice in full')
    .example('$0 codemod --project tsconfig.json --before 2026-07-28', 'Migrate a typed project, renaming declared properties with every reference')
    .epilogue('Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage, configuration or catalog error.')
    .strict()
    .version(TOOL_VERSION)
    .alias('version', 'v')
    .help()
    .alias('help', 'h')
    .wrap(Math.min(110, io.stdout.isTTY ? (process.stdout.columns ?? 100) : 100))
    .exitProcess(false)
    .fail((message, error) => {
      if (error) throw error;
      throw new UsageError(`${withDidYouMean(message, parser, argv)} (see --help)`);
    });

  try {
    await (parser as Argv<GlobalArgs>).parseAsync();
    return exitCode;
  } catch (error) {
    return reportFailure(error, io, debug);
  }
}
