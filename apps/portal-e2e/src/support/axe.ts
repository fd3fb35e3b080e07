import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What one serious or critical axe finding says: the rule, and where, for a reader of the failure. */
function describe(violation: {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}): string {
  const where = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
    .join('\n');
  return `${violation.impact ?? ''} ${violation.id}: ${violation.help}\n${where}`;
}

const tracked = new WeakMap<Page, Set<unknown>>();

/** The page's requests in flight, followed from the first call on (a page is tracked before it navigates). */
export function requestsOf(page: Page): Set<unknown> {
  let inFlight = tracked.get(page);
  if (!inFlight) {
    const requests = new Set<unknown>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    tracked.set(page, requests);
    inFlight = requests;
  }
  return inFlight;
}

/**
 * Waits for the page to settle: no request in flight for half a second, no loading skeleton or busy region, no
 * transition running (a toast or a dialog fading in). axe judges what is on the screen, so a half-drawn page
 * would be judged half, and a colour half-way through a fade would be judged wrong.
 */
export async function settle(page: Page): Promise<void> {
  const inFlight = requestsOf(page);
  // Quiet for a fifth of a second (Playwright's own `networkidle` waits half a second, on every page).
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight.size > 0) quietSince = Date.now();
        return Date.now() - quietSince;
      },
      { intervals: [50], timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * axe over the page as it is now (every rule: WCAG 2.1 A and AA and best practices): no serious or critical
 * violation. `scope: 'content'` judges the page's own `main` only, for a role and width whose frame (header, side
 * menu, footer) an earlier check judged whole: the frame is the same on every page of a layout, and it is most of
 * what axe measures. Soft: one run names every page that fails, not only the first.
 */
export async function expectAccessible(
  page: Page,
  state: string,
  { scope = 'page' }: { scope?: 'page' | 'content' } = {},
): Promise<void> {
  await settle(page);
  const builder = new AxeBuilder({ page });
  if (scope === 'content') builder.include('main');
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect.soft(serious.map(describe), `${state} (${new URL(page.url()).pathname})`).toEqual([]);
}
