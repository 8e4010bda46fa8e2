// One measured pass of the pipeline bench: an encoder on a database, its ceiling before and after, the item, steady and upload phases, ratios and verdicts.
import { EncoderCeiling, type EncoderRow, round, rowTexts } from '@textclass/model-tools';
import { Api } from './api.js';
import { itemPhase, uploadPhase, type ItemPhase, type UploadPhase } from './phases.js';
import { startTimedReceiver } from './receiver.js';
import { formatReport, ratios, type Ratios } from './report.js';
import { itemCapacity, steadyPhase, type SteadyPhase } from './steady-phase.js';
import { formatVerdicts, targetVerdicts, type TargetVerdict } from './targets.js';
import { uploadRows } from './stats.js';
import { serverCpuClock } from './server-cpu.js';
import { startPipelineServer } from './server.js';
import { servedShape } from '../lib/served-shape.js';

export interface Bounds {
  item: { concurrency: number; maxRows: number; maxSeconds: number; drainSeconds: number };
  steady: { seconds: number; drainSeconds: number };
  /**
   * rows: the most CSV rows; encoderSeconds: fewer when the encoder alone would need longer at batch 64 (a neural
   * encoder's backlog is sized to what it drains in about that time, a static one's to `rows`).
   */
  upload: { rows: number; encoderSeconds: number; drainSeconds: number };
  encoder: { batches: number[]; seconds: number };
}

export interface PassResult {
  meta: { database: string; models: number; encoderId: string; encodersPerRow: number };
  server: Record<string, string>;
  item: ItemPhase;
  steady: SteadyPhase | null;
  upload: UploadPhase;
  serverMemory: unknown;
  webhookRequests: number;
  encoder: { rows: EncoderRow[]; before: EncoderRow[]; after: EncoderRow[] };
  ratios: Ratios;
  targets: TargetVerdict[];
  printed: string;
}

/** Demo models 1 (sentiment) and 2 (support topics), both zero-shot on the default encoder. */
export const MODEL_IDS = [1, 2];
const log = (line: string) => process.stderr.write(`${line}\n`);

async function encoderRows(ceiling: EncoderCeiling, texts: readonly string[], when: string, bounds: Bounds) {
  const rows: EncoderRow[] = [];
  for (const batch of bounds.encoder.batches)
    for (const inFlight of ceiling.inFlightCounts)
      rows.push(await ceiling.measure(texts, batch, bounds.encoder.seconds, inFlight));
  const name = (r: EncoderRow) => `batch ${r.batch}${r.inFlight > 1 ? ` x ${r.inFlight} at once` : ''}`;
  log(`encoder ${when}: ${rows.map((r) => `${name(r)} ${round(r.textsPerSecond, 0)} texts/s`).join(', ')}`);
  return rows;
}

export async function waitForModels(api: Api): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const id of MODEL_IDS) {
    while ((await api.call('GET', `/v2/models/${id}`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`demo model ${id} did not appear within 60 s of /health`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function runPass(
  encoderId: string,
  databaseUrl: string | undefined,
  bounds: Bounds,
  profileDir: string | undefined,
): Promise<PassResult> {
  const itemTexts = await rowTexts('i', bounds.item.maxRows);
  const steadyTexts = await rowTexts('s', bounds.item.maxRows);
  const ceiling = await EncoderCeiling.open(encoderId, servedShape());
  const encoderBefore = await encoderRows(ceiling, itemTexts, 'before the server', bounds);
  const uploadTexts = await rowTexts('u', uploadRows(bounds.upload, encoderBefore));
  const receiver = await startTimedReceiver();
  log(`starting the server on ${databaseUrl ? 'PostgreSQL (scratch database)' : 'PGlite (fresh data dir)'}`);
  const server = await startPipelineServer(databaseUrl, encoderId, profileDir);
  const cpu = serverCpuClock(server.pid);
  let phases;
  try {
    const api = new Api(server.url);
    await waitForModels(api);
    await api.expect(201, 'POST', '/v2/webhooks', { url: receiver.url, events: ['classification.completed'] });
    const itemSet = await api.createDataset('bench items', MODEL_IDS);
    const steadySet = await api.createDataset('bench steady', MODEL_IDS);
    const uploadSet = await api.createDataset('bench upload', MODEL_IDS);
    const b = bounds.item;
    log(`item endpoint: ${b.concurrency} writers x 8 rows, up to ${b.maxRows} rows or ${b.maxSeconds} s`);
    const item = await itemPhase(api, receiver, itemSet, itemTexts, bounds.item, cpu);
    log(
      `  accepted ${item.acceptedRowsPerSecond} rows/s, classified ${item.classifiedRowsPerSecond} rows/s, webhook p50 ${item.webhook.p50Ms} ms p99 ${item.webhook.p99Ms} ms`,
    );
    const capacity = itemCapacity(item);
    let steady: SteadyPhase | null = null;
    if (capacity !== null && capacity > 0) {
      log(`steady load: ${round(capacity / 2, 1)} rows/s (half of ${capacity}) for ${bounds.steady.seconds} s`);
      steady = await steadyPhase(api, receiver, steadySet, steadyTexts, capacity, bounds.steady);
      log(`  accept -> webhook p50 ${steady.webhook.p50Ms} ms, p99 ${steady.webhook.p99Ms} ms`);
    } else log('steady load: skipped (the item phase did not classify and deliver every row, so no capacity)');
    log(`upload: ${uploadTexts.length} CSV rows`);
    const upload = await uploadPhase(api, receiver, uploadSet, uploadTexts, bounds.upload.drainSeconds, cpu);
    log(
      `  accepted ${upload.rowsPerSecond} rows/s, classified ${upload.classifiedRowsPerSecond} rows/s, delivered ${upload.deliveredRowsPerSecond} rows/s`,
    );
    phases = { item, steady, upload, serverMemory: server.memory(), webhookRequests: receiver.count() };
  } finally {
    await server.stop();
    await receiver.close();
  }
  const encoderAfter = await encoderRows(ceiling, itemTexts, 'after the server', bounds);
  await ceiling.close();
  const encoder = encoderBefore.map((before, i) =>
    encoderAfter[i]!.textsPerSecond > before.textsPerSecond ? encoderAfter[i]! : before,
  );
  const meta = { database: server.database, models: MODEL_IDS.length, encoderId: ceiling.id, encodersPerRow: 1 };
  const r = ratios(phases.item, phases.upload, encoder, meta.encodersPerRow);
  const targets = targetVerdicts(meta, phases.item, phases.upload, r, phases.steady);
  const printed = `${formatReport(meta, phases.item, phases.upload, encoder, r, phases.steady)}\n\n${formatVerdicts(targets)}`;
  return {
    meta,
    server: server.env,
    ...phases,
    encoder: { rows: encoder, before: encoderBefore, after: encoderAfter },
    ratios: r,
    targets,
    printed,
  };
}
