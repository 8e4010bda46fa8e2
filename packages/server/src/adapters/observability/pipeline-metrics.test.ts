// PipelineMetrics over a backlog port that answers, fails or hangs (a database that stops answering cannot stall a scrape).
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { PipelineBacklog, PipelineEvents, PipelineStats } from '../../core/ports/pipeline-events.js';
import { PipelineMetrics } from './pipeline-metrics.js';

const BACKLOG: PipelineBacklog = {
  jobs: [
    { kind: 'classification', pending: 7, oldestAgeSeconds: 42 },
    { kind: 'training', pending: 0, oldestAgeSeconds: 0 },
    { kind: 'upload', pending: 1, oldestAgeSeconds: 3 },
  ],
  webhookBacklog: 5,
};

/** A backlog port whose next answers are scripted: a backlog, a failure, or never. */
function scriptedStats(...answers: Array<PipelineBacklog | 'fail' | 'hang'>): PipelineStats & { calls: number } {
  const stats = {
    calls: 0,
    backlog(): Promise<PipelineBacklog> {
      const answer = answers[Math.min(stats.calls, answers.length - 1)]!;
      stats.calls += 1;
      if (answer === 'fail') return Promise.reject(new Error('connection terminated'));
      if (answer === 'hang') return new Promise(() => undefined);
      return Promise.resolve(answer);
    },
  };
  return stats;
}

const sample = (text: string, line: string) =>
  text
    .split('\n')
    .find((l) => l.startsWith(`${line} `))
    ?.split(' ')[1];

describe('PipelineMetrics', () => {
  it('reads the backlog once per scrape for all three gauges', async () => {
    const registry = new Registry();
    const stats = scriptedStats(BACKLOG);
    new PipelineMetrics(registry, stats);
    const text = await registry.metrics();
    expect(stats.calls).toBe(1);
    expect(sample(text, 'textclass_jobs_pending{kind="classification"}')).toBe('7');
    expect(sample(text, 'textclass_jobs_oldest_age_seconds{kind="classification"}')).toBe('42');
    expect(sample(text, 'textclass_jobs_pending{kind="upload"}')).toBe('1');
    expect(sample(text, 'textclass_webhook_backlog')).toBe('5');
    expect(sample(text, 'textclass_jobs_processed_total{kind="training",outcome="failed"}')).toBe('0');
  });

  it('keeps the last figures and counts an error when the query fails or hangs past the timeout', async () => {
    const registry = new Registry();
    new PipelineMetrics(registry, scriptedStats(BACKLOG, 'fail', 'hang'), { statsTimeoutMs: 50 });
    await registry.metrics();
    const failed = await registry.metrics();
    expect(sample(failed, 'textclass_pipeline_stats_errors_total')).toBe('1');
    expect(sample(failed, 'textclass_webhook_backlog')).toBe('5');
    const hung = await registry.metrics();
    expect(sample(hung, 'textclass_pipeline_stats_errors_total')).toBe('2');
    expect(sample(hung, 'textclass_jobs_pending{kind="classification"}')).toBe('7');
  });

  it('counts pending deliveries again only once 20 times the last count has passed; the jobs at every scrape', async () => {
    let clock = 0;
    const asked: boolean[] = [];
    const stats: PipelineStats = {
      backlog({ countWebhooks = true } = {}) {
        asked.push(countWebhooks);
        const jobs = [{ kind: 'classification' as const, pending: asked.length, oldestAgeSeconds: 0 }];
        if (!countWebhooks) return Promise.resolve({ jobs });
        clock += 10; // the count takes 10 ms
        return Promise.resolve({ jobs, webhookBacklog: 100 * asked.length });
      },
    };
    const registry = new Registry();
    new PipelineMetrics(registry, stats, { now: () => clock });
    const scrapeAt = async (at: number) => {
      clock = at;
      const text = await registry.metrics();
      return [sample(text, 'textclass_jobs_pending{kind="classification"}'), sample(text, 'textclass_webhook_backlog')];
    };
    expect(await scrapeAt(0)).toEqual(['1', '100']);
    expect(await scrapeAt(100)).toEqual(['2', '100']);
    expect(await scrapeAt(199)).toEqual(['3', '100']);
    expect(await scrapeAt(200)).toEqual(['4', '400']);
    expect(asked).toEqual([true, false, false, true]);
    // A share of 1: counted at every scrape.
    const every: boolean[] = [];
    const registry2 = new Registry();
    new PipelineMetrics(
      registry2,
      { backlog: ({ countWebhooks = true } = {}) => (every.push(countWebhooks), Promise.resolve(BACKLOG)) },
      { now: () => clock, webhookCountShare: 1 },
    );
    for (let i = 0; i < 3; i++) await registry2.metrics();
    expect(every).toEqual([true, true, true]);
  });

  it('counts events with bounded labels: outcomes, lag of successes only, disabled endpoints, uploads, failed records', async () => {
    const registry = new Registry();
    const metrics = new PipelineMetrics(registry, scriptedStats(BACKLOG));
    expect(sample(await registry.metrics(), 'textclass_record_failures_total')).toBe('0');
    const failure = { workspaceId: 3, datasetId: 4, recordId: '5', modelId: 6, error: new Error('x') };
    const events: PipelineEvents = metrics;
    events.recordFailed(failure);
    events.recordFailed({ ...failure, modelId: 7 });
    const attempt = { deliveryId: '1', endpointId: 9, event: 'classification.completed', error: null, retries: 0 };
    metrics.deliveryAttempted({
      ...attempt,
      outcome: 'retrying',
      statusCode: 500,
      nextAttemptAt: new Date(),
      lagSeconds: null,
    });
    metrics.deliveryAttempted({
      ...attempt,
      outcome: 'succeeded',
      statusCode: 200,
      nextAttemptAt: null,
      lagSeconds: 6.5,
    });
    metrics.endpointDisabled();
    metrics.uploadReceived(1234);
    metrics.uploadFinished('succeeded', 3);
    metrics.jobFinished('classification', 'retried');
    const text = await registry.metrics();
    expect(sample(text, 'textclass_webhook_deliveries_total{outcome="retrying"}')).toBe('1');
    expect(sample(text, 'textclass_webhook_deliveries_total{outcome="succeeded"}')).toBe('1');
    expect(sample(text, 'textclass_webhook_delivery_lag_seconds_count')).toBe('1');
    expect(sample(text, 'textclass_webhook_delivery_lag_seconds_sum')).toBe('6.5');
    expect(sample(text, 'textclass_webhook_endpoints_disabled_total')).toBe('1');
    expect(sample(text, 'textclass_upload_bytes_total')).toBe('1234');
    expect(sample(text, 'textclass_upload_rows_total')).toBe('3');
    expect(sample(text, 'textclass_jobs_processed_total{kind="upload",outcome="succeeded"}')).toBe('1');
    expect(sample(text, 'textclass_jobs_processed_total{kind="classification",outcome="retried"}')).toBe('1');
    expect(sample(text, 'textclass_record_failures_total')).toBe('2');
    expect(text).not.toMatch(/endpoint="|endpoint_id|workspace/);
  });
});
