/**
 * The walker thread (see walker.ts): walks the tree and streams the files it finds to the main thread in
 * numbered batches, so reading and analysing start while the walk goes on. Once the walk is over it
 * helps: it claims batches the main thread has not reached yet, last first, reads them and runs the
 * prefilter, so the main thread only analyses the few files the engine would parse.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PrefilterPlan, type PrefilterEntry } from '../../engine/prefilter/prefilter.js';
import { UsageError } from '../errors.js';
import { findFiles, type FoundFile } from './files.js';
import { readText } from './read.js';
import { DIRECTIVE_MARKERS, hasDirectives, parseSuppressions } from '../../engine/findings/suppressions.js';
import { BY_WALKER, helpViews, MAX_READ_AHEAD, packFiles, type Prefiltered, type WalkerSetup, type WalkMessage } from './walker.js';
import { DEFERRED_SETUP } from './prestart.js';

const port = parentPort!;
/** A thread started before the command line had loaded (prestart.ts) is given its walk by the first message. */
const setup: WalkerSetup =
  workerData === DEFERRED_SETUP ? await new Promise<WalkerSetup>((resolve) => port.once('message', (m: { setup: WalkerSetup }) => resolve(m.setup))) : (workerData as WalkerSetup);
/** The first batch is small so the scan starts at once; later ones are larger to keep messages few. */
const FIRST_BATCH = 16;
const BATCH = 256;
/** Batches the main thread may have waiting before the walker takes some. */
const LAG = 20;

/**
 * The batches sent, kept only while this thread may still read them (with `help`): a batch the main thread has
 * claimed is dropped (undefined), so at the end of a 100,000-file walk this thread does not hold every path.
 */
const batches: Array<FoundFile[] | undefined> = [];
let batch: FoundFile[] = [];
/** The folders listed since the last batch was sent, and the engine's markers each may hold (they go with the batch). */
let folders: string[] = [];
let markers: number[] = [];
const send = (message: WalkMessage): void => port.postMessage(message);
const shared = setup.help ? helpViews(setup.help.claims) : undefined;
const claims = shared?.claims;
/** Read batches sent to the main thread (it counts those it has taken in `shared.taken`). */
let readsSent = 0;
/** Whether the main thread has fewer than {@link MAX_READ_AHEAD} read batches still to take. */
const roomAhead = (): boolean => !shared || readsSent - Atomics.load(shared.taken, 0) < MAX_READ_AHEAD;
/** The prefilter, once the main thread has sent its data (it loads the catalog while the walk starts). */
let plan: PrefilterPlan | undefined;
function takePlan(): PrefilterPlan | undefined {
  if (!plan && setup.help) {
    const received = receiveMessageOnPort(setup.help.port) as { message: { entries: PrefilterEntry[] } } | undefined;
    if (received) plan = new PrefilterPlan(received.message.entries, { markers: DIRECTIVE_MARKERS });
  }
  return plan;
}
/** The first batch the main thread has not claimed (it claims in order). */
let low = 0;

const flush = (): void => {
  send({ files: packFiles(batch, setup.walk.maxFileSize), batch: batches.length, folders, markers });
  folders = [];
  markers = [];
  batches.push(setup.help ? batch : undefined);
  batch = [];
  keepUp();
};

/**
 * While walking: when the main thread is more than {@link LAG} batches behind, take the batch just sent,
 * so both threads stay busy (reading and prefiltering cost more per file than walking).
 */
function keepUp(): void {
  const plan = takePlan();
  if (!plan || !claims) return;
  const k = batches.length - 1;
  if (k >= claims.length) return;
  while (low < k && Atomics.load(claims, low) !== 0) batches[low++] = undefined;
  if (k - low > LAG && roomAhead() && Atomics.compareExchange(claims, k, 0, BY_WALKER) === 0) {
    readBatch(k, plan);
    batches[k] = undefined;
  }
}

try {
  const result = findFiles(
    setup.walk,
    (file) => {
      batch.push(file);
      if (batch.length >= (batches.length === 0 ? FIRST_BATCH : BATCH)) flush();
    },
    undefined,
    (dir, bits) => {
      folders.push(dir);
      markers.push(bits);
    },
  );
  if (batch.length) flush();
  send({ skipped: result.skipped });
  if (setup.help && claims) {
    const port = setup.help.port;
    const ready = takePlan() ?? (await new Promise<PrefilterPlan>((resolve) => port.once('message', (m: { entries: PrefilterEntry[] }) => resolve(new PrefilterPlan(m.entries, { markers: DIRECTIVE_MARKERS })))));
    port.close();
    help(ready, claims);
  }
  send({ end: true });
} catch (error) {
  send({ error: error instanceof Error ? error.message : String(error), usage: error instanceof UsageError });
}

/** After the walk: reads and prefilters batches from the last one down until it meets one the main thread has claimed. */
function help(plan: PrefilterPlan, claims: Int32Array): void {
  for (let k = Math.min(batches.length, claims.length) - 1; k >= 0; k--) {
    // Wait (checking again every 20 ms) while the main thread has enough read batches to take; it may meanwhile claim
    // this batch, and then all below it.
    while (!roomAhead() && Atomics.load(claims, k) === 0) Atomics.wait(shared!.taken, 0, Atomics.load(shared!.taken, 0), 20);
    const was = Atomics.compareExchange(claims, k, 0, BY_WALKER);
    if (was === BY_WALKER) continue; // taken while walking
    // The main thread claims batches in order, so below one it has claimed, all are taken.
    if (was !== 0) break;
    readBatch(k, plan);
    batches[k] = undefined;
  }
}

/** Reads and prefilters a batch this thread has claimed, and sends the main thread what it found. */
function readBatch(k: number, plan: PrefilterPlan): void {
  readsSent++;
  send({ batch: k, read: batches[k]!.map((file) => prefilter(file, plan)) });
}

function prefilter(file: FoundFile, plan: PrefilterPlan): Prefiltered {
  const read = readText(file, true);
  if ('reason' in read) return read;
  // The tokens found go with the text, so the main thread does not search it again.
  const { present, candidate, seen } = plan.decide(read.text, file.language, read.bytes);
  if (candidate) return { candidate: true, text: read.text, tokens: [...present] };
  // The report needs the text of a file with suppression comments (unused ones are reported). Most files with an
  // `eslint-disable` comment name only other plugins' rules: they hold none, and their text is neither sent nor
  // kept (most of sentry-javascript's 834 files with such comments; the report is the same: test/walker.test.ts).
  // Bytes that hold no marker of one (searched with the tokens: `seen`) are not searched again.
  const markers = seen === undefined || DIRECTIVE_MARKERS.some((m) => seen.has(m));
  return markers && hasDirectives(read.text) && parseSuppressions(read.text).length > 0 ? { candidate: false, text: read.text } : { candidate: false };
}
