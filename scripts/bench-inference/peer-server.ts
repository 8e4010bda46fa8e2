// Starts the transformers.js peer (transformers-peer.ts) as a child process on the same export files.
import { fileURLToPath } from 'node:url';
import { arrangePeerLayout } from './peer-layout.js';
import { freePort, spawnAndWait, type Child } from './servers.js';
import type { Subject } from '@textclass/model-tools';

const PEER = fileURLToPath(new URL('./transformers-peer.ts', import.meta.url));

export async function startPeer(cacheDir: string, subject: Subject): Promise<Child> {
  const localModelPath = arrangePeerLayout(cacheDir, subject);
  const port = await freePort();
  return spawnAndWait(
    ['--import', 'tsx', PEER, localModelPath, subject.id, String(port)],
    { ...process.env },
    port,
    '/health',
    300,
  );
}
