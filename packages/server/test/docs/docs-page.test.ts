// The /docs page in a real headless Chromium: it renders the reference offline, with no script errors.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(executablePath);
if (!haveChromium && process.env.CI)
  throw new Error(`CI must provide Chromium at ${executablePath} (.ci/run installs it)`);

describe.skipIf(!haveChromium)('docs page in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServerProcess();
    browser = await chromium.launch({
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders every operation of the contract without loading anything from outside', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const external: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(server.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      external.push(url);
      return route.abort();
    });
    await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    await page
      .getByRole('heading', { name: /textclass API/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const sections: Array<[string, string]> = [
      ['Inference', 'Classify texts with one model'],
      ['Similarity', 'Score the similarity of two sets of texts'],
      ['Models', 'List models'],
      ['Models', 'Roll back to the previous version'],
      ['Datasets', 'Push a record to a dataset'],
      ['Webhooks', 'classification.completed'],
      ['Embeddings', 'Embed texts with an encoder'],
      ['OpenAI-compatible', 'Embed texts (OpenAI-compatible)'],
    ];
    for (const [tag, summary] of sections) {
      await page.getByText(tag, { exact: true }).first().click();
      await page.getByText(summary, { exact: false }).first().waitFor({ timeout: 15_000 });
    }
    // What the languages claim says: detection, what the built-in encoders classify, and how to get more. Redoc draws
    // and redraws the page in parts as it scrolls, so a snapshot of the body's laid-out text can miss a part: wait for
    // each claim in the document itself, then count the old claim there.
    for (const claim of [/names 176 languages/, /work in 13 languages/, /textclass encoders pull/])
      await page.getByText(claim).first().waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.getByText(/More than 100 languages are supported/).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(external.filter((u) => !/redocly|redoc\.ly/.test(u))).toEqual([]);
    await page.close();
  }, 60_000);
});
