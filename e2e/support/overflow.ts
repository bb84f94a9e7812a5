import type { Page } from '@playwright/test';

/**
 * What sticks out past a screen `width` px wide, furthest first (at most eight, each with its tag,
 * classes and box): the message of a failed «nothing wider than the screen» check.
 */
export function stickingOut(page: Page, width: number): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const out = [...document.querySelectorAll('body *')].map((element) => {
      const box = element.getBoundingClientRect();
      return { element, by: box.width > 0 ? Math.max(box.right - screenWidth, -box.left) : 0, box };
    });
    return out
      .filter(({ by }) => by > 0.5)
      .sort((a, b) => b.by - a.by)
      .slice(0, 8)
      .map(
        ({ element, by, box }) =>
          `${Math.round(by)} px: ${element.tagName.toLowerCase()}.${String(element.className).slice(0, 90)} x=${Math.round(box.x)} w=${Math.round(box.width)}`,
      );
  }, width);
}
