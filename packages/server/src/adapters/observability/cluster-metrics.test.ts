// Workers' metrics merged as one service: requests summed, the shared database's backlog once, a dead worker's counters kept.
import { describe, expect, it } from 'vitest';
import type { PipelineBacklog } from '../../core/ports/pipeline-events.js';
import { aggregateMetrics, registryAsJson, retiredTotals } from './cluster-metrics.js';
import { PipelineMetrics } from './pipeline-metrics.js';
import { Metrics } from './prometheus-metrics.js';

const BACKLOG: PipelineBacklog = {
  jobs: [{ kind: 'classification', pending: 7, oldestAgeSeconds: 42 }],
  webhookBacklog: 5,
};

/** One worker's registry: `requests` GETs of /v2/models answered 200, the backlog read from the one database. */
function worker(requests: number) {
  const metrics = new Metrics({ processMetrics: false });
  new PipelineMetrics(metrics.registry, { backlog: async () => BACKLOG });
  for (let i = 0; i < requests; i++) metrics.request('GET', '/v2/models', 200, 0.002);
  return metrics;
}

const sample = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

describe('aggregateMetrics', () => {
  it('sums the workers counters and histograms and reports the shared backlog once', async () => {
    const text = await aggregateMetrics([
      await registryAsJson(worker(3).registry),
      await registryAsJson(worker(4).registry),
    ]);
    const requests = 'textclass_http_requests_total{method="GET",route="/v2/models",status="200"}';
    expect(sample(text, requests)).toBe(7);
    expect(
      sample(text, 'textclass_http_request_duration_seconds_count{method="GET",route="/v2/models",status="200"}'),
    ).toBe(7);
    expect(sample(text, 'textclass_jobs_pending{kind="classification"}')).toBe(7);
    expect(sample(text, 'textclass_jobs_oldest_age_seconds{kind="classification"}')).toBe(42);
    expect(sample(text, 'textclass_webhook_backlog')).toBe(5);
  });

  it('keeps a dead worker counters in the totals and drops its gauges', async () => {
    const dead = await registryAsJson(worker(3).registry);
    const retired = await retiredTotals([], dead);
    expect(retired.some((metric) => metric.name === 'textclass_jobs_pending')).toBe(false);
    const text = await aggregateMetrics([await registryAsJson(worker(2).registry), retired]);
    expect(sample(text, 'textclass_http_requests_total{method="GET",route="/v2/models",status="200"}')).toBe(5);
    expect(sample(text, 'textclass_jobs_pending{kind="classification"}')).toBe(7);
  });
});
