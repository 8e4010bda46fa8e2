// The console at /console: its page for every path under /console (deep links), its hashed assets by name, all under
// a strict Content-Security-Policy (scripts and requests to this origin only, no inline script, never framed).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router, type Response } from 'express';
import { consoleBuilt, consoleDistDir } from './console-assets.js';

/**
 * Nothing inline, nothing from another host: scripts, styles and fonts are this server's files; requests go to this
 * origin only (connect-src); no plugin, no <base>, no framing; images only as this origin's files or data: URLs.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The build's asset names: hashed file names, no folders, nothing hidden. */
const ASSET_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css|svg|png|woff2)$/;

function protect(res: Response): void {
  res.setHeader('Content-Security-Policy', CONSOLE_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/** `dir` overrides where the build is (tests); by default @textclass/console's dist/. */
export function consoleRoutes(dir: string | null = consoleDistDir()): Router {
  const router = Router();
  const page = (_req: unknown, res: Response) => {
    protect(res);
    res.setHeader('Cache-Control', 'no-cache');
    if (!consoleBuilt(dir)) {
      res
        .status(503)
        .type('text/plain')
        .send('The console is not built. Build it with `npm run build -w @textclass/console` (npm start does it).\n');
      return;
    }
    res.type('text/html').sendFile(path.join(dir, 'index.html'));
  };
  router.get('/console/assets/:name', (req, res, next) => {
    protect(res);
    const name = req.params.name;
    const file = dir === null ? null : path.join(dir, 'assets', name);
    if (!ASSET_NAME.test(name) || file === null || !existsSync(file)) {
      res.status(404).type('text/plain').send('Not found\n');
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(file, (error) => {
      if (error) next(error);
    });
  });
  router.get(['/console', '/console/', '/console/*rest'], page);
  return router;
}
