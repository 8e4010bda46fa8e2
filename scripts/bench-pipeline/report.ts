// The printed table: pipeline rows/s next to the encoder's own texts/s, and the ratios.
import { type EncoderRow, round } from '@textclass/model-tools';
import type { ItemPhase, UploadPhase } from './phases.js';
import { encoderShare } from './stats.js';
import type { SteadyPhase } from './steady-phase.js';

export interface Ratios {
  /**
   * Item phase classified rows/s vs the encoder at batch 8 (one job per 8-row call embeds 8 texts). At each batch the
   * encoder's texts/s is the faster of one call at a time and the calls at once as the server runs them.
   */
  itemVsBatch8: number | null;
  /** Upload backlog classified rows/s vs the encoder at batch 64 (jobs of 1,000 rows are embedded 64 at a time). */
  uploadVsBatch64: number | null;
  /** Upload backlog classified rows/s vs the encoder's best batch. */
  uploadVsBest: number | null;
  /** Each stage's rows/s against the same encoder rows: the item phase against batch 8, the upload against batch 64. */
  perStage: { item: StageRatios; upload: StageRatios };
}

/** Accepted, classified and delivered rows/s of one phase ÷ the encoder's texts/s (null where a stage never finished). */
export interface StageRatios {
  accept: number | null;
  classify: number | null;
  deliver: number | null;
}

export function ratios(item: ItemPhase, upload: UploadPhase, encoder: EncoderRow[], encodersPerRow: number): Ratios {
  const at = (batch: number) => {
    const rows = encoder.filter((row) => row.batch === batch);
    return rows.length === 0 ? Number.NaN : Math.max(...rows.map((row) => row.textsPerSecond));
  };
  const best = Math.max(...encoder.map((row) => row.textsPerSecond));
  const share = (rps: number | null, tps: number) => (rps === null ? null : encoderShare(rps, encodersPerRow, tps));
  const stages = (accept: number, classify: number | null, deliver: number | null, tps: number): StageRatios => ({
    accept: share(accept, tps),
    classify: share(classify, tps),
    deliver: share(deliver, tps),
  });
  return {
    itemVsBatch8: share(item.classifiedRowsPerSecond, at(8)),
    uploadVsBatch64: share(upload.classifiedRowsPerSecond, at(64)),
    uploadVsBest: share(upload.classifiedRowsPerSecond, best),
    perStage: {
      item: stages(item.acceptedRowsPerSecond, item.classifiedRowsPerSecond, item.deliveredRowsPerSecond, at(8)),
      upload: stages(upload.rowsPerSecond, upload.classifiedRowsPerSecond, upload.deliveredRowsPerSecond, at(64)),
    },
  };
}

const fmt = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || Number.isNaN(value) ? '-' : String(round(value, digits));

export function formatReport(
  meta: { database: string; models: number; encoderId: string; encodersPerRow: number },
  item: ItemPhase,
  upload: UploadPhase,
  encoder: EncoderRow[],
  r: Ratios,
  steady: SteadyPhase | null = null,
): string {
  const line = (name: string, value: string, note = '') => `${name.padEnd(52)}${value.padStart(12)}  ${note}`;
  return [
    `== pipeline on ${meta.database}: dataset with ${meta.models} deployed models, all on ${meta.encoderId} (${meta.encodersPerRow} embedding per row)`,
    line('row', 'rows/s', 'detail'),
    line(
      `item endpoint accepted (c${item.concurrency} x ${item.rowsPerCall} rows)`,
      fmt(item.acceptedRowsPerSecond),
      `${item.rowsAccepted} rows in ${item.acceptSeconds} s, ${item.errors} errors${item.firstError ? ` (first: ${item.firstError})` : ''}`,
    ),
    line(
      'item rows classified (first call -> last classified)',
      fmt(item.classifiedRowsPerSecond),
      `drain after last accept ${fmt(item.drainSeconds, 2)} s`,
    ),
    line(
      'upload accepted (202 + ingest to completed)',
      fmt(upload.rowsPerSecond),
      `${upload.rows} rows, ${upload.megabytes} MB: receive ${upload.receiveSeconds} s, ingest ${upload.ingestSeconds} s`,
    ),
    line(
      'upload backlog classified (completed -> last)',
      fmt(upload.classifiedRowsPerSecond),
      `${fmt(upload.classifySeconds, 2)} s`,
    ),
    line(
      'upload backlog webhooks received (completed -> last)',
      fmt(upload.deliveredRowsPerSecond),
      `${upload.webhooksReceived} of ${upload.rows} received`,
    ),
    ...encoder.map((row) =>
      line(
        `encoder embed() batch ${row.batch}${row.inFlight > 1 ? `, ${row.inFlight} at once as served` : ''} (texts/s)`,
        fmt(row.textsPerSecond),
        `${fmt(row.msPerCall, 3)} ms of wall time per call, ${row.calls} calls`,
      ),
    ),
    '',
    `server CPU ms per row: item rows (accept to webhook) ${fmt(item.serverCpuMsPerRow, 3)}, upload backlog classify ${fmt(upload.classifyCpuMsPerRow, 3)}, deliver ${fmt(upload.deliverCpuMsPerRow, 3)}`,
    `accept -> webhook received (item rows, c${item.concurrency}): p50 ${item.webhook.p50Ms} ms, p99 ${item.webhook.p99Ms} ms, max ${item.webhook.maxMs} ms ` +
      `(${item.webhook.samples} rows${item.webhook.missing > 0 ? `, ${item.webhook.missing} never arrived` : ''})`,
    steady === null
      ? 'accept -> webhook at half capacity: not measured (no capacity: the item phase did not drain)'
      : `accept -> webhook at half capacity (${steady.offeredRowsPerSecond} of ${steady.capacityRowsPerSecond} rows/s, ${steady.calls} calls in ${steady.seconds} s, ${steady.errors} errors): ` +
        `p50 ${steady.webhook.p50Ms} ms, p99 ${steady.webhook.p99Ms} ms, max ${steady.webhook.maxMs} ms` +
        `${steady.webhook.missing > 0 ? ` (${steady.webhook.missing} never arrived)` : ''}`,
    '',
    '== ratios: classified rows/s x embeddings per row / encoder texts/s (1.0 = encoder-bound; lower = queue, database, HTTP)',
    `item rows classified / encoder batch 8           ${fmt(r.itemVsBatch8, 4)}`,
    `upload backlog classified / encoder batch 64     ${fmt(r.uploadVsBatch64, 4)}`,
    `upload backlog classified / encoder best batch   ${fmt(r.uploadVsBest, 4)}`,
    'per stage                   accept     classify   deliver',
    ...(['item', 'upload'] as const).map(
      (phase) =>
        `${`${phase === 'item' ? 'item rows / batch 8' : 'upload / batch 64'}`.padEnd(26)}` +
        [r.perStage[phase].accept, r.perStage[phase].classify, r.perStage[phase].deliver]
          .map((value) => fmt(value, 4).padStart(9))
          .join('  '),
    ),
  ].join('\n');
}
