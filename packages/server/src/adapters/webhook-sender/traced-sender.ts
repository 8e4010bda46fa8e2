// Wraps a webhook sender so that each POST is a client span whose W3C traceparent goes out with the request.
import type { WebhookSender } from '../../core/ports/pipeline.js';
import { inSpan, type Tracing } from '../observability/tracing.js';

/** The span names the receiver by scheme, host and path; a query string (which may carry a token) stays off it. */
function safeUrl(url: string): { full: string; host: string; port: number | undefined } {
  try {
    const parsed = new URL(url);
    const port = parsed.port === '' ? undefined : Number(parsed.port);
    return { full: `${parsed.protocol}//${parsed.host}${parsed.pathname}`, host: parsed.hostname, port };
  } catch {
    return { full: 'invalid', host: 'invalid', port: undefined };
  }
}

export function tracedWebhookSender(sender: WebhookSender, tracing: Tracing): WebhookSender {
  if (!tracing.enabled) return sender;
  return {
    send(url, headers, body, timeoutMs, traceContext, lane) {
      const target = safeUrl(url);
      const attributes = {
        'http.request.method': 'POST',
        'url.full': target.full,
        'server.address': target.host,
        'server.port': target.port,
        'textclass.webhook.message_id': headers['webhook-id'],
        'http.request.body.size': Buffer.byteLength(body),
      };
      // Every attempt continues the trace the outbox row carries (the request that stored the record); without one, a new trace.
      const parent = tracing.continueFrom(traceContext) ?? null;
      return inSpan(tracing, 'webhook send', { kind: 'client', attributes, parent }, async (span) => {
        const outgoing = { ...headers };
        tracing.inject(outgoing);
        const result = await sender.send(url, outgoing, body, timeoutMs, traceContext, lane);
        if (result === null) span.setAttributes({ 'textclass.webhook.not_sent': true });
        else {
          span.setAttributes({ 'http.response.status_code': result.statusCode });
          if (result.statusCode >= 400) span.fail(new Error(`HTTP ${result.statusCode}`));
        }
        return result;
      });
    },
  };
}
