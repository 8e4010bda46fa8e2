// Wraps the HTTP request listener in a server span named by route template, continuing the caller's W3C traceparent.
import type { RequestListener } from 'node:http';
import type { Tracing } from '../../../adapters/observability/tracing.js';
import { UNMATCHED_ROUTE, type RouteTemplates } from '../contract/route-templates.js';

/** Probes and scrapes, many a minute, would drown the traces of real work; they get a span only when the caller is tracing them. */
const UNTRACED_ROUTES = new Set(['/health', '/metrics']);

/**
 * The span is active for all of the request's work (its body events included), so database, encoder and head spans
 * are its children. It ends when the response closes, with the status code and the request id (X-Request-Id).
 */
export function tracedRequests(listener: RequestListener, tracing: Tracing, routes: RouteTemplates): RequestListener {
  if (!tracing.enabled) return listener;
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routes.match(path);
    const matched = route !== UNMATCHED_ROUTE;
    if (UNTRACED_ROUTES.has(route) && req.headers.traceparent === undefined) return listener(req, res);
    const span = tracing.start(matched ? `${method} ${route}` : method, {
      kind: 'server',
      headers: req.headers,
      attributes: {
        'http.request.method': method,
        'http.route': matched ? route : undefined,
        'url.path': path,
        'url.scheme': 'http',
        'network.peer.address': req.socket.remoteAddress,
        'user_agent.original': req.headers['user-agent'],
      },
    });
    span.bind(req);
    span.bind(res);
    res.once('close', () => {
      // A fast-lane answer's headers went out from a prepared list, not the response's header store.
      const requestId =
        (res as { locals?: { requestId?: unknown } }).locals?.requestId ?? res.getHeader('x-request-id');
      span.setAttributes({
        'http.response.status_code': res.statusCode,
        'textclass.request_id': typeof requestId === 'string' ? requestId : undefined,
      });
      if (!res.writableFinished) span.fail(new Error('the connection closed before the response was sent'));
      else if (res.statusCode >= 500) span.fail(new Error(`HTTP ${res.statusCode}`));
      span.end();
    });
    span.run(() => listener(req, res));
  };
}
