// The tracing port the server's adapters and transport use: spans, context hand-over and traceparent injection; no OpenTelemetry here.
import type { EventEmitter } from 'node:events';

export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** An opaque handle on the context a span runs in (to parent work that runs later, such as an encoder batch). */
export interface TraceContext {
  readonly __traceContext: unique symbol;
}

export interface SpanOptions {
  kind?: 'internal' | 'server' | 'client';
  attributes?: SpanAttributes;
  /** Parent: this context (null: none, a new trace); else the caller's `traceparent` in `headers`; else the active context. */
  parent?: TraceContext | null | undefined;
  headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** Other contexts the span relates to (the other requests of a batch). */
  links?: readonly TraceContext[];
  /** Record the span only inside a traced operation (database queries of poll loops and migrations are not). */
  requireParent?: boolean;
}

export interface TraceSpan {
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed, with the error recorded as an exception event. */
  fail(error: unknown): void;
  end(): void;
  /** Runs `fn` with this span active, so that spans started in its (async) work are children. */
  run<T>(fn: () => T): T;
  /** Makes listeners added to `emitter` run with this span active (a request's body events). */
  bind<E extends EventEmitter>(emitter: E): E;
}

export interface Tracing {
  readonly enabled: boolean;
  start(name: string, options?: SpanOptions): TraceSpan;
  /** The active context when it holds a span; undefined otherwise. */
  current(): TraceContext | undefined;
  /**
   * The W3C `traceparent` of the active span, to store with work that runs later (a job, an outbox row); undefined
   * when no span is active or its trace is not sampled (then nothing is worth continuing).
   */
  currentTraceparent(): string | undefined;
  /** The context a stored `traceparent` names, to parent (or link) later work to; undefined for none or a malformed one. */
  continueFrom(traceparent: string | null | undefined): TraceContext | undefined;
  /** Adds `traceparent` (and `tracestate`) of the active span to outgoing headers. */
  inject(headers: Record<string, string>): void;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

const NO_SPAN: TraceSpan = {
  setAttributes: () => undefined,
  fail: () => undefined,
  end: () => undefined,
  run: (fn) => fn(),
  bind: (emitter) => emitter,
};

/** Tracing off: every call is a no-op that allocates nothing. */
export const NO_TRACING: Tracing = {
  enabled: false,
  start: () => NO_SPAN,
  current: () => undefined,
  currentTraceparent: () => undefined,
  continueFrom: () => undefined,
  inject: () => undefined,
  shutdown: async () => undefined,
};

/** Runs `fn` inside a span that ends when its promise settles; a rejection marks the span failed and is rethrown. */
export async function inSpan<T>(
  tracing: Tracing,
  name: string,
  options: SpanOptions,
  fn: (span: TraceSpan) => Promise<T>,
): Promise<T> {
  if (!tracing.enabled) return fn(NO_SPAN);
  const span = tracing.start(name, options);
  try {
    return await span.run(() => fn(span));
  } catch (error) {
    span.fail(error);
    throw error;
  } finally {
    span.end();
  }
}
