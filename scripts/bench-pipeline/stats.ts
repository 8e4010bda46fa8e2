// Latency summaries and the ratio of pipeline to encoder throughput.
import { type EncoderRow, percentile, round } from '@textclass/model-tools';

export interface LatencySummary {
  samples: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Accept→webhook latencies: for each accepted row, its first delivery's arrival minus the moment its call was answered. */
export function acceptToWebhook(
  accepted: ReadonlyArray<{ text: string; at: number }>,
  arrivals: ReadonlyMap<string, number>,
): LatencySummary {
  const samples: number[] = [];
  for (const row of accepted) {
    const arrived = arrivals.get(row.text);
    if (arrived !== undefined) samples.push(arrived - row.at);
  }
  return {
    samples: samples.length,
    missing: accepted.length - samples.length,
    p50Ms: round(percentile(samples, 50), 1),
    p99Ms: round(percentile(samples, 99), 1),
    maxMs: round(
      samples.reduce((a, b) => Math.max(a, b), 0),
      1,
    ),
  };
}

/**
 * Encoder texts the pipeline needed per second ÷ texts the bare encoder embeds per second: 1.0 = the encoder is the
 * bottleneck, 0.05 = the encoder is busy 5 % of the pipeline's time and the rest goes to the queue, database and HTTP.
 */
export function encoderShare(rowsPerSecond: number, encodersPerRow: number, encoderTextsPerSecond: number): number {
  return round((rowsPerSecond * encodersPerRow) / encoderTextsPerSecond, 4);
}

/** The upload's rows: `rows`, or what the encoder embeds in `encoderSeconds` at batch 64 if fewer (whole thousands, at least 1,000). */
export function uploadRows(bounds: { rows: number; encoderSeconds: number }, encoder: readonly EncoderRow[]): number {
  const batch64 = encoder.find((row) => row.batch === 64)?.textsPerSecond ?? Number.POSITIVE_INFINITY;
  const byEncoder = Math.max(1_000, Math.round((batch64 * bounds.encoderSeconds) / 1_000) * 1_000);
  return Math.min(bounds.rows, byEncoder);
}
