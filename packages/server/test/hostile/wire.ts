// Sends one request byte for byte (raw path, any header, a Content-Length that lies) and reads the answer.
import http from 'node:http';

export interface WireRequest {
  method: string;
  /** The path and query exactly as they go on the request line (already percent-encoded, or not). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Added to the true body length in the Content-Length header: negative sends more bytes than announced, positive fewer. */
  lengthSkew?: number;
}

export interface WireResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
}

/** One request on its own connection (`Connection: close`), so a lying Content-Length cannot poison the next one. */
export function send(base: URL, request: WireRequest, timeoutMs = 20_000): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers, Connection: 'close' };
    const body = request.body;
    if (body !== undefined) headers['Content-Length'] = String(Math.max(0, body.length + (request.lengthSkew ?? 0)));
    const req = http.request({
      host: base.hostname,
      port: base.port,
      method: request.method,
      path: request.target,
      headers,
      agent: false,
      setHost: true,
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let answered = false;
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return; // the answer is in; the server closing before reading all of the body is its right
      clearTimeout(timer);
      reject(err);
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      const done = () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = undefined;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON: the checks say so */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      };
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', done);
      res.on('end', done);
    });
    if (body !== undefined) req.write(body);
    req.end();
    // A body shorter than announced: close our side, so the server sees the body end early instead of waiting.
    if ((request.lengthSkew ?? 0) > 0) req.once('finish', () => req.socket?.end());
  });
}

/** The server closed the connection while the body was still being sent, before any answer could be read. */
export function closedWhileSending(err: unknown, request: WireRequest): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return (code === 'EPIPE' || code === 'ECONNRESET') && (request.body?.length ?? 0) > 64 * 1024;
}

/** A reproduction of the request as a curl command line (the body as --data-binary from a here-string, truncated). */
export function curlOf(base: URL, request: WireRequest): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl', '-sS', '--path-as-is', '-X', request.method];
  for (const [name, value] of Object.entries(request.headers))
    parts.push(
      '-H',
      quote(`${name}: ${value.length > 200 ? `${value.slice(0, 200)}…(${value.length} chars)` : value}`),
    );
  if (request.lengthSkew)
    parts.push('-H', quote(`Content-Length: ${(request.body?.length ?? 0) + request.lengthSkew}`));
  if (request.body !== undefined) {
    const shown = request.body.subarray(0, 400);
    const printable = /^[\x20-\x7e\n\t]*$/.test(shown.toString('latin1'));
    const text = printable
      ? shown.toString('latin1')
      : `<${request.body.length} bytes, hex ${shown.toString('hex').slice(0, 200)}>`;
    parts.push('--data-binary', quote(request.body.length > 400 ? `${text}…(${request.body.length} bytes)` : text));
  }
  parts.push(quote(`${base.origin}${request.target}`));
  return parts.join(' ');
}
