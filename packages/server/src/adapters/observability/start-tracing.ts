// Turns tracing on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or …_TRACES_ENDPOINT); OpenTelemetry is imported only then.
import { createRequire } from 'node:module';
import type { Logger } from './logger.js';
import { NO_TRACING, type Tracing } from './tracing.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface TracingConfig {
  /** Where spans go (for the start-up log; the exporter reads the variables itself). */
  endpoint: string;
  protocol: 'http/protobuf' | 'http/json';
}

/** The OTLP protocol: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf. */
function otlpProtocol(env: Env): TracingConfig['protocol'] {
  const raw = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim();
  if (raw === 'http/protobuf' || raw === 'http/json') return raw;
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (grpc is not supported), got "${raw}"`,
  );
}

/** Tracing as the standard OpenTelemetry variables ask for it: undefined (off) unless an OTLP endpoint is set. */
export function tracingConfig(env: Env): TracingConfig | undefined {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return undefined;
  if ((env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!traces && !base) return undefined;
  return { endpoint: traces || `${base?.replace(/\/$/, '')}/v1/traces`, protocol: otlpProtocol(env) };
}

/**
 * Off (no config): the no-op, and no OpenTelemetry module is loaded. On: the SDK, imported now; it reads the other
 * standard variables itself (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_BSP_…).
 */
export async function startTracing(config: TracingConfig | undefined, logger: Logger): Promise<Tracing> {
  if (config === undefined) return NO_TRACING;
  const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };
  const { createOtelTracing } = await import('./otel-tracing.js');
  return createOtelTracing({ protocol: config.protocol, serviceVersion: version, logger });
}
