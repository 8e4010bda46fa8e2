// npm run bench:workers [-- --rounds 3 --seconds 5 --label NAME]: c32 one-text inference on PostgreSQL with 1 and 2 workers (and the embedded database), alternating rounds.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MAIN } from '@textclass/server/testing';
import { makeTexts, round, staticSubject } from '@textclass/model-tools';
import { runLoad, type LoadResult } from '../bench-inference/http-load.js';
import { BENCH_API_KEY } from '../bench-inference/textclass-server.js';
import { environment } from '../bench-environment.js';
import { startEmbedded, startOnPostgres, type BenchServer } from './servers.js';
import { cpuMsPerRequest, serverRow, twoWorkersOverOne } from './summary.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    'database-url': { type: 'string' },
    /** Also write the report to bench/results/<label>.json. */
    label: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const baseUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl)
    throw new Error('set TEST_DATABASE_URL (or --database-url): a PostgreSQL where scratch databases may be made');
  const subject = await staticSubject();
  const texts = makeTexts(4096, 30, (text) => subject.tokenize(text).length);
  const body = (i: number) => JSON.stringify({ texts: [texts[i % texts.length]] });
  const servers: BenchServer[] = [];
  try {
    // All three stay up for the whole run; each round loads one at a time, in turn, so all see the same moments.
    log('starting: PostgreSQL with 1 worker, with 2 workers, and the embedded database');
    servers.push(await startOnPostgres(baseUrl, 1, subject));
    servers.push(await startOnPostgres(baseUrl, 2, subject));
    servers.push(await startEmbedded(subject));
    const loadBefore = round(loadavg()[0] ?? 0, 2);
    const results: LoadResult[][] = servers.map(() => []);
    /** The server's CPU milliseconds per request of each round: what a request costs, whatever else the machine runs. */
    const cpuMs: number[][] = servers.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, server] of servers.entries()) {
        const cpuBefore = server.cpuSeconds();
        const result = await runLoad({
          url: `${server.url}/v2/models/1/inference`,
          headers: { authorization: `Bearer ${BENCH_API_KEY}` },
          body,
          textsPerRequest: 1,
          concurrency: CONCURRENCY,
          maxRequests: 1_000_000,
          maxSeconds: SECONDS,
          warmupRequests: r === 0 ? 2_000 : 200,
        });
        if (result.errors > 0) throw new Error(`${server.name}: ${result.errors} errors, first ${result.firstError}`);
        results[i]!.push(result);
        const cpuAfter = server.cpuSeconds();
        // The warm-up requests ran inside the CPU window too.
        const requests = result.requests + (r === 0 ? 2_000 : 200);
        if (cpuBefore !== undefined && cpuAfter !== undefined)
          cpuMs[i]!.push(cpuMsPerRequest(cpuBefore, cpuAfter, requests));
        log(
          `round ${r + 1} ${server.name}: ${result.textsPerSecond} requests/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${cpuMs[i]!.at(-1)} CPU ms/request`,
        );
      }
    }
    const rows = servers.map((server, i) => serverRow(server.name, results[i]!, cpuMs[i]!, server.rssMiB()));
    const ratios = twoWorkersOverOne(results[0]!, results[1]!);
    const report = {
      what: `c${CONCURRENCY} one-text POST /v2/models/1/inference, static encoder, cache off; ${ROUNDS} rounds of ${SECONDS} s, servers loaded in turn; medians`,
      environment: environment(),
      /** Other processes' share of the machine: the 1-minute load average before and after the rounds. */
      loadAverage1m: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2) },
      rows,
      twoWorkersOverOne: ratios,
    };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    process.stdout.write(json);
    if (values.label) {
      mkdirSync('bench/results', { recursive: true });
      writeFileSync(`bench/results/${values.label}.json`, json);
    }
    log('');
    for (const row of rows)
      log(
        `${row.server.padEnd(30)} ${String(row.requestsPerSecond).padStart(8)} requests/s  p50 ${row.p50Ms} ms  ${row.cpuMsPerRequest} CPU ms/request  RSS ${row.rssMiB} MiB`,
      );
    log(
      `2 workers / 1 worker: ${ratios.median} (rounds: ${ratios.perRound.join(', ')}); load average ${loadBefore} before`,
    );
  } finally {
    for (const server of servers.reverse())
      await server.stop().catch((err: unknown) => log(`stopping: ${String(err)}`));
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
