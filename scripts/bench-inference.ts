// Benchmark: latency of 8-text inference through the whole HTTP stack vs the encoder alone, measured side by side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../packages/server/src/config.js';
import { createLogger } from '../packages/server/src/logger.js';
import { startServer } from '../packages/server/src/server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const WARMUP = 50;
const KEY = 'tc_bench_key_0123456789abcdefghij';
const TEXTS = [
  'I was charged twice for my subscription this month, please refund one payment.',
  'The app crashes every time I try to upload a file from my phone.',
  'My parcel was marked as delivered but it never arrived at my address.',
  'I forgot my password and the reset link in the email has expired.',
  'Please cancel my plan at the end of this billing period.',
  'Your support agent was fantastic and solved my problem in minutes, thank you!',
  'Where can I download the invoice for last month? I need it for my accountant.',
  'The dashboard has been extremely slow since yesterday and reports time out.',
];

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, run: () => Promise<unknown>): Promise<{ name: string; p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { name, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-bench-'));
  const config = loadConfig({}, { dataDir, port: 0, host: '127.0.0.1', apiKey: KEY, logLevel: 'silent' });
  const running = await startServer(config, createLogger('silent'));
  try {
    await running.ready;
    const encoder = running.runtime.services.encoders.get(running.runtime.services.encoders.defaultId);
    const post = async (route: string, body: unknown) => {
      const res = await fetch(`${running.url}${route}`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const base = Object.fromEntries(TEXTS.map((t, i) => [`b${i}`, t]));
    const results = [
      await measure('encoder.embed, 8 texts (no HTTP)', () => encoder.embed(TEXTS)),
      await measure('POST /v2/models/1/inference, 8 texts', () => post('/v2/models/1/inference', { texts: TEXTS })),
      await measure('POST /v2/multi-model/inference, 2 models x 8 texts', () => post('/v2/multi-model/inference', { model_ids: [1, 2], texts: TEXTS })),
      await measure('POST /v2/similarity, 8 x 8 texts', () => post('/v2/similarity', { base_texts: base, compare_to_texts: base })),
      await measure('GET /health (transport floor)', () => fetch(`${running.url}/health`).then((r) => r.text())),
    ];
    const [embed, single, multi, , health] = results;
    process.stdout.write(`textclass inference benchmark, ${ROUNDS} sequential requests each (after ${WARMUP} warm-up), keep-alive\n\n`);
    for (const r of results) process.stdout.write(`${r.name.padEnd(52)} p50 ${r.p50.toFixed(2).padStart(7)} ms   p95 ${r.p95.toFixed(2).padStart(7)} ms\n`);
    process.stdout.write('\nratios (p50):\n');
    process.stdout.write(`  single-model request / encoder alone      ${(single!.p50 / embed!.p50).toFixed(1)}x\n`);
    process.stdout.write(`  single-model request / GET /health        ${(single!.p50 / health!.p50).toFixed(1)}x\n`);
    process.stdout.write(`  two models / one model (run concurrently) ${(multi!.p50 / single!.p50).toFixed(2)}x\n`);
  } finally {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
