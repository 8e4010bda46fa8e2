// Vite build of the console: served by the server under /console/, so every asset URL starts there.
import preact from '@preact/preset-vite';
import { createLogger, defineConfig } from 'vite';

// `npm run console:dev` sets CONSOLE_API to the server (or mock) the dev server forwards API requests to.
const api = process.env.CONSOLE_API ?? 'http://127.0.0.1:4010';

// @textclass/client's webhook receiver imports node:crypto; the console never imports it and the client is free of
// side effects, so the bundle drops it (the build's budget line shows the size), but Vite still warns on resolving it.
const logger = createLogger('warn');
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (
    /"node:crypto" has been externalized for browser compatibility, imported by .*client\/dist\/webhooks\.js/.test(
      message,
    )
  )
    return;
  warn(message, options);
};

export default defineConfig({
  base: '/console/',
  customLogger: logger,
  plugins: [preact({ prerender: { enabled: false } })],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
  server: {
    host: '127.0.0.1',
    proxy: { '/v2': { target: api, changeOrigin: true }, '/health': { target: api, changeOrigin: true } },
  },
});
