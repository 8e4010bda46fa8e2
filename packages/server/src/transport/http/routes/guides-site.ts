// The guides' static site under /guides/ (README.md and docs/*.md as pages, built by the server build): plain HTML
// with no script, served from its one folder only.
import express, { Router } from 'express';
import { GUIDES_SITE_DIR } from './guides-site-files.js';

/** The pages carry no script and one inline <style> (the layout's); links and images stay on this server. */
export const GUIDES_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export function guidesRoutes(): Router {
  const router = Router();
  // `/guides` redirects to `/guides/` (the pages link to each other relatively); a file that is not there falls
  // through to the API's own 404.
  router.use(
    '/guides',
    express.static(GUIDES_SITE_DIR, {
      dotfiles: 'ignore',
      index: 'index.html',
      setHeaders: (res) => {
        res.setHeader('Content-Security-Policy', GUIDES_CSP);
        res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  return router;
}
