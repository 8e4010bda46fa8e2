// The OpenTelemetry adapter in process, exporting to a local OTLP receiver: a shared encoder batch's parent and links, requireParent, inject.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/testing/otlp-receiver.js';
import { ServingEncoder } from '../inference/serving/encoder-stages.js';
import { GatedEncoder } from '../inference/testing/gated-encoder.js';
import { createLogger } from './logger.js';
import { startTracing, tracingConfig } from './start-tracing.js';
import { inSpan, type Tracing } from './tracing.js';

describe('OpenTelemetry tracing', () => {
  let otlp: OtlpReceiver;
  let tracing: Tracing;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', otlp.url);
    vi.stubEnv('OTEL_EXPORTER_OTLP_PROTOCOL', 'http/json');
    vi.stubEnv('OTEL_BSP_SCHEDULE_DELAY', '50');
    tracing = await startTracing(tracingConfig(process.env), createLogger('silent'));
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await otlp?.close();
  });

  it('parents a batch shared by two requests on the first and links the second; records orphan queries nowhere', async () => {
    const model = new GatedEncoder();
    model.open = true;
    const encoder = new ServingEncoder(model, { batching: { maxWaitMs: 0 }, tracing });
    const first = tracing.start('request a');
    const second = tracing.start('request b');
    let traceparent: Record<string, string> = {};
    await Promise.all([
      first.run(() => encoder.embed(['a'])),
      second.run(() => {
        traceparent = {};
        tracing.inject(traceparent);
        return encoder.embed(['b', 'bb']);
      }),
    ]);
    first.end();
    second.end();
    await inSpan(tracing, 'orphan query', { requireParent: true }, async () => undefined);
    await tracing.shutdown();

    expect(model.calls).toHaveLength(1);
    const named = (name: string) => otlp.spans.find((s) => s.name === name)!;
    const [a, b, batch] = [named('request a'), named('request b'), named('encoder batch')];
    expect(batch).toMatchObject({
      traceId: a.traceId,
      parentSpanId: a.spanId,
      links: [{ traceId: b.traceId, spanId: b.spanId }],
      attributes: expect.objectContaining({ 'textclass.batch.texts': 3, 'textclass.batch.requests': 2 }),
    });
    expect(traceparent.traceparent).toBe(`00-${b.traceId}-${b.spanId}-01`);
    expect(otlp.spans.map((s) => s.name)).not.toContain('orphan query');
  });
});
