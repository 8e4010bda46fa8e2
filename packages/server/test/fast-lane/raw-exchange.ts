// Sends one request byte-for-byte as written (raw path, chosen headers, optional chunked body) and keeps the answer's raw header list.
import { request, type Agent } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent as is: no normalisation of escapes, case or slashes. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
}

export interface RawAnswer {
  status: number;
  /** Name/value pairs in the order and case they came on the wire. */
  headers: Array<[string, string]>;
  body: string;
}

export function exchange(baseUrl: string, agent: Agent, sent: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const body = sent.body === undefined ? undefined : Buffer.from(sent.body);
  const headers: Record<string, string | number> = { ...sent.headers };
  if (body !== undefined && !sent.chunked) headers['Content-Length'] = body.length;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: sent.method, path: sent.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string]);
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined && sent.chunked) {
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      req.end(body.subarray(half));
    } else req.end(body);
  });
}
