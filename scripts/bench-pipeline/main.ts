// npm run bench:pipeline [-- --quick] [--encoder ID] [--database-url URL] [--concurrency C] [--label NAME] [--profile-dir DIR]: record pipeline rows/s and accept→webhook latency next to the encoder's own texts/s.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EncoderCeiling, type EncoderRow, round, rowTexts } from '@textclass/model-tools';
import { DEFAULT_ENCODER_ID } from '@textclass/server/inference';
import { MAIN } from '@textclass/server/testing';
import { environment } from '../bench-environment.js';
import { Api } from './api.js';
import { itemPhase, uploadPhase } from './phases.js';
import { startTimedReceiver } from './receiver.js';
import { formatReport, ratios } from './report.js';
import { formatVerdicts, targetVerdicts } from './targets.js';
import { serverCpuClock } from './server-cpu.js';
import { startPipelineServer } from './server.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    /** The server's default encoder (the demo models' one) and the encoder measured alone: what users run by default. */
    encoder: { type: 'string', default: DEFAULT_ENCODER_ID },
    'database-url': { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    label: { type: 'string' },
    'profile-dir': { type: 'string' },
  },
});
const QUICK = values.quick;
const DATABASE_URL = values['database-url'] ?? (process.env.TEST_DATABASE_URL || undefined);
const BOUNDS = {
  item: {
    concurrency: Number(values.concurrency),
    maxRows: QUICK ? 4_000 : 12_000,
    maxSeconds: QUICK ? 8 : 15,
    drainSeconds: QUICK ? 40 : 120,
  },
  upload: { rows: QUICK ? 20_000 : 50_000, drainSeconds: QUICK ? 45 : 150 },
  encoder: { batches: [8, 32, 64], seconds: QUICK ? 0.5 : 1.5 },
};
/** Demo models 1 (sentiment) and 2 (support topics), both zero-shot on the default encoder. */
const MODEL_IDS = [1, 2];
const log = (line: string) => process.stderr.write(`${line}\n`);

async function encoderRows(ceiling: EncoderCeiling, texts: readonly string[], when: string): Promise<EncoderRow[]> {
  const rows: EncoderRow[] = [];
  for (const batch of BOUNDS.encoder.batches) rows.push(await ceiling.measure(texts, batch, BOUNDS.encoder.seconds));
  log(`encoder ${when}: ${rows.map((r) => `batch ${r.batch} ${round(r.textsPerSecond, 0)} texts/s`).join(', ')}`);
  return rows;
}

async function waitForModels(api: Api): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const id of MODEL_IDS) {
    while ((await api.call('GET', `/v2/models/${id}`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`demo model ${id} did not appear within 60 s of /health`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const started = new Date();
  const loadBefore = loadavg().map((l) => round(l, 2));
  const itemTexts = await rowTexts('i', BOUNDS.item.maxRows);
  const uploadTexts = await rowTexts('u', BOUNDS.upload.rows);
  const ceiling = await EncoderCeiling.open(values.encoder);
  const encoderBefore = await encoderRows(ceiling, itemTexts, 'before the server');
  const receiver = await startTimedReceiver();
  log(`starting the server on ${DATABASE_URL ? 'PostgreSQL (scratch database)' : 'PGlite (fresh data dir)'}`);
  const server = await startPipelineServer(DATABASE_URL, values.encoder, values['profile-dir']);
  const cpu = serverCpuClock(server.pid);
  let result;
  try {
    const api = new Api(server.url);
    await waitForModels(api);
    await api.expect(201, 'POST', '/v2/webhooks', { url: receiver.url, events: ['classification.completed'] });
    const itemSet = await api.createDataset('bench items', MODEL_IDS);
    const uploadSet = await api.createDataset('bench upload', MODEL_IDS);
    log(
      `item endpoint: ${BOUNDS.item.concurrency} writers x 8 rows, up to ${BOUNDS.item.maxRows} rows or ${BOUNDS.item.maxSeconds} s`,
    );
    const item = await itemPhase(api, receiver, itemSet, itemTexts, BOUNDS.item, cpu);
    log(
      `  accepted ${item.acceptedRowsPerSecond} rows/s, classified ${item.classifiedRowsPerSecond} rows/s, webhook p50 ${item.webhook.p50Ms} ms p99 ${item.webhook.p99Ms} ms`,
    );
    log(`upload: ${BOUNDS.upload.rows} CSV rows`);
    const upload = await uploadPhase(api, receiver, uploadSet, uploadTexts, BOUNDS.upload.drainSeconds, cpu);
    log(
      `  accepted ${upload.rowsPerSecond} rows/s, classified ${upload.classifiedRowsPerSecond} rows/s, delivered ${upload.deliveredRowsPerSecond} rows/s`,
    );
    result = { item, upload, serverMemory: server.memory(), webhookRequests: receiver.count() };
  } finally {
    await server.stop();
    await receiver.close();
  }
  const encoderAfter = await encoderRows(ceiling, itemTexts, 'after the server');
  await ceiling.close();
  const encoder = encoderBefore.map((before, i) =>
    encoderAfter[i]!.textsPerSecond > before.textsPerSecond ? encoderAfter[i]! : before,
  );
  const meta = { database: server.database, models: MODEL_IDS.length, encoderId: ceiling.id, encodersPerRow: 1 };
  const r = ratios(result.item, result.upload, encoder, meta.encodersPerRow);
  const verdicts = targetVerdicts(meta, result.item, result.upload, r);
  process.stdout.write(
    `${formatReport(meta, result.item, result.upload, encoder, r)}\n\n${formatVerdicts(verdicts)}\n`,
  );
  const label =
    values.label ??
    `pipeline-${started.toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${values.encoder}${QUICK ? '-quick' : ''}${DATABASE_URL ? '-postgresql' : ''}`;
  const out = resolve('bench', 'results', `${label}.json`);
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        label,
        startedAt: started.toISOString(),
        seconds: round((Date.now() - started.getTime()) / 1000, 1),
        quick: QUICK,
        environment: {
          ...environment(),
          loadAverageBefore: loadBefore,
          loadAverageAfter: loadavg().map((l) => round(l, 2)),
        },
        method: { ...meta, modelIds: MODEL_IDS, bounds: BOUNDS, server: server.env },
        ...result,
        encoder: { rows: encoder, before: encoderBefore, after: encoderAfter },
        ratios: r,
        targets: verdicts,
      },
      null,
      2,
    )}\n`,
  );
  log(`\nwrote ${out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:pipeline failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
