// Metrics of a node:cluster service: each worker's registry as JSON, merged by prom-client's AggregatorRegistry (sums, or a metric's own aggregator).
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A registry's metrics as getMetricsAsJSON() gives them: what a worker sends to the primary. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

export function registryAsJson(registry: Registry): Promise<MetricsJson> {
  return registry.getMetricsAsJSON();
}

/** The Prometheus text of several workers' metrics as one service: counters and histograms summed, gauges per their aggregator. */
export function aggregateMetrics(parts: MetricsJson[]): Promise<string> {
  return AggregatorRegistry.aggregate(parts).metrics();
}

/**
 * Totals of the workers that are gone: their counters and histograms as last scraped, added to `retired`, so a
 * worker's death does not make the service's counters go back (a false reset in rate()); their gauges leave with them.
 */
export async function retiredTotals(retired: MetricsJson, last: MetricsJson): Promise<MetricsJson> {
  const monotonic = last.filter((metric) => ['counter', 'histogram'].includes(String(metric.type)));
  return AggregatorRegistry.aggregate([retired, monotonic]).getMetricsAsJSON();
}
