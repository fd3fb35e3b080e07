import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The newest confirmation code the sandbox SMS outbox holds for a phone (E.164): the newest message that is a
 * code, since a notice sent by SMS (a refund, a returned application) may arrive after it.
 */
export async function codeSentTo(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/sandbox/sms?phone=${encodeURIComponent(phone)}&limit=5`);
      if (!answer.ok()) return undefined;
      const { messages } = (await answer.json()) as { messages: { text: string; code: string | null }[] };
      code = messages.find((message) => message.text.startsWith('Код подтверждения'))?.code ?? undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** Signs in on /login with a Russian phone (+7 and ten digits) and the code from the outbox. */
export async function signIn(page: Page, phone: string): Promise<void> {
  await page.getByRole('textbox', { name: /Телефон/ }).fill(phone.replace(/^\+7/, ''));
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Мы отправили код')).toBeVisible();
  await page.getByRole('textbox', { name: /Код подтверждения/ }).fill(await codeSentTo(page.request, phone));
}

/**
 * On the account choice after a family's sign-in: picks the athlete whose name contains `name`, and waits until the
 * choice is made (the switch answered, the page moved on), so that a navigation right after cannot cut it short.
 */
export async function chooseAccount(page: Page, name: string): Promise<void> {
  // The choice's own title: the cabinet's account menu has a 'Выберите аккаунт' of its own (level 2).
  const choice = page.getByRole('heading', { level: 1, name: 'Выберите аккаунт' });
  await expect(choice).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Выбрать' }).click();
  await expect(choice).toBeHidden();
}

/** Switches the signed-in family to another of its athletes through the side menu or the user dropdown. */
export async function switchAccount(page: Page, name: string): Promise<void> {
  const wide = (page.viewportSize()?.width ?? 0) >= 1024;
  if (wide) {
    await page.getByRole('button', { name: /Меню аккаунта/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  } else {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page
      .getByRole('complementary', { name: 'Боковое меню' })
      .getByRole('button', { name: new RegExp(`Выбрать: .*${name}`) })
      .click();
  }
  await expect(page).toHaveURL('/profile');
}
