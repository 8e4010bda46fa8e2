// Vite build of the console: served by the server under /console/, so every asset URL starts there.
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// `npm run console:dev` sets CONSOLE_API to the server (or mock) the dev server forwards API requests to.
const api = process.env.CONSOLE_API ?? 'http://127.0.0.1:4010';

export default defineConfig({
  base: '/console/',
  plugins: [preact({ prerender: { enabled: false } })],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
  server: {
    host: '127.0.0.1',
    proxy: { '/v2': { target: api, changeOrigin: true }, '/health': { target: api, changeOrigin: true } },
  },
});
