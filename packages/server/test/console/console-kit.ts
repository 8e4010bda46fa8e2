// The console in headless Chromium against the built server: a signed-in page per key, what it requested (any other
// host is refused and counted), its script errors, dialogs (an alert() means injected script ran), and axe-core.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const WAIT = { timeout: 60_000 };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ConsolePage {
  page: Page;
  context: BrowserContext;
  requests: string[];
  foreign: string[];
  problems: string[];
  dialogs: string[];
}

/** A new browser context on the console's sign-in page. */
export async function openConsole(browser: Browser, base: string, path = '/console/'): Promise<ConsolePage> {
  const context = await browser.newContext();
  const requests: string[] = [];
  const foreign: string[] = [];
  const problems: string[] = [];
  const dialogs: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    if (new URL(url).origin === base) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // The browser logs each refused request (4xx) as an error; those are the tests' own doing and are checked by them.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${base}${path}`);
  return { page, context, requests, foreign, problems, dialogs };
}

/** Waits until the locator shows an element holding the text (playwright-core has no expect of its own). */
export async function seen(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor(WAIT);
}

/** Signs in with a key through the form and waits for the navigation to show. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
}

/** Goes to a console path the way a person does: through an in-app link or the address bar (a full load). */
export async function visit(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}/console${path}`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(`axe.run().then((result) => result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length })))`)) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A JSON request to the server with a key, for seeding and for checks behind the page's back. */
export async function api(base: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed as any };
}
