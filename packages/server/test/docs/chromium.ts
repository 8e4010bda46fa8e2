// Headless Chromium for the /docs tests (Debian's chromium; CI installs it): no network features of its own.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(executablePath);
if (!haveChromium && process.env.CI)
  throw new Error(`CI must provide Chromium at ${executablePath} (.ci/run installs it)`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}
