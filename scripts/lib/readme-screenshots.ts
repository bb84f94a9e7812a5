import path from 'node:path';
import { devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import sharp from 'sharp';
import { networkQuiet } from './network-quiet';
import { repoRoot } from './paths';

/**
 * The README's pictures of the site: which pages, on which screens, and how one is taken, shrunk
 * and compared. `npm run screenshots` writes them from a running site; e2e/readme-screenshots.spec.ts
 * takes them again from the site under test and fails when the committed ones show another design.
 */
export interface ReadmeScreenshot {
  /** Where the picture is committed, from the repository's root. */
  file: string;
  /** The page's path on the site. */
  path: string;
  /** The screen: viewport, touch, device scale. */
  screen: BrowserContextOptions;
}

// The phone's profile without its browser choice (the pictures are taken in Debian's Chromium).
const { defaultBrowserType: _browser, ...pixel5 } = devices['Pixel 5'];

export const README_SCREENSHOTS: readonly ReadmeScreenshot[] = [
  { file: 'docs/images/home-phone.png', path: '/', screen: pixel5 },
  {
    file: 'docs/images/product.png',
    // The product e2e/product-page.spec.ts describes: a price per kilogram and per branch, and its chart.
    path: '/rebar/ribbed-rebar/rebar-ribbed-rebar-1',
    screen: { viewport: { width: 1280, height: 800 } },
  },
];

export const screenshotPath = (shot: ReadmeScreenshot) => path.join(repoRoot, shot.file);

/**
 * A day, a month's name and a four-digit year, in Persian digits («۹ آذر ۱۴۰۵»). The product's
 * price is dated by its history's last day, which is the day the CMS was seeded: it differs between
 * two sites and two days, so the pictures leave dates out («قیمت روز» reads whole without one).
 */
const PERSIAN_DATE = /\s*[۰-۹]{1,2} [\u0600-\u06FF]+ [۰-۹]{4}/g;

/**
 * Resolves once the page has drawn what it will draw: fonts, the images in view, whatever it asked
 * for late (the chart's library, once the chart's place is in view), then two frames.
 */
async function settle(page: Page): Promise<void> {
  const quiet = networkQuiet(page, 500, { noneStartedMs: 500 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.width > 0;
    });
    await Promise.all(inView.map((image) => image.decode().catch(() => {})));
  });
  await quiet;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

function leaveOutDates(page: Page): Promise<void> {
  return page.evaluate((source) => {
    const date = new RegExp(source, 'g');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const withoutDates = text.replace(date, '');
      if (withoutDates !== text) node.nodeValue = withoutDates;
    }
  }, PERSIAN_DATE.source);
}

/** The font the site's text is set in (mf-shared/src/theme/base.css). */
const SITE_FONT = 'Vazirmatn';
/** Loads of the page until its heading is drawn in the site's font. */
const MAX_LOADS = 3;

/**
 * The fonts Chromium drew the page's first heading with. The site's font is `font-display:
 * optional`: a page whose font arrived after its first paint keeps the fallback to the end, which
 * `document.fonts` does not tell (the face is loaded all the same).
 */
async function headingFonts(page: Page): Promise<string[]> {
  const devtools = await page.context().newCDPSession(page);
  try {
    await devtools.send('DOM.enable');
    await devtools.send('CSS.enable');
    const { root } = await devtools.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await devtools.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    if (!nodeId) return [];
    const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await devtools.detach();
  }
}

/**
 * The page at `siteUrl` + `shot.path` on the shot's screen in light mode, the top of the page only,
 * one image pixel per CSS pixel, as a small PNG (a palette of 256 colours: text, flat colours and
 * the gradients of the placeholder pictures survive it; a README's reader sees no difference).
 * The page is loaded again when its font came too late (a cold server, a busy machine): the second
 * load takes it from the browser's cache, as a returning visitor's does.
 */
export async function takeReadmeScreenshot(browser: Browser, siteUrl: string, shot: ReadmeScreenshot): Promise<Buffer> {
  const context = await browser.newContext({ ...shot.screen, colorScheme: 'light', reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    const url = new URL(shot.path, siteUrl).href;
    for (let load = 1; ; load++) {
      const response = await page.goto(url, { waitUntil: 'networkidle' });
      if (!response?.ok()) throw new Error(`${shot.path} answered ${response?.status() ?? 'nothing'} at ${siteUrl}`);
      await settle(page);
      const fonts = await headingFonts(page);
      if (fonts.includes(SITE_FONT)) break;
      if (load === MAX_LOADS)
        throw new Error(`${url}: its heading is drawn in ${fonts.join(', ') || 'no font'}, not ${SITE_FONT}`);
    }
    await leaveOutDates(page);
    const picture = await page.screenshot({ scale: 'css', animations: 'disabled', caret: 'hide' });
    return await sharp(picture).png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 }).toBuffer();
  } finally {
    await context.close();
  }
}

/** How far apart two pictures are: their sizes, and the mean difference of their thumbnails. */
export interface ScreenshotDifference {
  sameSize: boolean;
  /** Mean absolute difference of the RGB channels of both pictures shrunk 8×, in % of full scale. */
  meanDifference: number;
}

/** Each 8 × 8 block of the picture as one pixel: text becomes grey texture, layout and colour stay. */
async function thumbnail(picture: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(picture)
    .removeAlpha()
    .resize(Math.ceil(width / 8), Math.ceil(height / 8), { fit: 'fill' })
    .raw()
    .toBuffer();
}

export async function compareScreenshots(actual: Buffer, expected: Buffer): Promise<ScreenshotDifference> {
  const [a, b] = await Promise.all([sharp(actual).metadata(), sharp(expected).metadata()]);
  if (a.width !== b.width || a.height !== b.height) return { sameSize: false, meanDifference: 100 };
  const [small, smallExpected] = await Promise.all([
    thumbnail(actual, a.width, a.height),
    thumbnail(expected, b.width, b.height),
  ]);
  let sum = 0;
  for (let i = 0; i < small.length; i++) sum += Math.abs(small[i]! - smallExpected[i]!);
  return { sameSize: true, meanDifference: (sum / small.length / 255) * 100 };
}
