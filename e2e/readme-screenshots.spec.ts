import fs from 'node:fs';
import {
  README_SCREENSHOTS,
  compareScreenshots,
  screenshotPath,
  takeReadmeScreenshot,
} from '../scripts/lib/readme-screenshots';
import { expect, test } from './support/test';
import { baseURL } from './support/environment';

/**
 * The README's pictures (docs/images/) show the site as it is: each is taken again from the site
 * under test the way `npm run screenshots` takes it, and must have the committed one's size and look
 * like it, thumbnail to thumbnail (each 8 × 8 block averaged, so a glyph drawn a pixel apart counts
 * for nothing). Two takes of one build differ by 0 %. The limit, 0.5 % mean difference, is below what
 * a visitor would call another design, as measured on both pictures: another font 0.7–2.4 %, wider
 * letter spacing 1.4–2.2 %, the colours turned 90° 4.8–5.6 %, 24 px more space above the page
 * 6.5–10 %, the product page of another product 2.4 %, dark mode 67–78 %. (Square corners instead of
 * round ones, 0.04–0.1 %, pass: a README's reader would not see them either.)
 *
 * `npm run test:e2e -- e2e/readme-screenshots.spec.ts --update-snapshots` writes the pictures from
 * the site under test, as `npm run screenshots` does from a running one.
 */
const MAX_MEAN_DIFFERENCE = 0.5;
/** A README's pictures load on a phone's connection too. */
const MAX_BYTES = 150 * 1024;

for (const shot of README_SCREENSHOTS) {
  test(`${shot.file} is the current site's ${shot.path}`, async ({ browser }, testInfo) => {
    const picture = await takeReadmeScreenshot(browser, baseURL, shot);
    const committed = screenshotPath(shot);
    const update = testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed';
    if (update) fs.writeFileSync(committed, picture);

    const regenerate =
      `run \`npm run screenshots\` with the site running (\`npm start\`) and commit ${shot.file}; ` +
      `the current picture is in ${testInfo.outputPath('current.png')}`;
    const expected = fs.existsSync(committed) ? fs.readFileSync(committed) : null;
    const difference = expected && (await compareScreenshots(picture, expected));
    // The picture that failed, to look at beside the committed one.
    if (!difference?.sameSize || difference.meanDifference >= MAX_MEAN_DIFFERENCE)
      fs.writeFileSync(testInfo.outputPath('current.png'), picture);

    expect(difference, `${shot.file} is missing: ${regenerate}`).toBeTruthy();
    expect(difference!.sameSize, `${shot.file} has another size than the site's picture: ${regenerate}`).toBe(true);
    expect(
      difference!.meanDifference,
      `${shot.file} shows another design than the site (${difference!.meanDifference.toFixed(2)} % apart): ${regenerate}`,
    ).toBeLessThan(MAX_MEAN_DIFFERENCE);
    expect(expected!.length, `${shot.file} is over ${MAX_BYTES / 1024} KB`).toBeLessThan(MAX_BYTES);
  });
}

test('a picture of another page is told apart from the committed one', async ({ browser }) => {
  // Another rebar of the same sub-category: same layout, another name, price and chart.
  const product = README_SCREENSHOTS.find((shot) => shot.file === 'docs/images/product.png')!;
  const otherProduct = { ...product, path: '/rebar/ribbed-rebar/rebar-ribbed-rebar-2' };
  const picture = await takeReadmeScreenshot(browser, baseURL, otherProduct);
  const difference = await compareScreenshots(picture, fs.readFileSync(screenshotPath(product)));
  expect(difference.sameSize).toBe(true);
  expect(difference.meanDifference).toBeGreaterThan(MAX_MEAN_DIFFERENCE);
});
