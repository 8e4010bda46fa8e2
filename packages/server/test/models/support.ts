// Shared helpers of the model lifecycle tests: the labelled sentiment set of eval/sets, and waiting for a training job.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '../testing/in-process.js';

export interface Labelled { text: string; label: string; lang: string }

export function labelledSet(name: 'sentiment' | 'support-intents'): Labelled[] {
  const file = fileURLToPath(new URL(`../../../../eval/sets/${name}.jsonl`, import.meta.url));
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Labelled);
}

export const csvOf = (rows: Array<{ text: string; label: string }>): string =>
  `text,label\n${rows.map((r) => `"${r.text.replaceAll('"', '""')}",${r.label}`).join('\n')}\n`;

/** Polls a training job until it ends; returns the final job. */
export async function finished(server: TestServer, modelId: number, jobId: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.call('GET', `/v2/models/${modelId}/training-jobs/${jobId}`);
    if (res.status !== 200) throw new Error(`GET training job: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.status === 'succeeded' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`training job ${jobId} still ${res.body.status} (${res.body.stage})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
