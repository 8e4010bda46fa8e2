// A steady open-loop load on the item endpoint: 8-row calls sent on a fixed schedule (not waiting for answers), at a set rows/s.
import type { Api } from './api.js';
import type { ItemLoadResult } from './item-load.js';

export interface SteadyLoadOptions {
  /** Rows per second offered: one call of `rowsPerCall` rows every rowsPerCall / rowsPerSecond seconds. */
  rowsPerSecond: number;
  rowsPerCall: number;
  seconds: number;
}

/** When call k is due, in ms after the start: evenly spaced so that the calls offer `rowsPerSecond`. */
export function callSchedule(options: SteadyLoadOptions, maxCalls: number): number[] {
  const interval = (options.rowsPerCall * 1000) / options.rowsPerSecond;
  const calls = Math.min(maxCalls, Math.max(1, Math.floor((options.seconds * 1000) / interval)));
  return Array.from({ length: calls }, (_, k) => k * interval);
}

export async function runSteadyLoad(
  api: Api,
  datasetId: number,
  texts: readonly string[],
  options: SteadyLoadOptions,
): Promise<ItemLoadResult> {
  const { rowsPerCall } = options;
  const schedule = callSchedule(options, Math.floor(texts.length / rowsPerCall));
  const accepted: Array<{ text: string; at: number }> = [];
  const callMs: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const startedAt = performance.now();
  let endedAt = startedAt;
  const send = async (call: number) => {
    const rows = texts.slice(call * rowsPerCall, (call + 1) * rowsPerCall).map((text) => ({ text }));
    const sent = performance.now();
    const res = await api.call<unknown>('POST', `/v2/dataset/${datasetId}/item`, { rows });
    const at = performance.now();
    callMs.push(at - sent);
    if (res.status === 200) {
      for (const row of rows) accepted.push({ text: row.text, at });
      endedAt = Math.max(endedAt, at);
    } else {
      errors++;
      firstError ??= `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
    }
  };
  const inFlight: Array<Promise<void>> = [];
  for (let call = 0; call < schedule.length; call++) {
    const wait = startedAt + (schedule[call] as number) - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(call));
  }
  await Promise.all(inFlight);
  const seconds = (endedAt - startedAt) / 1000;
  return {
    concurrency: 0,
    rowsPerCall,
    calls: schedule.length,
    errors,
    ...(firstError ? { firstError } : {}),
    rowsAccepted: accepted.length,
    callMs,
    seconds,
    rowsPerSecond: accepted.length / seconds,
    startedAt,
    endedAt,
    accepted,
  };
}
