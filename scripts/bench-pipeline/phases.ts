// The two measured phases: item-endpoint writers with live webhooks, then one upload whose backlog the classifier drains.
import { round } from '@textclass/model-tools';
import type { Api } from './api.js';
import { runItemLoad } from './item-load.js';
import type { TimedReceiver } from './receiver.js';
import { acceptToWebhook, type LatencySummary } from './stats.js';
import { runUpload, waitClassified, type UploadResult } from './upload.js';
import { cpuMsPerRow, type CpuClock } from './server-cpu.js';

export interface ItemPhase {
  concurrency: number;
  rowsPerCall: number;
  calls: number;
  errors: number;
  firstError?: string;
  rowsAccepted: number;
  acceptSeconds: number;
  acceptedRowsPerSecond: number;
  /** Rows ÷ seconds from the first call to the last row classified (the classifier keeps pace or the drain shows). */
  classifiedRowsPerSecond: number | null;
  /** Seconds the classifier still needed after the last row was accepted. */
  drainSeconds: number | null;
  /** Rows ÷ seconds from the first call to the last row's webhook received; null unless every row's arrived. */
  deliveredRowsPerSecond: number | null;
  webhook: LatencySummary;
  /** Server CPU ms per accepted row, from the first call until every row's webhook arrived (accept + classify + deliver). */
  serverCpuMsPerRow: number | null;
}

export interface UploadPhase extends Omit<UploadResult, 'startedAt' | 'completedAt'> {
  /** Rows ÷ seconds from `completed` (all jobs queued at once) to the last record classified. */
  classifiedRowsPerSecond: number | null;
  classifySeconds: number | null;
  /** Rows ÷ seconds from `completed` to the last row's webhook received. */
  deliveredRowsPerSecond: number | null;
  webhooksReceived: number;
  /** Server CPU ms per row from `completed` to the last row classified, and from there to the last webhook. */
  classifyCpuMsPerRow: number | null;
  deliverCpuMsPerRow: number | null;
}

export async function itemPhase(
  api: Api,
  receiver: TimedReceiver,
  dataset: { id: number; key: string },
  texts: readonly string[],
  bounds: { concurrency: number; maxRows: number; maxSeconds: number; drainSeconds: number },
  cpu: CpuClock,
): Promise<ItemPhase> {
  const cpuStart = cpu();
  const load = await runItemLoad(api, dataset.id, texts, {
    concurrency: bounds.concurrency,
    rowsPerCall: 8,
    maxRows: bounds.maxRows,
    maxSeconds: bounds.maxSeconds,
  });
  const deadline = performance.now() + bounds.drainSeconds * 1000;
  const classifiedAt =
    load.rowsAccepted > 0 ? await waitClassified(api, dataset.key, load.rowsAccepted, deadline) : undefined;
  const received = await receiver.waitFor(
    load.accepted.map((row) => row.text),
    deadline,
  );
  const cpuEnd = cpu();
  const lastArrival = load.accepted.reduce((last, row) => Math.max(last, receiver.arrivals.get(row.text) ?? 0), 0);
  return {
    concurrency: load.concurrency,
    rowsPerCall: load.rowsPerCall,
    calls: load.calls,
    errors: load.errors,
    ...(load.firstError ? { firstError: load.firstError } : {}),
    rowsAccepted: load.rowsAccepted,
    acceptSeconds: round(load.seconds, 2),
    acceptedRowsPerSecond: round(load.rowsPerSecond, 1),
    classifiedRowsPerSecond:
      classifiedAt === undefined ? null : round((load.rowsAccepted * 1000) / (classifiedAt - load.startedAt), 1),
    drainSeconds: classifiedAt === undefined ? null : round(Math.max(0, classifiedAt - load.endedAt) / 1000, 2),
    deliveredRowsPerSecond:
      received < load.rowsAccepted || load.rowsAccepted === 0
        ? null
        : round((load.rowsAccepted * 1000) / (lastArrival - load.startedAt), 1),
    webhook: acceptToWebhook(load.accepted, receiver.arrivals),
    serverCpuMsPerRow: received < load.rowsAccepted ? null : cpuMsPerRow(cpuStart, cpuEnd, load.rowsAccepted),
  };
}

export async function uploadPhase(
  api: Api,
  receiver: TimedReceiver,
  dataset: { key: string },
  texts: readonly string[],
  drainSeconds: number,
  cpu: CpuClock,
): Promise<UploadPhase> {
  const upload = await runUpload(api, dataset.key, texts);
  const { completedAt } = upload;
  const cpuCompleted = cpu();
  const deadline = performance.now() + drainSeconds * 1000;
  const classifiedAt = await waitClassified(api, dataset.key, upload.rows, deadline);
  const cpuClassified = cpu();
  const received = await receiver.waitFor(texts, deadline);
  const cpuDelivered = cpu();
  const lastArrival = texts.reduce((last, t) => Math.max(last, receiver.arrivals.get(t) ?? 0), 0);
  const classifySeconds = classifiedAt === undefined ? null : (classifiedAt - completedAt) / 1000;
  return {
    rows: upload.rows,
    megabytes: round(upload.megabytes, 1),
    receiveSeconds: round(upload.receiveSeconds, 2),
    ingestSeconds: round(upload.ingestSeconds, 2),
    totalSeconds: round(upload.totalSeconds, 2),
    rowsPerSecond: round(upload.rowsPerSecond, 1),
    classifiedRowsPerSecond: classifySeconds === null ? null : round(upload.rows / classifySeconds, 1),
    classifySeconds: classifySeconds === null ? null : round(classifySeconds, 2),
    deliveredRowsPerSecond: received < texts.length ? null : round((received * 1000) / (lastArrival - completedAt), 1),
    webhooksReceived: received,
    classifyCpuMsPerRow: classifiedAt === undefined ? null : cpuMsPerRow(cpuCompleted, cpuClassified, upload.rows),
    deliverCpuMsPerRow: received < texts.length ? null : cpuMsPerRow(cpuClassified, cpuDelivered, upload.rows),
  };
}
