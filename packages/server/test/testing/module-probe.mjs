// Test-only preload (node --import): at exit, writes every module the main thread resolved (ESM) or loaded (CommonJS) to $TEXTCLASS_MODULE_LOG.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { isMainThread, MessageChannel } from 'node:worker_threads';

if (isMainThread && process.env.TEXTCLASS_MODULE_LOG) {
  const resolved = new Set();
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url) => resolved.add(url));
  port1.unref();
  register('./module-probe-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
  process.on('exit', () => {
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    writeFileSync(process.env.TEXTCLASS_MODULE_LOG, [...resolved, ...loaded].join('\n'));
  });
}
