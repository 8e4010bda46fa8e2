// The peer: what a TypeScript developer would write instead — node:http + a transformers.js feature-extraction pipeline.
// Run as its own process: node --import tsx transformers-peer.ts <localModelPath> <model id> <port>
import { createServer } from 'node:http';
import { env, pipeline } from '@huggingface/transformers';

const [localModelPath, modelId, port] = process.argv.slice(2);
if (!localModelPath || !modelId || !port)
  throw new Error('usage: transformers-peer.ts <localModelPath> <model id> <port>');

env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = localModelPath;
env.useBrowserCache = false;

const extractor = await pipeline('feature-extraction', modelId, { dtype: 'fp32', device: 'cpu' });
await extractor(['warm up the peer'], { pooling: 'mean', normalize: true });

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    void (async () => {
      try {
        const { texts } = JSON.parse(Buffer.concat(chunks).toString()) as { texts: string[] };
        const output = await extractor(texts, { pooling: 'mean', normalize: true });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ embeddings: output.tolist() }));
      } catch (error) {
        res.statusCode = 500;
        res.end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
      }
    })();
  });
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
