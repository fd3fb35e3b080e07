import { expect, type Locator } from '@playwright/test';

/**
 * Pages a paged list on («Вперёд» in its `pages` navigation) until `item` shows, and returns it; fails as
 * `toBeVisible` does when it never shows. Journeys before one leave their own rows on top of the demo lists, so
 * what a journey looks for may be on a later page.
 */
export async function pageUntilShown(
  item: Locator,
  pages: Locator,
  { perPageMs = 4_000, maxPages = 10 }: { perPageMs?: number; maxPages?: number } = {},
): Promise<Locator> {
  for (let turn = 0; turn < maxPages; turn += 1) {
    // The list is hidden from the accessibility tree while a page loads: give each page time to arrive.
    const shown = await expect(item)
      .toBeVisible({ timeout: perPageMs })
      .then(() => true)
      .catch(() => false);
    if (shown) return item;
    await pages.getByRole('button', { name: 'Вперёд' }).click({ timeout: 10_000 });
  }
  await expect(item).toBeVisible();
  return item;
}
