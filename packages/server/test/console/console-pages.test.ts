// The console in headless Chromium against the built server: sign-in and sign-out, role-based controls, customer text
// rendered as text (an injected <img onerror> never runs), axe-core on every page, the CSP and deep links. Each step
// waits for what it checks (locators), never a fixed time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { haveChromium, launchChromium } from '../docs/chromium.js';
import { api, openConsole, seen, seriousViolations, signIn, visit, WAIT, type ConsolePage } from './console-kit.js';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe.skipIf(!haveChromium)('the console in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: ConsolePage[] = [];
  const open = async (path?: string) => {
    const page = await openConsole(browser, server.url, path);
    opened.push(page);
    return page;
  };

  beforeAll(async () => {
    server = await startServerProcess({ readyTimeoutMs: 240_000 });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    for (const { context } of opened) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('serves the page for deep links under a strict CSP, and only built assets', async () => {
    for (const path of ['/console', '/console/', '/console/models/1', '/console/keys']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="app"></div>');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "script-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "default-src 'none'",
      ])
        expect(csp, path).toContain(directive);
      expect(csp).not.toContain('unsafe-inline');
    }
    expect((await fetch(`${server.url}/console/assets/nothing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/console/assets/..%2Fpackage.json`)).status).toBe(404);
  }, 180_000);

  it('signs in with a key kept in sessionStorage only, never in a URL, and signing out forgets it', async () => {
    const { page, requests, problems, foreign } = await open('/console/models');
    await page.getByLabel('API key').fill('tc_not_a_key_000000000000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await seen(page.getByRole('alert'), 'not accepted');

    await signIn(page, server.apiKey);
    await seen(page.getByTestId('who'), 'admin');
    await page.getByRole('heading', { name: 'Models' }).waitFor(WAIT);
    expect(await page.evaluate('sessionStorage.length')).toBe(1);
    expect(await page.evaluate('localStorage.length')).toBe(0);

    await page.reload();
    await seen(page.getByTestId('who'), 'admin');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor(WAIT);
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    expect(requests.filter((url) => url.includes(server.apiKey))).toEqual([]);
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);

  it('renders customer text as text: a hostile model name, label and record never run script', async () => {
    const model = await api(server.url, server.apiKey, 'POST', '/v2/models', {
      name: `Hostile ${HOSTILE}`,
      type: 'zero-shot',
      labels: [{ name: HOSTILE }, { name: 'calm' }],
    });
    expect(model.status).toBe(201);
    const dataset = await api(server.url, server.apiKey, 'POST', '/v2/datasets', {
      name: `Hostile ${HOSTILE}`,
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: [model.body.id],
    });
    expect(dataset.status).toBe(201);
    const record = await api(server.url, server.apiKey, 'POST', `/v2/datasets/${dataset.body.key}/records`, {
      text: `Hello ${HOSTILE}`,
      agent_id: HOSTILE,
    });
    expect(record.status, JSON.stringify(record.body)).toBeLessThan(300);

    const { page, dialogs, problems } = await open();
    await signIn(page, server.apiKey);
    await visit(page, server.url, '/models?x=1');
    await page.getByRole('link', { name: `Hostile ${HOSTILE}` }).waitFor(WAIT);
    await visit(page, server.url, `/models/${model.body.id}`);
    await page.getByRole('heading', { level: 1, name: `Hostile ${HOSTILE}`, exact: true }).waitFor(WAIT);
    await page.locator('.labels li', { hasText: HOSTILE }).waitFor(WAIT);
    await visit(page, server.url, `/datasets/${dataset.body.key}`);
    await seen(page.getByTestId('records'), `Hello ${HOSTILE}`);
    await visit(page, server.url, '/datasets');
    await page.getByRole('link', { name: `Hostile ${HOSTILE}` }).waitFor(WAIT);
    expect(await page.locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);

  it("shows an upload's bytes as they are sent, then its ingest status until completed", async () => {
    const dataset = await api(server.url, server.apiKey, 'POST', '/v2/datasets', {
      name: 'Upload progress',
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
    });
    expect(dataset.status).toBe(201);
    // 3,000 rows of about 1 kB: some 3 MB, sent at 4 MB/s, so the body goes out over many progress events.
    const rows = Array.from({ length: 3000 }, (_, i) => `row ${i} ${'lorem ipsum '.repeat(85)}`);
    const csv = Buffer.from(`text\n${rows.join('\n')}\n`);
    const { page, context, problems } = await open();
    // Counts the real upload progress events of every XMLHttpRequest the page sends (the page's code is unchanged).
    await page.addInitScript(`
      window.uploadProgress = [];
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        this.upload.addEventListener('progress', (event) => window.uploadProgress.push([event.loaded, event.total]));
        return send.call(this, body);
      };`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });
    await page.reload();
    await signIn(page, server.apiKey);
    await visit(page, server.url, `/datasets/${dataset.body.key}`);
    await page.getByLabel(/CSV file with a header row/).setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: csv,
    });
    await seen(page.getByTestId('upload-sent'), 'File sent');
    await page.locator('[data-testid="upload-status"][data-status="completed"]').waitFor(WAIT);
    await seen(page.getByTestId('upload-status'), '3000 of 3000 rows stored');
    const progress = (await page.evaluate('window.uploadProgress')) as Array<[number, number]>;
    const partial = progress.filter(([loaded, total]) => loaded > 0 && loaded < total);
    expect(partial.length, JSON.stringify(progress)).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual([csv.length, csv.length]);
    const label = await page.getByTestId('upload-sent').textContent();
    expect(label).toContain(`of ${(csv.length / 1024).toFixed(0)} kB`);
    expect(problems).toEqual([]);
  }, 180_000);

  it('shows a reader key no admin or member controls', async () => {
    const created = await api(server.url, server.apiKey, 'POST', '/v2/api-keys', {
      name: 'console reader',
      role: 'reader',
    });
    const { page, problems } = await open();
    await signIn(page, created.body.key);
    await seen(page.getByTestId('who'), 'reader');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Models' }).waitFor(WAIT);
    expect(await nav.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Support topics' }).waitFor(WAIT);
    expect(await page.getByTestId('new-model').count()).toBe(0);

    await visit(page, server.url, '/models/1');
    await page.getByRole('heading', { name: 'Versions' }).waitFor(WAIT);
    for (const control of ['Train now', 'Export', 'Archive', 'Deploy', 'Classify'])
      expect(await page.getByRole('button', { name: control }).count(), control).toBe(0);
    expect(await page.getByRole('link', { name: 'Review queue' }).count()).toBe(0);

    await visit(page, server.url, '/keys');
    await page.getByTestId('usage').waitFor(WAIT);
    expect(await page.getByTestId('keys').count()).toBe(0);
    expect(await page.getByTestId('create-key').count()).toBe(0);

    await visit(page, server.url, '/datasets');
    await page.getByRole('heading', { name: 'Datasets' }).waitFor(WAIT);
    expect(await page.getByTestId('create-dataset').count()).toBe(0);
    expect(problems).toEqual([]);
  }, 180_000);

  it('has no serious or critical axe-core violations on any page', async () => {
    const { page } = await open();
    await page.getByLabel('API key').waitFor(WAIT);
    const found: Record<string, unknown> = { '/ (sign-in)': await seriousViolations(page) };
    await signIn(page, server.apiKey);
    const pages: Array<[string, () => Promise<void>]> = [
      ['/models', () => page.getByRole('link', { name: 'Support topics' }).waitFor(WAIT)],
      ['/models/1', () => page.getByRole('heading', { name: 'Versions' }).waitFor(WAIT)],
      ['/models/new', () => page.getByLabel('Name').waitFor(WAIT)],
      ['/models/1/review', () => page.getByTestId('review-counter').waitFor(WAIT)],
      ['/datasets', () => page.getByRole('heading', { name: 'Create a dataset' }).waitFor(WAIT)],
      ['/webhooks', () => page.getByLabel('Endpoint URL').waitFor(WAIT)],
      ['/keys', () => page.getByTestId('keys').waitFor(WAIT)],
    ];
    for (const [path, ready] of pages) {
      await visit(page, server.url, path);
      await ready();
      found[path] = await seriousViolations(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  }, 180_000);
});
