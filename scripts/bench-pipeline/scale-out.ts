// Scale-out on one PostgreSQL: an upload backlog classified and delivered by one process, by `serve --workers 2`, and by two processes; each rows/s over one process's.
import { round, rowTexts } from '@textclass/model-tools';
import { Api } from './api.js';
import { startTimedReceiver } from './receiver.js';
import { MODEL_IDS, waitForModels } from './run-once.js';
import { startPipelineServer, type ServerShape } from './server.js';
import { runUpload, waitClassified } from './upload.js';

export interface ScaleOutRow {
  shape: string;
  rows: number;
  classifiedRowsPerSecond: number | null;
  deliveredRowsPerSecond: number | null;
  webhooksReceived: number;
  /** Deliveries received beyond one per row (a row delivered twice; 0 expected). */
  duplicateDeliveries: number;
  /** Classified rows/s over one process's in the same run. */
  ratioToOne: number | null;
}

export const SHAPES: Array<{ name: string; shape: ServerShape }> = [
  { name: 'one process', shape: {} },
  { name: 'serve --workers 2', shape: { workers: 2 } },
  { name: 'two processes', shape: { processes: 2 } },
];

const log = (line: string) => process.stderr.write(`${line}\n`);

async function measureShape(
  name: string,
  shape: ServerShape,
  databaseUrl: string,
  encoderId: string,
  rows: number,
  drainSeconds: number,
): Promise<Omit<ScaleOutRow, 'ratioToOne'>> {
  const texts = await rowTexts('u', rows);
  const receiver = await startTimedReceiver();
  log(`scale-out: ${name}`);
  const server = await startPipelineServer(databaseUrl, encoderId, undefined, shape);
  try {
    const api = new Api(server.url);
    await waitForModels(api);
    await api.expect(201, 'POST', '/v2/webhooks', { url: receiver.url, events: ['classification.completed'] });
    const dataset = await api.createDataset('bench scale-out', MODEL_IDS);
    const upload = await runUpload(api, dataset.key, texts);
    const deadline = performance.now() + drainSeconds * 1000;
    const classifiedAt = await waitClassified(api, dataset.key, upload.rows, deadline);
    const received = await receiver.waitFor(texts, deadline);
    // A duplicate sent just after the last first arrival still counts: wait a moment for stragglers.
    await new Promise((r) => setTimeout(r, 1_000));
    const lastArrival = texts.reduce((last, t) => Math.max(last, receiver.arrivals.get(t) ?? 0), 0);
    const row = {
      shape: name,
      rows: upload.rows,
      classifiedRowsPerSecond:
        classifiedAt === undefined ? null : round((upload.rows * 1000) / (classifiedAt - upload.completedAt), 1),
      deliveredRowsPerSecond:
        received < texts.length ? null : round((received * 1000) / (lastArrival - upload.completedAt), 1),
      webhooksReceived: received,
      duplicateDeliveries: receiver.count() - receiver.arrivals.size,
    };
    log(
      `  classified ${row.classifiedRowsPerSecond} rows/s, delivered ${row.deliveredRowsPerSecond} rows/s, ${row.duplicateDeliveries} duplicates`,
    );
    return row;
  } finally {
    await server.stop();
    await receiver.close();
  }
}

/** Each shape one after the other on its own scratch database; ratios against the first (one process). */
export async function scaleOut(
  databaseUrl: string,
  encoderId: string,
  rows: number,
  drainSeconds: number,
): Promise<ScaleOutRow[]> {
  const measured = [];
  for (const { name, shape } of SHAPES) {
    measured.push(await measureShape(name, shape, databaseUrl, encoderId, rows, drainSeconds));
  }
  const one = measured[0]?.classifiedRowsPerSecond ?? null;
  return measured.map((row) => ({
    ...row,
    ratioToOne:
      one === null || row.classifiedRowsPerSecond === null ? null : round(row.classifiedRowsPerSecond / one, 3),
  }));
}

export function formatScaleOut(rows: ScaleOutRow[], encoderId: string): string {
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(20) : c.padStart(14))).join('');
  return [
    `== scale-out on PostgreSQL (${encoderId}, upload backlog of ${rows[0]?.rows ?? 0} rows)`,
    line(['server', 'classified/s', 'delivered/s', 'ratio to one', 'duplicates']),
    ...rows.map((r) =>
      line([
        r.shape,
        String(r.classifiedRowsPerSecond ?? '-'),
        String(r.deliveredRowsPerSecond ?? '-'),
        String(r.ratioToOne ?? '-'),
        String(r.duplicateDeliveries),
      ]),
    ),
    ...rows
      .slice(1)
      .map(
        (r) =>
          `${`${r.shape}: classified rows/s rises over one process`.padEnd(66)}${String(r.ratioToOne ?? '-').padStart(10)}  ${r.ratioToOne === null ? 'not measured' : r.ratioToOne > 1 ? 'met' : 'missed'}`,
      ),
    ...rows.map(
      (r) =>
        `${`${r.shape}: no row delivered twice`.padEnd(66)}${String(r.duplicateDeliveries).padStart(10)}  ${r.webhooksReceived < r.rows ? 'not measured' : r.duplicateDeliveries === 0 ? 'met' : 'missed'}`,
    ),
  ].join('\n');
}
