import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Lighthouse 12's axe configuration (its accessibility gatherer): the WCAG 2 A/AA tags and these rules on or off. */
export const LIGHTHOUSE_AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa'] },
  rules: Object.fromEntries([
    ...[
      'accesskeys',
      'aria-allowed-role',
      'aria-conditional-attr',
      'aria-deprecated-role',
      'aria-dialog-name',
      'aria-prohibited-attr',
      'aria-treeitem-name',
      'aria-text',
      'empty-heading',
      'heading-order',
      'html-xml-lang-mismatch',
      'identical-links-same-purpose',
      'image-redundant-alt',
      'input-button-name',
      'label-content-name-mismatch',
      'landmark-one-main',
      'link-in-text-block',
      'meta-viewport',
      'select-name',
      'skip-link',
      'tabindex',
      'table-duplicate-name',
      'table-fake-caption',
      'target-size',
      'td-has-header',
    ].map((rule) => [rule, { enabled: true }]),
    ...[
      'area-alt',
      'aria-braille-equivalent',
      'aria-roledescription',
      'audio-caption',
      'blink',
      'duplicate-id',
      'frame-focusable-content',
      'frame-title-unique',
      'marquee',
      'nested-interactive',
      'no-autoplay-audio',
      'role-img-alt',
      'scrollable-region-focusable',
      'server-side-image-map',
      'summary-name',
      'svg-img-alt',
    ].map((rule) => [rule, { enabled: false }]),
  ]),
};

/** Every violation on the page (or inside `selector`), one line each: the rule, the element, why. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options(LIGHTHOUSE_AXE_OPTIONS);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} — ${node.any[0]?.message ?? node.failureSummary}`,
    ),
  );
}
