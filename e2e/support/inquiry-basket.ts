import type { Locator, Page } from '@playwright/test';

/** The inquiry app's basket button in a listing's row (its `listing.row` contribution), by row index. */
export function listingRowBasketButton(page: Page, row = 0): Locator {
  return page
    .locator('[data-listing="table"] tbody tr')
    .nth(row)
    .getByRole('button', { name: /افزودن «.+» به استعلام/ });
}
