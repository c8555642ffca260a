/**
 * oxc-parser for text that may nest deeply (engine/parse/parse.ts `mayNestDeeply`): oxc is native code, and a stack
 * overflow there ends the whole process with SIGSEGV, which no `try` catches. Here the parse runs in a child
 * process, in a worker thread whose stack is {@link DEEP_STACK_MB} MB (Node gives a worker's thread the stack its
 * `stackSizeMb` asks for, and the native parse runs on that thread). The child's main thread watches the
 * process's resident memory; over {@link DEEP_MEMORY_MB} it kills the process, and the caller kills it at its time
 * limit: a native parse cannot be stopped inside a process (a worker thread in native code does not end on
 * `terminate()`, and oxc's memory is not V8's, so `resourceLimits` does not bound it: an `a <` chain of 12,000
 * lines kept a scan from exiting, 40,000 took 24 GB; issue 28). The child writes a header line (oxc's errors)
 * and then oxc's AST as its JSON text, which `JSON.parse` (iterative in V8) turns into the tree here.
 *
 * Measured on the shapes that crash oxc on the main thread (`-(-(...))`, `[[...]]`, nested templates,
 * generics, `if` and `?:` chains, `a || a || ...`, object and arrow chains, `keyof`, `in` and `as` chains):
 * 100,000 levels parse in the child without a crash; {@link DEEP_BUDGET} is the most sent there. Starting the
 * child costs about 0.1 s per file, paid only by files that could nest deeply (rare: 3 of 1,710 real files).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { OxcLang, ParseFailure } from './result.js';

/** The worker thread's stack, in MB: address space reserved, touched only as deep as a parse goes. */
export const DEEP_STACK_MB = 1024;
/** The most nesting (counted as in `mayNestDeeply`) sent to the child; deeper text goes to typescript-estree. */
export const DEEP_BUDGET = 100_000;
/** The resident memory of the child process (MB) at which the parse is stopped and the file left alone. */
export const DEEP_MEMORY_MB = 768;

/**
 * The child's code (CommonJS, `node -e`): reads the request from stdin, parses in a big-stack worker, and
 * kills itself when its resident memory passes the limit (argv[1], MB).
 */
const CHILD_CODE = `
const { Worker } = require('node:worker_threads');
const limit = Number(process.argv[1]) * 1024 * 1024;
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const req = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const watch = setInterval(() => {
    if (process.memoryUsage.rss() > limit) {
      process.stderr.write('collab-migrate-deep: memory limit');
      process.kill(process.pid, 'SIGKILL');
    }
  }, 10);
  const worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: req, resourceLimits: { stackSizeMb: req.stackMb } });
  worker.on('message', (answer) => {
    clearInterval(watch);
    const head = JSON.stringify({ errors: answer.errors, thrown: answer.thrown });
    process.stdout.write(head + '\\n' + (answer.program || ''), () => process.kill(process.pid, 'SIGKILL'));
  });
  worker.on('error', (error) => {
    process.stdout.write(JSON.stringify({ thrown: String(error && error.message || error) }) + '\\n', () => process.kill(process.pid, 'SIGKILL'));
  });
});
const WORKER = \`
const { parentPort, workerData: req } = require('node:worker_threads');
const pick = (e) => ({ severity: e.severity, message: e.message, labels: e.labels.map((l) => ({ start: l.start, end: l.end })) });
import(req.bindings).then((m) => ({ raw: m.parseSync })).catch(() => import(req.index).then((m) => ({ wrapped: m.parseSync }))).then((mod) => {
  const options = { lang: req.lang, astType: 'ts', sourceType: req.sourceType, range: req.range !== false, preserveParens: false };
  if (mod.raw) {
    const r = mod.raw(req.filename, req.text, options);
    parentPort.postMessage({ program: r.program, errors: r.errors.map(pick) });
  } else {
    const r = mod.wrapped(req.filename, req.text, options);
    parentPort.postMessage({ program: JSON.stringify({ node: r.program, fixes: [] }), errors: r.errors.map(pick) });
  }
}).catch((error) => parentPort.postMessage({ thrown: String(error && error.message || error) }));
\`;
`;

/** Nothing to end any more: each deep parse has a process of its own (kept for callers of the worker era). */
export function stopDeepParser(): void {
  /* the child process of a parse ends with it */
}

/** oxc's raw answer: the AST as JSON text (`{ node, fixes }`), and its errors. */
export interface DeepAnswer {
  program: string;
  errors: Array<{ severity: string; message: string; labels: Array<{ start: number; end: number }> }>;
}

/** The start of the message of a parse stopped at a limit (time or memory): not worth a second attempt. */
export const LIMIT_FAILURE = /^parsing (took longer than|needed more than)/;

/**
 * Parses in a child process; `undefined` when oxc cannot be found or the child cannot start (then the caller uses
 * another parser). A parse over `timeoutMs`, or over {@link DEEP_MEMORY_MB} of memory, is a failure naming the limit.
 */
export function parseDeep(text: string, filename: string, lang: OxcLang, sourceType: 'unambiguous' | 'commonjs', timeoutMs: number, range = true, memoryMb = DEEP_MEMORY_MB): DeepAnswer | { failure: ParseFailure } | undefined {
  const require = createRequire(import.meta.url);
  let index: string;
  let bindings: string;
  try {
    index = require.resolve('oxc-parser');
    bindings = require.resolve('oxc-parser/src-js/bindings');
  } catch {
    return undefined;
  }
  const request = { text, filename, lang, sourceType, range, stackMb: DEEP_STACK_MB, bindings: pathToFileURL(bindings).href, index: pathToFileURL(index).href };
  const run = spawnSync(process.execPath, ['-e', CHILD_CODE, String(memoryMb)], {
    input: JSON.stringify(request),
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: 2 ** 31 - 1,
    // Not the parent's options (a `--input-type=module` would make this CommonJS a module) nor its inspector.
    env: { ...process.env, NODE_OPTIONS: '' },
    windowsHide: true,
  });
  const stderr = run.stderr?.toString('utf8') ?? '';
  const out = run.stdout ?? Buffer.alloc(0);
  const newline = out.indexOf(10);
  if (newline < 0) {
    if (stderr.includes('collab-migrate-deep: memory limit')) {
      return { failure: { message: `parsing needed more than ${memoryMb} MB of memory; the file was left alone`, line: 1, column: 0 } };
    }
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' || run.signal === 'SIGKILL') {
      return { failure: { message: `parsing took longer than ${Math.round(timeoutMs / 1000)} s; the file was left alone`, line: 1, column: 0 } };
    }
    if (run.error) return undefined;
    return { failure: { message: `the parser's process ended without an answer (${run.signal ?? `exit ${run.status}`})`, line: 1, column: 0 } };
  }
  const head = JSON.parse(out.subarray(0, newline).toString('utf8')) as { errors?: DeepAnswer['errors']; thrown?: string };
  if (head.thrown !== undefined) return { failure: { message: head.thrown, line: 1, column: 0 } };
  return { program: out.subarray(newline + 1).toString('utf8'), errors: head.errors ?? [] };
}

/**
 * The tree of oxc's JSON text: `JSON.parse`, then the literals JSON cannot hold (`RegExp` and `BigInt` values),
 * whose paths oxc lists in `fixes`, get their values.
 */
export function treeOfJson(json: string): unknown {
  const { node, fixes } = JSON.parse(json) as { node: unknown; fixes: Array<Array<string | number>> };
  for (const path of fixes) {
    let at = node as Record<string | number, unknown>;
    for (const key of path) at = at[key] as Record<string | number, unknown>;
    const literal = at as { bigint?: string; regex?: { pattern: string; flags: string }; value?: unknown };
    try {
      if (literal.bigint !== undefined) literal.value = BigInt(literal.bigint);
      else if (literal.regex) literal.value = new RegExp(literal.regex.pattern, literal.regex.flags);
    } catch {
      // A pattern this Node does not support keeps `value: null`, as oxc leaves it.
    }
  }
  return node;
}
