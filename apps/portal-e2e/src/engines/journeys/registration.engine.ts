import { dayFromToday } from '../../support/clock';
import { test } from '../test';
import { expectFits } from '../flows';
import { codeSentTo } from '../../support/sign-in';

/** A Russian number no demo account uses, different on every run, engine and width. */
function freshPhone(): string {
  return `+7992${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-7)}`;
}

test('a person registers: the masked phone (a slip taken back), address suggestions, «Нет отчества», a DD.MM.YYYY birthday', async ({
  site,
  request,
}) => {
  const phone = freshPhone();
  await site.goto('/register');
  await site.see({ role: 'heading', name: 'Регистрация спортсмена' });
  const phoneField = { role: 'textbox', name: /Телефон/ };
  // A slip mended as a person does: two digits too many, taken back with Backspace, the mask's brackets in between.
  await site.type(phoneField, `${phone.slice(2, 6)}00`);
  await site.seeValue(phoneField, `(${phone.slice(2, 5)}) ${phone.slice(5, 6)}00-__-__`);
  await site.press('Backspace');
  await site.press('Backspace');
  await site.press('Backspace');
  await site.press('Backspace');
  await site.seeValue(phoneField, `(${phone.slice(2, 4)}_) ___-__-__`);
  await site.type(phoneField, phone.slice(4));
  await site.seeValue(
    phoneField,
    `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`,
  );
  await site.type({ role: 'textbox', name: /Фамилия/ }, 'Орлова');
  await site.type({ role: 'textbox', name: /^Имя/ }, 'Дарья');
  await site.click({ role: 'checkbox', name: 'Нет отчества' });
  await site.until(
    'the middle name to be emptied and shut',
    `const el = window.__e2e.find(arguments[0]); return !!el && el.disabled && el.value === '';`,
    [{ role: 'textbox', name: { source: 'Отчество', flags: '' }, hidden: true }],
  );
  await site.type({ role: 'combobox', name: /Город/ }, 'Казан');
  await site.click({ role: 'option', name: /Казань/ });
  await site.click({ role: 'radio', name: 'Женский' });
  // Twenty years ago today, typed as digits: the mask puts the points in.
  const born = dayFromToday(-365 * 20 - 5);
  const pad = (value: number) => String(value).padStart(2, '0');
  const birthday = { role: 'textbox', name: /Дата рождения/ };
  await site.type(birthday, `${pad(born.day)}${pad(born.month)}${born.year}`);
  await site.seeValue(birthday, `${pad(born.day)}.${pad(born.month)}.${born.year}`);
  await site.click({ role: 'checkbox', name: /пользовательское соглашение/ });
  await site.click({ role: 'checkbox', name: /соглашение спортсмена/ });
  await expectFits(site);
  await site.click({ role: 'button', name: 'Получить код' });
  await site.see({ text: /Мы отправили код/ });
  await site.type({ role: 'textbox', name: /Код подтверждения/ }, await codeSentTo(request, phone));
  await site.seePath('/profile');
  await site.see({ role: 'heading', level: 1, name: 'Личный кабинет' });
  await expectFits(site);
});
