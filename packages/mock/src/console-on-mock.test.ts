// The console's pages against the Prism mock in headless Chromium: the built console (packages/console/dist) is served
// on a page origin whose /v2 requests go to the mock, so every page renders from the contract's examples alone, with
// no error shown, no script error and no serious or critical axe-core violation.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from './free-port.js';
import { startMock, type MockServer } from './start-mock.js';

const require = createRequire(import.meta.url);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(executablePath);
if (!haveChromium && process.env.CI) throw new Error(`CI must provide Chromium at ${executablePath}`);
const dist = path.join(path.dirname(require.resolve('@textclass/console/package.json')), 'dist');
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ORIGIN = 'http://console.test';
const WAIT = { timeout: 60_000 };

describe.skipIf(!haveChromium)('the console on the Prism mock', () => {
  let mock: MockServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`build the console first: no ${dist}/index.html`);
    mock = await startMock({ port: await freePort() });
    browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext();
    // The console's files from dist/ (its page for every other /console path); the API from the mock; nothing else.
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort();
      if (url.pathname.startsWith('/v2/') || url.pathname.startsWith('/health'))
        return route.fulfill({ response: await route.fetch({ url: `${mock.url}${url.pathname}${url.search}` }) });
      const asset = url.pathname.startsWith('/console/assets/')
        ? path.join(dist, 'assets', path.basename(url.pathname))
        : null;
      if (asset && existsSync(asset)) return route.fulfill({ path: asset });
      if (asset) return route.fulfill({ status: 404, body: 'Not found' });
      return route.fulfill({ path: path.join(dist, 'index.html'), contentType: 'text/html' });
    });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${ORIGIN}/console/`);
    await page.getByLabel('API key').fill('tc_mock_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.stop();
  });

  const pages: Array<[string, (page: Page) => Promise<void>]> = [
    ['/models', (p) => p.getByRole('link', { name: 'Support topics' }).waitFor(WAIT)],
    ['/models/1', (p) => p.getByRole('heading', { name: 'Versions' }).waitFor(WAIT)],
    ['/models/new', (p) => p.getByLabel('Name', { exact: true }).waitFor(WAIT)],
    ['/models/1/review', (p) => p.getByTestId('review-item').waitFor(WAIT)],
    ['/datasets', (p) => p.getByRole('heading', { name: 'Create a dataset' }).waitFor(WAIT)],
    ['/datasets/ds_1', (p) => p.getByTestId('records').waitFor(WAIT)],
    ['/webhooks', (p) => p.getByTestId('deliveries').first().waitFor(WAIT)],
    ['/keys', (p) => p.getByTestId('keys').waitFor(WAIT)],
  ];

  it.each(pages)(
    '%s renders from the contract examples, with no error and no serious axe finding',
    async (route, ready) => {
      await page.goto(`${ORIGIN}/console${route}`);
      await ready(page);
      await page.waitForLoadState('networkidle');
      const alerts = await page.getByRole('alert').allTextContents();
      expect(alerts).toEqual([]);
      await page.evaluate(axeSource);
      const violations = (await page.evaluate(
        `axe.run().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))`,
      )) as string[];
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    },
    90_000,
  );
});
