// Issue 33's targets, each with its measured value and "met" or "missed" (or "not measured" where this run has no figure for it).
import type { ItemPhase, UploadPhase } from './phases.js';
import type { Ratios } from './report.js';
import type { SteadyPhase } from './steady-phase.js';

export interface TargetVerdict {
  target: string;
  value: number | null;
  verdict: 'met' | 'missed' | 'not measured';
}

const judge = (target: string, value: number | null, ok: (v: number) => boolean): TargetVerdict => ({
  target,
  value,
  verdict: value === null ? 'not measured' : ok(value) ? 'met' : 'missed',
});

/** The targets that apply to this run's encoder and database. */
export function targetVerdicts(
  meta: { encoderId: string; database: string },
  item: ItemPhase,
  upload: UploadPhase,
  r: Omit<Ratios, 'perStage'>,
  steady: SteadyPhase | null,
): TargetVerdict[] {
  const verdicts: TargetVerdict[] = [];
  if (meta.encoderId === 'use-multi-612') {
    verdicts.push(
      judge('upload backlog classified >= 0.8 x embed() batch 64', r.uploadVsBatch64, (v) => v >= 0.8),
      judge('item rows classified >= 0.6 x embed() batch 8', r.itemVsBatch8, (v) => v >= 0.6),
    );
  }
  if (meta.encoderId === 'static-multi-100d') {
    const floor = meta.database === 'postgresql' ? 10_000 : 5_000;
    verdicts.push(
      judge(`upload backlog classified >= ${floor} rows/s`, upload.classifiedRowsPerSecond, (v) => v >= floor),
      judge('every upload webhook received inside the drain', upload.webhooksReceived, (v) => v >= upload.rows),
    );
  }
  const delivered = upload.deliveredRowsPerSecond;
  const classified = upload.classifiedRowsPerSecond;
  verdicts.push(
    judge(
      'webhooks received >= 0.95 x classified rows/s (upload backlog)',
      delivered === null || classified === null ? null : delivered / classified,
      (v) => v >= 0.95,
    ),
    ...steadyVerdicts(steady),
  );
  return verdicts;
}

/** Accept→webhook at half the capacity; a row whose webhook never arrived inside the drain misses both. */
function steadyVerdicts(steady: SteadyPhase | null): TargetVerdict[] {
  const lost = steady !== null && (steady.webhook.missing > 0 || steady.errors > 0 || steady.rowsAccepted === 0);
  const bound = (v: number, ms: number) => !lost && v <= ms;
  return [
    judge('accept -> webhook p50 <= 300 ms at half capacity', steady?.webhook.p50Ms ?? null, (v) => bound(v, 300)),
    judge('accept -> webhook p99 <= 1 s at half capacity', steady?.webhook.p99Ms ?? null, (v) => bound(v, 1_000)),
  ];
}

export function formatVerdicts(verdicts: TargetVerdict[]): string {
  return [
    '== targets (issue 33)',
    ...verdicts.map(
      (v) =>
        `${v.target.padEnd(66)}${(v.value === null ? '-' : String(Math.round(v.value * 1000) / 1000)).padStart(10)}  ${v.verdict}`,
    ),
  ].join('\n');
}
