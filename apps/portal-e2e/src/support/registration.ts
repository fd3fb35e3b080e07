import { expect, type Page } from '@playwright/test';
import { codeSentTo } from './sign-in';

/** A Russian number no demo account uses, different on every run and width. */
export function freshPhone(): string {
  const tail = String(Date.now() + Math.floor(Math.random() * 1000)).slice(-7);
  return `+7991${tail}`;
}

/** On the code step of a registration: the code from the outbox. */
export async function confirmCode(page: Page, phone: string): Promise<void> {
  await expect(page.getByText('Мы отправили код')).toBeVisible();
  await page.getByRole('textbox', { name: /Код подтверждения/ }).fill(await codeSentTo(page.request, phone));
}

export interface NewPerson {
  lastName: string;
  firstName: string;
  middleName: string;
}

/**
 * On /register: fills the form for `person` (a woman born on 2 February 2002 in Kazan) with `phone`, accepts both
 * agreements and confirms the code.
 */
export async function registerPerson(page: Page, phone: string, person: NewPerson): Promise<void> {
  await page.getByRole('textbox', { name: /Телефон/ }).fill(phone.slice(2));
  await page.getByRole('textbox', { name: /Фамилия/ }).fill(person.lastName);
  await page.getByRole('textbox', { name: /^Имя/ }).fill(person.firstName);
  await page.getByRole('textbox', { name: /Отчество/ }).fill(person.middleName);
  await page.getByRole('combobox', { name: /Город/ }).pressSequentially('Казан');
  await page
    .getByRole('option', { name: /Казань/ })
    .first()
    .click();
  await page.getByRole('radio', { name: 'Женский' }).check();
  await page.getByRole('textbox', { name: /Дата рождения/ }).pressSequentially('02022002');
  await page.getByRole('checkbox', { name: /пользовательское соглашение/ }).check();
  await page.getByRole('checkbox', { name: /соглашение спортсмена/ }).check();
  await page.getByRole('button', { name: 'Получить код' }).click();
  await confirmCode(page, phone);
}

/** A name of Cyrillic letters only (the spec's name pattern) that is new on every run: `base` and a suffix. */
export function freshName(base: string): string {
  const suffix = String(Date.now())
    .slice(-4)
    .replace(/\d/g, (digit) => 'абвгдежзик'[Number(digit)] ?? 'а');
  return `${base}${suffix}`;
}
