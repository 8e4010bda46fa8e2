// The Tracing port over the OpenTelemetry SDK: a Node tracer provider, a batch span processor and the OTLP/HTTP exporter.
import {
  context,
  diag,
  DiagLogLevel,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { EventEmitter } from 'node:events';
import type { Logger } from './logger.js';
import type { SpanAttributes, SpanOptions, TraceContext, TraceSpan, Tracing } from './tracing.js';

export interface OtelTracingOptions {
  protocol: 'http/protobuf' | 'http/json';
  serviceVersion: string;
  /** Where the SDK's own warnings go (an unreachable collector, dropped spans). */
  logger: Logger;
}

const KINDS = { internal: SpanKind.INTERNAL, server: SpanKind.SERVER, client: SpanKind.CLIENT } as const;

function clean(attributes: SpanAttributes | undefined): Attributes {
  return Object.fromEntries(Object.entries(attributes ?? {}).filter(([, value]) => value !== undefined)) as Attributes;
}

async function createExporter(protocol: OtelTracingOptions['protocol']): Promise<SpanExporter> {
  if (protocol === 'http/json')
    return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

class OtelSpan implements TraceSpan {
  private readonly context: Context;

  constructor(
    private readonly span: Span,
    parent: Context,
  ) {
    this.context = trace.setSpan(parent, span);
  }

  setAttributes(attributes: SpanAttributes): void {
    this.span.setAttributes(clean(attributes));
  }

  fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Error) this.span.recordException(error);
    this.span.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  end(): void {
    this.span.end();
  }

  run<T>(fn: () => T): T {
    return context.with(this.context, fn);
  }

  bind<E extends EventEmitter>(emitter: E): E {
    return context.bind(this.context, emitter);
  }
}

/** The SDK reports export errors as JSON (stack included): the message is enough for a log line. */
function readable(message: string): string {
  try {
    const parsed = JSON.parse(message) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : message;
  } catch {
    return message;
  }
}

/** How long stopping waits for the last spans to go out; an unreachable collector must not hold up a shutdown. */
const SHUTDOWN_WAIT_MS = 3_000;

/** A span that is not recorded but keeps the caller's context active (requireParent without a parent). */
const UNRECORDED: TraceSpan = {
  setAttributes: () => undefined,
  fail: () => undefined,
  end: () => undefined,
  run: (fn) => fn(),
  bind: (emitter) => emitter,
};

export async function createOtelTracing(options: OtelTracingOptions): Promise<Tracing> {
  const log = options.logger.child({ component: 'tracing' });
  const quiet = () => undefined;
  const warn = (message: string) => log.warn(`tracing: ${readable(message)}`);
  diag.setLogger(
    {
      error: warn,
      warn,
      info: quiet,
      debug: quiet,
      verbose: quiet,
    },
    DiagLogLevel.WARN,
  );
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over these defaults.
  const resource = resourceFromAttributes({
    'service.name': 'textclass',
    'service.version': options.serviceVersion,
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(await createExporter(options.protocol))],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context (+ baggage) propagator, globally.
  provider.register();
  const tracer = provider.getTracer('textclass', options.serviceVersion);
  return {
    enabled: true,
    start(name: string, spanOptions: SpanOptions = {}): TraceSpan {
      const parent =
        spanOptions.parent === null
          ? ROOT_CONTEXT
          : ((spanOptions.parent as Context | undefined) ??
            (spanOptions.headers ? propagation.extract(ROOT_CONTEXT, spanOptions.headers) : context.active()));
      if (spanOptions.requireParent && trace.getSpan(parent) === undefined) return UNRECORDED;
      const links: Link[] = [];
      for (const linked of spanOptions.links ?? []) {
        const spanContext = trace.getSpanContext(linked as unknown as Context);
        if (spanContext) links.push({ context: spanContext });
      }
      const span = tracer.startSpan(
        name,
        { kind: KINDS[spanOptions.kind ?? 'internal'], attributes: clean(spanOptions.attributes), links },
        parent,
      );
      return new OtelSpan(span, parent);
    },
    current(): TraceContext | undefined {
      const active = context.active();
      return trace.getSpan(active) === undefined ? undefined : (active as unknown as TraceContext);
    },
    currentTraceparent(): string | undefined {
      const spanContext = trace.getSpanContext(context.active());
      if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
      if ((spanContext.traceFlags & TraceFlags.SAMPLED) === 0) return undefined;
      return `00-${spanContext.traceId}-${spanContext.spanId}-01`;
    },
    continueFrom(traceparent: string | null | undefined): TraceContext | undefined {
      if (!traceparent) return undefined;
      const extracted = propagation.extract(ROOT_CONTEXT, { traceparent });
      return trace.getSpanContext(extracted) === undefined ? undefined : (extracted as unknown as TraceContext);
    },
    inject(headers: Record<string, string>): void {
      propagation.inject(context.active(), headers);
    },
    async shutdown(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log.warn(`tracing: spans not exported within ${SHUTDOWN_WAIT_MS / 1000} s of stopping are dropped`);
          resolve();
        }, SHUTDOWN_WAIT_MS);
        timer.unref();
      });
      await Promise.race([provider.shutdown(), gaveUp]);
      clearTimeout(timer);
    },
  };
}
