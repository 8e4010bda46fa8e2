// Tracing configuration from the standard OTEL_ variables: off without an endpoint, the endpoint and protocol, the switches that turn it off.
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { startTracing, tracingConfig } from './start-tracing.js';
import { NO_TRACING } from './tracing.js';

describe('tracingConfig', () => {
  it('is off without an OTLP endpoint, whatever else is set', () => {
    expect(tracingConfig({})).toBeUndefined();
    expect(
      tracingConfig({
        OTEL_SERVICE_NAME: 'x',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_ENDPOINT: ' ',
      }),
    ).toBeUndefined();
  });

  it('sends to <endpoint>/v1/traces over protobuf by default; the traces endpoint is taken as it is', () => {
    expect(tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      endpoint: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
    });
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://ignored:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      }),
    ).toEqual({ endpoint: 'http://collector:4318/custom', protocol: 'http/json' });
  });

  it('honours OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(tracingConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBeDefined();
  });

  it('refuses a protocol it cannot speak, naming the variable', () => {
    expect(() =>
      tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL must be http\/protobuf or http\/json/);
  });

  it('starts the no-op when off', async () => {
    expect(await startTracing(undefined, createLogger('silent'))).toBe(NO_TRACING);
  });
});
