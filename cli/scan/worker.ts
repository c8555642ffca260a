/**
 * A scan worker thread (see pool.ts): loads the same catalog as the main thread, then reads, hashes and
 * analyses the batches of files it is sent, replying with the engine's outcomes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { computeFile, needsText } from './cache.js';
import type { WorkerReply, WorkerRequest } from './pool.js';
import { workerContext, type WorkerSetup } from './worker-context.js';

const port = parentPort!;
const setup = workerData as WorkerSetup;

try {
  const ctx = workerContext(setup);
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
