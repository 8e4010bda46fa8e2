// `npm run console:screenshots`: starts the built server with a little data (a trained fine-tuned model, a classified
// dataset, a webhook, a reader key), opens each console page in headless Chromium and saves a screenshot of it into
// docs/console/<page>.png. Needs the server and the console built (the npm script builds them) and Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServerProcess } from '@textclass/server/testing';

const OUT = fileURLToPath(new URL('../docs/console/', import.meta.url));
const WAIT = { timeout: 120_000 };

const server = await startServerProcess({ readyTimeoutMs: 240_000, env: { TEXTCLASS_PIPELINE_POLL_MS: '100' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const topics: Record<string, string[]> = {
    billing: [
      'I was charged twice',
      'please refund my payment',
      'the invoice amount is wrong',
      'my card was billed again',
    ],
    shipping: ['where is my parcel', 'the delivery is late', 'the package never arrived', 'tracking shows no update'],
    login: ['I cannot log in', 'the password reset does not work', 'my account is locked', 'the two-factor code fails'],
  };
  const examples = Object.entries(topics).flatMap(([label, phrases]) =>
    phrases.flatMap((phrase) => [
      { text: `${phrase}, please help`, label },
      { text: `Hi, ${phrase}.`, label },
      { text: `${phrase} again today`, label },
    ]),
  );
  const model = await call('POST', '/v2/models', {
    name: 'Support inbox',
    type: 'fine-tuned',
    labels: Object.keys(topics).map((name) => ({ name })),
    confidence_threshold: 1,
    examples,
  });
  const job = await call('POST', `/v2/models/${model.id}/training-jobs`, { deploy: true });
  for (;;) {
    const state = await call('GET', `/v2/models/${model.id}/training-jobs/${job.id}`);
    if (state.status === 'failed') throw new Error(`training failed: ${String(state.error)}`);
    if (state.status === 'succeeded') break;
    await new Promise((wake) => setTimeout(wake, 300));
  }
  const dataset = await call('POST', '/v2/datasets', {
    name: 'Inbox',
    columns: [{ name: 'text', type: 'text' }],
    text_column: 'text',
    model_ids: [model.id],
  });
  for (const text of ['My parcel is late and I was charged twice', 'I cannot log in to pay my invoice', 'Thanks!'])
    await call('POST', `/v2/datasets/${dataset.key}/records`, { text });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/console/`);
  mkdirSync(OUT, { recursive: true });
  const shoot = async (name: string) => {
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
    console.log(`wrote docs/console/${name}.png`);
  };
  await page.getByLabel('API key').waitFor(WAIT);
  await shoot('sign-in');
  await page.getByLabel('API key').fill(server.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const pages: Array<[string, string, () => Promise<void>]> = [
    ['models', '/models', () => page.getByRole('link', { name: 'Support inbox' }).waitFor(WAIT)],
    [
      'model',
      `/models/${model.id}`,
      async () => {
        await page.getByText(/examples audited/).waitFor(WAIT);
        // The confusion matrix with the texts of its fullest cell off the diagonal (else the fullest cell) open.
        const cells = page.locator('g.cell[role="button"]');
        const names: string[] = [];
        for (let at = 0; at < (await cells.count()); at++)
          names.push((await cells.nth(at).getAttribute('aria-label')) ?? '');
        const counted = names.map((name, at) => ({
          at,
          count: Number.parseInt(name, 10) || 0,
          right: /label (.+) predicted as \1$/.test(name),
        }));
        const wrong = (c: { count: number; right: boolean }) => Number(c.count > 0 && !c.right);
        const pick = [...counted].sort((a, b) => wrong(b) - wrong(a) || b.count - a.count)[0];
        if (pick && pick.count > 0) {
          await cells.nth(pick.at).click();
          await page.getByTestId('cell-texts').waitFor(WAIT);
        }
      },
    ],
    ['create-model', '/models/new', () => page.getByLabel('Name', { exact: true }).waitFor(WAIT)],
    ['review', `/models/${model.id}/review`, () => page.getByTestId('review-item').waitFor(WAIT)],
    ['datasets', '/datasets', () => page.getByRole('link', { name: 'Inbox' }).waitFor(WAIT)],
    [
      'dataset',
      `/datasets/${dataset.key}`,
      async () => {
        // The records shown (a data row), then every one classified: no cell says "not yet" any more.
        await page.getByTestId('records').locator('tbody tr').first().waitFor(WAIT);
        await page
          .getByTestId('records')
          .getByText('not yet')
          .first()
          .waitFor({ state: 'detached', ...WAIT });
      },
    ],
    ['webhooks', '/webhooks', () => page.getByLabel('Endpoint URL').waitFor(WAIT)],
    ['keys', '/keys', () => page.getByTestId('keys').waitFor(WAIT)],
  ];
  for (const [name, route, ready] of pages) {
    await page.goto(`${server.url}/console${route}`);
    await ready();
    await shoot(name);
  }
} finally {
  await browser.close();
  await server.stop();
}
