// A local OTLP/HTTP trace receiver on 127.0.0.1 for tests: takes POST /v1/traces as JSON or protobuf and keeps the spans, flattened.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Every export request's content type, in order. */
  contentTypes: string[];
  requests: Array<{ headers: IncomingHttpHeaders }>;
  /** Resolves with the spans once `match` finds what it needs (fails after a generous deadline, never on speed). */
  waitFor<T>(match: (spans: ReceivedSpan[]) => T | undefined, what: string): Promise<T>;
  close(): Promise<void>;
}

// The parts of opentelemetry/proto/collector/trace/v1 (and common, resource, trace) the tests read, same field numbers.
const OTLP_PROTO = `
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { repeated Span spans = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  repeated KeyValue attributes = 9; repeated Link links = 13; Status status = 15;
}
message Link { bytes trace_id = 1; bytes span_id = 2; }
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
`;
const ExportRequest = protobuf.parse(OTLP_PROTO, { keepCase: false }).root.lookupType('ExportTraceServiceRequest');

interface WireKeyValue {
  key: string;
  value?: { stringValue?: string; boolValue?: boolean; intValue?: number | string; doubleValue?: number };
}
interface WireSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: WireKeyValue[];
  links?: Array<{ traceId: string; spanId: string }>;
  status?: { code?: number };
}
interface WireRequest {
  resourceSpans?: Array<{ resource?: { attributes?: WireKeyValue[] }; scopeSpans?: Array<{ spans?: WireSpan[] }> }>;
}

function attributesOf(list: WireKeyValue[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    const v = value ?? {};
    out[key] = v.stringValue ?? v.boolValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.doubleValue);
  }
  return out;
}

function flatten(request: WireRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const resource = attributesOf(rs.resource?.attributes);
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        name: s.name,
        kind: s.kind ?? 0,
        attributes: attributesOf(s.attributes),
        links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
        statusCode: s.status?.code ?? 0,
        resource,
      })),
    );
  });
}

/** Protobuf ids are bytes; JSON (as the JS exporter writes it) has them in hex already. */
function decodeProtobuf(body: Buffer): WireRequest {
  return ExportRequest.toObject(ExportRequest.decode(body), {
    bytes: String,
    longs: String,
    defaults: false,
  }) as WireRequest;
}

function hexIds(request: WireRequest): WireRequest {
  const hex = (b64: string | undefined) => (b64 ? Buffer.from(b64, 'base64').toString('hex') : '');
  for (const rs of request.resourceSpans ?? [])
    for (const ss of rs.scopeSpans ?? [])
      for (const s of ss.spans ?? []) {
        s.traceId = hex(s.traceId);
        s.spanId = hex(s.spanId);
        s.parentSpanId = hex(s.parentSpanId);
        for (const l of s.links ?? []) Object.assign(l, { traceId: hex(l.traceId), spanId: hex(l.spanId) });
      }
  return request;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const requests: Array<{ headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      const type = req.headers['content-type'] ?? '';
      const body = Buffer.concat(chunks);
      contentTypes.push(type);
      requests.push({ headers: req.headers });
      try {
        const request = type.startsWith('application/json')
          ? (JSON.parse(body.toString('utf8')) as WireRequest)
          : hexIds(decodeProtobuf(body));
        spans.push(...flatten(request));
      } catch {
        return void res.writeHead(400).end();
      }
      const json = type.startsWith('application/json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : Buffer.alloc(0));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    requests,
    async waitFor(match, what) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const found = match(spans);
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(`no ${what} among ${spans.length} spans: ${JSON.stringify(spans.map((s) => s.name))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
