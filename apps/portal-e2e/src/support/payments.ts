import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { platformApp } from './platform';
import { lastMinuteOfDay } from './clock';

/**
 * The payment side of a journey: the YooKassa twin's card page as the payer uses it, the twin's test switches
 * with the run's shop key (E2E_YOOKASSA_SECRET_KEY), and the platform's staff putting an athlete back the way
 * the demo federation has them (the run's E2E_PLATFORM_TOKEN), so journeys at both widths start alike.
 */

/** YooKassa's own test card, which pays; and one the twin declines for insufficient funds. */
export const PAYING_CARD = '5555 5555 5555 4477';
export const DECLINED_CARD = '5555 5555 5555 4444';

/** The twin's shop: its id in a sandbox and this run's key. */
function shopAuth(): string {
  const key = process.env['E2E_YOOKASSA_SECRET_KEY'] ?? '';
  return `Basic ${Buffer.from(`100500:${key}`).toString('base64')}`;
}

/** The payment the twin's card page at `url` is for. */
export function paymentIdOf(url: string): string {
  const id = /\/sandbox\/yookassa\/checkout\/([^/?#]+)/.exec(url)?.[1];
  if (!id) throw new Error(`not the twin's card page: ${url}`);
  return decodeURIComponent(id);
}

/** On the twin's card page: enters a card and pays; the page answers and returns to the portal by itself. */
export async function payByCard(page: Page, card = PAYING_CARD): Promise<string> {
  await expect(page).toHaveURL(/\/sandbox\/yookassa\/checkout\//);
  const paymentId = paymentIdOf(page.url());
  await expect(page.getByRole('heading', { name: 'Оплата банковской картой' })).toBeVisible();
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок действия').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('status')).toBeVisible();
  return paymentId;
}

/** The payer's time on the card page runs out now (as after an hour): the twin cancels the payment. */
export async function expirePayment(request: APIRequestContext, paymentId: string): Promise<void> {
  const answer = await request.post('/sandbox/yookassa/control/expire', {
    headers: { Authorization: shopAuth() },
    data: { paymentId },
  });
  if (!answer.ok()) throw new Error(`the twin answered ${answer.status()}: ${await answer.text()}`);
}

/** A payment as the provider has it now (its status and the sum refunded, YooKassa's own shape). */
export async function providerPayment(
  request: APIRequestContext,
  paymentId: string,
): Promise<{ status: string; refunded_amount?: { value: string } }> {
  const answer = await request.get(`/sandbox/yookassa/v3/payments/${encodeURIComponent(paymentId)}`, {
    headers: { Authorization: shopAuth() },
  });
  if (!answer.ok()) throw new Error(`the twin answered ${answer.status()}`);
  return (await answer.json()) as { status: string; refunded_amount?: { value: string } };
}

type Listed = { result: { result: Array<{ __id: string; requestState?: string; competition?: string[] }> } };

/**
 * Puts an athlete back as the demo federation has them before a journey (and after it, for the journeys that
 * follow): every membership term ended `daysAgo` days ago, when given, and no live application to `events`.
 */
export async function resetAthlete(
  request: APIRequestContext,
  sportsmanId: string,
  { membershipEndedDaysAgo, events }: { membershipEndedDaysAgo?: number; events: readonly string[] },
): Promise<void> {
  if (membershipEndedDaysAgo !== undefined) {
    const ended = lastMinuteOfDay(-membershipEndedDaysAgo);
    const memberships = (await platformApp(request, 'memberships/list', {
      filter: { tf: { sportsman: sportsmanId } },
      size: 100,
    })) as Listed;
    for (const membership of memberships.result.result) {
      await platformApp(request, `memberships/${membership.__id}/update`, {
        context: { valid_until: ended.toISOString() },
      });
    }
  }
  const requests = (await platformApp(request, 'requests/list', {
    filter: { tf: { sportsman: sportsmanId } },
    size: 100,
  })) as Listed;
  for (const entry of requests.result.result) {
    const live = ['new', 'under_review', 'returned', 'approved', 'paid'].includes(entry.requestState ?? '');
    if (live && entry.competition?.some((id) => events.includes(id))) {
      // A request under review cannot be withdrawn (the platform's transitions): the staff reject it.
      const context =
        entry.requestState === 'under_review'
          ? { requestState: 'rejected', reason: 'Снята перед проверкой' }
          : { requestState: 'cancelled' };
      await platformApp(request, `requests/${entry.__id}/update`, { context });
    }
  }
}
