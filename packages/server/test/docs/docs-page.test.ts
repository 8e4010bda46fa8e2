// The /docs reference in a real headless Chromium against the built server: every operation renders, every request the
// page makes goes to its own origin, a request typed into the page reaches the server and its answer is shown, and
// classic Redoc deep links land on the same operation. Each step waits for what it checks, never for a fixed time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { haveChromium, launchChromium } from './chromium.js';

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
}
interface Contract {
  paths: Record<string, Record<string, Operation | unknown>>;
  tags: Array<{ name: string }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const contract = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@textclass/openapi/openapi.json'), 'utf8'),
) as Contract;
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ method, path, ...(item[method] as Operation) })),
);
/** RapiDoc's element id of an operation (its method, '-', the path with `{`, `}` and the like made '-'). */
const elementId = (method: string, path: string) => `${method}-${path.replace(/[\s#:?&={}]/g, '-')}`;
const WAIT = { timeout: 60_000 };
const CLASSIFY = elementId('post', '/v2/models/{model_id}/inference');

/** A page in its own context, with what it requested, its script errors and its console errors. */
interface DocsPage {
  page: Page;
  context: BrowserContext;
  requests: string[];
  foreign: string[];
  problems: string[];
}

describe.skipIf(!haveChromium)('the /docs reference in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    // A start on a loaded machine (load 30 on 2 cores) has taken over the kit's default 90 s.
    server = await startServerProcess({ readyTimeoutMs: 240_000 });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    for (const context of opened) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** Opens /docs (with a hash); any request to another host is counted and never leaves the browser. */
  async function openDocs(hash = ''): Promise<DocsPage> {
    const context = await browser.newContext();
    opened.push(context);
    const requests: string[] = [];
    const foreign: string[] = [];
    const problems: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      requests.push(url);
      if (new URL(url).origin === server.url) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${server.url}/docs${hash}`);
    return { page, context, requests, foreign, problems };
  }

  /** Sets the open page's hash, as following a link on it does. */
  const followLink = (page: Page, hash: string) => page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

  it('renders the overview and every operation of the contract, with requests only to its own origin', async () => {
    const docs = await openDocs();
    const { page } = docs;
    // The overview's claims on languages: detection, what the built-in encoders classify, and how to get more.
    for (const claim of [/names 176 languages/, /work in 13 languages/, /textclass encoders pull/])
      await page.getByText(claim).first().waitFor(WAIT);
    expect(await page.getByText(/More than 100 languages are supported/).count()).toBe(0);
    for (const tag of contract.tags)
      await page
        .locator('.nav-bar-tag')
        .filter({ hasText: new RegExp(`^\\s*${tag.name}\\s*$`, 'i') })
        .first()
        .waitFor(WAIT);
    for (const operation of operations) {
      await page.locator(`[data-content-id="${elementId(operation.method, operation.path)}"]`).click();
      await heading(page, operation.summary).waitFor(WAIT);
      if (operation.operationId !== 'getModel') continue;
      // OpenAPI 3.1's nullable types (type: [string, 'null']) and a oneOf with null, as the contract writes them.
      await page
        .getByText('date-time or null')
        .first()
        .waitFor({ ...WAIT, state: 'attached' });
      await page
        .getByText('integer or null')
        .first()
        .waitFor({ ...WAIT, state: 'attached' });
      await page
        .getByText('ONE OF')
        .first()
        .waitFor({ ...WAIT, state: 'attached' });
    }
    // Scripts only from this server, as files: no inline script and no eval (a violation is a console error above).
    const csp = (await fetch(`${server.url}/docs`)).headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|blob:|https?:/);
    expect(docs.problems).toEqual([]);
    expect(docs.foreign).toEqual([]);
    expect(docs.requests.length).toBeGreaterThan(0);
    for (const url of docs.requests) expect(new URL(url).origin).toBe(server.url);
  }, 300_000);

  it('sends a real classification from the page with a key typed into it, and keeps the key out of storage', async () => {
    const docs = await openDocs('#auth');
    const { page, context } = docs;
    const keyInput = page.locator('input.api-key-input');
    await keyInput.waitFor(WAIT);
    await keyInput.fill(server.apiKey);
    await page.getByRole('button', { name: 'SET', exact: true }).click();
    await page.getByRole('button', { name: 'UPDATE', exact: true }).waitFor(WAIT);

    await page.locator(`[data-content-id="${CLASSIFY}"]`).click();
    await heading(page, 'Classify texts with one model').waitFor(WAIT);
    // Its code samples, addressed to this page's origin (the copy of the contract says {base_url}).
    const samples = page.locator('.tab-panel').filter({ has: page.getByRole('button', { name: 'Python' }) });
    await samples.getByText(`curl -X POST "${server.url}/v2/models/1/inference"`).waitFor(WAIT);
    await samples.getByRole('button', { name: 'JavaScript', exact: true }).click();
    await samples.getByText(`baseUrl: '${server.url}'`).waitFor(WAIT);
    await samples.getByRole('button', { name: 'Python', exact: true }).click();
    await samples.getByText(`"${server.url}/v2/models/1/inference"`).and(page.locator(':visible')).waitFor(WAIT);
    expect(await page.getByText('localhost:8080').count()).toBe(0);

    // The console: the operation's request example, sent to this origin with the key, and the answer shown.
    const sent = page.waitForRequest((request) => request.url() === `${server.url}/v2/models/1/inference`, WAIT);
    await page.getByRole('button', { name: 'TRY', exact: true }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(await request.headerValue('authorization')).toBe(`Bearer ${server.apiKey}`);
    expect(request.postDataJSON()).toMatchObject({ texts: expect.any(Array) });
    await page.getByText('Response Status: OK:200').waitFor(WAIT);
    await page.getByText('"predictions"').first().waitFor(WAIT);

    // Nothing outlives the tab: no cookie, nothing in localStorage, and sessionStorage does not hold the key.
    const stored = await page.evaluate<{ local: string[][]; session: string[][]; cookie: string }>(
      '({ local: Object.entries(localStorage), session: Object.entries(sessionStorage), cookie: document.cookie })',
    );
    expect(stored.local).toEqual([]);
    expect(stored.cookie).toBe('');
    expect(stored.session.filter((entry) => entry.join('=').includes(server.apiKey))).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(docs.problems).toEqual([]);
    expect(docs.foreign).toEqual([]);
  }, 240_000);

  it('sends classic Redoc deep links to the same place, when the page opens with one and after', async () => {
    // Opened with a Redoc link: the address is rewritten before RapiDoc reads it.
    const first = await openDocs('#tag/Inference/operation/classifyTexts');
    await first.page.waitForURL(`${server.url}/docs#${CLASSIFY}`, WAIT);
    await heading(first.page, 'Classify texts with one model').waitFor(WAIT);
    const { page, problems, foreign } = await openDocs('#section/Rate-limits-and-quota');
    await page.waitForURL(`${server.url}/docs#overview--rate-limits-and-quota`, WAIT);
    await page.getByRole('heading', { name: 'Rate limits and quota' }).first().waitFor(WAIT);
    // Followed on the open page.
    const later: Array<[redoc: string, rapidoc: string, shows: string]> = [
      ['#operation/getModel', elementId('get', '/v2/models/{model_id}'), 'Get a model'],
      ['#tag/Models/operation/listModels', elementId('get', '/v2/models'), 'List models'],
      [
        '#tag/Webhooks/operation/classificationCompleted',
        elementId('post', 'classification.completed'),
        'A record has been classified',
      ],
    ];
    for (const [redoc, rapidoc, shows] of later) {
      await followLink(page, redoc);
      await page.waitForURL(`${server.url}/docs#${rapidoc}`, WAIT);
      await heading(page, shows).waitFor(WAIT);
    }
    await followLink(page, '#tag/Datasets');
    await page.waitForURL(`${server.url}/docs#tag--Datasets`, WAIT);
    expect([...first.problems, ...problems]).toEqual([]);
    expect([...first.foreign, ...foreign]).toEqual([]);
  }, 240_000);
});
