// The console's scripted walk in headless Chromium against the built server, as a person does it: sign in; add a
// webhook to a local receiver; create a fine-tuned model from an uploaded file and watch it train; open the confusion
// matrix and a cell's held-out texts; create a dataset, upload a CSV, see its records classified and filter them on the
// server; label five review items with the keyboard only (digits, Enter, u); retrain; deploy the new version; try it;
// create and revoke a key (then 401); redeliver the failed webhook. Each step waits for what it checks and its time is printed.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort, startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { haveChromium, launchChromium } from '../docs/chromium.js';
import { api, openConsole, seen, seriousViolations, signIn, visit, WAIT, type ConsolePage } from './console-kit.js';

const LABELS = ['billing', 'shipping', 'login'];
const PHRASES: Record<string, string[]> = {
  billing: ['I was charged twice', 'refund my payment', 'the invoice amount is wrong', 'my card was billed again'],
  shipping: ['where is my parcel', 'the delivery is late', 'package never arrived', 'tracking shows no update'],
  login: ['I cannot log in', 'password reset does not work', 'my account is locked', 'two-factor code fails'],
};
const EXAMPLES_CSV = [
  'text,label',
  ...LABELS.flatMap((label) =>
    (PHRASES[label] ?? []).flatMap((phrase, at) => [
      `"${phrase}, please help (${at})",${label}`,
      `${phrase} today,${label}`,
      `"Hi, ${phrase}.",${label}`,
    ]),
  ),
].join('\n');
const RECORDS_CSV = [
  'text',
  'charged and the parcel is late',
  'cannot log in to see my invoice',
  'delivery late and password broken',
  'hello there',
  'refund for a package that never came',
  'my account and my card',
].join('\n');

/** A local webhook receiver: answers `status` (500 until told otherwise) and keeps what it received. */
function receiver() {
  const received: Array<{ status: number; id: string | undefined }> = [];
  let status = 500;
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ status, id: req.headers['webhook-id'] as string | undefined });
      res.writeHead(status).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  return {
    server,
    received,
    answer(next: number) {
      status = next;
    },
    /** Resolves once a request was answered with `want`. */
    async until(want: number) {
      while (!received.some((hit) => hit.status === want)) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}

describe.skipIf(!haveChromium)('the console walk in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let console_: ConsolePage;
  const hooks = receiver();
  let hookPort = 0;
  const timings: Array<[string, number]> = [];
  const step = async (name: string, run: () => Promise<void>) => {
    const started = performance.now();
    await run();
    timings.push([name, Math.round(performance.now() - started)]);
  };

  beforeAll(async () => {
    hookPort = await freePort();
    await new Promise<void>((ready) => hooks.server.listen(hookPort, '127.0.0.1', ready));
    server = await startServerProcess({
      readyTimeoutMs: 240_000,
      env: {
        TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
        TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS: '30,30,30',
        TEXTCLASS_PIPELINE_POLL_MS: '50',
      },
    });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    console.log(`console walk timings (ms): ${JSON.stringify(Object.fromEntries(timings))}`);
    await console_?.context.close();
    await browser?.close();
    await server?.stop();
    await new Promise((done) => hooks.server.close(done));
  });

  it('walks from sign-in to a redelivered webhook', async () => {
    console_ = await openConsole(browser, server.url);
    const { page, dialogs, problems, foreign, requests } = console_;
    let modelId = '';

    await step('sign in', () => signIn(page, server.apiKey));

    await step('add a webhook endpoint', async () => {
      await visit(page, server.url, '/webhooks');
      await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${hookPort}/hook`);
      await page.getByTestId('create-webhook').click();
      await page.getByTestId('secret').waitFor(WAIT);
      expect(await page.getByTestId('secret').textContent()).toMatch(/^whsec_/);
    });

    await step('create a fine-tuned model from a file', async () => {
      await visit(page, server.url, '/models/new');
      await page.getByLabel('Name', { exact: true }).fill('Walk tickets');
      // A cut-off of 1 never decides: every record the model classifies joins its review queue.
      await page.getByLabel(/Confidence threshold/).fill('1');
      await page.getByLabel('CSV or JSON Lines file').setInputFiles({
        name: 'tickets.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(EXAMPLES_CSV),
      });
      await seen(page.getByTestId('file-check'), '36 examples ready · 0 lines with errors');
      await page.getByTestId('create-model').click();
    });

    await step('watch it train', async () => {
      await page.getByRole('heading', { name: 'Confusion matrix' }).waitFor({ timeout: 180_000 });
      modelId = /\/console\/models\/(\d+)$/.exec(page.url())?.[1] ?? '';
      expect(modelId).not.toBe('');
    });

    await step("open the confusion matrix and a cell's texts", async () => {
      // The first cell that counts a held-out example (its name starts with the count).
      const cells = page.locator('g.cell[role="button"]');
      const names: string[] = [];
      for (let at = 0; at < (await cells.count()); at++)
        names.push((await cells.nth(at).getAttribute('aria-label')) ?? '');
      const at = names.findIndex((name) => !name.startsWith('0 '));
      expect(at, JSON.stringify(names)).toBeGreaterThanOrEqual(0);
      const [, count, gold, predicted] = /^(\d+) with true label (.+) predicted as (.+)$/.exec(names[at]!) ?? [];
      await cells.nth(at).click();
      await seen(page.getByTestId('cell-detail'), `Labelled ${gold}, predicted as ${predicted}`);
      const texts = page.getByTestId('cell-texts').locator('li .text');
      await texts.first().waitFor(WAIT);
      expect(await texts.count()).toBe(Number(count));
      const examples = EXAMPLES_CSV.split('\n')
        .slice(1)
        .map((line) => line.replace(/,\w+$/, '').replace(/^"|"$/g, ''));
      for (const text of await texts.allTextContents()) expect(examples).toContain(text);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await step('create a dataset and upload a CSV, classified', async () => {
      await visit(page, server.url, '/datasets');
      // The page loads the dataset list above the form and the models inside it separately: wait for both, so the
      // form does not move under a click when the list arrives second.
      await page
        .getByRole('table')
        .filter({ has: page.locator('caption', { hasText: /datasets$/ }) })
        .waitFor(WAIT);
      await page.getByLabel('Name').fill('Walk inbox');
      const box = page.getByRole('checkbox', { name: 'Walk tickets' });
      await box.waitFor(WAIT);
      // A click, then a wait for the box to show checked (check() reads the state at once, and a re-render from
      // typing the name can land between the click and the box's own update on a loaded machine); a click that a
      // re-render swallowed is made again, as a person would.
      for (let attempt = 0; !(await box.isChecked()); attempt++) {
        expect(attempt, 'clicks on the model checkbox').toBeLessThan(5);
        await box.click();
        await page
          .getByRole('checkbox', { name: 'Walk tickets', checked: true })
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
      }
      expect(await page.getByLabel('Name').inputValue()).toBe('Walk inbox');
      await page.getByTestId('create-dataset').click();
      await page.getByRole('heading', { name: 'Walk inbox' }).waitFor(WAIT);
      await page.getByLabel(/CSV file with a header row/).setInputFiles({
        name: 'inbox.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(RECORDS_CSV),
      });
      await page.locator('[data-testid="upload-status"][data-status="completed"]').waitFor(WAIT);
      await page.getByTestId('records').getByRole('row').filter({ hasText: 'hello there' }).waitFor(WAIT);
      // Every row classified: no cell says "not yet" any more (the page looks again by itself).
      await page
        .getByTestId('records')
        .getByText('not yet')
        .first()
        .waitFor({ state: 'detached', ...WAIT });
    });

    await step('filter the records on the server', async () => {
      const classified = page.getByTestId('records').getByRole('row').filter({ hasText: 'hello there' });
      const label = /^(\S+) \(/.exec((await classified.getByRole('cell').nth(1).textContent()) ?? '')?.[1] ?? '';
      expect(label).not.toBe('');
      const asked = requests.length;
      // The filtered page answers late: until it arrives, the rows on screen must not be captioned as matching.
      const filteredPage = (url: URL) => url.pathname.endsWith('/records') && url.searchParams.has('label');
      await page.route(filteredPage, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.fallback();
      });
      await page.getByLabel('Predicted label').fill(label);
      await page.getByTestId('apply-filters').click();
      await seen(page.getByTestId('records'), 'matching the filters');
      await page.unroute(filteredPage);
      const shown = await page.getByTestId('records').locator('tbody tr td:nth-child(2)').allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      for (const cell of shown) expect(cell.startsWith(`${label} (`), cell).toBe(true);
      expect(await page.getByTestId('records').getAttribute('data-total')).toBe(String(shown.length));
      expect(requests.slice(asked).some((url) => url.includes(`label=${label}`))).toBe(true);
      // Records made today are none of those created before today.
      await page.getByLabel('before', { exact: true }).fill(new Date().toLocaleDateString('en-CA'));
      await page.getByTestId('apply-filters').click();
      await seen(page.getByTestId('records'), 'No records match the filters');
      expect(await seriousViolations(page)).toEqual([]);
    });

    await step('label five review items with the keyboard', async () => {
      await visit(page, server.url, `/models/${modelId}/review`);
      await page.getByTestId('review-item').waitFor(WAIT);
      for (let answered = 1; answered <= 5; answered++) {
        await page.keyboard.press(String((answered % LABELS.length) + 1));
        await page.getByRole('radio', { checked: true }).waitFor(WAIT);
        await page.keyboard.press('Enter');
        await seen(page.getByTestId('review-counter'), `${answered} labelled this session`);
      }
      await page.keyboard.press('u');
      await seen(page.getByTestId('review-counter'), '4 labelled this session');
      await page.getByRole('radio', { checked: true }).waitFor(WAIT);
      await page.keyboard.press('Enter');
      await seen(page.getByTestId('review-counter'), '5 labelled this session');
    });

    await step('retrain now', async () => {
      await page.getByTestId('retrain').click();
      await page.locator('[data-testid="training-progress"][data-status="succeeded"]').waitFor({ timeout: 180_000 });
    });

    await step('deploy the new version', async () => {
      await visit(page, server.url, `/models/${modelId}`);
      await page.getByRole('button', { name: 'Deploy version 2' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: 'serving' })
        .filter({ has: page.getByRole('cell', { name: '2', exact: true }) })
        .waitFor(WAIT);
    });

    await step('try it', async () => {
      await page.getByLabel('Text to classify').fill('I was charged twice for one order');
      await page.getByRole('button', { name: 'Classify' }).click();
      await seen(page.getByTestId('try-result'), 'Detected language: en');
      await seen(page.getByTestId('try-result'), 'billing');
    });

    await step('create and revoke a key', async () => {
      await visit(page, server.url, '/keys');
      // The usage above the form and the keys below it loaded: nothing moves the button while it is clicked.
      await page.getByTestId('usage').waitFor(WAIT);
      await page.getByTestId('keys').waitFor(WAIT);
      await page.getByLabel('Name').fill('walk member');
      await page.getByLabel('Role').selectOption('member');
      await page.getByTestId('create-key').click();
      // The new key's secret, or the page's error saying why there is none; on neither, what the form held and sent.
      await page
        .getByTestId('secret')
        .or(page.getByRole('alert'))
        .first()
        .waitFor(WAIT)
        .catch(async (error: unknown) => {
          const name = JSON.stringify(await page.getByLabel('Name').inputValue());
          const sent = requests.filter((url) => url.endsWith('/v2/api-keys')).length;
          throw new Error(
            `no key and no error after "Create key": Name holds ${name}, ${sent} POST(s) seen; ${String(error)}`,
          );
        });
      expect(await page.getByRole('alert').allTextContents()).toEqual([]);
      const key = (await page.getByTestId('secret').textContent({ timeout: WAIT.timeout })) ?? '';
      expect((await api(server.url, key, 'GET', '/v2/me')).status).toBe(200);
      await page.locator('tr[data-key-name="walk member"]').getByRole('button', { name: 'Revoke' }).click();
      await page
        .locator('tr[data-key-name="walk member"]')
        .getByRole('button', { name: 'Revoke' })
        .waitFor({ state: 'detached', ...WAIT });
      expect((await api(server.url, key, 'GET', '/v2/me')).status).toBe(401);
    });

    await step('redeliver a failed webhook', async () => {
      await visit(page, server.url, '/webhooks');
      const failed = page.getByTestId('deliveries').locator('tr[data-status="failed"]').first();
      await failed.waitFor(WAIT);
      hooks.answer(200);
      await failed.getByRole('button', { name: 'Redeliver' }).click();
      await hooks.until(200);
      await page.getByTestId('deliveries').locator('tr[data-status="succeeded"]').first().waitFor(WAIT);
    });

    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  }, 900_000);
});
