// The server's batch counters read from the Prometheus text of GET /metrics, and what a loop did with them.
import { describe, expect, it } from 'vitest';
import { batchUse, metricSum } from './batch-metrics.js';

const METRICS = [
  '# HELP textclass_inference_batch_texts Texts per model run.',
  '# TYPE textclass_inference_batch_texts histogram',
  'textclass_inference_batch_texts_bucket{encoder="a",le="1"} 3',
  'textclass_inference_batch_texts_sum{encoder="a"} 40',
  'textclass_inference_batch_texts_sum{encoder="b"} 2',
  'textclass_inference_batch_texts_count{encoder="a"} 10',
  'textclass_inference_batch_texts_count 5',
  'textclass_inference_batch_texts_sum_total 1000',
].join('\n');

describe('metricSum', () => {
  it('adds the samples of one metric over all its label sets, and no metric whose name only starts with it', () => {
    expect(metricSum(METRICS, 'textclass_inference_batch_texts_sum')).toBe(42);
    expect(metricSum(METRICS, 'textclass_inference_batch_texts_count')).toBe(15);
  });

  it('is 0 for a metric that is not there', () => {
    expect(metricSum(METRICS, 'textclass_encoder_duration_seconds_sum')).toBe(0);
  });
});

describe('batchUse', () => {
  it('texts per run, padded tokens per text and the share of wall time a run was in flight, over the interval', () => {
    const before = { runs: 10, texts: 100, paddedTokens: 1_000, modelSeconds: 1 };
    const after = { runs: 30, texts: 260, paddedTokens: 3_400, modelSeconds: 3 };
    expect(batchUse(before, after, 4)).toEqual({ runs: 20, textsPerRun: 8, paddedTokensPerText: 15, modelBusy: 0.5 });
  });

  it('reports 0 per run and per text when nothing ran', () => {
    const same = { runs: 5, texts: 5, paddedTokens: 5, modelSeconds: 5 };
    expect(batchUse(same, same, 1)).toEqual({ runs: 0, textsPerRun: 0, paddedTokensPerText: 0, modelBusy: 0 });
  });
});
