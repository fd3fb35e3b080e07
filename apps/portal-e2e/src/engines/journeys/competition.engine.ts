import { demoClub } from '@fed/sandbox-fixtures';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayFromToday, typedDigits } from '../../support/clock';
import { test } from '../test';
import { expectFits, signInAs } from '../flows';

/** A poster as a person picks it from disk: a one-pixel PNG. */
function posterOnDisk(): string {
  const poster = join(mkdtempSync(join(tmpdir(), 'engines-poster-')), 'poster.png');
  writeFileSync(
    poster,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return poster;
}

/** The day `days` from today as the date mask shows it, DD.MM.YYYY. */
function shown(days: number): string {
  const { day, month, year } = dayFromToday(days);
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
}

test('a club creates a competition: dates typed in the masks, the venue from suggestions, a poster', async ({
  site,
  request,
}) => {
  const poster = posterOnDisk();
  await signInAs(site, request, demoClub.phone);
  await site.click({ role: 'link', name: 'Создать мероприятие' });
  await site.seePath('/profile/create-competition');

  // A different title every run, engine and width: the journey finds its own event afterwards.
  const title = `Кубок клуба ${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-6)}`;
  await site.type({ role: 'textbox', name: /^Название/ }, title);
  await site.type({ role: 'textbox', name: /Описание/ }, 'Открытые соревнования по ката.');
  // Digits only, as a person types them on a phone's keypad: the mask puts the points in.
  const dates: Array<[RegExp, number]> = [
    [/Дата начала/, 40],
    [/Дата окончания/, 41],
    [/Приём заявок до/, 30],
  ];
  for (const [name, days] of dates) {
    await site.type({ role: 'textbox', name }, typedDigits(dayFromToday(days)));
    await site.seeValue({ role: 'textbox', name }, shown(days));
  }
  await site.select({ role: 'combobox', name: /Уровень/ }, 'Городское');

  // The venue down to the house: the city, then one of its streets, then a house of it.
  const address = { role: 'combobox', name: /Адрес проведения/ };
  await site.type(address, 'Москва');
  await site.click({ role: 'option', name: 'г Москва' });
  await site.type(address, 'крыл');
  await site.click({ role: 'option', name: 'г Москва, ул Крылатская' });
  await site.click({ role: 'option', name: 'г Москва, ул Крылатская, д 16' });
  await site.seeValue(address, 'г Москва, ул Крылатская, д 16');
  await site.type({ role: 'textbox', name: /Количество мест/ }, '120');

  await site.setFile({ css: 'input[type=file]', within: { role: 'main' } }, poster);
  // Uploaded and checked by the api: the poster can be removed again.
  await site.see({ role: 'button', name: 'Удалить афишу' });

  const program = { role: 'group', name: 'Программа 1' };
  await site.select({ role: 'combobox', name: /Дисциплина/, within: program }, 'Ката');
  await site.select({ role: 'combobox', name: /Тип программы/, within: program }, 'Личная программа');
  await site.select({ role: 'combobox', name: /Пол/, within: program }, 'Все');
  await site.select({ role: 'combobox', name: /Возрастной класс/, within: program }, 'Кадеты 14–15 лет');
  await site.type({ role: 'textbox', name: /Взнос/, within: program }, '1500');
  await expectFits(site);

  await site.click({ role: 'button', name: 'Создать мероприятие' });
  await site.seePath('/profile/create-competition/success');
  await site.see({ role: 'heading', name: 'Мероприятие создано' });
  await site.see({ text: new RegExp(title) });
  await expectFits(site);
});
