// Item-endpoint load: C closed-loop writers POST 8 rows per call to /v2/dataset/{id}/item until a row count or a time bound.
import type { Api } from './api.js';

export interface ItemLoadResult {
  concurrency: number;
  rowsPerCall: number;
  calls: number;
  errors: number;
  firstError?: string;
  rowsAccepted: number;
  seconds: number;
  rowsPerSecond: number;
  /** performance.now() of the first call sent. */
  startedAt: number;
  /** performance.now() of the last accepted answer. */
  endedAt: number;
  /** The texts accepted, in order, and performance.now() when each call's 200 arrived. */
  accepted: Array<{ text: string; at: number }>;
  /** Milliseconds from sending each accepted call to its 200, in the order they arrived. */
  callMs: number[];
}

export async function runItemLoad(
  api: Api,
  datasetId: number,
  texts: readonly string[],
  options: { concurrency: number; rowsPerCall: number; maxRows: number; maxSeconds: number },
): Promise<ItemLoadResult> {
  const { concurrency, rowsPerCall } = options;
  const calls = Math.floor(Math.min(options.maxRows, texts.length) / rowsPerCall);
  const accepted: Array<{ text: string; at: number }> = [];
  const callMs: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const startedAt = performance.now();
  const deadline = startedAt + options.maxSeconds * 1000;
  let endedAt = startedAt;
  const writer = async () => {
    while (next < calls && performance.now() < deadline) {
      const call = next++;
      const rows = texts.slice(call * rowsPerCall, (call + 1) * rowsPerCall).map((text) => ({ text }));
      const sent = performance.now();
      const res = await api.call<unknown>('POST', `/v2/dataset/${datasetId}/item`, { rows });
      const at = performance.now();
      if (res.status === 200) {
        callMs.push(at - sent);
        for (const row of rows) accepted.push({ text: row.text, at });
        endedAt = at;
      } else {
        errors++;
        firstError ??= `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  const seconds = (endedAt - startedAt) / 1000;
  return {
    concurrency,
    rowsPerCall,
    calls: next,
    errors,
    ...(firstError ? { firstError } : {}),
    rowsAccepted: accepted.length,
    seconds,
    rowsPerSecond: accepted.length / seconds,
    startedAt,
    endedAt,
    accepted,
    callMs,
  };
}
