// The README tour's webhook receiver: prints every delivery it gets on http://127.0.0.1:3000 (its webhook-id, then its body).
import { createServer } from 'node:http';

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    process.stdout.write(`webhook ${req.headers['webhook-id']}: ${body}\n`);
    res.writeHead(204).end();
  });
}).listen(3000, '127.0.0.1', () => process.stdout.write('receiving webhooks on http://127.0.0.1:3000\n'));
