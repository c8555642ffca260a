/**
 * oxc-parser for text that may nest deeply (engine/parse/parse.ts `mayNestDeeply`): oxc is native code, and a stack
 * overflow there ends the whole process with SIGSEGV, which no `try` catches. Here the parse runs in a worker
 * thread whose stack is {@link DEEP_STACK_MB} MB (Node gives a worker's thread the stack its `stackSizeMb` asks
 * for, and the native parse runs on that thread), called synchronously: the caller blocks on an `Atomics.wait`
 * until the worker answers, then takes the answer with `receiveMessageOnPort`. The worker returns oxc's AST as
 * its JSON text, which `JSON.parse` (iterative in V8) turns into the tree on the caller's thread.
 *
 * Measured on the shapes that crash oxc on the main thread (`-(-(...))`, `[[...]]`, nested templates,
 * generics, `if` and `?:` chains, `a || a || ...`, object and arrow chains): 200,000 levels parse in the
 * worker without a crash; {@link DEEP_BUDGET} keeps half of that as margin. A parse that takes longer than the
 * caller's time limit ends the worker (a new one is started for the next file) and is a failure.
 */
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { OxcLang, ParseFailure } from './result.js';

/** The worker thread's stack, in MB: address space reserved, touched only as deep as a parse goes. */
export const DEEP_STACK_MB = 1024;
/** The most nesting (counted as in `mayNestDeeply`) sent to the worker; deeper text goes to typescript-estree. */
export const DEEP_BUDGET = 100_000;

/** The worker's code (CommonJS, evaluated): loads oxc's native binding, answers one request at a time. */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { port, flag, bindings, index } = workerData;
const ready = import(bindings).then((m) => ({ raw: m.parseSync })).catch(() => import(index).then((m) => ({ wrapped: m.parseSync })));
parentPort.on('message', async (req) => {
  let answer;
  try {
    const mod = await ready;
    const options = { lang: req.lang, astType: 'ts', sourceType: req.sourceType, range: req.range !== false, preserveParens: false };
    if (mod.raw) {
      const r = mod.raw(req.filename, req.text, options);
      answer = { program: r.program, errors: r.errors.map((e) => ({ severity: e.severity, message: e.message, labels: e.labels.map((l) => ({ start: l.start, end: l.end })) })) };
    } else {
      const r = mod.wrapped(req.filename, req.text, options);
      answer = { program: JSON.stringify({ node: r.program, fixes: [] }), errors: r.errors.map((e) => ({ severity: e.severity, message: e.message, labels: e.labels.map((l) => ({ start: l.start, end: l.end })) })) };
    }
  } catch (error) {
    answer = { thrown: error && error.message ? String(error.message) : String(error) };
  }
  port.postMessage(answer);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

interface DeepWorker {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

let current: DeepWorker | undefined;

function start(): DeepWorker | undefined {
  const require = createRequire(import.meta.url);
  let index: string;
  let bindings: string;
  try {
    index = require.resolve('oxc-parser');
    bindings = require.resolve('oxc-parser/src-js/bindings');
  } catch {
    return undefined;
  }
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    // Not the parent's flags: `--input-type=module` would make this CommonJS code a module.
    execArgv: [],
    workerData: { port: port2, flag, bindings: pathToFileURL(bindings).href, index: pathToFileURL(index).href },
    transferList: [port2],
    resourceLimits: { stackSizeMb: DEEP_STACK_MB },
    stdout: false,
    stderr: false,
  });
  // The worker never holds the process open: it is ended with the run.
  worker.unref();
  port1.unref();
  return { worker, port: port1, flag };
}

/** Ends the worker (at the end of a run, or after a parse ran out of time). */
export function stopDeepParser(): void {
  const w = current;
  current = undefined;
  if (w) {
    w.port.close();
    void w.worker.terminate();
  }
}

/** oxc's raw answer: the AST as JSON text (`{ node, fixes }`), and its errors. */
export interface DeepAnswer {
  program: string;
  errors: Array<{ severity: string; message: string; labels: Array<{ start: number; end: number }> }>;
}

/**
 * Parses in the big-stack worker; `undefined` when the worker cannot be started (then the caller uses another
 * parser). A parse over `timeoutMs` is a failure naming the limit.
 */
export function parseDeep(text: string, filename: string, lang: OxcLang, sourceType: 'unambiguous' | 'commonjs', timeoutMs: number, range = true): DeepAnswer | { failure: ParseFailure } | undefined {
  current ??= start();
  const w = current;
  if (!w) return undefined;
  Atomics.store(w.flag, 0, 0);
  w.worker.postMessage({ text, filename, lang, sourceType, range });
  const waited = Atomics.wait(w.flag, 0, 0, timeoutMs);
  if (waited === 'timed-out') {
    stopDeepParser();
    return { failure: { message: `parsing took longer than ${Math.round(timeoutMs / 1000)} s; the file was left alone`, line: 1, column: 0 } };
  }
  const message = receiveMessageOnPort(w.port)?.message as (DeepAnswer & { thrown?: string }) | undefined;
  if (!message) return undefined;
  if (message.thrown !== undefined) return { failure: { message: message.thrown, line: 1, column: 0 } };
  return message;
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
