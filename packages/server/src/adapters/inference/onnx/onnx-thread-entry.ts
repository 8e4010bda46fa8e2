// Worker-thread entry: holds one ONNX session (created through onnx-runtime.ts) and runs it off the main event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { createOnnxSession, createOnnxSessionFromBytes, type OnnxSession } from './onnx-runtime.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from './onnx-thread-protocol.js';

const port = parentPort;
if (!port) throw new Error('onnx-thread-entry must run in a worker thread');
const start = workerData as WorkerStart;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The output's own buffer when the view covers it whole, else a copy: either way one transfer, no second copy. */
function ownBuffer(data: Float32Array): Float32Array {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer
    ? data
    : data.slice();
}

async function serve(session: OnnxSession): Promise<void> {
  const running = new Set<Promise<unknown>>();
  port?.on('message', (request: WorkerRequest) => {
    if (request.type === 'release') {
      // Runs already taken in finish first: a session is never released under a run.
      void Promise.allSettled([...running])
        .then(() => session.release())
        .finally(() => reply({ type: 'released' }));
      return;
    }
    const run =
      request.type === 'runInt64'
        ? session.runInt64(request.inputs, request.output)
        : session.runFloat32(request.inputs, request.output);
    running.add(run);
    void run.finally(() => running.delete(run)).catch(() => undefined);
    run.then(
      (result) => {
        const data = ownBuffer(result.data);
        reply({ type: 'result', id: request.id, data, dims: result.dims }, [data.buffer as ArrayBuffer]);
      },
      (error: unknown) => reply({ type: 'failed', id: request.id, message: errorMessage(error) }),
    );
  });
}

try {
  const session = start.bytes
    ? await createOnnxSessionFromBytes(start.bytes, start.options)
    : await createOnnxSession(start.path as string, start.options);
  await serve(session);
  reply({ type: 'ready', inputNames: [...session.inputNames], outputNames: [...session.outputNames] });
} catch (error) {
  reply({ type: 'startFailed', message: errorMessage(error) });
}
