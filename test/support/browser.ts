import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** True when Chromium is installed. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** True when a missing Chromium must fail the suite instead of skipping it. */
export const BROWSER_REQUIRED = process.env.PORTICO_REQUIRE_BROWSER === '1';

/** Starts headless Chromium without what a test does not need (GPU, updates, background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}
