/**
 * `npm run screenshots`: the README's pictures of the site (docs/images/), taken in Debian's
 * Chromium from a running site — `npm start`'s by default, another with SITE_URL — and written
 * small. e2e/readme-screenshots.spec.ts fails when the committed ones no longer show the site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, ensureChromium } from './lib/chromium';
import { README_SCREENSHOTS, screenshotPath, takeReadmeScreenshot } from './lib/readme-screenshots';

const siteUrl = process.env.SITE_URL ?? 'http://127.0.0.1:8080';

async function main(): Promise<void> {
  const health = await fetch(new URL('/api/health', siteUrl)).catch(() => null);
  if (!health?.ok) throw new Error(`No site answers at ${siteUrl}: start one with \`npm start\`, or set SITE_URL.`);
  ensureChromium();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const shot of README_SCREENSHOTS) {
      const picture = await takeReadmeScreenshot(browser, siteUrl, shot);
      fs.mkdirSync(path.dirname(screenshotPath(shot)), { recursive: true });
      fs.writeFileSync(screenshotPath(shot), picture);
      console.log(`${shot.file}: ${shot.path} at ${siteUrl}, ${(picture.length / 1024).toFixed(0)} KB`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
