// The /docs reference (RapiDoc with a try-it console), its script, style and bundle, and the docs copy of the contract.
import path from 'node:path';
import { Router, type Response } from 'express';
import { DOCS_ASSETS_DIR, DOCS_CONTRACT_FILE, DOCS_PAGE_DIR } from './docs-assets.js';

/**
 * The page loads scripts only from this server, as files (no inline script, no eval), and sends requests only to it
 * (connect-src through default-src). style-src keeps 'unsafe-inline': RapiDoc's templates set style attributes and
 * write <style> elements into its shadow roots. Images: RapiDoc draws icons as data: URLs.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const send = (file: string, type: string) => (_req: unknown, res: Response) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  res.setHeader('Cache-Control', 'no-cache');
  res.type(type).sendFile(file);
};

/** Page files served under /docs/assets/, by name: nothing else in those folders is reachable. */
const ASSETS: Record<string, [file: string, type: string]> = {
  'docs.js': [path.join(DOCS_PAGE_DIR, 'docs.js'), 'text/javascript'],
  'redoc-links.js': [path.join(DOCS_PAGE_DIR, 'redoc-links.js'), 'text/javascript'],
  'docs.css': [path.join(DOCS_PAGE_DIR, 'docs.css'), 'text/css'],
  'rapidoc-min.js': [path.join(DOCS_ASSETS_DIR, 'rapidoc-min.js'), 'text/javascript'],
};

export function docsRoutes(): Router {
  const router = Router();
  router.get(['/docs', '/docs/'], send(path.join(DOCS_PAGE_DIR, 'index.html'), 'text/html'));
  router.get('/docs/openapi.json', send(DOCS_CONTRACT_FILE, 'application/json'));
  for (const [name, [file, type]] of Object.entries(ASSETS)) router.get(`/docs/assets/${name}`, send(file, type));
  return router;
}
