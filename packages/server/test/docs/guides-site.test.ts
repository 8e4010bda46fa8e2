// The guides' static site beside the /docs reference: /guides/ serves the README and every guide as built pages whose
// links all answer, with a script-free Content-Security-Policy, and nothing outside the site's folder.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES_CSP } from '../../src/transport/http/routes/guides-site.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const GUIDES = readdirSync(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md'));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = (route: string) => fetch(`${server.url}${route}`, { redirect: 'manual' });
/** The relative links and sources of a page (the site links within itself relatively). */
const localLinks = (html: string) =>
  [...html.matchAll(/(?:href|src)="([^"#]+)(?:#[^"]*)?"/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));

describe('the guides at /guides/', () => {
  it('redirects /guides to /guides/, where the README is the home page', async () => {
    const bare = await get('/guides');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/guides/');
    const home = await get('/guides/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('content-security-policy')).toBe(GUIDES_CSP);
    expect(await home.text()).toContain('<h1 id="textclass">textclass</h1>');
  });

  it('serves a page for every guide in docs/, and every link on every page answers', async () => {
    const pages = ['', ...GUIDES.map((guide) => guide.replace(/\.md$/, '.html'))];
    const broken: string[] = [];
    for (const page of pages) {
      const response = await get(`/guides/${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-security-policy'), page).toBe(GUIDES_CSP);
      for (const href of new Set(localLinks(await response.text()))) {
        const target = new URL(href, `${server.url}/guides/${page}`);
        const answer = await fetch(target, { redirect: 'manual' });
        if (answer.status !== 200) broken.push(`${page || 'index.html'} → ${href}: ${answer.status}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('answers a missing page, a dotfile or a path out of the folder with the API 404, never a file', async () => {
    for (const route of [
      '/guides/nowhere.html',
      '/guides/.env',
      '/guides/%2e%2e/package.json',
      '/guides/../README.md',
    ]) {
      const response = await get(route);
      expect(response.status, route).toBe(404);
      expect(((await response.json()) as { error_code: string }).error_code, route).toBe('NOT_FOUND');
    }
  });
});
