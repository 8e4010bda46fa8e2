// The HTTP limit: a bare node:http server that parses the inference JSON body and answers a same-sized JSON object.
import { createServer } from 'node:http';

const [answerJson = '{}', portArg = '0'] = process.argv.slice(2);
/** textclass's own answer to a one-text request, captured by the bench; every answer is this shape and size. */
const template = JSON.parse(answerJson) as Record<string, unknown>;

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let texts: unknown;
    try {
      texts = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { texts?: unknown }).texts;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad json"}');
      return;
    }
    if (!Array.isArray(texts) || texts.length === 0) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"texts"}');
      return;
    }
    const body = JSON.stringify({ ...template });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.listen(Number(portArg), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
