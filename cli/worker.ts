/**
 * A scan worker thread (see pool.ts): loads the same catalog as the main thread, then reads, hashes and
 * analyses the batches of files it is sent, replying with the engine's outcomes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog } from '../engine/catalog.js';
import { DEFAULT_WARN_WITHIN_DAYS } from '../engine/dates.js';
import type { Notice } from '../engine/types.js';
import { computeFile, needsText } from './cache.js';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pool.js';
import type { ScanContext } from './scan-core.js';

const port = parentPort!;
const setup = workerData as WorkerSetup;

function start(): ScanContext {
  const catalog = loadCatalog(setup.extraFiles.length ? { extraFiles: setup.extraFiles } : undefined);
  if (catalog.hash !== setup.catalogHash) throw new Error('the worker loaded a different catalog than the main thread');
  const notices = setup.noticeIds.map((id) => {
    const notice = catalog.get(id);
    if (!notice) throw new Error(`the worker's catalog has no notice "${id}"`);
    return notice;
  }) satisfies Notice[];
  // Dates only matter for severities, which the main thread applies.
  return { analyze: { catalog, notices, engine: setup.engine }, dates: { today: '1970-01-01', warnWithinDays: DEFAULT_WARN_WITHIN_DAYS }, today: '1970-01-01' };
}

try {
  const ctx = start();
  port.on('message', (request: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      const computed = request.files.map((file, k) => {
        const c = computeFile(file, ctx, request.knownHashes[k], request.hash);
        // Send the text back only when the report will need it: most files have nothing to report.
        if (c.kind === 'read' && c.outcome && !needsText(c.outcome)) delete c.text;
        return c;
      });
      reply = { batch: request.batch, computed };
    } catch (error) {
      reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
}
