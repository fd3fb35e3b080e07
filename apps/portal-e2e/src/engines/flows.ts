import type { APIRequestContext } from '@playwright/test';
import { codeSentTo } from '../support/sign-in';
import { expect } from './test';
import type { EnginePage } from './page';

/**
 * The steps many cross-engine journeys share, as the Playwright journeys' `support/sign-in.ts` takes them; the
 * outbox, the twins' switches and the demo resets are that support code itself, with Playwright's `request`.
 */

/** Nothing runs off the side of the page (at a phone's width, the break engines differ on most). */
export async function expectFits(site: EnginePage): Promise<void> {
  expect(await site.sidewaysOverflow(), 'the page runs off its side by so many pixels').toBe(0);
}

/** Opens the side menu of the phone layout. */
export async function openMenu(site: EnginePage): Promise<void> {
  await site.click({ role: 'button', name: 'Открыть меню' });
  await site.see({ role: 'navigation', name: 'Меню' });
}

/** Signs in on /login (the page open) with a Russian phone through the masked field and the code from the outbox. */
export async function signIn(site: EnginePage, request: APIRequestContext, phone: string): Promise<void> {
  const field = { role: 'textbox', name: /Телефон/ };
  await site.type(field, phone.replace(/^\+7/, ''));
  // The mask shows what was typed as a Russian number.
  await site.seeValue(
    field,
    `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`,
  );
  await site.click({ role: 'button', name: 'Получить код' });
  await site.see({ text: /Мы отправили код/ });
  await site.type({ role: 'textbox', name: /Код подтверждения/ }, await codeSentTo(request, phone));
}

/** Opens /login and signs in; waits for the cabinet, or for the account choice of a family, then makes it. */
export async function signInAs(
  site: EnginePage,
  request: APIRequestContext,
  phone: string,
  account?: string,
): Promise<void> {
  await site.goto('/login');
  await signIn(site, request, phone);
  if (account) await chooseAccount(site, account);
  await site.seePath('/profile');
}

/** On the account choice: picks the athlete whose name has `name` in it, and waits until the choice is made. */
export async function chooseAccount(site: EnginePage, name: string): Promise<void> {
  // The choice's own title: the cabinet's account card has a 'Выберите аккаунт' of its own, not of level 1.
  const choice = { role: 'heading', level: 1, name: 'Выберите аккаунт' };
  await site.see(choice);
  await site.click({ role: 'button', name: 'Выбрать', within: { role: 'listitem', hasText: name } });
  await site.gone(choice);
}
